// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=90

// Ops that need libdevice have no lowering.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @erf(%x: f32) {
    %s = tt.splat %x : f32 -> tensor<32xf32, #blocked>
    // expected-error @below {{cannot lower 'math.erf' for cuda:90}}
    %e = math.erf %s : tensor<32xf32, #blocked>
    tt.return
  }
}

// -----

// A non-splat dense constant would need per-thread data.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dense() {
    // expected-error @below {{cannot lower 'arith.constant' for cuda:90}}
    %c = arith.constant dense<[0, 1]> : tensor<2xi32, #blocked>
    tt.return
  }
}

// -----

// f64 exp needs libdevice.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exp_f64(%x: f64) {
    // expected-error @below {{cannot lower 'math.exp' for cuda:90}}
    %e = math.exp %x : f64
    tt.return
  }
}

// -----

// Rounding toward zero is not an LLVM fptrunc.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp_to_fp_rtz(%x: f32) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:90}}
    %h = tt.fp_to_fp %x, rounding = rtz : f32 -> f16
    tt.return
  }
}

// -----

// A reshape whose elements live in other threads of the result needs a layout conversion.
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_moves_data(%x: i32) {
    %s = tt.splat %x : i32 -> tensor<32x1xi32, #src>
    // expected-error @below {{cannot lower 'tt.reshape' for cuda:90}}
    %b = tt.reshape %s : tensor<32x1xi32, #src> -> tensor<32xi32, #dst>
    tt.return
  }
}

// -----

// A kernel returns nothing.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel_with_result(%x: i32) -> i32 {
    // expected-error @below {{kernel functions do not support return with operands}}
    tt.return %x : i32
  }
}
