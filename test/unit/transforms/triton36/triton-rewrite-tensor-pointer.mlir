// Inputs of triton-rewrite-tensor-pointer; Triton 3.6.0's output is in triton-rewrite-tensor-pointer.expected.mlir.
// Two block pointers advanced in a loop and feeding tt.dot: each is carried as two i64 offsets,
// and each load checks both dimensions; the A load pads with zeros.

tt.func @matmul_loop(%a: !tt.ptr<f16>, %m: i64, %k: i64, %sa: i64, %b: !tt.ptr<f16>, %n: i64, %row: i32, %kend: i32) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c1 = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
  %pa = tt.make_tensor_ptr %a, [%m, %k], [%sa, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<32x16xf16>>
  %pb = tt.make_tensor_ptr %b, [%k, %n], [%n, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf16>>
  %r:3 = scf.for %i = %c0 to %kend step %c16 iter_args(%ia = %pa, %ib = %pb, %acc = %zero) -> (!tt.ptr<tensor<32x16xf16>>, !tt.ptr<tensor<16x32xf16>>, tensor<32x32xf32>) : i32 {
    %va = tt.load %ia {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x16xf16>>
    %vb = tt.load %ib {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<16x32xf16>>
    %d = tt.dot %va, %vb, %acc : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
    %na = tt.advance %ia, [%c0, %c16] : <tensor<32x16xf16>>
    %nb = tt.advance %ib, [%c16, %c0] : <tensor<16x32xf16>>
    scf.yield %na, %nb, %d : !tt.ptr<tensor<32x16xf16>>, !tt.ptr<tensor<16x32xf16>>, tensor<32x32xf32>
  }
  tt.return %r#2 : tensor<32x32xf32>
}

// -----
// A check on the second dimension only: the mask compares the column offsets alone; a load
// without boundaryCheck has no mask; NaN padding of bf16.

tt.func @check_dim1(%p: !tt.ptr<bf16>, %rows: i64, %cols: i64) -> (tensor<4x8xbf16>, tensor<4x8xbf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %p, [%rows, %cols], [%cols, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<4x8xbf16>>
  %v = tt.load %bp cacheModifier = cg {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<4x8xbf16>>
  %w = tt.load %bp : !tt.ptr<tensor<4x8xbf16>>
  tt.return %v, %w : tensor<4x8xbf16>, tensor<4x8xbf16>
}

// -----
// A check on the first dimension only of a rank-3 store; ranges are expanded around their own
// dimension.

tt.func @store_rank3_dim0(%p: !tt.ptr<i32>, %n: i64, %v: tensor<2x4x8xi32>, %o: i32) {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %p, [%n, %n, %n], [%n, %n, %c1], [%o, %o, %o] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xi32>>
  tt.store %bp, %v {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<2x4x8xi32>>
  tt.return
}

// -----
// Checks on the first and last dimensions of a rank-3 load: the two masks are and-ed.

tt.func @load_rank3_dims02(%p: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<2x4x8xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %p, [%n, %n, %n], [%n, %n, %c1], [%o, %o, %o] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xf32>>
  %v = tt.load %bp {boundaryCheck = array<i32: 0, 2>} : !tt.ptr<tensor<2x4x8xf32>>
  tt.return %v : tensor<2x4x8xf32>
}

// -----
// A block pointer returned by scf.if is its offsets; the base, shape and strides are those of
// the tt.make_tensor_ptr it comes from.

tt.func @if_yield(%p: !tt.ptr<f32>, %n: i64, %o: i32, %c: i1) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %p, [%n], [%c1], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  %r = scf.if %c -> (!tt.ptr<tensor<16xf32>>) {
    %a = tt.advance %bp, [%o] : <tensor<16xf32>>
    scf.yield %a : !tt.ptr<tensor<16xf32>>
  } else {
    scf.yield %bp : !tt.ptr<tensor<16xf32>>
  }
  %v = tt.load %r {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----
// Loads and stores through tensors of pointers are left alone.

tt.func @plain_pointers(%p: tensor<16x!tt.ptr<f32>>, %m: tensor<16xi1>) {
  %v = tt.load %p, %m : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}
