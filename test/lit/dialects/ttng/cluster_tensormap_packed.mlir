// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// Cluster stores, device-side TMA descriptors, im2col descriptor types and packed arithmetic
// print as Triton does.

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
// CHECK-DAG: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @cluster
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.async_shared_store %arg0, %arg1, %arg2 : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
// CHECK-LABEL: tt.func @tensormap
// CHECK-NEXT: ttng.tensormap_create %arg0, %arg1, [%arg2, %arg2], [%arg2, %arg2], [%arg3], [%arg2, %arg2] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %arg0 : !tt.ptr<i8>
// CHECK-LABEL: tt.func @im2col
// CHECK-SAME: (%arg0: !ttng.tensordesc_im2col<64x128xf16, #shared>, %arg1: !ttng.tensordesc_im2col<32x64xbf16>)
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @cluster(%t: tensor<128x64xf16, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
    ttng.fence_mbarrier_init_release_cluster
    ttng.async_shared_store %t, %m, %b : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @tensormap(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %l: i64) {
    ttng.tensormap_create %desc, %base, [%i, %i], [%i, %i], [%l], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
    tt.return
  }
  tt.func @im2col(%d: !ttng.tensordesc_im2col<64x128xf16, #shared>, %e: !ttng.tensordesc_im2col<32x64xbf16>) {
    tt.return
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @packed
// CHECK-NEXT: %0 = ttng.packed_arith add %arg0, %arg0 : (tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #blocked>
// CHECK-NEXT: %1 = ttng.packed_arith fma %arg0, %arg0, %arg0 : (tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #blocked>
// CHECK-NEXT: %2 = ttng.packed_arith max %arg1, %arg1 : (tensor<16x32xf16, #blocked>, tensor<16x32xf16, #blocked>) -> tensor<16x32xf16, #blocked>
// CHECK-NEXT: %3 = ttng.packed_arith add %arg1, %arg0 : (tensor<16x32xf16, #blocked>, tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #blocked>
// CHECK-NEXT: %4 = ttng.packed_arith mul %arg2, %arg2 : (tensor<16x32xf8E4M3FN, #blocked>, tensor<16x32xf8E4M3FN, #blocked>) -> tensor<16x32xf8E4M3FN, #blocked>
// CHECK-NEXT: %5 = ttng.packed_arith add %arg3, %arg2 : (tensor<16x16xi8, #blocked1>, tensor<16x32xf8E4M3FN, #blocked>) -> tensor<16x32xf8E4M3FN, #blocked>
#l = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#h = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @packed(%a: tensor<16x32xf32, #l>, %b: tensor<16x32xf16, #l>, %c: tensor<16x32xf8E4M3FN, #l>, %q: tensor<16x16xi8, #h>) {
    %0 = ttng.packed_arith add %a, %a : (tensor<16x32xf32, #l>, tensor<16x32xf32, #l>) -> tensor<16x32xf32, #l>
    %1 = ttng.packed_arith fma %a, %a, %a : (tensor<16x32xf32, #l>, tensor<16x32xf32, #l>, tensor<16x32xf32, #l>) -> tensor<16x32xf32, #l>
    %2 = ttng.packed_arith max %b, %b : (tensor<16x32xf16, #l>, tensor<16x32xf16, #l>) -> tensor<16x32xf16, #l>
    %3 = ttng.packed_arith add %b, %a : (tensor<16x32xf16, #l>, tensor<16x32xf32, #l>) -> tensor<16x32xf32, #l>
    %4 = ttng.packed_arith mul %c, %c : (tensor<16x32xf8E4M3FN, #l>, tensor<16x32xf8E4M3FN, #l>) -> tensor<16x32xf8E4M3FN, #l>
    %5 = ttng.packed_arith add %q, %c : (tensor<16x16xi8, #h>, tensor<16x32xf8E4M3FN, #l>) -> tensor<16x32xf8E4M3FN, #l>
    tt.return
  }
}
