// The B-Bone spline (nodes/math/bbone.ts) against Blender 3.4.1's own joint matrices, and its
// properties: a pose equal to the rest gives the rest shape, the shape does not see where the pose
// is (moved, turned, scaled alike), Roll In/Out turn every joint about its axis, a straight bone is
// cut evenly (or geometrically by Scale In/Out Y), and no finite input gives a non-finite joint.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BBONE_HANDLE_TYPES, BBONE_POSE_VALUES, BBONE_SETTINGS, BBONE_VALUES_SIZE, bboneSettingDefault, computeBBoneJoints,
  type BBone, type BBoneHandle, type BBoneHandleType,
} from '../../../nodes/math/bbone';
import { composeMat4, multiplyMat4 } from '../../../nodes/math/matrix';
import { maxDiff, unitQuat } from './helpers';

interface RecordedHandle { type: BBoneHandleType; rest: number[]; length: number; bbone: boolean; useScale: [boolean, boolean, boolean]; useEase: boolean; pose: number[]; localScale: number[] }
interface RecordedCase {
  name: string; segments: number; rest: number[]; length: number; pose: number[];
  start: RecordedHandle | null; end: RecordedHandle | null;
  addStartRollOut: boolean; scaleEasing: boolean; values: number[];
  poseJoints: number[][]; restJoints: number[][];
}

const recorded = JSON.parse(readFileSync(join(import.meta.dirname, 'bbone', 'blender-bbone.json'), 'utf8')) as { blender: string; cases: RecordedCase[] };

function handleOf(h: RecordedHandle | null): BBoneHandle | undefined {
  if (!h) return undefined;
  return { type: h.type, rest: Float64Array.from(h.rest), length: Float64Array.of(h.length), bbone: h.bbone, useScale: h.useScale, useEase: h.useEase, pose: Float64Array.from(h.pose), localScale: Float64Array.from(h.localScale) };
}

function bboneOf(c: RecordedCase): BBone {
  return {
    segments: c.segments, rest: Float64Array.from(c.rest), length: Float64Array.of(c.length), pose: Float64Array.from(c.pose),
    start: handleOf(c.start), end: handleOf(c.end), addStartRollOut: c.addStartRollOut, scaleEasing: c.scaleEasing, values: Float64Array.from(c.values),
  };
}

function joints(b: BBone, rest: boolean): Float64Array {
  return computeBBoneJoints(new Float64Array(16 * (b.segments + 1)), b, rest);
}

describe('B-Bone joints against Blender 3.4.1 (PoseBone.bbone_segment_matrix)', () => {
  // 48 random B-Bones (gen-bbone.py): every handle type, custom handles, B-Bone handles, every flag,
  // every rest and pose setting, non-uniform pose scale; rest and pose shapes, every joint.
  it.each(recorded.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const b = bboneOf(c);
    for (const rest of [true, false]) {
      const want = Float64Array.from((rest ? c.restJoints : c.poseJoints).flat());
      // Blender computes in float32: measured at most 1.5e-5 apart (B16's pose), most within 1e-6.
      expect(maxDiff(joints(b, rest), want), `${c.name} ${rest ? 'rest' : 'pose'} joints`).toBeLessThanOrEqual(2e-5);
    }
  });

  it('most cases agree to float32 rounding, not just within the tolerance', () => {
    let close = 0;
    for (const c of recorded.cases) {
      const b = bboneOf(c);
      for (const rest of [true, false]) if (maxDiff(joints(b, rest), Float64Array.from((rest ? c.restJoints : c.poseJoints).flat())) <= 2e-6) close++;
    }
    // Measured: 79 of the 96 shapes; the others are bent sharply enough (short handles, large
    // curves) that float32 rounding inside Blender grows to 1.5e-5. A wrong formula anywhere would
    // leave next to none this close.
    expect(close).toBeGreaterThanOrEqual(75);
  });

});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

/** A rigid placement: rotation and translation. */
const placement = fc.tuple(unitQuat, fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })))
  .map(([q, t]) => composeMat4(new Float64Array(16), t, q, [1, 1, 1]));

/** A small motion: a turn of at most 0.8 rad about any axis and a move of at most 0.3. */
const smallMotion = fc.tuple(unitQuat, fc.double({ min: 0, max: 0.8, noNaN: true }), fc.tuple(fc.double({ min: -0.3, max: 0.3, noNaN: true }), fc.double({ min: -0.3, max: 0.3, noNaN: true }), fc.double({ min: -0.3, max: 0.3, noNaN: true })))
  .map(([q, a, t]) => {
    const s = Math.hypot(q[0], q[1], q[2]) || 1;
    const h = Math.sin(a / 2) / s;
    return composeMat4(new Float64Array(16), t, [q[0] * h, q[1] * h, q[2] * h, Math.cos(a / 2)], [1, 1, 1]);
  });

/**
 * A handle bone as rigs place them: the start one behind the bone's head, the end one past its tail,
 * both turned at most 0.8 rad from the bone. (A handle pointing straight back along the bone is
 * Blender's singular direction for roll, where rounding alone flips the shape.)
 */
const handleArb = (types: readonly BBoneHandleType[], end: boolean) => fc.record({
  type: fc.constantFrom(...types),
  at: fc.tuple(fc.double({ min: -0.4, max: 0.4, noNaN: true }), fc.double({ min: 0.3, max: 1.5, noNaN: true }), fc.double({ min: -0.4, max: 0.4, noNaN: true })),
  turn: smallMotion,
  length: fc.double({ min: 0.2, max: 3, noNaN: true }),
  bbone: fc.boolean(),
  useScale: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
  useEase: fc.boolean(),
}).map((h) => ({ ...h, end }));

const setting = (i: number) => {
  const name = BBONE_SETTINGS[i];
  if (name.startsWith('scale')) return fc.double({ min: 0.3, max: 2, noNaN: true });
  if (name.startsWith('ease')) return fc.double({ min: 0.2, max: 1.8, noNaN: true });
  if (name.startsWith('roll')) return fc.double({ min: -2, max: 2, noNaN: true });
  return fc.double({ min: -0.5, max: 0.5, noNaN: true });
};
const settings = fc.tuple(...BBONE_SETTINGS.map((_, i) => setting(i)));

/** A B-Bone with handles (of the given types, or none) and rest settings; posed at its rest, pose settings neutral. */
const restRig = (types: readonly BBoneHandleType[]) => fc.record({
  segments: fc.integer({ min: 2, max: 32 }),
  rest: placement,
  length: fc.double({ min: 0.2, max: 3, noNaN: true }),
  start: fc.option(handleArb(types, false), { nil: undefined }),
  end: fc.option(handleArb(types, true), { nil: undefined }),
  addStartRollOut: fc.boolean(),
  scaleEasing: fc.boolean(),
  restSettings: settings,
  startRollOut: fc.double({ min: -1, max: 1, noNaN: true }),
}).map((r): BBone => {
  const values = new Float64Array(BBONE_VALUES_SIZE);
  values.set(r.restSettings, 0);
  BBONE_SETTINGS.forEach((s, i) => { values[BBONE_POSE_VALUES + i] = bboneSettingDefault(s, true); });
  values[2 * BBONE_SETTINGS.length] = r.startRollOut;
  const handle = (h: typeof r.start) => {
    if (!h) return undefined;
    // Behind the head (start: its tail there) or past the tail (end: its head there), in bone space.
    const local = h.turn.slice();
    const y = h.end ? r.length + h.at[1] : -h.at[1] - h.length;
    local[12] += h.at[0]; local[13] += y; local[14] += h.at[2];
    const rest = multiplyMat4(new Float64Array(16), r.rest, local);
    return { type: h.type, rest, length: Float64Array.of(h.length), bbone: h.bbone, useScale: h.useScale, useEase: h.useEase, pose: rest.slice(), localScale: Float64Array.of(1, 1, 1) };
  };
  return { segments: r.segments, rest: r.rest, length: Float64Array.of(r.length), pose: r.rest.slice(), start: handle(r.start), end: handle(r.end), addStartRollOut: r.addStartRollOut, scaleEasing: r.scaleEasing, values };
});

/** The rig with its pose settings drawn too, and every pose matrix moved a little away from its rest. */
const posedRig = (types: readonly BBoneHandleType[]) => fc.tuple(restRig(types), settings, smallMotion, smallMotion, smallMotion)
  .map(([b, pose, m0, m1, m2]) => {
    b.values.set(pose, BBONE_POSE_VALUES);
    multiplyMat4(b.pose, b.rest, m0);
    if (b.start) multiplyMat4(b.start.pose, b.start.rest, m1);
    if (b.end) multiplyMat4(b.end.pose, b.end.rest, m2);
    return b;
  })
  .filter(handlesClearOfSingularities);

/**
 * Whether the motions left each AUTO or ABSOLUTE handle's point clear of the two places where
 * Blender's shape jumps, so that rounding alone cannot decide the result: the point on the bone's end
 * it is measured from (the handle direction is 0/0 there, and Blender switches to the bone's axis
 * below 1e-5 of its length), and a direction pointing back along the bone (the roll's singular axis).
 * Motions of up to 0.3 and 0.8 rad can bring a handle there; rigs place them well clear.
 */
function handlesClearOfSingularities(b: BBone): boolean {
  const head = [b.pose[12], b.pose[13], b.pose[14]];
  const y = [b.pose[4], b.pose[5], b.pose[6]];
  const tail = head.map((h, i) => h + y[i] * b.length[0]);
  const clear = (h: BBoneHandle | undefined, isEnd: boolean): boolean => {
    if (!h || h.type === 'RELATIVE' || h.type === 'TANGENT') return true;
    // As nodes/math/bbone.ts measures it: the start handle's head, the end handle's tail; from this
    // bone's head (start) or tail (end), or from the other end when the handle is itself a B-Bone.
    const l = isEnd ? h.length[0] : 0;
    const point = [0, 1, 2].map((i) => h.pose[12 + i] + h.pose[4 + i] * l);
    const from = isEnd !== h.bbone ? tail : head;
    const d = point.map((p, i) => p - from[i]);
    const distance = Math.hypot(d[0], d[1], d[2]);
    if (distance < 1e-3) return false;
    const along = (d[0] * y[0] + d[1] * y[1] + d[2] * y[2]) / distance;
    return isEnd ? along > -0.95 : along < 0.95; // the start's direction is the reverse of d
  };
  return clear(b.start, false) && clear(b.end, true);
}

describe('B-Bone joints: properties', () => {
  it('posed at its rest with neutral pose settings, every handle type gives the rest shape', () => {
    fc.assert(fc.property(restRig(BBONE_HANDLE_TYPES), (b) => {
      expect(maxDiff(joints(b, false), joints(b, true))).toBeLessThan(1e-7);
    }), { numRuns: 300 });
  });

  it('the pose shape does not see where the pose is: moving and turning every pose matrix alike changes nothing (handles other than RELATIVE)', () => {
    // Not scaling: Blender measures a handle in the bone's (scaled) space but subtracts the rest length.
    fc.assert(fc.property(posedRig(['AUTO', 'ABSOLUTE', 'TANGENT']), placement, (b, m) => {
      const before = joints(b, false);
      for (const v of [b.pose, b.start?.pose, b.end?.pose]) if (v) multiplyMat4(v, m, v);
      expect(maxDiff(joints(b, false), before)).toBeLessThan(1e-8);
    }), { numRuns: 200 });
  });

  it('Roll In and Roll Out raised alike turn every joint about its own Y axis by that much', () => {
    const unscaled = posedRig(BBONE_HANDLE_TYPES).map((b) => {
      for (const o of [0, BBONE_POSE_VALUES]) for (const k of [8, 10, 11, 13]) b.values[o + k] = 1; // Scale In/Out X and Z
      return b;
    });
    fc.assert(fc.property(unscaled, fc.double({ min: -3, max: 3, noNaN: true }), (b, d) => {
      const before = joints(b, false);
      b.values[BBONE_POSE_VALUES + 4] += d;
      b.values[BBONE_POSE_VALUES + 5] += d;
      const after = joints(b, false);
      const ry = composeMat4(new Float64Array(16), [0, 0, 0], [0, Math.sin(d / 2), 0, Math.cos(d / 2)], [1, 1, 1]);
      const want = new Float64Array(16);
      for (let a = 0; a <= b.segments; a++) {
        // Near −Y (a curve folded back: 1 + y ≤ 6.1e-3, about 0.11 rad) Blender builds the frame from a Taylor
        // expansion that is orthonormal only to ~1e-5, so a roll there is not exactly a turn.
        const o = 16 * a;
        if (before[o + 5] / Math.hypot(before[o + 4], before[o + 5], before[o + 6]) < -0.99) continue;
        multiplyMat4(want, before.subarray(o, o + 16), ry);
        expect(maxDiff(after.subarray(o, o + 16), want)).toBeLessThan(1e-5);
      }
    }), { numRuns: 200 });
  });

  it('a straight bone without handles is cut into pieces growing geometrically from Scale In Y to Scale Out Y, its joints unturned', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 32 }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 5, noNaN: true }), fc.double({ min: 0.2, max: 5, noNaN: true }), (n, length, sIn, sOut) => {
      const values = new Float64Array(BBONE_VALUES_SIZE);
      BBONE_SETTINGS.forEach((s, i) => { values[i] = bboneSettingDefault(s, false); values[BBONE_POSE_VALUES + i] = bboneSettingDefault(s, true); });
      values[9] = sIn;
      values[12] = sOut;
      const id = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [1, 1, 1]);
      const b: BBone = { segments: n, rest: id, length: Float64Array.of(length), pose: id.slice(), start: undefined, end: undefined, addStartRollOut: false, scaleEasing: false, values };
      const j = joints(b, true);
      // Piece i has length ∝ exp(lerp(log sIn, log sOut, i / (n − 1))), all summing to the bone.
      const w = Array.from({ length: n }, (_, i) => Math.exp(Math.log(sIn) + (Math.log(sOut) - Math.log(sIn)) * (i / (n - 1))));
      const total = w.reduce((a, x) => a + x, 0);
      let y = 0;
      for (let a = 0; a <= n; a++) {
        const m = j.subarray(16 * a, 16 * a + 16);
        expect(Math.abs(m[13] - y)).toBeLessThan(1e-9 * (1 + length));
        expect(Math.abs(m[12]) + Math.abs(m[14])).toBeLessThan(1e-12);
        expect(maxDiff(m.subarray(0, 11), id.subarray(0, 11))).toBeLessThan(1e-12);
        if (a < n) y += (length * w[a]) / total;
      }
    }), { numRuns: 200 });
  });

  it('gives finite joints for any finite rig, however bent, scaled or folded', () => {
    const wild = fc.tuple(posedRig(BBONE_HANDLE_TYPES), fc.array(fc.double({ min: -6, max: 6, noNaN: true }), { minLength: 2 * BBONE_SETTINGS.length, maxLength: 2 * BBONE_SETTINGS.length }), fc.tuple(fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true })))
      .map(([b, v, s]) => {
        b.values.set(v, 0);
        for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) b.pose[4 * c + r] *= s[c] + 0.01;
        for (const h of [b.start, b.end]) if (h) h.localScale.set(s);
        return b;
      });
    fc.assert(fc.property(wild, fc.boolean(), (b, rest) => {
      expect(joints(b, rest).every(Number.isFinite)).toBe(true);
    }), { numRuns: 300 });
  });
});
