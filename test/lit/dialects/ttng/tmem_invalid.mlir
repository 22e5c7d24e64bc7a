// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Tensor-memory ops give Triton's diagnostics.

#rows = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#split = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#plain = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#swz = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#acc64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @alloc_shared_encoding() {
    // expected-error @below {{'ttng.tmem_alloc' op should use tensor memory encoding}}
    %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #swz, #smem, mutable>
    tt.return
  }
  tt.func @alloc_immutable_empty() {
    // expected-error @below {{'ttng.tmem_alloc' op uninitialized alloc must have a mutable memdesc type}}
    %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @alloc_subview() {
    // expected-error @below {{'ttng.tmem_alloc' op result shape and its alloc shape must match}}
    %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
  tt.func @alloc_wrong_layout(%t: tensor<128x64xf32, #cols>) {
    // expected-error @below {{'ttng.tmem_alloc' op source}}
    // expected-note @below {{Got: #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>}}
    // expected-note @below {{potential TMEM layout: #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>}}
    // expected-note @below {{potential TMEM layout: #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>}}
    // expected-note @below {{potential TMEM layout: #ttg.linear<{register = [[8, 0], [0, 4], [0, 8], [0, 16], [0, 32], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>}}
    // expected-note @below {{potential TMEM layout: #ttg.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [16, 0]], lane = [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>}}
    %0 = ttng.tmem_alloc %t : (tensor<128x64xf32, #cols>) -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @alloc_element_mismatch(%t: tensor<128x64xf16, #rows>) {
    // expected-error @below {{'ttng.tmem_alloc' op source element type}}
    %0 = ttng.tmem_alloc %t : (tensor<128x64xf16, #rows>) -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @load_from_scales(%m: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op should use tensor memory encoding.}}
    %0 = ttng.tmem_load %m : !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory> -> tensor<128x4xi8, #rows>
    tt.return
  }
  tt.func @load_from_shared(%m: !ttg.memdesc<128x64xf32, #shared, #smem>) {
    // expected-error @below {{'ttng.tmem_load' op source must be a tensor memory buffer.}}
    %0 = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #shared, #smem> -> tensor<128x64xf32, #rows>
    tt.return
  }
  tt.func @load_warps_split_columns(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op result}}
    // expected-note @below {{Got: #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>}}
    // expected-note @below {{potential TMEM layout: #ttg.linear}}
    %0 = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> tensor<128x64xf32, #split>
    tt.return
  }
  tt.func @load_rank_one(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op result must be a 2D tensor}}
    %0 = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> tensor<8192xf32>
    tt.return
  }
  tt.func @load_red_without_op(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op 'red' result is present but redOp is not set}}
    %0, %1 = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> tensor<128x64xf32, #rows>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #rows}>>
    tt.return
  }
  tt.func @load_op_without_red(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op redOp is set but 'red' result is not present}}
    %0 = ttng.tmem_load %m {redOp = #ttng.redOp<min>} : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> tensor<128x64xf32, #rows>
    tt.return
  }
  tt.func @load_abs_alone(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op 'abs' requires 'redOp' to be set}}
    %0 = ttng.tmem_load %m {abs = true} : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> tensor<128x64xf32, #rows>
    tt.return
  }
  tt.func @load_nan_alone(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op 'NaN' requires 'redOp' to be set}}
    %0 = ttng.tmem_load %m {NaN = true} : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> tensor<128x64xf32, #rows>
    tt.return
  }
  tt.func @load_abs_integer(%m: !ttg.memdesc<128x64xi32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_load' op 'abs' requires floating-point element type (f32)}}
    %0, %1 = ttng.tmem_load %m {redOp = #ttng.redOp<max>, abs = true} : !ttg.memdesc<128x64xi32, #acc, #ttng.tensor_memory> -> tensor<128x64xi32, #rows>, tensor<128xi32, #ttg.slice<{dim = 1, parent = #rows}>>
    tt.return
  }
  tt.func @store_immutable(%t: tensor<128x64xf32, #rows>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tmem_store' op Cannot store into an immutable alloc}}
    ttng.tmem_store %t, %m, %p : tensor<128x64xf32, #rows> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @store_shape(%t: tensor<128x32xf32>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tmem_store' op source shape [128, 32] must match [destination shape 128, 64]}}
    ttng.tmem_store %t, %m, %p : tensor<128x32xf32> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @copy_from_tmem(%s: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>) {
    // expected-error @below {{'ttng.tmem_copy' op The source must be a shared memory buffer}}
    ttng.tmem_copy %s, %m : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>, !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @copy_shape(%s: !ttg.memdesc<128x32xf32, #shared, #smem>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>) {
    // expected-error @below {{'ttng.tmem_copy' op source shape 128, 32 must match destination shape 128, 64}}
    ttng.tmem_copy %s, %m : !ttg.memdesc<128x32xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @copy_immutable(%s: !ttg.memdesc<128x64xf32, #shared, #smem>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_copy' op Cannot copy into an immutable alloc}}
    ttng.tmem_copy %s, %m : !ttg.memdesc<128x64xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @copy_unswizzled(%s: !ttg.memdesc<128x64xf32, #plain, #smem>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>) {
    // expected-error @below {{'ttng.tmem_copy' op Source layout should be swizzled.}}
    ttng.tmem_copy %s, %m : !ttg.memdesc<128x64xf32, #plain, #smem>, !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @copy_block_m(%s: !ttg.memdesc<128x64xf32, #shared, #smem>, %m: !ttg.memdesc<128x64xf32, #acc64, #ttng.tensor_memory, mutable>) {
    // expected-error @below {{'ttng.tmem_copy' op Tmem layout must have blockM=128.}}
    ttng.tmem_copy %s, %m : !ttg.memdesc<128x64xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #acc64, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @subslice_encoding(%m: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_subslice' op The source and result must have the same encoding.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x64xf32, #acc64, #ttng.tensor_memory, 128x128>
    tt.return
  }
  tt.func @subslice_alloc_shape(%m: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_subslice' op The source and result must have the same alloc shape.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @subslice_past_end(%m: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{The split offset may not exceed the source shape}}
    %0 = ttng.tmem_subslice %m {offset = 96 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, 128x128>
    tt.return
  }
  tt.func @subslice_two_dims(%m: !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_subslice' op The result must have the same size as the source in the dimensions that are not being sliced.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, 256x128>
    tt.return
  }
  tt.func @subslice_dim(%m: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{'ttng.tmem_subslice' op The slice dimension must be within the descriptor rank.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32, dim = 2 : i32} : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @subslice_unaligned(%m: !ttg.memdesc<256x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{The split offset may not touch the tile}}
    %0 = ttng.tmem_subslice %m {offset = 16 : i32, dim = 0 : i32} : !ttg.memdesc<256x64xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, 256x64>
    tt.return
  }
}
