// nodes/values/float-math.ts — one float operation chosen by a param, like Blender's Math node.
import { defineNode, float, param, type KernelIO, type ParamsOf } from '../define';
import { safeDivide, safePow, saturate } from '../math/finite';

/** The operations of `math/float`, in menu order. */
export const FLOAT_OPERATIONS = [
  'add', 'subtract', 'multiply', 'divide', 'min', 'max', 'clamp', 'map-range', 'sin', 'cos', 'abs', 'power', 'floor',
] as const;
export type FloatOperation = (typeof FLOAT_OPERATIONS)[number];

/**
 * Maps value from [fromMin, fromMax] onto [toMin, toMax] (Blender's Map Range, linear). The endpoints
 * map exactly; an empty from-range (fromMin = fromMax) gives toMin; with `clamp` the result stays
 * inside the to-range (either way round). Saturated, never NaN.
 */
export function mapRange(value: number, fromMin: number, fromMax: number, toMin: number, toMax: number, clamp: boolean): number {
  let num = value - fromMin;
  let den = fromMax - fromMin;
  if (!Number.isFinite(num) || !Number.isFinite(den)) {
    // Halves keep the differences finite even for ±1.8e308 inputs; the ratio is unchanged.
    num = value * 0.5 - fromMin * 0.5;
    den = fromMax * 0.5 - fromMin * 0.5;
  }
  // At value = fromMin this is 0 and at fromMax exactly 1 (the same difference divided by itself).
  const t = safeDivide(num, den);
  // The lerp form hits toMin at t = 0 and toMax at t = 1 exactly.
  let r = saturate((1 - t) * toMin + t * toMax);
  if (clamp) {
    const lo = toMin < toMax ? toMin : toMax;
    const hi = toMin < toMax ? toMax : toMin;
    r = r < lo ? lo : r > hi ? hi : r;
  }
  return r;
}

/** Clamps x to [min, max]; when min > max the two are swapped. */
export function clampSwapped(x: number, min: number, max: number): number {
  const lo = min <= max ? min : max;
  const hi = min <= max ? max : min;
  return x < lo ? lo : x > hi ? hi : x;
}

/** One operation: reads the node's inputs, writes its saturated result. */
type FloatOp = (io: KernelIO, p: ParamsOf<typeof params>) => void;

// One function per operation, picked at bind (a change of operation binds the node again). Each
// calls its helper on every run, so V8 inlines it there; in one kernel switching over all of them,
// a helper call on a case seldom taken stayed a call and boxed its double arguments and result.
const OPS: Record<FloatOperation, FloatOp> = {
  add: (io) => { io.out.value[0] = saturate(io.in.a[0] + io.in.b[0]); },
  subtract: (io) => { io.out.value[0] = saturate(io.in.a[0] - io.in.b[0]); },
  multiply: (io) => { io.out.value[0] = saturate(io.in.a[0] * io.in.b[0]); },
  divide: (io) => { io.out.value[0] = saturate(safeDivide(io.in.a[0], io.in.b[0])); },
  min: (io) => { const a = io.in.a[0], b = io.in.b[0]; io.out.value[0] = saturate(a < b ? a : b); },
  max: (io) => { const a = io.in.a[0], b = io.in.b[0]; io.out.value[0] = saturate(a > b ? a : b); },
  clamp: (io) => { const i = io.in; io.out.value[0] = saturate(clampSwapped(i.a[0], i.min[0], i.max[0])); },
  'map-range': (io, p) => {
    const i = io.in;
    io.out.value[0] = saturate(mapRange(i.a[0], i.fromMin[0], i.fromMax[0], i.toMin[0], i.toMax[0], p.clamp));
  },
  sin: (io) => { io.out.value[0] = saturate(Math.sin(io.in.a[0])); },
  cos: (io) => { io.out.value[0] = saturate(Math.cos(io.in.a[0])); },
  abs: (io) => { io.out.value[0] = saturate(Math.abs(io.in.a[0])); },
  power: (io) => { io.out.value[0] = saturate(safePow(io.in.a[0], io.in.b[0])); },
  floor: (io) => { io.out.value[0] = saturate(Math.floor(io.in.a[0])); },
};

const params = {
  operation: param.choice(
    FLOAT_OPERATIONS,
    'add',
    'add: a+b; subtract: a−b; multiply: a·b; divide: a/b (0 when b = 0); min, max: of a and b; ' +
      'clamp: a into [min, max]; map-range: a from [fromMin, fromMax] to [toMin, toMax] (toMin when the from-range is empty); ' +
      'sin, cos: of a in radians; abs: |a|; power: a^b (0 for a negative a with a fractional b, and for 0 to a negative b); ' +
      'floor: the largest whole number not above a.',
  ),
  clamp: param.bool(false, 'map-range: keep the result inside [toMin, toMax].'),
};

export const floatMath = defineNode({
  type: 'math/float',
  label: 'Math',
  category: 'Math',
  doc: 'One float operation on a and b (add, divide, clamp, map range, sin, power …), never NaN: degenerate cases give 0.',
  inputs: {
    a: float({ default: 0, doc: 'First operand; the value that clamp and map-range transform; the angle (radians) of sin and cos.' }),
    b: float({ default: 1, doc: 'Second operand (add, subtract, multiply, divide, min, max, power: the exponent).' }),
    min: float({ default: 0, doc: 'clamp: lower bound (swapped with max when greater).' }),
    max: float({ default: 1, doc: 'clamp: upper bound.' }),
    fromMin: float({ default: 0, doc: 'map-range: the input value that maps to toMin.' }),
    fromMax: float({ default: 1, doc: 'map-range: the input value that maps to toMax.' }),
    toMin: float({ default: 0, doc: 'map-range: the result at fromMin.' }),
    toMax: float({ default: 1, doc: 'map-range: the result at fromMax.' }),
  },
  outputs: {
    value: float({ doc: 'The result; beyond ±1.8e308 it saturates.' }),
  },
  params,
  bind: (_env, p) => OPS[p.operation],
  kernel: (io, p, op) => { op(io, p); },
});
