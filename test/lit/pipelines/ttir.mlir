// RUN: ttc opt %s --pipeline=ttir | FileCheck %s
// RUN: ttc opt %s --pipeline=ttir --mlir-print-ir-before-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER

// The ttir stage runs Triton's make_ttir passes in Triton's order.
// ORDER: IR Dump Before {{.*}} (inline)
// ORDER: IR Dump Before {{.*}} (canonicalize)
// ORDER: IR Dump Before {{.*}} (triton-combine)
// ORDER: IR Dump Before {{.*}} (triton-reorder-broadcast)
// ORDER: IR Dump Before {{.*}} (cse)
// ORDER: IR Dump Before {{.*}} (symbol-dce)
// ORDER: IR Dump Before {{.*}} (triton-loop-unroll)
// ORDER-NOT: IR Dump

// The helper is inlined and then removed, x * 1 folds away, the duplicate splats are merged, and
// the add moves before the splat.
// CHECK-NOT: @helper
// CHECK-LABEL: tt.func public @kernel
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK: %[[MUL:.*]] = arith.muli %[[PID]], %[[C2]] : i32
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[MUL]], %[[MUL]] : i32
// CHECK-NEXT: %[[SPLAT:.*]] = tt.splat %[[SUM]] : i32 -> tensor<128xi32>
// CHECK-NEXT: tt.return %[[SPLAT]] : tensor<128xi32>
// CHECK-NOT: @helper
tt.func private @helper(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %x, %c1 : i32
  %1 = arith.muli %0, %c2 : i32
  tt.return %1 : i32
}

tt.func public @kernel() -> tensor<128xi32> {
  %pid = tt.get_program_id x : i32
  %v = tt.call @helper(%pid) : (i32) -> i32
  %a = tt.splat %v : i32 -> tensor<128xi32>
  %b = tt.splat %v : i32 -> tensor<128xi32>
  %sum = arith.addi %a, %b : tensor<128xi32>
  tt.return %sum : tensor<128xi32>
}
