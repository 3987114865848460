// Generated benchmark rigs: a ~60-bone humanoid, a 1,000-bone / 300-constraint rig and a 10-bone
// chain, each as a graph and a scene built from code (deterministic: same seed, same files).
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { SCENE_FORMAT, type SceneBone, type SceneDocument, type SceneObject } from '../../runtime/rig/scene/types';

export interface BenchRig {
  name: string;
  graph: GraphDocument;
  scene: SceneDocument;
  /** Objects a rigger would drag (IK targets, poles, look targets). */
  targets: string[];
}

type V3 = [number, number, number];

/** A small seeded PRNG (mulberry32), so generated rigs are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const len = (a: V3) => Math.hypot(a[0], a[1], a[2]);
const norm = (a: V3): V3 => { const l = len(a); return [a[0] / l, a[1] / l, a[2] / l]; };
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Blender-style rest matrix (column-major, armature space): Y from head to tail, X as level as possible. */
export function restMatrix(head: V3, tail: V3): number[] {
  const y = norm(sub(tail, head));
  const ref: V3 = Math.abs(y[2]) < 0.9 ? [0, 0, 1] : [0, 1, 0];
  const x = norm(cross(y, ref));
  const z = cross(x, y);
  return [x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, head[0], head[1], head[2], 1];
}

/** Builds graph nodes and links with short calls. */
class GraphBuilder {
  nodes: GraphNode[] = [];
  links: GraphLink[] = [];
  private reads = new Map<string, string>();
  private stacks = new Map<string, { last: [string, string]; out?: string }>();
  private n = 0;

  node(type: string, params: Record<string, JsonValue> = {}, id = `n${this.n++}`): string {
    this.nodes.push({ id, type, params, position: [0, 0] });
    return id;
  }

  link(from: string, fs: string, to: string, ts: string): void {
    this.links.push({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
  }

  /** One owner/read node per owner, shared by every reader. */
  read(owner: string): string {
    let id = this.reads.get(owner);
    if (!id) { id = this.node('owner/read', { owner }); this.reads.set(owner, id); }
    return id;
  }

  /** Appends a constraint to an owner's stack (owner/input … owner/output are added as needed). */
  constrain(owner: string, type: string, params: Record<string, JsonValue>, targets: Record<string, string> = {}): string {
    let s = this.stacks.get(owner);
    if (!s) {
      const input = this.node('owner/input', { owner });
      s = { last: [input, 'transform'] };
      this.stacks.set(owner, s);
    }
    const c = this.node(type, params);
    this.link(s.last[0], s.last[1], c, 'owner');
    for (const [socket, target] of Object.entries(targets)) this.link(this.read(target), 'transform', c, socket);
    s.last = [c, 'owner'];
    return c;
  }

  /** Closes every stack with an owner/output node. */
  finish(): { nodes: GraphNode[]; links: GraphLink[] } {
    for (const [owner, s] of this.stacks) {
      const out = this.node('owner/output', { owner });
      this.link(s.last[0], s.last[1], out, 'transform');
    }
    return { nodes: this.nodes, links: this.links };
  }
}

class ArmatureBuilder {
  bones: SceneBone[] = [];
  private heads = new Map<string, V3>();
  private tails = new Map<string, V3>();

  bone(name: string, head: V3, tail: V3, parent?: string, pose?: { rotation_euler?: number[] }): string {
    const connected = parent !== undefined && len(sub(this.tails.get(parent)!, head)) < 1e-9;
    this.bones.push({
      name,
      parent: parent ?? null,
      head_local: head,
      tail_local: tail,
      matrix_local: restMatrix(head, tail),
      length: len(sub(tail, head)),
      use_connect: connected,
      pose: pose ? { rotation_mode: 'XYZ', ...pose } : undefined,
    });
    this.heads.set(name, head);
    this.tails.set(name, tail);
    return name;
  }

  tail(name: string): V3 { return this.tails.get(name)!; }
  head(name: string): V3 { return this.heads.get(name)!; }
}

const empty = (name: string, location: V3): SceneObject => ({ name, type: 'EMPTY', location });

/**
 * A ~60-bone humanoid: two-bone IK with poles on arms and legs, a 3-bone spine IK (FABRIK), head
 * and eye tracks, ~30 copy/limit constraints (fingers, twist bones, hands, feet, neck) and a few
 * math nodes (a time-driven jaw, a distance-driven hand influence).
 */
export function humanoid(): BenchRig {
  const A = 'Rig';
  const a = new ArmatureBuilder();
  const r = rng(7);
  const wiggle = () => ({ rotation_euler: [(r() - 0.5) * 0.3, (r() - 0.5) * 0.3, (r() - 0.5) * 0.3] });
  a.bone('hips', [0, 0, 1.0], [0, 0, 1.1]);
  a.bone('spine1', [0, 0, 1.1], [0, 0.01, 1.25], 'hips', wiggle());
  a.bone('spine2', a.tail('spine1'), [0, 0.02, 1.4], 'spine1', wiggle());
  a.bone('spine3', a.tail('spine2'), [0, 0.01, 1.55], 'spine2', wiggle());
  a.bone('neck', a.tail('spine3'), [0, 0, 1.65], 'spine3', wiggle());
  a.bone('head', a.tail('neck'), [0, 0, 1.85], 'neck', wiggle());
  a.bone('jaw', [0, -0.02, 1.68], [0, -0.1, 1.64], 'head');
  a.bone('eye.L', [0.03, -0.08, 1.75], [0.03, -0.1, 1.75], 'head');
  a.bone('eye.R', [-0.03, -0.08, 1.75], [-0.03, -0.1, 1.75], 'head');
  for (const [side, s] of [['L', 1], ['R', -1]] as const) {
    a.bone(`clavicle.${side}`, [0.02 * s, -0.02, 1.5], [0.18 * s, 0, 1.5], 'spine3');
    a.bone(`upperarm.${side}`, a.tail(`clavicle.${side}`), [0.45 * s, 0.02, 1.5], `clavicle.${side}`, wiggle());
    a.bone(`forearm.${side}`, a.tail(`upperarm.${side}`), [0.7 * s, 0, 1.5], `upperarm.${side}`, wiggle());
    a.bone(`hand.${side}`, a.tail(`forearm.${side}`), [0.8 * s, 0, 1.5], `forearm.${side}`, wiggle());
    a.bone(`upperarm_twist.${side}`, [0.3 * s, 0.01, 1.5], [0.4 * s, 0.02, 1.5], `upperarm.${side}`);
    a.bone(`forearm_twist.${side}`, [0.55 * s, 0.01, 1.5], [0.65 * s, 0, 1.5], `forearm.${side}`);
    const fingers = ['thumb', 'index', 'middle', 'ring', 'pinky'];
    fingers.forEach((f, i) => {
      const y = -0.04 + i * 0.02;
      let head: V3 = [0.8 * s, y, 1.5];
      let parent = `hand.${side}`;
      for (let k = 1; k <= 3; k++) {
        const tail: V3 = [head[0] + 0.03 * s, y, 1.5 - 0.004 * k];
        parent = a.bone(`${f}${k}.${side}`, head, tail, parent, wiggle());
        head = tail;
      }
    });
    a.bone(`thigh.${side}`, [0.1 * s, 0, 1.0], [0.1 * s, -0.03, 0.55], 'hips', wiggle());
    a.bone(`shin.${side}`, a.tail(`thigh.${side}`), [0.1 * s, 0, 0.1], `thigh.${side}`, wiggle());
    a.bone(`foot.${side}`, a.tail(`shin.${side}`), [0.1 * s, -0.15, 0.02], `shin.${side}`, wiggle());
    a.bone(`toe.${side}`, a.tail(`foot.${side}`), [0.1 * s, -0.22, 0.02], `foot.${side}`);
    a.bone(`thigh_twist.${side}`, [0.1 * s, -0.01, 0.8], [0.1 * s, -0.02, 0.65], `thigh.${side}`);
  }
  const B = (name: string) => `${A}/${name}`;
  const objects: SceneObject[] = [{ name: A, type: 'ARMATURE', location: [0, 0, 0], bones: a.bones }];
  const targets: string[] = [];
  const addEmpty = (name: string, at: V3) => { objects.push(empty(name, at)); targets.push(name); return name; };

  const g = new GraphBuilder();
  const local = { ownerSpace: 'LOCAL', targetSpace: 'LOCAL' };
  // Spine: a 3-bone chain (FABRIK) reaching for a chest control.
  addEmpty('chest_ik', [0.03, 0.05, 1.53]);
  g.constrain(B('spine3'), 'constraint/ik', { chainCount: 3 }, { target: 'chest_ik' });
  g.constrain(B('neck'), 'constraint/limit-rotation', { useLimitX: true, minX: -0.4, maxX: 0.4, useLimitZ: true, minZ: -0.5, maxZ: 0.5, ownerSpace: 'LOCAL' });
  addEmpty('look', [0.2, -1.5, 1.7]);
  g.constrain(B('head'), 'constraint/damped-track', { trackAxis: 'TRACK_NEGATIVE_Z' }, { target: 'look' });
  g.constrain(B('head'), 'constraint/limit-rotation', { useLimitX: true, minX: -0.6, maxX: 0.6, useLimitY: true, minY: -0.3, maxY: 0.3, ownerSpace: 'LOCAL' });
  addEmpty('eyes', [0.1, -1.0, 1.75]);
  for (const side of ['L', 'R']) g.constrain(B(`eye.${side}`), 'constraint/damped-track', { trackAxis: 'TRACK_Y' }, { target: 'eyes' });
  // Jaw: opens and closes with time (time → sin → map range → influence).
  const time = g.node('value/time', { fps: 24 });
  const sin = g.node('math/float', { operation: 'sin' });
  g.link(time, 'seconds', sin, 'a');
  const jawInf = g.node('math/float', { operation: 'map-range', fromMin: -1, fromMax: 1, toMin: 0, toMax: 1, clamp: true });
  g.link(sin, 'value', jawInf, 'a');
  const jaw = g.constrain(B('jaw'), 'constraint/copy-rotation', { ...local, useY: false, useZ: false, mixMode: 'ADD' }, { target: B('neck') });
  g.link(jawInf, 'value', jaw, 'influence');

  for (const [side, s] of [['L', 1], ['R', -1]] as const) {
    // Arms and legs: two-bone IK with poles.
    addEmpty(`hand_ik.${side}`, [0.62 * s, -0.15, 1.25]);
    addEmpty(`elbow_pole.${side}`, [0.45 * s, 0.5, 1.4]);
    g.constrain(B(`forearm.${side}`), 'constraint/ik', { chainCount: 2, poleAngle: 0 }, { target: `hand_ik.${side}`, pole: `elbow_pole.${side}` });
    addEmpty(`foot_ik.${side}`, [0.12 * s, -0.1, 0.15]);
    addEmpty(`knee_pole.${side}`, [0.1 * s, -0.8, 0.55]);
    g.constrain(B(`shin.${side}`), 'constraint/ik', { chainCount: 2, poleAngle: Math.PI / 2 }, { target: `foot_ik.${side}`, pole: `knee_pole.${side}` });
    // Hands and feet take their control's rotation; the hand's influence fades with the reach
    // (distance from shoulder to control → map range).
    const hand = g.constrain(B(`hand.${side}`), 'constraint/copy-rotation', {}, { target: `hand_ik.${side}` });
    const dist = g.node('math/vector', { operation: 'distance' });
    g.link(g.read(`hand_ik.${side}`), 'head', dist, 'a');
    g.link(g.read(B(`upperarm.${side}`)), 'head', dist, 'b');
    const handInf = g.node('math/float', { operation: 'map-range', fromMin: 0.6, fromMax: 0.2, toMin: 0.5, toMax: 1, clamp: true });
    g.link(dist, 'value', handInf, 'a');
    g.link(handInf, 'value', hand, 'influence');
    g.constrain(B(`foot.${side}`), 'constraint/copy-rotation', {}, { target: `foot_ik.${side}` });
    // Twist bones take part of the next bone's Y rotation.
    g.constrain(B(`upperarm_twist.${side}`), 'constraint/copy-rotation', { ...local, useX: false, useZ: false, influence: 0.5 }, { target: B(`forearm.${side}`) });
    g.constrain(B(`forearm_twist.${side}`), 'constraint/copy-rotation', { ...local, useX: false, useZ: false, influence: 0.5 }, { target: B(`hand.${side}`) });
    g.constrain(B(`thigh_twist.${side}`), 'constraint/copy-rotation', { ...local, useX: false, useZ: false, influence: 0.5 }, { target: B(`shin.${side}`) });
    // Fingers: the last joint follows the middle one; the first joints are limited.
    for (const f of ['thumb', 'index', 'middle', 'ring', 'pinky']) {
      g.constrain(B(`${f}3.${side}`), 'constraint/copy-rotation', { ...local, mixMode: 'REPLACE' }, { target: B(`${f}2.${side}`) });
      if (f !== 'thumb') g.constrain(B(`${f}1.${side}`), 'constraint/limit-rotation', { useLimitX: true, minX: -0.2, maxX: 1.4, useLimitZ: true, minZ: -0.3, maxZ: 0.3, ownerSpace: 'LOCAL' });
    }
  }
  const { nodes, links } = g.finish();
  return {
    name: 'humanoid',
    graph: { format: GRAPH_FORMAT, version: 1, nodes, links },
    scene: { format: SCENE_FORMAT, version: 1, objects },
    targets,
  };
}

/**
 * 1,000 bones (20 tentacles of 50) and 300 constraints of mixed kinds: per tentacle a two-bone IK
 * with a pole at the tip, and 14 others drawn from copy/limit/track kinds, some targeting bones of
 * earlier tentacles (so owners depend on each other), some targeting empties.
 */
export function largeRig(bonesTotal = 1000, constraintsTotal = 300): BenchRig {
  const A = 'Big';
  const a = new ArmatureBuilder();
  const r = rng(1234);
  const tentacles = 20;
  const per = Math.floor(bonesTotal / tentacles);
  const objects: SceneObject[] = [{ name: A, type: 'ARMATURE', location: [0, 0, 0], bones: a.bones }];
  const targets: string[] = [];
  for (let t = 0; t < tentacles; t++) {
    const ang = (t / tentacles) * 2 * Math.PI;
    const dir: V3 = [Math.cos(ang), Math.sin(ang), 0.3];
    let head: V3 = [0, 0, 1];
    let parent: string | undefined;
    for (let i = 0; i < per; i++) {
      const step = 0.08;
      const tail: V3 = [head[0] + dir[0] * step, head[1] + dir[1] * step, head[2] + dir[2] * step + (i % 2 ? 0.01 : -0.01)];
      parent = a.bone(`t${t}_${i}`, head, tail, parent, { rotation_euler: [(r() - 0.5) * 0.2, (r() - 0.5) * 0.2, (r() - 0.5) * 0.2] });
      head = tail;
    }
    const tip = a.tail(`t${t}_${per - 1}`);
    objects.push(empty(`goal${t}`, [tip[0] * 0.9, tip[1] * 0.9, tip[2] - 0.3]));
    objects.push(empty(`pole${t}`, [tip[0] * 0.8, tip[1] * 0.8, tip[2] + 1]));
    targets.push(`goal${t}`, `pole${t}`);
  }
  for (let i = 0; i < 10; i++) {
    objects.push(empty(`ctl${i}`, [(r() - 0.5) * 8, (r() - 0.5) * 8, r() * 3]));
    targets.push(`ctl${i}`);
  }
  const B = (t: number, i: number) => `${A}/t${t}_${i}`;
  const g = new GraphBuilder();
  let count = 0;
  for (let t = 0; t < tentacles; t++) {
    g.constrain(B(t, per - 1), 'constraint/ik', { chainCount: 2 }, { target: `goal${t}`, pole: `pole${t}` });
    count++;
  }
  const kinds = ['copy-rotation', 'limit-rotation', 'damped-track', 'copy-location', 'limit-location', 'track-to', 'copy-scale', 'limit-scale'] as const;
  const perTentacle = Math.ceil((constraintsTotal - count) / tentacles);
  for (let t = 0; t < tentacles && count < constraintsTotal; t++) {
    for (let k = 0; k < perTentacle && count < constraintsTotal; k++) {
      // Spread over the tentacle, away from the IK chain at the tip.
      const i = 1 + Math.floor((k * (per - 4)) / perTentacle);
      const owner = B(t, i);
      const kind = kinds[(t * perTentacle + k) % kinds.length];
      const boneTarget = t > 0 ? B(Math.floor(r() * t), 1 + Math.floor(r() * (per - 2))) : `ctl${k % 10}`;
      const ctl = `ctl${Math.floor(r() * 10)}`;
      switch (kind) {
        case 'copy-rotation': g.constrain(owner, 'constraint/copy-rotation', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL', influence: 0.5 }, { target: boneTarget }); break;
        case 'limit-rotation': g.constrain(owner, 'constraint/limit-rotation', { useLimitX: true, minX: -0.1, maxX: 0.1, useLimitZ: true, minZ: -0.05, maxZ: 0.05, ownerSpace: 'LOCAL' }); break;
        case 'damped-track': g.constrain(owner, 'constraint/damped-track', { trackAxis: 'TRACK_Y', influence: 0.3 }, { target: ctl }); break;
        case 'copy-location': g.constrain(owner, 'constraint/copy-location', { useOffset: true, ownerSpace: 'LOCAL', targetSpace: 'LOCAL', influence: 0.2 }, { target: boneTarget }); break;
        case 'limit-location': g.constrain(owner, 'constraint/limit-location', { useMinZ: true, minZ: 0.5, ownerSpace: 'WORLD' }); break;
        case 'track-to': g.constrain(owner, 'constraint/track-to', { trackAxis: 'TRACK_Y', upAxis: 'UP_Z', influence: 0.25 }, { target: ctl }); break;
        case 'copy-scale': g.constrain(owner, 'constraint/copy-scale', { ownerSpace: 'LOCAL', targetSpace: 'LOCAL', influence: 0.5 }, { target: boneTarget }); break;
        case 'limit-scale': g.constrain(owner, 'constraint/limit-scale', { useMaxX: true, maxX: 1.05, useMaxY: true, maxY: 1.05, useMaxZ: true, maxZ: 1.05, ownerSpace: 'LOCAL' }); break;
      }
      count++;
    }
  }
  const { nodes, links } = g.finish();
  return {
    name: 'large',
    graph: { format: GRAPH_FORMAT, version: 1, nodes, links },
    scene: { format: SCENE_FORMAT, version: 1, objects },
    targets,
  };
}

/** Counts constraint nodes and bones of a rig (for the report). */
export function rigStats(rig: BenchRig): { bones: number; constraints: number; nodes: number } {
  const bones = rig.scene.objects.reduce((n, o) => n + (o.bones?.length ?? 0), 0);
  const constraints = rig.graph.nodes.filter((n) => n.type.startsWith('constraint/')).length;
  return { bones, constraints, nodes: rig.graph.nodes.length };
}
