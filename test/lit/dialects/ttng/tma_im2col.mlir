// RUN: ttc opt %s -split-input-file -verify-diagnostics | FileCheck %s
// TMA loads through an im2col descriptor (IM2COL mode: whole-tensor coordinates and i16
// offsets), and the TMA barrier layouts a two-CTA kernel (`ttng.two-ctas`) allows.

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @conv_rows
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1, %arg1, %arg1] offsets = [%arg2, %arg2] %arg4, %arg3, %arg5 : !ttng.tensordesc_im2col<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.func @conv_rows(%d: !ttng.tensordesc_im2col<64x64xf16, #nvmma>, %c: i32, %o: i16, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %m: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    ttng.async_tma_copy_global_to_local %d[%c, %c, %c, %c] offsets = [%o, %o] %m, %b, %p : !ttng.tensordesc_im2col<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @two_coords(%d: !ttng.tensordesc_im2col<64x64xf16, #nvmma>, %c: i32, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %m: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op IM2COL mode requires at least 3D coordinates, but got 2D}}
    ttng.async_tma_copy_global_to_local %d[%c, %c] %m, %b, %p : !ttng.tensordesc_im2col<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
  tt.func @six_coords(%d: !ttng.tensordesc_im2col<64x64xf16, #nvmma>, %c: i32, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %m: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op IM2COL mode supports at most 5D coordinates, but got 6D}}
    ttng.async_tma_copy_global_to_local %d[%c, %c, %c, %c, %c, %c] %m, %b, %p : !ttng.tensordesc_im2col<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
  tt.func @no_offsets(%d: !ttng.tensordesc_im2col<64x64xf16, #nvmma>, %c: i32, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %m: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op IM2COL mode requires offsets to be provided}}
    ttng.async_tma_copy_global_to_local %d[%c, %c, %c] %m, %b, %p : !ttng.tensordesc_im2col<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
  tt.func @offset_count(%d: !ttng.tensordesc_im2col<64x64xf16, #nvmma>, %c: i32, %o: i16, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %m: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op IM2COL mode with 5D coordinates requires 3 offsets, but got 1}}
    ttng.async_tma_copy_global_to_local %d[%c, %c, %c, %c, %c] offsets = [%o] %m, %b, %p : !ttng.tensordesc_im2col<64x64xf16, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
  tt.func @tiled_offsets(%d: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %c: i32, %o: i16, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %m: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op TILED mode does not support offsets}}
    ttng.async_tma_copy_global_to_local %d[%c, %c] offsets = [%o] %m, %b, %p : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0], [0, 0]]}>
#pair = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [1]]}>
#each = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [2]]}>
#all = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttng.two-ctas" = true} {
  // CHECK-LABEL: tt.func @pair_barrier
  tt.func @pair_barrier(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %c: i32, %b: !ttg.memdesc<2xi64, #pair, #smem, mutable>, %e: !ttg.memdesc<4xi64, #each, #smem, mutable>, %m: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    ttng.async_tma_copy_global_to_local %d[%c, %c] %m, %b, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<2xi64, #pair, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%c, %c] %m, %e, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<4xi64, #each, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0], [0, 0]]}>
#all = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttng.two-ctas" = true} {
  tt.func @broadcast_barrier(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %c: i32, %b: !ttg.memdesc<1xi64, #all, #smem, mutable>, %m: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1], [2]] or [[0], [1]], got [[0], [0]]}}
    ttng.async_tma_copy_global_to_local %d[%c, %c] %m, %b, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #all, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0], [0, 0]]}>
#all = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttng.two-ctas" = false} {
  tt.func @broadcast_barrier_one_cta_mode(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %c: i32, %b: !ttg.memdesc<1xi64, #all, #smem, mutable>, %m: !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1], [2]], got [[0], [0]]}}
    ttng.async_tma_copy_global_to_local %d[%c, %c] %m, %b, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #all, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}
