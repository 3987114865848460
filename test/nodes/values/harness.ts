// Runs a node kernel outside a program: slots for every socket, params resolved as the compiler does.
import fc from 'fast-check';
import type { JsonValue, SocketType } from '../../../graph/types';
import type { BindEnv, KernelIO, NodeDefinition, Params } from '../../../nodes/define';

export const SIZE: Record<SocketType, number> = { transform: 16, curve: 16, vector: 3, quaternion: 4, float: 1, bool: 1, owner: 1 };
export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Every param present: input defaults, then param defaults, then the given values (as compile.ts). */
export function resolveParams(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}): Params {
  const out: Params = {};
  for (const [k, s] of Object.entries(def.inputs)) if (s.default !== undefined) out[k] = (Array.isArray(s.default) ? [...s.default] : s.default) as JsonValue;
  for (const [k, p] of Object.entries(def.params)) out[k] = p.default;
  return { ...out, ...given };
}

export function fakeEnv(frame = 1): BindEnv {
  return {
    nodeId: 'n',
    owner: () => undefined,
    sourceOwner: () => undefined,
    connected: () => false,
    warn: () => {},
    stackOwner: () => undefined,
    frame: new Float64Array([frame]),
    fail: (m) => { throw new Error(m); },
  };
}

export interface Run {
  out: Record<string, Float64Array>;
  io: KernelIO;
}

/**
 * Runs def once. Inputs not given take their param value (or default; transforms the identity), as
 * an unconnected input does in a program. Outputs start filled with a sentinel so unwritten ones show.
 */
export function run(def: NodeDefinition<any>, inputs: Record<string, ArrayLike<number> | number> = {}, given: Record<string, JsonValue> = {}, env = fakeEnv()): Run {
  const params = resolveParams(def, given);
  const io: KernelIO = { in: {}, out: {} };
  for (const [name, s] of Object.entries(def.inputs)) {
    const v = new Float64Array(SIZE[s.type]);
    const x = inputs[name] ?? (params[name] as JsonValue | undefined);
    if (typeof x === 'number') v[0] = x;
    else if (typeof x === 'boolean') v[0] = x ? 1 : 0;
    else if (x && typeof x === 'object' && 'length' in x) v.set(Array.from(x as ArrayLike<number>).map(Number));
    else if (s.type === 'transform') v.set(IDENTITY);
    else if (s.type === 'quaternion') v[3] = 1;
    io.in[name] = v;
  }
  for (const [name, s] of Object.entries(def.outputs)) io.out[name] = new Float64Array(SIZE[s.type]).fill(-12345.678);
  const state = def.bind?.(env, params);
  def.kernel(io, params, state);
  return { out: io.out, io };
}

/** Every combination of a definition's choice and bool params. */
export function paramCombos(def: NodeDefinition<any>): Record<string, JsonValue>[] {
  let combos: Record<string, JsonValue>[] = [{}];
  for (const [k, p] of Object.entries(def.params)) {
    const values: JsonValue[] | undefined = p.kind === 'choice' ? [...p.options] : p.kind === 'bool' ? [false, true] : undefined;
    if (!values) continue;
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [k]: v })));
  }
  return combos;
}

/** Finite doubles, weighted towards the degenerate ones: zeros, ±1e300, ±MAX_VALUE, tiny and subnormal. */
export const degenerate = fc.constantFrom(0, -0, 1, -1, 0.5, 1e300, -1e300, 1e-300, -1e-300, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-18, 1e18);
export const anyFinite = fc.oneof(
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 3, arbitrary: degenerate },
  { weight: 3, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
);

/** A finite value for one socket: random numbers, all-same degenerate values, or the socket's special shapes. */
export function socketValue(type: SocketType): fc.Arbitrary<number[]> {
  const n = SIZE[type];
  if (type === 'bool') return fc.constantFrom([0], [1]);
  const mixed = fc.array(anyFinite, { minLength: n, maxLength: n });
  const uniform = degenerate.map((x) => Array.from({ length: n }, () => x));
  if (type === 'transform') {
    const structured = fc.constantFrom(
      IDENTITY,
      new Array(16).fill(0),
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1],
      [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], // a flattened axis
      [1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1e300, 0, 1e300, -1e300, 5, 1],
      [1e-300, 0, 0, 0, 0, 1e-300, 0, 0, 0, 0, 1e-300, 0, 1e300, 0, 0, 1],
      [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    );
    const affine = fc.array(anyFinite, { minLength: 12, maxLength: 12 }).map((a) => [a[0], a[1], a[2], 0, a[3], a[4], a[5], 0, a[6], a[7], a[8], 0, a[9], a[10], a[11], 1]);
    return fc.oneof(mixed, uniform, structured, affine);
  }
  return fc.oneof(mixed, uniform);
}
