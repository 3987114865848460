// A spring-bone rig for the tests and the bench: an armature whose root bone is animated by an
// action (a sway and a turn, keyed at every frame), two spring chains (one in world space, one in
// the root's center space) hanging by a sphere on a "head" bone and a capsule on the root, and
// the same joints and colliders as three-vrm sees them (`threeRig`).
import type { GraphDocument, GraphLink, GraphNode, JsonValue } from '../../../graph/types';
import type { SceneBone, SceneDocument } from '../../../runtime/rig/scene/types';

export interface SpringChainSpec {
  /** Joint heads in armature space, root first; the last one is the chain's tail (no node). */
  heads: [number, number, number][];
  stiffness: number;
  gravityPower: number;
  dragForce: number;
  hitRadius: number;
  gravityDir: [number, number, number];
  /** Whether the spring works in the root bone's space. */
  centered: boolean;
}

export interface ColliderSpec {
  bone: string;
  shape: 'SPHERE' | 'CAPSULE';
  offset: [number, number, number];
  tail: [number, number, number];
  radius: number;
}

export interface SpringRigSpec {
  chains: SpringChainSpec[];
  colliders: ColliderSpec[];
  frames: number;
  fps: number;
  /** Amplitudes of the root's motion: sway (m) and turn (rad). */
  sway: number;
  turn: number;
}

export const ARMATURE = 'Arm';

/** The default rig of the tests: two chains, a sphere and a capsule, 240 frames at 60 fps. */
export function defaultSpec(): SpringRigSpec {
  return {
    frames: 240,
    fps: 60,
    sway: 0.25,
    turn: 0.6,
    chains: [
      { heads: [[0.05, -0.12, 0.55], [0.1, -0.16, 0.45], [0.14, -0.18, 0.34], [0.16, -0.19, 0.22], [0.17, -0.19, 0.1]], stiffness: 0.6, gravityPower: 0.4, dragForce: 0.3, hitRadius: 0.02, gravityDir: [0, 0, -1], centered: false },
      { heads: [[-0.1, 0.05, 0.5], [-0.18, 0.08, 0.42], [-0.26, 0.1, 0.36], [-0.33, 0.12, 0.3]], stiffness: 1.2, gravityPower: 0.8, dragForce: 0.5, hitRadius: 0.01, gravityDir: [0.2, 0, -0.98], centered: true },
    ],
    colliders: [
      { bone: 'head', shape: 'SPHERE', offset: [0, 0.05, 0], tail: [0, 0, 0], radius: 0.11 },
      { bone: 'root', shape: 'CAPSULE', offset: [0, 0.1, 0.0], tail: [0, 0.35, 0], radius: 0.08 },
    ],
  };
}

/** A rest matrix (column-major) with its head at `head` and Y pointing at `to`. */
export function restMatrix(head: readonly number[], to: readonly number[]): number[] {
  const y = [to[0] - head[0], to[1] - head[1], to[2] - head[2]];
  const l = Math.hypot(y[0], y[1], y[2]);
  const Y = y.map((v) => v / l);
  const ref = Math.abs(Y[0]) < 0.9 ? [1, 0, 0] : [0, 0, 1];
  const d = ref[0] * Y[0] + ref[1] * Y[1] + ref[2] * Y[2];
  const xr = [ref[0] - d * Y[0], ref[1] - d * Y[1], ref[2] - d * Y[2]];
  const xl = Math.hypot(xr[0], xr[1], xr[2]);
  const X = xr.map((v) => v / xl);
  const Z = [X[1] * Y[2] - X[2] * Y[1], X[2] * Y[0] - X[0] * Y[2], X[0] * Y[1] - X[1] * Y[0]];
  return [...X, 0, ...Y, 0, ...Z, 0, head[0], head[1], head[2], 1];
}

/** The point p in the frame of rest matrix m (orthonormal). */
export function localPoint(m: readonly number[], p: readonly number[]): [number, number, number] {
  const d = [p[0] - m[12], p[1] - m[13], p[2] - m[14]];
  return [0, 1, 2].map((c) => m[4 * c] * d[0] + m[4 * c + 1] * d[1] + m[4 * c + 2] * d[2]) as [number, number, number];
}

export const jointName = (chain: number, k: number): string => `c${chain}_${k}`;

/** The root's pose at frame f: location and XYZ Euler rotation. */
export function rootMotion(spec: SpringRigSpec, f: number): { location: number[]; rotation: number[] } {
  const t = f / spec.fps;
  return {
    location: [spec.sway * Math.sin(2 * Math.PI * 0.7 * t), 0.1 * spec.sway * Math.sin(2 * Math.PI * 1.3 * t), 0.05 * Math.sin(2 * Math.PI * 2.1 * t)],
    rotation: [0.2 * spec.turn * Math.sin(2 * Math.PI * 0.9 * t), spec.turn * Math.sin(2 * Math.PI * 0.5 * t + 0.3), 0.3 * spec.turn * Math.sin(2 * Math.PI * 1.1 * t)],
  };
}

/** Sinew's scene and graph for a spec: one spring node per joint, parent first. */
export function sinewRig(spec: SpringRigSpec, extra: Record<string, JsonValue> = {}): { scene: SceneDocument; graph: GraphDocument } {
  const bones: SceneBone[] = [];
  const bone = (name: string, parent: string | null, head: number[], to: number[]) => {
    const m = restMatrix(head, to);
    const length = Math.hypot(to[0] - head[0], to[1] - head[1], to[2] - head[2]);
    bones.push({ name, parent, head_local: head, tail_local: to, matrix_local: m, length, use_connect: false, pose: { rotation_mode: 'XYZ' } });
    return m;
  };
  bone('root', null, [0, 0, 0], [0, 0, 0.4]);
  bone('head', 'root', [0, 0, 0.45], [0, 0, 0.7]);
  const rests = new Map<string, number[]>();
  spec.chains.forEach((ch, c) => {
    ch.heads.forEach((h, k) => {
      const last = k === ch.heads.length - 1;
      const to = last ? [h[0], h[1], h[2] - 0.1] : ch.heads[k + 1];
      rests.set(jointName(c, k), bone(jointName(c, k), k === 0 ? 'head' : jointName(c, k - 1), h, to));
    });
  });
  const fcurves = [];
  const keys = (value: (f: number) => number) => Array.from({ length: spec.frames + 1 }, (_, f) => ({ co: [f, value(f)] as [number, number], interpolation: 'LINEAR' as const }));
  for (let i = 0; i < 3; i++) {
    fcurves.push({ data_path: 'pose.bones["root"].location', array_index: i, keyframes: keys((f) => rootMotion(spec, f).location[i]) });
    fcurves.push({ data_path: 'pose.bones["root"].rotation_euler', array_index: i, keyframes: keys((f) => rootMotion(spec, f).rotation[i]) });
  }
  const scene: SceneDocument = {
    format: 'sinew-scene',
    version: 1,
    objects: [{ name: ARMATURE, type: 'ARMATURE', location: [0, 0, 0], rotation_mode: 'XYZ', rotation_euler: [0, 0, 0], scale: [1, 1, 1], bones, animation_data: { action: 'sway' } }],
    actions: [{ name: 'sway', fcurves }],
  };
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const link = (a: string, as: string, b: string, bs: string) => links.push({ from: { node: a, socket: as }, to: { node: b, socket: bs } });
  const reads = new Set<string>();
  const read = (b: string) => {
    const id = `read-${b}`;
    if (!reads.has(b)) { reads.add(b); nodes.push({ id, type: 'owner/read', params: { owner: `${ARMATURE}/${b}` }, position: [0, 0] }); }
    return id;
  };
  spec.chains.forEach((ch, c) => {
    for (let k = 0; k < ch.heads.length - 1; k++) {
      const j = jointName(c, k);
      const params: Record<string, JsonValue> = {
        stiffness: ch.stiffness, gravityPower: ch.gravityPower, dragForce: ch.dragForce, hitRadius: ch.hitRadius,
        gravityDir: ch.gravityDir, fps: spec.fps, tail: localPoint(rests.get(j)!, ch.heads[k + 1]), ...extra,
      };
      spec.colliders.forEach((col, i) => {
        params[`collider${i + 1}Shape`] = col.shape;
        params[`collider${i + 1}Offset`] = col.offset;
        params[`collider${i + 1}Tail`] = col.tail;
        params[`collider${i + 1}Radius`] = col.radius;
      });
      nodes.push({ id: `${j}-in`, type: 'owner/input', params: { owner: `${ARMATURE}/${j}` }, position: [0, 0] });
      nodes.push({ id: `${j}-spring`, type: 'physics/spring-bone', params, position: [200, 0] });
      nodes.push({ id: `${j}-out`, type: 'owner/output', params: { owner: `${ARMATURE}/${j}` }, position: [400, 0] });
      link(`${j}-in`, 'transform', `${j}-spring`, 'owner');
      link(`${j}-spring`, 'owner', `${j}-out`, 'transform');
      spec.colliders.forEach((col, i) => link(read(col.bone), 'transform', `${j}-spring`, `collider${i + 1}`));
      if (ch.centered) link(read('root'), 'transform', `${j}-spring`, 'center');
    }
  });
  return { scene, graph: { format: 'sinew-graph', version: 1, nodes, links } };
}

/** The bench's rig: the two chains of the default rig and their mirror images (x → −x), 14 joints. */
export function benchSpec(): SpringRigSpec {
  const spec = defaultSpec();
  const mirrored = spec.chains.map((c) => ({ ...c, heads: c.heads.map(([x, y, z]) => [-x, y, z] as [number, number, number]) }));
  spec.chains = [...spec.chains, ...mirrored];
  return spec;
}
