// RUN: ttc opt %s -split-input-file -cse | FileCheck %s

// CHECK-LABEL: tt.func @pure_duplicates
// CHECK: %[[R:.*]] = tt.make_range
// CHECK-NOT: tt.make_range
// CHECK: tt.expand_dims %[[R]]
// CHECK: scf.for
// CHECK-NOT: tt.expand_dims
tt.func @pure_duplicates(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %b = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %e = tt.expand_dims %a {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %f = tt.expand_dims %b {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    tt.print " x" {hex = false, isSigned = array<i32: 1>} : %f : tensor<1x32xi32>
  }
  tt.print " e" {hex = false, isSigned = array<i32: 1>} : %e : tensor<1x32xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @stores_block_loads
// CHECK-COUNT-2: tt.load
tt.func @stores_block_loads(%p: tensor<8x!tt.ptr<f32>>) {
  %a = tt.load %p : tensor<8x!tt.ptr<f32>>
  tt.store %p, %a : tensor<8x!tt.ptr<f32>>
  %b = tt.load %p : tensor<8x!tt.ptr<f32>>
  tt.store %p, %b : tensor<8x!tt.ptr<f32>>
  tt.return
}
