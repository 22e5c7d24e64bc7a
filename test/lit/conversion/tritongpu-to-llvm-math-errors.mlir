// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=80

// Before sm_89 f8E4M3FN never converts.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_on_sm80(%x: bf16) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:80: converting bf16 to f8E4M3FN needs the fp8 cvt instructions of sm_89 and newer}}
    %0 = tt.fp_to_fp %x, rounding = rtne : bf16 -> f8E4M3FN
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_from_sm80(%x: f8E4M3FN) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:80: converting f8E4M3FN to f16 needs the fp8 cvt instructions of sm_89 and newer}}
    %0 = tt.fp_to_fp %x : f8E4M3FN -> f16
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_to_sm80(%x: f16) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:80: converting f16 to f8E4M3FN needs the fp8 cvt instructions of sm_89 and newer}}
    %0 = tt.fp_to_fp %x, rounding = rtne : f16 -> f8E4M3FN
    tt.return
  }
}

// -----

// The fp8 types of AMD GPUs have no conversion here, whatever the target.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fnuz(%x: f32) {
    // expected-error @below {{cannot lower 'tt.fp_to_fp' for cuda:80: f8E4M3FNUZ has no conversion on NVIDIA GPUs}}
    %0 = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FNUZ
    tt.return
  }
}

// -----

// Precise division and square root are IEEE f32/f64 instructions.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @precise_f16(%x: f16) {
    // expected-error @below {{cannot lower 'tt.precise_sqrt' for cuda:80}}
    %0 = tt.precise_sqrt %x : f16
    tt.return
  }
}

// -----

// libdevice has a high-half multiply for 32 and 64 bits only.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mulhi_i16(%x: i16) {
    // expected-error @below {{cannot lower 'tt.mulhiui' for cuda:80}}
    %0 = tt.mulhiui %x, %x : i16
    tt.return
  }
}

// -----

// An external function called with two signatures, or named like the kernel.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_signatures(%x: f32, %d: f64) {
    %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "my_fn"} : (f32) -> f32
    // expected-error @below {{'my_fn' is called as !llvm.func<f64 (f64)> but declared as !llvm.func<f32 (f32)>}}
    %1 = tt.extern_elementwise %d {libname = "", libpath = "", pure = true, symbol = "my_fn"} : (f64) -> f64
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @global_smem(%x: f32) {
    // expected-error @below {{'global_smem' is called as an external function, but the module defines another symbol of that name}}
    %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "global_smem"} : (f32) -> f32
    tt.return
  }
}
