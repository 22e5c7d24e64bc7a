// RUN: ttc opt %s -split-input-file -test-print-allocation -verify-diagnostics -o /dev/null

#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#wide = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Two cross-warp reductions in a row reuse one 16-byte scratch buffer (4 warps x f32).
// expected-remark @below {{two_reductions}}
// expected-remark @below {{size = 16}}
tt.func @two_reductions(%x: tensor<1024xf32, #row>) -> f32 {
  // expected-remark @below {{scratch offset = 0, size = 16}}
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32, #row>) -> f32
  // expected-remark @below {{scratch offset = 0, size = 16}}
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32, #row>) -> f32
  %t = arith.addf %m, %s : f32
  tt.return %t : f32
}

// Along dim 1 each row stays inside one warp: no scratch. Along dim 0 the four warps meet:
// [4 x 64] partial results per operand, f32 and i32 packed one after the other.
// expected-remark @below {{reduce_2d}}
// expected-remark @below {{size = 2048}}
tt.func @reduce_2d(%x: tensor<32x64xf32, #tile>, %i: tensor<32x64xi32, #tile>) {
  %rows = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<32x64xf32, #tile>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #tile}>>
  // expected-remark @below {{scratch offset = 0, size = 2048}}
  %cols:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %lt = arith.cmpf olt, %a, %b : f32
    %v = arith.select %lt, %a, %b : f32
    %vi = arith.select %lt, %ai, %bi : i32
    tt.reduce.return %v, %vi : f32, i32
  }) : (tensor<32x64xf32, #tile>, tensor<32x64xi32, #tile>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #tile}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>)
  tt.return
}

// A conversion between warps stages one CTA tile (16x32 f16 = 1024 bytes); a scratch buffer lives
// only during its op, so the allocation made after it takes the same place.
// expected-remark @below {{convert_then_alloc}}
// expected-remark @below {{size = 2048}}
tt.func @convert_then_alloc(%x: tensor<16x32xf16, #tile>) {
  // expected-remark @below {{offset = 0, size = 1024}}
  %keep = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{scratch offset = 1024, size = 1024}}
  %y = ttg.convert_layout %x : tensor<16x32xf16, #tile> -> tensor<16x32xf16, #wide>
  // expected-remark @below {{offset = 1024, size = 512}}
  %later = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  ttg.local_dealloc %later : !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  ttg.local_dealloc %keep : !ttg.memdesc<32x16xf16, #sw, #smem, mutable>
  tt.return
}

// A register-only conversion needs no scratch.
// expected-remark @below {{register_permute}}
// expected-remark @below {{size = 0}}
tt.func @register_permute(%x: tensor<1024xf32, #row>) {
  %y = ttg.convert_layout %x : tensor<1024xf32, #row> -> tensor<1024xf32, #row>
  tt.return
}

// Buffers are placed largest first; a 128B-swizzled NVMMA buffer is aligned to 1024 bytes.
// expected-remark @below {{nvmma_alignment}}
// expected-remark @below {{size = 11264}}
tt.func @nvmma_alignment() {
  // expected-remark @below {{offset = 10240, size = 1024}}
  %small = ttg.local_alloc : () -> !ttg.memdesc<8x64xf16, #nv, #smem, mutable>
  // expected-remark @below {{offset = 8192, size = 1536}}
  %mid = ttg.local_alloc : () -> !ttg.memdesc<3x16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{offset = 0, size = 8192}}
  %big = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
  ttg.local_dealloc %small : !ttg.memdesc<8x64xf16, #nv, #smem, mutable>
  ttg.local_dealloc %mid : !ttg.memdesc<3x16x16xf16, #sw, #smem, mutable>
  ttg.local_dealloc %big : !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
  tt.return
}
}

// -----

#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// A buffer carried through a loop (through a view and the loop's iter_arg) stays live as long as
// the loop result aliasing it, so the allocation after the loop cannot overlap it, while the
// buffer that died before the loop ended can be reused.
// expected-remark @below {{loop_carried}}
// expected-remark @below {{size = 2048}}
tt.func @loop_carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  // expected-remark @below {{offset = 0, size = 1024}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable>
  %v = ttg.memdesc_index %a[%c0_i32] : !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable> -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{offset = 1024, size = 1024}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %v) -> (!ttg.memdesc<16x16xf16, #sw, #smem, mutable>) {
    scf.yield %cur : !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  }
  ttg.local_dealloc %b : !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{offset = 1024, size = 1024}}
  %c = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable>
  %w = ttg.memdesc_subslice %r [8, 0] : !ttg.memdesc<16x16xf16, #sw, #smem, mutable> -> !ttg.memdesc<8x16xf16, #sw, #smem, mutable, 16x16>
  ttg.local_dealloc %c : !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable>
  tt.return
}
}
