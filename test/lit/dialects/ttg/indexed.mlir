// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// ttg.local_gather, ttg.local_scatter and ttg.local_atomic_scatter_rmw print as Triton does.

#linear = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @f
// CHECK-NEXT: %0 = ttg.local_atomic_scatter_rmw fadd, %arg3[%arg1], %arg0 {axis = 0 : i32} : (!ttg.memdesc<32xf32, #shared, #smem, mutable>, tensor<32xf32, #linear>, tensor<32xi32, #linear>) -> tensor<32xf32, #linear>
// CHECK-NEXT: %1 = ttg.local_atomic_scatter_rmw max, %arg3[%arg1], %arg0, %arg2 {axis = 0 : i32} : ({{.*}}, tensor<32xi1, #linear>) -> tensor<32xf32, #linear>
// CHECK-NEXT: %2 = ttg.local_gather %arg4[%arg5] {axis = 1 : i32} : !ttg.memdesc<16x32xf16, #shared1, #smem, mutable>, tensor<4x8xi32, #blocked> -> tensor<4x8xf16, #blocked>
// CHECK-NEXT: ttg.local_scatter %arg4[%arg5], %arg6 {axis = 0 : i32} : !ttg.memdesc<16x32xf16, #shared1, #smem, mutable>, tensor<4x8xi32, #blocked>, tensor<4x8xf16, #blocked>
module attributes {"ttg.num-warps" = 1 : i32} {
tt.func public @f(%values: tensor<32xf32, #linear>, %indices: tensor<32xi32, #linear>, %m: tensor<32xi1, #linear>,
   %dst: !ttg.memdesc<32xf32, #shared, #smem, mutable>, %buf: !ttg.memdesc<16x32xf16, #shared2, #smem, mutable>, %idx: tensor<4x8xi32, #blocked>, %v: tensor<4x8xf16, #blocked>) {
    %0 = ttg.local_atomic_scatter_rmw fadd, %dst[%indices], %values {axis = 0 : i32} : (!ttg.memdesc<32xf32, #shared, #smem, mutable>, tensor<32xf32, #linear>, tensor<32xi32, #linear>) -> tensor<32xf32, #linear>
    %1 = ttg.local_atomic_scatter_rmw max, %dst[%indices], %values, %m {axis = 0 : i32} : (!ttg.memdesc<32xf32, #shared, #smem, mutable>, tensor<32xf32, #linear>, tensor<32xi32, #linear>, tensor<32xi1, #linear>) -> tensor<32xf32, #linear>
    %2 = ttg.local_gather %buf[%idx] {axis = 1 : i32} : !ttg.memdesc<16x32xf16, #shared2, #smem, mutable>, tensor<4x8xi32, #blocked> -> tensor<4x8xf16, #blocked>
    ttg.local_scatter %buf[%idx], %v {axis = 0 : i32} : !ttg.memdesc<16x32xf16, #shared2, #smem, mutable>, tensor<4x8xi32, #blocked>, tensor<4x8xf16, #blocked>
    tt.return
}
}
