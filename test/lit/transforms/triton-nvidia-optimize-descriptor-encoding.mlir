// RUN: ttc opt %s -split-input-file -triton-nvidia-optimize-descriptor-encoding | FileCheck %s

// A load whose tile is stored to shared memory in an untransposed nvmma layout asks for that
// layout; a store, and a load without such a user, get the shape-based default (64 bytes for an
// 8x32 f16 block, none for a block of fewer than 8 rows).
// CHECK-DAG: #[[SW32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SW64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SW0:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
// CHECK-LABEL: tt.func public @from_users
// CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<32x32xf16, #[[SW32]]>>
// CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<8x32xf16, #[[SW64]]>>
// CHECK: tt.descriptor_load %arg3{{.*}} : !tt.tensordesc<tensor<4x64xf32, #[[SW0]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @from_users(%p: !tt.ptr<f16>, %n: i32, %s: i64, %small: !tt.tensordesc<tensor<4x64xf32>>) {
    %in = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <f16>, <tensor<32x32xf16>>
    %out = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <f16>, <tensor<8x32xf16>>
    %tile = tt.descriptor_load %in[%n, %n] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
    %buf = ttg.local_alloc %tile : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #nv32, #smem>
    %part = tt.descriptor_load %small[%n, %n] : !tt.tensordesc<tensor<4x64xf32>> -> tensor<4x64xf32, #blocked>
    %half = tt.descriptor_load %in[%n, %n] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// The request travels through loop-carried descriptors and the branches of an scf.if: the
// descriptor made outside the loop takes the layout its load inside the loop asks for.
// CHECK: #[[NV:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
// CHECK-LABEL: tt.func public @through_control_flow
// CHECK: %[[A:.*]] = tt.make_tensor_descriptor {{.*}} : <i8>, <tensor<64x128xi8, #[[NV]]>>
// CHECK: %[[B:.*]] = tt.make_tensor_descriptor {{.*}} : <i8>, <tensor<64x128xi8, #[[NV]]>>
// CHECK: scf.for {{.*}} iter_args(%[[D:.*]] = %[[A]]) -> (!tt.tensordesc<tensor<64x128xi8, #[[NV]]>>)
// CHECK: scf.if {{.*}} -> (!tt.tensordesc<tensor<64x128xi8, #[[NV]]>>)
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @through_control_flow(%p: !tt.ptr<i8>, %q: !tt.ptr<i8>, %n: i32, %s: i64, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <i8>, <tensor<64x128xi8>>
    %b = tt.make_tensor_descriptor %q, [%n, %n], [%s, %s] : <i8>, <tensor<64x128xi8>>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%d = %a) -> (!tt.tensordesc<tensor<64x128xi8>>) : i32 {
      %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x128xi8>> -> tensor<64x128xi8, #blocked>
      %m = ttg.local_alloc %t : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #nv, #smem>
      %next = scf.if %c -> (!tt.tensordesc<tensor<64x128xi8>>) {
        scf.yield %b : !tt.tensordesc<tensor<64x128xi8>>
      } else {
        scf.yield %d : !tt.tensordesc<tensor<64x128xi8>>
      }
      scf.yield %next : !tt.tensordesc<tensor<64x128xi8>>
    }
    tt.return
  }
}

// -----

// Two accesses asking for different layouts, and descriptors crossing a call, fall back to the
// default; so do the descriptor arguments of a device function and its descriptor results.
// CHECK-DAG: #[[DEF:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func private @device
// CHECK-SAME: (%arg0: !tt.tensordesc<tensor<16x32xf16, #[[DEF]]>>) -> !tt.tensordesc<tensor<16x32xf16, #[[DEF]]>>
// CHECK-LABEL: tt.func public @conflicting
// CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<16x32xf16, #[[DEF]]>>
// CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<16x32xf16, #[[DEF]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @device(%d: !tt.tensordesc<tensor<16x32xf16>>) -> !tt.tensordesc<tensor<16x32xf16>> {
    tt.return %d : !tt.tensordesc<tensor<16x32xf16>>
  }
  tt.func public @conflicting(%p: !tt.ptr<f16>, %n: i32, %s: i64) {
    %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <f16>, <tensor<16x32xf16>>
    %x = tt.descriptor_load %d[%n, %n] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16, #blocked>
    %xm = ttg.local_alloc %x : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #nv32, #smem>
    %y = tt.descriptor_load %d[%n, %n] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16, #blocked>
    %ym = ttg.local_alloc %y : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #nv0, #smem>
    %e = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : <f16>, <tensor<16x32xf16>>
    %r = tt.call @device(%e) : (!tt.tensordesc<tensor<16x32xf16>>) -> !tt.tensordesc<tensor<16x32xf16>>
    tt.return
  }
}

// -----

// A rank-reducing load: the block is 1x64x32 and the tile 64x32, so the swizzle is chosen for the
// padded 1x64x32 shape and the encoding has the block's rank.
// CHECK-DAG: #[[R3:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, rank = 3}>
// CHECK-DAG: #[[ROWS:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @rank_reducing
// CHECK: tt.descriptor_load %arg0{{.*}} : !tt.tensordesc<tensor<1x64x32xf32, #[[R3]]>> -> tensor<64x32xf32
// A gather picks its swizzle from the gathered 32x64 tile, not the 1x64 block.
// CHECK-LABEL: tt.func public @gathered_rows
// CHECK: tt.descriptor_gather %arg0{{.*}} : (!tt.tensordesc<tensor<1x64xbf16, #[[ROWS]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank_reducing(%d: !tt.tensordesc<tensor<1x64x32xf32>>, %n: i32) -> tensor<64x32xf32, #blocked> {
    %t = tt.descriptor_load %d[%n, %n, %n] : !tt.tensordesc<tensor<1x64x32xf32>> -> tensor<64x32xf32, #blocked>
    tt.return %t : tensor<64x32xf32, #blocked>
  }
  tt.func public @gathered_rows(%d: !tt.tensordesc<tensor<1x64xbf16>>, %x: tensor<32xi32, #rows>, %y: i32) -> tensor<32x64xbf16, #blocked> {
    %t = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x64xbf16>>, tensor<32xi32, #rows>, i32) -> tensor<32x64xbf16, #blocked>
    tt.return %t : tensor<32x64xbf16, #blocked>
  }
}
