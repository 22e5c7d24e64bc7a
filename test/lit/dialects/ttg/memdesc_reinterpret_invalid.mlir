// RUN: ttc opt %s -split-input-file -verify-diagnostics
// ttg.memdesc_reinterpret stays within the bytes its source owns, as Triton's verifier checks.

#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @wider_elements(%m: !ttg.memdesc<16x16xi8, #sw, #smem>) {
  // expected-error @below {{'ttg.memdesc_reinterpret' op result shared-memory footprint (1024 bytes) exceeds the source view (256 bytes)}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<16x16xi8, #sw, #smem> -> !ttg.memdesc<16x16xf32, #sw, #smem>
  tt.return
}

tt.func @more_stages(%m: !ttg.memdesc<2x16x16xf16, #sw, #smem>) {
  // expected-error @below {{result shared-memory footprint (2048 bytes) exceeds the source view (1024 bytes)}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<2x16x16xf16, #sw, #smem> -> !ttg.memdesc<4x16x16xf16, #sw, #smem>
  tt.return
}

tt.func @becomes_mutable(%m: !ttg.memdesc<256xf16, #flat, #smem>) {
  // expected-error @below {{source and result must have the same mutability}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<256xf16, #flat, #smem> -> !ttg.memdesc<256xf16, #flat, #smem, mutable>
  tt.return
}

tt.func @into_a_subview(%m: !ttg.memdesc<256xf16, #flat, #smem>) {
  // expected-error @below {{result must not be a subview}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<256xf16, #flat, #smem> -> !ttg.memdesc<16x8xf16, #sw, #smem, 16x16>
  tt.return
}

// -----

// The top half of the rows is contiguous from its start; the left half of the columns is not.
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @top_rows(%m: !ttg.memdesc<16x16xf16, #sw, #smem, mutable>) {
  %top = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<16x16xf16, #sw, #smem, mutable> -> !ttg.memdesc<8x16xf16, #sw, #smem, mutable, 16x16>
  %v = ttg.memdesc_reinterpret %top : !ttg.memdesc<8x16xf16, #sw, #smem, mutable, 16x16> -> !ttg.memdesc<128xf16, #flat, #smem, mutable>
  tt.return
}

tt.func @left_columns(%m: !ttg.memdesc<16x16xf16, #sw, #smem, mutable>) {
  %left = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<16x16xf16, #sw, #smem, mutable> -> !ttg.memdesc<16x8xf16, #sw, #smem, mutable, 16x16>
  // expected-error @below {{result shared-memory footprint includes offsets not owned by the source subview (256 bytes requested; 16 contiguous bytes available)}}
  %v = ttg.memdesc_reinterpret %left : !ttg.memdesc<16x8xf16, #sw, #smem, mutable, 16x16> -> !ttg.memdesc<128xf16, #flat, #smem, mutable>
  tt.return
}

// -----

#split = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[0, 1]]}>
#whole = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @across_ctas(%m: !ttg.memdesc<16x32xf16, #split, #smem, mutable>) {
    %left = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<16x32xf16, #split, #smem, mutable> -> !ttg.memdesc<16x16xf16, #split, #smem, mutable, 16x32>
    // expected-error @below {{cannot reinterpret a source subview sliced across CTAs}}
    %v = ttg.memdesc_reinterpret %left : !ttg.memdesc<16x16xf16, #split, #smem, mutable, 16x32> -> !ttg.memdesc<16x16xf16, #whole, #smem, mutable>
    tt.return
  }
}

// -----

#pad8 = #ttg.padded_shared<[64:+8] {order = [1, 0], shape = [32, 64]}>
#pad4 = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [32, 64]}>
#pad_half = #ttg.padded_shared<[64:+8] {order = [1, 0], shape = [16, 64]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @padding_dropped(%m: !ttg.memdesc<32x64xf16, #pad8, #smem, mutable>) {
  // expected-error @below {{cannot reinterpret between padded and non-padded layouts}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<32x64xf16, #pad8, #smem, mutable> -> !ttg.memdesc<32x64xf16, #plain, #smem, mutable>
  tt.return
}

tt.func @other_padding(%m: !ttg.memdesc<32x64xf16, #pad8, #smem, mutable>) {
  // expected-error @below {{cannot reinterpret with different padding pattern}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<32x64xf16, #pad8, #smem, mutable> -> !ttg.memdesc<32x64xf16, #pad4, #smem, mutable>
  tt.return
}

tt.func @padded_half(%m: !ttg.memdesc<16x64xf16, #pad8, #smem, mutable, 32x64>) {
  // expected-error @below {{cannot reinterpret a padded source subview}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<16x64xf16, #pad8, #smem, mutable, 32x64> -> !ttg.memdesc<16x64xf16, #pad_half, #smem, mutable>
  tt.return
}

// -----

#inner = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#parts = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #inner}>
#smem = #ttg.shared_memory
tt.func @partitioned(%m: !ttg.memdesc<64x32xf16, #parts, #smem, mutable>) {
  // expected-error @below {{cannot reinterpret partitioned shared layouts}}
  %v = ttg.memdesc_reinterpret %m : !ttg.memdesc<64x32xf16, #parts, #smem, mutable> -> !ttg.memdesc<64x32xi16, #parts, #smem, mutable>
  tt.return
}
