// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// nvg.warp_group_barrier_id, nvg.ld_acquire and nvg.tensor_memory_base print as Triton does.

// CHECK-LABEL: llvm.func @spin_once
// CHECK-NEXT: %0 = nvg.warp_group_barrier_id
// CHECK-NEXT: %1 = nvg.ld_acquire acquire, gpu, %arg0 : (!llvm.ptr<1>) -> i32
// CHECK-NEXT: %2 = nvg.ld_acquire relaxed, sys, %arg0, %arg1 : (!llvm.ptr<1>) -> f16
// CHECK-NEXT: %3 = nvg.tensor_memory_base
llvm.func @spin_once(%flag: !llvm.ptr<1>, %pred: i1) {
  %bar = nvg.warp_group_barrier_id
  %seen = nvg.ld_acquire acquire, gpu, %flag : (!llvm.ptr<1>) -> i32
  %half = nvg.ld_acquire relaxed, sys, %flag, %pred : (!llvm.ptr<1>) -> f16
  %tmem = nvg.tensor_memory_base
  llvm.return
}
