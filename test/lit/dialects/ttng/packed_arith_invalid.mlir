// RUN: ttc opt %s -split-input-file -verify-diagnostics
// ttng.packed_arith gives Triton's diagnostics.

#l = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#h = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @fma_two(%a: tensor<16x32xf32, #l>) {
    // expected-error @below {{'ttng.packed_arith' op fma expects 3 operands but got 2}}
    %0 = ttng.packed_arith fma %a, %a : (tensor<16x32xf32, #l>, tensor<16x32xf32, #l>) -> tensor<16x32xf32, #l>
    tt.return
  }
  tt.func @add_three(%a: tensor<16x32xf32, #l>) {
    // expected-error @below {{'ttng.packed_arith' op add expects 2 operands but got 3}}
    %0 = ttng.packed_arith add %a, %a, %a : (tensor<16x32xf32, #l>, tensor<16x32xf32, #l>, tensor<16x32xf32, #l>) -> tensor<16x32xf32, #l>
    tt.return
  }
  tt.func @f64(%a: tensor<16x32xf64, #l>) {
    // expected-error @below {{'ttng.packed_arith' op operand #0 must be variadic of ranked tensor of packed arithmetic operand element values}}
    %0 = ttng.packed_arith add %a, %a : (tensor<16x32xf64, #l>, tensor<16x32xf64, #l>) -> tensor<16x32xf32, #l>
    tt.return
  }
  tt.func @min_f32(%a: tensor<16x32xf32, #l>) {
    // expected-error @below {{'ttng.packed_arith' op unsupported min signature f32x2 <- (f32x2, f32x2)}}
    %0 = ttng.packed_arith min %a, %a : (tensor<16x32xf32, #l>, tensor<16x32xf32, #l>) -> tensor<16x32xf32, #l>
    tt.return
  }
  tt.func @mixed_halves(%a: tensor<16x32xf16, #l>, %b: tensor<16x32xbf16, #l>) {
    // expected-error @below {{'ttng.packed_arith' op unsupported add signature f16x2 <- (f16x2, bf16x2)}}
    %0 = ttng.packed_arith add %a, %b : (tensor<16x32xf16, #l>, tensor<16x32xbf16, #l>) -> tensor<16x32xf16, #l>
    tt.return
  }
  tt.func @one_per_thread(%a: tensor<16x8xf32, #one>) {
    // expected-error @below {{'ttng.packed_arith' op result layout must provide a multiple of 2 unique elements per thread}}
    %0 = ttng.packed_arith add %a, %a : (tensor<16x8xf32, #one>, tensor<16x8xf32, #one>) -> tensor<16x8xf32, #one>
    tt.return
  }
  tt.func @layouts_differ(%a: tensor<16x32xf32, #l>, %b: tensor<16x32xf32, #t>) {
    // expected-error @below {{'ttng.packed_arith' op operand 1 must have a layout equivalent to the result}}
    %0 = ttng.packed_arith add %a, %b : (tensor<16x32xf32, #l>, tensor<16x32xf32, #t>) -> tensor<16x32xf32, #l>
    tt.return
  }
  tt.func @fp4_not_halved(%q: tensor<16x32xi8, #l>, %c: tensor<16x32xf8E4M3FN, #l>) {
    // expected-error @below {{'ttng.packed_arith' op requires every fp4 operand to have the result shape with the same single dimension halved}}
    %0 = ttng.packed_arith add %q, %c : (tensor<16x32xi8, #l>, tensor<16x32xf8E4M3FN, #l>) -> tensor<16x32xf8E4M3FN, #l>
    tt.return
  }
  tt.func @fp4_layout(%q: tensor<16x16xi8, #l>, %c: tensor<16x32xf8E4M3FN, #l>) {
    // expected-error @below {{'ttng.packed_arith' op fp4 operand 0 must have a layout compatible with the result}}
    %0 = ttng.packed_arith add %q, %c : (tensor<16x16xi8, #l>, tensor<16x32xf8E4M3FN, #l>) -> tensor<16x32xf8E4M3FN, #l>
    tt.return
  }
}
