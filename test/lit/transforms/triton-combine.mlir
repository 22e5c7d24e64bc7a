// RUN: ttc opt %s -split-input-file -triton-combine | FileCheck %s

// CHECK-LABEL: tt.func @dot_add
// CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %arg2
// CHECK-NEXT: tt.return %[[D]]
tt.func @dot_add(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %dot, %d : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @addptr_chain
// CHECK: %[[O:.*]] = arith.addi %arg1, %arg2 : tensor<8xi64>
// CHECK-NEXT: %[[P:.*]] = tt.addptr %arg0, %[[O]]
// CHECK-NEXT: tt.return %[[P]]
tt.func @addptr_chain(%p: tensor<8x!tt.ptr<f32>>, %a: tensor<8xi64>, %b: tensor<8xi64>) -> tensor<8x!tt.ptr<f32>> {
  %p1 = tt.addptr %p, %a : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
  %p2 = tt.addptr %p1, %b : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
  tt.return %p2 : tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @addptr_i32_not_combined
// CHECK-COUNT-2: tt.addptr
tt.func @addptr_i32_not_combined(%p: tensor<8x!tt.ptr<f32>>, %a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8x!tt.ptr<f32>> {
  %p1 = tt.addptr %p, %a : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %p2 = tt.addptr %p1, %b : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %p2 : tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @select_masked_load
// CHECK-NEXT: %[[M:.*]] = tt.splat %arg1
// CHECK-NEXT: %[[L:.*]] = tt.load %arg0, %[[M]], %arg2
// CHECK-NEXT: tt.return %[[L]]
tt.func @select_masked_load(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %other: tensor<8xf32>) -> tensor<8xf32> {
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %r = arith.select %c, %l, %other : tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// A sum over K of an outer product is a dot: x (M, K, 1) broadcast to N = 16 columns, y
// (1, K, N) broadcast to M = 64 rows.
// CHECK-LABEL: tt.func @outer_product_sum
// CHECK-SAME: (%[[X:.*]]: tensor<64x8x1xf32>, %[[Y:.*]]: tensor<1x8x16xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x16xf32>
// CHECK-DAG: %[[A:.*]] = tt.reshape %[[X]] : tensor<64x8x1xf32> -> tensor<64x8xf32>
// CHECK-DAG: %[[B:.*]] = tt.reshape %[[Y]] : tensor<1x8x16xf32> -> tensor<8x16xf32>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[ZERO]] : tensor<64x8xf32> * tensor<8x16xf32> -> tensor<64x16xf32>
// CHECK-NEXT: tt.return %[[D]]
tt.func @outer_product_sum(%x: tensor<64x8x1xf32>, %y: tensor<1x8x16xf32>) -> tensor<64x16xf32> {
  %0 = tt.broadcast %x : tensor<64x8x1xf32> -> tensor<64x8x16xf32>
  %1 = tt.broadcast %y : tensor<1x8x16xf32> -> tensor<64x8x16xf32>
  %2 = arith.mulf %0, %1 : tensor<64x8x16xf32>
  %3 = "tt.reduce"(%2) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x8x16xf32>) -> tensor<64x16xf32>
  tt.return %3 : tensor<64x16xf32>
}

// -----

// Fewer than 16 columns (N = 8), a max instead of a sum, or an f64 sum stay reductions.
// CHECK-LABEL: tt.func @outer_products_kept
// CHECK-NOT: tt.dot
tt.func @outer_products_kept(%x: tensor<64x8x1xf32>, %y: tensor<1x8x8xf32>, %u: tensor<16x8x1xf32>, %v: tensor<1x8x16xf32>, %p: tensor<16x8x1xf64>, %q: tensor<1x8x16xf64>) -> (tensor<64x8xf32>, tensor<16x16xf32>, tensor<16x16xf64>) {
  %0 = tt.broadcast %x : tensor<64x8x1xf32> -> tensor<64x8x8xf32>
  %1 = tt.broadcast %y : tensor<1x8x8xf32> -> tensor<64x8x8xf32>
  %2 = arith.mulf %0, %1 : tensor<64x8x8xf32>
  %3 = "tt.reduce"(%2) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x8x8xf32>) -> tensor<64x8xf32>
  %4 = tt.broadcast %u : tensor<16x8x1xf32> -> tensor<16x8x16xf32>
  %5 = tt.broadcast %v : tensor<1x8x16xf32> -> tensor<16x8x16xf32>
  %6 = arith.mulf %4, %5 : tensor<16x8x16xf32>
  %7 = "tt.reduce"(%6) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x8x16xf32>) -> tensor<16x16xf32>
  %8 = tt.broadcast %p : tensor<16x8x1xf64> -> tensor<16x8x16xf64>
  %9 = tt.broadcast %q : tensor<1x8x16xf64> -> tensor<16x8x16xf64>
  %10 = arith.mulf %8, %9 : tensor<16x8x16xf64>
  %11 = "tt.reduce"(%10) <{axis = 1 : i32}> ({
  ^bb0(%a: f64, %b: f64):
    %s = arith.addf %a, %b : f64
    tt.reduce.return %s : f64
  }) : (tensor<16x8x16xf64>) -> tensor<16x16xf64>
  tt.return %3, %7, %11 : tensor<64x8xf32>, tensor<16x16xf32>, tensor<16x16xf64>
}

// -----

// Flattening before a reduction or a histogram may reorder; before a store it may not.
// CHECK-LABEL: tt.func @flatten_for_reductions
// CHECK: tt.reshape %{{.*}} allow_reorder : tensor<4x16xi32> -> tensor<64xi32>
// CHECK: tt.reshape %{{.*}} : tensor<4x16xi32> -> tensor<64xi32>
tt.func @flatten_for_reductions(%x: tensor<4x16xi32>, %y: tensor<4x16xi32>, %p: tensor<64x!tt.ptr<i32>>) -> (i32, tensor<8xi32>) {
  %0 = tt.reshape %x : tensor<4x16xi32> -> tensor<64xi32>
  %1 = "tt.reduce"(%0) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.reduce.return %s : i32
  }) : (tensor<64xi32>) -> i32
  %2 = tt.histogram %0 : tensor<64xi32> -> tensor<8xi32>
  %3 = tt.reshape %y : tensor<4x16xi32> -> tensor<64xi32>
  tt.store %p, %3 : tensor<64x!tt.ptr<i32>>
  tt.return %1, %2 : i32, tensor<8xi32>
}

// -----

// A descriptor load reshaped only to drop leading unit dimensions loads the smaller shape.
// CHECK-LABEL: tt.func @squeezed_descriptor_load
// CHECK: %[[L:.*]] = tt.descriptor_load %{{.*}} -> tensor<32x16xbf16>
// CHECK-NEXT: tt.return %[[L]]
tt.func @squeezed_descriptor_load(%d: !tt.tensordesc<1x1x32x16xbf16>, %i: i32) -> tensor<32x16xbf16> {
  %0 = tt.descriptor_load %d[%i, %i, %i, %i] : !tt.tensordesc<1x1x32x16xbf16> -> tensor<1x1x32x16xbf16>
  %1 = tt.reshape %0 : tensor<1x1x32x16xbf16> -> tensor<32x16xbf16>
  tt.return %1 : tensor<32x16xbf16>
}

// -----

// Alignment hints of the outer addptr survive the combine; other attributes do not.
// CHECK-LABEL: tt.func @addptr_hints
// CHECK: tt.addptr %{{.*}}, %{{.*}} {tt.divisibility = 8 : i32} : !tt.ptr<f16>, i64
tt.func @addptr_hints(%p: !tt.ptr<f16>, %a: i64, %b: i64) -> !tt.ptr<f16> {
  %0 = tt.addptr %p, %a : !tt.ptr<f16>, i64
  %1 = tt.addptr %0, %b {tt.divisibility = 8 : i32, my.note = 1 : i32} : !tt.ptr<f16>, i64
  tt.return %1 : !tt.ptr<f16>
}
