// RUN: ttc opt %s -split-input-file -inline | FileCheck %s

// CHECK-LABEL: tt.func public @kernel
// CHECK-NOT: tt.call
// CHECK: %[[C:.*]] = arith.constant 63 : i32
// CHECK: arith.addi %arg0, %[[C]] : i32
// CHECK: arith.divsi
// CHECK-NOT: @cdiv
tt.func public @kernel(%x: i32) -> i32 {
  %r = tt.call @cdiv(%x) : (i32) -> i32
  tt.return %r : i32
}
tt.func private @cdiv(%x: i32) -> i32 attributes {noinline = false} {
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %a = arith.addi %x, %c63 : i32
  %b = arith.divsi %a, %c64 : i32
  tt.return %b : i32
}

// -----

// CHECK-LABEL: tt.func public @keeps_noinline
// CHECK: tt.call @helper
// CHECK: tt.func private @helper
tt.func public @keeps_noinline(%x: i32) -> i32 {
  %r = tt.call @helper(%x) : (i32) -> i32
  tt.return %r : i32
}
tt.func private @helper(%x: i32) -> i32 attributes {noinline = true} {
  tt.return %x : i32
}

// -----

// A callee that returns its argument: the call's result is the call's operand.
// CHECK-LABEL: tt.func public @returns_argument
// CHECK-NEXT: %[[S:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: tt.return %[[S]] : i32
// CHECK-NOT: @identity
tt.func public @returns_argument(%a: i32, %b: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  %r = tt.call @identity(%p) : (i32) -> i32
  tt.return %r : i32
}
tt.func private @identity(%x: i32) -> i32 {
  tt.return %x : i32
}

// -----

// A callee whose body folds to its argument (x + 0) once canonicalized.
// CHECK-LABEL: tt.func public @returns_folded_argument
// CHECK-NEXT: tt.store %arg0, %arg1 : !tt.ptr<i32>
// CHECK-NEXT: tt.return
// CHECK-NOT: @add_zero
tt.func public @returns_folded_argument(%p: !tt.ptr<i32>, %x: i32) {
  %r = tt.call @add_zero(%x) : (i32) -> i32
  tt.store %p, %r : !tt.ptr<i32>
  tt.return
}
tt.func private @add_zero(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  tt.return %0 : i32
}

// -----

// Several results: an argument, a value folded to the other argument, a computed value and a
// constant, each mapped into the caller; the same callee inlined twice with swapped operands.
// CHECK-LABEL: tt.func public @several_results
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[S0:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-DAG: %[[S1:.*]] = arith.addi %arg1, %arg0 : i32
// CHECK: tt.return %arg0, %arg1, %[[S0]], %arg1, %arg0, %[[S1]], %[[C7]] : i32, i32, i32, i32, i32, i32, i32
// CHECK-NOT: @four
tt.func public @several_results(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %r:4 = tt.call @four(%a, %b) : (i32, i32) -> (i32, i32, i32, i32)
  %s:4 = tt.call @four(%b, %a) : (i32, i32) -> (i32, i32, i32, i32)
  tt.return %r#0, %r#1, %r#2, %s#0, %s#1, %s#2, %r#3 : i32, i32, i32, i32, i32, i32, i32
}
tt.func private @four(%x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %y1 = arith.muli %y, %c1 : i32
  %s = arith.addi %x, %y : i32
  tt.return %x, %y1, %s, %c7 : i32, i32, i32, i32
}

// -----

// A callee of several blocks is inlined where the call's region may hold several blocks: the
// caller's block is split after the call and each tt.return branches to the second half. In a
// loop body (one block) the call stays.
// CHECK-LABEL: tt.func public @early_return
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%[[ONE]] : i32), ^bb1(%arg1 : i32)
// CHECK-NEXT: ^bb1(%[[R:.*]]: i32):
// CHECK-NEXT: arith.addi %[[R]], %arg1 : i32
// CHECK-LABEL: tt.func private @pick
// CHECK-LABEL: tt.func public @in_loop
// CHECK: tt.call @pick
tt.func public @early_return(%c: i1, %x: i32) -> i32 {
  %r = tt.call @pick(%c, %x) : (i1, i32) -> i32
  %s = arith.addi %r, %x : i32
  tt.return %s : i32
}
tt.func private @pick(%c: i1, %x: i32) -> i32 attributes {noinline = false} {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %one = arith.constant 1 : i32
  tt.return %one : i32
^bb2:
  tt.return %x : i32
}
tt.func public @in_loop(%c: i1, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (i32) {
    %p = tt.call @pick(%c, %a) : (i1, i32) -> i32
    scf.yield %p : i32
  }
  tt.return %r : i32
}

// -----

// A callee whose branches constants decide is simplified to one block first, then inlined
// anywhere (the frontend's `if False: return x` leaves such a body).
// CHECK-LABEL: tt.func public @store_poison
// CHECK-NEXT: %[[P:.*]] = ub.poison : i32
// CHECK-NEXT: tt.store %arg0, %[[P]] : !tt.ptr<i32>
// CHECK-NOT: tt.func
tt.func public @store_poison(%out: !tt.ptr<i32>) {
  %v = tt.call @maybe_poison() : () -> i32
  tt.store %out, %v : !tt.ptr<i32>
  tt.return
}
tt.func private @maybe_poison() -> i32 attributes {noinline = false} {
  %0 = ub.poison : i32
  %c0 = arith.constant 0 : i32
  %false = arith.constant false
  cf.cond_br %false, ^bb1, ^bb2
^bb1:
  tt.return %c0 : i32
^bb2:
  cf.br ^bb3
^bb3:
  tt.return %0 : i32
}

// -----

// Values named `_0` (as Triton's frontend names `_0 = offset * 0` in tl.randint4x) and their
// uniqued forms `_0_1` are folded and erased after inlining, twice over.
// CHECK-LABEL: tt.func public @suffix_only_names
// CHECK-NEXT: %[[C:.*]] = arith.constant 0 : i32
// CHECK-NEXT: tt.return %[[C]], %[[C]] : i32, i32
tt.func public @suffix_only_names(%x: i32) -> (i32, i32) {
  %_0 = tt.call @times_zero(%x) : (i32) -> i32
  %_0_1 = tt.call @times_zero(%_0) : (i32) -> i32
  tt.return %_0, %_0_1 : i32, i32
}
tt.func private @times_zero(%_1: i32) -> i32 attributes {noinline = false} {
  %c0_i32 = arith.constant 0 : i32
  %_0 = arith.muli %_1, %c0_i32 : i32
  %_0_2 = arith.addi %_0, %c0_i32 : i32
  tt.return %_0_2 : i32
}
