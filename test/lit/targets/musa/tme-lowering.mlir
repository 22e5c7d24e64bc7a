// RUN: ttc opt %s --tritonmusa-tme-lowering | FileCheck %s

// Both tiles feed a SQMMA through shared memory: the TME writes those buffers directly. The B
// tile is also returned in registers: it is read back with local_load. Each load has its own
// barrier id.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.musa_sqmma<{versionMajor = 3, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [32, 32, 32]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "musa:31", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tiles
  tt.func @tiles(%da: !tt.tensordesc<tensor<32x32xf16>>, %db: !tt.tensordesc<tensor<32x32xf16>>, %i: i32, %j: i32, %acc: tensor<32x32xf32, #mma>) -> (tensor<32x32xf32, #mma>, tensor<32x32xf16, #blocked>) {
    // CHECK: %[[A:.+]] = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: ttmg.init_arrival %[[BAR0:c0_i32[_0-9]*]], %c1_i32{{[_0-9]*}}, %[[ZERO:c0_i32[_0-9]*]] : i32
    // CHECK-NEXT: ttmg.barrier_add_trans %[[BAR0]], %c2048_i32{{[_0-9]*}}, %[[TRUE:true[_0-9]*]] : i32
    // CHECK-NEXT: ttmg.async_tme_copy_global_to_local %arg0[%arg2, %arg3] %[[BAR0]], %[[A]], %[[TRUE]] : !tt.tensordesc<tensor<32x32xf16>>, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttmg.arrive_barrier_noret %[[BAR0]], %[[TRUE]] : i32
    // CHECK-NEXT: ttmg.wait_barrier %[[BAR0]], %[[ZERO]] : i32
    // CHECK: %[[B:.+]] = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: ttmg.async_tme_copy_global_to_local %arg1[%arg3, %arg2] %[[BAR1:c1_i32[_0-9]*]], %[[B]]
    // CHECK: ttmg.wait_barrier %[[BAR1]],
    // CHECK-NEXT: %[[BREG:.+]] = ttg.local_load %[[B]] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    // CHECK-NOT: ttg.local_alloc %
    // CHECK: ttmg.squad_dot %[[A]], %[[B]], %arg4
    // CHECK: tt.return %{{.+}}, %[[BREG]]
    %a = tt.descriptor_load %da[%i, %j] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
    %b = tt.descriptor_load %db[%j, %i] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
    %as = ttg.local_alloc %a : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %bs = ttg.local_alloc %b : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %d = ttmg.squad_dot %as, %bs, %acc : !ttg.memdesc<32x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf32, #mma>
    tt.return %d, %b : tensor<32x32xf32, #mma>, tensor<32x32xf16, #blocked>
  }
}
