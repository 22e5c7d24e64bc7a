// RUN: ttc opt %s -split-input-file -verify-diagnostics

tt.func @rank_mismatch(%base: !tt.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op expected 2 shape operands for a rank-2 block, got 1}}
  %p = tt.make_tensor_ptr %base, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @groups_differ(%base: !tt.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{shape, strides and offsets must have the same number of operands}}
  %p = tt.make_tensor_ptr %base, [%n, %n], [%n], [%o, %o] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @scalar_result(%base: !tt.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{expected a pointer to a tensor, got !tt.ptr<f32>}}
  %p = tt.make_tensor_ptr %base, [%n], [%n], [%o] {order = array<i32: 0>} : <f32>
  tt.return
}

// -----

tt.func @advance_rank(%base: !tt.ptr<f32>, %n: i64, %o: i32) {
  %p = tt.make_tensor_ptr %base, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<8xf32>>
  // expected-error @+1 {{'tt.advance' op expected 1 offsets for a rank-1 block, got 2}}
  %q = tt.advance %p, [%o, %o] : <tensor<8xf32>>
  tt.return
}

// -----

tt.func @advance_scalar(%base: !tt.ptr<f32>, %o: i32) {
  // expected-error @+1 {{'tt.advance' op operand #0 must be ptr, but got '!tt.ptr<f32>'}}
  %q = tt.advance %base, [%o] : <f32>
  tt.return
}
