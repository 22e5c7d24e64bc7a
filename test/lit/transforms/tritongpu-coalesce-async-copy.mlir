// RUN: ttc opt %s -split-input-file -tritongpu-coalesce-async-copy | FileCheck %s

// i8 rows of 16 per thread into a shared layout swizzled in 4-element units: one cp.async writes
// 4 consecutive bytes, so the run is clipped to 4 and the threads spread over the 64 columns. The
// destination is a slot of a multi-buffer; only the mask is converted (there is no other value).
// CHECK: #[[CLIPPED:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @ring_slot_mask_only
// CHECK:      %[[VIEW:.*]] = ttg.memdesc_index
// CHECK-NEXT: %[[PTRS:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x64x!tt.ptr<i8>, #[[CLIPPED]]>
// CHECK-NEXT: %[[MASK:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xi1, #[[CLIPPED]]>
// CHECK-NEXT: ttg.async_copy_global_to_local %[[PTRS]], %[[VIEW]] mask %[[MASK]] : tensor<32x64x!tt.ptr<i8>, #[[CLIPPED]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ring_slot_mask_only(%ptrs: tensor<32x64x!tt.ptr<i8>, #blocked>, %mask: tensor<32x64xi1, #blocked>, %slot: i32) -> !ttg.async.token {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xi8, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<3x32x64xi8, #shared, #smem, mutable> -> !ttg.memdesc<32x64xi8, #shared, #smem, mutable>
    %tok = ttg.async_copy_global_to_local %ptrs, %view mask %mask : tensor<32x64x!tt.ptr<i8>, #blocked> -> <32x64xi8, #shared, #smem, mutable>
    tt.return %tok : !ttg.async.token
  }
}

// -----

// Column-major: the run along dimension 0 (8 halves) is clipped to the 2-element swizzle unit;
// dimension 1 keeps its run of 2.
// CHECK: #[[CLIPPED:.*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @column_major
// CHECK-NEXT: %[[PTRS:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x64x!tt.ptr<f16>, #[[CLIPPED]]>
// CHECK-NEXT: ttg.async_copy_global_to_local %[[PTRS]], %arg1 : tensor<32x64x!tt.ptr<f16>, #[[CLIPPED]]>
#blocked = #ttg.blocked<{sizePerThread = [8, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @column_major(%ptrs: tensor<32x64x!tt.ptr<f16>, #blocked>, %view: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) -> !ttg.async.token {
    %tok = ttg.async_copy_global_to_local %ptrs, %view : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    tt.return %tok : !ttg.async.token
  }
}

// -----

// Left alone: a run no longer than the swizzle unit, and a destination that is not swizzled.
// CHECK-LABEL: tt.func @already_coalesced
// CHECK-NOT:   ttg.convert_layout
// CHECK:       ttg.async_copy_global_to_local %arg0, %arg1 : tensor<16x64x!tt.ptr<f16>, #blocked>
// CHECK-LABEL: tt.func @nvmma_destination
// CHECK-NOT:   ttg.convert_layout
// CHECK:       ttg.async_copy_global_to_local %arg0, %arg1 : tensor<16x64x!tt.ptr<i8>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @already_coalesced(%ptrs: tensor<16x64x!tt.ptr<f16>, #blocked>, %view: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>) -> !ttg.async.token {
    %tok = ttg.async_copy_global_to_local %ptrs, %view : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
    tt.return %tok : !ttg.async.token
  }
  tt.func @nvmma_destination(%ptrs: tensor<16x64x!tt.ptr<i8>, #blocked>, %view: !ttg.memdesc<16x64xi8, #nvmma, #smem, mutable>) -> !ttg.async.token {
    %tok = ttg.async_copy_global_to_local %ptrs, %view : tensor<16x64x!tt.ptr<i8>, #blocked> -> <16x64xi8, #nvmma, #smem, mutable>
    tt.return %tok : !ttg.async.token
  }
}
