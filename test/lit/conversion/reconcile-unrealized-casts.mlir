// RUN: ttc opt %s -split-input-file -reconcile-unrealized-casts | FileCheck %s

// A round trip folds to the original value; an unused cast disappears.
// CHECK-LABEL: llvm.func @round_trip(
// CHECK-SAME: %[[A:.*]]: i32)
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.return %[[A]] : i32
module {
  llvm.func @round_trip(%a: i32) -> i32 {
    %0 = builtin.unrealized_conversion_cast %a : i32 to i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
    %2 = builtin.unrealized_conversion_cast %a : i32 to f32
    llvm.return %1 : i32
  }
}

// -----

// A chain of three casts that comes back to its start, with several values at once.
// CHECK-LABEL: llvm.func @chain(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = llvm.fadd %[[B]], %[[B]] : f32
// CHECK-NEXT: llvm.return %[[A]] : i32
module {
  llvm.func @chain(%a: i32, %b: f32) -> i32 {
    %0:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i64, f64
    %1:2 = builtin.unrealized_conversion_cast %0#0, %0#1 : i64, f64 to i16, f16
    %2:2 = builtin.unrealized_conversion_cast %1#0, %1#1 : i16, f16 to i32, f32
    %s = llvm.fadd %2#1, %2#1 : f32
    llvm.return %2#0 : i32
  }
}
