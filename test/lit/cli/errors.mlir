// RUN: not ttc opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not ttc opt %s -split-input-file 2>/dev/null | FileCheck %s --check-prefix=OUT

// Errors point at the line and column of the whole file, show the line and a caret, and a bad
// chunk does not stop the ones after it.

tt.func @bad_type(%a: i32, %b: i64) -> i32 {
  %0 = arith.addi %a, %b : i32
  tt.return %0 : i32
}
// CHECK: errors.mlir:8:23: error: use of value '%b' expects different type than prior uses: 'i32' vs 'i64'
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %b : i32
// CHECK-NEXT: {{^}}                      ^

// -----

tt.func @good(%a: i32) -> i32 {
  tt.return %a : i32
}
// OUT: // -----
// OUT-NEXT: module {
// OUT-NEXT: tt.func @good
// OUT: // -----
// OUT-NOT: module

// -----

tt.func @bad_range() {
  %0 = tt.make_range {end = 10 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}
// CHECK: errors.mlir:29:8: error: 'tt.make_range' op number of elements in returned tensor, 8, must match size of range [0, 10), which has 10 elements
// CHECK-NOT: Traceback
