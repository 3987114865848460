// Whether a call into WebAssembly pays for one 4x4 product: the JavaScript product
// (nodes/math/finite.ts safeMultiplyMat4) against the same product in WebAssembly SIMD, called with
// each view's byteOffset read at the call and with the offsets worked out beforehand (as the
// program's kernels are, runtime/eval/wasm/). Checks the results are the same bits first.
//   node --import tsx test/bench/wasm-call.ts
import wabtInit from 'wabt';
import { safeMultiplyMat4 } from '../../nodes/math/finite';

const WAT = `(module (memory (export "memory") 1)
  (func (export "mul4") (param $o i32) (param $a i32) (param $b i32)
    (local $c i32) (local $bb i32) (local $oo i32) (local $lo v128) (local $hi v128) (local $x v128)
    (loop $cols
      (local.set $bb (i32.add (local.get $b) (i32.shl (local.get $c) (i32.const 5))))
      (local.set $oo (i32.add (local.get $o) (i32.shl (local.get $c) (i32.const 5))))
      (local.set $x (v128.load64_splat offset=0 (local.get $bb)))
      (local.set $lo (f64x2.mul (v128.load offset=0 (local.get $a)) (local.get $x)))
      (local.set $hi (f64x2.mul (v128.load offset=16 (local.get $a)) (local.get $x)))
      (local.set $x (v128.load64_splat offset=8 (local.get $bb)))
      (local.set $lo (f64x2.add (local.get $lo) (f64x2.mul (v128.load offset=32 (local.get $a)) (local.get $x))))
      (local.set $hi (f64x2.add (local.get $hi) (f64x2.mul (v128.load offset=48 (local.get $a)) (local.get $x))))
      (local.set $x (v128.load64_splat offset=16 (local.get $bb)))
      (local.set $lo (f64x2.add (local.get $lo) (f64x2.mul (v128.load offset=64 (local.get $a)) (local.get $x))))
      (local.set $hi (f64x2.add (local.get $hi) (f64x2.mul (v128.load offset=80 (local.get $a)) (local.get $x))))
      (local.set $x (v128.load64_splat offset=24 (local.get $bb)))
      (local.set $lo (f64x2.add (local.get $lo) (f64x2.mul (v128.load offset=96 (local.get $a)) (local.get $x))))
      (local.set $hi (f64x2.add (local.get $hi) (f64x2.mul (v128.load offset=112 (local.get $a)) (local.get $x))))
      (v128.store offset=0 (local.get $oo) (local.get $lo))
      (v128.store offset=16 (local.get $oo) (local.get $hi))
      (br_if $cols (i32.lt_u (local.tee $c (i32.add (local.get $c) (i32.const 1))) (i32.const 4))))))`;

const wabt = await wabtInit();
const parsed = wabt.parseWat('mul4.wat', WAT, { simd: true });
const instance = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(parsed.toBinary({}).buffer)));
parsed.destroy();
const mul4 = instance.exports.mul4 as (o: number, a: number, b: number) => void;
const memory = (instance.exports.memory as WebAssembly.Memory).buffer;

const N = 64;
const mats = Array.from({ length: N }, (_, i) => {
  const m = new Float64Array(memory, i * 128, 16);
  for (let j = 0; j < 16; j++) m[j] = Math.sin(i * 16 + j);
  m[3] = m[7] = m[11] = 0; m[15] = 1;
  return m;
});
const outs = Array.from({ length: N }, (_, i) => new Float64Array(memory, 16384 + i * 128, 16));
const other = (i: number) => mats[(i * 7 + 3) % N];
const offsets = mats.map((m, i) => [outs[i].byteOffset, m.byteOffset, other(i).byteOffset]);

const variants: [string, () => void][] = [
  ['JavaScript', () => { for (let i = 0; i < N; i++) safeMultiplyMat4(outs[i], mats[i], other(i)); }],
  ['WebAssembly, byteOffset at each call', () => { for (let i = 0; i < N; i++) mul4(outs[i].byteOffset, mats[i].byteOffset, other(i).byteOffset); }],
  ['WebAssembly, offsets worked out before', () => { for (let i = 0; i < N; i++) { const o = offsets[i]; mul4(o[0], o[1], o[2]); } }],
];
variants[0][1]();
const expected = outs.map((o) => Array.from(o));
variants[2][1]();
if (!outs.every((o, i) => o.every((x, k) => Object.is(x, expected[i][k])))) throw new Error('the products differ');
for (let round = 0; round < 3; round++) {
  for (const [name, run] of variants) {
    const t0 = process.hrtime.bigint();
    for (let k = 0; k < 20000; k++) run();
    console.log(`${name}: ${(Number(process.hrtime.bigint() - t0) / (20000 * N)).toFixed(1)} ns a product`);
  }
}
