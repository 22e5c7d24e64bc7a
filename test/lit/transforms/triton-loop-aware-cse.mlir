// RUN: ttc opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s

// CHECK-LABEL: tt.func @equal_iter_args
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %arg1, %[[B:.*]] = %arg1)
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %arg1
// CHECK-NEXT: scf.yield %[[S]], %[[S]]
// CHECK: arith.muli %[[R]]#0, %[[R]]#0
tt.func @equal_iter_args(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %s = arith.addi %a, %x : i32
    %t = arith.addi %b, %x : i32
    scf.yield %s, %t : i32, i32
  }
  %m = arith.muli %r#0, %r#1 : i32
  tt.return %m : i32
}
