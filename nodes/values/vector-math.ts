// nodes/values/vector-math.ts — one 3-vector operation chosen by a param, like Blender's Vector Math node.
import { defineNode, float, param, vector } from '../define';
import { safeLength3, safeNormalize3, saturate } from '../math/finite';

/** The operations of `math/vector`, in menu order. */
export const VECTOR_OPERATIONS = [
  'add', 'subtract', 'scale', 'dot', 'cross', 'normalize', 'length', 'distance', 'mix',
] as const;
export type VectorOperation = (typeof VECTOR_OPERATIONS)[number];

// The difference and length of the distance and length operations: numbers pass to and from
// safeLength3 in arrays (V8 boxes a double passed to or returned from a call it does not inline).
const d = new Float64Array(3);
const len = new Float64Array(1);

export const vectorMath = defineNode({
  type: 'math/vector',
  label: 'Vector Math',
  category: 'Math',
  doc: 'One vector operation (add, cross, normalize, distance, mix …) giving a vector and a float, never NaN.',
  inputs: {
    a: vector({ default: [0, 0, 0], doc: 'First vector.' }),
    b: vector({ default: [0, 0, 0], doc: 'Second vector (add, subtract, dot, cross, distance, mix).' }),
    scale: float({ default: 1, doc: 'scale: the factor a is multiplied by.' }),
    factor: float({ default: 0.5, min: 0, max: 1, doc: 'mix: 0 gives a, 1 gives b (values outside 0…1 extrapolate).' }),
  },
  outputs: {
    vector: vector({ doc: 'The vector result (zero for dot, length and distance).' }),
    value: float({ doc: 'The float result: dot, length, distance; for normalize the length before normalizing; otherwise 0.' }),
  },
  params: {
    operation: param.choice(
      VECTOR_OPERATIONS,
      'add',
      'add: a+b; subtract: a−b; scale: a·scale; dot: a·b (value); cross: a×b; ' +
        'normalize: a/|a| (a zero or shorter-than-3e-18 vector gives the zero vector, value 0); ' +
        'length: |a| (value); distance: |a−b| (value); mix: a + (b−a)·factor. Results beyond ±1.8e308 saturate.',
    ),
  },
  kernel: (io, p) => {
    const a = io.in.a, b = io.in.b, v = io.out.vector;
    const ax = a[0], ay = a[1], az = a[2];
    const bx = b[0], by = b[1], bz = b[2];
    let x = 0, y = 0, z = 0, value = 0;
    switch (p.operation) {
      case 'add': x = ax + bx; y = ay + by; z = az + bz; break;
      case 'subtract': x = ax - bx; y = ay - by; z = az - bz; break;
      case 'scale': { const s = io.in.scale[0]; x = ax * s; y = ay * s; z = az * s; break; }
      case 'dot': value = ax * bx + ay * by + az * bz; break;
      case 'cross': x = ay * bz - az * by; y = az * bx - ax * bz; z = ax * by - ay * bx; break;
      case 'normalize':
        safeNormalize3(v, a, io.out.value); // the length goes to value[0]
        return;
      case 'length': safeLength3(len, a); value = len[0]; break;
      case 'distance': {
        d[0] = ax - bx; d[1] = ay - by; d[2] = az - bz;
        // A difference of two huge vectors can overflow; halves cannot, and halving is exact.
        if (Number.isFinite(d[0]) && Number.isFinite(d[1]) && Number.isFinite(d[2])) {
          safeLength3(len, d);
          value = len[0];
        } else {
          d[0] = ax * 0.5 - bx * 0.5; d[1] = ay * 0.5 - by * 0.5; d[2] = az * 0.5 - bz * 0.5;
          safeLength3(len, d);
          value = saturate(2 * len[0]);
        }
        break;
      }
      case 'mix': {
        const t = io.in.factor[0], s = 1 - t;
        x = s * ax + t * bx; y = s * ay + t * by; z = s * az + t * bz;
        break;
      }
    }
    v[0] = saturate(x);
    v[1] = saturate(y);
    v[2] = saturate(z);
    io.out.value[0] = saturate(value);
  },
});
