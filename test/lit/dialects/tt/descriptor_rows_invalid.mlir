// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Tensor-descriptor row gathers, scatters and reductions give Triton's diagnostics.

tt.func @block_of_two_rows(%d: !tt.tensordesc<tensor<2x64xf16>>, %rows: tensor<32xi32>, %col: i32) {
  // expected-error @below {{descriptor block must have exactly 1 row, but got 'tensor<2x64xf16>'}}
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<2x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.return
}

tt.func @four_rows(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<4xi32>, %col: i32) {
  // expected-error @below {{must have at least 8 rows, but got 4}}
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<4xi32>, i32) -> tensor<4x64xf16>
  tt.return
}

tt.func @narrow_rows(%d: !tt.tensordesc<tensor<1x8xf16>>, %rows: tensor<32xi32>, %col: i32) {
  // expected-error @below {{must have at least 16 columns for 'f16', but got 8}}
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x8xf16>>, tensor<32xi32>, i32) -> tensor<32x8xf16>
  tt.return
}

tt.func @scatter_fewer_rows(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<32xi32>, %col: i32, %t: tensor<16x64xf16>) {
  // expected-error @below {{result tensor must have as many rows as indices (32), but got 'tensor<16x64xf16>'}}
  tt.descriptor_scatter %d[%rows, %col], %t : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<16x64xf16>
  tt.return
}

tt.func @reduce_other_element(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32, %t: tensor<16x16xf16>) {
  // expected-error @below {{descriptor block and tensor element types must match, but got descriptor element type 'f32' and tensor element type 'f16'}}
  tt.descriptor_reduce max, %d[%i, %i], %t : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf16>
  tt.return
}

tt.func @reduce_fewer_elements(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32, %t: tensor<16x8xf32>) {
  // expected-error @below {{descriptor block and tensor must have the same number of elements, but got descriptor block with 256 elements tensor with 128 elements}}
  tt.descriptor_reduce add, %d[%i, %i], %t : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x8xf32>
  tt.return
}
