// RUN: ttc opt %s -split-input-file -verify-diagnostics
// tt.dot_scaled counts packed fp4 (e2m1) elements twice along K (or along M/N when not packed
// along K), and deduces how many K elements share one scale from the scales' shapes.

tt.func @fp4_k_mismatch(%a: tensor<64x64xi8>, %b: tensor<64x32xf8E5M2>, %c: tensor<64x32xf32>) {
  // 64 bytes of e2m1 are 128 K elements: too many for the 64 rows of B.
  // expected-error @+1 {{'tt.dot_scaled' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e5m2 {fastMath = false} : tensor<64x64xi8> * tensor<64x32xf8E5M2> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @fp4_k_packed(%a: tensor<64x32xi8>, %sa: tensor<64x2xi8>, %b: tensor<64x32xf8E5M2>, %c: tensor<64x32xf32>) {
  %0 = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = e5m2 {fastMath = false} : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x32xf8E5M2> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @scale_factor(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<32x8xi8>, %b: tensor<64x32xf8E4M3FN>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op scale factor must be 16 or 32. Got 8}}
  %0 = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<32x8xi8> * tensor<64x32xf8E4M3FN> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @scale_factors_differ(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<32x4xi8>, %b: tensor<64x32xf8E4M3FN>, %sb: tensor<32x2xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op Operands must have the same scale factor; (lhs: 16 vs rhs: 32)}}
  %0 = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<32x4xi8> * tensor<64x32xf8E4M3FN>, tensor<32x2xi8> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @scale_rows(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<16x2xi8>, %b: tensor<64x32xf8E4M3FN>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op scales M dimension must match the operand M dimension}}
  %0 = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<32x64xf8E4M3FN>, tensor<16x2xi8> * tensor<64x32xf8E4M3FN> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<2x2x16x16xf16>, %b: tensor<2x2x16x16xf16>, %c: tensor<2x2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op expected operands to be 2d or 3d}}
  %0 = tt.dot %a, %b, %c : tensor<2x2x16x16xf16> * tensor<2x2x16x16xf16> -> tensor<2x2x16x16xf32>
  tt.return
}
