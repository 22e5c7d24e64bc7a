// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// Tensor-memory ops and encodings print as Triton does: `[%tok]` token dependencies, aliases
// #tmem / #tmem_scales, the redOp reduction, subslices along N, M and pipeline stages.

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-DAG: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-LABEL: tt.func @f
// CHECK-NEXT: %0:2 = ttng.tmem_alloc %arg0 : (tensor<128x128xf32, #blocked>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT: %1 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT: %2:2 = ttng.tmem_load %0#0[%0#1] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
// CHECK-NEXT: %3 = ttng.tmem_load %0#0 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
// CHECK-NEXT: %4:2 = ttng.tmem_load %0#0 {abs = true, redOp = #ttng.redOp<max>} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %5 = ttng.tmem_store %2#0, %0#0[%2#1], %arg1 : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT: %6 = ttng.tmem_store %2#0, %0#0[], %arg1 : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT: ttng.tmem_store %2#0, %1, %arg1 : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT: ttng.tmem_copy %arg2, %1 : !ttg.memdesc<128x128xf32, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT: %7 = ttng.tmem_subslice %0#0 {offset = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
// CHECK-NEXT: %8 = ttng.tmem_subslice %0#0 {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
// CHECK-NEXT: %9 = ttng.tmem_load %7 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32, #blocked1>
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked64 = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @f(%t: tensor<128x128xf32, #blocked>, %p: i1, %s: !ttg.memdesc<128x128xf32, #shared, #smem>) {
    %m, %tok = ttng.tmem_alloc %t : (tensor<128x128xf32, #blocked>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %e = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %l, %tok2 = ttng.tmem_load %m[%tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %l2 = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %l3, %r = ttng.tmem_load %m {redOp = #ttng.redOp<max>, abs = true} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %tok3 = ttng.tmem_store %l, %m[%tok2], %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %tok4 = ttng.tmem_store %l, %m[], %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %l, %e, %p : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %s, %e : !ttg.memdesc<128x128xf32, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %v = ttng.tmem_subslice %m {offset = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    %v0 = ttng.tmem_subslice %m {offset = 0 : i32, dim = 1 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    %lv = ttng.tmem_load %v : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32, #blocked64>
    tt.return
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]}>
// CHECK-DAG: #linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 32]], block = []}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-DAG: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// CHECK-DAG: #tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
// CHECK-DAG: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-LABEL: tt.func @eight_warps
// CHECK-NEXT: %0 = ttng.tmem_alloc %arg0 : (tensor<128x64xf32, #blocked>) -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
// CHECK-NEXT: %1 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xbf16, #tmem1, #ttng.tensor_memory, mutable>
// CHECK-NEXT: ttng.tmem_store %arg1, %1, %arg2 : tensor<128x64xbf16, #linear> -> !ttg.memdesc<128x64xbf16, #tmem1, #ttng.tensor_memory, mutable>
// CHECK-NEXT: %2 = ttng.tmem_load %1 : !ttg.memdesc<128x64xbf16, #tmem1, #ttng.tensor_memory, mutable> -> tensor<128x64xbf16, #linear>
// CHECK-LABEL: tt.func @scales
// CHECK-NEXT: %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-NEXT: ttng.tmem_copy %arg0, %0 : !ttg.memdesc<128x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-LABEL: tt.func @slices
// CHECK-NEXT: %0 = ttng.tmem_subslice %arg0 {dim = 0 : i32, offset = 1 : i32} : !ttg.memdesc<3x128x256xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<2x128x256xf32, #tmem, #ttng.tensor_memory, mutable, 3x128x256>
// CHECK-NEXT: %1 = ttng.tmem_subslice %arg1 {offset = 80 : i32} : !ttg.memdesc<128x256xf32, #tmem, #ttng.tensor_memory> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, 128x256>
#rows = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#half = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]}>
#lin = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 32]], block = []}>
#scl = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#unpacked = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32} {
  tt.func @eight_warps(%t: tensor<128x64xf32, #half>, %l: tensor<128x64xbf16, #lin>, %p: i1) {
    %m = ttng.tmem_alloc %t : (tensor<128x64xf32, #half>) -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    %u = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xbf16, #unpacked, #ttng.tensor_memory, mutable>
    ttng.tmem_store %l, %u, %p : tensor<128x64xbf16, #lin> -> !ttg.memdesc<128x64xbf16, #unpacked, #ttng.tensor_memory, mutable>
    %r = ttng.tmem_load %u : !ttg.memdesc<128x64xbf16, #unpacked, #ttng.tensor_memory, mutable> -> tensor<128x64xbf16, #lin>
    tt.return
  }
  tt.func @scales(%s: !ttg.memdesc<128x4xi8, #scl, #smem>) {
    %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %s, %m : !ttg.memdesc<128x4xi8, #scl, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @slices(%m: !ttg.memdesc<3x128x256xf32, #acc, #ttng.tensor_memory, mutable>, %n: !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory>) {
    %stage = ttng.tmem_subslice %m {offset = 1 : i32, dim = 0 : i32} : !ttg.memdesc<3x128x256xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<2x128x256xf32, #acc, #ttng.tensor_memory, mutable, 3x128x256>
    %cols = ttng.tmem_subslice %n {offset = 80 : i32} : !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, 128x256>
    tt.return
  }
}

// -----

// A shared-memory subview (rows 0..127 of a 512-row buffer) copies into TMEM scales.
#rows = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @copy_from_subview
  // CHECK-NEXT: ttng.tmem_copy %arg0, %arg1 : !ttg.memdesc<128x32xi8, #shared, #smem, 512x32>, !ttg.memdesc<128x32xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  tt.func @copy_from_subview(%src: !ttg.memdesc<128x32xi8, #rows, #ttg.shared_memory, 512x32>, %dst: !ttg.memdesc<128x32xi8, #scales, #ttng.tensor_memory, mutable>) {
    ttng.tmem_copy %src, %dst : !ttg.memdesc<128x32xi8, #rows, #ttg.shared_memory, 512x32>, !ttg.memdesc<128x32xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}
