// RUN: ttc opt %s -split-input-file -test-print-alignment -verify-diagnostics -o /dev/null

tt.func @offsets(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant_value = 256}}
  %c256 = arith.constant 256 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant_value = <none>}}
  %start = arith.muli %pid, %c256 : i32
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [256], constant_value = <none>}}
  %splat = tt.splat %start : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [256], constancy = [1], constant_value = <none>}}
  %offs = arith.addi %splat, %range : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = <none>}}
  %ptrs = tt.splat %base : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %addr = tt.addptr %ptrs, %offs : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [256], constant_value = <none>}}
  %bound = tt.splat %n : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %mask = arith.cmpi slt, %offs, %bound : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [256], constant_value = 32}}
  %half = arith.constant dense<32> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = <none>}}
  %quot = arith.divsi %range, %half : tensor<256xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [32], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %range, %half : tensor<256xi32>
  // A shift by the width (32 bits here) is poison: nothing is known of the result.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %shl = arith.shli %range, %half : tensor<256xi32>
  tt.return
}

// -----

tt.func @two_dims(%stride: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [16, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [16, 1], constant_value = <none>}}
  %s = tt.splat %stride : i32 -> tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>}}
  %rs = arith.muli %r, %s : tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64], constant_value = <none>}}
  %rb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [16, 1], constant_value = <none>}}
  %cb = tt.broadcast %c : tensor<1x64xi32> -> tensor<16x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1], constant_value = <none>}}
  %sum = arith.addi %rb, %cb : tensor<16x64xi32>
  tt.return
}

// -----

tt.func @loop(%n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %init = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128}}
  %step = arith.constant dense<128> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %out = scf.for %i = %c0 to %n step %c8 iter_args(%acc = %init) -> (tensor<128xi32>) : i32 {
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
    %next = arith.addi %acc, %step : tensor<128xi32>
    scf.yield %next : tensor<128xi32>
  }
  tt.return
}

// -----

// Constants are exact integers of their type's width, printed signed; an operation on known
// constants folds with its own signed or unsigned semantics, and knows nothing when the result
// would be poison or undefined.
tt.func @exact_constants(%x: i16) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = -3}}
  %m3 = arith.constant -3 : i16
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = 2}}
  %c2 = arith.constant 2 : i16
  // expected-remark @below {{constant_value = 65533}}
  %wide = arith.extui %m3 : i16 to i32
  // expected-remark @below {{constant_value = -3}}
  %signed = arith.extsi %m3 : i16 to i32
  // expected-remark @below {{constant_value = -1}}
  %quot = arith.divsi %m3, %c2 : i16
  // expected-remark @below {{constant_value = 32766}}
  %uquot = arith.divui %m3, %c2 : i16
  // expected-remark @below {{constant_value = -1}}
  %less = arith.cmpi slt, %m3, %c2 : i16
  // expected-remark @below {{constant_value = 0}}
  %uless = arith.cmpi ult, %m3, %c2 : i16
  // expected-remark @below {{constant_value = 2}}
  %umin = arith.minui %m3, %c2 : i16
  // expected-remark @below {{constant_value = 0}}
  %c0 = arith.constant 0 : i16
  // x * 0 is 0 whatever x is.
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %zero = arith.muli %x, %c0 : i16
  // expected-remark @below {{constant_value = <none>}}
  %by_zero = arith.remui %c2, %c0 : i16
  // expected-remark @below {{constant_value = 16}}
  %c16 = arith.constant 16 : i16
  // expected-remark @below {{constant_value = <none>}}
  %overshift = arith.shli %c2, %c16 : i16
  // expected-remark @below {{constant_value = 32767}}
  %big = arith.constant 32767 : i16
  // expected-remark @below {{constant_value = -32767}}
  %wrap = arith.addi %big, %c2 : i16
  // expected-remark @below {{constant_value = <none>}}
  %no_wrap = arith.addi %big, %c2 overflow<nsw> : i16
  // The flags make a result that loses information poison: -3 / 2 has a remainder, -3 has its
  // low bit set, -3 is negative, and 70000 does not fit in 16 bits either way.
  // expected-remark @below {{constant_value = <none>}}
  %inexact = arith.divsi %m3, %c2 exact : i16
  // expected-remark @below {{constant_value = 16383}}
  %ushift = arith.shrui %m3, %c2 : i16
  // expected-remark @below {{constant_value = <none>}}
  %shift_out = arith.shrsi %m3, %c2 exact : i16
  // expected-remark @below {{constant_value = 1}}
  %exact_quot = arith.divsi %m3, %m3 exact : i16
  // expected-remark @below {{constant_value = <none>}}
  %negative = arith.extui %m3 nneg : i16 to i32
  // expected-remark @below {{constant_value = 2}}
  %positive = arith.extui %c2 nneg : i16 to i64
  // expected-remark @below {{constant_value = 70000}}
  %c70000 = arith.constant 70000 : i32
  // expected-remark @below {{constant_value = 4464}}
  %low = arith.trunci %c70000 : i32 to i16
  // expected-remark @below {{constant_value = <none>}}
  %unsigned_wrap = arith.trunci %c70000 overflow<nuw> : i32 to i16
  // expected-remark @below {{constant_value = -3}}
  %fits = arith.trunci %signed overflow<nsw> : i32 to i16
  tt.return
}

// -----

// A value whose every element is a multiple of 16 along a dimension without contiguity is a
// multiple of 16 everywhere, so every dimension claims it; a contiguous dimension's own
// divisibility counts only where the runs start. Views keep what is known, permuted.
tt.func @global_divisibility(%t: tensor<8x4xi32> {tt.divisibility = dense<[4, 16]> : tensor<2xi32>},
                             %u: tensor<8x4xi32> {tt.contiguity = dense<[1, 4]> : tensor<2xi32>, tt.divisibility = dense<[4, 16]> : tensor<2xi32>},
                             %c: i1) {
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>}}
  %a = arith.select %c, %t, %t : tensor<8x4xi32>
  // expected-remark @below {{contiguity = [1, 4], divisibility = [4, 16], constancy = [1, 1], constant_value = <none>}}
  %b = arith.select %c, %u, %u : tensor<8x4xi32>
  // expected-remark @below {{contiguity = [4, 1], divisibility = [16, 4], constancy = [1, 1], constant_value = <none>}}
  %t2 = tt.trans %b {order = array<i32: 1, 0>} : tensor<8x4xi32> -> tensor<4x8xi32>
  // The rows of 4 stay runs of 4 in the flattened tensor, starting at multiples of 16.
  // expected-remark @below {{contiguity = [4], divisibility = [16], constancy = [1], constant_value = <none>}}
  %flat = tt.reshape %b : tensor<8x4xi32> -> tensor<32xi32>
  tt.return
}

// -----

// A branch the condition never takes is never analysed: its ops keep the pessimistic state, and
// the result is what the live branch yields.
tt.func @never_taken(%x: i32) -> i32 {
  // expected-remark @below {{constant_value = -1}}
  %true = arith.constant true
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %r = scf.if %true -> i32 {
    scf.yield %c8 : i32
  } else {
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
    %y = arith.muli %c8, %c8 : i32
    scf.yield %y : i32
  }
  tt.return %r : i32
}

// -----

// The partitions of a ttg.warp_specialize see their explicit captures: each argument takes the
// information of the value captured (here a multiple-of-8 constant and a 16-aligned pointer).
tt.func @partitions_see_captures(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 24}}
  %c24 = arith.constant 24 : i32
  ttg.warp_specialize(%p, %c24)
  default {
    ttg.warp_yield
  }
  partition0(%q: !tt.ptr<f32>, %n: i32) num_warps(1) {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %r = tt.addptr %q, %n : !tt.ptr<f32>, i32
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = 48}}
    %m = arith.addi %n, %n : i32
    ttg.warp_return
  } : (!tt.ptr<f32>, i32) -> ()
  tt.return
}
