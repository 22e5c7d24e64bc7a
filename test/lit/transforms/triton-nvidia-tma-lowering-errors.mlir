// RUN: ttc opt %s -split-input-file -triton-nvidia-tma-lowering -verify-diagnostics

// A descriptor the encoding pass has not seen has no shared layout to copy into.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_encoding(%d: !tt.tensordesc<tensor<16x32xf16>>, %i: i32) -> tensor<16x32xf16, #blocked> {
    // expected-error @below {{Internal Error: Tensor descriptor should have encoding set}}
    %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16, #blocked>
    tt.return %t : tensor<16x32xf16, #blocked>
  }
}

// -----

// A swizzled (not NVMMA) layout can only describe an unswizzled TMA box.
#sw = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled(%p: !tt.ptr<f16>, %n: i32, %s: i64) -> !tt.tensordesc<tensor<16x32xf16, #sw>> {
    // expected-error @below {{Unhandled encoding type}}
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <f16>, <tensor<16x32xf16, #sw>>
    tt.return %d : !tt.tensordesc<tensor<16x32xf16, #sw>>
  }
}

// -----

// A 128-byte swizzle needs 64 f16 elements along the contiguous dimension.
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow(%p: !tt.ptr<f16>, %n: i32, %s: i64) -> !tt.tensordesc<tensor<16x32xf16, #nv>> {
    // expected-error @below {{Block shape is too small for the swizzle byte size in NVMMA Shared Layout.}}
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <f16>, <tensor<16x32xf16, #nv>>
    tt.return %d : !tt.tensordesc<tensor<16x32xf16, #nv>>
  }
}

// -----

// Sub-byte elements have no TMA element type.
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bits(%p: !tt.ptr<i1>, %n: i32, %s: i64) -> !tt.tensordesc<tensor<16x32xi1, #nv>> {
    // expected-error @below {{Tensor descriptor element type must have size 1, 2, or 4 but got 0}}
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <i1>, <tensor<16x32xi1, #nv>>
    tt.return %d : !tt.tensordesc<tensor<16x32xi1, #nv>>
  }
}

// -----

// One tensor map cannot be both s64 (min/max) and b64 (bitwise) for TMA's reductions.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @min_and_xor(%p: !tt.ptr<i64>, %n: i32, %s: i64, %i: i32, %v: tensor<16x32xi64, #blocked>) {
    %one = arith.constant 1 : i64
    // expected-error @+1 {{a signed 64-bit tensor descriptor cannot take both min/max and bitwise (and, or, xor) reductions}}
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %one] : <i64>, <tensor<16x32xsi64, #nv>>
    tt.descriptor_reduce min, %d[%i, %i], %v : !tt.tensordesc<tensor<16x32xsi64, #nv>>, tensor<16x32xi64, #blocked>
    tt.descriptor_reduce xor, %d[%i, %i], %v : !tt.tensordesc<tensor<16x32xsi64, #nv>>, tensor<16x32xi64, #blocked>
    tt.return
  }
}
