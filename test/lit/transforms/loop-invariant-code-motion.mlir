// RUN: ttc opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s

// CHECK-LABEL: tt.func @hoist_pure
// CHECK: %[[M:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: %[[S:.*]] = tt.splat %[[M]]
// CHECK-NEXT: scf.for
// CHECK-NEXT: tt.addptr %{{.*}}, %[[S]]
tt.func @hoist_pure(%n: i32, %s: i32, %p: tensor<8x!tt.ptr<f32>>) -> tensor<8x!tt.ptr<f32>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<8x!tt.ptr<f32>>) : i32 {
    %m = arith.muli %s, %s : i32
    %o = tt.splat %m : i32 -> tensor<8xi32>
    %q2 = tt.addptr %q, %o : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    scf.yield %q2 : tensor<8x!tt.ptr<f32>>
  }
  tt.return %r : tensor<8x!tt.ptr<f32>>
}
