// RUN: ttc opt %s -split-input-file -triton-licm | FileCheck %s

// CHECK-LABEL: tt.func @hoist_pure_ops
// CHECK: %[[M:.*]] = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT: scf.for
tt.func @hoist_pure_ops(%n: i32, %s: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %m = arith.muli %s, %s : i32
    %b = arith.addi %a, %m : i32
    scf.yield %b : i32
  }
  tt.return %r : i32
}

// -----

// CHECK-LABEL: tt.func @keep_iv_dependent
// CHECK: scf.for
// CHECK-NEXT: arith.muli %arg2
tt.func @keep_iv_dependent(%n: i32, %s: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %m = arith.muli %i, %s : i32
    %b = arith.addi %a, %m : i32
    scf.yield %b : i32
  }
  tt.return %r : i32
}

// -----

// CHECK-LABEL: tt.func @hoist_load_from_read_only_loop
// CHECK: %[[C:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
// CHECK-NEXT: %[[S:.*]] = tt.splat %[[C]] : i1 -> tensor<8xi1>
// CHECK-NEXT: %[[M:.*]] = arith.andi %[[S]], %arg1 : tensor<8xi1>
// CHECK-NEXT: %[[L:.*]] = tt.load %arg0, %[[M]] : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addf %{{.*}}, %[[L]]
tt.func @hoist_load_from_read_only_loop(%p: tensor<8x!tt.ptr<f32>>, %m: tensor<8xi1>, %lb: i32, %ub: i32) -> tensor<8xf32> {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<8xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<8xf32>) : i32 {
    %l = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
    %s = arith.addf %acc, %l : tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  tt.return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @keep_load_in_writing_loop
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.store
tt.func @keep_load_in_writing_loop(%p: tensor<8x!tt.ptr<f32>>, %q: tensor<8x!tt.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %l = tt.load %p : tensor<8x!tt.ptr<f32>>
    tt.store %q, %l : tensor<8x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// CHECK-LABEL: tt.func @keep_volatile_load
// CHECK: scf.for
// CHECK-NEXT: tt.load %arg0 {isVolatile = true}
tt.func @keep_volatile_load(%p: tensor<8x!tt.ptr<f32>>, %n: i32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8xf32>) : i32 {
    %l = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
    %s = arith.addf %acc, %l : tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  tt.return %r : tensor<8xf32>
}
