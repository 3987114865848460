// Properties of the IK node on random rigs: reachable targets are reached (two bones in closed form
// to 1e-9 with the elbow in the pole plane; FABRIK within its tolerance with every bone length
// kept to 1e-9), unreachable targets give the straight chain pointing at them, and degenerate
// inputs (zero-length bones, target on the root, pole on the chain line, target at 1e300) never
// give NaN or Infinity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ik } from '../../../../nodes/constraints/ik/ik';
import { resolveParams } from '../../../../nodes/resolve-params';
import { allFinite, chainScene, dist, empty, ends, evaluate, stackGraph, worldOf, type V3 } from './rig';

const unit = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z]) => Math.hypot(x, y, z) > 0.2)
  .map(([x, y, z]): V3 => { const l = Math.hypot(x, y, z); return [x / l, y / l, z / l]; });
const point = fc.tuple(fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true })) as fc.Arbitrary<V3>;
const length = fc.double({ min: 0.3, max: 1.5, noNaN: true });

const add = (a: V3, b: V3, k = 1): V3 => [a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: ArrayLike<number>, b: ArrayLike<number>): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V3): V3 => { const l = Math.hypot(...a); return [a[0] / l, a[1] / l, a[2] / l]; };

/** A chain from random directions: joints[0] = root, each next joint one bone length further. */
const chain = (nMin: number, nMax: number) =>
  fc.integer({ min: nMin, max: nMax }).chain((n) =>
    fc.record({ root: point, dirs: fc.array(unit, { minLength: n, maxLength: n }), lengths: fc.array(length, { minLength: n, maxLength: n }) }),
  ).map(({ root, dirs, lengths }) => {
    const joints: V3[] = [root];
    dirs.forEach((d, i) => joints.push(add(joints[i], d, lengths[i])));
    return { joints, lengths };
  });

function tipId(n: number) {
  return `Arm/B${n - 1}`;
}

describe('constraint/ik: scheduling contract', () => {
  it('writes() names the chain above the tip, or the whole parent chain without Use Tail', () => {
    const parents: Record<string, string | undefined> = { 'A/B3': 'A/B2', 'A/B2': 'A/B1', 'A/B1': 'A/B0', 'A/B0': undefined };
    const ownerOf = (id: string) => (id in parents ? { parent: parents[id] } : undefined);
    const writes = (given: { chainCount: number; useTail: boolean }, ...rest: [typeof ownerOf, string | undefined]) => ik.writes!(resolveParams(ik, given), ...rest);
    expect(writes({ chainCount: 2, useTail: true }, ownerOf, 'A/B3')).toEqual(['A/B2']);
    expect(writes({ chainCount: 0, useTail: true }, ownerOf, 'A/B3')).toEqual(['A/B0', 'A/B1', 'A/B2']);
    expect(writes({ chainCount: 2, useTail: false }, ownerOf, 'A/B3')).toEqual(['A/B1', 'A/B2']);
    expect(writes({ chainCount: 9, useTail: true }, ownerOf, 'A/B1')).toEqual(['A/B0']);
    expect(writes({ chainCount: 1, useTail: true }, ownerOf, 'A/B1')).toEqual([]);
    expect(writes({ chainCount: 2, useTail: true }, ownerOf, undefined)).toEqual([]);
  });
});

describe('constraint/ik: two bones in closed form', () => {
  it('reaches a reachable target to 1e-9 with the elbow in the pole plane', () => {
    fc.assert(
      fc.property(point, unit, unit, length, length, fc.double({ min: 0.2, max: 2.6, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), unit, fc.double({ min: 0.05, max: 0.95, noNaN: true }), unit, fc.double({ min: 0.5, max: 3, noNaN: true }),
        (R, y, xHint, L1, L2, bend, poleAngle, g, reach, poleDir, poleDist) => {
          // Root frame: Y along the first bone, X from the hint; the chain bends in the plane of Y and
          // the pole axis (X turned by poleAngle towards Z), the plane Blender aligns with the pole.
          let x: V3 = add(xHint, y, -dot(xHint, y));
          fc.pre(Math.hypot(...x) > 0.2);
          x = norm(x);
          const z = cross(x, y);
          const u = norm(add(add([0, 0, 0], x, Math.cos(poleAngle)), z, Math.sin(poleAngle)));
          const E0 = add(R, y, L1);
          const T0 = add(E0, norm(add(add([0, 0, 0], y, Math.cos(bend)), u, Math.sin(bend))), L2);
          const lo = Math.abs(L1 - L2) + 0.02 * (L1 + L2), hi = 0.98 * (L1 + L2);
          const G = add(R, g, lo + (hi - lo) * reach);
          const P = add(R, poleDir, poleDist);
          // Pole well off the goal line, so the plane is defined.
          fc.pre(Math.hypot(...cross(g, poleDir)) > 0.2);
          const scene = chainScene({ joints: [R, E0, T0], xHints: [x, x] }, [empty('Target', G), empty('Pole', P)]);
          const program = evaluate(scene, stackGraph(scene, tipId(2), 'constraint/ik', { chainCount: 2, poleAngle }, { target: { owner: 'Target' }, pole: { owner: 'Pole' } }));
          const tip = ends(program, tipId(2)).tail;
          expect(dist(tip, G)).toBeLessThan(1e-9);
          const elbow = ends(program, 'Arm/B1').head;
          const n = norm(cross([G[0] - R[0], G[1] - R[1], G[2] - R[2]], [P[0] - R[0], P[1] - R[1], P[2] - R[2]]));
          expect(Math.abs(dot(n, [elbow[0] - R[0], elbow[1] - R[1], elbow[2] - R[2]]))).toBeLessThan(1e-9);
          // Bone lengths kept.
          expect(Math.abs(dist(elbow, R) - L1)).toBeLessThan(1e-9);
          expect(Math.abs(dist(tip, elbow) - L2)).toBeLessThan(1e-9);
        }),
      { numRuns: Number(process.env.IK_RUNS ?? 150) },
    );
  });

  it('reaches a reachable target without a pole, under any armature transform', () => {
    fc.assert(
      fc.property(chain(2, 2), unit, fc.double({ min: 0.1, max: 0.95, noNaN: true }), point, fc.double({ min: 0.5, max: 2, noNaN: true }), (c, g, reach, armRot, armScale) => {
        const [L1, L2] = c.lengths;
        const lo = Math.abs(L1 - L2) + 0.02 * (L1 + L2), hi = 0.98 * (L1 + L2);
        const local = add(c.joints[0], g, lo + (hi - lo) * reach);
        const arm = { location: [0.3, -0.2, 0.5], rotation_mode: 'XYZ' as const, rotation_euler: armRot, scale: [armScale, armScale, armScale] };
        // The goal in world space: armature · local.
        const A = worldOf(chainScene({ joints: c.joints, armature: arm }), 'Arm');
        const G: V3 = [0, 1, 2].map((r) => A[r] * local[0] + A[4 + r] * local[1] + A[8 + r] * local[2] + A[12 + r]) as V3;
        const scene = chainScene({ joints: c.joints, armature: arm }, [empty('Target', G)]);
        const program = evaluate(scene, stackGraph(scene, tipId(2), 'constraint/ik', { chainCount: 2 }, { target: { owner: 'Target' } }));
        expect(dist(ends(program, tipId(2)).tail, G)).toBeLessThan(1e-9 * armScale * 10);
      }),
      { numRuns: Number(process.env.IK_RUNS ?? 100) },
    );
  });
});

describe('constraint/ik: nearly straight two-bone chain (bend plane from a cancelled difference)', () => {
  it('still reaches the target to 1e-9', () => {
    // Found by the property above: the elbow direction ⟂ the goal came from a 1e-12 residue.
    const joints: V3[] = [[0, 0, 0], [0.3, 0, 0], [0.6, 1.1998759278901961e-12, 0]];
    const g: V3 = [-0.0000019952284245281807, -0.707104073247412, 0.7071094891124979];
    const local = add([0, 0, 0], g, 0.012 + (0.588 - 0.012) * 0.1);
    const arm = { location: [0.3, -0.2, 0.5], rotation_mode: 'XYZ' as const, rotation_euler: [0, 0, 0], scale: [0.5, 0.5, 0.5] };
    const A = worldOf(chainScene({ joints, armature: arm }), 'Arm');
    const G: V3 = [0, 1, 2].map((r) => A[r] * local[0] + A[4 + r] * local[1] + A[8 + r] * local[2] + A[12 + r]) as V3;
    const scene = chainScene({ joints, armature: arm }, [empty('Target', G)]);
    const program = evaluate(scene, stackGraph(scene, tipId(2), 'constraint/ik', { chainCount: 2 }, { target: { owner: 'Target' } }));
    expect(dist(ends(program, tipId(2)).tail, G)).toBeLessThan(1e-9);
  });
});

describe('constraint/ik: FABRIK chains', () => {
  it('reaches reachable targets within the tolerance and keeps every bone length to 1e-9', () => {
    fc.assert(
      fc.property(chain(3, 5), unit, fc.double({ min: 0.05, max: 0.9, noNaN: true }), fc.boolean(), (c, g, reach, child) => {
        const n = c.lengths.length;
        const total = c.lengths.reduce((a, b) => a + b, 0);
        const inner = Math.max(0, 2 * Math.max(...c.lengths) - total);
        const D = inner + 0.05 * total + (0.9 * total - inner - 0.05 * total) * reach;
        fc.pre(D > inner + 0.02 * total && D < 0.95 * total);
        const G = add(c.joints[0], g, D);
        const scene = chainScene({ joints: c.joints, child }, [empty('Target', G)]);
        const tolerance = 1e-7;
        const program = evaluate(scene, stackGraph(scene, tipId(n), 'constraint/ik', { chainCount: n, tolerance, iterations: 2000 }, { target: { owner: 'Target' } }));
        expect(dist(ends(program, tipId(n)).tail, G)).toBeLessThanOrEqual(tolerance * (1 + 1e-6));
        for (let i = 0; i < n; i++) {
          const e = ends(program, `Arm/B${i}`);
          expect(Math.abs(dist(e.head, e.tail) - c.lengths[i])).toBeLessThan(1e-9);
          if (i + 1 < n) expect(dist(e.tail, ends(program, `Arm/B${i + 1}`).head)).toBeLessThan(1e-9);
        }
        expect(dist(ends(program, 'Arm/B0').head, c.joints[0])).toBeLessThan(1e-12);
        if (child) expect(dist(ends(program, 'Arm/Child').head, ends(program, tipId(n)).tail)).toBeLessThan(1e-9);
      }),
      { numRuns: Number(process.env.IK_RUNS ?? 150) },
    );
  });
});

describe('constraint/ik: unreachable targets', () => {
  it('straighten the chain pointing at the target (1 to 5 bones)', () => {
    fc.assert(
      fc.property(chain(1, 5), unit, fc.double({ min: 1.05, max: 4, noNaN: true }), fc.boolean(), (c, g, k, usePole) => {
        const n = c.lengths.length;
        const total = c.lengths.reduce((a, b) => a + b, 0);
        const R = c.joints[0];
        const G = add(R, g, total * k);
        const P = add(R, norm(cross(g, [0.3, 0.5, 0.8])), 2);
        const scene = chainScene({ joints: c.joints }, [empty('Target', G), empty('Pole', P)]);
        const inputs: Record<string, { owner: string }> = { target: { owner: 'Target' } };
        if (usePole) inputs.pole = { owner: 'Pole' };
        const program = evaluate(scene, stackGraph(scene, tipId(n), 'constraint/ik', { chainCount: n }, inputs));
        let cum = 0;
        for (let i = 0; i < n; i++) {
          const e = ends(program, `Arm/B${i}`);
          expect(dist(e.head, add(R, g, cum))).toBeLessThan(1e-9);
          cum += c.lengths[i];
          expect(dist(e.tail, add(R, g, cum))).toBeLessThan(1e-9);
        }
      }),
      { numRuns: Number(process.env.IK_RUNS ?? 150) },
    );
  });
});

describe('constraint/ik: degenerate inputs stay finite', () => {
  const cases: [string, (c: { joints: V3[]; lengths: number[] }) => { joints: V3[]; G: V3; P?: V3 }][] = [
    ['zero-length bone', (c) => { const j = c.joints.slice(); j[1] = j[0]; return { joints: j, G: add(j[0], [0.2, 0.3, 0.1]) }; }],
    ['zero-length last bone with a pole', (c) => { const j = c.joints.slice(); j[j.length - 1] = j[j.length - 2]; return { joints: j, G: add(j[0], [0.5, 0.1, 0.1]), P: add(j[0], [0, 0, 2]) }; }],
    ['target on the root', (c) => ({ joints: c.joints, G: c.joints[0] })],
    ['target on the root with a pole', (c) => ({ joints: c.joints, G: c.joints[0], P: add(c.joints[0], [1, 1, 0]) })],
    ['pole on the chain line', (c) => ({ joints: c.joints, G: add(c.joints[0], [0.4, 0.2, 0.1]), P: add(c.joints[0], [0.8, 0.4, 0.2]) })],
    ['pole on the root', (c) => ({ joints: c.joints, G: add(c.joints[0], [0.4, 0.2, 0.1]), P: c.joints[0] })],
    ['pole on the tip line', (c) => ({ joints: c.joints, G: add(c.joints[0], [0.4, 0.2, 0.1]), P: c.joints[c.joints.length - 1] })],
    ['target at 1e300', (c) => ({ joints: c.joints, G: [1e300, -1e300, 1e300] })],
    ['target at 1e300 with a pole at -1e300', (c) => ({ joints: c.joints, G: [1e300, 1e299, 0], P: [-1e300, 0, 1e300] })],
    ['all bones of zero length', (c) => ({ joints: c.joints.map(() => c.joints[0]), G: add(c.joints[0], [1, 0, 0]), P: add(c.joints[0], [0, 1, 0]) })],
  ];
  for (const [name, make] of cases) {
    it(name, () => {
      fc.assert(
        fc.property(chain(1, 5), fc.constantFrom('AUTO', 'FABRIK'), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (c, solver, influence, useStretch) => {
          const { joints, G, P } = make(c);
          const n = joints.length - 1;
          const extra = [empty('Target', G), ...(P ? [empty('Pole', P)] : [])];
          const scene = chainScene({ joints, child: true }, extra);
          const inputs: Record<string, { owner: string }> = { target: { owner: 'Target' } };
          if (P) inputs.pole = { owner: 'Pole' };
          const program = evaluate(scene, stackGraph(scene, tipId(n), 'constraint/ik', { chainCount: n, solver, influence, useStretch }, inputs));
          expect(allFinite(program)).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('constraint/ik: influence and Use Tail', () => {
  it('influence 0 leaves the chain as it was', () => {
    const joints: V3[] = [[0, 0, 0], [0, 1, 0], [0, 2, 0.3]];
    const scene = chainScene({ joints }, [empty('Target', [1, 0.5, 0]), empty('Pole', [0, 0, 2])]);
    const program = evaluate(scene, stackGraph(scene, tipId(2), 'constraint/ik', { chainCount: 2, influence: 0 }, { target: { owner: 'Target' }, pole: { owner: 'Pole' } }));
    expect(dist(ends(program, tipId(2)).tail, joints[2])).toBeLessThan(1e-12);
    expect(dist(ends(program, 'Arm/B1').head, joints[1])).toBeLessThan(1e-12);
  });

  it('without a pole, influence k reaches the point k of the way from the old chain end to the target', () => {
    fc.assert(
      fc.property(chain(2, 4), unit, fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.1, max: 0.6, noNaN: true }), (c, g, k, reach) => {
        const n = c.lengths.length;
        const total = c.lengths.reduce((a, b) => a + b, 0);
        const inner = Math.max(0, 2 * Math.max(...c.lengths) - total);
        const T0 = c.joints[n];
        const G = add(c.joints[0], g, inner + 0.1 * total + reach * (0.8 * total - inner));
        const goal: V3 = [T0[0] + (G[0] - T0[0]) * k, T0[1] + (G[1] - T0[1]) * k, T0[2] + (G[2] - T0[2]) * k];
        const dGoal = dist(goal, c.joints[0]);
        fc.pre(dGoal > inner + 0.05 * total && dGoal < 0.95 * total);
        const scene = chainScene({ joints: c.joints }, [empty('Target', G)]);
        const program = evaluate(scene, stackGraph(scene, tipId(n), 'constraint/ik', { chainCount: n, influence: k, tolerance: 1e-9, iterations: 5000 }, { target: { owner: 'Target' } }));
        expect(dist(ends(program, tipId(n)).tail, goal)).toBeLessThan(1e-8);
      }),
      { numRuns: 80 },
    );
  });

  it('without Use Tail the chain is the parents and the owner rides on the moved parent', () => {
    fc.assert(
      fc.property(chain(3, 5), unit, fc.double({ min: 0.2, max: 0.8, noNaN: true }), (c, g, reach) => {
        const n = c.lengths.length; // the owner is the last bone; the chain is the n − 1 above it
        const lens = c.lengths.slice(0, n - 1);
        const total = lens.reduce((a, b) => a + b, 0);
        const inner = Math.max(0, 2 * Math.max(...lens) - total);
        const G = add(c.joints[0], g, inner + 0.05 * total + reach * (0.9 * total - inner));
        const scene = chainScene({ joints: c.joints }, [empty('Target', G)]);
        const program = evaluate(scene, stackGraph(scene, tipId(n), 'constraint/ik', { chainCount: n - 1, useTail: false, tolerance: 1e-9, iterations: 5000 }, { target: { owner: 'Target' } }));
        const parentTail = ends(program, `Arm/B${n - 2}`).tail;
        expect(dist(parentTail, G)).toBeLessThan(1e-8);
        // Connected: the owner's head sits on its parent's moved tail, and keeps its length.
        const owner = ends(program, tipId(n));
        expect(dist(owner.head, parentTail)).toBeLessThan(1e-9);
        expect(Math.abs(dist(owner.head, owner.tail) - c.lengths[n - 1])).toBeLessThan(1e-9);
      }),
      { numRuns: 80 },
    );
  });

  it('Stretch reaches an out-of-reach target by scaling the bones along Y', () => {
    const joints: V3[] = [[0, 0, 0], [0, 1, 0], [0, 2, 0.3], [0.2, 2.8, 0.3]];
    const total = 1 + Math.hypot(1, 0.3) + Math.hypot(0.2, 0.8);
    for (const n of [1, 2, 3]) {
      const j = joints.slice(0, n + 1);
      const t = n === 3 ? total : n === 2 ? 1 + Math.hypot(1, 0.3) : 1;
      const G: V3 = [t * 1.5 * 0.6, t * 1.5 * 0.8, 0];
      const scene = chainScene({ joints: j }, [empty('Target', G)]);
      const program = evaluate(scene, stackGraph(scene, tipId(n), 'constraint/ik', { chainCount: n, useStretch: true }, { target: { owner: 'Target' } }));
      expect(dist(ends(program, tipId(n)).tail, G)).toBeLessThan(1e-9);
    }
  });

  it('a pole with influence 0.5 lands between the pre-IK pose and the full solve', () => {
    const joints: V3[] = [[0, 0, 0], [0, 1, 0.2], [0, 2, 0]];
    const extra = [empty('Target', [1, 1, 0]), empty('Pole', [0, 1, 3])];
    const scene = chainScene({ joints }, extra);
    const full = evaluate(scene, stackGraph(scene, tipId(2), 'constraint/ik', { chainCount: 2 }, { target: { owner: 'Target' }, pole: { owner: 'Pole' } }));
    const half = evaluate(scene, stackGraph(scene, tipId(2), 'constraint/ik', { chainCount: 2, influence: 0.5 }, { target: { owner: 'Target' }, pole: { owner: 'Pole' } }));
    const t0 = joints[2], t1 = ends(full, tipId(2)).tail, th = ends(half, tipId(2)).tail;
    expect(dist(th, t0)).toBeGreaterThan(1e-3);
    expect(dist(th, t1)).toBeGreaterThan(1e-3);
    expect(dist(ends(half, 'Arm/B0').head, joints[0])).toBeLessThan(1e-12);
  });
});
