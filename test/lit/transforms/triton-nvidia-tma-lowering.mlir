// RUN: ttc opt %s -split-input-file -triton-nvidia-tma-lowering | FileCheck %s

// A load becomes a TMA copy into a buffer in the descriptor's layout, under a one-word mbarrier.
// The local_alloc of the tile in that layout is the buffer itself (its view and the wgmma wait
// passing it on take the mutable type); the returned tile is read back.
// CHECK-DAG: #[[NV:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-LABEL: tt.func public @load
// CHECK-DAG:  %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:      %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[NV]], #smem, mutable>
// CHECK-NEXT: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK-NEXT: ttng.init_barrier %[[B]], 1
// CHECK-NEXT: ttng.barrier_expect %[[B]], 8192, %[[TRUE]]
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]], %[[B]], %[[TRUE]]
// CHECK-NEXT: ttng.wait_barrier %[[B]], %[[ZERO]]
// CHECK-NEXT: ttng.inval_barrier %[[B]]
// CHECK-NEXT: %[[T:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #[[NV]], #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK-NEXT: %[[V:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[NV]], #smem, mutable> -> !ttg.memdesc<64x64xf16, #{{.*}}, #smem, mutable>
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[BUF]], %[[V]], %arg2
// CHECK-NEXT: ttng.warp_group_dot_wait %[[D]], %[[BUF]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #[[NV]], #smem, mutable>
// CHECK-NOT:  tt.descriptor_load
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load(%d: !tt.tensordesc<tensor<64x64xf16, #nv>>, %i: i32, %acc: tensor<64x64xf32, #mma>) -> (tensor<64x64xf16, #blocked>, tensor<64x64xf32, #mma>) {
    %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #nv>> -> tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv, #smem>
    %b = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #nv, #smem> -> !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #smem>
    %r = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #nv, #smem> * !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #smem> -> tensor<64x64xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %r, %a {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #nv, #smem>
    tt.return %t, %w#0 : tensor<64x64xf16, #blocked>, tensor<64x64xf32, #mma>
  }
}

// -----

// A local_alloc in another layout keeps storing the tile read back from the buffer. A rank-reducing
// load takes the descriptor's encoding at the tile's rank; the barrier expects the tile's bytes.
// CHECK-DAG: #[[R3:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, rank = 3}>
// CHECK-DAG: #[[R2:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[SW:.*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func public @other_layout
// CHECK:      %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x64xi8, #[[R2]], #smem, mutable>
// CHECK:      ttng.barrier_expect %{{.*}}, 2048,
// CHECK:      ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1, %arg1] %[[BUF]], {{.*}} : !tt.tensordesc<tensor<1x32x64xi8, #[[R3]]>>, {{.*}} -> !ttg.memdesc<32x64xi8, #[[R2]], #smem, mutable>
// CHECK:      %[[T:.*]] = ttg.local_load %[[BUF]]
// CHECK-NEXT: ttg.local_alloc %[[T]] : (tensor<32x64xi8, #blocked>) -> !ttg.memdesc<32x64xi8, #[[SW]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8, rank = 3}>
#sw = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @other_layout(%d: !tt.tensordesc<tensor<1x32x64xi8, #nv3>>, %i: i32) -> !ttg.memdesc<32x64xi8, #sw, #smem> {
    %t = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x32x64xi8, #nv3>> -> tensor<32x64xi8, #blocked>
    %a = ttg.local_alloc %t : (tensor<32x64xi8, #blocked>) -> !ttg.memdesc<32x64xi8, #sw, #smem>
    tt.return %a : !ttg.memdesc<32x64xi8, #sw, #smem>
  }
}

// -----

// Stores, reductions and scatters go through an immutable buffer and a proxy fence, and wait
// for the TMA unit to have read it. Scattered and gathered i16 row offsets are widened first.
// CHECK-LABEL: tt.func public @stores
// CHECK:      %[[S:.*]] = ttg.local_alloc %arg2 : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #shared, #smem>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[S]]
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: %[[R:.*]] = ttg.local_alloc %arg2
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg1, %arg1] %[[R]]
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: %[[X:.*]] = arith.extsi %arg4 : tensor<32xi16, #{{.*}}> to tensor<32xi32, #{{.*}}>
// CHECK-NEXT: %[[C:.*]] = ttg.local_alloc %arg5
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_scatter %arg3[%[[X]], %arg1] %[[C]]
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: %[[G:.*]] = arith.extsi %arg4
// CHECK-NEXT: %[[GB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
// CHECK:      ttng.barrier_expect %{{.*}}, 8192,
// CHECK-NEXT: ttng.async_tma_gather %arg3[%[[G]], %arg1] %[[GB]]
// CHECK:      ttg.local_load %[[GB]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @stores(%d: !tt.tensordesc<tensor<64x32xf32, #nv>>, %i: i32, %v: tensor<64x32xf32, #blocked>, %g: !tt.tensordesc<tensor<1x64xf32, #nv>>, %x: tensor<32xi16, #rows>, %w: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> {
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x32xf32, #nv>>, tensor<64x32xf32, #blocked>
    tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<64x32xf32, #nv>>, tensor<64x32xf32, #blocked>
    tt.descriptor_scatter %g[%x, %i], %w : !tt.tensordesc<tensor<1x64xf32, #nv>>, tensor<32xi16, #rows>, i32, tensor<32x64xf32, #blocked>
    %r = tt.descriptor_gather %g[%x, %i] : (!tt.tensordesc<tensor<1x64xf32, #nv>>, tensor<32xi16, #rows>, i32) -> tensor<32x64xf32, #blocked>
    tt.return %r : tensor<32x64xf32, #blocked>
  }
}

// -----

// Device-side descriptors: the box is the TMA block innermost first (the contiguous dimension cut
// to the 64-byte swizzle, the others to at most 256), the global dims reversed, the byte strides of
// all but the innermost dimension; bf16 is element type 10, NaN padding fill mode 1. The stride
// of the innermost dimension is dropped, and the dead constant with it.
// CHECK-LABEL: tt.func public @device_side
// CHECK-DAG:  %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG:  %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG:  %[[C256:.*]] = arith.constant 256 : i32
// CHECK-DAG:  %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:  %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NOT:  arith.constant 1 : i64
// CHECK:      %[[P:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK-NEXT: %[[S1:.*]] = arith.muli %arg5, %[[C2]] : i64
// CHECK-NEXT: %[[S0:.*]] = arith.muli %arg4, %[[C2]] : i64
// CHECK-NEXT: ttng.tensormap_create %[[P]], %arg0, [%[[C32]], %[[C256]], %[[C4]]], [%arg3, %arg2, %arg1], [%[[S1]], %[[S0]]], [%[[C1]], %[[C1]], %[[C1]]] {elem_type = 10 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<bf16>, i32, i32, i32, i32, i32, i32, i64, i64, i32, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[P]] : !tt.ptr<i8>
// CHECK-NEXT: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[P]] : !tt.ptr<i8> to !tt.tensordesc<tensor<4x512x64xbf16, #shared>>
// CHECK-NEXT: tt.return %[[D]]
// An unswizzled i32 descriptor: element type 2, swizzle mode 0, the box the whole block.
// CHECK-LABEL: tt.func public @unswizzled
// CHECK: ttng.tensormap_create {{.*}} {elem_type = 2 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i32>, i32, i32, i32, i32, i64, i32, i32) -> ()
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 3}>
#flat = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @device_side(%p: !tt.ptr<bf16>, %n0: i32, %n1: i32, %n2: i32, %s0: i64, %s1: i64) -> !tt.tensordesc<tensor<4x512x64xbf16, #nv>> {
    %one = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%n0, %n1, %n2], [%s0, %s1, %one] {padding = 2 : i32} : <bf16>, <tensor<4x512x64xbf16, #nv>>
    tt.return %d : !tt.tensordesc<tensor<4x512x64xbf16, #nv>>
  }
  tt.func public @unswizzled(%p: !tt.ptr<i32>, %n: i32, %s: i64) -> !tt.tensordesc<tensor<8x16xi32, #flat>> {
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <i32>, <tensor<8x16xi32, #flat>>
    tt.return %d : !tt.tensordesc<tensor<8x16xi32, #flat>>
  }
}

// -----

// fp4 padded blocks (two e2m1 values per byte, each 64-byte row padded to 128 elements): the
// box and the innermost global dimension count elements, element type 14; a load doubles its
// innermost coordinate.
// CHECK-LABEL: tt.func public @fp4_padded
// CHECK-DAG:  %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG:  %[[C128:.*]] = arith.constant 128 : i32
// CHECK:      %[[K2:.*]] = arith.muli %arg2, %[[C2]] : i32
// CHECK:      ttng.tensormap_create %{{.*}}, %arg0, [%[[C128]], %[[C128]]], [%[[K2]], %arg1], {{.*}} {elem_type = 14 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
// CHECK:      %[[J2:.*]] = arith.muli %arg4, %[[C2]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %{{.*}}[%arg4, %[[J2]]]
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#fp4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp4_padded(%p: !tt.ptr<i8>, %m: i32, %k: i32, %s: i64, %i: i32) -> tensor<128x64xi8, #blocked> {
    %one = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %k], [%s, %one] : <i8>, <tensor<128x64xi8, #fp4>>
    %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xi8, #fp4>> -> tensor<128x64xi8, #blocked>
    tt.return %t : tensor<128x64xi8, #blocked>
  }
}

// -----

// A signed 64-bit descriptor reduced only by bitwise ops (here through a loop-carried value) gets
// a U64 tensor map (elem_type 4): TMA's bitwise reductions take b64 elements, and an S64 map
// faults. One reduced by max keeps S64 (elem_type 5); loads and stores alone keep S64 too.
// CHECK-LABEL: tt.func public @signed_64_bit_maps
// CHECK:       ttng.tensormap_create {{.*}} {elem_type = 4 : i32,
// CHECK:       ttng.tensormap_create {{.*}} {elem_type = 5 : i32,
// CHECK:       ttng.tensormap_create {{.*}} {elem_type = 5 : i32,
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @signed_64_bit_maps(%p: !tt.ptr<i64>, %n: i32, %s: i64, %i: i32, %v: tensor<16x32xi64, #blocked>) {
    %one = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %ored = tt.make_tensor_descriptor %p, [%n, %n], [%s, %one] : <i64>, <tensor<16x32xsi64, #nv>>
    %last = scf.for %k = %c0 to %c2 step %c2 iter_args(%d = %ored) -> (!tt.tensordesc<tensor<16x32xsi64, #nv>>)  : i32 {
      tt.descriptor_reduce or, %d[%i, %k], %v : !tt.tensordesc<tensor<16x32xsi64, #nv>>, tensor<16x32xi64, #blocked>
      scf.yield %d : !tt.tensordesc<tensor<16x32xsi64, #nv>>
    }
    %maxed = tt.make_tensor_descriptor %p, [%n, %n], [%s, %one] : <i64>, <tensor<16x32xsi64, #nv>>
    tt.descriptor_reduce max, %maxed[%i, %i], %v : !tt.tensordesc<tensor<16x32xsi64, #nv>>, tensor<16x32xi64, #blocked>
    %stored = tt.make_tensor_descriptor %p, [%n, %n], [%s, %one] : <i64>, <tensor<16x32xsi64, #nv>>
    tt.descriptor_store %stored[%i, %i], %v : !tt.tensordesc<tensor<16x32xsi64, #nv>>, tensor<16x32xi64, #blocked>
    tt.return
  }
}
