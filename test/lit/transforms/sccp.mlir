// RUN: ttc opt %s -split-input-file -sccp | FileCheck %s

// Every value known constant is replaced by a constant created at the top of the function;
// walking in order and inserting each new constant first reverses their order. Unused folded
// values still get their constant, and the ops left dead are erased.
// CHECK-LABEL: tt.func @fold_chain
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[C10:.*]] = arith.constant 10 : i32
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[Y:.*]] = arith.addi %arg0, %[[C10]] : i32
// CHECK-NEXT: tt.return %[[C10]], %[[Y]] : i32, i32
tt.func @fold_chain(%x: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a = arith.addi %c2, %c3 : i32
  %b = arith.muli %a, %c2 : i32
  %unused = arith.subi %b, %c3 : i32
  %y = arith.addi %x, %b : i32
  tt.return %b, %y : i32, i32
}

// -----

// Only the taken side of an `scf.if` on a constant is executable; the if is erased once its
// result is replaced.
// CHECK-LABEL: tt.func @if_constant_condition
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: tt.return %[[C1]] : i32
tt.func @if_constant_condition(%x: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %r = scf.if %true -> (i32) {
    scf.yield %c1 : i32
  } else {
    scf.yield %x : i32
  }
  tt.return %r : i32
}

// -----

// With an unknown condition, a result is constant only when both sides yield the same constant.
// CHECK-LABEL: tt.func @if_unknown_condition
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[R:.*]]:2 = scf.if %arg0
// CHECK: tt.return %[[C1]], %[[R]]#1 : i32, i32
tt.func @if_unknown_condition(%c: i1) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.if %c -> (i32, i32) {
    scf.yield %c1, %c1 : i32, i32
  } else {
    scf.yield %c1, %c2 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// A loop-carried value that stays at its initial constant is replaced inside and after the
// loop; one that changes is not; the induction variable is never constant.
// CHECK-LABEL: tt.func @loop_carried
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]]:2 = scf.for %[[I:.*]] = %[[C0]] to %arg0 step %[[C1]] iter_args(%{{.*}} = %[[C1]], %[[SUM:.*]] = %[[C0]])
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[SUM]], %[[C1]] : i32
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[S]], %[[I]] : i32
// CHECK-NEXT: scf.yield %[[C1]], %[[T]] : i32, i32
// CHECK: tt.return %[[C1]], %[[R]]#1 : i32, i32
tt.func @loop_carried(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%same = %c1, %sum = %c0) -> (i32, i32) : i32 {
    %s = arith.addi %sum, %same : i32
    %t = arith.addi %s, %i : i32
    %same2 = arith.muli %same, %c1 : i32
    scf.yield %same2, %t : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// `scf.condition` on false never enters the `after` region: the results are the inits.
// CHECK-LABEL: tt.func @while_false
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: arith.constant false
// CHECK-NEXT: tt.return %[[C7]] : i32
tt.func @while_false(%x: i32) -> i32 {
  %false = arith.constant false
  %c7 = arith.constant 7 : i32
  %r = scf.while (%a = %c7) : (i32) -> i32 {
    scf.condition(%false) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %x : i32
    scf.yield %n : i32
  }
  tt.return %r : i32
}

// -----

// A branch on a constant takes one edge: the join block's argument only sees that edge, and
// the dead block's argument is left alone.
// CHECK-LABEL: tt.func @branches
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK-NEXT: cf.br ^bb3(%[[C4]] : i32)
// CHECK: ^bb2(%[[B:.*]]: i32):
// CHECK-NEXT: cf.br ^bb3(%[[B]] : i32)
// CHECK: ^bb3(%{{.*}}: i32):
// CHECK-NEXT: tt.return %[[C4]] : i32
tt.func @branches(%x: i32) -> i32 {
  %true = arith.constant true
  %c4 = arith.constant 4 : i32
  cf.cond_br %true, ^bb1(%c4 : i32), ^bb2(%x : i32)
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2(%b: i32):
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  tt.return %r : i32
}

// -----

// Constants flow into a private callee from all its live call sites and back out of it; a
// public function's arguments are unknown; a private function nobody calls is not executable.
// CHECK-LABEL: tt.func public @caller
// CHECK-NEXT: %[[C12:.*]] = arith.constant 12 : i32
// CHECK-NEXT: arith.constant 6 : i32
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: tt.call @callee(%[[C5]])
// CHECK-NEXT: tt.call @callee(%[[C5]])
// CHECK-NEXT: tt.return %[[C12]] : i32
// CHECK-LABEL: tt.func private @callee
// CHECK-NEXT: arith.constant 5 : i32
// CHECK-NEXT: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: tt.return %[[C6]] : i32
// CHECK-LABEL: tt.func public @public_callee
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: arith.addi %arg0, %[[C1]]
// CHECK-LABEL: tt.func private @never_called
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: arith.addi
module {
  tt.func public @caller(%x: i32) -> i32 {
    %c5 = arith.constant 5 : i32
    %r = tt.call @callee(%c5) : (i32) -> i32
    %s = tt.call @callee(%c5) : (i32) -> i32
    %t = arith.addi %r, %s : i32
    tt.return %t : i32
  }
  tt.func private @callee(%v: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %w = arith.addi %v, %c1 : i32
    tt.return %w : i32
  }
  tt.func public @public_callee(%v: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %w = arith.addi %v, %c1 : i32
    tt.return %w : i32
  }
  tt.func private @never_called() -> i32 {
    %c2 = arith.constant 2 : i32
    %w = arith.addi %c2, %c2 : i32
    tt.return %w : i32
  }
}

// -----

// Triton's folders take part: splats and one-element ranges of constants are dense constants.
// CHECK-LABEL: tt.func @triton_ops
// CHECK-NEXT: %[[P:.*]] = arith.constant dense<0> : tensor<4xi64>
// CHECK-NEXT: %[[R:.*]] = arith.constant dense<5> : tensor<1xi32>
// CHECK-NEXT: %[[S:.*]] = arith.constant dense<3> : tensor<4xi32>
// CHECK-NEXT: arith.constant 0 : i64
// CHECK-NEXT: arith.constant 3 : i32
// CHECK-NEXT: %[[NULL:.*]] = tt.int_to_ptr %[[P]]
// CHECK-NEXT: tt.return %[[S]], %[[R]], %[[NULL]]
tt.func @triton_ops() -> (tensor<4xi32>, tensor<1xi32>, tensor<4x!tt.ptr<f32>>) {
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i64
  %s = tt.splat %c3 : i32 -> tensor<4xi32>
  %r = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  %z = tt.splat %c0 : i64 -> tensor<4xi64>
  %null = tt.int_to_ptr %z : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  tt.return %s, %r, %null : tensor<4xi32>, tensor<1xi32>, tensor<4x!tt.ptr<f32>>
}
