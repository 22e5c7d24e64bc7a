// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=90

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
