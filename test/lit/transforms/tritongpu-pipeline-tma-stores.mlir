// RUN: ttc opt %s -split-input-file -tritongpu-pipeline=num-stages=3 | FileCheck %s
// RUN: ttc opt %s -split-input-file -tritongpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=S1

// Asynchronous TMA stores in loops (the pipeliner's last step); with one stage nothing changes.

// A store and a reduction of the same shape share one buffer: before each, a wait until the
// previous TMA store has read it, then the copy into it, a proxy fence and the asynchronous store.
// After the loop, a wait for the stores to complete and the buffer's release.
// CHECK-LABEL: tt.func @two_stores
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store %arg0, %[[BUF]]
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg1[%{{.*}}, %c0_i32] %[[BUF]]
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_reduce add, %arg1[%{{.*}}, %c32_i32] %[[BUF]]
// CHECK: }
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
// S1-LABEL: tt.func @two_stores
// S1-NOT: ttng.async_tma_copy_local_to_global
// S1: tt.descriptor_store
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_stores(%x: tensor<32x32xf32, #blocked>, %d: !tt.tensordesc<tensor<32x32xf32, #shared>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %row = arith.muli %i, %c32 : i32
      tt.descriptor_store %d[%row, %c0], %x : !tt.tensordesc<tensor<32x32xf32, #shared>>, tensor<32x32xf32, #blocked>
      %y = arith.addf %x, %x : tensor<32x32xf32, #blocked>
      tt.descriptor_reduce add, %d[%row, %c32], %y : !tt.tensordesc<tensor<32x32xf32, #shared>>, tensor<32x32xf32, #blocked>
    }
    tt.return
  }
}

// -----

// A release atomic needs the store complete when it runs: the store stays synchronous.
// CHECK-LABEL: tt.func @release_atomic
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.descriptor_store
// CHECK-NEXT: tt.atomic_rmw add, release
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @release_atomic(%x: tensor<32x32xf32, #blocked>, %d: !tt.tensordesc<tensor<32x32xf32, #shared>>, %n: i32, %flag: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %row = arith.muli %i, %c32 : i32
      tt.descriptor_store %d[%row, %c0], %x : !tt.tensordesc<tensor<32x32xf32, #shared>>, tensor<32x32xf32, #blocked>
      %old = tt.atomic_rmw add, release, gpu, %flag, %c1 : (!tt.ptr<i32>, i32) -> i32
    }
    tt.return
  }
}

// -----

// `scf.while` loops are pipelined too when the pass has more than one stage.
// CHECK-LABEL: tt.func @while_store
// CHECK: %[[BUF:.*]] = ttg.local_alloc
// CHECK: scf.while
// CHECK: do
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK: ttng.async_tma_copy_local_to_global %arg1[%{{.*}}, %c0_i32] %[[BUF]]
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
// S1-LABEL: tt.func @while_store
// S1: tt.descriptor_store
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @while_store(%x: tensor<32x32xf32, #blocked>, %d: !tt.tensordesc<tensor<32x32xf32, #shared>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %last = scf.while (%i = %c0) : (i32) -> i32 {
      %more = arith.cmpi slt, %i, %n : i32
      scf.condition(%more) %i : i32
    } do {
    ^bb0(%j: i32):
      %row = arith.muli %j, %c32 : i32
      tt.descriptor_store %d[%row, %c0], %x : !tt.tensordesc<tensor<32x32xf32, #shared>>, tensor<32x32xf32, #blocked>
      %next = arith.addi %j, %c1 : i32
      scf.yield %next : i32
    }
    tt.return
  }
}

// -----

// A descriptor made on the device before the loop needs no multi-buffering: the store of the
// outer loop of a nest is pipelined as for a kernel argument, its buffer allocated once before
// the outer loop, the inner loop (which stores nothing) left as it is.
// CHECK-LABEL: tt.func @device_descriptor_before_loop
// CHECK: %[[D:.*]] = tt.make_tensor_descriptor
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %[[D]][%{{.*}}, %c0_i32] %[[BUF]]
// CHECK: }
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @device_descriptor_before_loop(%x: tensor<32x32xf32, #blocked>, %p: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c32_i64 = arith.constant 32 : i64
    %c1_i64 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%n, %c32], [%c32_i64, %c1_i64] : <f32>, <tensor<32x32xf32, #shared>>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<32x32xf32, #blocked>) : i32 {
        %b = arith.addf %a, %x : tensor<32x32xf32, #blocked>
        scf.yield %b : tensor<32x32xf32, #blocked>
      }
      %row = arith.muli %i, %c32 : i32
      tt.descriptor_store %d[%row, %c0], %acc : !tt.tensordesc<tensor<32x32xf32, #shared>>, tensor<32x32xf32, #blocked>
    }
    tt.return
  }
}

// -----

// A loop that makes the descriptor it stores through would need it multi-buffered, which ttc
// does not do: the store stays synchronous.
// CHECK-LABEL: tt.func @device_descriptor_in_loop
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.make_tensor_descriptor
// CHECK-NEXT: tt.descriptor_store
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @device_descriptor_in_loop(%x: tensor<32x32xf32, #blocked>, %p: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c32_i64 = arith.constant 32 : i64
    %c1_i64 = arith.constant 1 : i64
    scf.for %i = %c0 to %n step %c1 : i32 {
      %d = tt.make_tensor_descriptor %p, [%n, %c32], [%c32_i64, %c1_i64] : <f32>, <tensor<32x32xf32, #shared>>
      tt.descriptor_store %d[%i, %c0], %x : !tt.tensordesc<tensor<32x32xf32, #shared>>, tensor<32x32xf32, #blocked>
    }
    tt.return
  }
}
