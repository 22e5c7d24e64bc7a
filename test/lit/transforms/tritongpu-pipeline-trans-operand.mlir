// RUN: ttc opt %s -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s

// A dot's B operand loaded as N x K and transposed (A @ W^T): the load reaches the dot through a
// convert to a #ttg.linear layout and a tt.trans. That layout starts with an MMA operand
// microtile, so the pipeliner's buffer for W gets the same swizzle as A's (Triton's
// swizzleDotOperandLike), not an unswizzled one.

// CHECK: #[[SHARED:.*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-NOT: #ttg.swizzled_shared
// CHECK-LABEL: tt.func @a_times_w_transposed
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf8E5M2, #[[SHARED]], #smem, mutable>
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf8E5M2, #[[SHARED]], #smem, mutable>
// CHECK: scf.for
// CHECK: ttg.local_load {{.*}} -> tensor<128x64xf8E5M2, #blocked>
// CHECK: ttg.local_load {{.*}}#[[SHARED]]{{.*}} -> tensor<128x64xf8E5M2, #blocked>
// CHECK: ttg.convert_layout {{.*}} -> tensor<128x64xf8E5M2, #linear>
// CHECK: tt.trans

#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [0, 32], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @a_times_w_transposed(%a: tensor<128x64x!tt.ptr<f8E5M2>, #blocked> {tt.contiguity = dense<[1, 16]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %w: tensor<128x64x!tt.ptr<f8E5M2>, #blocked> {tt.contiguity = dense<[1, 16]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %a_tile = tt.load %a : tensor<128x64x!tt.ptr<f8E5M2>, #blocked>
      %a_op = ttg.convert_layout %a_tile : tensor<128x64xf8E5M2, #blocked> -> tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %w_tile = tt.load %w : tensor<128x64x!tt.ptr<f8E5M2>, #blocked>
      %w_lin = ttg.convert_layout %w_tile : tensor<128x64xf8E5M2, #blocked> -> tensor<128x64xf8E5M2, #linear>
      %w_t = tt.trans %w_lin {order = array<i32: 1, 0>} : tensor<128x64xf8E5M2, #linear> -> tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %a_f16 = tt.fp_to_fp %a_op : tensor<128x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %w_f16 = tt.fp_to_fp %w_t : tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %a_f16, %w_f16, %sum : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}
