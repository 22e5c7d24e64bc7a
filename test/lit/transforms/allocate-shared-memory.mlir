// RUN: ttc opt %s -split-input-file -allocate-shared-memory | FileCheck %s
// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=87' | FileCheck %s

// A buffer live across a reduction: the reduction's cross-warp scratch goes after it, and the
// module records the peak. A scratch buffer's owner also records its size.

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
    // CHECK: {allocation.offset = 2048 : i32, allocation.size = 512 : i32}
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

// -----

// A software-pipelined loop: two 3-deep ring buffers (A: 3x64x32 f16, 12 KiB; B: 3x32x64 f16,
// 12 KiB) live across the whole loop, so they sit side by side; the epilogue's mma -> blocked
// conversion after their deallocation reuses offset 0 for its scratch.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {{.*}}ttg.shared = 24576 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @ring_buffers
  tt.func @ring_buffers(%n: i32, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc {allocation.offset = 12288 : i32}
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %slot = %c0) -> (tensor<64x64xf32, #mma>, i32) : i32 {
      %sa = ttg.memdesc_index %a[%slot] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %sb = ttg.memdesc_index %b[%slot] : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
      %la = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %lb = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %la, %lb, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %next = arith.addi %slot, %c1 : i32
      %wrap = arith.cmpi sge, %next, %c3 : i32
      %slot2 = arith.select %wrap, %c0, %next : i32
      scf.yield %d, %slot2 : tensor<64x64xf32, #mma>, i32
    }
    ttg.local_dealloc %b : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
    // CHECK: ttg.convert_layout
    // CHECK-SAME: allocation.offset = 0 : i32, allocation.size = {{[0-9]+}} : i32
    %c = ttg.convert_layout %r#0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.return %c : tensor<64x64xf32, #blocked>
  }
}
