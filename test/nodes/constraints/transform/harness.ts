// Runs a Transform constraint kernel outside a program (alone, or wrapped by the runtime's
// constraint step for influence), and random matrices for property tests.
import fc from 'fast-check';
import type { JsonValue } from '../../../../graph/types';
import type { BindEnv, KernelIO, NodeDefinition, OwnerHandle, Params } from '../../../../nodes/define';
import { constraintStep } from '../../../../runtime/constraint-step';
import { SlotAllocator } from '../../../../runtime/slots';

export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Every param present, defaults filled in, as compile.ts resolves them. */
export function resolveParams(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}): Params {
  const out: Params = {};
  for (const [k, s] of Object.entries(def.inputs)) if (s.default !== undefined) out[k] = (Array.isArray(s.default) ? [...s.default] : s.default) as JsonValue;
  for (const [k, p] of Object.entries(def.params)) out[k] = p.default;
  return { ...out, ...given };
}

/** A bind environment with an optional stack owner (for AUTO Euler orders). */
export function env(stackOwner?: OwnerHandle): BindEnv {
  return {
    nodeId: 'n',
    owner: () => undefined,
    sourceOwner: () => undefined,
    connected: () => true,
    warn: () => {},
    stackOwner: () => stackOwner,
    frame: new Float64Array([1]),
    fail: (m) => { throw new Error(m); },
  };
}

/** A bound kernel: call it with owner and target matrices (already in their spaces), get the owner out. */
export function bound(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}, stackOwner?: OwnerHandle) {
  const params = resolveParams(def, given);
  const state = def.bind?.(env(stackOwner), params);
  const io: KernelIO = {
    in: { owner: new Float64Array(16), target: new Float64Array(16), space: new Float64Array(IDENTITY), influence: new Float64Array([1]) },
    out: { owner: new Float64Array(16) },
  };
  return (owner: ArrayLike<number>, target: ArrayLike<number> = IDENTITY): Float64Array => {
    io.in.owner.set(owner);
    io.in.target.set(target);
    io.out.owner.fill(-12345.678);
    def.kernel(io, params, state);
    return io.out.owner;
  };
}

/**
 * The kernel as the runtime runs it (runtime/constraint-step.ts): world spaces, no scene owner, the
 * result blended with the owner by `influence` (which may lie outside 0…1).
 */
export function stepped(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}) {
  const params = resolveParams(def, given);
  const state = def.bind?.(env(), params);
  const slots = new SlotAllocator(256);
  const io: KernelIO = {
    in: { owner: slots.alloc(16), target: slots.alloc(16), space: slots.identity(), influence: slots.alloc(1) },
    out: { owner: slots.alloc(16) },
  };
  const run = constraintStep({ def, params, state, io, stackOwner: undefined, targetOwners: {}, custom: undefined, active: true }, slots);
  return (owner: ArrayLike<number>, target: ArrayLike<number>, influence: number): Float64Array => {
    io.in.owner.set(owner);
    io.in.target.set(target);
    io.in.influence[0] = influence;
    run();
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

/** Length of column k (0..2) of a 4x4. */
export function axisLength(m: ArrayLike<number>, k: number): number {
  return Math.hypot(m[4 * k], m[4 * k + 1], m[4 * k + 2]);
}

export const coord = fc.double({ min: -10, max: 10, noNaN: true });
export const vec3 = fc.tuple(coord, coord, coord);
export const quaternion = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter((q) => Math.hypot(...q) > 0.1);
const positiveScale = fc.double({ min: 0.2, max: 3, noNaN: true });
const scaleComponent = fc.oneof(positiveScale, fc.double({ min: -3, max: -0.2, noNaN: true }));
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

/** Positive, shear-free scale and a rotation: a well-conditioned transform. */
export const rigid: fc.Arbitrary<Float64Array> = fc
  .tuple(vec3, quaternion, fc.tuple(positiveScale, positiveScale, positiveScale))
  .map(([t, q, s]) => trs(t, q, s));

/** Any finite transform: zero, tiny, huge and negative scales, shear, far locations. */
export const anyMatrix: fc.Arbitrary<Float64Array> = fc
  .tuple(
    fc.oneof(vec3, fc.constantFrom([0, 0, 0], [1e300, -1e300, 1e300], [1e-300, 0, 0], [-1e300, 1e300, 0])),
    quaternion,
    fc.tuple(degenerateScale, degenerateScale, degenerateScale),
    fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
  )
  .map(([t, q, s, sh]) => trs(t, q, s, sh));

/** An influence, also outside 0…1 (a math node may drive it anywhere). */
export const anyInfluence = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 1, -1, 2, 1e300, -1e300));

/** Random values for a node's params: every choice option, both bools, floats in a range (with zero). */
export function anyParams(def: NodeDefinition<any>, skip: readonly string[] = ['ownerSpace', 'targetSpace', 'headTail']): fc.Arbitrary<Record<string, JsonValue>> {
  const parts: Record<string, fc.Arbitrary<JsonValue>> = {};
  for (const [k, p] of Object.entries(def.params)) {
    if (skip.includes(k)) continue;
    if (p.kind === 'choice') parts[k] = fc.constantFrom(...p.options);
    else if (p.kind === 'bool') parts[k] = fc.boolean();
    else if (p.kind === 'float') parts[k] = fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.constantFrom(0, 1, -1, 1e-9, 1e6, -1e6));
    else if (p.kind === 'vector') parts[k] = fc.array(fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.constantFrom(0, 1e6)), { minLength: p.size, maxLength: p.size });
  }
  return fc.record(parts);
}
