// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=90

// Rounding toward zero to fp8 exists from f32 to f8E5M2 only; f16 converts to nearest even.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rtz_e4m3(%x: f32) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:90: f32 to f8E4M3FN rounds to nearest even only}}
    %0 = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rtz_f16(%x: f16) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:90: f16 to f8E5M2 rounds to nearest even only}}
    %0 = tt.fp_to_fp %x, rounding = rtz : f16 -> f8E5M2
    tt.return
  }
}

// -----

// fp8 to fp8 has no conversion.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_to_fp8(%x: f8E5M2) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:90: no conversion from f8E5M2 to f8E4M3FN}}
    %0 = tt.fp_to_fp %x, rounding = rtne : f8E5M2 -> f8E4M3FN
    tt.return
  }
}

// -----

// Rounding toward zero between other float types is not an LLVM fptrunc.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rtz_f64(%x: f64) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:90: f64 to f32 rounds to nearest even only}}
    %0 = tt.fp_to_fp %x, rounding = rtz : f64 -> f32
    tt.return
  }
}
