// A straightforward evaluator, as a first version would be written: every frame it rebuilds the
// owners from the scene, works out the dependencies and sorts them again, binds every node again,
// and gives every operation fresh arrays (values in string-keyed maps). It uses the same node
// kernels and the same matrix math as the compiled runtime, so it computes the same result; the
// benchmark's naive_ratio therefore measures the runtime's design (compile once, one buffer, no
// allocation, no lookups), not differences in kernel math.
import { mat4 } from 'gl-matrix';
import type { GraphDocument, JsonValue } from '../../graph/types';
import { defaultCatalog } from '../../nodes/catalog';
import { resolveParams } from '../../nodes/resolve-params';
import type { BindEnv, KernelIO, NodeDefinition, Params } from '../../nodes/define';
import { blendMatrices } from '../../nodes/math/blend';
import { applyParentTransform, createParentTransform, invertOrIdentity, parentTransform } from '../../nodes/math/bone-parent';
import { buildRig, parentOwnerOf, type RigOwner } from '../../runtime/rig/rig';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { SOCKET_SIZE } from '../../runtime/eval/slots';
import { spaceToWorld, worldToSpace, type Space } from '../../runtime/eval/spaces';

interface NaiveNode {
  id: string;
  def: NodeDefinition;
  params: Params;
  /** input → "node.socket" */
  sources: Record<string, string>;
}

/** Evaluates the graph over the scene at `frame`, from scratch; returns each owner's final matrix. */
export function naiveEvaluate(graph: GraphDocument, scene: SceneDocument, frame: number): Map<string, Float64Array> {
  // Owners, rebuilt from the scene every frame.
  const rig = buildRig(scene, (n) => new Float64Array(n));
  const nodes: NaiveNode[] = graph.nodes.map((n) => {
    const def = defaultCatalog.get(n.type)!;
    const params: Params = resolveParams(def, n.params);
    return { id: n.id, def, params, sources: {} };
  });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const l of graph.links) byId.get(l.to.node)!.sources[l.to.socket] = `${l.from.node}.${l.from.socket}`;
  const nodeById = (id: string) => byId.get(id)!;
  const ownerOf = (n: NaiveNode) => (n.def.owner ? rig.byId.get(String(n.params[n.def.owner.param])) : undefined);
  const stackOwner = (n: NaiveNode): RigOwner | undefined => {
    if (n.def.owner?.role === 'pre') return ownerOf(n);
    const first = Object.keys(n.def.inputs).find((k) => n.def.inputs[k].type === 'transform' && n.sources[k]);
    const src = n.sources.owner ?? (first ? n.sources[first] : undefined);
    return src ? stackOwner(nodeById(src.split('.')[0])) : undefined;
  };
  const sourceOwner = (n: NaiveNode, input: string): RigOwner | undefined => {
    const src = n.sources[input];
    if (!src) return undefined;
    const up = nodeById(src.split('.')[0]);
    return up.def.owner?.role === 'read' || up.def.owner?.role === 'pre' ? ownerOf(up) : undefined;
  };

  // Units and edges, worked out again every frame.
  const units: string[] = [];
  const edges: [string, string][] = [];
  for (const o of rig.owners) units.push(`pre:${o.id}`, `stack:${o.id}`, `final:${o.id}`);
  for (const n of nodes) units.push(`node:${n.id}`);
  const writers = new Map<string, string>();
  const chainOf = new Map<string, string>();
  for (const n of nodes) {
    for (const src of Object.values(n.sources)) edges.push([`node:${src.split('.')[0]}`, `node:${n.id}`]);
    const o = ownerOf(n);
    if (o && n.def.owner!.role === 'pre') edges.push([`pre:${o.id}`, `node:${n.id}`]);
    if (o && n.def.owner!.role === 'read') edges.push([`final:${o.id}`, `node:${n.id}`]);
    if (o && n.def.owner!.role === 'write') { edges.push([`node:${n.id}`, `stack:${o.id}`]); writers.set(o.id, n.id); }
    if (n.def.writes) {
      const tip = stackOwner(n);
      const chain = n.def.writes(n.params, (id) => {
        const r = rig.byId.get(id);
        const p = r && parentOwnerOf(r);
        return r && { parent: p?.kind === 'bone' ? p.id : undefined };
      }, tip?.id);
      if (tip) chainOf.set(tip.id, n.id);
      for (const id of chain) {
        chainOf.set(id, n.id);
        edges.push([`stack:${id}`, `node:${n.id}`], [`node:${n.id}`, `final:${id}`]);
      }
    }
  }
  for (const o of rig.owners) {
    edges.push([`pre:${o.id}`, `stack:${o.id}`], [`stack:${o.id}`, `final:${o.id}`]);
    const p = parentOwnerOf(o);
    if (!p) continue;
    const same = chainOf.get(o.id) !== undefined && chainOf.get(o.id) === chainOf.get(p.id);
    edges.push([same ? `stack:${p.id}` : `final:${p.id}`, `pre:${o.id}`]);
  }
  const order = naiveSort(units, edges);

  // Values, by "node.socket", each a fresh array.
  const values = new Map<string, Float64Array>();
  const frameView = new Float64Array([frame]);
  for (const unit of order) {
    const [kind, id] = [unit.slice(0, unit.indexOf(':')), unit.slice(unit.indexOf(':') + 1)];
    if (kind === 'pre') {
      const o = rig.byId.get(id)!;
      o.pre.set(naivePre(o));
    } else if (kind === 'stack') {
      const o = rig.byId.get(id)!;
      if (!writers.has(id)) o.final.set(o.pre);
      else if (o.bone?.connected && !chainOf.has(id)) { o.final[12] = o.pre[12]; o.final[13] = o.pre[13]; o.final[14] = o.pre[14]; }
    } else if (kind === 'node') {
      const n = nodeById(id);
      const io: KernelIO = { in: {}, out: {} };
      for (const [name, spec] of Object.entries(n.def.inputs)) {
        const src = n.sources[name];
        io.in[name] = src ? Float64Array.from(values.get(src)!) : constant(spec.type, n.params[name]);
      }
      for (const [name, spec] of Object.entries(n.def.outputs)) io.out[name] = new Float64Array(SOCKET_SIZE[spec.type]);
      const env: BindEnv = {
        nodeId: n.id,
        owner: (oid) => rig.byId.get(oid),
        sourceOwner: (input) => sourceOwner(n, input),
        sourceShape: () => undefined,
        connected: (input) => n.sources[input] !== undefined,
        stackOwner: () => stackOwner(n),
        frame: frameView,
        sceneTime: frameView,
        action: (name) => scene.actions?.find((a) => a.name === name),
        actionNames: () => (scene.actions ?? []).map((a) => a.name),
        warn: () => {},
        fail: (message) => { throw new Error(message); },
      };
      const state = n.def.bind?.(env, n.params);
      const active = Object.entries(n.def.inputs).every(([name, s]) => !s.required || n.sources[name]);
      if (n.def.constraint) naiveConstraint(n, io, state, active, stackOwner(n), sourceOwner);
      else if (active) n.def.kernel(io, n.params, state);
      for (const [name, v] of Object.entries(io.out)) values.set(`${n.id}.${name}`, v);
    }
  }
  return new Map(rig.owners.map((o) => [o.id, Float64Array.from(o.final)]));
}

/** Kahn's algorithm with maps and arrays, ties in document order; sorted again every frame. */
function naiveSort(units: string[], edges: [string, string][]): string[] {
  const index = new Map(units.map((u, i) => [u, i]));
  const waits = new Map(units.map((u) => [u, 0]));
  const next = new Map<string, string[]>(units.map((u) => [u, []]));
  for (const [a, b] of edges) { waits.set(b, waits.get(b)! + 1); next.get(a)!.push(b); }
  let ready = units.filter((u) => waits.get(u) === 0);
  const order: string[] = [];
  while (ready.length) {
    const u = ready.shift()!;
    order.push(u);
    for (const v of next.get(u)!) {
      waits.set(v, waits.get(v)! - 1);
      if (waits.get(v) === 0) ready = [...ready, v].sort((x, y) => index.get(x)! - index.get(y)!);
    }
  }
  return order;
}

function constant(type: keyof typeof SOCKET_SIZE, value: JsonValue | undefined): Float64Array {
  if (type === 'transform' || type === 'curve') {
    const m = mat4.identity(new Float64Array(16)) as Float64Array;
    if (Array.isArray(value) && value.length === 16) m.set(value.map(Number));
    return m;
  }
  const v = new Float64Array(SOCKET_SIZE[type]);
  if (typeof value === 'number') v[0] = value;
  else if (typeof value === 'boolean') v[0] = value ? 1 : 0;
  else if (Array.isArray(value)) v.set(value.slice(0, v.length).map(Number));
  else if (type === 'quaternion') v[3] = 1;
  return v;
}

/** An owner's pre-constraint matrix, with new arrays for every step. */
function naivePre(o: RigOwner): Float64Array {
  if (o.kind === 'object') {
    if (!o.parent) return Float64Array.from(o.basis);
    const p = Float64Array.from(o.parent.final);
    if (o.parentIsBone && o.parentRestInverse) p.set(mat4.multiply(new Float64Array(16), p, o.parentRestInverse));
    else if (o.parentIsBone) {
      const len = o.parent.bone!.length;
      p[12] += p[4] * len; p[13] += p[5] * len; p[14] += p[6] * len;
    }
    const a = mat4.multiply(new Float64Array(16), p, o.parentInverse) as Float64Array;
    return mat4.multiply(new Float64Array(16), a, o.basis) as Float64Array;
  }
  const b = o;
  if (b.atRest) return mat4.multiply(new Float64Array(16), b.armatureOwner.final, b.bone!.restMatrix) as Float64Array;
  const t = createParentTransform();
  if (!b.parentBone) parentTransform(t, b, b.offset, undefined, undefined);
  else {
    const armInv = invertOrIdentity(Float64Array.from(b.armatureOwner.final));
    const parentPose = mat4.multiply(new Float64Array(16), armInv, b.parentBone.final) as Float64Array;
    parentTransform(t, b, b.offset, b.parentBone.bone!.restMatrix, parentPose);
  }
  const pose = applyParentTransform(new Float64Array(16), t, b.basis);
  return mat4.multiply(new Float64Array(16), b.armatureOwner.final, pose) as Float64Array;
}

/** Blender's constraint loop around a kernel: spaces, kernel, back to world, influence blend. */
function naiveConstraint(
  n: NaiveNode, io: KernelIO, state: unknown, active: boolean, owner: RigOwner | undefined,
  sourceOwner: (n: NaiveNode, input: string) => RigOwner | undefined,
): void {
  if (!active) { io.out.owner = Float64Array.from(io.in.owner); return; }
  const traits = n.def.constraint!;
  const ownerSpace = (traits.ownerSpace ? String(n.params.ownerSpace ?? 'WORLD') : 'WORLD') as Space;
  const targetSpace = String(n.params.targetSpace ?? 'WORLD') as Space;
  const headTail = typeof n.params.headTail === 'number' ? n.params.headTail : 0;
  const custom = n.sources.space ? io.in.space : undefined;
  const kio: KernelIO = { in: { ...io.in }, out: { ...io.out } };
  kio.in.owner = worldToSpace(Float64Array.from(io.in.owner), ownerSpace, { owner, custom, constraintOwner: owner });
  for (const name of traits.targets ?? []) {
    const t = Float64Array.from(io.in[name]);
    const tOwner = sourceOwner(n, name);
    const len = tOwner?.bone?.length;
    if (len !== undefined && headTail !== 0) {
      const d = len * headTail;
      t[12] += t[4] * d; t[13] += t[5] * d; t[14] += t[6] * d;
    }
    kio.in[name] = worldToSpace(t, targetSpace, { owner: tOwner, custom, constraintOwner: owner });
  }
  kio.out.owner = new Float64Array(16);
  n.def.kernel(kio, n.params, state);
  const result = spaceToWorld(Float64Array.from(kio.out.owner), ownerSpace, { owner, custom, constraintOwner: owner });
  const inf = io.in.influence ? io.in.influence[0] : 1;
  const k = inf > 1 ? 1 : inf > 0 ? inf : 0;
  io.out.owner = traits.blend === 'self' || k >= 1 ? result : blendMatrices(new Float64Array(16), io.in.owner, result, k);
}
