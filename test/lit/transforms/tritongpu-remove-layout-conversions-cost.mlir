// RUN: ttc opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s
// RUN: ttc opt %s -split-input-file -tritongpu-remove-layout-conversions='disable-remat-splitting=true' | FileCheck %s --check-prefix=NOSPLIT

// Rematerializing pays off only when recomputing is cheaper than the conversion (32 cycles per
// byte through shared memory). Here the exponentials are also returned in their own layout, so
// recomputing them duplicates them: one exponential (8 cycles per byte) is cheaper than the
// conversion, five are not.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @one_exp_is_recomputed
  // CHECK-NOT: ttg.convert_layout
  // CHECK-DAG: math.exp {{.*}} : tensor<256xf32, #[[$A:blocked]]>
  // CHECK-DAG: math.exp {{.*}} : tensor<256xf32, #[[$B:blocked1]]>
  // CHECK-NOT: ttg.convert_layout
  // With splitting disabled, an op that also stays for another use blocks the rematerialization.
  // NOSPLIT-LABEL: tt.func @one_exp_is_recomputed
  // NOSPLIT: ttg.convert_layout
  tt.func @one_exp_is_recomputed(%f: f32) -> (tensor<256xf32, #a>, tensor<256xf32, #b>) {
    %x = tt.splat %f : f32 -> tensor<256xf32, #a>
    %e = math.exp %x : tensor<256xf32, #a>
    %c = ttg.convert_layout %e : tensor<256xf32, #a> -> tensor<256xf32, #b>
    tt.return %e, %c : tensor<256xf32, #a>, tensor<256xf32, #b>
  }

  // CHECK-LABEL: tt.func @five_exps_keep_the_conversion
  // CHECK-COUNT-5: math.exp
  // CHECK: ttg.convert_layout
  tt.func @five_exps_keep_the_conversion(%f: f32) -> (tensor<256xf32, #a>, tensor<256xf32, #b>) {
    %x = tt.splat %f : f32 -> tensor<256xf32, #a>
    %e1 = math.exp %x : tensor<256xf32, #a>
    %e2 = math.exp %e1 : tensor<256xf32, #a>
    %e3 = math.exp %e2 : tensor<256xf32, #a>
    %e4 = math.exp %e3 : tensor<256xf32, #a>
    %e5 = math.exp %e4 : tensor<256xf32, #a>
    %c = ttg.convert_layout %e5 : tensor<256xf32, #a> -> tensor<256xf32, #b>
    tt.return %e5, %c : tensor<256xf32, #a>, tensor<256xf32, #b>
  }

  // A conversion that only reorders registers is free: nothing is recomputed to remove it.
  // CHECK-LABEL: tt.func @free_conversion_stays
  // CHECK: arith.addf
  // CHECK: ttg.convert_layout
  tt.func @free_conversion_stays(%f: f32) -> (tensor<64xf32, #a>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>}>>) {
    %x = tt.splat %f : f32 -> tensor<64xf32, #a>
    %s = arith.addf %x, %x : tensor<64xf32, #a>
    %c = ttg.convert_layout %s : tensor<64xf32, #a> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>}>>
    tt.return %s, %c : tensor<64xf32, #a>, tensor<64xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>}>>
  }
}
