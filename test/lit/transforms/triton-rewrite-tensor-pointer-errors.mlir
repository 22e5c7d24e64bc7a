// RUN: ttc opt %s -split-input-file -triton-rewrite-tensor-pointer -verify-diagnostics

// A block pointer that no tt.make_tensor_ptr in the function made.
tt.func @argument(%bp: !tt.ptr<tensor<16xf32>>) -> tensor<16xf32> {
  // expected-error @+1 {{cannot find where this block pointer was made (tt.make_tensor_ptr) to rewrite it}}
  %v = tt.load %bp : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

tt.func @returned(%p: !tt.ptr<f32>, %n: i64, %o: i32) -> !tt.ptr<tensor<16xf32>> {
  %bp = tt.make_tensor_ptr %p, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{'tt.return' uses a block pointer, which triton-rewrite-tensor-pointer cannot rewrite there}}
  tt.return %bp : !tt.ptr<tensor<16xf32>>
}

// -----

tt.func @integer_nan(%p: !tt.ptr<i32>, %n: i64, %o: i32) -> tensor<16xi32> {
  %bp = tt.make_tensor_ptr %p, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<16xi32>>
  // expected-error @+1 {{padding_option 'nan' needs a floating-point block, not i32}}
  %v = tt.load %bp {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<16xi32>>
  tt.return %v : tensor<16xi32>
}

// -----

tt.func @check_out_of_range(%p: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<16xf32> {
  %bp = tt.make_tensor_ptr %p, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{boundary check on dimension 1 of a rank-1 block}}
  %v = tt.load %bp {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

tt.func @branch(%p: !tt.ptr<f32>, %n: i64, %o: i32) {
  %bp = tt.make_tensor_ptr %p, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{block pointers cannot be rewritten through 'cf.br'; only scf.for, scf.while and scf.if carry them}}
  cf.br ^bb1(%bp : !tt.ptr<tensor<16xf32>>)
^bb1(%q: !tt.ptr<tensor<16xf32>>):
  tt.return
}
