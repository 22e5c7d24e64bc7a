// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=80

// A join whose result spreads the new dimension over lanes would move data between threads;
// Triton's verifier already rejects it: no operand layout joins into that result.
#src = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @join_across_lanes() {
    %a = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #src>
    // expected-error @below {{requires at least 2 elements per thread in the axis/last dimension}}
    %j = tt.join %a, %a : tensor<32xi32, #src> -> tensor<32x2xi32, #dst>
    tt.return
  }
}

// -----

// A split whose halves are in different threads: the verifier finds no layout for the halves.
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split_across_lanes() {
    %z = arith.constant dense<0> : tensor<16x2xi32, #src>
    // expected-error @below {{requires at least 2 elements per thread in the axis/last dimension}}
    // expected-error @below {{'tt.split' op failed to infer returned types}}
    %lo, %hi = tt.split %z : tensor<16x2xi32, #src> -> tensor<16xi32, #dst>
    tt.return
  }
}

// -----

// A reordering reshape keeps registers in place, so both sides need as many (here the result
// repeats each row in two lanes and holds four registers).
#src = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_register_count() {
    %a = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #src>
    // expected-error @below {{expensive view not supported on reshape op}}
    %r = tt.reshape %a allow_reorder : tensor<64xi32, #src> -> tensor<4x16xi32, #dst>
    tt.return
  }
}

// -----

// A cat result must hold exactly both operands' registers.
#src = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cat_register_count() {
    %a = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #src>
    // expected-error @below {{cannot lower 'tt.cat' for cuda:80}}
    %c = tt.cat %a, %a : tensor<32xi32, #src> -> tensor<64xi32, #dst>
    tt.return
  }
}
