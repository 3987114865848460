// Compile phase 3, schedule: the units (unit.ts), the edges between them — links, plus the implicit
// owner edges: an owner's pre → stack → final, a parent's final → a child's pre, Owner In/Out and
// IK chains around the owners they read and write — and their order (Blender's order of
// constraint owners, graph/schedule.ts).
import { scheduleIndices, type IndexSchedule } from '../../graph/schedule';
import { parentOwnerOf, type RigOwner } from '../rig/rig';
import type { Owners } from './build-owners';
import type { CompiledNode } from './compiled-node';
import type { Problems } from './errors';
import { lateMembers, type BoneParentLookup, type IkTreeGroup } from './ik-trees';
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
  /** Per owner index: the IK-style node whose chain it is in, if any. */
  chainOf: (CompiledNode | undefined)[];
}

export interface ScheduleInputs {
  resolved: ResolvedGraph;
  owners: Owners;
  stackOwner: (c: CompiledNode) => RigOwner | undefined;
  treeOf: ReadonlyMap<CompiledNode, IkTreeGroup>;
  boneParent: BoneParentLookup;
}

export function scheduleUnits(inputs: ScheduleInputs, problems: Problems): Schedule {
  const { resolved: { compiled, live }, owners } = inputs;
  const units = new UnitTable(owners.owners.map((o) => o.id), live.map((c) => c.node.id));
  live.forEach((c, j) => { c.unit = units.node(j); });
  const from: number[] = [];
  const to: number[] = [];
  const edge = (a: UnitId, b: UnitId) => { from.push(a); to.push(b); };
  for (const c of live) {
    for (const src of c.sources.values()) edge(compiled[src[0]]!.unit, c.unit);
    for (const src of c.drivenParams.values()) edge(compiled[src[0]]!.unit, c.unit);
  }
  for (const g of new Set(inputs.treeOf.values())) {
    for (const m of lateMembers(g, inputs.stackOwner)) {
      for (const [input, src] of m.sources) if (input !== 'owner') edge(compiled[src[0]]!.unit, g.leader.unit);
    }
  }
  const { stackWriters, chainOf } = ownerNodeEdges(inputs, units, edge, problems);
  owners.owners.forEach((o, i) => {
    const writers = stackWriters[i];
    if (writers.length > 1) {
      problems.errors.push({ code: 'two-writers', pointer: `/nodes/${writers[1].index}`, nodeId: writers[1].node.id, message: `owner "${o.id}" has more than one Owner Out node ("${writers[0].node.id}", "${writers[1].node.id}")` });
    }
  });
  problems.failIfAny();
  owners.owners.forEach((o, i) => {
    edge(units.pre(i), units.stack(i));
    edge(units.stack(i), units.final(i));
    const p = parentOwnerOf(o);
    if (!p) return;
    // Inside one IK chain a child starts from its parent's pre-IK (stack) matrix; the solver moves both after.
    const pi = owners.index.get(p)!;
    const sameChain = chainOf[i] !== undefined && chainOf[i] === chainOf[pi];
    edge(sameChain ? units.stack(pi) : units.final(pi), units.pre(i));
  });
  const edgeFrom = Int32Array.from(from);
  const edgeTo = Int32Array.from(to);
  const { order, cycles } = scheduleIndices(units.count, edgeFrom, edgeTo);
  return { units, from: edgeFrom, to: edgeTo, order, cycles, stackWriters, chainOf };
}

/** The edges between owner nodes (and IK chains) and the owner units they read or write. */
function ownerNodeEdges(inputs: ScheduleInputs, units: UnitTable, edge: (a: UnitId, b: UnitId) => void, { errors }: Problems): Pick<Schedule, 'stackWriters' | 'chainOf'> {
  const { resolved: { live }, owners, stackOwner, treeOf, boneParent } = inputs;
  const at = (o: RigOwner) => owners.index.get(o)!;
  const stackWriters: CompiledNode[][] = owners.owners.map(() => []);
  const chainOf = new Array<CompiledNode | undefined>(owners.owners.length);
  for (const c of live) {
    const o = c.owner;
    const role = c.def.owner?.role;
    if (o && role === 'pre') edge(units.pre(at(o)), c.unit);
    if (o && role === 'read') edge(units.final(at(o)), c.unit);
    if (o && role === 'basis') {
      // Sets the owner's own transform: before its pre step builds the matrix from it. An action
      // rewrites the basis inside that step, so the two cannot both hold the owner.
      edge(c.unit, units.pre(at(o)));
      if (owners.poseSources.has(o)) errors.push({ code: 'two-pose-sources', pointer: `/nodes/${c.index}`, nodeId: c.node.id, message: `owner "${o.id}" is animated and also has its channels set by node "${c.node.id}"; Sinew cannot combine an action with driven channels yet` });
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
      if (tip && (!g || g.leader === c)) chainOf[at(tip)] = c;
      for (const id of chain) {
        const b = owners.byId.get(id);
        if (!b) continue;
        chainOf[at(b)] = c;
        c.written.push(b);
        edge(units.stack(at(b)), c.unit);
        edge(c.unit, units.final(at(b)));
      }
    }
  }
  return { stackWriters, chainOf };
}
