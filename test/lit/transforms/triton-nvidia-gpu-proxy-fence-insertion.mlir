// RUN: ttc opt %s -split-input-file -triton-nvidia-gpu-proxy-fence-insertion | FileCheck %s
// RUN: ttc opt %s -split-input-file -triton-nvidia-gpu-proxy-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

// A device-side descriptor is built in a 128-byte shared scratch that the first TMA load's buffer
// overlaps: one fence before that load, none before the second (the fence covered both), none on
// sm_80.
// CHECK-LABEL: tt.func public @scratch_then_load
// CHECK:      ttng.tensormap_create
// CHECK:      ttng.barrier_expect
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NOT:  ttng.fence_async_shared
// SM80-LABEL: tt.func public @scratch_then_load
// SM80-NOT:   ttng.fence_async_shared
// SM80-LABEL: tt.func public @around_the_loop
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scratch_then_load(%p: !tt.ptr<f16>, %n: i32, %s: i64, %i: i32, %go: i1) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %g = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %g, %p, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %g : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %g : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nv>>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %go : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %a, %bar, %go : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %b, %bar, %go : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    ttng.wait_barrier %bar, %n : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    tt.return
  }
}

// -----

// A buffer written by registers at the end of a loop iteration is reloaded by TMA at the start of
// the next: the fence goes before the load, reached around the back edge. A buffer the generic
// proxy never touches, or touched before an explicit fence, needs none.
// CHECK-LABEL: tt.func public @around_the_loop
// CHECK:      scf.for
// CHECK-NEXT:   ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT:   ttng.async_tma_copy_global_to_local %arg0[%{{.*}}, %{{.*}}] %[[A:[^,]*]],
// CHECK-NEXT:   ttng.async_tma_copy_global_to_local
// CHECK-NEXT:   ttng.wait_barrier
// CHECK-NEXT:   ttg.local_load
// CHECK-NEXT:   ttg.local_store
// CHECK-NEXT: }
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NOT:  ttng.fence_async_shared
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @around_the_loop(%d: !tt.tensordesc<tensor<64x64xf16, #nv>>, %n: i32, %go: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttng.async_tma_copy_global_to_local %d[%i, %i] %a, %bar, %go : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
      ttng.async_tma_copy_global_to_local %d[%i, %i] %b, %bar, %go : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      %t = ttg.local_load %b : !ttg.memdesc<64x64xf16, #nv, #smem, mutable> -> tensor<64x64xf16, #blocked>
      ttg.local_store %t, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    }
    ttg.local_store %z, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_global_to_local %d[%c0, %c0] %b, %bar, %go : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
    tt.return
  }
}
