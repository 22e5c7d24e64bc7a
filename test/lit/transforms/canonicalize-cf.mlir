// RUN: ttc opt %s -split-input-file -canonicalize | FileCheck %s

// A branch on a constant takes its edge; a block left with one predecessor joins it.
// CHECK-LABEL: tt.func @constant_condition
// CHECK-NEXT: %[[P:.*]] = ub.poison : i32
// CHECK-NEXT: tt.return %[[P]] : i32
// CHECK-NEXT: }
tt.func @constant_condition(%x: i32) -> i32 {
  %0 = ub.poison : i32
  %false = arith.constant false
  cf.cond_br %false, ^bb1, ^bb2
^bb1:
  tt.return %x : i32
^bb2:
  cf.br ^bb3(%0 : i32)
^bb3(%a: i32):
  tt.return %a : i32
}

// -----

// Both edges to one block with the same operands: one unconditional branch, then one block.
// CHECK-LABEL: tt.func @identical_successors
// CHECK-NEXT: tt.return %arg1 : i32
tt.func @identical_successors(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%a: i32):
  tt.return %a : i32
}

// -----

// An edge to a block that only branches on goes straight to that branch's target, with the
// block's arguments replaced by the edge's operands.
// CHECK-LABEL: tt.func @pass_through
// CHECK: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg2 : i32)
// CHECK-NEXT: ^bb1(%[[V:.*]]: i32):
// CHECK-NEXT: tt.return %[[V]] : i32
tt.func @pass_through(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%y : i32)
^bb3(%v: i32):
  tt.return %v : i32
}
