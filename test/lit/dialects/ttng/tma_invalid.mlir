// RUN: ttc opt %s -split-input-file -verify-diagnostics
// TMA copies give Triton's diagnostics.

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @one_coordinate(%d: !tt.tensordesc<tensor<16x8xf32, #nv>>, %x: i32, %buf: !ttg.memdesc<16x8xf32, #nv, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_copy_local_to_global' op expected 2 coordinates, but got 1}}
    ttng.async_tma_copy_local_to_global %d[%x] %buf : !tt.tensordesc<tensor<16x8xf32, #nv>>, !ttg.memdesc<16x8xf32, #nv, #smem, mutable>
    tt.return
  }
  tt.func @read_only_destination(%d: !tt.tensordesc<tensor<16x8xf32, #nv>>, %x: i32, %buf: !ttg.memdesc<16x8xf32, #nv, #smem>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op cannot store into immutable memory}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p : !tt.tensordesc<tensor<16x8xf32, #nv>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<16x8xf32, #nv, #smem>
    tt.return
  }
  tt.func @i32_barrier(%d: !tt.tensordesc<tensor<16x8xf32, #nv>>, %x: i32, %buf: !ttg.memdesc<16x8xf32, #nv, #smem, mutable>, %b: !ttg.memdesc<1xi32, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p : !tt.tensordesc<tensor<16x8xf32, #nv>>, !ttg.memdesc<1xi32, #bar, #smem, mutable> -> !ttg.memdesc<16x8xf32, #nv, #smem, mutable>
    tt.return
  }
  tt.func @fewer_elements(%d: !tt.tensordesc<tensor<16x8xf32, #nv>>, %x: i32, %buf: !ttg.memdesc<8x8xf32, #nv, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_copy_local_to_global' op descriptor block and tensor must have the same number of elements, but got descriptor block with 128 elements tensor with 64 elements}}
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<16x8xf32, #nv>>, !ttg.memdesc<8x8xf32, #nv, #smem, mutable>
    tt.return
  }
  tt.func @swizzled_buffer(%d: !tt.tensordesc<tensor<16x8xf32, #nv>>, %x: i32, %buf: !ttg.memdesc<16x8xf32, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_copy_local_to_global' op TMA descriptor must have NVMMA shared layout}}
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<16x8xf32, #nv>>, !ttg.memdesc<16x8xf32, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nv32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#nv64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#nvT = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @other_swizzle(%d: !tt.tensordesc<tensor<32x32xbf16, #nv32>>, %x: i32, %buf: !ttg.memdesc<32x32xbf16, #nv64, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op TMA descriptor layout must match shared layout, but got descriptor layout #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}> and shared memory layout #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p : !tt.tensordesc<tensor<32x32xbf16, #nv32>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x32xbf16, #nv64, #smem, mutable>
    tt.return
  }
  tt.func @transposed(%d: !tt.tensordesc<tensor<32x32xbf16, #nvT>>, %x: i32, %buf: !ttg.memdesc<32x32xbf16, #nvT, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_copy_local_to_global' op TMA descriptor layout must not be transposed}}
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<32x32xbf16, #nvT>>, !ttg.memdesc<32x32xbf16, #nvT, #smem, mutable>
    tt.return
  }
  tt.func @tiled_with_offsets(%d: !tt.tensordesc<tensor<32x32xbf16, #nv64>>, %x: i32, %o: i16, %buf: !ttg.memdesc<32x32xbf16, #nv64, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op TILED mode does not support offsets}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] offsets = [%o] %buf, %b, %p : !tt.tensordesc<tensor<32x32xbf16, #nv64>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x32xbf16, #nv64, #smem, mutable>
    tt.return
  }
}

// -----

#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @float_max(%d: !tt.tensordesc<tensor<64x32xf32, #nv>>, %x: i32, %buf: !ttg.memdesc<64x32xf32, #nv, #smem>) {
    // expected-error @below {{'ttng.async_tma_reduce' op unsupported reduce kind max for element type 'f32'}}
    ttng.async_tma_reduce max, %d[%x, %x] %buf : !tt.tensordesc<tensor<64x32xf32, #nv>>, !ttg.memdesc<64x32xf32, #nv, #smem>
    tt.return
  }
  tt.func @signed_add(%d: !tt.tensordesc<tensor<64x32xsi64, #nv>>, %x: i32, %buf: !ttg.memdesc<64x32xsi64, #nv, #smem>) {
    // expected-error @below {{'ttng.async_tma_reduce' op unsupported reduce kind add for element type 'si64'}}
    ttng.async_tma_reduce add, %d[%x, %x] %buf : !tt.tensordesc<tensor<64x32xsi64, #nv>>, !ttg.memdesc<64x32xsi64, #nv, #smem>
    tt.return
  }
  tt.func @reduce_three_coordinates(%d: !tt.tensordesc<tensor<64x32xi32, #nv>>, %x: i32, %buf: !ttg.memdesc<64x32xi32, #nv, #smem>) {
    // expected-error @below {{'ttng.async_tma_reduce' op expected 2 coordinates, but got 3}}
    ttng.async_tma_reduce xor, %d[%x, %x, %x] %buf : !tt.tensordesc<tensor<64x32xi32, #nv>>, !ttg.memdesc<64x32xi32, #nv, #smem>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#rows = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#per_lane = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @two_row_block(%d: !tt.tensordesc<tensor<2x16xf32, #rows>>, %ids: tensor<16xi32>, %y: i32, %buf: !ttg.memdesc<16x16xf32, #rows, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_gather' op descriptor block must have exactly 1 row, but got 'tensor<2x16xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>>'}}
    ttng.async_tma_gather %d[%ids, %y] %buf, %b, %p : !tt.tensordesc<tensor<2x16xf32, #rows>>, tensor<16xi32>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<16x16xf32, #rows, #smem, mutable>, i1
    tt.return
  }
  tt.func @rows_mismatch(%d: !tt.tensordesc<tensor<1x16xf32, #rows>>, %ids: tensor<8xi32>, %y: i32, %buf: !ttg.memdesc<16x16xf32, #rows, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_scatter' op result tensor must have as many rows as indices (8), but got '!ttg.memdesc<16x16xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>, #ttg.shared_memory, mutable>'}}
    ttng.async_tma_scatter %d[%ids, %y] %buf : !tt.tensordesc<tensor<1x16xf32, #rows>>, tensor<8xi32>, i32, !ttg.memdesc<16x16xf32, #rows, #smem, mutable>
    tt.return
  }
  tt.func @scalar_rows_per_thread(%d: !tt.tensordesc<tensor<1x16xf32, #rows>>, %ids: tensor<16xi32, #one>, %y: i32, %buf: !ttg.memdesc<16x16xf32, #rows, #smem, mutable>) {
    // expected-error @below {{'ttng.async_tma_scatter' op x offsets must have at least 4 contiguous elements per thread}}
    ttng.async_tma_scatter %d[%ids, %y] %buf : !tt.tensordesc<tensor<1x16xf32, #rows>>, tensor<16xi32, #one>, i32, !ttg.memdesc<16x16xf32, #rows, #smem, mutable>
    tt.return
  }
  tt.func @rows_split_over_lanes(%d: !tt.tensordesc<tensor<1x16xf32, #rows>>, %ids: tensor<256xi32, #per_lane>, %y: i32, %buf: !ttg.memdesc<256x16xf32, #rows, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_gather' op x offsets must be broadcasted across each warp}}
    ttng.async_tma_gather %d[%ids, %y] %buf, %b, %p : !tt.tensordesc<tensor<1x16xf32, #rows>>, tensor<256xi32, #per_lane>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<256x16xf32, #rows, #smem, mutable>, i1
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CTAsPerCGA = [2], CTASplitNum = [1], CTAOrder = [0]}>
#own = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @multicast_split(%d: !tt.tensordesc<tensor<64x64xf16, #own>>, %x: i32, %buf: !ttg.memdesc<64x64xf16, #own, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op multicast requires the shared layout to broadcast across CTAs}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p {multicast} : !tt.tensordesc<tensor<64x64xf16, #own>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #own, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CTAsPerCGA = [4], CTASplitNum = [1], CTAOrder = [0]}>
#split = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [4, 1], CTASplitNum = [4, 1], CTAOrder = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @quarter_view_store(%d: !tt.tensordesc<tensor<16x64xf16, #split>>, %x: i32, %buf: !ttg.memdesc<16x64xf16, #split, #smem, mutable, 64x64>) {
    // expected-error @below {{'ttng.async_tma_copy_local_to_global' op source subview may have an origin in another CTA}}
    ttng.async_tma_copy_local_to_global %d[%x, %x] %buf : !tt.tensordesc<tensor<16x64xf16, #split>>, !ttg.memdesc<16x64xf16, #split, #smem, mutable, 64x64>
    tt.return
  }
  tt.func @quarter_view_load(%d: !tt.tensordesc<tensor<16x64xf16, #split>>, %x: i32, %buf: !ttg.memdesc<16x64xf16, #split, #smem, mutable, 64x64>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op TMA destination and completion barrier must belong to the same CTA or a CTA pair}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p : !tt.tensordesc<tensor<16x64xf16, #split>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<16x64xf16, #split, #smem, mutable, 64x64>
    tt.return
  }
}
