// Compile phase 3, schedule: the units (unit.ts), the edges between them — links, plus the implicit
// owner edges: an owner's pre → stack → final, a parent's final → a child's pre, Owner In/Out and
// IK chains around the owners they read and write — and their order (Blender's order of
// constraint owners, graph/schedule.ts).
import { scheduleIndices, type IndexSchedule } from '../../graph/schedule';
import { parentOwnerOf, type RigOwner } from '../rig/rig';
import type { Owners } from './build-owners';
import type { CompiledNode } from './compiled-node';
import type { Problems } from './errors';
import { lateMembers, type BoneParentLookup, type IkSequence, type IkTreeGroup } from './ik-trees';
import type { ResolvedGraph } from './resolve-nodes';
import { UnitTable, type UnitId } from './unit';

export interface Schedule {
  units: UnitTable;
  /** Edge e: unit `to[e]` reads what unit `from[e]` writes. */
  from: Int32Array;
  to: Int32Array;
  order: IndexSchedule['order'];
  cycles: IndexSchedule['cycles'];
  /** Per owner index: its Owner Out nodes (one at most once compiled). */
  stackWriters: CompiledNode[][];
  /** Per owner index: the IK-style nodes whose chains it is in (a bone can be in several: two Spline IKs down one root). */
  chainsOf: CompiledNode[][];
  /** The roots' IK trees in sequence that this order does not solve one after the other as Blender does. */
  unfollowed: IkSequence[];
}

export interface ScheduleInputs {
  resolved: ResolvedGraph;
  owners: Owners;
  stackOwner: (c: CompiledNode) => RigOwner | undefined;
  /** The owner behind an input, when it comes straight from an owner node. */
  sourceOwner: (c: CompiledNode, input: string) => RigOwner | undefined;
  treeOf: ReadonlyMap<CompiledNode, IkTreeGroup>;
  boneParent: BoneParentLookup;
  sequences: readonly IkSequence[];
}

export function scheduleUnits(inputs: ScheduleInputs, problems: Problems): Schedule {
  const { resolved: { compiled, live }, owners } = inputs;
  const units = new UnitTable(owners.owners.map((o) => o.id), live.map((c) => c.node.id));
  live.forEach((c, j) => { c.unit = units.node(j); });
  const from: number[] = [];
  const to: number[] = [];
  /** Edges where a cycle is broken first (an Owner read's `breaksCycle`). */
  const breaks: number[] = [];
  const edge = (a: UnitId, b: UnitId, breaksCycle = false) => {
    if (breaksCycle) breaks.push(from.length);
    from.push(a);
    to.push(b);
  };
  for (const c of live) {
    for (const src of c.sources.values()) edge(compiled[src[0]]!.unit, c.unit);
    for (const src of c.drivenParams.values()) edge(compiled[src[0]]!.unit, c.unit);
  }
  for (const g of new Set(inputs.treeOf.values())) {
    for (const m of lateMembers(g, inputs.stackOwner)) {
      for (const [input, src] of m.sources) if (input !== 'owner') edge(compiled[src[0]]!.unit, g.leader.unit);
    }
  }
  const { stackWriters, chainsOf } = ownerNodeEdges(inputs, units, edge);
  owners.owners.forEach((o, i) => {
    const writers = stackWriters[i];
    if (writers.length > 1) {
      problems.errors.push({ code: 'two-writers', pointer: `/nodes/${writers[1].index}`, nodeId: writers[1].node.id, message: `owner "${o.id}" has more than one Owner Out node ("${writers[0].node.id}", "${writers[1].node.id}")` });
    }
  });
  problems.failIfAny();
  const inSequence = sequenceEdges(inputs, units, edge);
  owners.owners.forEach((o, i) => {
    edge(units.pre(i), units.stack(i));
    edge(units.stack(i), units.final(i));
    // A vertex parent's points deformed by an armature: after the armature and its bones.
    if (o.kind === 'object') for (const r of o.readsBeforePre) edge(units.final(owners.index.get(r)!), units.pre(i));
    const p = parentOwnerOf(o);
    if (!p) return;
    const pi = owners.index.get(p)!;
    // A bone that joins a root's trees in a later tree than its parent starts from the parent as the
    // trees before it left it (Blender evaluates it when its tree's turn comes): after the last
    // tree's solver, and after the parent's stack (where a tree's solved tip reaches its matrix).
    // Not when that solver is in the bone's own stack (use_tail off: it solves the chain above the
    // bone and carries the bone from the solved parent itself, carried-owner.ts).
    const at = inSequence.get(i), parentAt = inSequence.get(pi);
    const before = at && at.tree > 0 ? at.sequence.solvers[at.tree - 1]! : undefined;
    if (at && parentAt && before && at.sequence === parentAt.sequence && at.tree > parentAt.tree && inputs.stackOwner(before) !== o) {
      edge(before.unit, units.pre(i));
      edge(units.stack(pi), units.pre(i));
      return;
    }
    // Inside one IK chain a child starts from its parent's pre-IK (stack) matrix; the solver moves both
    // after. Any chain holding both counts, whichever node came last in the file.
    const sameChain = chainsOf[i].some((c) => chainsOf[pi].includes(c)) || (at !== undefined && at.sequence === parentAt?.sequence);
    edge(sameChain ? units.stack(pi) : units.final(pi), units.pre(i));
  });
  const edgeFrom = Int32Array.from(from);
  const edgeTo = Int32Array.from(to);
  const breakFlags = breaks.length ? new Uint8Array(from.length) : undefined;
  for (const e of breaks) breakFlags![e] = 1;
  const { order, cycles } = scheduleIndices(units.count, edgeFrom, edgeTo, breakFlags);
  return { units, from: edgeFrom, to: edgeTo, order, cycles, stackWriters, chainsOf, unfollowed: unfollowedSequences(inputs.sequences, order, cycles) };
}

/**
 * Blender's trees of one root, solved one after the other: each tree's solver after the last one's.
 * Returns, per bone of the trees (owner index), its root's sequence and the first tree it is in.
 * Sequences with a tree no node can lead are left to the usual edges (and reported).
 */
function sequenceEdges({ sequences, owners }: ScheduleInputs, units: UnitTable, edge: (a: UnitId, b: UnitId) => void): Map<number, { sequence: IkSequence; tree: number }> {
  const first = new Map<number, { sequence: IkSequence; tree: number }>();
  for (const sequence of sequences) {
    if (sequence.solvers.some((s) => s === undefined)) continue;
    sequence.trees.forEach((tree, k) => {
      if (k > 0) edge(sequence.solvers[k - 1]!.unit, sequence.solvers[k]!.unit);
      for (const id of tree.bones) {
        const b = owners.byId.get(id);
        const i = b && owners.index.get(b);
        if (i !== undefined && !first.has(i)) first.set(i, { sequence, tree: k });
      }
    });
  }
  return first;
}

/** The sequences whose solvers the order does not run one after the other (a tree no node leads, or a cycle through them). */
function unfollowedSequences(sequences: readonly IkSequence[], order: Int32Array, cycles: readonly number[][]): IkSequence[] {
  const position = new Int32Array(order.length);
  order.forEach((u, k) => { position[u] = k; });
  const inCycle = new Set(cycles.flat());
  return sequences.filter((s) => s.solvers.some((c, k) => c === undefined || inCycle.has(c.unit) || (k > 0 && position[s.solvers[k - 1]!.unit] > position[c.unit])));
}

/** The edges between owner nodes (and IK chains) and the owner units they read or write. */
function ownerNodeEdges(inputs: ScheduleInputs, units: UnitTable, edge: (a: UnitId, b: UnitId, breaksCycle?: boolean) => void): Pick<Schedule, 'stackWriters' | 'chainsOf'> {
  const { resolved: { live }, owners, stackOwner, sourceOwner, treeOf, boneParent } = inputs;
  const at = (o: RigOwner) => owners.index.get(o)!;
  const stackWriters: CompiledNode[][] = owners.owners.map(() => []);
  const chainsOf: CompiledNode[][] = owners.owners.map(() => []);
  for (const c of live) {
    const o = c.owner;
    const role = c.def.owner?.role;
    if (o && role === 'pre') edge(units.pre(at(o)), c.unit);
    if (o && role === 'read') edge(units.final(at(o)), c.unit, c.params.breaksCycle === true);
    // Reads the mesh as its armature deforms it: after the armature and the deforming bones.
    if (o?.kind === 'object' && role === 'read' && c.def.owner?.deformedMesh) for (const r of o.deformers) edge(units.final(at(r)), c.unit);
    // Reads a target's geometry as other owners move it (a skinned mesh's surface, a hooked curve's path): after them.
    const movedInput = c.def.constraint?.deformedTargetOf;
    const moved = movedInput ? sourceOwner(c, movedInput) : undefined;
    if (moved?.kind === 'object' && (moved.meshSurface || moved.curve?.hooked)) for (const r of moved.deformers) edge(units.final(at(r)), c.unit);
    // Writes a setting what reads the owner uses: before its pre step, so before anything reads it.
    if (o && role === 'setting') edge(c.unit, units.pre(at(o)));
    if (o && role === 'basis') {
      // Sets the owner's own transform: before its pre step builds the matrix from it (an action of
      // the owner plays in the node itself: build-owners.ts).
      edge(c.unit, units.pre(at(o)));
    }
    if (o && role === 'write') {
      edge(c.unit, units.stack(at(o)));
      stackWriters[at(o)].push(c);
      c.written.push(o);
    }
    if (c.def.writes) {
      const tip = stackOwner(c);
      const g = treeOf.get(c);
      const chain = !g ? c.def.writes(c.params, boneParent, tip?.id) : g.leader === c ? g.tree.bones.filter((id) => id !== tip?.id) : [];
      if (tip && (!g || g.leader === c)) chainsOf[at(tip)].push(c);
      for (const id of chain) {
        const b = owners.byId.get(id);
        if (!b) continue;
        chainsOf[at(b)].push(c);
        c.written.push(b);
        edge(units.stack(at(b)), c.unit);
        edge(c.unit, units.final(at(b)));
      }
    }
  }
  return { stackWriters, chainsOf };
}
