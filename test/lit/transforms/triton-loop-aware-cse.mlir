// RUN: ttc opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s

// Two iter_args with one init and the same update are one; the loop keeps the first.
// CHECK-LABEL: tt.func @equal_iter_args
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %arg1) -> (i32)
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %arg1
// CHECK-NEXT: scf.yield %[[S]] : i32
// CHECK: arith.muli %[[R]], %[[R]]
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

// -----

// A ring-buffer slot and its phase, kept twice: each phase is equal to the other only if the
// slots are, and the slots are (same init, same wrap-around update), so both pairs merge.
// CHECK-LABEL: tt.func @slot_and_phase
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[SLOT:.*]] = %c0_i32, %[[PHASE:.*]] = %c0_i32) -> (i32, i32)
// CHECK-COUNT-1: arith.select %{{.*}}, %c0_i32
// CHECK-COUNT-1: arith.select %{{.*}}, %{{.*}}, %[[PHASE]]
// CHECK-NOT: arith.select
// CHECK: scf.yield
// CHECK: tt.return %[[R]]#1, %[[R]]#1
tt.func @slot_and_phase(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%s0 = %c0, %p0 = %c0, %s1 = %c0, %p1 = %c0) -> (i32, i32, i32, i32) : i32 {
    %n0 = arith.addi %s0, %c1 : i32
    %w0 = arith.cmpi eq, %n0, %c3 : i32
    %f0 = arith.xori %p0, %c1 : i32
    %t0 = arith.select %w0, %c0, %n0 : i32
    %q0 = arith.select %w0, %f0, %p0 : i32
    %n1 = arith.addi %s1, %c1 : i32
    %w1 = arith.cmpi eq, %n1, %c3 : i32
    %f1 = arith.xori %p1, %c1 : i32
    %t1 = arith.select %w1, %c0, %n1 : i32
    %q1 = arith.select %w1, %f1, %p1 : i32
    scf.yield %t0, %q0, %t1, %q1 : i32, i32, i32, i32
  }
  tt.return %r#1, %r#3 : i32, i32
}

// -----

// Different inits, or an update through the induction variable, keep the iter_args apart.
// CHECK-LABEL: tt.func @unequal_iter_args
// CHECK: scf.for {{.*}} -> (i32, i32, i32, i32)
tt.func @unequal_iter_args(%n: i32, %x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %x, %d = %x) -> (i32, i32, i32, i32) : i32 {
    %s = arith.addi %a, %c1 : i32
    %t = arith.addi %b, %c1 : i32
    %u = arith.addi %c, %i : i32
    %v = arith.addi %d, %c1 : i32
    %w = arith.addi %v, %c1 : i32
    scf.yield %s, %t, %u, %w : i32, i32, i32, i32
  }
  tt.return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}
