// Inverse Kinematics (Blender's IK constraint, legacy solver): turns a chain of bones so its end
// reaches the target, optionally keeping the bend towards a pole. Blender runs it after the chain's
// own stacks, as a tree solve; Sinew's compiler does the same from `writes()`: every chain bone's
// stack runs first (a child starting from its parent's pre-IK matrix), then this kernel reads those
// results from the bones' `final` views, solves in armature space and writes the chain back.
//
// Solver BLENDER (the importer's default): Blender 3.4's legacy solver itself, ported in
// nodes/math/ik-blender/ (blender-solve.ts binds it): bone locks, limits, stiffness, IK Stretch,
// the rotation goal, weights, and Blender's iteration path, so an imported rig lands where Blender
// lands. Solvers ('AUTO'): one bone is aimed; two bones are solved in closed form (README, measured fact 2:
// pole pre-rotation, then the triangle) — within 3.3e-4 of Blender's iterative solver with a pole,
// exact on the end effector without one; longer chains use FABRIK after the same pole
// pre-rotation. Out-of-reach targets give the straight chain pointing at them.
//
// Influence as Blender applies it to IK: with a pole, each bone's local IK rotation is slerped from
// identity by the influence and the chain rebuilt from parent to child; without a pole, the target
// is first blended with the chain's current end (iksolver_plugin.c).
import { transform, type BindEnv } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { createChainWork, measureSegments, solveAim, type ChainWork } from '../../math/ik-chain';
import { solveFabrik } from '../../math/ik-fabrik';
import { polePreRotation } from '../../math/ik-pole';
import { blendPoses, rotatePose } from '../../math/ik-pose';
import { solveTwoBone } from '../../math/ik-two-bone';
import { KeptInverse } from '../../math/kept-inverse';
import { copyMat4, invertMat4, identityMat3, multiplyMat4, transformPointByMat4Of } from '../../math/matrix';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';
import { influenceInto } from '../param-values';
import { activeChain, chainWrites, createPoses, gatherChain, inactiveChain, readChainPoses, type ChainState } from './chain';
import { hypot3Into } from '../../math/hypot';
import { params, type IkParams } from './ik-params';
import { carriedOwnerOf, carryOwner, type CarriedOwner } from './carried-owner';
import { bindBlenderIk, bindBlenderTree, solveBlenderIk, solveBlenderTree, type BlenderIkState, type BlenderTreeState } from './blender-solve';

/** RNA properties of Blender's IK that the legacy solver never reads (they belong to iTaSC). */
const ITASC_ONLY = [
  'reference_axis', 'ik_type', 'limit_mode', 'distance',
  'lock_location_x', 'lock_location_y', 'lock_location_z',
  'lock_rotation_x', 'lock_rotation_y', 'lock_rotation_z',
] as const;

export interface IkState extends ChainState {
  /** Whether the last chain bone is the owner itself (read from `io.in.owner`), else its parent. */
  tipInChain: boolean;
  /** With the last chain bone the owner's parent: the owner, carried by it. */
  carried: CarriedOwner | undefined;
  usePole: boolean;
  /**
   * Rest length of the last chain bone (its tail is the end effector), in endLength[0]: states are
   * built by spreading, so their shapes differ from node to node, and V8 boxes a double read from
   * a field of objects of several shapes; an array element it does not.
   */
  endLength: Float64Array;
  wk: ChainWork;
  /** Blender's own solver (Solver = BLENDER), built at bind. */
  blender: BlenderIkState | undefined;
  /** Solver BLENDER in a tree of several chains (BindEnv.ikTree): the leader solves it all, a member passes through. */
  tree: BlenderTreeState | undefined;
  member: boolean;
  /** Solver BLENDER: the influences of the bone's earlier IKs (IkShadowBinding); this one acts only while they are all 0. */
  shadowedBy: Float64Array[];
  /** The chain's solved world matrices (armature · post), made once: checked finite, then written. */
  worlds: Float64Array[];
}

// Scratch shared by every IK node (kernels run one at a time).
// The armature's inverse: every IK of a rig inverts the same matrix each frame (the large bench
// rig's 20), so it is kept while that matrix stays the same.
const armature = new KeptInverse(invertMat4);
const armInv = armature.inverse;
const preRot = new Float64Array(9);
const G = new Float64Array(3);
const P = new Float64Array(3);
// The clamped influence, passed on in an array: V8 boxes a double passed to a call it does not inline.
const inf = new Float64Array(1);
const dist = new Float64Array(3);

function inactiveState(): IkState {
  return { ...inactiveChain(), tipInChain: true, carried: undefined, usePole: false, endLength: new Float64Array(1), wk: createChainWork(0), blender: undefined, tree: undefined, member: false, shadowedBy: [], worlds: [] };
}

/** Whether an input is wired; until BindEnv can say so, a pole counts when it comes from an owner. */
function isConnected(env: BindEnv, input: string): boolean {
  const ext = env as BindEnv & { connected?(name: string): boolean };
  return typeof ext.connected === 'function' ? ext.connected(input) : env.sourceOwner(input) !== undefined;
}


export const ik = defineConstraint({
  type: 'constraint/ik',
  label: 'Inverse Kinematics',
  category: 'Tracking',
  doc: "Turns a chain of bones so its end reaches the target, bending towards the pole when one is wired (Blender's IK, legacy solver). Two bones are solved in closed form, longer chains with FABRIK; an out-of-reach target straightens the chain towards it.",
  inputs: {
    owner: transform({ doc: 'The stack so far (world matrix) of the bone that ends the chain.' }),
    target: targetInput('What the chain end reaches for: its location (a bone target: its head).'),
    pole: transform({ doc: 'Optional: the chain bends towards this point (its location), rotated by Pole Angle.' }),
  },
  outputs: { owner: transform({ doc: 'The owner after IK (world matrix).' }) },
  params,
  constraint: { targets: ['target', 'pole'], blend: 'self', runsAtZeroInfluence: (s) => (s as IkState).tree !== undefined },
  blender: {
    type: 'IK',
    params: {
      chain_count: 'chainCount',
      use_tail: 'useTail',
      pole_angle: 'poleAngle',
      iterations: 'iterations',
      use_location: 'useLocation',
      use_rotation: 'useRotation',
      use_stretch: 'useStretch',
      weight: 'weight',
      orient_weight: 'orientWeight',
    },
    // A rig from Blender is solved by Blender's own solver.
    convert: () => ({ solver: 'BLENDER' }),
    ignore: [
      // Not in Blender's IK panel: targets are read in world space.
      'owner_space', 'target_space',
      ...ITASC_ONLY,
    ],
  },
  writes: (p, ownerOf, stackOwner) => chainWrites(p.chainCount, !p.useTail, ownerOf, stackOwner),
  scheduleParams: ['chainCount', 'useTail'],
  // Blender's solver joins chains sharing a root into one tree (a use_tail-off chain too, its tip
  // then the owner's parent).
  ikTree: (p) => (p.solver === 'BLENDER' ? { iterations: Math.max(0, p.iterations), stretch: p.useStretch, tipInChain: p.useTail } : undefined),
  bind(env, p) {
    const chain = gatherChain(env, p.chainCount, !p.useTail);
    if (!chain) return inactiveState();
    const grouping = p.solver === 'BLENDER' ? env.ikTree?.() : undefined;
    const shadowedBy = grouping?.role === 'shadowed' ? grouping.earlier.map((i) => i.influence) : [];
    const treeBinding = grouping?.role === 'shadowed' ? undefined : grouping;
    if (treeBinding?.role === 'member') return { ...inactiveState(), member: true };
    if (treeBinding) return { ...inactiveState(), ...activeChain(chain), tree: bindBlenderTree(treeBinding, chain.tip, env.wasm !== false) };
    const n = chain.bones.length;
    const wk = createChainWork(n);
    wk.poleAngle = p.poleAngle;
    wk.iterations = Math.max(1, p.iterations);
    wk.tolerance = p.tolerance;
    const usePole = isConnected(env, 'pole');
    return {
      blender: p.solver === 'BLENDER' ? bindBlenderIk(chain, p, usePole, env.wasm !== false) : undefined,
      tree: undefined,
      member: false,
      ...activeChain(chain),
      tipInChain: chain.tipInChain,
      carried: chain.tipInChain ? undefined : carriedOwnerOf(chain.tip, chain.bones[n - 1]),
      usePole: isConnected(env, 'pole'),
      endLength: Float64Array.of(chain.bones[n - 1].bone!.length),
      wk,
      shadowedBy,
      worlds: createPoses(n),
    };
  },
  kernel(io, p, s) {
    const out = io.out.owner;
    const own = io.in.owner;
    influenceInto(inf, io.in.influence);
    // Without Location the AUTO and FABRIK solvers have no goal and pass the owner through. Blender's
    // solver runs even with no goal at all (neither Location nor Rotation): nothing pulls the chain,
    // but each bone's basis becomes an IK segment's, which keeps only its free axes, so a bone locked
    // on an axis loses its rotation about it (rigs.py random_ik3: a Z-locked bone, 0.19 off).
    const noGoal = !p.useLocation && s.tree === undefined && s.blender === undefined;
    // A tree's leader solves whichever of its chains are on, its own or not (active-trees.ts).
    if (!s.active || (inf[0] === 0 && !s.tree) || noGoal || isShadowed(s.shadowedBy) || !armature.of(s.armature!.final)) {
      out.set(own);
      return;
    }
    if (s.tree) { solveBlenderTree(s.tree, own, out, armInv, s.armature!.final); return; }
    if (s.blender) solveBlenderIk(s.blender, s, io.in.owner, io.in.target, io.in.pole, armInv, inf[0]);
    else solveChain(io.in.owner, io.in.target, io.in.pole, p, s);
    const arm = s.armature!.final;
    const { n, post, worlds } = s;
    // A solved chain whose world matrices pass the double range (a stretched chain far from a
    // 1e300 armature: ∞ − ∞ in arm · post) is not written: the constraint passes through, as any
    // constraint whose result overflows does (finishOrPass), and the chain keeps its matrices.
    for (let i = 0; i < n; i++) {
      if (!finishOrPass(multiplyMat4(worlds[i], arm, post[i]), own)) { out.set(own); return; }
    }
    if (s.carried) {
      // The owner hangs from the moved chain end (carried-owner.ts).
      if (!carryOwner(out, own, s.carried, s.pre[n - 1], post[n - 1], arm, armInv)) { out.set(own); return; }
      if (!finishOrPass(out, own)) return;
    }
    // The chain's world matrices as made above (chain.ts writeChainFinals makes the same products).
    const tip = s.tipInChain ? out : undefined;
    for (let i = 0; i < n; i++) copyMat4(tip && i === n - 1 ? tip : s.bones[i].final, worlds[i]);
  },
});

/** Whether an earlier IK of the bone takes Blender's solve this frame (its influence, as Blender reads it, is not 0). */
function isShadowed(influences: Float64Array[]): boolean {
  for (let i = 0; i < influences.length; i++) if (influences[i][0] !== 0) return true;
  return false;
}

/** Solves the chain into `s.post` (armature space). `armInv` holds the armature's inverse, `inf` the influence. */
function solveChain(owner: Float64Array, target: Float64Array, pole: Float64Array, p: IkParams, s: IkState): void {
  const { n, pre, post, wk } = s;
  readChainPoses(pre, armInv, s.bones, s.tipInChain ? owner : undefined);
  for (let i = 0; i < n; i++) {
    wk.joints[i][0] = pre[i][12]; wk.joints[i][1] = pre[i][13]; wk.joints[i][2] = pre[i][14];
  }
  const last = pre[n - 1], L = s.endLength[0], end = wk.joints[n];
  end[0] = last[12] + last[4] * L; end[1] = last[13] + last[5] * L; end[2] = last[14] + last[6] * L;
  measureSegments(wk);
  const f = inf[0];

  G[0] = target[12]; G[1] = target[13]; G[2] = target[14];
  transformPointByMat4Of(G, armInv, G);
  if (s.usePole) {
    P[0] = pole[12]; P[1] = pole[13]; P[2] = pole[14];
    transformPointByMat4Of(P, armInv, P);
    polePreRotation(preRot, pre[0], wk, G, P);
  } else {
    identityMat3(preRot);
    if (f < 1) {
      // Without a pole Blender blends the goal with the chain's current end, then solves fully.
      G[0] = end[0] + (G[0] - end[0]) * f; G[1] = end[1] + (G[1] - end[1]) * f; G[2] = end[2] + (G[2] - end[2]) * f;
    }
  }

  const fabrik = p.solver === 'FABRIK';
  if (n === 1) solveAim(wk, G, preRot);
  else if (n === 2 && !fabrik) solveTwoBone(wk, G, preRot);
  else solveFabrik(wk, G, preRot);

  const blendRotations = s.usePole && f < 1;
  if (!blendRotations) {
    for (let i = 0; i < n; i++) rotatePose(post[i], wk.rot[i], pre[i], wk.rebuilt[i]);
  } else {
    // Blender: each bone's local IK rotation slerped from identity, the chain rebuilt parent first.
    blendPoses(post, pre, wk.rot, n, inf);
  }

  if (p.useStretch) stretch(s, blendRotations);
}

/**
 * Sinew's stretch: an out-of-reach chain scaled along its bones so its end lands on the goal (by
 * the influence `inf` when the rotations were blended by it, else fully).
 */
function stretch(s: IkState, blended: boolean): void {
  // The chain's total length, summed here from the segments (a helper returning it would box it).
  let total = 0;
  for (let i = 0; i < s.n; i++) total += s.wk.seg[i];
  if (!(total > 0)) return;
  const f = blended ? inf[0] : 1;
  const R = s.wk.joints[0];
  const dx = G[0] - R[0], dy = G[1] - R[1], dz = G[2] - R[2];
  const m = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
  let D = 0;
  if (m > 0) {
    dist[0] = dx / m; dist[1] = dy / m; dist[2] = dz / m;
    hypot3Into(dist, 0, dist);
    D = m * dist[0];
  }
  if (!(D > total) || !Number.isFinite(D)) return;
  const k = 1 + (D / total - 1) * f;
  const { post, n } = s;
  const L = s.endLength[0];
  // A goal ~1e300 away from a chain of 1e-12 bones asks for a stretch past the double range (k or
  // the stretched axes/heads overflow, and ∞·0 gives NaN): the chain is then left unstretched,
  // straightened towards the goal, as without Stretch.
  if (!Number.isFinite(k)) return;
  {
    let qx = post[0][12], qy = post[0][13], qz = post[0][14];
    for (let i = 0; i < n; i++) {
      const a = post[i];
      const nx = i + 1 < n ? post[i + 1][12] : a[12] + a[4] * L;
      const ny = i + 1 < n ? post[i + 1][13] : a[13] + a[5] * L;
      const nz = i + 1 < n ? post[i + 1][14] : a[14] + a[6] * L;
      qx += (nx - a[12]) * k; qy += (ny - a[13]) * k; qz += (nz - a[14]) * k;
      if (!Number.isFinite(qx + qy + qz) || !Number.isFinite(a[4] * k) || !Number.isFinite(a[5] * k) || !Number.isFinite(a[6] * k)) return;
    }
  }
  // Heads move along the chain's own segments, scaled; each bone's Y axis scales by the same factor.
  let px = post[0][12], py = post[0][13], pz = post[0][14];
  for (let i = 0; i < n; i++) {
    const a = post[i];
    const nx = i + 1 < n ? post[i + 1][12] : a[12] + a[4] * L;
    const ny = i + 1 < n ? post[i + 1][13] : a[13] + a[5] * L;
    const nz = i + 1 < n ? post[i + 1][14] : a[14] + a[6] * L;
    const sx = (nx - a[12]) * k, sy = (ny - a[13]) * k, sz = (nz - a[14]) * k;
    a[12] = px; a[13] = py; a[14] = pz;
    a[4] *= k; a[5] *= k; a[6] *= k;
    px += sx; py += sy; pz += sz;
  }
}
