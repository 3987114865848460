;; The pre-constraint matrix of a fully inheriting bone (runtime/rig/pose.ts, computeBonePre), in
;; WebAssembly SIMD: the same products, term by term in the same order, so the same bits as the
;; JavaScript (IEEE multiply and add per lane, no fused multiply-add). Matrices are 4x4 column-major
;; doubles at byte offsets in the program's buffer (runtime/eval/slots.ts). Assemble with
;; `npm run build:wasm` (scripts/build-wasm.ts), which writes mat4-bytes.ts.
(module
  (import "sinew" "memory" (memory 1))

  ;; out = a·b (b applied first); out may alias a or b. Returns 1 when every entry is finite, else 0
  ;; (the caller then saturates, or redoes the work in JavaScript).
  (func $mul (param $o i32) (param $a i32) (param $b i32) (result i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $a4 v128) (local $a5 v128) (local $a6 v128) (local $a7 v128)
    (local $lo v128) (local $hi v128) (local $bad v128) (local $c i32) (local $bb i32) (local $oo i32)
    (local $x v128)
    (local.set $a0 (v128.load offset=0 (local.get $a)))
    (local.set $a1 (v128.load offset=16 (local.get $a)))
    (local.set $a2 (v128.load offset=32 (local.get $a)))
    (local.set $a3 (v128.load offset=48 (local.get $a)))
    (local.set $a4 (v128.load offset=64 (local.get $a)))
    (local.set $a5 (v128.load offset=80 (local.get $a)))
    (local.set $a6 (v128.load offset=96 (local.get $a)))
    (local.set $a7 (v128.load offset=112 (local.get $a)))
    (local.set $bad (v128.const i64x2 0 0))
    (loop $columns
      (local.set $bb (i32.add (local.get $b) (i32.shl (local.get $c) (i32.const 5))))
      (local.set $oo (i32.add (local.get $o) (i32.shl (local.get $c) (i32.const 5))))
      ;; x = a00·b0 + a10·b1 + a20·b2 + a30·b3, summed left to right as in JavaScript.
      (local.set $x (v128.load64_splat offset=0 (local.get $bb)))
      (local.set $lo (f64x2.mul (local.get $a0) (local.get $x)))
      (local.set $hi (f64x2.mul (local.get $a1) (local.get $x)))
      (local.set $x (v128.load64_splat offset=8 (local.get $bb)))
      (local.set $lo (f64x2.add (local.get $lo) (f64x2.mul (local.get $a2) (local.get $x))))
      (local.set $hi (f64x2.add (local.get $hi) (f64x2.mul (local.get $a3) (local.get $x))))
      (local.set $x (v128.load64_splat offset=16 (local.get $bb)))
      (local.set $lo (f64x2.add (local.get $lo) (f64x2.mul (local.get $a4) (local.get $x))))
      (local.set $hi (f64x2.add (local.get $hi) (f64x2.mul (local.get $a5) (local.get $x))))
      (local.set $x (v128.load64_splat offset=24 (local.get $bb)))
      (local.set $lo (f64x2.add (local.get $lo) (f64x2.mul (local.get $a6) (local.get $x))))
      (local.set $hi (f64x2.add (local.get $hi) (f64x2.mul (local.get $a7) (local.get $x))))
      (v128.store offset=0 (local.get $oo) (local.get $lo))
      (v128.store offset=16 (local.get $oo) (local.get $hi))
      ;; x − x is 0 for a finite x, NaN for NaN and ±Infinity: NaN ≠ NaN marks the lane.
      (local.set $lo (f64x2.sub (local.get $lo) (local.get $lo)))
      (local.set $hi (f64x2.sub (local.get $hi) (local.get $hi)))
      (local.set $bad (v128.or (local.get $bad)
        (v128.or (f64x2.ne (local.get $lo) (local.get $lo)) (f64x2.ne (local.get $hi) (local.get $hi)))))
      (br_if $columns (i32.lt_u (local.tee $c (i32.add (local.get $c) (i32.const 1))) (i32.const 4)))
    )
    (i32.eqz (v128.any_true (local.get $bad)))
  )

  ;; Whether m is the identity by value (−0 counts as 0, as === does).
  (func $isIdentity (param $m i32) (result i32)
    (i32.and
      (i32.and
        (i32.and
          (i64x2.all_true (f64x2.eq (v128.load offset=0 (local.get $m)) (v128.const f64x2 1 0)))
          (i64x2.all_true (f64x2.eq (v128.load offset=16 (local.get $m)) (v128.const f64x2 0 0))))
        (i32.and
          (i64x2.all_true (f64x2.eq (v128.load offset=32 (local.get $m)) (v128.const f64x2 0 1)))
          (i64x2.all_true (f64x2.eq (v128.load offset=48 (local.get $m)) (v128.const f64x2 0 0)))))
      (i32.and
        (i32.and
          (i64x2.all_true (f64x2.eq (v128.load offset=64 (local.get $m)) (v128.const f64x2 0 0)))
          (i64x2.all_true (f64x2.eq (v128.load offset=80 (local.get $m)) (v128.const f64x2 1 0))))
        (i32.and
          (i64x2.all_true (f64x2.eq (v128.load offset=96 (local.get $m)) (v128.const f64x2 0 0)))
          (i64x2.all_true (f64x2.eq (v128.load offset=112 (local.get $m)) (v128.const f64x2 0 1)))))))

  ;; Whether any entry of m is −0 (its bits are the sign bit alone).
  (func $hasNegativeZero (param $m i32) (result i32)
    (local $z v128) (local $any v128)
    (local.set $z (v128.const i64x2 0x8000000000000000 0x8000000000000000))
    (local.set $any (i64x2.eq (v128.load offset=0 (local.get $m)) (local.get $z)))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=16 (local.get $m)) (local.get $z))))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=32 (local.get $m)) (local.get $z))))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=48 (local.get $m)) (local.get $z))))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=64 (local.get $m)) (local.get $z))))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=80 (local.get $m)) (local.get $z))))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=96 (local.get $m)) (local.get $z))))
    (local.set $any (v128.or (local.get $any) (i64x2.eq (v128.load offset=112 (local.get $m)) (local.get $z))))
    (v128.any_true (local.get $any))
  )

  (func $copy (param $to i32) (param $from i32)
    (v128.store offset=0 (local.get $to) (v128.load offset=0 (local.get $from)))
    (v128.store offset=16 (local.get $to) (v128.load offset=16 (local.get $from)))
    (v128.store offset=32 (local.get $to) (v128.load offset=32 (local.get $from)))
    (v128.store offset=48 (local.get $to) (v128.load offset=48 (local.get $from)))
    (v128.store offset=64 (local.get $to) (v128.load offset=64 (local.get $from)))
    (v128.store offset=80 (local.get $to) (v128.load offset=80 (local.get $from)))
    (v128.store offset=96 (local.get $to) (v128.load offset=96 (local.get $from)))
    (v128.store offset=112 (local.get $to) (v128.load offset=112 (local.get $from)))
  )

  ;; pre = (parent · offset) · basis, the second product skipped when basis is the identity and the
  ;; first has no −0 (safeMultiplyMat4SkippingIdentity). With a frame kept (frame ≠ 0), parent is
  ;; first copied to source and parent · offset written to frame (makeParentFrame). With scratch ≠ 0
  ;; the basis is first copied there without its translation, and that copy is used (a connected
  ;; bone's, connectedBoneBasis). Returns 0, having finished nothing it promises, when a product is
  ;; not finite: the caller then does it all in JavaScript, which saturates.
  (func (export "bonePre") (param $pre i32) (param $parent i32) (param $offset i32) (param $basis i32) (param $frame i32) (param $source i32) (param $scratch i32) (result i32)
    (local $t i32)
    (if (local.get $scratch) (then
      (call $copy (local.get $scratch) (local.get $basis))
      (f64.store offset=96 (local.get $scratch) (f64.const 0))
      (f64.store offset=104 (local.get $scratch) (f64.const 0))
      (f64.store offset=112 (local.get $scratch) (f64.const 0))
      (local.set $basis (local.get $scratch))))
    (local.set $t (local.get $pre))
    (if (local.get $frame) (then
      (call $copy (local.get $source) (local.get $parent))
      (local.set $t (local.get $frame))))
    (if (i32.eqz (call $mul (local.get $t) (local.get $parent) (local.get $offset))) (then (return (i32.const 0))))
    (if (i32.and (call $isIdentity (local.get $basis)) (i32.eqz (call $hasNegativeZero (local.get $t)))) (then
      (if (i32.ne (local.get $t) (local.get $pre)) (then (call $copy (local.get $pre) (local.get $t))))
      (return (i32.const 1))))
    (call $mul (local.get $pre) (local.get $t) (local.get $basis))
  )
)
