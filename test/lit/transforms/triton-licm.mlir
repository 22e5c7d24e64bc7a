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
