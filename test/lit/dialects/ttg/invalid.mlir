// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Bad layouts, types and ops give Triton's diagnostics.

// expected-error @below {{order must be a permutation of 0..(rank-1), but was [1, 1]}}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

// expected-error @below {{sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.}}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @below {{unexpected key: threadsPerCTA}}
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerCTA = [32], warpsPerCTA = [4], order = [0]}>

// -----

// expected-error @below {{CTAsPerCGA, CTASplitNum, and CTAOrder must all be present or all be absent}}
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAOrder = [0]}>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @below {{slice dim=2 must be less than the parent rank=2}}
#sliced = #ttg.slice<{dim = 2, parent = #blocked}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @below {{ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma}>

// -----

// expected-error @below {{LinearEncodingAttr requires a permutation matrix layout after removing broadcast bases}}
#linear = #ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @below {{shape must have power-of-2 and non-zero dimensions; got 64, 48}}
tt.func @bad_memdesc(%m: !ttg.memdesc<64x48xf16, #shared, #smem>) {
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @convert_shape(%t: tensor<64x32xf16, #blocked>) {
  // expected-error @below {{requires the same shape for all operands and results}}
  %c = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked1>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @store_immutable(%t: tensor<64x32xf16, #blocked>, %m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @below {{Cannot store into immutable memory}}
  ttg.local_store %t, %m : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem>
  tt.return
}
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_rank(%m: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @below {{result rank must be input rank - 1}}
  %v = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @alloc_immutable() {
  // expected-error @below {{uninitialized alloc must have a mutable memdesc type}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @module_warps() {
    // expected-error @below {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA.}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @function_warps() attributes {"ttg.num-warps" = 8 : i32} {
    // expected-error @below {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA.}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @threads() {
    // expected-error @below {{Layout has 16 threads per warp, but the module specifies 32 threads per warp.}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @rank() {
    // expected-error @below {{Layout has rank 2, but the tensor it's attached to has rank 1.}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

tt.func @barrier_none_combined() {
  // expected-error @below {{'none' cannot be combined with other address spaces}}
  ttg.barrier none|local
  tt.return
}

// -----

tt.func @barrier_unknown_space() {
  // expected-error @below {{expected an address space (none, local, global_read, global_write, tensor_read, tensor_write, all)}}
  ttg.barrier shared
  tt.return
}

// -----

tt.func @barrier_bad_mask() {
  // expected-error @below {{addrSpace must be an i32 bitmask of the address spaces (0..31), got 32 : i32}}
  "ttg.barrier"() <{addrSpace = 32 : i32}> : () -> ()
  tt.return
}

// -----

// expected-error @below {{padding values must all be power of two}}
#padded = #ttg.padded_shared<[32:+3] {order = [1, 0], shape = [16, 32]}>

// -----

// expected-error @below {{Unexpected attribute "swizzle" found}}
#padded = #ttg.padded_shared<[32:+2] {offset = [[0, 1], [1, 0]], block = [], swizzle = 1}>

// -----

// expected-error @below {{Broadcasting in offset dimension is not supported.}}
#padded = #ttg.padded_shared<[32:+2] {offset = [[0, 1], [0, 1]], block = []}>

// -----

#padded = #ttg.padded_shared<[32:+2] {order = [1, 0], shape = [16, 32]}>
// expected-error @below {{Mismatch in expected shape for dimension 1. Expected: 64, got: 32}}
!too_wide = !ttg.memdesc<16x64xf16, #padded, #ttg.shared_memory>

// -----

#inner = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @below {{numPartitions must be a power of 2 and at least 2}}
#parts = #ttg.partitioned_shared<{numPartitions = 3, numGroups = 1, partitionDim = 0, partitionLayout = #inner}>

// -----

// expected-error @below {{LinearEncodingAttr requires a permutation matrix layout after removing broadcast bases}}
#linear = #ttg.linear<{register = [[1, 0], [0, 1], [1, 1]], lane = [], warp = [], block = []}>

// -----

// expected-error @below {{After removing broadcast bases the CGA encoding must be a permutation matrix}}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1], [0, 1]]}>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// expected-error @below {{element type bit width must be 1 or at least 8; got 2}}
!crumbs = !ttg.memdesc<64xi2, #shared, #ttg.shared_memory>

// -----

// expected-error @below {{is not a valid encoding}}
!no_layout = !ttg.memdesc<64xf16, #ttg.shared_memory, #ttg.shared_memory>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @below {{rank must be equal to or one less than the shape size. Got 2 and 4}}
!deep = !ttg.memdesc<2x2x16x16xf16, #shared, #ttg.shared_memory>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @bool_buffer() {
  // expected-error @below {{element type bit width must be a multiple of 8}}
  %m = ttg.local_alloc : () -> !ttg.memdesc<64xi1, #shared, #ttg.shared_memory, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
tt.func @no_warps_anywhere() {
  // expected-error @below {{Result has an invalid layout: Could not determine the number of warps per CTA. Operation is not in a context with `ttg.num-warps`.}}
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 2 : i32} {
  tt.func @expand_checks_layout_first(%x: tensor<16xf32, #blocked>) {
    // expected-error @below {{Operand 0 has an invalid layout: Layout has rank 2, but the tensor it's attached to has rank 1.}}
    %y = tt.expand_dims %x {axis = 1 : i32} : tensor<16xf32, #blocked> -> tensor<16x1xf32, #blocked>
    tt.return
  }
}

// -----

#linear = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [[64]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @linear_warps() {
    // expected-error @below {{Layout has 2 warps per CTA, but the context requires 4 warps per CTA.}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #linear>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @buffer_for_one_cta() {
    // expected-error @below {{Layout has 1 CTAs per CGA, but the context requires 4 CTAs per CGA.}}
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #ttg.shared_memory, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @odd_tensor(%t: tensor<48xf32, #blocked>) {
    // expected-error @below {{Layout has shape 48, but the tensor it's attached to has shape 48 which is not a power of two.}}
    %u = ttg.convert_layout %t : tensor<48xf32, #blocked> -> tensor<48xf32, #blocked>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_operands_of_two_widths(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) {
    // expected-error @below {{mismatching kWidth between A and B operands}}
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
  tt.func @dot_mma_operands_blocked_result(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #blocked>) {
    // expected-error @below {{mismatching MMA encoding}}
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #blocked>
    tt.return
  }
}

// -----

#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#pairs = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @shuffle_within_warps(%x: tensor<32x32xf32, #rows>) {
    %y = ttg.convert_layout %x {force_warp_shuffle} : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #pairs>
    tt.return
  }
  tt.func @shuffle_across_warps(%x: tensor<32x32xf32, #rows>) {
    // expected-error @below {{force_warp_shuffle requires a conversion within one warp}}
    %y = ttg.convert_layout %x {force_warp_shuffle} : tensor<32x32xf32, #rows> -> tensor<32x32xf32, #cols>
    tt.return
  }
}
