// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// TMA copies between a tensor descriptor and shared memory print as Triton does. Both descriptor
// spellings parse; a chunk that uses the shorter one (Triton 3.8's) prints it throughout.

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tile = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32} {
  // CHECK-LABEL: tt.func @stage_in_and_out
  tt.func @stage_in_and_out(%desc: !tt.tensordesc<32x128xi8, #tile>, %row: i32, %col: i32, %go: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x128xi8, #tile, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2] %[[BUF:.*]], %[[BAR:.*]], %arg3 : !tt.tensordesc<32x128xi8, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x128xi8, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%row, %col] %buf, %bar, %go {isVolatile = false} : !tt.tensordesc<32x128xi8, #tile>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x128xi8, #tile, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2] %[[BUF]], %[[BAR]], %arg3 cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} :
    ttng.async_tma_copy_global_to_local %desc[%row, %col] %buf, %bar, %go evictionPolicy = evict_last cacheModifier = ca {isVolatile = true} : !tt.tensordesc<tensor<32x128xi8, #tile>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x128xi8, #tile, #smem, mutable>
    // CHECK: ttng.async_tma_copy_local_to_global %arg0[%arg2, %arg1] %[[BUF]] : !tt.tensordesc<32x128xi8, #shared>, !ttg.memdesc<32x128xi8, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%col, %row] %buf : !tt.tensordesc<tensor<32x128xi8, #tile>>, !ttg.memdesc<32x128xi8, #tile, #smem, mutable>
    tt.return
  }
}

// -----

#red = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @accumulate
  tt.func @accumulate(%desc: !tt.tensordesc<tensor<1x64x32xf32, #red>>, %buf: !ttg.memdesc<64x32xf32, #red, #smem>, %k: i32) {
    // CHECK: ttng.async_tma_reduce add, %arg0[%arg2, %arg2, %arg2] %arg1 : !tt.tensordesc<1x64x32xf32, #shared>, !ttg.memdesc<64x32xf32, #shared, #smem>
    ttng.async_tma_reduce add, %desc[%k, %k, %k] %buf : !tt.tensordesc<1x64x32xf32, #red>, !ttg.memdesc<64x32xf32, #red, #smem>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#idx = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32} {
  // CHECK-LABEL: tt.func @permute_rows
  tt.func @permute_rows(%desc: !tt.tensordesc<1x64xbf16, #rows>, %ids: tensor<32xi32>, %spread: tensor<32xi32, #idx>, %y: i32, %go: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xbf16, #rows, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_tma_gather %arg0[%arg1, %arg3] %[[BUF:.*]], %[[BAR:.*]], %arg4 : !tt.tensordesc<1x64xbf16, #shared>, tensor<32xi32>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xbf16, #shared, #smem, mutable>, i1
    ttng.async_tma_gather %desc[%ids, %y] %buf, %bar, %go : !tt.tensordesc<1x64xbf16, #rows>, tensor<32xi32>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x64xbf16, #rows, #smem, mutable>, i1
    // CHECK: ttng.async_tma_scatter %arg0[%arg2, %arg3] %[[BUF]] : !tt.tensordesc<1x64xbf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xbf16, #shared, #smem, mutable>
    ttng.async_tma_scatter %desc[%spread, %y] %buf : !tt.tensordesc<1x64xbf16, #rows>, tensor<32xi32, #idx>, i32, !ttg.memdesc<32x64xbf16, #rows, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
#both = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @multicast_to_both
  tt.func @multicast_to_both(%d: !tt.tensordesc<tensor<64x64xf16, #both>>, %x: i32, %buf: !ttg.memdesc<64x64xf16, #both, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %arg2, %arg3, %arg4 {multicast} :
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p {multicast} : !tt.tensordesc<tensor<64x64xf16, #both>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #both, #smem, mutable>
    tt.return
  }
}
