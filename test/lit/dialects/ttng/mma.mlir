// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// tcgen05 MMA ops print as Triton does: tokens, completion barriers `%bar[%pred]`, scale types.

// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-DAG: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-DAG: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-LABEL: tt.func @mma
// CHECK-NEXT: ttng.tc_gen5_mma %arg0, %arg1, %arg2, %arg3, %arg4 : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT: %0 = ttng.tc_gen5_mma %arg0, %arg1, %arg2[%arg6], %arg3, %arg4, %arg5[%arg4] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: %1 = ttng.tc_gen5_mma %arg0, %arg1, %arg2[], %arg3, %arg4, %arg5[%arg4], %arg5[%arg3] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable>, !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.tc_gen5_commit %arg5 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.tc_gen5_commit %arg5, %arg4 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.tc_gen5_commit %arg5, %arg4 descs %arg0, %arg1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>
// CHECK-LABEL: tt.func @scaled
// CHECK-NEXT: ttng.tc_gen5_mma_scaled %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6 lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#scales = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [4, 3, 2, 1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @mma(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #sharedT, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %useD: i1, %pred: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %tok: !ttg.async.token) {
    ttng.tc_gen5_mma %a, %b, %d, %useD, %pred : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #sharedT, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %t = ttng.tc_gen5_mma %a, %b, %d[%tok], %useD, %pred, %bar[%pred] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #sharedT, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %t2 = ttng.tc_gen5_mma %a, %b, %d[], %useD, %pred, %bar[%pred], %bar[%useD] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #sharedT, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %bar, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %bar, %pred descs %a, %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #sharedT, #smem>
    tt.return
  }
  tt.func @scaled(%a: !ttg.memdesc<128x64xf8E4M3FN, #shared8, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared8, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %useD: i1, %pred: i1) {
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %useD, %pred lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #shared8, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared8, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}
