// RUN: ttc opt %s -split-input-file -verify-diagnostics --allocate-shared-memory-nv --convert-triton-gpu-to-llvm

// PTX has no 16-bit integer add.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_i16(%p: !tt.ptr<i16>, %v: i16) {
    // expected-error @below {{cannot lower 'tt.atomic_rmw' for cuda:80}}
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %v : (!tt.ptr<i16>, i16) -> i16
    tt.return
  }
}

// -----

// Integer max has no floating-point form.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @max_f32(%p: !tt.ptr<f32>, %v: f32) {
    // expected-error @below {{cannot lower 'tt.atomic_rmw' for cuda:80}}
    %0 = tt.atomic_rmw max, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

// Compare-and-swap on bytes has no PTX instruction.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cas_i8(%p: !tt.ptr<i8>, %v: i8) {
    // expected-error @below {{cannot lower 'tt.atomic_cas' for cuda:80}}
    %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (!tt.ptr<i8>, i8, i8) -> i8
    tt.return
  }
}

// -----

// The histogram counts i32 values into i32 bins.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_i64(%p: !tt.ptr<i64>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %x = arith.extsi %r : tensor<32xi32, #blocked> to tensor<32xi64, #blocked>
    // expected-error @below {{cannot lower 'tt.histogram' for cuda:80}}
    %h = tt.histogram %x : tensor<32xi64, #blocked> -> tensor<16xi64, #blocked>
    tt.return
  }
}
