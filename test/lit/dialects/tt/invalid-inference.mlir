// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Ops whose result types Triton infers (InferTypeOpInterface): a result that differs from the
// inferred one is reported with the inferred types, then "failed to infer returned types";
// an inference that fails reports its own error first.

tt.func @split_odd(%x: tensor<4x8xf16>) {
  // expected-error @+2 {{last dimension of input tensor must be 2}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %a, %b = tt.split %x : tensor<4x8xf16> -> tensor<4x4xf16>
  tt.return
}

// -----

tt.func @split_element(%x: tensor<8x2xi16>) {
  // expected-error @+2 {{'tt.split' op inferred type(s) 'tensor<8xi16>', 'tensor<8xi16>' are incompatible with return type(s) of operation 'tensor<8xi32>', 'tensor<8xi32>'}}
  // expected-error @+1 {{'tt.split' op failed to infer returned types}}
  %a, %b = tt.split %x : tensor<8x2xi16> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @reduce_shapes(%x: tensor<4x8xf32>, %y: tensor<8x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  tt.return
}

// -----

tt.func @reduce_result(%x: tensor<4x8xf32>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{'tt.reduce' op failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1x2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The halves of a thread's pair stay in that thread, one element each; the inverse joins.
  tt.func @split_and_join(%x: tensor<128x2xf32, #b2>) {
    %a, %b = tt.split %x : tensor<128x2xf32, #b2> -> tensor<128xf32, #b1>
    %0 = tt.join %a, %b : tensor<128xf32, #b1> -> tensor<128x2xf32, #b2>
    tt.return
  }
}

// -----

#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1x2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_wrong_layout(%x: tensor<128x2xf32, #b2>) {
    // expected-error @+2 {{'tt.split' op inferred type(s)}}
    // expected-error @+1 {{'tt.split' op failed to infer returned types}}
    %a, %b = tt.split %x : tensor<128x2xf32, #b2> -> tensor<128xf32, #b1x2>
    tt.return
  }
}

// -----

#b2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1x2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @join_wrong_layout(%x: tensor<128xf32, #b1x2>) {
    // expected-error @+1 {{'tt.join' op incompatible join layout}}
    %0 = tt.join %x, %x : tensor<128xf32, #b1x2> -> tensor<128x2xf32, #b2>
    tt.return
  }
}

// -----

#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_layouts(%x: tensor<32x64xf16, #row>) {
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #row> -> tensor<64x32xf16, #col>
    tt.return
  }
}

// -----

#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_kept_layout(%x: tensor<32x64xf16, #row>) {
    // expected-error @+2 {{'tt.trans' op inferred type(s)}}
    // expected-error @+1 {{'tt.trans' op failed to infer returned types}}
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #row> -> tensor<64x32xf16, #row>
    tt.return
  }
}

// -----

#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row3 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @expand_unsliced(%x: tensor<32x64xf16, #row>) {
    // expected-error @+3 {{ExpandDimsOp operand encoding must be SliceEncodingAttr}}
    // expected-error @+2 {{failed to infer layout for ExpandDimsOp}}
    // expected-error @+1 {{'tt.expand_dims' op failed to infer returned types}}
    %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<32x64xf16, #row> -> tensor<1x32x64xf16, #row3>
    tt.return
  }
}

// -----

tt.func @unsplat_type(%x: tensor<1x1xf16>) {
  // expected-error @+2 {{'tt.unsplat' op inferred type(s) 'f16' are incompatible with return type(s) of operation 'f32'}}
  // expected-error @+1 {{'tt.unsplat' op failed to infer returned types}}
  %0 = "tt.unsplat"(%x) : (tensor<1x1xf16>) -> f32
  tt.return
}
