// RUN: ttc opt %s -split-input-file -triton-rewrite-tensor-pointer | FileCheck %s

// Two block pointers advanced in a loop and feeding tt.dot: each is carried as two i64 offsets,
// and each load checks both dimensions; the A load pads with zeros.

// CHECK-LABEL: tt.func @matmul_loop
// CHECK-NOT: tt.make_tensor_ptr
// CHECK: %[[AM:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[AK:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[BK:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[BN:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[LOOP:.*]]:5 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %[[AM]], %[[A1:.*]] = %[[AK]], %[[B0:.*]] = %[[BK]], %[[B1:.*]] = %[[BN]], %[[ACC:.*]] = %{{.*}}) -> (i64, i64, i64, i64, tensor<32x32xf32>)  : i32 {
// CHECK:   %[[BASE:.*]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
// CHECK:   %[[OFF0:.*]] = tt.splat %[[A0]] : i64 -> tensor<32xi64>
// CHECK:   %[[R0:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK:   %[[W0:.*]] = arith.extsi %[[R0]] : tensor<32xi32> to tensor<32xi64>
// CHECK:   %[[S0:.*]] = arith.addi %[[OFF0]], %[[W0]] : tensor<32xi64>
// CHECK:   %[[E0:.*]] = tt.expand_dims %[[S0]] {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
// CHECK:   %[[ST0:.*]] = tt.splat %arg3 : i64 -> tensor<32x1xi64>
// CHECK:   %[[M0:.*]] = arith.muli %[[E0]], %[[ST0]] : tensor<32x1xi64>
// CHECK:   %[[BC0:.*]] = tt.broadcast %[[M0]] : tensor<32x1xi64> -> tensor<32x16xi64>
// CHECK:   %[[P0:.*]] = tt.addptr %[[BASE]], %[[BC0]] : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
// CHECK:   %[[OFF1:.*]] = tt.splat %[[A1]] : i64 -> tensor<16xi64>
// CHECK:   tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK:   %[[E1:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
// CHECK:   %[[P1:.*]] = tt.addptr %[[P0]], %{{.*}} : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:   %[[LO:.*]] = tt.splat %[[ZERO]] : i64 -> tensor<32x1xi64>
// CHECK:   %[[GE:.*]] = arith.cmpi sge, %[[E0]], %[[LO]] : tensor<32x1xi64>
// CHECK:   %[[HI:.*]] = tt.splat %arg1 : i64 -> tensor<32x1xi64>
// CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[E0]], %[[HI]] : tensor<32x1xi64>
// CHECK:   %[[IN0:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<32x1xi1>
// CHECK:   %[[MASK0:.*]] = tt.broadcast %[[IN0]] : tensor<32x1xi1> -> tensor<32x16xi1>
// CHECK:   arith.cmpi sge, %[[E1]], %{{.*}} : tensor<1x16xi64>
// CHECK:   %[[MASK1:.*]] = tt.broadcast %{{.*}} : tensor<1x16xi1> -> tensor<32x16xi1>
// CHECK:   %[[MASK:.*]] = arith.andi %[[MASK0]], %[[MASK1]] : tensor<32x16xi1>
// CHECK:   %[[PAD:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:   %[[OTHER:.*]] = tt.splat %[[PAD]] : f16 -> tensor<32x16xf16>
// CHECK:   %[[A:.*]] = tt.load %[[P1]], %[[MASK]], %[[OTHER]] : tensor<32x16x!tt.ptr<f16>>
// CHECK:   %[[B:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f16>>
// CHECK:   %[[DOT:.*]] = tt.dot %[[A]], %[[B]], %[[ACC]]
// CHECK:   %[[D0:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[N0:.*]] = arith.addi %[[A0]], %[[D0]] : i64
// CHECK:   %[[N1:.*]] = arith.addi %[[A1]], %{{.*}} : i64
// CHECK:   %[[N2:.*]] = arith.addi %[[B0]], %{{.*}} : i64
// CHECK:   %[[N3:.*]] = arith.addi %[[B1]], %{{.*}} : i64
// CHECK:   scf.yield %[[N0]], %[[N1]], %[[N2]], %[[N3]], %[[DOT]] : i64, i64, i64, i64, tensor<32x32xf32>
// CHECK: }
// CHECK-NOT: tt.advance
// CHECK: tt.return %[[LOOP]]#4
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

// CHECK-LABEL: tt.func @check_dim1
// CHECK: %[[COLS:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK: %[[PTR:.*]] = tt.addptr
// CHECK-NOT: arith.cmpi {{.*}} tensor<4x1xi64>
// CHECK: arith.cmpi sge, %[[COLS]], %{{.*}} : tensor<1x8xi64>
// CHECK: arith.cmpi slt, %[[COLS]], %{{.*}} : tensor<1x8xi64>
// CHECK: %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<1x8xi1> -> tensor<4x8xi1>
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC0 : bf16
// CHECK: %[[OTHER:.*]] = tt.splat %[[NAN]] : bf16 -> tensor<4x8xbf16>
// CHECK: tt.load %[[PTR]], %[[MASK]], %[[OTHER]] cacheModifier = cg : tensor<4x8x!tt.ptr<bf16>>
// CHECK-NOT: arith.cmpi
// CHECK: tt.load %{{.*}} : tensor<4x8x!tt.ptr<bf16>>
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

// CHECK-LABEL: tt.func @store_rank3_dim0
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
// CHECK: %[[D0:.*]] = tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
// CHECK: tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
// CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
// CHECK: %[[PTR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<2x4x8x!tt.ptr<i32>>, tensor<2x4x8xi64>
// CHECK: arith.cmpi sge, %[[D0]], %{{.*}} : tensor<2x1x1xi64>
// CHECK: %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<2x1x1xi1> -> tensor<2x4x8xi1>
// CHECK-NEXT: tt.store %[[PTR]], %arg2, %[[MASK]] : tensor<2x4x8x!tt.ptr<i32>>
tt.func @store_rank3_dim0(%p: !tt.ptr<i32>, %n: i64, %v: tensor<2x4x8xi32>, %o: i32) {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %p, [%n, %n, %n], [%n, %n, %c1], [%o, %o, %o] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xi32>>
  tt.store %bp, %v {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<2x4x8xi32>>
  tt.return
}

// -----

// Checks on the first and last dimensions of a rank-3 load: the two masks are and-ed.

// CHECK-LABEL: tt.func @load_rank3_dims02
// CHECK: %[[D0:.*]] = tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK: %[[D2:.*]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
// CHECK: arith.cmpi slt, %[[D0]], %{{.*}} : tensor<2x1x1xi64>
// CHECK: %[[M0:.*]] = tt.broadcast %{{.*}} : tensor<2x1x1xi1> -> tensor<2x4x8xi1>
// CHECK-NOT: tensor<1x4x1xi1>
// CHECK: arith.cmpi slt, %[[D2]], %{{.*}} : tensor<1x1x8xi64>
// CHECK: %[[M2:.*]] = tt.broadcast %{{.*}} : tensor<1x1x8xi1> -> tensor<2x4x8xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[M0]], %[[M2]] : tensor<2x4x8xi1>
// CHECK: tt.load %{{.*}}, %[[MASK]] : tensor<2x4x8x!tt.ptr<f32>>
tt.func @load_rank3_dims02(%p: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<2x4x8xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %p, [%n, %n, %n], [%n, %n, %c1], [%o, %o, %o] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xf32>>
  %v = tt.load %bp {boundaryCheck = array<i32: 0, 2>} : !tt.ptr<tensor<2x4x8xf32>>
  tt.return %v : tensor<2x4x8xf32>
}

// -----

// A block pointer returned by scf.if is its offsets; the base, shape and strides are those of
// the tt.make_tensor_ptr it comes from.

// CHECK-LABEL: tt.func @if_yield
// CHECK: %[[OFF:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK: %[[IF:.*]] = scf.if %arg3 -> (i64) {
// CHECK:   %[[STEP:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK:   %[[MOVED:.*]] = arith.addi %[[OFF]], %[[STEP]] : i64
// CHECK:   scf.yield %[[MOVED]] : i64
// CHECK: } else {
// CHECK:   scf.yield %[[OFF]] : i64
// CHECK: }
// CHECK: tt.splat %[[IF]] : i64 -> tensor<16xi64>
// CHECK: tt.splat %arg1 : i64 -> tensor<16xi64>
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
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

// A block pointer carried by scf.while (Triton stops there; ttc carries its offset as scf.for).

// CHECK-LABEL: tt.func @while_loop
// CHECK: %[[INIT:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK: %[[W:.*]]:2 = scf.while (%[[X:.*]] = %[[INIT]], %[[I:.*]] = %arg2) : (i64, i32) -> (i64, i32) {
// CHECK:   scf.condition(%{{.*}}) %[[X]], %[[I]] : i64, i32
// CHECK: } do {
// CHECK: ^bb0(%[[Y:.*]]: i64, %[[J:.*]]: i32):
// CHECK:   tt.splat %[[Y]] : i64 -> tensor<16xi64>
// CHECK:   tt.store
// CHECK:   %[[NEXT:.*]] = arith.addi %[[Y]], %{{.*}} : i64
// CHECK:   scf.yield %[[NEXT]], %{{.*}} : i64, i32
// CHECK: }
// CHECK: tt.splat %[[W]]#0 : i64 -> tensor<16xi64>
tt.func @while_loop(%p: !tt.ptr<f32>, %n: i64, %o: i32, %v: tensor<16xf32>) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %c16 = arith.constant 16 : i32
  %bp = tt.make_tensor_ptr %p, [%n], [%c1], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  %w:2 = scf.while (%x = %bp, %i = %o) : (!tt.ptr<tensor<16xf32>>, i32) -> (!tt.ptr<tensor<16xf32>>, i32) {
    %go = arith.cmpi slt, %i, %c16 : i32
    scf.condition(%go) %x, %i : !tt.ptr<tensor<16xf32>>, i32
  } do {
  ^bb0(%y: !tt.ptr<tensor<16xf32>>, %j: i32):
    tt.store %y, %v {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16xf32>>
    %next = tt.advance %y, [%c16] : <tensor<16xf32>>
    %j1 = arith.addi %j, %c16 : i32
    scf.yield %next, %j1 : !tt.ptr<tensor<16xf32>>, i32
  }
  %r = tt.load %w#0 : !tt.ptr<tensor<16xf32>>
  tt.return %r : tensor<16xf32>
}

// -----

// Loads and stores through tensors of pointers are left alone.

// CHECK-LABEL: tt.func @plain_pointers
// CHECK-NEXT: %[[V:.*]] = tt.load %arg0, %arg1 : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg0, %[[V]] : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @plain_pointers(%p: tensor<16x!tt.ptr<f32>>, %m: tensor<16xi1>) {
  %v = tt.load %p, %m : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}
