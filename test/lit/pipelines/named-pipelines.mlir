// RUN: ttc opt %s --pipelines-file %S/Inputs/good.yaml --pipeline=simplify | FileCheck %s
// RUN: ttc opt %s --pipelines-file=%S/Inputs/good.yaml --pipeline both --num-warps=2 | FileCheck %s
// RUN: ttc opt %s --pipelines-file %S/Inputs/good.yaml --pipeline=nested --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: ttc list pipelines --pipelines-file %S/Inputs/good.yaml | FileCheck %s --check-prefix=LIST

// CHECK-LABEL: tt.func @f
// CHECK-NEXT: tt.return %arg0 : i32
tt.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  tt.return %0 : i32
}

// DUMP: IR Dump After {{.*}} (canonicalize)

// LIST: simplify  -  canonicalize, its sweep count from --num-warps
// LIST-NEXT: {{^}}    canonicalize{max-iterations=4}
// LIST-NEXT: nested
// LIST-NEXT: {{^}}    canonicalize
// LIST-NEXT: both  -  composition
// LIST-NEXT: {{^}}    canonicalize{max-iterations=4}
// LIST-NEXT: {{^}}    canonicalize
