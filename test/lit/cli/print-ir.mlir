// RUN: ttc opt %s -canonicalize --mlir-print-ir-before-all --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// RUN: ttc opt %s -canonicalize --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: ttc opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// RUN: ttc opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: // -----// IR Dump Before {{.*}} (canonicalize) ('builtin.module' operation) //----- //
// CHECK-NEXT: module {
// CHECK: arith.addi
// CHECK: // -----// IR Dump After {{.*}} (canonicalize) ('builtin.module' operation) //----- //
// CHECK-NEXT: module {
// CHECK-NOT: arith.addi
// CHECK: tt.return %arg0

// TIMING: ... Execution time report ...
// TIMING: Total Execution Time: {{[0-9.]+}} seconds
// TIMING: ----Wall Time----  ----Name----
// TIMING: Parser
// TIMING: (canonicalize)
// TIMING: Output
// TIMING: (100.0%)  Total

// DEBUG: arith.addi %arg0, %c0_i32 : i32 loc(#[[LOC:loc[0-9]*]])
// DEBUG: #[[LOC]] = loc("{{.*}}print-ir.mlir":28:8)

// GENERIC: "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
tt.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  tt.return %0 : i32
}

// Dumps around named passes only (mlir-opt's -mlir-print-ir-before/after=PASS,...).
// RUN: ttc opt %s -cse -canonicalize -cse --mlir-print-ir-before=canonicalize --mlir-print-ir-after=cse,symbol-dce -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECTED
// RUN: ttc opt %s -cse -canonicalize -cse --mlir-print-ir-before=canonicalize --mlir-print-ir-after=cse,symbol-dce -o /dev/null 2>&1 | grep -c "IR Dump" | FileCheck %s --check-prefix=THREE
// RUN: ttc opt %s -cse -canonicalize --mlir-print-ir-after=canonicalize -mlir-print-ir-after=cse -o /dev/null 2>&1 | grep "IR Dump" | FileCheck %s --check-prefix=REPEATED
// RUN: ttc opt %s -cse -canonicalize --mlir-print-ir-after=canonicalize -mlir-print-ir-after=cse -o /dev/null 2>&1 | grep -c "IR Dump" | FileCheck %s --check-prefix=TWO
// RUN: not ttc opt %s -cse --mlir-print-ir-after=csee 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// Only the named passes are dumped, in order: after the first cse, before canonicalize, after
// the second cse (three dumps in all).
// SELECTED: // -----// IR Dump After {{.*}} (cse) ('builtin.module' operation) //----- //
// SELECTED: arith.addi
// SELECTED: // -----// IR Dump Before {{.*}} (canonicalize) ('builtin.module' operation) //----- //
// SELECTED: arith.addi
// SELECTED: // -----// IR Dump After {{.*}} (cse) ('builtin.module' operation) //----- //
// SELECTED-NEXT: module {
// SELECTED-NEXT: tt.func @f
// SELECTED-NEXT: tt.return %arg0
// THREE: {{^}}3{{$}}

// The flag may be repeated; its lists add up.
// REPEATED: IR Dump After {{.*}} (cse)
// REPEATED-NEXT: IR Dump After {{.*}} (canonicalize)
// TWO: {{^}}2{{$}}

// UNKNOWN: error: '--mlir-print-ir-after=csee': unknown pass 'csee'; did you mean 'cse'?
