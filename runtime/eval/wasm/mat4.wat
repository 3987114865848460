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
  ;; first copied to source and parent · offset written to frame (makeParentFrame). A connected
  ;; bone's (scratch ≠ 0) basis with a translation (an entry ≠ 0: NaN is one, −0 is not) is first
  ;; copied there without it, and that copy is used (connectedBoneBasis). Returns 0, having written
  ;; nothing it promises, for a basis whose last entry is not 1 (computePre's own case) or when a
  ;; product is not finite: the caller then does it all in JavaScript, which saturates; else 2 when
  ;; no entry of pre is ±Number.MAX_VALUE (what the pre step's guard checks), 1 when one is. The
  ;; basis is read here, not in JavaScript, so the step reads no typed-array object of its own.
  (func (export "bonePre") (param $pre i32) (param $parent i32) (param $offset i32) (param $basis i32) (param $frame i32) (param $source i32) (param $scratch i32) (result i32)
    (local $t i32)
    (if (f64.ne (f64.load offset=120 (local.get $basis)) (f64.const 1)) (then (return (i32.const 0))))
    (if (i32.and (i32.ne (local.get $scratch) (i32.const 0))
          (i32.or (f64.ne (f64.load offset=96 (local.get $basis)) (f64.const 0))
            (i32.or (f64.ne (f64.load offset=104 (local.get $basis)) (f64.const 0))
              (f64.ne (f64.load offset=112 (local.get $basis)) (f64.const 0))))) (then
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
      (if (i32.ne (local.get $t) (local.get $pre)) (then (call $copy (local.get $pre) (local.get $t)))))
    (else
      (if (i32.eqz (call $mul (local.get $pre) (local.get $t) (local.get $basis))) (then (return (i32.const 0))))))
    (i32.sub (i32.const 2) (call $hasMaxValue (local.get $pre)))
  )

  ;; Whether any entry of m is ±Number.MAX_VALUE (a saturated number).
  (func $hasMaxValue (param $m i32) (result i32)
    (local $max v128) (local $any v128)
    (local.set $max (f64x2.splat (f64.const 0x1.fffffffffffffp+1023)))
    (local.set $any (f64x2.eq (f64x2.abs (v128.load offset=0 (local.get $m))) (local.get $max)))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=16 (local.get $m))) (local.get $max))))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=32 (local.get $m))) (local.get $max))))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=48 (local.get $m))) (local.get $max))))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=64 (local.get $m))) (local.get $max))))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=80 (local.get $m))) (local.get $max))))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=96 (local.get $m))) (local.get $max))))
    (local.set $any (v128.or (local.get $any) (f64x2.eq (f64x2.abs (v128.load offset=112 (local.get $m))) (local.get $max))))
    (v128.any_true (local.get $any))
  )

  ;; Whether a and b hold the same numbers, zeros by sign and NaN never the same (sameMat4).
  (func $same (param $a i32) (param $b i32) (result i32)
    (local $i i32) (local $x v128) (local $y v128)
    (loop $entries
      (local.set $x (v128.load (i32.add (local.get $a) (local.get $i))))
      (local.set $y (v128.load (i32.add (local.get $b) (local.get $i))))
      (if (i32.eqz (i64x2.all_true (v128.and (f64x2.eq (local.get $x) (local.get $y)) (i64x2.eq (local.get $x) (local.get $y)))))
        (then (return (i32.const 0))))
      (br_if $entries (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 16))) (i32.const 128))))
    (i32.const 1)
  )

  ;; A bone's parent frame made again from its parent's matrix (makeParentFrame): source ← parent,
  ;; frame ← parent · offset. Returns 0 when the frame is not finite.
  (func $makeFrame (param $parent i32) (param $source i32) (param $frame i32) (param $offset i32) (result i32)
    (call $copy (local.get $source) (local.get $parent))
    (call $mul (local.get $frame) (local.get $parent) (local.get $offset))
  )

  ;; The frame current for the parent's matrix (parentFrame): made again unless kept and made from
  ;; the parent's matrix as it is. Returns 0 when it had to be made and is not finite, 1 when it was
  ;; kept, 2 when it was made.
  (func $currentFrame (param $parent i32) (param $source i32) (param $frame i32) (param $offset i32) (param $kept i32) (result i32)
    (if (i32.and (local.get $kept) (call $same (local.get $parent) (local.get $source))) (then (return (i32.const 1))))
    (if (i32.eqz (call $makeFrame (local.get $parent) (local.get $source) (local.get $frame) (local.get $offset))) (then (return (i32.const 0))))
    (i32.const 2)
  )

  ;; out = m⁻¹ for an affine m, as safeInvertMat4 computes it (scaled by its largest 3x3 entry, the
  ;; cofactors, the translation) on the way it returns true; 0, nothing written, on any other way
  ;; (not affine, zero or not finite, singular, an inverse that is not finite).
  (func $affineInverse (param $out i32) (param $m i32) (result i32)
    (local $s f64) (local $k f64) (local $det f64) (local $f f64)
    (local $b00 f64) (local $b01 f64) (local $b02 f64) (local $b10 f64) (local $b11 f64) (local $b12 f64)
    (local $b20 f64) (local $b21 f64) (local $b22 f64)
    (local $c00 f64) (local $c01 f64) (local $c02 f64)
    (local $i0 f64) (local $i1 f64) (local $i2 f64) (local $i4 f64) (local $i5 f64) (local $i6 f64)
    (local $i8 f64) (local $i9 f64) (local $i10 f64) (local $i12 f64) (local $i13 f64) (local $i14 f64)
    (local $tx f64) (local $ty f64) (local $tz f64)
    (if (i32.eqz (i32.and
          (i32.and (f64.eq (f64.load offset=24 (local.get $m)) (f64.const 0)) (f64.eq (f64.load offset=56 (local.get $m)) (f64.const 0)))
          (i32.and (f64.eq (f64.load offset=88 (local.get $m)) (f64.const 0)) (f64.eq (f64.load offset=120 (local.get $m)) (f64.const 1)))))
      (then (return (i32.const 0))))
    ;; The largest magnitude of the 3x3 (a NaN makes s NaN here, and the inverse fails either way).
    (local.set $s (f64.max (f64.max (f64.max (f64.abs (f64.load offset=0 (local.get $m))) (f64.abs (f64.load offset=8 (local.get $m))))
                                    (f64.max (f64.abs (f64.load offset=16 (local.get $m))) (f64.abs (f64.load offset=32 (local.get $m)))))
                           (f64.max (f64.max (f64.abs (f64.load offset=40 (local.get $m))) (f64.abs (f64.load offset=48 (local.get $m))))
                                    (f64.max (f64.max (f64.abs (f64.load offset=64 (local.get $m))) (f64.abs (f64.load offset=72 (local.get $m))))
                                             (f64.abs (f64.load offset=80 (local.get $m)))))))
    ;; !(s > 0) or s not finite (s − s is NaN for ±Infinity and NaN).
    (if (i32.or (i32.eqz (f64.gt (local.get $s) (f64.const 0))) (f64.ne (f64.sub (local.get $s) (local.get $s)) (f64.const 0)))
      (then (return (i32.const 0))))
    (local.set $k (f64.div (f64.const 1) (local.get $s)))
    (local.set $b00 (f64.mul (f64.load offset=0 (local.get $m)) (local.get $k)))
    (local.set $b01 (f64.mul (f64.load offset=8 (local.get $m)) (local.get $k)))
    (local.set $b02 (f64.mul (f64.load offset=16 (local.get $m)) (local.get $k)))
    (local.set $b10 (f64.mul (f64.load offset=32 (local.get $m)) (local.get $k)))
    (local.set $b11 (f64.mul (f64.load offset=40 (local.get $m)) (local.get $k)))
    (local.set $b12 (f64.mul (f64.load offset=48 (local.get $m)) (local.get $k)))
    (local.set $b20 (f64.mul (f64.load offset=64 (local.get $m)) (local.get $k)))
    (local.set $b21 (f64.mul (f64.load offset=72 (local.get $m)) (local.get $k)))
    (local.set $b22 (f64.mul (f64.load offset=80 (local.get $m)) (local.get $k)))
    (local.set $c00 (f64.sub (f64.mul (local.get $b11) (local.get $b22)) (f64.mul (local.get $b12) (local.get $b21))))
    (local.set $c01 (f64.sub (f64.mul (local.get $b02) (local.get $b21)) (f64.mul (local.get $b01) (local.get $b22))))
    (local.set $c02 (f64.sub (f64.mul (local.get $b01) (local.get $b12)) (f64.mul (local.get $b02) (local.get $b11))))
    (local.set $det (f64.add (f64.add (f64.mul (local.get $b00) (local.get $c00)) (f64.mul (local.get $b10) (local.get $c01)))
                             (f64.mul (local.get $b20) (local.get $c02))))
    (if (f64.eq (local.get $det) (f64.const 0)) (then (return (i32.const 0))))
    (local.set $f (f64.div (local.get $k) (local.get $det)))
    (local.set $i0 (f64.mul (local.get $c00) (local.get $f)))
    (local.set $i1 (f64.mul (local.get $c01) (local.get $f)))
    (local.set $i2 (f64.mul (local.get $c02) (local.get $f)))
    (local.set $i4 (f64.mul (f64.sub (f64.mul (local.get $b12) (local.get $b20)) (f64.mul (local.get $b10) (local.get $b22))) (local.get $f)))
    (local.set $i5 (f64.mul (f64.sub (f64.mul (local.get $b00) (local.get $b22)) (f64.mul (local.get $b02) (local.get $b20))) (local.get $f)))
    (local.set $i6 (f64.mul (f64.sub (f64.mul (local.get $b02) (local.get $b10)) (f64.mul (local.get $b00) (local.get $b12))) (local.get $f)))
    (local.set $i8 (f64.mul (f64.sub (f64.mul (local.get $b10) (local.get $b21)) (f64.mul (local.get $b11) (local.get $b20))) (local.get $f)))
    (local.set $i9 (f64.mul (f64.sub (f64.mul (local.get $b01) (local.get $b20)) (f64.mul (local.get $b00) (local.get $b21))) (local.get $f)))
    (local.set $i10 (f64.mul (f64.sub (f64.mul (local.get $b00) (local.get $b11)) (f64.mul (local.get $b01) (local.get $b10))) (local.get $f)))
    (local.set $tx (f64.load offset=96 (local.get $m)))
    (local.set $ty (f64.load offset=104 (local.get $m)))
    (local.set $tz (f64.load offset=112 (local.get $m)))
    (local.set $i12 (f64.neg (f64.add (f64.add (f64.mul (local.get $i0) (local.get $tx)) (f64.mul (local.get $i4) (local.get $ty))) (f64.mul (local.get $i8) (local.get $tz)))))
    (local.set $i13 (f64.neg (f64.add (f64.add (f64.mul (local.get $i1) (local.get $tx)) (f64.mul (local.get $i5) (local.get $ty))) (f64.mul (local.get $i9) (local.get $tz)))))
    (local.set $i14 (f64.neg (f64.add (f64.add (f64.mul (local.get $i2) (local.get $tx)) (f64.mul (local.get $i6) (local.get $ty))) (f64.mul (local.get $i10) (local.get $tz)))))
    ;; Every entry finite: the sum of x − x is 0 only then.
    (if (f64.ne (f64.add (f64.add (f64.add (f64.add (f64.sub (local.get $i0) (local.get $i0)) (f64.sub (local.get $i1) (local.get $i1)))
                                          (f64.add (f64.sub (local.get $i2) (local.get $i2)) (f64.sub (local.get $i4) (local.get $i4))))
                                  (f64.add (f64.add (f64.sub (local.get $i5) (local.get $i5)) (f64.sub (local.get $i6) (local.get $i6)))
                                          (f64.add (f64.sub (local.get $i8) (local.get $i8)) (f64.sub (local.get $i9) (local.get $i9)))))
                         (f64.add (f64.add (f64.sub (local.get $i10) (local.get $i10)) (f64.sub (local.get $i12) (local.get $i12)))
                                  (f64.add (f64.sub (local.get $i13) (local.get $i13)) (f64.sub (local.get $i14) (local.get $i14)))))
                 (f64.const 0))
      (then (return (i32.const 0))))
    (f64.store offset=0 (local.get $out) (local.get $i0))
    (f64.store offset=8 (local.get $out) (local.get $i1))
    (f64.store offset=16 (local.get $out) (local.get $i2))
    (f64.store offset=24 (local.get $out) (f64.const 0))
    (f64.store offset=32 (local.get $out) (local.get $i4))
    (f64.store offset=40 (local.get $out) (local.get $i5))
    (f64.store offset=48 (local.get $out) (local.get $i6))
    (f64.store offset=56 (local.get $out) (f64.const 0))
    (f64.store offset=64 (local.get $out) (local.get $i8))
    (f64.store offset=72 (local.get $out) (local.get $i9))
    (f64.store offset=80 (local.get $out) (local.get $i10))
    (f64.store offset=88 (local.get $out) (f64.const 0))
    (f64.store offset=96 (local.get $out) (local.get $i12))
    (f64.store offset=104 (local.get $out) (local.get $i13))
    (f64.store offset=112 (local.get $out) (local.get $i14))
    (f64.store offset=120 (local.get $out) (f64.const 1))
    (i32.const 1)
  )

  ;; out = frame⁻¹ · m: a fully inheriting bone's LOCAL space (runtime/eval/spaces.ts worldToSpace,
  ;; parentFrameInverse). `made` says what of the frame is current: 1 kept, 2 its inverse made too.
  ;; The frame is made again when it must be, and its inverse. out may be m. Returns 0, m untouched,
  ;; when the frame or its inverse cannot be made this way (the caller then does it all in
  ;; JavaScript, frame first); 1 when done, 2 when done but the product is not finite (the caller
  ;; saturates it, as safeMultiplyMat4 does).
  (func (export "toLocal") (param $out i32) (param $m i32) (param $parent i32) (param $source i32) (param $frame i32) (param $offset i32) (param $inverse i32) (param $made i32) (result i32)
    (local $current i32)
    (local.set $current (call $currentFrame (local.get $parent) (local.get $source) (local.get $frame) (local.get $offset) (i32.and (local.get $made) (i32.const 1))))
    (if (i32.eqz (local.get $current)) (then (return (i32.const 0))))
    (if (i32.or (i32.eq (local.get $current) (i32.const 2)) (i32.eqz (i32.and (local.get $made) (i32.const 2)))) (then
      (if (i32.eqz (call $affineInverse (local.get $inverse) (local.get $frame))) (then (return (i32.const 0))))))
    (i32.sub (i32.const 2) (call $mul (local.get $out) (local.get $inverse) (local.get $m)))
  )

  ;; m = frame · m in place: back from a fully inheriting bone's LOCAL space (spaceToWorld,
  ;; parentFrame). `kept`: 1 when the frame is kept. Returns 0, m untouched, when the frame had to be
  ;; made and is not finite; else 1 (done) or 2 (done, the product not finite: the caller saturates),
  ;; plus 4 when the frame was made again (its inverse is stale now).
  (func (export "fromLocal") (param $m i32) (param $parent i32) (param $source i32) (param $frame i32) (param $offset i32) (param $kept i32) (result i32)
    (local $current i32)
    (local.set $current (call $currentFrame (local.get $parent) (local.get $source) (local.get $frame) (local.get $offset) (local.get $kept)))
    (if (i32.eqz (local.get $current)) (then (return (i32.const 0))))
    (i32.or (i32.sub (i32.const 2) (call $mul (local.get $m) (local.get $frame) (local.get $m)))
            (select (i32.const 4) (i32.const 0) (i32.eq (local.get $current) (i32.const 2))))
  )

  ;; Whether every double of the ranges listed at `table` is finite (frame-check.ts FrameCheck.passed):
  ;; `count` pairs of i32 byte offsets [start, end), 8-byte aligned. x − x is 0 for a finite x and NaN
  ;; for NaN and ±Infinity, so the ranges' sum of x − x is 0 exactly when all are finite; summed two
  ;; lanes at a time, four doubles a step, then one double at a time to the range's end.
  (func (export "allFinite") (param $table i32) (param $count i32) (result i32)
    (local $i i32) (local $e i32) (local $last i32) (local $s0 v128) (local $s1 v128) (local $x v128) (local $y v128)
    (local.set $last (i32.add (local.get $table) (i32.shl (local.get $count) (i32.const 3))))
    (block $done
      (loop $ranges
        (br_if $done (i32.ge_u (local.get $table) (local.get $last)))
        (local.set $i (i32.load offset=0 (local.get $table)))
        (local.set $e (i32.load offset=4 (local.get $table)))
        (block $quads
          (loop $quad
            (br_if $quads (i32.gt_u (i32.add (local.get $i) (i32.const 32)) (local.get $e)))
            (local.set $x (v128.load offset=0 (local.get $i)))
            (local.set $y (v128.load offset=16 (local.get $i)))
            (local.set $s0 (f64x2.add (local.get $s0) (f64x2.sub (local.get $x) (local.get $x))))
            (local.set $s1 (f64x2.add (local.get $s1) (f64x2.sub (local.get $y) (local.get $y))))
            (local.set $i (i32.add (local.get $i) (i32.const 32)))
            (br $quad)))
        (block $ones
          (loop $one
            (br_if $ones (i32.ge_u (local.get $i) (local.get $e)))
            (local.set $x (v128.load64_zero (local.get $i)))
            (local.set $s0 (f64x2.add (local.get $s0) (f64x2.sub (local.get $x) (local.get $x))))
            (local.set $i (i32.add (local.get $i) (i32.const 8)))
            (br $one)))
        (local.set $table (i32.add (local.get $table) (i32.const 8)))
        (br $ranges)))
    (local.set $s0 (f64x2.add (local.get $s0) (local.get $s1)))
    (f64.eq (f64.add (f64x2.extract_lane 0 (local.get $s0)) (f64x2.extract_lane 1 (local.get $s0))) (f64.const 0))
  )
)
