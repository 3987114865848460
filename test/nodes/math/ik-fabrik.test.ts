import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChainWork, measureSegments } from '../../../nodes/math/ik-chain';
import { solveFabrik } from '../../../nodes/math/ik-fabrik';
import { polePreRotation } from '../../../nodes/math/ik-pole';
import { rotatePose } from '../../../nodes/math/ik-pose';
import { invertMat4, identityMat3 } from '../../../nodes/math/matrix';
import { FIXTURES_DIR, expectClose, expectFinite, loadFixtures, orthonormalError } from './helpers';
import type { ParsedJson } from '../../parsed-json';

const dist = (a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number) =>
  Math.hypot(a[3 * i] - b[3 * j], a[3 * i + 1] - b[3 * j + 1], a[3 * i + 2] - b[3 * j + 2]);

/** A random chain: root, 2–6 bone lengths and random joint directions. */
const chainArb = fc
  .tuple(
    fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })),
    fc.array(fc.tuple(fc.double({ min: 0.2, max: 2, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: -1.5, max: 1.5, noNaN: true })), { minLength: 2, maxLength: 6 }),
  )
  .map(([root, bones]) => {
    const joints = new Float64Array(3 * (bones.length + 1));
    joints.set(root, 0);
    bones.forEach(([l, yaw, pitch], i) => {
      joints[3 * i + 3] = joints[3 * i] + l * Math.cos(pitch) * Math.cos(yaw);
      joints[3 * i + 4] = joints[3 * i + 1] + l * Math.cos(pitch) * Math.sin(yaw);
      joints[3 * i + 5] = joints[3 * i + 2] + l * Math.sin(pitch);
    });
    return { joints, lengths: Float64Array.from(bones.map((b) => b[0])) };
  });

const unitDir = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter((v) => Math.hypot(...v) > 0.1)
  .map((v) => v.map((x) => x / Math.hypot(...v)));

function expectLengths(joints: Float64Array, lengths: ArrayLike<number>): void {
  for (let i = 0; i < lengths.length; i++) expect(Math.abs(dist(joints, i, joints, i + 1) - lengths[i])).toBeLessThan(1e-9);
}

/**
 * The IK node's FABRIK path on a chain given as flat joints (root first): with a pole, Blender's pole
 * pre-rotation from `rootPose` (identity by default), else none; then FABRIK. The solved joints are
 * written back into `joints`; returns the end's distance from the target and the chain work.
 */
function fabrik(joints: Float64Array, target: ArrayLike<number>, iterations: number, tolerance: number, pole: ArrayLike<number> | null = null, rootPose: ArrayLike<number> = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) {
  const n = joints.length / 3 - 1;
  const wk = createChainWork(n);
  for (let i = 0; i <= n; i++) wk.joints[i].set(joints.subarray(3 * i, 3 * i + 3));
  measureSegments(wk);
  const pre = new Float64Array(9);
  if (pole) polePreRotation(pre, rootPose, wk, target, pole);
  else identityMat3(pre);
  wk.iterations = iterations;
  wk.tolerance = tolerance;
  solveFabrik(wk, target, pre);
  const d = wk.endError;
  for (let i = 0; i <= n; i++) joints.set(wk.rebuilt[i], 3 * i);
  return { d, wk };
}

describe('solveFabrik (after polePreRotation)', () => {
  it('reaches reachable targets within tolerance and keeps every length to 1e-9', () => {
    fc.assert(
      fc.property(chainArb, unitDir, fc.double({ min: 0.05, max: 0.95, noNaN: true }), (ch, dir, reach) => {
        const { joints, lengths } = ch;
        const total = lengths.reduce((a, b) => a + b, 0);
        // FABRIK converges linearly and can crawl near the root or the inner reach limit; stay a
        // tenth of the chain away from both (slow cases still end within `iterations`, just farther).
        const inner = Math.max(0, 2 * Math.max(...lengths) - total);
        const lo = Math.max(inner + 0.1 * total, 0.15 * total);
        const D = lo + (total * 0.97 - lo) * reach;
        fc.pre(D < total * 0.99);
        const root = joints.slice(0, 3);
        const target = root.map((r, i) => r + D * dir[i]);
        // FABRIK converges linearly, slowly for targets near the root: give it room.
        const { d } = fabrik(joints, target, 20000, 1e-6);
        expect(d).toBeLessThanOrEqual(1e-6);
        expectClose(joints.slice(0, 3), root, 0);
        expectLengths(joints, lengths);
        expect(dist(joints, lengths.length, target, 0)).toBeCloseTo(d, 12);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a straight chain pointed at an unreachable target', () => {
    fc.assert(
      fc.property(chainArb, unitDir, fc.double({ min: 1.000001, max: 4, noNaN: true }), (ch, dir, far) => {
        const { joints, lengths } = ch;
        const total = lengths.reduce((a, b) => a + b, 0);
        const root = joints.slice(0, 3);
        const target = root.map((r, i) => r + far * total * dir[i]);
        const { d } = fabrik(joints, target, 10, 1e-6);
        let along = 0;
        for (let i = 0; i < lengths.length; i++) {
          along += lengths[i];
          expectClose(joints.slice(3 * i + 3, 3 * i + 6), root.map((r, k) => r + along * dir[k]), 1e-12);
        }
        expect(d).toBeCloseTo((far - 1) * total, 10);
      }),
    );
  });

  it('is finite for degenerate chains: zero-length bones, coincident joints, target on the root', () => {
    const p = fc.constantFrom(0, 1, -1, 1e-12);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(p, p, p), { minLength: 2, maxLength: 6 }),
        fc.tuple(p, p, p),
        fc.option(fc.tuple(p, p, p), { nil: null }),
        fc.integer({ min: 0, max: 50 }),
        (pts, target, pole, iterations) => {
          const joints = Float64Array.from(pts.flat());
          const lengths = Array.from({ length: pts.length - 1 }, (_, i) => dist(joints, i, joints, i + 1));
          const { d } = fabrik(joints, target, iterations, 1e-9, pole);
          expectFinite(joints);
          expect(Number.isFinite(d)).toBe(true);
          expectLengths(joints, lengths);
        },
      ),
      { numRuns: 500 },
    );
    // Target on the root of a chain that can fold onto it (1, 1): reached.
    const j = new Float64Array([0, 0, 0, 0, 1, 0, 0, 2, 0]);
    expect(fabrik(j, [0, 0, 0], 100, 1e-9).d).toBeLessThan(1e-9);
    // A straight chain aimed at a closer target on its own line still bends and reaches it.
    const s = new Float64Array([0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0]);
    expect(fabrik(s, [0, 2, 0], 200, 1e-9, [5, 1, 0]).d).toBeLessThan(1e-9);
    // Bent off the line towards +X: the stall kick's first plane picks the side here, not the pole
    // (the pole pre-rotation cannot turn a straight chain's bend).
    expect(s[3] + s[6]).toBeGreaterThan(0);
  });

  it('turns the bend toward the pole and keeps a planar chain in its plane', () => {
    // Chain in the XY plane bent toward −X; target up the Y axis; pole at +X. Blender's pole rule
    // turns the root bone's X axis towards the pole: here that axis points to the bend side (−X).
    const joints = new Float64Array([0, 0, 0, -0.5, 0.8, 0, -0.6, 1.8, 0, 0, 2.6, 0]);
    const lengths = [Math.hypot(0.5, 0.8), Math.hypot(0.1, 1), Math.hypot(0.6, 0.8)];
    const x = [-0.8 / Math.hypot(0.8, 0.5), -0.5 / Math.hypot(0.8, 0.5), 0];
    const { d } = fabrik(joints, [0, 2.2, 0], 200, 1e-9, [3, 1, 0], [...x, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1]);
    expect(d).toBeLessThan(1e-9);
    for (let i = 0; i < 4; i++) expect(Math.abs(joints[3 * i + 2])).toBeLessThan(1e-12);
    expect(joints[3] + joints[6]).toBeGreaterThan(0);
    expectLengths(joints, lengths);
  });
});

describe('solveFabrik rotations / rotatePose', () => {
  it('turns each bone from its old direction onto its new one (rotations accumulated from the root)', () => {
    fc.assert(
      fc.property(chainArb, unitDir, fc.double({ min: 0.3, max: 0.9, noNaN: true }), (ch, dir, reach) => {
        const before = Float64Array.from(ch.joints);
        const after = Float64Array.from(ch.joints);
        const total = ch.lengths.reduce((a, b) => a + b, 0);
        const { wk } = fabrik(after, before.slice(0, 3).map((r, i) => r + reach * total * dir[i]), 50, 1e-9);
        const n = ch.lengths.length;
        const rots = new Float64Array(9 * n);
        for (let i = 0; i < n; i++) rots.set(wk.rot[i], 9 * i);
        expectFinite(rots);
        // Bones whose pre-IK Y axis is the old segment: after applying, Y follows the new segment.
        const pre = new Float64Array(16 * n);
        for (let i = 0; i < n; i++) {
          const y = [0, 1, 2].map((k) => (before[3 * i + 3 + k] - before[3 * i + k]) / ch.lengths[i]);
          const x = Math.abs(y[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
          const z = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
          const zl = Math.hypot(...z);
          const zn = z.map((v) => v / zl);
          const xn = [y[1] * zn[2] - y[2] * zn[1], y[2] * zn[0] - y[0] * zn[2], y[0] * zn[1] - y[1] * zn[0]];
          pre.set([...xn, 0, ...y, 0, ...zn, 0, before[3 * i], before[3 * i + 1], before[3 * i + 2], 1], 16 * i);
        }
        const out = new Float64Array(16 * n);
        for (let i = 0; i < n; i++) rotatePose(out.subarray(16 * i, 16 * i + 16), wk.rot[i], pre.subarray(16 * i, 16 * i + 16), wk.rebuilt[i]);
        for (let i = 0; i < n; i++) {
          expect(orthonormalError(rots.subarray(9 * i, 9 * i + 9))).toBeLessThan(1e-12);
          const yNew = [0, 1, 2].map((k) => (after[3 * i + 3 + k] - after[3 * i + k]) / ch.lengths[i]);
          expectClose(out.subarray(16 * i + 4, 16 * i + 7), yNew, 1e-9);
          expectClose(out.subarray(16 * i + 12, 16 * i + 15), after.subarray(3 * i, 3 * i + 3), 0);
        }
      }),
    );
  });
});

describe('Blender fixtures: IK chains', () => {
  const manifest = JSON.parse(readFileSync(`${FIXTURES_DIR}/manifest.json`, 'utf8'));
  const tolerance = (name: string) => manifest.cases.find((c: ParsedJson) => c.name === name).tolerance as number;

  it('reaches Blender\'s end effector on reachable chains and its straight line on unreachable ones', () => {
    let reachable = 0, unreachable = 0;
    for (const c of [...loadFixtures('ik_chain_'), ...loadFixtures('ik_unreachable_')]) {
      const con = c.constraints.find((k: ParsedJson) => k.type === 'IK');
      const arm = c.objects.find((o: ParsedJson) => o.name === con.owner.object);
      const byName = new Map<string, ParsedJson>(arm.bones.map((b: ParsedJson) => [b.name, b]));
      let bone = byName.get(con.owner.bone);
      if (!con.props.use_tail) bone = byName.get(bone.parent);
      const chainBones: ParsedJson[] = [];
      for (let k = 0; k < con.props.chain_count && bone; k++, bone = bone.parent ? byName.get(bone.parent) : null) chainBones.unshift(bone);
      const armWorld = c.expected_unconstrained.objects[arm.name];
      const inv = new Float64Array(16);
      invertMat4(inv, armWorld);
      const pose = (b: ParsedJson, which: 'expected' | 'expected_unconstrained') => c[which].bones[`${arm.name}/${b.name}`].matrix;
      const jointsOf = (which: 'expected' | 'expected_unconstrained') => {
        const pts = chainBones.map((b) => pose(b, which).slice(12, 15));
        const last = chainBones[chainBones.length - 1];
        const m = pose(last, which);
        pts.push([0, 1, 2].map((i) => m[12 + i] + m[4 + i] * last.length));
        return Float64Array.from(pts.flat());
      };
      const joints = jointsOf('expected_unconstrained');
      const n = chainBones.length;
      const lengths = Array.from({ length: n }, (_, i) => dist(joints, i, joints, i + 1));
      const tw = c.expected_unconstrained.objects[con.props.target].slice(12, 15);
      const target = [0, 1, 2].map((r) => inv[r] * tw[0] + inv[4 + r] * tw[1] + inv[8 + r] * tw[2] + inv[12 + r]);
      const { d } = fabrik(joints, target, 500, 1e-7);
      const blender = jointsOf('expected');
      const total = lengths.reduce((a, b) => a + b, 0);
      const D = Math.hypot(target[0] - joints[0], target[1] - joints[1], target[2] - joints[2]);
      const tol = tolerance(c.name) * 1.5;
      if (D < total) {
        expect(d).toBeLessThan(1e-6);
        expectClose(joints.slice(3 * n), blender.slice(3 * n), tol, `${c.name} end effector`);
        reachable++;
      } else {
        expectClose(joints, blender, tol, `${c.name} straight chain`);
        unreachable++;
      }
    }
    expect(reachable).toBeGreaterThanOrEqual(5);
    expect(unreachable).toBeGreaterThanOrEqual(15);
  });
});
