// compile(graph, scene) → Program: checks links and types, builds the owners, schedules node and
// owner units (Blender's order of constraint owners) and binds every kernel to slot views.
import { flattenGroups, FlattenError } from '../../graph/flatten';
import { scheduleIndices } from '../../graph/schedule';
import type { GraphDocument, GraphError, GraphNode, JsonValue } from '../../graph/types';
import { defaultCatalog, type NodeCatalog } from '../../nodes/catalog';
import { instanceDefinition, variadicCount, type IkShadowBinding, type IkTreeBinding, type KernelIO, type NodeDefinition, type OwnerHandle, type Params, type StateTraits } from '../../nodes/define';
import { groupIkTrees, type IkTree } from '../../nodes/constraints/ik/tree-group';
import { animateOwner, buildAnimation } from '../rig/animation';
import { buildClipPlayback, playTrack } from '../rig/clip-playback';
import { NodeBindEnv, type BindContext } from './bind-env';
import { constraintStep } from './constraint-step';
import { CompileFailure } from './errors';
import { computePre } from '../rig/pose';
import { Program, type NodeControl, type NodeState, type ProgramWarning, type Step } from './program';
import { buildRig, parentOwnerOf, SceneError, type RigOwner } from '../rig/rig';
import type { SceneDocument } from '../rig/scene/types';
import { SlotAllocator, SOCKET_SIZE } from './slots';

interface CompiledNode {
  index: number;
  node: GraphNode;
  def: NodeDefinition<unknown>;
  params: Params;
  io: KernelIO;
  /** Input name → [source node index, output name]. */
  sources: Map<string, [number, string]>;
  /** Unconnected inputs' value slots, for `Program.setParam`. */
  constants: NodeControl['constants'];
  /** Required inputs left unconnected: the node is inactive. */
  missing: string[];
  /** The owner its owner param names (owner nodes). */
  owner?: RigOwner;
  /** The owner whose stack it is in, once worked out. */
  stackOwner?: RigOwner;
  stackOwnerKnown: boolean;
  /** Its schedule unit (an index into the units). */
  unit: number;
  /** Owners whose final matrix it writes besides its outputs (Owner Out, IK chains). */
  written: RigOwner[];
  /** A stateful node's state slots, allocated once (a rebind keeps them). */
  state?: NodeState;
}

export interface CompileOptions {
  catalog?: NodeCatalog;
}

/** Compiles a graph over a scene. Throws CompileFailure listing every problem found. */
export function compile(grouped: GraphDocument, scene: SceneDocument, options: CompileOptions = {}): Program {
  // Groups compile away first: what runs is the flat graph, so a group costs nothing of its own.
  const graph = flatGraph(grouped);
  const catalog = options.catalog ?? defaultCatalog;
  const errors: GraphError[] = [];
  const warnings: ProgramWarning[] = [];
  const fail = (): never => { throw new CompileFailure(errors); };

  // 1. Node kinds. Unknown kinds are kept in the file but not evaluated.
  const compiled: (CompiledNode | undefined)[] = graph.nodes.map((node, index) => {
    const kind = catalog.get(node.type);
    if (!kind) {
      warnings.push({ code: 'unknown-node-type', pointer: `/nodes/${index}/type`, nodeId: node.id, message: `node "${node.id}" has type "${node.type}", which this version of Sinew does not know; it is kept but not evaluated` });
      return undefined;
    }
    // A variadic node (Armature) compiles with the inputs its count param gives it, no more.
    const def = instanceDefinition(kind, node.params);
    const v = kind.variadic;
    if (v && Object.hasOwn(node.params, v.param) && node.params[v.param] !== variadicCount(kind, node.params)) {
      const spec = kind.params[v.param];
      const range = spec.kind === 'int' ? ` (a whole number from ${spec.min ?? 0} to ${spec.max ?? 'any'})` : '';
      errors.push({ code: 'bad-param', pointer: `/nodes/${index}/params/${v.param}`, nodeId: node.id, message: `node "${node.id}" (${kind.label}) param "${v.param}" is ${JSON.stringify(node.params[v.param])}; it must be a count${range}` });
    }
    return { index, node, def, params: resolveParams(def, node.params), io: { in: {}, out: {} }, sources: new Map(), constants: {}, missing: [], stackOwnerKnown: false, unit: -1, written: [] };
  });
  const byId = new Map<string, number>();
  graph.nodes.forEach((n, i) => {
    if (byId.has(n.id)) errors.push({ code: 'duplicate-id', pointer: `/nodes/${i}/id`, nodeId: n.id, message: `node id "${n.id}" is used twice` });
    else byId.set(n.id, i);
  });

  // 2. Links: ends must exist and socket types must match.
  graph.links.forEach((link, li) => {
    const fi = byId.get(link.from.node);
    const ti = byId.get(link.to.node);
    const at = `/links/${li}`;
    if (fi === undefined) return void errors.push({ code: 'dangling-link', pointer: `${at}/from/node`, message: `link ${li} starts at node "${link.from.node}", which is not in the graph` });
    if (ti === undefined) return void errors.push({ code: 'dangling-link', pointer: `${at}/to/node`, message: `link ${li} ends at node "${link.to.node}", which is not in the graph` });
    const from = compiled[fi];
    const to = compiled[ti];
    if (!from || !to) return; // an unknown node: its links are kept, not evaluated
    const out = from.def.outputs[link.from.socket];
    const inp = to.def.inputs[link.to.socket];
    if (!out) return void errors.push({ code: 'missing-socket', pointer: `${at}/from/socket`, nodeId: from.node.id, message: `node "${from.node.id}" (${from.def.label}) has no output "${link.from.socket}"` });
    if (!inp) {
      const v = to.def.variadic;
      const beyond = v && v.itemOf(link.to.socket) > 0 ? ` (its ${v.param} param is ${String(to.params[v.param])}; raise it to use this input)` : '';
      return void errors.push({ code: 'missing-socket', pointer: `${at}/to/socket`, nodeId: to.node.id, message: `node "${to.node.id}" (${to.def.label}) has no input "${link.to.socket}"${beyond}` });
    }
    if (out.type !== inp.type) {
      return void errors.push({ code: 'type-mismatch', pointer: at, nodeId: to.node.id, message: `node "${to.node.id}" input "${link.to.socket}" takes a ${inp.type}, but "${from.node.id}" output "${link.from.socket}" gives a ${out.type}` });
    }
    if (to.sources.has(link.to.socket)) {
      return void errors.push({ code: 'duplicate-link', pointer: at, nodeId: to.node.id, message: `node "${to.node.id}" input "${link.to.socket}" has more than one link` });
    }
    to.sources.set(link.to.socket, [fi, link.from.socket]);
  });
  if (errors.length) fail();
  for (const c of compiled) {
    if (c) for (const name in c.def.inputs) if (c.def.inputs[name].required && !c.sources.has(name)) c.missing.push(name);
  }

  // 3. Owners and slot views.
  let rig: ReturnType<typeof buildRig>;
  const slots = new SlotAllocator(capacity(scene, compiled));
  try {
    rig = buildRig(scene, (n) => slots.alloc(n));
  } catch (e) {
    if (e instanceof SceneError) {
      errors.push({ code: 'bad-scene', pointer: `/scene${e.pointer}`, message: e.message });
      return fail();
    }
    throw e;
  }
  const frame = slots.alloc(1);
  // Pose sources: what writes an owner's basis at each frame before its pre step (actions, then the playing clip).
  const poseSources = new Map<RigOwner, (() => void)[]>();
  const addPoseSource = (o: RigOwner, apply: () => void) => poseSources.set(o, [...(poseSources.get(o) ?? []), apply]);
  for (const a of buildAnimation(scene, rig.owners, rig.byId, warnings)) addPoseSource(a.owner, () => animateOwner(a, frame));
  for (const t of buildClipPlayback(scene, rig.owners, rig.byId, warnings)) {
    if (poseSources.has(t.owner)) warnings.push({ code: 'two-pose-sources', pointer: '/scene/playback', message: `owner "${t.owner.id}" has an action and a clip track; the clip is applied after the action` });
    addPoseSource(t.owner, () => playTrack(t, frame));
  }
  const live = compiled.filter((c): c is CompiledNode => c !== undefined);
  for (const c of live) {
    for (const [name, spec] of Object.entries(c.def.outputs)) c.io.out[name] = slots.alloc(SOCKET_SIZE[spec.type]);
  }
  for (const c of live) {
    for (const [name, spec] of Object.entries(c.def.inputs)) {
      const src = c.sources.get(name);
      if (src) c.io.in[name] = compiled[src[0]]!.io.out[src[1]];
      else c.constants[name] = { type: spec.type, slot: (c.io.in[name] = constantSlot(slots, spec.type, c.params[name])) };
    }
  }

  // 4. Which owner each node touches, and whose stack it is in.
  for (const c of live) {
    if (!c.def.owner) continue;
    const id = String(c.params[c.def.owner.param] ?? '');
    const o = rig.byId.get(id);
    if (!o) errors.push({ code: 'missing-owner', pointer: `/nodes/${c.index}/params/${c.def.owner.param}`, nodeId: c.node.id, message: id ? `node "${c.node.id}" names owner "${id}", which is not in the scene` : `node "${c.node.id}" names no owner` });
    else c.owner = o;
  }
  if (errors.length) fail();
  const stackOwner = (c: CompiledNode, depth = 0): RigOwner | undefined => {
    if (c.stackOwnerKnown) return c.stackOwner;
    let o: RigOwner | undefined;
    if (c.def.owner?.role === 'pre') o = c.owner;
    else {
      // Follow the stack upstream: the `owner` input, else the first wired transform input
      // (so a math node placed inside a stack keeps the stack's owner).
      const firstTransform = Object.entries(c.def.inputs).find(([n, s]) => s.type === 'transform' && c.sources.has(n))?.[0];
      const src = c.sources.get('owner') ?? (firstTransform ? c.sources.get(firstTransform) : undefined);
      const up = src && compiled[src[0]];
      if (up && depth < live.length) o = stackOwner(up, depth + 1);
    }
    c.stackOwnerKnown = true;
    c.stackOwner = o;
    return o;
  };
  const sourceOwner = (c: CompiledNode, input: string): RigOwner | undefined => {
    const src = c.sources.get(input);
    const up = src && compiled[src[0]];
    return up && (up.def.owner?.role === 'read' || up.def.owner?.role === 'pre') ? up.owner : undefined;
  };

  // 5. Units and edges: links, plus the implicit owner edges. Units are numbered for the scheduler:
  // owner i has pre 3i, stack 3i + 1 and final 3i + 2; live node j is 3·owners + j.
  const owners = rig.owners;
  const ownerIndex = new Map<RigOwner, number>();
  const units: string[] = new Array<string>(3 * owners.length + live.length);
  owners.forEach((o, i) => {
    ownerIndex.set(o, i);
    units[3 * i] = `pre:${o.id}`;
    units[3 * i + 1] = `stack:${o.id}`;
    units[3 * i + 2] = `final:${o.id}`;
  });
  const preUnit = (o: RigOwner) => 3 * ownerIndex.get(o)!;
  live.forEach((c, j) => {
    c.unit = 3 * owners.length + j;
    units[c.unit] = `node:${c.node.id}`;
  });
  const from: number[] = [];
  const to: number[] = [];
  const edge = (a: number, b: number) => { from.push(a); to.push(b); };
  for (const c of live) for (const src of c.sources.values()) edge(compiled[src[0]]!.unit, c.unit);

  const boneParentId = (id: string) => {
    const r = rig.byId.get(id);
    return r && { parent: parentOwnerOf(r)?.kind === 'bone' ? parentOwnerOf(r)!.id : undefined };
  };
  // Blender's IK trees: chains that share a root are solved at once by one of their nodes, the
  // leader, which writes every tree bone; the others pass their owner through (tree-group.ts). The
  // leader is a tip no tree bone hangs from, so its stack can wait for every other tree bone's.
  const treeOf = new Map<CompiledNode, { tree: IkTree; leader: CompiledNode; nodes: CompiledNode[] }>();
  const shadowOf = new Map<CompiledNode, IkShadowBinding>();
  {
    const candidates = live.filter((c) => c.def.writes && c.def.ikTree?.(c.params) && stackOwner(c)?.kind === 'bone');
    candidates.sort((a, b) => ownerIndex.get(stackOwner(a)!)! - ownerIndex.get(stackOwner(b)!)! || a.index - b.index);
    // Blender takes a bone's first IK with a target (initialize_posetree); a later one is shadowed
    // by it (IkShadowBinding) and joins no tree.
    const joining = candidates.filter((c, k) => {
      const earlier = candidates.filter((e, j) => j < k && stackOwner(e) === stackOwner(c) && e.sources.has('target'));
      if (earlier.length) shadowOf.set(c, { role: 'shadowed', earlier: earlier.map((e) => e.io.in) });
      return earlier.length === 0;
    });
    const byNode = new Map(joining.map((c) => [c.node.id, c]));
    const refs = joining.map((c) => {
      const t = c.def.ikTree!(c.params)!, tip = stackOwner(c)!.id;
      const above = c.def.writes!(c.params, boneParentId, tip);
      return { node: c.node.id, bones: t.tipInChain === false ? above : [...above, tip], iterations: t.iterations, stretch: t.stretch };
    });
    const ownerId = (t: { node: string }) => stackOwner(byNode.get(t.node)!)!.id;
    for (const tree of groupIkTrees(refs)) {
      if (tree.targets.length < 2) continue;
      const parents = new Set(tree.parent);
      // A use_tail-off chain's owner hangs below the tree: it can lead too (its stack waits for the
      // tree bones' stacks like a tip's), when no chain tip can.
      const lead = [...tree.targets].reverse().find((t) => !parents.has(t.tip) && tree.bones[t.tip] === ownerId(t))
        ?? [...tree.targets].reverse().find((t) => !tree.bones.includes(ownerId(t)));
      if (!lead) continue;
      const g = { tree, leader: byNode.get(lead.node)!, nodes: tree.targets.map((t) => byNode.get(t.node)!) };
      for (const c of g.nodes) treeOf.set(c, g);
      // The leader reads every member's goals. A member whose owner is a tree bone runs before the
      // leader anyway (in that bone's stack); one whose owner hangs below the tree (use_tail off)
      // runs after it, so its goal inputs (not its owner, which waits for the tree) go first.
      for (const m of g.nodes) {
        if (m === g.leader || tree.bones.includes(stackOwner(m)!.id)) continue;
        for (const [input, src] of m.sources) if (input !== 'owner') edge(compiled[src[0]]!.unit, g.leader.unit);
      }
    }
  }
  const ikTree = (c: CompiledNode): IkTreeBinding | IkShadowBinding | undefined => {
    const shadow = shadowOf.get(c);
    if (shadow) return shadow;
    const g = treeOf.get(c);
    if (!g) return undefined;
    return {
      role: g.leader === c ? 'leader' : 'member',
      bones: g.tree.bones.map((id) => rig.byId.get(id)!),
      parent: g.tree.parent,
      targets: g.tree.targets.map((t, k) => ({ tip: t.tip, params: g.nodes[k].params, inputs: g.nodes[k].io.in, usePole: g.nodes[k].sources.has('pole') })),
      iterations: g.tree.iterations,
      stretch: g.tree.stretch,
    };
  };
  /** Per owner: its Owner Out nodes, and the IK-style node whose chain it is in. */
  const stackWriters: CompiledNode[][] = owners.map(() => []);
  const chainOf: (CompiledNode | undefined)[] = new Array(owners.length);
  for (const c of live) {
    const o = c.owner;
    const role = c.def.owner?.role;
    if (o && role === 'pre') edge(preUnit(o), c.unit);
    if (o && role === 'read') edge(preUnit(o) + 2, c.unit);
    if (o && role === 'basis') {
      // Sets the owner's own transform: before its pre step builds the matrix from it. An action
      // rewrites the basis inside that step, so the two cannot both hold the owner.
      edge(c.unit, preUnit(o));
      if (poseSources.has(o)) errors.push({ code: 'two-pose-sources', pointer: `/nodes/${c.index}`, nodeId: c.node.id, message: `owner "${o.id}" is animated and also has its channels set by node "${c.node.id}"; Sinew cannot combine an action with driven channels yet` });
    }
    if (o && role === 'write') {
      edge(c.unit, preUnit(o) + 1);
      stackWriters[ownerIndex.get(o)!].push(c);
      c.written.push(o);
    }
    if (c.def.writes) {
      const tip = stackOwner(c);
      const g = treeOf.get(c);
      const chain = !g ? c.def.writes(c.params, boneParentId, tip?.id) : g.leader === c ? g.tree.bones.filter((id) => id !== tip?.id) : [];
      if (tip && (!g || g.leader === c)) chainOf[ownerIndex.get(tip)!] = c;
      for (const id of chain) {
        const b = rig.byId.get(id);
        if (!b) continue;
        chainOf[ownerIndex.get(b)!] = c;
        c.written.push(b);
        edge(preUnit(b) + 1, c.unit);
        edge(c.unit, preUnit(b) + 2);
      }
    }
  }
  owners.forEach((o, i) => {
    const writers = stackWriters[i];
    if (writers.length > 1) {
      errors.push({ code: 'two-writers', pointer: `/nodes/${writers[1].index}`, nodeId: writers[1].node.id, message: `owner "${o.id}" has more than one Owner Out node ("${writers[0].node.id}", "${writers[1].node.id}")` });
    }
  });
  if (errors.length) fail();
  owners.forEach((o, i) => {
    edge(3 * i, 3 * i + 1);
    edge(3 * i + 1, 3 * i + 2);
    const p = parentOwnerOf(o);
    if (!p) return;
    // Inside one IK chain a child starts from its parent's pre-IK (stack) matrix; the solver moves both after.
    const pi = ownerIndex.get(p)!;
    const sameChain = chainOf[i] !== undefined && chainOf[i] === chainOf[pi];
    edge(3 * pi + (sameChain ? 1 : 2), 3 * i);
  });
  const edgeFrom = Int32Array.from(from);
  const edgeTo = Int32Array.from(to);
  const sched = scheduleIndices(units.length, edgeFrom, edgeTo);

  // 6. Bind kernels and build the steps in schedule order.
  const stepOf: ((() => void) | undefined)[] = new Array(units.length);
  owners.forEach((o, i) => {
    const pre = guardPre(o, warnings);
    const sources = poseSources.get(o);
    // An animated owner's basis comes from its pose sources at this frame, before its pre step.
    stepOf[3 * i] = !sources ? pre
      : sources.length === 1 ? ((apply) => () => { apply(); pre(); })(sources[0])
      : () => { for (let k = 0; k < sources.length; k++) sources[k](); pre(); };
    if (stackWriters[i].length === 0) stepOf[3 * i + 1] = () => o.final.set(o.pre);
    else if (o.bone?.connected && chainOf[i] === undefined) {
      // Blender keeps a connected bone's head on its parent's tail whatever its constraints do
      // ("prevent constraints breaking a chain"); IK chains move heads themselves, after.
      const { pre, final } = o;
      stepOf[3 * i + 1] = () => { final[12] = pre[12]; final[13] = pre[13]; final[14] = pre[14]; };
    }
  });
  // A node's step: bound to the scene, wrapped by Blender's constraint loop when it is a
  // constraint, guarded. Also run again by `Program.setParam` (with its own scratch) to rebind.
  const readsFrame = new Set<CompiledNode>();
  const bindContext: BindContext<CompiledNode> = { owners: rig.byId, frame, warnings, readsFrame, stackOwner: (c) => stackOwner(c), sourceOwner, ikTree };
  const bindStep = (c: CompiledNode, scratch: SlotAllocator, quiet: boolean): (() => void) | undefined => {
    const state = c.def.bind ? c.def.bind(new NodeBindEnv(bindContext, c, quiet), c.params) : undefined;
    const active = c.missing.length === 0;
    // A stateful node's kernel is its reset or its step, chosen by the frame (program.ts replays frames).
    const def = c.def.state && c.state ? statefulDefinition(c.def, c.def.state, c.state, c.params, frame) : c.def;
    let run: (() => void) | undefined;
    if (c.def.constraint) {
      const targetOwners = Object.fromEntries((c.def.constraint.targets ?? []).map((t) => [t, sourceOwner(c, t)]));
      run = constraintStep({
        def, params: c.params, state, io: c.io,
        stackOwner: stackOwner(c), targetOwners,
        custom: c.sources.has('space') ? c.io.in.space : undefined,
        active,
      }, scratch);
    } else if (active) {
      const { io, params } = c;
      run = () => def.kernel(io, params, state);
    }
    // A node that throws or gives a non-finite number is marked and passes its owner through; the
    // rest of the program keeps evaluating.
    return run && (c.def.cannotFail ? run : guardNode(c, run, c.written, warnings));
  };
  for (const c of live) {
    const st = c.def.state;
    if (st) {
      const n = stateSize(st, c.params);
      c.state = { unit: units[c.unit], previous: slots.alloc(n), next: slots.alloc(n), start: slots.alloc(1) };
    }
  }
  for (const c of live) {
    let run: (() => void) | undefined;
    try {
      run = bindStep(c, slots, false);
    } catch (e) {
      if (e instanceof CompileFailure) { errors.push(...e.errors); continue; }
      throw e;
    }
    const { missing } = c;
    if (missing.length) {
      warnings.push({ code: 'inactive', pointer: `/nodes/${c.index}`, nodeId: c.node.id, message: `node "${c.node.id}" (${c.def.label}) does nothing until "${missing.join('", "')}" is connected` });
    }
    stepOf[c.unit] = run;
  }
  if (errors.length) fail();

  // What `Program.setParam` may change without a recompile, and what it must refuse (made when asked).
  const controlOf = (nodeId: string): NodeControl | undefined => {
    const i = byId.get(nodeId);
    const c = i === undefined ? undefined : compiled[i];
    if (!c) return undefined;
    const { def } = c;
    return {
      unit: units[c.unit],
      params: c.params,
      hasParam: (name) => Object.hasOwn(def.params, name) || (Object.hasOwn(def.inputs, name) && def.inputs[name].default !== undefined),
      isInput: (name) => Object.hasOwn(def.inputs, name),
      constants: c.constants,
      rebind: () => bindStep(c, new SlotAllocator(16 * (2 + (c.def.constraint?.targets?.length ?? 0))), true),
      socket: (side, name) => {
        const view = side === 'input' ? c.io.in[name] : c.io.out[name];
        const spec = side === 'input' ? def.inputs[name] : def.outputs[name];
        return view && spec ? { type: spec.type, view } : undefined;
      },
      structure: () => ({
        owner: c.def.owner ? String(c.params[c.def.owner.param] ?? '') : null,
        writes: c.def.writes ? c.def.writes(c.params, boneParentId, stackOwner(c)?.id) : null,
        // A variadic node's count decides which inputs it has: a new count is a new program.
        count: c.def.variadic ? c.params[c.def.variadic.param] ?? null : null,
      }),
    };
  };

  const steps: Step[] = [];
  const order: string[] = new Array<string>(units.length);
  sched.order.forEach((u, k) => {
    order[k] = units[u];
    const run = stepOf[u];
    if (run) steps.push({ unit: units[u], run });
  });
  const ownerUnits = 3 * owners.length;
  const cycles = sched.cycles.map((cy) => ({
    nodes: cy.filter((u) => u >= ownerUnits).map((u) => live[u - ownerUnits].node.id),
    owners: [...new Set(cy.filter((u) => u < ownerUnits).map((u) => owners[Math.floor(u / 3)].id))],
  }));
  for (const cy of cycles) {
    warnings.push({ code: 'cycle', pointer: '/links', message: `dependency cycle detected through ${[...cy.nodes.map((n) => `node "${n}"`), ...cy.owners.map((o) => `owner "${o}"`)].join(', ')}; one link of it was set aside` });
  }
  // Stateful nodes depend on the frame: a frame change reaches them (and `update` replays ticks).
  const states = live.flatMap((c) => (c.state ? [c.state] : []));
  return new Program(slots.buffer, steps, owners, frame, { order, cycles }, warnings, {
    units, from: edgeFrom, to: edgeTo, node: controlOf,
    frameUnits: [...[...readsFrame].map((c) => units[c.unit]), ...[...poseSources.keys()].map((o) => units[3 * ownerIndex.get(o)!]), ...states.map((st) => st.unit)],
  }, states);
}

/** A stateful node's size of state, a whole number of doubles (0 or more). */
function stateSize(st: StateTraits<unknown>, params: Params): number {
  const n = st.size(params);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/**
 * A stateful node's definition with its kernel replaced: at or before its start frame the node
 * resets its state (`next`) from this frame's inputs, after it each frame is one step from
 * `previous` to `next`. The program copies `next` to `previous` when it moves to the next tick, so
 * evaluating one frame again (a param change, another subframe of the same tick) steps from the same
 * state and gives the same result. The start frame is written to the program's slot at every bind.
 */
function statefulDefinition(def: NodeDefinition<unknown>, st: StateTraits<unknown>, slots: NodeState, params: Params, frame: Float64Array): NodeDefinition<unknown> {
  const { previous, next, start } = slots;
  const s = params[st.startParam];
  start[0] = typeof s === 'number' && Number.isFinite(s) ? Math.round(s) : 0;
  return {
    ...def,
    kernel: (io, p, bound) => {
      if (frame[0] <= start[0]) st.reset(io, p, bound, next);
      else st.step(io, p, bound, previous, next);
    },
  };
}

/**
 * A node's step, guarded: if its kernel throws, or leaves a NaN or ±Infinity in an output or in a
 * final matrix it writes, the node is marked failed (a `node-failed` warning naming it, pushed once;
 * its `count` says in how many evaluations it failed)
 * and its effect is undone for this frame: a constraint passes its owner through unchanged (as an
 * inactive one does), other outputs take their neutral value (identity transform and quaternion,
 * zero vector and float), and owners it writes keep the matrix they had before it ran. Nothing is
 * allocated per frame: the copies it restores from are made here, once.
 */
function guardNode(c: CompiledNode, run: () => void, written: RigOwner[], warnings: ProgramWarning[]): () => void {
  const outputs = Object.entries(c.io.out).map(([name, view]) => ({ view, type: c.def.outputs[name]?.type }));
  const passThrough = c.def.constraint && c.io.in.owner && c.io.out.owner ? { from: c.io.in.owner, to: c.io.out.owner } : undefined;
  const saved = written.map((o) => ({ view: o.final, copy: new Float64Array(16) }));
  let warning: ProgramWarning | undefined;
  const undo = (reason: string) => {
    for (const { view, type } of outputs) neutral(view, type);
    if (passThrough) passThrough.to.set(passThrough.from);
    for (const s of saved) s.view.set(s.copy);
    if (warning) {
      warning.count!++;
      return;
    }
    warning = {
      code: 'node-failed',
      pointer: `/nodes/${c.index}`,
      nodeId: c.node.id,
      message: `node "${c.node.id}" (${c.def.label}) failed: ${reason}; it is skipped${passThrough ? ' and its owner passes through unchanged' : ''}`,
      count: 1,
    };
    warnings.push(warning);
  };
  return () => {
    for (let i = 0; i < saved.length; i++) saved[i].copy.set(saved[i].view);
    try {
      run();
    } catch (e) {
      undo(`it stopped with an error (${e instanceof Error ? e.message : String(e)})`.slice(0, 300));
      return;
    }
    for (let k = 0; k < outputs.length; k++) {
      if (!allFinite(outputs[k].view)) return undo('it gave a number that is not finite');
    }
    for (let k = 0; k < saved.length; k++) {
      if (!allFinite(saved[k].view)) return undo('it gave an owner a matrix that is not finite');
    }
  };
}

/**
 * An owner's pre-constraint step, guarded: a matrix that overflows (a parent far away and scaled
 * up) saturates as the math nodes do: ±Infinity becomes ±Number.MAX_VALUE, NaN becomes 0. A
 * warning names the owner once (its `count`: in how many evaluations): `owner-overflow` when numbers only grew too large,
 * `owner-invalid` when one could not be computed at all (NaN: a bug to report).
 */
function guardPre(o: RigOwner, warnings: ProgramWarning[]): () => void {
  let overflow: ProgramWarning | undefined;
  let invalid: ProgramWarning | undefined;
  return () => {
    computePre(o);
    const m = o.pre;
    // runtime/rig/pose.ts multiplies with saturation (so a far parent never makes Inf − Inf = NaN): an
    // overflow shows as ±MAX_VALUE, and is warned about like an Infinity.
    if (allFiniteUnsaturated(m)) return;
    let nan = false;
    for (let i = 0; i < 16; i++) {
      if (m[i] !== m[i]) nan = true;
      m[i] = saturate(m[i]);
    }
    const seen = nan ? invalid : overflow;
    if (seen) {
      seen.count!++;
      return;
    }
    const warning: ProgramWarning = nan
      ? { code: 'owner-invalid', pointer: '/scene', message: `owner "${o.id}": its matrix before constraints could not be computed (NaN); those numbers were set to 0`, count: 1 }
      : { code: 'owner-overflow', pointer: '/scene', message: `owner "${o.id}": its matrix before constraints does not fit in a double; numbers too large were saturated`, count: 1 };
    if (nan) invalid = warning;
    else overflow = warning;
    warnings.push(warning);
  };
}

function allFiniteUnsaturated(v: Float64Array): boolean {
  // Every rig but a degenerate one answers on the first line: a sum of magnitudes below 1e300
  // has no NaN, no ±Infinity and no ±MAX_VALUE in it.
  let sum = 0;
  for (let i = 0; i < 16; i++) sum += Math.abs(v[i]);
  if (sum < 1e300) return true;
  for (let i = 0; i < 16; i++) {
    const x = v[i];
    if (x - x !== 0 || x === Number.MAX_VALUE || x === -Number.MAX_VALUE) return false;
  }
  return true;
}

function allFinite(v: Float64Array): boolean {
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (x - x !== 0) return false; // NaN and ±Infinity
  }
  return true;
}

function saturate(x: number): number {
  return x !== x ? 0 : x > Number.MAX_VALUE ? Number.MAX_VALUE : x < -Number.MAX_VALUE ? -Number.MAX_VALUE : x;
}

/** A socket's neutral value: identity for transforms and quaternions, zero otherwise. */
function neutral(view: Float64Array, type: string | undefined): void {
  view.fill(0);
  if (type === 'transform' || type === 'curve') view[0] = view[5] = view[10] = view[15] = 1;
  else if (type === 'quaternion') view[3] = 1;
}

/** Every param present: the node's value where it has one, else the definition's default. */
function resolveParams(def: NodeDefinition<unknown>, given: Record<string, JsonValue>): Params {
  const out: Params = {};
  for (const k in def.inputs) {
    const d = def.inputs[k].default;
    if (d !== undefined) out[k] = (Array.isArray(d) ? [...d] : d) as JsonValue;
  }
  for (const k in def.params) out[k] = def.params[k].default;
  // Only names the definition knows: a misspelt or hostile key ("__proto__", "constructor") stays in
  // the file, where the loader warned about it, and never reaches a kernel.
  for (const k in given) {
    if (Object.hasOwn(given, k) && (Object.hasOwn(def.params, k) || Object.hasOwn(def.inputs, k))) out[k] = given[k];
  }
  return out;
}

/** A view holding an unconnected input's value: its param or default; transforms default to identity. */
function constantSlot(slots: SlotAllocator, type: keyof typeof SOCKET_SIZE, value: JsonValue | undefined): Float64Array {
  if (type === 'transform' || type === 'curve') {
    const m = slots.identity();
    if (Array.isArray(value) && value.length === 16) m.set(value.map(Number));
    return m;
  }
  const v = slots.alloc(SOCKET_SIZE[type]);
  if (typeof value === 'number') v[0] = value;
  else if (typeof value === 'boolean') v[0] = value ? 1 : 0;
  else if (Array.isArray(value)) v.set(value.slice(0, v.length).map(Number));
  else if (type === 'quaternion') v[3] = 1;
  return v;
}

/** An upper bound of the slots a program needs, so one buffer holds them all. */
function capacity(scene: SceneDocument, nodes: (CompiledNode | undefined)[]): number {
  let n = 64;
  // Objects: pre, final, basis, parent inverse; bones: pre, final, basis, rest, offset, parent frame (3).
  for (const o of scene.objects ?? []) n += 64 + 128 * (o.bones?.length ?? 0);
  for (const c of nodes) {
    if (!c) continue;
    for (const s of Object.values(c.def.inputs)) n += SOCKET_SIZE[s.type];
    for (const s of Object.values(c.def.outputs)) n += SOCKET_SIZE[s.type];
    n += 32 + 16 * (c.def.constraint?.targets?.length ?? 0);
    if (c.def.state) n += 1 + 2 * stateSize(c.def.state, c.params);
  }
  return n;
}

export type { OwnerHandle };

function flatGraph(graph: GraphDocument): GraphDocument {
  try {
    return flattenGroups(graph);
  } catch (e) {
    if (e instanceof FlattenError) throw new CompileFailure([{ code: 'bad-group', pointer: e.pointer, message: e.message, ...(e.nodeId !== undefined && { nodeId: e.nodeId }) }]);
    throw e;
  }
}

