// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm

// f32 operands on tensor cores need inputPrecision = tf32: ieee has no mma.sync, and Triton's
// verifier already rejects the dot.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ieee_on_mma(%x: f32) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x8xf32, #mma>
    %a = tt.splat %x : f32 -> tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = tt.splat %x : f32 -> tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    // expected-error @below {{'tt.dot' op unsupported MMA version}}
    %d = tt.dot %a, %b, %zero : tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}

// -----

// The FMA path multiplies in the accumulator's type: mixed operands are converted before
// (Triton's decompose passes), never here.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mixed_fma(%x: f16) {
    %c = arith.constant dense<0.000000e+00> : tensor<4x8xf32, #blocked>
    %a = tt.splat %x : f16 -> tensor<4x2xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b = tt.splat %x : f16 -> tensor<2x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    // expected-error @below {{cannot lower 'tt.dot' for cuda:80}}
    %d = tt.dot %a, %b, %c : tensor<4x2xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xf32, #blocked>
    tt.return
  }
}

// -----

// Operands of another parent than the result's: no thread holds matching rows and columns, and
// the verifier rejects the dot.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @foreign_parent(%x: f32) {
    %c = arith.constant dense<0.000000e+00> : tensor<8x8xf32, #blocked>
    %a = tt.splat %x : f32 -> tensor<8x2xf32, #ttg.dot_op<{opIdx = 0, parent = #other}>>
    %b = tt.splat %x : f32 -> tensor<2x8xf32, #ttg.dot_op<{opIdx = 1, parent = #other}>>
    // expected-error @below {{Incompatible parent encoding}}
    // expected-error @below {{'tt.dot' op failed to infer returned types}}
    %d = tt.dot %a, %b, %c : tensor<8x2xf32, #ttg.dot_op<{opIdx = 0, parent = #other}>> * tensor<2x8xf32, #ttg.dot_op<{opIdx = 1, parent = #other}>> -> tensor<8x8xf32, #blocked>
    tt.return
  }
}

// -----

// fp8 tensor-core instructions start at sm_89; cuda:80 has none.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_on_sm80(%x: f8E5M2) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x8xf32, #mma>
    %a = tt.splat %x : f8E5M2 -> tensor<16x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b = tt.splat %x : f8E5M2 -> tensor<32x8xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    // expected-error @below {{unsupported MMA instruction for the given operand/result types}}
    %d = tt.dot %a, %b, %zero : tensor<16x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}
