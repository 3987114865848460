// Spline IK (Blender's SPLINE_IK): lays a chain of bones along a curve. Blender's
// splineik_evaluate_bone (armature_update.cc), bone by bone from the root: each joint is bound to
// a fraction of the path (by bone length, or even), the head and tail are placed on the curve, the
// bone swings by the smallest rotation from its pre-IK direction (with its parents' swings
// accumulated) onto the head-to-tail chord, Y is scaled to the chord, X and Z by the curve radius
// and the chosen volume mode. With default settings this is the README's Spline IK model
// (measured to 1.9e-6 against Blender 3.4.1).
//
// Like IK it writes a whole chain: `writes()` names the chain bones above the owner, their stacks
// run first, and the kernel reads their results from the bones' `final` views.
import { curve, param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { axisAngleValueToMat3 } from '../../math/axis-angle';
import { limitBulge, type BulgeLimits } from '../../math/bulge';
import { FLT_EPSILON } from '../../math/float32';
import { invertMat4, multiplyMat3, multiplyMat3Vec3, multiplyMat4, transformPointByMat4Of } from '../../math/matrix';
import { preparePath, samplePathAt, type PreparedPath } from '../../math/path';
import { updateHookedCurve, type HookedCurve } from '../../math/hooked-curve';
import { bulgeLimitsOf, NO_BULGE_LIMITS } from '../bulge-params';
import { influenceInto } from '../param-values';
import { activeChain, chainWrites, gatherChain, inactiveChain, readChainPoses, writeChainFinals, type ChainState } from './chain';

const Y_SCALE_MODES = ['NONE', 'FIT_CURVE', 'BONE_ORIGINAL'] as const;
const XZ_SCALE_MODES = ['NONE', 'BONE_ORIGINAL', 'INVERSE_PRESERVE', 'VOLUME_PRESERVE'] as const;

export interface SplineIkState extends ChainState {
  path: PreparedPath | undefined;
  /** The curve's hooks, when they move its points: the path is made again from them before each run. */
  hooked: HookedCurve | undefined;
  /** Rest length of each chain bone, root first. */
  lengths: Float64Array;
  /** The chain's rest length, in totalLength[0] (see `bulge`). */
  totalLength: Float64Array;
  /** Blender's joint bindings, tip first: points[0] = 1 … points[n] = 0. */
  points: Float64Array;
  /**
   * VOLUME_PRESERVE's exponent (Volume Variation) in bulge[0], and its limits, read at bind. Numbers
   * in arrays: states are built by spreading, so their shapes differ from node to node, and V8
   * boxes a double read from a field of objects of several shapes.
   */
  bulge: Float64Array;
  limits: BulgeLimits;
}

// Scratch shared by every Spline IK node.
const armInv = new Float64Array(16);
const toArm = new Float64Array(16);
const locrot = new Float64Array(9);
const locT = new Float64Array(3);
const base = new Float64Array(9);
const rmat = new Float64Array(9);
const pose3 = new Float64Array(9);
const dmat = new Float64Array(9);
const raxis = new Float64Array(3);
const sv = new Float64Array(3);
const head = new Float64Array(3);
const tail = new Float64Array(3);
const origHead = new Float64Array(3);
const origTail = new Float64Array(3);
const vec = new Float64Array(3);
const prevTail = new Float64Array(3);
const tmp3 = new Float64Array(3);
const quat = new Float64Array(4);
const rad = new Float64Array(1);
const x0p = new Float64Array(3);
const x1p = new Float64Array(3);
const startP = new Float64Array(3);
const bulge = new Float64Array(1);

function inactive(): SplineIkState {
  return { ...inactiveChain(), path: undefined, hooked: undefined, lengths: new Float64Array(0), totalLength: new Float64Array(1), points: new Float64Array(1), bulge: Float64Array.of(1), limits: bulgeLimitsOf(NO_BULGE_LIMITS) };
}

// Numbers cross this file's calls in arrays, never as arguments or results: V8 boxes a double
// passed to or returned from a call it does not inline, and this kernel is too large for all of
// its calls to be inlined.
const len = new Float64Array(1);
const fac = new Float64Array(1);
const at = new Float64Array(1);
const dv = new Float64Array(3);
const aa = new Float64Array(4);
const inf = new Float64Array(1);

/** |v[o..o+2]| without overflow (curves may sit at 1e300), into out[i]. */
function len3Into(out: Float64Array, i: number, v: ArrayLike<number>, o = 0): void {
  const x = v[o], y = v[o + 1], z = v[o + 2];
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  const m = ax > ay ? (ax > az ? ax : az) : ay > az ? ay : az;
  if (m === 0 || m === Infinity || m !== m) { out[i] = m === 0 ? 0 : m; return; }
  const sx = x / m, sy = y / m, sz = z / m;
  out[i] = m * Math.sqrt(sx * sx + sy * sy + sz * sz);
}

/** |a − b[3·bp…]| for a point bp of a path's points, into len[0]. */
function distanceToPoint(a: ArrayLike<number>, pts: Float64Array, bp: number): void {
  dv[0] = a[0] - pts[3 * bp]; dv[1] = a[1] - pts[3 * bp + 1]; dv[2] = a[2] - pts[3 * bp + 2];
  len3Into(len, 0, dv);
}

/** |a − b| into len[0]. */
function distance(a: ArrayLike<number>, b: ArrayLike<number>): void {
  dv[0] = a[0] - b[0]; dv[1] = a[1] - b[1]; dv[2] = a[2] - b[2];
  len3Into(len, 0, dv);
}

/** Column c of a 3x3 times k[0]. */
function scaleColumn(m: Float64Array, c: number, k: Float64Array): void {
  const f = k[0];
  m[3 * c] *= f; m[3 * c + 1] *= f; m[3 * c + 2] *= f;
}

/** o = startP + (point bp − startP)·xs[i]. */
function lerpTo(o: Float64Array, pts: Float64Array, bp: number, xs: Float64Array, i: number): void {
  const x = xs[i];
  o[0] = startP[0] + (pts[3 * bp] - startP[0]) * x;
  o[1] = startP[1] + (pts[3 * bp + 1] - startP[1]) * x;
  o[2] = startP[2] + (pts[3 * bp + 2] - startP[2]) * x;
}

/**
 * Blender's position_tail_on_spline (modes other than Fit Curve): where a sphere of radius
 * `sphere[0]` about `headPos` (curve-local) leaves the polyline, searched from segment `prevSeg`
 * with the guess `sphere[1]`. Writes the point into `out` and returns [segment index, curve
 * position, curve radius] through `res`.
 */
const res = new Float64Array(3);
const sphere = new Float64Array(2);
const xs = new Float64Array(2);
function tailOnSpline(out: Float64Array, path: PreparedPath, headPos: Float64Array, prevSeg: number): void {
  const radius = sphere[0], guess = sphere[1];
  const acc = path.accum, pts = path.points, count = path.count;
  const maxSeg = path.segments - 1;
  const splineLen = path.length;
  const guessed = guess * splineLen;
  let cur = prevSeg;
  while (cur < maxSeg && guessed > acc[cur]) cur++;
  let bpIdx = cur + 1;
  let bp = bpIdx % count;
  let prevBp = bpIdx - 1;
  for (;;) {
    distanceToPoint(headPos, pts, bp);
    if (!(len[0] < radius)) break;
    if (bpIdx > maxSeg) break; // past the end: extrapolate along the last segment
    prevBp = bp;
    bp = path.cyclic && bpIdx === maxSeg ? 0 : bp + 1;
    bpIdx++;
  }
  xs[0] = 0; xs[1] = 1; // x0, x1
  len3Into(dv, 0, headPos);
  len3Into(dv, 1, pts, 3 * bp);
  const eps = Math.max(1, dv[0], dv[1]) * FLT_EPSILON;
  if (prevSeg === bpIdx - 1) startP.set(headPos);
  else { startP[0] = pts[3 * prevBp]; startP[1] = pts[3 * prevBp + 1]; startP[2] = pts[3 * prevBp + 2]; }
  for (let i = 0; i < 10; i++) {
    lerpTo(x1p, pts, bp, xs, 1);
    lerpTo(x0p, pts, bp, xs, 0);
    distance(headPos, x0p);
    const f0 = len[0] - radius;
    distance(headPos, x1p);
    const f1 = len[0] - radius;
    if (Math.abs(f1) <= eps || f0 === f1) break;
    const x0 = xs[0], x1 = xs[1];
    const x2 = x1 - (f1 * (x1 - x0)) / (f1 - f0);
    xs[0] = x1;
    xs[1] = x2;
  }
  out.set(x1p);
  const prevSegIdx = bpIdx - 2;
  const prevLen = prevSegIdx < 0 ? 0 : acc[prevSegIdx];
  const px = pts[3 * prevBp], py = pts[3 * prevBp + 1], pz = pts[3 * prevBp + 2];
  dv[0] = px - out[0]; dv[1] = py - out[1]; dv[2] = pz - out[2];
  len3Into(len, 0, dv);
  const isect = len[0];
  dv[0] = px - pts[3 * bp]; dv[1] = py - pts[3 * bp + 1]; dv[2] = pz - pts[3 * bp + 2];
  len3Into(len, 0, dv);
  const segLen = len[0];
  const frac = segLen > 0 ? isect / segLen : 0;
  const pos = splineLen > 0 ? (prevLen + isect) / splineLen : 0;
  res[0] = bpIdx - 1;
  res[1] = pos;
  res[2] = pos > 1 ? path.radius[bp] : (1 - frac) * path.radius[prevBp] + frac * path.radius[bp];
}

export const splineIk = defineConstraint({
  type: 'constraint/spline-ik',
  label: 'Spline IK',
  category: 'Tracking',
  doc: "Lays a chain of bones along a curve (Blender's Spline IK): joints at fractions of the path by bone length, each bone swung onto its stretch of curve and scaled to fit it.",
  inputs: {
    owner: transform({ doc: 'The stack so far (world matrix) of the last bone of the chain.' }),
    target: curve({ doc: "The curve to follow (a curve object's path); the slot holds its world matrix.", required: true }),
  },
  outputs: { owner: transform({ doc: 'The owner after Spline IK (world matrix).' }) },
  params: {
    chainCount: { ...param.int(1, 'How many bones the chain has, counted from the owner towards the root (Blender: Chain Length); 0 goes to the root.', { min: 0, max: 255 }), label: 'Chain Length' },
    useEvenDivisions: { ...param.bool(false, 'Spread the joints evenly along the curve instead of by bone length.'), label: 'Even Divisions' },
    useChainOffset: { ...param.bool(false, "Keep the chain's root where it is and only take the curve's shape (the curve object's own transform is then not applied either, as in Blender)."), label: 'Chain Offset' },
    useCurveRadius: { ...param.bool(true, 'Scale the X and Z axes of each bone by the mean curve radius at its two joints.'), label: 'Use Curve Radius' },
    yScaleMode: { ...param.choice(Y_SCALE_MODES, 'FIT_CURVE', "FIT_CURVE: the chain stretches to cover the whole curve. NONE: bones keep their rest length, placed where a sphere of that radius about the head meets the curve. BONE_ORIGINAL: the same with the bones' posed length."), label: 'Y Scale Mode' },
    xzScaleMode: { ...param.choice(XZ_SCALE_MODES, 'NONE', 'How X and Z scale: NONE keeps unit scale; BONE_ORIGINAL keeps the pre-IK X/Z scale; INVERSE_PRESERVE scales by 1/Y; VOLUME_PRESERVE by (1/Y)^bulge, square-rooted, within the bulge limits.'), label: 'XZ Scale Mode' },
    useOriginalScale: { ...param.bool(true, 'With an XZ mode other than NONE: start from the pre-IK X/Z scale and measure the volume change from the pre-IK length.'), label: 'Use Original Scale' },
    bulge: { ...param.float(1, 'VOLUME_PRESERVE: how strongly X/Z answer a change of Y (the exponent on 1/Y).', { min: 0, max: 100 }), label: 'Volume Variation' },
    useBulgeMin: { ...param.bool(false, 'VOLUME_PRESERVE: limit how thin the bones get.'), label: 'Use Volume Min' },
    useBulgeMax: { ...param.bool(false, 'VOLUME_PRESERVE: limit how thick the bones get.'), label: 'Use Volume Max' },
    bulgeMin: { ...param.float(1, 'VOLUME_PRESERVE: the smallest X/Z volume factor (0…1).', { min: 0, max: 1 }), label: 'Volume Min' },
    bulgeMax: { ...param.float(1, 'VOLUME_PRESERVE: the largest X/Z volume factor (≥ 1).', { min: 1, max: 100 }), label: 'Volume Max' },
    bulgeSmooth: { ...param.float(0, 'VOLUME_PRESERVE: how softly the Min/Max limits are reached: 0 clamps hard, 1 eases in along an arctangent.', { min: 0, max: 1 }), label: 'Smooth' },
  },
  constraint: { targets: ['target'], blend: 'self', deformedTargetOf: 'target' },
  blender: {
    type: 'SPLINE_IK',
    params: {
      chain_count: 'chainCount',
      use_even_divisions: 'useEvenDivisions',
      use_chain_offset: 'useChainOffset',
      use_curve_radius: 'useCurveRadius',
      y_scale_mode: 'yScaleMode',
      xz_scale_mode: 'xzScaleMode',
      use_original_scale: 'useOriginalScale',
      bulge: 'bulge',
      use_bulge_min: 'useBulgeMin',
      use_bulge_max: 'useBulgeMax',
      bulge_min: 'bulgeMin',
      bulge_max: 'bulgeMax',
      bulge_smooth: 'bulgeSmooth',
    },
    ignore: [
      // Blender fills these bindings itself on every evaluation (they are read-only in effect).
      'joint_bindings',
      // Not in Blender's Spline IK panel: the curve is read in world space.
      'owner_space', 'target_space',
    ],
  },
  writes: (p, ownerOf, stackOwner) => chainWrites(p.chainCount, false, ownerOf, stackOwner),
  scheduleParams: ['chainCount'],
  bind(env, p) {
    const chain = gatherChain(env, p.chainCount, false);
    const info = env.sourceOwner('target')?.curve;
    if (!chain || !info) return inactive();
    const n = chain.bones.length;
    const lengths = Float64Array.from(chain.bones, (b) => b.bone!.length);
    let total = 0;
    for (const l of lengths) total += l;
    // Joint bindings, tip first (splineik_init_tree_from_pchan).
    const points = new Float64Array(n + 1);
    points[0] = 1;
    const even = p.useEvenDivisions || total === 0;
    for (let i = 0; i < n; i++) points[i + 1] = points[i] - (even ? 1 / n : lengths[n - 1 - i] / total);
    if (points[n] < 0) points[n] = 0;
    return {
      ...activeChain(chain),
      path: preparePath(info.points, info.radius, info.cyclic, info.twist, info),
      hooked: info.hooked,
      lengths,
      totalLength: Float64Array.of(total),
      points,
      bulge: Float64Array.of(p.bulge),
      limits: bulgeLimitsOf(p),
    };
  },
  kernel(io, p, s) {
    const out = io.out.owner;
    const own = io.in.owner;
    const f = influenceInto(inf, io.in.influence)[0];
    if (!s.active || f === 0 || !invertMat4(armInv, s.armature!.final)) {
      out.set(own);
      return;
    }
    const { n, bones, pre, post, lengths, points } = s;
    const path = s.hooked ? updateHookedCurve(s.hooked, io.in.target) : s.path!;
    readChainPoses(pre, armInv, bones, own);
    // Curve-local → armature space (Chain Offset leaves out the curve object's transform).
    if (p.useChainOffset) toArm.set(armInv);
    else multiplyMat4(toArm, armInv, io.in.target);

    const yMode = p.yScaleMode;
    const xzMode = p.xzScaleMode;
    const fit = yMode === 'FIT_CURVE';
    const useRadius = p.useCurveRadius;
    const useOriginal = p.useOriginalScale;

    let curvePos = 0;
    const totalLength = s.totalLength[0];
    const curveScale = !fit && totalLength !== 0 && path.length > 0 ? totalLength / path.length : 1;
    let prevSeg = 0;
    let prevTailRad = 1;
    prevTail.fill(0);
    locrot[0] = 1; locrot[1] = 0; locrot[2] = 0; locrot[3] = 0; locrot[4] = 1; locrot[5] = 0; locrot[6] = 0; locrot[7] = 0; locrot[8] = 1;
    locT.fill(0);

    for (let k = 0; k < n; k++) {
      const index = n - 1 - k;
      const P = pre[k];
      const L = lengths[k];
      const M = post[k];
      if (L < FLT_EPSILON) {
        // A zero-length bone is only moved, to the current curve position.
        M.set(P);
        at[0] = curvePos;
        samplePathAt(vec, quat, rad, path, at);
        transformPointByMat4Of(tmp3, toArm, vec);
        M[12] = tmp3[0]; M[13] = tmp3[1]; M[14] = tmp3[2];
        continue;
      }
      // Pre-IK head and tail, carried along by the parents' accumulated swing and offset.
      tmp3[0] = P[12]; tmp3[1] = P[13]; tmp3[2] = P[14];
      multiplyMat3Vec3(head, locrot, tmp3);
      head[0] += locT[0]; head[1] += locT[1]; head[2] += locT[2];
      tmp3[0] = P[12] + P[4] * L; tmp3[1] = P[13] + P[5] * L; tmp3[2] = P[14] + P[6] * L;
      multiplyMat3Vec3(tail, locrot, tmp3);
      tail[0] += locT[0]; tail[1] += locT[1]; tail[2] += locT[2];
      origHead.set(head);

      const curveLen = points[index] - points[index + 1];
      distance(tail, head);
      const boneLen = len[0];
      const poseScale = boneLen / L;
      const baseScale = yMode === 'BONE_ORIGINAL' ? poseScale : 1;
      const start = curvePos;
      let end = start + curveLen * baseScale * curveScale;
      curvePos = end;
      let radius = 1;
      let tailBlend = 0;

      if (start < 1) {
        let r: number;
        if (start === 0) {
          at[0] = 0;
          samplePathAt(vec, quat, rad, path, at);
          r = rad[0];
        } else {
          vec.set(prevTail);
          r = prevTailRad;
        }
        radius = r;
        transformPointByMat4Of(head, toArm, vec);
        if (!fit) {
          sphere[0] = yMode === 'BONE_ORIGINAL' ? boneLen : L;
          sphere[1] = end;
          tailOnSpline(tmp3, path, vec, prevSeg);
          prevSeg = res[0];
          end = res[1];
          curvePos = end;
          r = res[2];
          prevTailRad = r;
          prevTail.set(tmp3);
          tailBlend = end > 1 && end > start ? (1 - start) / (end - start) : 1;
        } else {
          at[0] = end;
          samplePathAt(tmp3, quat, rad, path, at);
          r = rad[0];
          prevTailRad = r;
          prevTail.set(tmp3);
          tailBlend = 1;
        }
        transformPointByMat4Of(tail, toArm, tmp3);
        radius = (r + radius) / 2;
      }

      // The chord, and the bone's length along it.
      sv[0] = tail[0] - head[0]; sv[1] = tail[1] - head[1]; sv[2] = tail[2] - head[2];
      len3Into(len, 0, sv);
      const chord = len[0];
      let scaleFac = chord / L;
      if (chord > 0) { sv[0] /= chord; sv[1] /= chord; sv[2] /= chord; }

      // Smallest rotation from the current (swing-carried) Y axis onto the chord.
      for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) tmpCol[3 * c + r] = P[4 * c + r];
      multiplyMat3(base, locrot, tmpCol);
      for (let c = 0; c < 3; c++) {
        len3Into(len, 0, base, 3 * c);
        const l = len[0];
        const inv = l > 0 ? 1 / l : 0;
        rmat[3 * c] = base[3 * c] * inv; rmat[3 * c + 1] = base[3 * c + 1] * inv; rmat[3 * c + 2] = base[3 * c + 2] * inv;
      }
      const yx = rmat[3], yy = rmat[4], yz = rmat[5];
      raxis[0] = yy * sv[2] - yz * sv[1];
      raxis[1] = yz * sv[0] - yx * sv[2];
      raxis[2] = yx * sv[1] - yy * sv[0];
      len3Into(len, 0, raxis);
      if (len[0] < FLT_EPSILON) {
        // Parallel: turn about the axis of Y's median component crossed with Y (Blender's
        // axis_sort_v3 orders by value; it takes the middle one).
        const second = medianAxis(rmat, 3);
        tmp3[0] = second === 0 ? 1 : 0; tmp3[1] = second === 1 ? 1 : 0; tmp3[2] = second === 2 ? 1 : 0;
        raxis[0] = tmp3[1] * yz - tmp3[2] * yy;
        raxis[1] = tmp3[2] * yx - tmp3[0] * yz;
        raxis[2] = tmp3[0] * yy - tmp3[1] * yx;
      }
      let dotv = yx * sv[0] + yy * sv[1] + yz * sv[2];
      dotv = dotv > 1 ? 1 : dotv < -1 ? -1 : dotv;
      aa[0] = Math.acos(dotv) * f * tailBlend;
      aa[1] = raxis[0]; aa[2] = raxis[1]; aa[3] = raxis[2];
      axisAngleValueToMat3(dmat, aa);
      multiplyMat3(pose3, dmat, rmat);
      for (let c = 0; c < 3; c++) {
        len3Into(len, 0, pose3, 3 * c);
        const l = len[0];
        if (l > 0) { fac[0] = 1 / l; scaleColumn(pose3, c, fac); }
      }
      multiplyMat3(base, dmat, base);
      multiplyMat3(locrot, dmat, locrot);

      // Scale: Y to the chord, then the X/Z mode, then the curve radius.
      fac[0] = scaleFac;
      scaleColumn(pose3, 1, fac);
      if (xzMode !== 'NONE') {
        if (xzMode === 'BONE_ORIGINAL' || useOriginal) {
          len3Into(fac, 0, P, 0);
          scaleColumn(pose3, 0, fac);
          len3Into(fac, 0, P, 8);
          scaleColumn(pose3, 2, fac);
          scaleFac /= poseScale;
          // A bone with no pre-IK length (zero Y scale) on a zero chord: the volume change 0/0 is
          // undefined, so none (1). Blender's float math gives NaN here; a positive chord over a
          // zero pre-IK length stays +Infinity, which the modes below clamp as Blender does.
          if (scaleFac !== scaleFac) scaleFac = 1;
        }
        if (xzMode === 'INVERSE_PRESERVE') {
          let sc = 1;
          if (Math.abs(scaleFac) !== 0) sc = Math.min(Math.max(1 / Math.abs(scaleFac), 0.0001), 100000);
          fac[0] = sc;
          scaleColumn(pose3, 0, fac);
          scaleColumn(pose3, 2, fac);
        } else if (xzMode === 'VOLUME_PRESERVE') {
          let sc = 1;
          if (Math.abs(scaleFac) !== 0) {
            bulge[0] = Math.pow(1 / Math.abs(scaleFac), s.bulge[0]);
            limitBulge(bulge, s.limits);
            sc = Math.sqrt(bulge[0]);
          }
          fac[0] = sc;
          scaleColumn(pose3, 0, fac);
          scaleColumn(pose3, 2, fac);
        }
      }
      if (useRadius) {
        fac[0] = radius;
        scaleColumn(pose3, 0, fac);
        scaleColumn(pose3, 2, fac);
      }
      // Influence blends the whole 3x3 from the swung pre-IK basis.
      const w = f * tailBlend;
      for (let i = 0; i < 9; i++) pose3[i] = base[i] + (pose3[i] - base[i]) * w;

      // Location: on the curve, except with Chain Offset (kept) or a partial influence.
      if (p.useChainOffset) head.set(origHead);
      else if (f < 1) {
        if (index < n - 1) head.set(origHead);
        else { head[0] = origHead[0] + (head[0] - origHead[0]) * f; head[1] = origHead[1] + (head[1] - origHead[1]) * f; head[2] = origHead[2] + (head[2] - origHead[2]) * f; }
      }
      for (let c = 0; c < 3; c++) {
        M[4 * c] = pose3[3 * c]; M[4 * c + 1] = pose3[3 * c + 1]; M[4 * c + 2] = pose3[3 * c + 2]; M[4 * c + 3] = 0;
      }
      M[12] = head[0]; M[13] = head[1]; M[14] = head[2]; M[15] = 1;
      // Offset carried to the children: new tail minus the swung (not offset) pre-IK tail.
      tmp3[0] = P[12] + P[4] * L; tmp3[1] = P[13] + P[5] * L; tmp3[2] = P[14] + P[6] * L;
      multiplyMat3Vec3(origTail, locrot, tmp3);
      locT[0] = head[0] + M[4] * L - origTail[0];
      locT[1] = head[1] + M[5] * L - origTail[1];
      locT[2] = head[2] + M[6] * L - origTail[2];
    }

    writeChainFinals(s.armature!.final, post, bones, out);
  },
});

const tmpCol = new Float64Array(9);

/** Index of the middle value of (a, b, c) = v[o], v[o + 1], v[o + 2]. */
function medianAxis(v: ArrayLike<number>, o: number): number {
  const a = v[o], b = v[o + 1], c = v[o + 2];
  if ((a <= b && b <= c) || (c <= b && b <= a)) return 1;
  if ((b <= a && a <= c) || (c <= a && a <= b)) return 0;
  return 2;
}
