// RUN: ttc opt %s -split-input-file | FileCheck %s
// TritonGPU ops and types print in Triton 3.6's spelling; layouts print as aliases.

// CHECK-DAG: #[[BLOCKED:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[SHARED:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[FLAT:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @shared_memory
  tt.func @shared_memory(%t: tensor<64x32xf16, #blocked>, %i: i32) {
    // CHECK-NEXT: %[[A:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #[[SHARED]], #smem, mutable>
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.local_alloc %{{.+}} : (tensor<64x32xf16, #[[BLOCKED]]>) -> !ttg.memdesc<64x32xf16, #[[SHARED]], #smem>
    %b = ttg.local_alloc %t : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    // CHECK-NEXT: %[[V:.+]] = ttg.memdesc_index %[[A]][%{{.+}}] : !ttg.memdesc<2x64x32xf16, #[[SHARED]], #smem, mutable> -> !ttg.memdesc<64x32xf16, #[[SHARED]], #smem, mutable>
    %v = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.memdesc_subslice %[[V]][32, 0] : !ttg.memdesc<64x32xf16, #[[SHARED]], #smem, mutable> -> !ttg.memdesc<32x32xf16, #[[SHARED]], #smem, mutable, 64x32>
    %s = ttg.memdesc_subslice %v [32, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable, 64x32>
    // CHECK-NEXT: ttg.memdesc_trans %[[V]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #[[SHARED]], #smem, mutable> -> !ttg.memdesc<32x64xf16, #[[SHARED]], #smem, mutable>
    %tr = ttg.memdesc_trans %v {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.memdesc_reshape %[[V]] : !ttg.memdesc<64x32xf16, #[[SHARED]], #smem, mutable> -> !ttg.memdesc<2048xf16, #[[FLAT]], #smem, mutable>
    %r = ttg.memdesc_reshape %v : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<2048xf16, #flat, #smem, mutable>
    // CHECK-NEXT: ttg.local_store %{{.+}}, %[[V]] : tensor<64x32xf16, #[[BLOCKED]]> -> !ttg.memdesc<64x32xf16, #[[SHARED]], #smem, mutable>
    ttg.local_store %t, %v : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: %[[C:.+]] = ttg.async_commit_group{{$}}
    %c = ttg.async_commit_group
    // CHECK-NEXT: %[[C2:.+]] = ttg.async_commit_group tokens %[[C]]{{$}}
    %c2 = ttg.async_commit_group tokens %c
    // CHECK-NEXT: %[[W:.+]] = ttg.async_wait %[[C]], %[[C2]] {num = 1 : i32}
    %w = ttg.async_wait %c, %c2 {num = 1 : i32}
    // CHECK-NEXT: ttg.async_wait {num = 0 : i32}
    %w0 = ttg.async_wait {num = 0 : i32}
    // CHECK-NEXT: ttg.local_load %[[V]] token %[[W]] : !ttg.memdesc<64x32xf16, #[[SHARED]], #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
    %l = ttg.local_load %v token %w : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // CHECK-NEXT: ttg.convert_layout %{{.+}} : tensor<64x32xf16, #[[BLOCKED]]> -> tensor<64x32xf16, #[[MMA]]>
    %cv = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #mma>
    // CHECK-NEXT: ttg.local_dealloc %[[A]] : !ttg.memdesc<2x64x32xf16, #[[SHARED]], #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK: #[[B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @async_copy
  tt.func @async_copy(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %o: tensor<64x32xf16, #blocked>, %v: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) {
    // The destination type prints without `!ttg.memdesc`, as Triton prints it.
    // CHECK-NEXT: ttg.async_copy_global_to_local %{{.+}}, %{{.+}} mask %{{.+}} other %{{.+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #[[B]]> -> <64x32xf16, #shared, #smem, mutable>
    %0 = ttg.async_copy_global_to_local %p, %v mask %m other %o {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.async_copy_global_to_local %{{.+}}, %{{.+}} cacheModifier = cg evictionPolicy = evict_first : tensor<64x32x!tt.ptr<f16>, #[[B]]> -> <64x32xf16, #shared, #smem, mutable>
    %1 = ttg.async_copy_global_to_local %p, %v cacheModifier = cg evictionPolicy = evict_first : tensor<64x32x!tt.ptr<f16>, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // Default modifiers and contiguity are not printed.
    // CHECK-NEXT: ttg.async_copy_global_to_local %{{.+}}, %{{.+}} : tensor<64x32x!tt.ptr<f16>, #[[B]]> -> <64x32xf16, #shared, #smem, mutable>
    %2 = ttg.async_copy_global_to_local %p, %v cacheModifier = none evictionPolicy = evict_normal {contiguity = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %3 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

// CHECK-DAG: #[[MMA3:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[NV:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NV1:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wgmma
  tt.func @wgmma(%a: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>, %acc: tensor<64x64xf32, #mma>, %bar: !ttg.memdesc<1xi64, #shared2, #smem, mutable>) {
    // CHECK-NEXT: %[[D:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}} {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #[[NV]], #smem, mutable> * !ttg.memdesc<32x64xf16, #[[NV1]], #smem, mutable> -> tensor<64x64xf32, #[[MMA3]]>
    %d = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
    // CHECK-NEXT: ttng.warp_group_dot_wait %[[D]], %{{.+}}, %{{.+}} {pendings = 1 : i32} : tensor<64x64xf32, #[[MMA3]]>, !ttg.memdesc<64x32xf16, #[[NV]], #smem, mutable>, !ttg.memdesc<32x64xf16, #[[NV1]], #smem, mutable>
    %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
    // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttng.init_barrier %{{.+}}, 1 : !ttg.memdesc<1xi64, #{{shared[0-9]*}}, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

// ttg.barrier (Triton 3.7): the address-space bitmask prints as MLIR prints a bit enum, set bits
// in case order joined by `|`, `all` for every bit and `none` for no bit.
module {
  // CHECK-LABEL: tt.func @barrier
  tt.func @barrier() {
    // CHECK-NEXT: ttg.barrier local{{$}}
    ttg.barrier local
    // CHECK-NEXT: ttg.barrier local|global_read|global_write{{$}}
    ttg.barrier local|global_read|global_write
    // CHECK-NEXT: ttg.barrier local|tensor_write{{$}}
    ttg.barrier tensor_write | local
    // CHECK-NEXT: ttg.barrier global_read|global_write{{$}}
    ttg.barrier global_write|global_read|global_write
    // CHECK-NEXT: ttg.barrier all{{$}}
    ttg.barrier local|global_read|global_write|tensor_read|tensor_write
    // CHECK-NEXT: ttg.barrier all{{$}}
    ttg.barrier all|local
    // CHECK-NEXT: ttg.barrier none{{$}}
    ttg.barrier none
    // CHECK-NEXT: ttg.barrier tensor_read {ttg.partition = 1 : i32}
    ttg.barrier tensor_read {ttg.partition = 1 : i32}
    // CHECK-NEXT: ttg.barrier global_write{{$}}
    "ttg.barrier"() <{addrSpace = 4 : i32}> : () -> ()
    tt.return
  }
}

// -----

// Views along whole tiles: a pipeline-stage slice, and a column split along the swizzle tile.
// CHECK-LABEL: tt.func @tile_views
// CHECK: ttg.memdesc_subslice %arg0[1, 0, 0] : !ttg.memdesc<4x16x64xf16, #{{.*}}, #smem> -> !ttg.memdesc<2x16x64xf16, #{{.*}}, #smem, 4x16x64>
// CHECK: ttg.memdesc_subslice %arg0[0, 0, 32] : !ttg.memdesc<4x16x64xf16, #{{.*}}, #smem> -> !ttg.memdesc<4x16x32xf16, #{{.*}}, #smem, 4x16x64>
#tiles = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @tile_views(%m: !ttg.memdesc<4x16x64xf16, #tiles, #smem>) {
  %stages = ttg.memdesc_subslice %m[1, 0, 0] : !ttg.memdesc<4x16x64xf16, #tiles, #smem> -> !ttg.memdesc<2x16x64xf16, #tiles, #smem, 4x16x64>
  %half = ttg.memdesc_subslice %m[0, 0, 32] : !ttg.memdesc<4x16x64xf16, #tiles, #smem> -> !ttg.memdesc<4x16x32xf16, #tiles, #smem, 4x16x64>
  tt.return
}
