// Between schedule and allocate: where an owner's own matrix can stand in for a copy of it. Copying
// 16 numbers is most of what the owner nodes and the owners' stack steps did each frame (on Rigify's
// human rig, 1,485 of its 2,902 steps), and a view of the matrix gives the same numbers to the bit:
//   - an owner nothing writes (no Owner Out, no IK chain) has one matrix for pre and final;
//   - an Owner In's output is its owner's pre matrix, an Owner read's transform its owner's final;
//   - the node wired into an Owner Out writes straight into the owner's final matrix, when the Owner
//     Out is the only reader of that output and no IK chain writes the final. (A connected bone's
//     stack step then puts the head back on its parent's tail in that output itself: a watch on the
//     node shows the bone's head where Blender shows it.)
// Not in a program with a dependency cycle: there a node reads, through the link set aside, what
// another writes later in the frame, so a copy taken at its turn is not the live matrix.
import type { RigOwner } from '../rig/rig';
import type { CompiledNode } from './compiled-node';
import type { Owners } from './build-owners';
import type { ResolvedGraph } from './resolve-nodes';
import type { Schedule } from './schedule-units';

/** Output views: for a node index, its outputs that are an owner's matrix rather than slots of their own. */
export type OutputViews = Map<number, Map<string, Float64Array>>;

type OwnerView = 'pre' | 'final';

/** A definition's sockets marked `ownerView`, listed once per definition (compile visits thousands of nodes of a few kinds). */
interface OwnerSockets {
  outputs: [name: string, view: OwnerView][];
  inputs: [name: string, view: OwnerView][];
}

const socketsOf = new WeakMap<CompiledNode['def'], OwnerSockets>();

function ownerSockets(def: CompiledNode['def']): OwnerSockets {
  let s = socketsOf.get(def);
  if (!s) {
    const marked = (sockets: Record<string, { ownerView?: OwnerView }>) =>
      Object.entries(sockets).flatMap(([name, spec]): [string, OwnerView][] => (spec.ownerView ? [[name, spec.ownerView]] : []));
    s = { outputs: marked(def.outputs), inputs: marked(def.inputs) };
    socketsOf.set(def, s);
  }
  return s;
}

/** The output views, and owners nothing writes given one matrix; none when `enabled` is false (CompileOptions.ownerViews). */
export function ownerViews({ compiled, live }: ResolvedGraph, owners: Owners, schedule: Schedule, enabled: boolean): OutputViews {
  const views: OutputViews = new Map();
  if (!enabled || schedule.cycles.length > 0) return views;
  const { stackWriters, chainsOf } = schedule;
  owners.owners.forEach((o, i) => {
    if (stackWriters[i].length === 0 && chainsOf[i].length === 0) o.pre = o.final;
  });
  const set = (c: CompiledNode, output: string, view: Float64Array) => {
    let m = views.get(c.index);
    if (!m) views.set(c.index, (m = new Map<string, Float64Array>()));
    m.set(output, view);
  };
  // Inputs that take an owner's final (Owner Out's), and the output wired into each.
  const intoFinal: [c: CompiledNode, source: [number, string]][] = [];
  for (const c of live) {
    const o = c.owner;
    if (!o) continue;
    const sockets = ownerSockets(c.def);
    for (const [name, view] of sockets.outputs) set(c, name, o[view]);
    for (const [name, view] of sockets.inputs) {
      const src = view === 'final' ? c.sources.get(name) : undefined;
      if (src) intoFinal.push([c, src]);
    }
  }
  if (intoFinal.length === 0) return views;
  const readers = readerCounts(live, new Set(intoFinal.map(([, src]) => src[0])));
  for (const [c, src] of intoFinal) {
    const from = compiled[src[0]];
    if (!from || readers.get(outputKey(src[0], src[1])) !== 1) continue;
    if (from.def.outputs[src[1]]?.ownerView || from.written.length > 0) continue;
    const o = c.owner!;
    const i = owners.index.get(o)!;
    if (stackWriters[i].length !== 1 || stackWriters[i][0] !== c || chainsOf[i].length > 0) continue;
    set(from, src[1], o.final);
  }
  return views;
}

/** Whether every `ownerView` socket of a node is its owner's matrix itself (then a `copiesOnly` node has nothing to do). */
export function viewsAreOwnMatrices(c: CompiledNode): boolean {
  const o: RigOwner | undefined = c.owner;
  if (!o) return false;
  const sockets = ownerSockets(c.def);
  for (const [name, view] of sockets.outputs) if (c.io.out[name] !== o[view]) return false;
  for (const [name, view] of sockets.inputs) if (c.io.in[name] !== o[view]) return false;
  return true;
}

/**
 * The outputs inputs and driven params read, for the `outputsOnly` nodes only (by node index): the
 * nodes whose step may be left out. Names in arrays, no strings made per link: compile visits
 * every link of a 1,000-bone graph.
 */
export function readOutputs(live: readonly CompiledNode[], compiled: readonly (CompiledNode | undefined)[]): Map<number, string[]> {
  const read = new Map<number, string[]>();
  const add = ([node, output]: [number, string]) => {
    if (!compiled[node]?.def.outputsOnly) return;
    let names = read.get(node);
    if (!names) read.set(node, (names = []));
    if (!names.includes(output)) names.push(output);
  };
  for (const c of live) {
    c.sources.forEach(add);
    c.drivenParams.forEach(add);
  }
  return read;
}

/**
 * Whether an `outputsOnly` node has nothing to do each frame: it writes no owner, keeps no state, and
 * every output read (`read`, from {@link readOutputs}) is its owner's matrix itself.
 */
export function onlyOwnMatricesRead(c: CompiledNode, read: ReadonlyMap<number, readonly string[]>): boolean {
  const o: RigOwner | undefined = c.owner;
  if (!o || !c.def.outputsOnly || c.written.length > 0 || c.state) return false;
  const views = ownerSockets(c.def).outputs;
  for (const name of read.get(c.index) ?? []) {
    const view = views.find(([n]) => n === name)?.[1];
    if (view === undefined || c.io.out[name] !== o[view]) return false;
  }
  return true;
}

/** How many inputs and driven params read each output (`node:output`) of the nodes `of`. */
function readerCounts(live: readonly CompiledNode[], of: ReadonlySet<number>): Map<string, number> {
  const n = new Map<string, number>();
  const add = ([node, output]: [number, string]) => {
    if (!of.has(node)) return;
    const key = outputKey(node, output);
    n.set(key, (n.get(key) ?? 0) + 1);
  };
  for (const c of live) {
    c.sources.forEach(add);
    c.drivenParams.forEach(add);
  }
  return n;
}

function outputKey(node: number, output: string): string {
  return `${node}:${output}`;
}
