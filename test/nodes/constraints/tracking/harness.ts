// Runs a tracking kernel outside a program, and random matrices / targets for property tests.
import fc from 'fast-check';
import type { JsonValue } from '../../../../graph/types';
import type { BindEnv, KernelIO, NodeDefinition, OwnerHandle, Params } from '../../../../nodes/define';

export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Every param present, defaults filled in, as compile.ts resolves them. */
export function resolveParams(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}): Params {
  const out: Params = {};
  for (const [k, s] of Object.entries(def.inputs)) if (s.default !== undefined) out[k] = (Array.isArray(s.default) ? [...s.default] : s.default) as JsonValue;
  for (const [k, p] of Object.entries(def.params)) out[k] = p.default;
  return { ...out, ...given };
}

export function env(sources: Record<string, OwnerHandle> = {}): BindEnv {
  return {
    nodeId: 'n',
    owner: () => undefined,
    sourceOwner: (input) => sources[input],
    connected: (input) => sources[input] !== undefined,
    warn: () => {},
    stackOwner: () => undefined,
    frame: new Float64Array([1]),
    fail: (m) => { throw new Error(m); },
  };
}

/** A bound kernel: call it with owner and target matrices (already in their spaces), get the owner out. */
export function bound(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}, sources: Record<string, OwnerHandle> = {}) {
  const params = resolveParams(def, given);
  const state = def.bind?.(env(sources), params);
  const io: KernelIO = { in: { owner: new Float64Array(16), target: new Float64Array(16), influence: new Float64Array([1]) }, out: { owner: new Float64Array(16) } };
  return (owner: ArrayLike<number>, target: ArrayLike<number>): Float64Array => {
    io.in.owner.set(owner);
    io.in.target.set(target);
    io.out.owner.fill(-12345.678);
    def.kernel(io, params, state);
    return io.out.owner;
  };
}

export function allFinite(m: ArrayLike<number>): boolean {
  for (let i = 0; i < m.length; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}

export function translation(x: number, y: number, z: number): Float64Array {
  const m = new Float64Array(IDENTITY);
  m[12] = x; m[13] = y; m[14] = z;
  return m;
}

/** Column k (0..2) of a 4x4 as a vector. */
export function column(m: ArrayLike<number>, k: number): [number, number, number] {
  return [m[4 * k], m[4 * k + 1], m[4 * k + 2]];
}

export function unit(v: readonly number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? v.map((x) => x / l) : [0, 0, 0];
}

export function dot(a: readonly number[], b: readonly number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

const coord = fc.double({ min: -10, max: 10, noNaN: true });
const vec3 = fc.tuple(coord, coord, coord);
const quaternion = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter((q) => Math.hypot(...q) > 0.1);
const scaleComponent = fc.oneof(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.2, noNaN: true }));
const degenerateScale = fc.oneof(scaleComponent, fc.constantFrom(0, 1e-12, 1e-300, 1e6));

/** T(t)·R(q)·S(s), with an optional shear of Y along X. */
export function trs(t: readonly number[], q: readonly number[], s: readonly number[], shear = 0): Float64Array {
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  const x = q[0] / l, y = q[1] / l, z = q[2] / l, w = q[3] / l;
  const r = [
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y),
  ];
  const out = new Float64Array(16);
  for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[4 * c + k] = r[3 * c + k] * s[c];
  if (shear) { out[4] += out[0] * shear; out[5] += out[1] * shear; out[6] += out[2] * shear; }
  out[12] = t[0]; out[13] = t[1]; out[14] = t[2]; out[15] = 1;
  return out;
}

/** A well-conditioned owner: rotation, non-zero scale (some negative), location. */
export const ownerMatrix: fc.Arbitrary<Float64Array> = fc.tuple(vec3, quaternion, fc.tuple(scaleComponent, scaleComponent, scaleComponent)).map(([t, q, s]) => trs(t, q, s));

/** A positive-scale, shear-free owner (rotations only), for exact geometric properties. */
export const rigidOwner: fc.Arbitrary<Float64Array> = fc.tuple(vec3, quaternion, fc.double({ min: 0.2, max: 3, noNaN: true })).map(([t, q, s]) => trs(t, q, [s, s * 1.3, s * 0.7]));

/** Any finite owner, including zero, tiny and huge scales, shear and far locations. */
export const anyOwner: fc.Arbitrary<Float64Array> = fc.tuple(
  fc.oneof(vec3, fc.constantFrom([0, 0, 0], [1e300, -1e300, 1e300], [1e-300, 0, 0])),
  quaternion,
  fc.tuple(degenerateScale, degenerateScale, degenerateScale),
  fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
).map(([t, q, s, sh]) => trs(t, q, s, sh));

/** Targets: random, on the owner, at 1e300, nearly on the owner; rotated and scaled (Target Z matters). */
export function anyTarget(owner: Float64Array): fc.Arbitrary<Float64Array> {
  const at = (p: readonly number[]) => fc.tuple(quaternion, fc.tuple(degenerateScale, degenerateScale, degenerateScale)).map(([q, s]) => trs(p, q, s));
  return fc.oneof(
    fc.tuple(vec3, quaternion, fc.tuple(degenerateScale, degenerateScale, degenerateScale)).map(([t, q, s]) => trs(t, q, s)),
    at([owner[12], owner[13], owner[14]]),
    at([1e300, -1e300, 1e300]),
    at([owner[12] + 1e-300, owner[13], owner[14]]),
    at([owner[12], owner[13] + 1e-9, owner[14]]),
    at([owner[12] + owner[8], owner[13] + owner[9], owner[14] + owner[10]]), // along the owner's Z
  );
}

/** A random owner together with a random (possibly degenerate) target. */
export const ownerAndTarget: fc.Arbitrary<[Float64Array, Float64Array]> = anyOwner.chain((o) => anyTarget(o).map((t): [Float64Array, Float64Array] => [o, t]));

/** Every value of every choice param, and both values of every bool param, combined. */
export function choiceCombos(def: NodeDefinition<any>, skip: string[] = ['ownerSpace', 'targetSpace']): Record<string, JsonValue>[] {
  let combos: Record<string, JsonValue>[] = [{}];
  for (const [k, p] of Object.entries(def.params)) {
    if (skip.includes(k)) continue;
    const values: JsonValue[] | undefined = p.kind === 'choice' ? [...p.options] : p.kind === 'bool' ? [false, true] : undefined;
    if (!values) continue;
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [k]: v })));
  }
  return combos;
}
