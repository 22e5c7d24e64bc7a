// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %S/Inputs/seed000_vector_add_triton_gpu.mlir | FileCheck %s --check-prefix=SEED
// Older TritonGPU spellings (Triton 2.x to 3.4) print in Triton 3.6's.

// SEED: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// SEED-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
// SEED-NEXT: tt.func public @add_kernel_0d1d2d3de(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}
// SEED: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// SEED-NOT: triton_gpu

// CHECK-DAG: #[[AL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: #[[SH:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #[[NV:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
#AL = #triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#C = #triton_gpu.mma<{versionMajor = 2, warpsPerCTA = [4, 1], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#A_SHARED = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
#B_SHARED = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, "triton_gpu.compute-capability" = 80 : i32} {
  // CHECK-LABEL: tt.func @mid_2024
  tt.func @mid_2024(%t: tensor<16x16xf16, #AL>, %i: i32) {
    %c0 = arith.constant 0 : i32
    // 3.0: no memory space.
    // CHECK: %[[BUF:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #[[SH]], #smem, mutable>
    %buf = triton_gpu.local_alloc : () -> !tt.memdesc<2x16x16xf16, #A_SHARED, mutable>
    // CHECK-NEXT: %[[V:.+]] = ttg.memdesc_index %[[BUF]][%{{.+}}] : !ttg.memdesc<2x16x16xf16, #[[SH]], #smem, mutable> -> !ttg.memdesc<16x16xf16, #[[SH]], #smem, mutable>
    %v = triton_gpu.memdesc_subview %buf[%i, %c0, %c0] : !tt.memdesc<2x16x16xf16, #A_SHARED, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<16x16xf16, #A_SHARED, #triton_gpu.shared_memory, mutable>
    // CHECK-NEXT: ttg.local_store %{{.+}}, %[[V]] : tensor<16x16xf16, #[[AL]]> -> !ttg.memdesc<16x16xf16, #[[SH]], #smem, mutable>
    triton_gpu.local_store %t, %v : tensor<16x16xf16, #AL> -> !tt.memdesc<16x16xf16, #A_SHARED, #triton_gpu.shared_memory, mutable>
    // CHECK-NEXT: ttg.local_load %[[V]] : !ttg.memdesc<16x16xf16, #[[SH]], #smem, mutable> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
    %l = triton_gpu.local_load %v : !tt.memdesc<16x16xf16, #A_SHARED, #triton_gpu.shared_memory, mutable> -> tensor<16x16xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #C, kWidth = 2}>>
    // CHECK-NEXT: ttg.local_alloc %{{.+}} : (tensor<16x16xf16, #[[AL]]>) -> !ttg.memdesc<16x16xf16, #[[NV]], #smem>
    %b = triton_gpu.local_alloc %t : (tensor<16x16xf16, #AL>) -> !triton_gpu.memdesc<16x16xf16, #B_SHARED, #triton_gpu.shared_memory>
    // CHECK-NEXT: ttg.async_wait {num = 0 : i32}
    %w = triton_gpu.async_wait {num = 0 : i32}
    tt.return
  }
}

// -----

// Before Triton 3.3 the cp.async group ops had no token result; they gain one.
// CHECK-LABEL: tt.func @no_tokens
tt.func @no_tokens() {
  // CHECK-NEXT: %{{.+}} = ttg.async_commit_group{{$}}
  triton_gpu.async_commit_group
  // CHECK-NEXT: %{{.+}} = ttg.async_wait {num = 0 : i32}{{$}}
  triton_gpu.async_wait {num = 0 : i32}
  tt.return
}

// -----

// Triton 3.1 spelling of Hopper's wgmma ops.
// CHECK-LABEL: tt.func @dot_async
#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
module attributes {"triton_gpu.num-warps" = 4 : i32} {
tt.func @dot_async(%a: !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory>, %b: !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory>, %c: tensor<64x64xf32, #mma>) {
  // CHECK-NEXT: %[[D:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}} {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  %d = triton_nvidia_gpu.dot_async %a, %b, %c {isAsync = true} : !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory> * !tt.memdesc<64x64xf16, #shared, #triton_gpu.shared_memory> -> tensor<64x64xf32, #mma>
  // CHECK-NEXT: ttng.warp_group_dot_wait %[[D]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>
  %w = triton_nvidia_gpu.dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
  tt.return
}
}
