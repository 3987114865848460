// The same 10-bone chain and goals for Sinew's chain IK (FABRIK) and three.js's CCDIKSolver, each
// run until the end effector is within 1e-4 of the goal, or — for goals out of reach — within 1e-4
// of the best possible distance (the straight chain pointing at the goal).
import { Bone, Object3D, Vector3 } from 'three';
import { CCDIKSolver } from 'three/examples/jsm/animation/CCDIKSolver.js';
import { GRAPH_FORMAT, type GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';
import { restMatrix, rng } from './rigs';

type V3 = [number, number, number];
export const CHAIN_BONES = 10;
export const BONE_LENGTH = 0.1;
export const TOLERANCE = 1e-4;

/** Joint positions of the rest chain: a gentle zigzag up Y, `CHAIN_BONES` segments of `BONE_LENGTH`. */
export function chainJoints(): V3[] {
  const joints: V3[] = [[0, 0, 0]];
  for (let i = 0; i < CHAIN_BONES; i++) {
    const d: V3 = [0.15 * (i % 2 ? -1 : 1), 1, 0.05];
    const l = Math.hypot(...d);
    const p = joints[i];
    joints.push([p[0] + (d[0] / l) * BONE_LENGTH, p[1] + (d[1] / l) * BONE_LENGTH, p[2] + (d[2] / l) * BONE_LENGTH]);
  }
  return joints;
}

/** Goals: most within reach (0.3–0.85 from the root of a 1.0 chain), two beyond it. */
export function chainGoals(count = 16): V3[] {
  const r = rng(99);
  const goals: V3[] = [];
  for (let i = 0; i < count; i++) {
    const far = i >= count - 2;
    const dist = far ? 1.3 + 0.1 * (i - count + 2) : 0.3 + 0.55 * r();
    let d: V3 = [r() - 0.5, r() * 0.8 + 0.2, r() - 0.5];
    const l = Math.hypot(...d);
    d = [d[0] / l, d[1] / l, d[2] / l];
    goals.push([d[0] * dist, d[1] * dist, d[2] * dist]);
  }
  return goals;
}

/** How far from the goal the end may be: `TOLERANCE`, beyond the best a chain of total length can do. */
export function allowedDistance(goal: V3, root: V3, total: number): number {
  const d = Math.hypot(goal[0] - root[0], goal[1] - root[1], goal[2] - root[2]);
  return Math.max(0, d - total) + TOLERANCE;
}

export interface ChainSetup {
  goals: V3[];
  /** Solves every goal once, from the rest pose. */
  solveAll(): void;
  /** End effector after solving goal i (solves it). */
  solveOne(i: number): V3;
}

/** Sinew: the chain as an armature, an IK constraint on its last bone (chain length 10), tolerance 1e-4. */
export function sinewChain(goals = chainGoals()): ChainSetup & { program: Program } {
  const joints = chainJoints();
  const bones = [];
  for (let i = 0; i < CHAIN_BONES; i++) {
    bones.push({ name: `b${i}`, parent: i ? `b${i - 1}` : null, matrix_local: restMatrix(joints[i], joints[i + 1]), length: BONE_LENGTH, use_connect: i > 0 });
  }
  const scene: SceneDocument = {
    format: SCENE_FORMAT,
    version: 1,
    objects: [{ name: 'Chain', type: 'ARMATURE', bones }, { name: 'Goal', type: 'EMPTY', location: goals[0] }],
  };
  const tip = `Chain/b${CHAIN_BONES - 1}`;
  const graph: GraphDocument = {
    format: GRAPH_FORMAT,
    version: 1,
    nodes: [
      { id: 'in', type: 'owner/input', params: { owner: tip }, position: [0, 0] },
      { id: 'goal', type: 'owner/read', params: { owner: 'Goal' }, position: [0, 0] },
      { id: 'ik', type: 'constraint/ik', params: { chainCount: CHAIN_BONES, tolerance: TOLERANCE, iterations: 10000 }, position: [0, 0] },
      { id: 'out', type: 'owner/output', params: { owner: tip }, position: [0, 0] },
    ],
    links: [
      { from: { node: 'in', socket: 'transform' }, to: { node: 'ik', socket: 'owner' } },
      { from: { node: 'goal', socket: 'transform' }, to: { node: 'ik', socket: 'target' } },
      { from: { node: 'ik', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
    ],
  };
  const program = compile(graph, scene);
  const goal = program.owner('Goal')!.basis;
  const end = program.ownerMatrix(tip)!;
  const solve = (i: number) => {
    const g = goals[i];
    goal[12] = g[0]; goal[13] = g[1]; goal[14] = g[2];
    program.evaluate();
  };
  return {
    program,
    goals,
    solveAll() {
      for (let i = 0; i < goals.length; i++) solve(i);
    },
    solveOne(i) {
      solve(i);
      return [end[12] + end[4] * BONE_LENGTH, end[13] + end[5] * BONE_LENGTH, end[14] + end[6] * BONE_LENGTH];
    },
  };
}

/**
 * three.js: the same chain as a bone hierarchy (an effector bone at the last tail, a target bone at
 * the goal), solved by CCDIKSolver from the rest pose with, per goal, the fewest iterations that
 * reach the goal (found once, beforehand, by stepping one iteration at a time).
 */
export function threeChain(goals = chainGoals(), maxIterations = 20000): ChainSetup & { iterations: number[]; converged: boolean[] } {
  const joints = chainJoints();
  const root = new Object3D();
  const bones: Bone[] = [];
  for (let i = 0; i <= CHAIN_BONES; i++) {
    const b = new Bone();
    const p = i === 0 ? [0, 0, 0] : joints[i - 1];
    b.position.set(joints[i][0] - p[0], joints[i][1] - p[1], joints[i][2] - p[2]);
    (i === 0 ? root : bones[i - 1]).add(b);
    bones.push(b);
  }
  const target = new Bone();
  root.add(target);
  bones.push(target);
  const links = [];
  for (let i = CHAIN_BONES - 1; i >= 0; i--) links.push({ index: i });
  const ik = { target: CHAIN_BONES + 1, effector: CHAIN_BONES, links, iteration: 1 };
  const mesh = { skeleton: { bones } } as unknown as ConstructorParameters<typeof CCDIKSolver>[0];
  const solver = new CCDIKSolver(mesh, [ik]);
  const effector = bones[CHAIN_BONES];
  const world = new Vector3();

  const reset = (i: number) => {
    for (let k = 0; k < CHAIN_BONES; k++) bones[k].quaternion.identity();
    const g = goals[i];
    target.position.set(g[0], g[1], g[2]);
    root.updateMatrixWorld(true);
  };
  const endOf = (): V3 => {
    world.setFromMatrixPosition(effector.matrixWorld);
    return [world.x, world.y, world.z];
  };

  // Calibration: the iterations each goal needs.
  const iterations: number[] = [];
  const converged: boolean[] = [];
  goals.forEach((g, i) => {
    reset(i);
    const allowed = allowedDistance(g, [0, 0, 0], CHAIN_BONES * BONE_LENGTH);
    ik.iteration = 1;
    let n = 0;
    let ok = false;
    while (n < maxIterations) {
      solver.update();
      n++;
      const e = endOf();
      if (Math.hypot(e[0] - g[0], e[1] - g[1], e[2] - g[2]) <= allowed) { ok = true; break; }
    }
    iterations.push(n);
    converged.push(ok);
  });

  const solve = (i: number) => {
    reset(i);
    ik.iteration = iterations[i];
    solver.update();
  };
  return {
    goals,
    iterations,
    converged,
    solveAll() {
      for (let i = 0; i < goals.length; i++) solve(i);
    },
    solveOne(i) {
      solve(i);
      return endOf();
    },
  };
}
