// Blender's IK tree (iksolver_plugin.cc): the bones of one or more IK chains that share a root,
// turned into solver segments (execute_posetree: each bone's pose basis with its rest rotation and
// its parent's pose removed, its offset from the parent's tail, its length; locks, limits,
// stiffness and IK Stretch), goals in the root's frame, the solve, and the result written back as
// pose = parent_after · parent_before⁻¹ · pose_before · basis_change (where_is_ik_bone, with
// Blender's handling of non-uniform scale). Matrices here are Sinew's column-major 4x4 in armature
// space; the solver's are row-major 3x3. Built at compile time; a solve allocates nothing.
import { invertMat4, multiplyMat4 } from '../matrix';
import { mat3ToQuat, mat4ToQuat, slerpQuatBy, quatToMat3 } from '../quaternion';
import { invert3, mul3, mulVec3 } from './math';
import { Segment, rotationSegmentFor } from './segment';
import { SegKind } from './segment-slots';
import { IkSolver } from './solver';
import { Task, TaskKind } from './tasks';

/** A bone's IK settings, as Blender's pose bone carries them (radians). */
export interface BlenderIkBone {
  lock: readonly [boolean, boolean, boolean];
  useLimit: readonly [boolean, boolean, boolean];
  min: readonly [number, number, number];
  max: readonly [number, number, number];
  stiffness: readonly [number, number, number];
  stretch: number;
  /** Rest length. */
  length: number;
  /** Blender's bone_mat: the rest rotation relative to the parent bone, column-major 3x3. */
  boneMat: ArrayLike<number>;
}

export interface BlenderIkTreeSpec {
  bones: BlenderIkBone[];
  /** Tree index of each bone's parent, −1 for the root (parents come first). */
  parent: number[];
  /** Whether each bone's armature parent exists (a root may hang from a bone outside the tree). */
  hasArmatureParent: boolean[];
  /** Blender's tree stretch: its first chain's Stretch, as tree-group.ts combines them. */
  stretch: boolean;
  targets: { tip: number; position: boolean; rotation: boolean; pole: boolean }[];
  iterations: number;
  /** Whether the Jacobian may be inverted on its WebAssembly kernel (default true; the same bits). */
  kernel?: boolean;
}

const IK_STRETCH_STIFF_MIN = 0.001;
const IK_STRETCH_STIFF_MAX = 1e10;

const r3 = new Float64Array(9);
const p3 = new Float64Array(9);
const ip3 = new Float64Array(9);
const basis = new Float64Array(9);
const start = new Float64Array(3);
const change = new Float64Array(9);
const rootmat = new Float64Array(16);
const goalinv = new Float64Array(16);
const m4 = new Float64Array(16);
const m4b = new Float64Array(16);
const ik4 = new Float64Array(16);

export class BlenderIkTree {
  readonly spec: BlenderIkTreeSpec;
  readonly solver: IkSolver;
  /** Per bone: its first (rotation, or only) segment and its last (translation when stretching). */
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  /** Per target: its position task (or undefined) and orientation task. */
  private readonly posTask: (Task | undefined)[];
  private readonly rotTask: (Task | undefined)[];
  private readonly hasStretch: boolean[];
  private readonly anyStretch: boolean;
  private readonly ikstretch: Float64Array;
  private readonly changes: Float64Array[];
  /**
   * Per bone, read every frame: its rest length, and its rest basis (bone_mat, row-major) in
   * double and as the solver is handed it (float32). Kept in typed arrays: a double read from the
   * spec's bone objects, whose shapes vary, goes through a megamorphic load that boxes it.
   */
  private readonly lengths: Float64Array;
  private readonly rests: Float64Array[];
  private readonly restsF: Float64Array[];

  constructor(spec: BlenderIkTreeSpec) {
    this.spec = spec;
    const n = spec.bones.length;
    // IK_CreateSegment per bone, children listed as Blender links them (newest first).
    const made: Segment[] = [];
    const children: number[][] = [];
    const headOf: number[] = [], tailOf: number[] = [];
    this.hasStretch = [];
    for (let a = 0; a < n; a++) {
      const b = spec.bones[a];
      const stretch = spec.stretch && b.stretch > 0;
      this.hasStretch.push(stretch);
      const rot = rotationSegmentFor(!b.lock[0], !b.lock[1], !b.lock[2]);
      const trans = stretch ? new Segment(SegKind.Translate, [1]) : undefined;
      let h: number, t: number;
      if (!rot && !trans) { made.push(new Segment(SegKind.Null, [])); children.push([]); h = t = made.length - 1; }
      else if (!rot) { made.push(trans!); children.push([]); h = t = made.length - 1; }
      else {
        made.push(rot); children.push([]); h = made.length - 1;
        if (trans) { made.push(trans); children.push([]); t = made.length - 1; children[h].push(t); made[h].composite = t; }
        else t = h;
      }
      headOf.push(h); tailOf.push(t);
      if (a > 0) children[tailOf[spec.parent[a]]].push(h);
    }
    // Depth first from the root, the last linked child first (IK_QSegment::SetParent prepends).
    const order: number[] = [];
    const visit = (i: number) => { order.push(i); for (let c = children[i].length - 1; c >= 0; c--) visit(children[i][c]); };
    visit(headOf[0]);
    const where = new Map(order.map((seg, k) => [seg, k]));
    const segs = order.map((i) => made[i]);
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      for (const c of children[i]) made[c].parent = k;
      if (made[i].composite >= 0) made[i].composite = where.get(made[i].composite)!;
    }
    segs[0].parent = -1;
    this.head = Int32Array.from(headOf.map((i) => where.get(i) ?? 0));
    this.tail = Int32Array.from(tailOf.map((i) => where.get(i) ?? 0));
    const tasks: Task[] = [];
    this.posTask = [];
    this.rotTask = [];
    for (const t of spec.targets) {
      const tipSeg = this.tail[t.tip];
      const p = t.position ? new Task(TaskKind.Position, tipSeg) : undefined;
      const r = t.rotation ? new Task(TaskKind.Orientation, tipSeg) : undefined;
      if (p) tasks.push(p);
      if (r) tasks.push(r);
      this.posTask.push(p);
      this.rotTask.push(r);
    }
    this.solver = new IkSolver(segs, tasks, spec.kernel ?? true);
    this.anyStretch = this.hasStretch.some(Boolean);
    this.ikstretch = new Float64Array(n);
    this.changes = Array.from({ length: n }, () => new Float64Array(9));
    this.lengths = Float64Array.from(spec.bones, (b) => b.length);
    this.rests = spec.bones.map((b) => {
      const R = new Float64Array(9);
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) R[r * 3 + c] = b.boneMat[c * 3 + r];
      return R;
    });
    this.restsF = this.rests.map((R) => R.map(Math.fround));
    // Limits and weights (IK_SetLimit, IK_SetStiffness) are the same every frame: set once here,
    // restored by each solve's reset.
    for (let a = 0; a < n; a++) {
      const b = spec.bones[a], h = segs[this.head[a]], t = segs[this.tail[a]];
      for (let ax = 0; ax < 3; ax++) if (b.useLimit[ax]) h.setLimit(ax, b.min[ax], b.max[ax]);
      for (let ax = 0; ax < 3; ax++) { const w = weightOf(b.stiffness[ax]); if (w >= 0) h.setWeight(ax, w); }
      if (this.hasStretch[a]) {
        t.setWeight(1, weightOf(Math.fround(1 - Math.fround(b.stretch * b.stretch))));
        t.setLimit(1, IK_STRETCH_STIFF_MIN, IK_STRETCH_STIFF_MAX);
      }
    }
    for (const seg of segs) seg.saveConfig();
  }

  /**
   * Solves the tree. `pre[a]`: each bone's pose before IK (armature space, column-major); `rootParent`:
   * the root's armature parent pose (or undefined); per target, `goals[t]` its target and `poles[t]`
   * its pole target (armature space), `weights[t]` = [weight, orient_weight, influence, pole angle].
   * Writes `post[a]`.
   */
  solve(pre: Float64Array[], rootParent: Float64Array | undefined, goals: Float64Array[], poles: Float64Array[], weights: Float64Array[], post: Float64Array[]): void {
    const spec = this.spec, n = spec.bones.length, segs = this.solver.segs;
    for (let i = 0; i < segs.length; i++) segs[i].reset();
    for (let a = 0; a < n; a++) {
      const P = pre[a];
      const parentPose = a === 0 ? rootParent : pre[spec.parent[a]];
      // R_bonemat, R_parmat normalized (row-major).
      toRowMajor3(r3, P);
      const sy = Math.sqrt(P[4] * P[4] + P[5] * P[5] + P[6] * P[6]);
      const length = this.lengths[a] * sy;
      normalizeColumns(r3);
      if (parentPose && (a > 0 || spec.hasArmatureParent[0])) { toRowMajor3(p3, parentPose); normalizeColumns(p3); }
      else { p3.fill(0); p3[0] = p3[4] = p3[8] = 1; }
      if (a > 0 && parentPose) {
        const L = this.lengths[spec.parent[a]];
        start[0] = P[12] - (parentPose[12] + parentPose[4] * L);
        start[1] = P[13] - (parentPose[13] + parentPose[5] * L);
        start[2] = P[14] - (parentPose[14] + parentPose[6] * L);
      } else start.fill(0);
      // basis = restᵀ · R_parmat⁻¹ · R_bonemat (rest: bone_mat, row-major).
      const rest = this.rests[a];
      invert3(ip3, p3);
      mul3(basis, ip3, r3);
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) change[r * 3 + c] = rest[c * 3 + r];
      mul3(basis, change, basis);
      mulVec3(start, ip3, start);
      // Blender hands the solver float32 values (IK_SetTransform takes floats).
      fround(basis, 9); fround(start, 3);
      const restF = this.restsF[a];
      // IK_SetTransform: with a translation segment the rotation one has length 0.
      const h = segs[this.head[a]], t = segs[this.tail[a]];
      lengthBox[0] = Math.fround(length);
      if (h !== t) {
        lengthBox[1] = 0;
        h.setTransform(start, restF, basis, lengthBox, 1);
        identity3(change);
        t.setTransform(zero3, change, change, lengthBox, 0);
      } else h.setTransform(start, restF, basis, lengthBox, 0);
    }
    // Goals in the frame of the root: its parent's normalized pose, at the root's head.
    if (rootParent && spec.hasArmatureParent[0]) {
      rootmat.set(rootParent);
      for (let c = 0; c < 3; c++) {
        const l = Math.sqrt(rootmat[c * 4] * rootmat[c * 4] + rootmat[c * 4 + 1] * rootmat[c * 4 + 1] + rootmat[c * 4 + 2] * rootmat[c * 4 + 2]);
        if (l > 0) { rootmat[c * 4] /= l; rootmat[c * 4 + 1] /= l; rootmat[c * 4 + 2] /= l; }
      }
    } else { rootmat.fill(0); rootmat[0] = rootmat[5] = rootmat[10] = rootmat[15] = 1; }
    rootmat[12] = pre[0][12]; rootmat[13] = pre[0][13]; rootmat[14] = pre[0][14];
    invertMat4(goalinv, rootmat);
    const solver = this.solver;
    solver.poleTip = -1;
    let resultBlend = false, resultInf = 1;
    for (let ti = 0; ti < spec.targets.length; ti++) {
      const tg = spec.targets[ti], w = weights[ti];
      multiplyMat4(m4, goalinv, goals[ti]);
      let gx = m4[12], gy = m4[13], gz = m4[14];
      if (tg.pole) {
        multiplyMat4(m4b, goalinv, poles[ti]);
        resultBlend = true;
        resultInf = w[2];
      }
      if (!resultBlend && w[2] !== 1) {
        // Goal blended with the tip's current end (its tail), in the root frame.
        const E = pre[tg.tip], L = this.lengths[tg.tip];
        m4b[12] = E[12] + E[4] * L; m4b[13] = E[13] + E[5] * L; m4b[14] = E[14] + E[6] * L;
        const ex = goalinv[0] * m4b[12] + goalinv[4] * m4b[13] + goalinv[8] * m4b[14] + goalinv[12];
        const ey = goalinv[1] * m4b[12] + goalinv[5] * m4b[13] + goalinv[9] * m4b[14] + goalinv[13];
        const ez = goalinv[2] * m4b[12] + goalinv[6] * m4b[13] + goalinv[10] * m4b[14] + goalinv[14];
        const f = w[2], mf = 1 - f;
        gx = f * gx + mf * ex; gy = f * gy + mf * ey; gz = f * gz + mf * ez;
      }
      const pt = this.posTask[ti];
      if (pt) {
        if (tg.pole) {
          solver.poleTip = this.tail[tg.tip];
          solver.pole[0] = Math.fround(gx); solver.pole[1] = Math.fround(gy); solver.pole[2] = Math.fround(gz);
          solver.pole[3] = Math.fround(m4b[12]); solver.pole[4] = Math.fround(m4b[13]); solver.pole[5] = Math.fround(m4b[14]);
          solver.poleAngle[0] = w[3];
        }
        pt.goal[0] = Math.fround(gx); pt.goal[1] = Math.fround(gy); pt.goal[2] = Math.fround(gz);
        pt.s[0] = Math.sqrt(w[0]);
        pt.computeClampLength(segs);
      }
      const rt = this.rotTask[ti];
      if (rt) {
        toRowMajor3(rt.goal, m4);
        normalizeColumns(rt.goal);
        if (!resultBlend && w[2] !== 1) blendGoalRotation(rt.goal, goalinv, pre[tg.tip], w);
        fround(rt.goal, 9);
        rt.s[0] = Math.sqrt(w[1]);
      }
    }
    solver.solve(spec.iterations);

    // Basis changes, with stretch compensated for the parent's, blended by a pole chain's influence.
    for (let a = 0; a < n; a++) {
      const C = this.changes[a];
      segs[this.head[a]].basisChange(C);
      fround(C, 9);
      if (this.anyStretch) {
        const parentStretch = spec.parent[a] >= 0 ? this.ikstretch[spec.parent[a]] : 1;
        if (this.hasStretch[a]) {
          const t = segs[this.tail[a]];
          const trans = Math.fround(t.translation[1] - t.origTranslation[1]);
          const P = pre[a];
          const length = Math.fround(this.lengths[a] * Math.sqrt(P[4] * P[4] + P[5] * P[5] + P[6] * P[6]));
          this.ikstretch[a] = length === 0 ? 1 : (trans + length) / length;
        } else this.ikstretch[a] = 1;
        const k = parentStretch === 0 ? 1 : this.ikstretch[a] / parentStretch;
        for (let i = 0; i < 9; i++) C[i] *= k;
      }
      if (resultBlend && resultInf !== 1) { infBox[0] = resultInf; blendFromIdentity(C, infBox); }
    }
    // where_is_ik_bone, parents first.
    for (let a = 0; a < n; a++) {
      const P = pre[a], out = post[a];
      const pi = spec.parent[a];
      if (pi >= 0) {
        invertMat4(m4, pre[pi]);
        multiplyMat4(m4, m4, P);
        multiplyMat4(out, post[pi], m4);
      } else out.set(P);
      // Non-uniform scale: X and Z rescaled to Y's length, the IK basis applied, then put back.
      const sx = Math.sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]), sy = Math.sqrt(out[4] * out[4] + out[5] * out[5] + out[6] * out[6]), sz = Math.sqrt(out[8] * out[8] + out[9] * out[9] + out[10] * out[10]);
      lens[0] = sx; lens[1] = sy; lens[2] = sz;
      rescaleColumn(out, 0, lens, 0, 1);
      rescaleColumn(out, 8, lens, 2, 1);
      const C = this.changes[a];
      ik4.fill(0); ik4[15] = 1;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) ik4[c * 4 + r] = C[r * 3 + c];
      multiplyMat4(out, out, ik4);
      lens[3] = Math.sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]); lens[4] = sx * Math.sqrt(C[0] * C[0] + C[3] * C[3] + C[6] * C[6]);
      lens[5] = Math.sqrt(out[8] * out[8] + out[9] * out[9] + out[10] * out[10]); lens[6] = sz * Math.sqrt(C[2] * C[2] + C[5] * C[5] + C[8] * C[8]);
      rescaleColumn(out, 0, lens, 3, 4);
      rescaleColumn(out, 8, lens, 5, 6);
    }
  }
}

const zero3 = new Float64Array(3);
const qGoal = new Float64Array(4);
const qEnd = new Float64Array(4);
const cm3 = new Float64Array(9);
const endInRoot = new Float64Array(16);
const mfacBox = new Float64Array(1);

/**
 * Without a pole, an influence below 1 blends the goal rotation (row-major, normalized) with the
 * chain end's, in the root frame, as execute_posetree does: slerp(goal, end, 1 − influence)
 * (interp_qt_qtqt), the end's quaternion from its pose with the columns normalized (mat4_to_quat).
 * `w` is the target's [weight, orient weight, influence, pole angle].
 */
function blendGoalRotation(goal: Float64Array, goalinv: Float64Array, endPose: Float64Array, w: Float64Array): void {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) cm3[c * 3 + r] = goal[r * 3 + c];
  mat3ToQuat(qGoal, cm3);
  multiplyMat4(endInRoot, goalinv, endPose);
  mat4ToQuat(qEnd, endInRoot);
  mfacBox[0] = Math.fround(1 - Math.fround(w[2]));
  slerpQuatBy(qGoal, qGoal, qEnd, mfacBox);
  quatToMat3(cm3, qGoal);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) goal[r * 3 + c] = cm3[c * 3 + r];
}
/** Lengths handed to setTransform in an array: V8 boxes a double passed to a call it does not inline. */
const lengthBox = new Float64Array(2);


function fround(m: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) m[i] = Math.fround(m[i]);
}

function identity3(m: Float64Array): void {
  m.fill(0); m[0] = m[4] = m[8] = 1;
}

/** IK_SetStiffness: weight 1 − stiffness (stiffness at most 0.99), in float; −1 for a negative stiffness, which Blender ignores. */
function weightOf(stiffness: number): number {
  if (stiffness < 0) return -1;
  const s = stiffness > 0.99 ? Math.fround(0.99) : stiffness;
  return Math.fround(1 - s);
}

function toRowMajor3(out: Float64Array, m: ArrayLike<number>): void {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * 3 + c] = m[c * 4 + r];
}

function normalizeColumns(m: Float64Array): void {
  for (let c = 0; c < 3; c++) {
    const l = Math.sqrt(m[c] * m[c] + m[3 + c] * m[3 + c] + m[6 + c] * m[6 + c]);
    if (l > 0) { m[c] /= l; m[3 + c] /= l; m[6 + c] /= l; }
  }
}

const lens = new Float64Array(7);

/** Scales column `at` (0, 4 or 8) of a 4x4 from length lens[have] to lens[want]. */
function rescaleColumn(m: Float64Array, at: number, lens: Float64Array, have: number, want: number): void {
  if (!(lens[have] > 0)) return;
  const k = lens[want] / lens[have];
  m[at] *= k; m[at + 1] *= k; m[at + 2] *= k;
}

/** The blend factor, in an array: V8 boxes a double passed to a call it does not inline. */
const infBox = new Float64Array(1);
const blendSize = new Float64Array(3);
const qIdentity = Float64Array.of(0, 0, 0, 1);
const qChange = new Float64Array(4);

/**
 * Blender's blend_m3_m3m3(identity, C, f) on the row-major C: C split into a rotation and column
 * sizes (mat3_to_rot_size: columns normalized, both negated when the rotation is a reflection), the
 * rotation's quaternion (mat3_to_quat) slerped from identity (interp_qt_qtqt), the sizes lerped from
 * 1, and put back together (rotation · size). A bone under a non-uniformly scaled one has a sheared
 * basis change, whose "rotation" is not orthogonal: its quaternion is the trace formula's, not the
 * axis-angle of its skew part (random IK rigs, rigs.py random_ik4: 5e-3 off until this followed Blender).
 */
function blendFromIdentity(C: Float64Array, fb: Float64Array): void {
  const f = fb[0];
  for (let c = 0; c < 3; c++) {
    // normalize_v3_v3: a column shorter than √1e-35, or not a number (a solve that failed), is 0, size 0.
    const d = C[c] * C[c] + C[3 + c] * C[3 + c] + C[6 + c] * C[6 + c];
    const l = d > 1e-35 ? Math.sqrt(d) : 0;
    blendSize[c] = l;
    for (let r = 0; r < 3; r++) cm3[c * 3 + r] = l > 0 ? C[r * 3 + c] / l : 0;
  }
  const det = cm3[0] * (cm3[4] * cm3[8] - cm3[7] * cm3[5]) - cm3[3] * (cm3[1] * cm3[8] - cm3[7] * cm3[2]) + cm3[6] * (cm3[1] * cm3[5] - cm3[4] * cm3[2]);
  if (det < 0) {
    for (let i = 0; i < 9; i++) cm3[i] = -cm3[i];
    for (let c = 0; c < 3; c++) blendSize[c] = -blendSize[c];
  }
  mat3ToQuat(qChange, cm3);
  slerpQuatBy(qChange, qIdentity, qChange, fb);
  quatToMat3(cm3, qChange);
  for (let c = 0; c < 3; c++) {
    const k = (1 - f) + f * blendSize[c];
    for (let r = 0; r < 3; r++) C[r * 3 + c] = cm3[c * 3 + r] * k;
  }
}
