// RUN: not ttc opt %s -split-input-file -verify-diagnostics 2>&1 | FileCheck %s

// Unmet expectations and unexpected diagnostics are errors, reported as MLIR reports them.

tt.func @unmet() {
  // expected-error @below {{this is never reported}}
  tt.return
}
// CHECK: verify-diagnostics-mismatch.mlir:6:6: error: expected error "this is never reported" was not produced

// -----

tt.func @unexpected() {
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}
// CHECK: verify-diagnostics-mismatch.mlir:14:8: error: unexpected error: 'tt.make_range' op number of elements
// CHECK-NEXT: %0 = tt.make_range
// CHECK-NEXT: ^

// -----

tt.func @wrong_kind() {
  // expected-warning @below {{must match size of range}}
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}
// CHECK: error: unexpected error: 'tt.make_range' op
// CHECK: note: a diagnostic of kind 'warning' was expected here
// CHECK: error: expected warning "must match size of range" was not produced
