// RUN: ttc opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: ttc opt %s --split-input-file | FileCheck %s --check-prefix=ROUNDTRIP

// Each chunk is parsed, transformed and printed on its own; outputs are joined with `// -----`.

// CHECK-LABEL: tt.func @fold_add_zero
// CHECK-NEXT: tt.return %arg0 : i32
// ROUNDTRIP-LABEL: tt.func @fold_add_zero
// ROUNDTRIP: arith.addi
tt.func @fold_add_zero(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  tt.return %0 : i32
}

// -----

// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-LABEL: tt.func @second_chunk
// CHECK-NOT: arith.muli
// ROUNDTRIP: // -----
// ROUNDTRIP-LABEL: tt.func @second_chunk
// ROUNDTRIP: arith.muli
tt.func @second_chunk(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %x, %c1 : i32
  tt.return %0 : i32
}
