// Blender's IK solver iterating on its WebAssembly kernel (nodes/math/wasm/assembly/ik-solver.ts)
// against the same solve in JavaScript, bit for bit (Object.is on every number): random trees of
// one to five bones (chains and branches), every segment kind (each bone's locks pick it), limits
// hit and not, stiffness, IK Stretch, position and orientation goals, poles, any weights and
// influences, goals and poles now and then not finite or huge, and two solves in a row on the same
// trees (what a solve leaves, the next starts from).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SegKind } from '../../../nodes/math/ik-blender/segment-slots';
import { BlenderIkTree, type BlenderIkBone, type BlenderIkTreeSpec } from '../../../nodes/math/ik-blender/tree';

/** A rotation (column-major 3x3) from an unnormalized quaternion. */
function rotation([x, y, z, w]: readonly number[]): number[] {
  const l = Math.hypot(x, y, z, w) || 1;
  const [a, b, c, d] = [x / l, y / l, z / l, w / l];
  return [
    1 - 2 * (b * b + c * c), 2 * (a * b + c * d), 2 * (a * c - b * d),
    2 * (a * b - c * d), 1 - 2 * (a * a + c * c), 2 * (b * c + a * d),
    2 * (a * c + b * d), 2 * (b * c - a * d), 1 - 2 * (a * a + b * b),
  ];
}

const quat = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true }));
const coord = fc.double({ min: -3, max: 3, noNaN: true });
/** A goal's or pole's coordinate: now and then not finite, or huge (what a broken rig hands the solver). */
const goalCoord = fc.oneof({ arbitrary: coord, weight: 30 }, { arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, 1e300, -1e-300), weight: 1 });
/** A pose (column-major 4x4): a rotation, a scale per axis (mostly 1), a translation. */
const pose = fc.record({ q: quat, scale: fc.oneof(fc.constant([1, 1, 1]), fc.tuple(fc.double({ min: 0.3, max: 2, noNaN: true }), fc.double({ min: 0.3, max: 2, noNaN: true }), fc.double({ min: 0.3, max: 2, noNaN: true }))), t: fc.tuple(coord, coord, coord) })
  .map(({ q, scale, t }) => {
    const r = rotation(q);
    return Float64Array.of(r[0] * scale[0], r[1] * scale[0], r[2] * scale[0], 0, r[3] * scale[1], r[4] * scale[1], r[5] * scale[1], 0, r[6] * scale[2], r[7] * scale[2], r[8] * scale[2], 0, t[0], t[1], t[2], 1);
  });
/** A goal or pole: a pose whose translation may be anything. */
const goal = fc.tuple(pose, goalCoord, goalCoord, goalCoord).map(([m, x, y, z]) => { const g = Float64Array.from(m); g[12] = x; g[13] = y; g[14] = z; return g; });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const bone: fc.Arbitrary<BlenderIkBone> = fc.record({
  lock: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
  useLimit: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
  // Limits tight enough to be hit, of either sign, and sometimes min > max (which Blender ignores).
  min: fc.tuple(angle, angle, angle).map(([a, b, c]) => [a * 0.4, b * 0.4, c * 0.4] as const),
  max: fc.tuple(angle, angle, angle).map(([a, b, c]) => [a * 0.4, b * 0.4, c * 0.4] as const),
  stiffness: fc.tuple(fc.constantFrom(0, 0, 0.3, 0.9, 1), fc.constantFrom(0, 0, 0.5, 0.99), fc.constantFrom(0, 0, 0.2)),
  stretch: fc.constantFrom(0, 0, 0.1, 0.5, 1),
  length: fc.double({ min: 0.1, max: 2, noNaN: true }),
  boneMat: quat.map(rotation),
});

interface Case {
  spec: BlenderIkTreeSpec;
  /** IK Stretch's translation limits set anew: Blender's (0.001 to 1e10) are never reached from above. */
  stretchLimits: readonly [number, number] | undefined;
  solves: { pre: Float64Array[]; rootParent: Float64Array | undefined; goals: Float64Array[]; poles: Float64Array[]; weights: Float64Array[] }[] }

const weights = fc.tuple(fc.double({ min: 0.01, max: 1, noNaN: true }), fc.constantFrom(0, 0.5, 1), fc.constantFrom(1, 1, 0.5, 0), angle)
  .map(([w, o, inf, pole]) => Float64Array.of(Math.fround(w), Math.fround(o), inf, Math.fround(pole)));

const treeCase: fc.Arbitrary<Case> = fc.integer({ min: 1, max: 5 }).chain((n) => fc.record({
  bones: fc.array(bone, { minLength: n, maxLength: n }),
  // Parents first: bone a hangs from one before it (a chain when each picks a − 1).
  parent: fc.tuple(...Array.from({ length: n }, (_, a) => (a === 0 ? fc.constant(-1) : fc.oneof(fc.constant(a - 1), fc.integer({ min: 0, max: a - 1 }))))),
  hasRootParent: fc.boolean(),
  stretch: fc.boolean(),
  targets: fc.array(fc.record({ tip: fc.integer({ min: 0, max: n - 1 }), position: fc.boolean(), rotation: fc.boolean(), pole: fc.boolean() }), { minLength: 1, maxLength: 2 }),
  iterations: fc.constantFrom(1, 12, 40, 500),
  stretchLimits: fc.option(fc.tuple(fc.double({ min: -0.5, max: 0.2, noNaN: true }), fc.double({ min: 0, max: 0.5, noNaN: true })), { nil: undefined }),
  solves: fc.array(fc.record({
    pre: fc.array(pose, { minLength: n, maxLength: n }),
    rootParent: pose,
    goals: fc.tuple(goal, goal),
    poles: fc.tuple(goal, goal),
    weights: fc.tuple(weights, weights),
  }), { minLength: 2, maxLength: 2 }),
})).map((r) => {
  const targets = r.targets.map((t) => ({ ...t, position: t.position || !t.rotation }));
  const spec: BlenderIkTreeSpec = {
    bones: r.bones, parent: [...r.parent], hasArmatureParent: r.bones.map((_, a) => a > 0 || r.hasRootParent),
    stretch: r.stretch, targets, iterations: r.iterations,
  };
  return {
    spec,
    stretchLimits: r.stretchLimits,
    solves: r.solves.map((s) => ({ pre: s.pre, rootParent: r.hasRootParent ? s.rootParent : undefined, goals: [...s.goals], poles: [...s.poles], weights: [...s.weights] })),
  };
});

/** Each solve's matrices and iteration count, and the segments' numbers after it. */
function solve(c: Case, kernel: boolean): { onKernel: boolean; numbers: number[] } {
  const tree = new BlenderIkTree({ ...c.spec, kernel });
  if (c.stretchLimits) {
    for (const seg of tree.solver.segs) if (seg.kind === SegKind.Translate) { seg.setLimit(1, ...c.stretchLimits); seg.saveConfig(); }
  }
  const post = c.spec.bones.map(() => new Float64Array(16));
  const numbers: number[] = [];
  for (const s of c.solves) {
    tree.solve(s.pre, s.rootParent, s.goals, s.poles, s.weights.map((w) => Float64Array.from(w)), post);
    numbers.push(tree.solver.iterationsUsed);
    for (const m of post) numbers.push(...m);
    for (const seg of tree.solver.segs) numbers.push(...seg.basis, ...seg.newBasis, ...seg.translation, ...seg.newTranslation, ...seg.globalR, ...seg.globalEnd, ...seg.s, ...seg.locked);
  }
  return { onKernel: tree.solver.jac.J.buffer.byteLength % 65536 === 0, numbers };
}

describe('Blender\'s IK solver iterating on the WebAssembly kernel', () => {
  it('gives the JavaScript solve\'s bits, on random trees, goals and poses', () => {
    let iterations = 0;
    fc.assert(fc.property(treeCase, (c) => {
      const wasm = solve(c, true);
      const js = solve(c, false);
      expect(wasm.onKernel).toBe(true);
      expect(js.onKernel).toBe(false);
      expect(wasm.numbers.length).toBe(js.numbers.length);
      wasm.numbers.forEach((x, i) => { if (!Object.is(x, js.numbers[i])) expect([i, x]).toEqual([i, js.numbers[i]]); });
      iterations += js.numbers[0];
    }), { numRuns: 400 });
    // The solves did iterate (not all stopped at once).
    expect(iterations).toBeGreaterThan(400 * 5);
  });
});
