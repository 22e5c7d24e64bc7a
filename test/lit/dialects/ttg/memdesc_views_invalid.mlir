// RUN: ttc opt %s -split-input-file -verify-diagnostics
// memdesc_index and memdesc_subslice views give Triton's diagnostics; each function of a chunk
// is verified on its own, so each reports its first error.

#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_keeps_alloc_shape(%bufs: !ttg.memdesc<4x16x32xf16, #sw, #smem>, %i: i32) {
  // expected-error @below {{alloc shape must match shape for the result}}
  %b = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<4x16x32xf16, #sw, #smem> -> !ttg.memdesc<16x32xf16, #sw, #smem, 4x16x32>
  tt.return
}

tt.func @index_of_tile_subview(%bufs: !ttg.memdesc<4x16x16xf16, #sw, #smem, 4x16x32>, %i: i32) {
  // expected-error @below {{We only support memdesc_index of a multibuffer-prefix subview}}
  %b = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<4x16x16xf16, #sw, #smem, 4x16x32> -> !ttg.memdesc<16x16xf16, #sw, #smem>
  tt.return
}

tt.func @index_of_index(%bufs: !ttg.memdesc<4x16x32xf16, #sw, #smem, 2x4x16x32>, %i: i32) {
  // expected-error @below {{We don't allow taking memdesc_index of a memdesc_index}}
  %b = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<4x16x32xf16, #sw, #smem, 2x4x16x32> -> !ttg.memdesc<16x32xf16, #sw, #smem>
  tt.return
}

// -----

#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_changes_allocation(%m: !ttg.memdesc<16x32xf16, #sw, #smem>) {
  // expected-error @below {{source and result must have the same allocation shape}}
  %v = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<16x32xf16, #sw, #smem> -> !ttg.memdesc<16x16xf16, #sw, #smem>
  tt.return
}

tt.func @subslice_past_the_end(%m: !ttg.memdesc<16x32xf16, #sw, #smem>) {
  // expected-error @below {{The split offset may not exceed the source shape}}
  %v = ttg.memdesc_subslice %m[0, 24] : !ttg.memdesc<16x32xf16, #sw, #smem> -> !ttg.memdesc<16x16xf16, #sw, #smem, 16x32>
  tt.return
}

tt.func @subslice_inside_a_tile(%m: !ttg.memdesc<16x32xf16, #sw, #smem>) {
  // expected-error @below {{The split offset may not touch the tile}}
  %v = ttg.memdesc_subslice %m[4, 0] : !ttg.memdesc<16x32xf16, #sw, #smem> -> !ttg.memdesc<8x32xf16, #sw, #smem, 16x32>
  tt.return
}

tt.func @subslice_offset_on_kept_dim(%m: !ttg.memdesc<16x32xf16, #sw, #smem>) {
  // expected-error @below {{A non zero offset found in a dimension that is not being split}}
  %v = ttg.memdesc_subslice %m[8, 16] : !ttg.memdesc<16x32xf16, #sw, #smem> -> !ttg.memdesc<16x16xf16, #sw, #smem, 16x32>
  tt.return
}

// -----

// With a new swizzle phase on every row, a 2-row slice cuts through the XOR pattern.
#phases = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_across_swizzle(%m: !ttg.memdesc<8x16xf16, #phases, #smem>) {
  // expected-error @below {{We don't support splitting along the swizzling pattern}}
  %v = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<8x16xf16, #phases, #smem> -> !ttg.memdesc<2x16xf16, #phases, #smem, 8x16>
  tt.return
}

// -----

#pad2d = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 32]}>
#smem = #ttg.shared_memory
tt.func @subslice_stages_of_padded(%m: !ttg.memdesc<4x16x32xf16, #pad2d, #smem>) {
  // expected-error @below {{SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet}}
  %v = ttg.memdesc_subslice %m[2, 0, 0] : !ttg.memdesc<4x16x32xf16, #pad2d, #smem> -> !ttg.memdesc<2x16x32xf16, #pad2d, #smem, 4x16x32>
  tt.return
}
