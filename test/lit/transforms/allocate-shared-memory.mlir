// RUN: ttc opt %s -split-input-file -allocate-shared-memory | FileCheck %s
// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=87' | FileCheck %s

// A buffer live across a reduction: the reduction's cross-warp scratch goes after it, and the
// module records the peak.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {{.*}}ttg.shared = 2560 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @buffer_then_reduce
  tt.func @buffer_then_reduce(%arg0: tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: "tt.reduce"
    // CHECK: {allocation.offset = 2048 : i32}
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    ttg.local_dealloc %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}

// -----

// Buffers whose lifetimes do not overlap share offset 0; overlapping ones do not.

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {{.*}}ttg.shared = 8192 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @lifetimes
  tt.func @lifetimes() {
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x32xf16
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<32x32xf32
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc {allocation.offset = 4096 : i32} : () -> !ttg.memdesc<32x32xf32
    %c = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %c : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// No shared memory at all: the module still says so.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {{.*}}ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @elementwise
  // CHECK-NOT: allocation.offset
  tt.func @elementwise(%arg0: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    %0 = arith.addf %arg0, %arg0 : tensor<1024xf32, #blocked>
    tt.return %0 : tensor<1024xf32, #blocked>
  }
}
