// RUN: ttc opt %s -split-input-file --convert-scf-to-cf | FileCheck %s

// CHECK-LABEL: tt.func @for_loop
// CHECK: cf.br ^bb1(%arg0, %arg3 : i32, f32)
// CHECK: ^bb1(%[[IV:.*]]: i32, %[[ACC:.*]]: f32):
// CHECK: %[[C:.*]] = arith.cmpi slt, %[[IV]], %arg1 : i32
// CHECK: cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK: ^bb2:
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %arg3 : f32
// CHECK: %[[STEP:.*]] = arith.addi %[[IV]], %arg2 : i32
// CHECK: cf.br ^bb1(%[[STEP]], %[[NEXT]] : i32, f32)
// CHECK: ^bb3:
// CHECK: tt.return %[[ACC]] : f32
tt.func @for_loop(%lb: i32, %ub: i32, %step: i32, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %x) -> (f32) : i32 {
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  tt.return %r : f32
}

// -----

// CHECK-LABEL: tt.func @unsigned_loop
// CHECK: arith.cmpi ult
tt.func @unsigned_loop(%ub: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for unsigned %i = %c0 to %ub step %c1 : i32 {
  }
  tt.return
}

// -----

// CHECK-LABEL: tt.func @if_else
// CHECK: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: %[[A:.*]] = arith.addi %arg1, %arg1 : i32
// CHECK: cf.br ^bb3(%[[A]] : i32)
// CHECK: ^bb2:
// CHECK: cf.br ^bb3(%arg1 : i32)
// CHECK: ^bb3(%[[R:.*]]: i32):
// CHECK: tt.return %[[R]] : i32
tt.func @if_else(%c: i1, %x: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  tt.return %r : i32
}

// -----

// CHECK-LABEL: tt.func @if_only
// CHECK: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: tt.store
// CHECK: cf.br ^bb2
// CHECK: ^bb2:
// CHECK: tt.return
tt.func @if_only(%c: i1, %p: !tt.ptr<f32>, %v: f32) {
  scf.if %c {
    tt.store %p, %v : !tt.ptr<f32>
  }
  tt.return
}

// -----

// CHECK-LABEL: tt.func @while_loop
// CHECK: cf.br ^bb1(%arg0 : i32)
// CHECK: ^bb1(%[[X:.*]]: i32):
// CHECK: %[[C:.*]] = arith.cmpi slt, %[[X]], %arg1 : i32
// CHECK: cf.cond_br %[[C]], ^bb2(%[[X]] : i32), ^bb3(%[[X]] : i32)
// CHECK: ^bb2(%[[Y:.*]]: i32):
// CHECK: %[[Z:.*]] = arith.addi %[[Y]], %[[Y]] : i32
// CHECK: cf.br ^bb1(%[[Z]] : i32)
// CHECK: ^bb3(%[[R:.*]]: i32):
// CHECK: tt.return %[[R]] : i32
tt.func @while_loop(%init: i32, %n: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %n : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.addi %y, %y : i32
    scf.yield %z : i32
  }
  tt.return %r : i32
}

// -----

// Nested loops: the outer loop's blocks come first, the inner loop is lowered inside its body.
// CHECK-LABEL: tt.func @nested
// CHECK: cf.br ^bb1
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK: cf.cond_br %{{.*}}, ^bb2, ^bb6
// CHECK: ^bb2:
// CHECK: cf.br ^bb3
// CHECK: ^bb3(%{{.*}}: i32):
// CHECK: cf.cond_br %{{.*}}, ^bb4, ^bb5
// CHECK: ^bb5:
// CHECK: cf.br ^bb1
// CHECK: ^bb6:
// CHECK-NOT: scf.
tt.func @nested(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
    }
  }
  tt.return
}

// -----

// A loop's llvm.loop_annotation moves to the conditional branch that tests for its exit (MLIR's
// SCFToControlFlow), for scf.for and scf.while alike.
// CHECK-LABEL: tt.func @annotated_loops
// CHECK: cf.cond_br %{{.*}}, ^bb2, ^bb3 {llvm.loop_annotation = #[[ANNOTATION:.*]]}
// CHECK: cf.cond_br %{{.*}}, ^bb{{.*}} {llvm.loop_annotation = #[[ANNOTATION]]}
#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
tt.func @annotated_loops(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.print " i: " {hex = false, isSigned = array<i32: 1>} : %i : i32
  } {llvm.loop_annotation = #loop_annotation}
  %r = scf.while (%j = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %j, %n : i32
    scf.condition(%more) %j : i32
  } do {
  ^bb0(%k: i32):
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  } attributes {llvm.loop_annotation = #loop_annotation}
  tt.return
}
