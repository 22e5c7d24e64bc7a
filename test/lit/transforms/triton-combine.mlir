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
