// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// `arith.ceildivsi` (the fused loop's trip counts use it) is expanded as MLIR's arith expansion
// does: the truncating quotient, plus one when the division leaves a remainder and both operands
// have the same sign.
// CHECK-LABEL: llvm.func @ceildiv
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[Q:.*]] = llvm.sdiv %arg0, %arg1 : i32
// CHECK-NEXT: %[[P:.*]] = llvm.mul %[[Q]], %arg1 : i32
// CHECK-NEXT: %[[INEXACT:.*]] = llvm.icmp "ne" %arg0, %[[P]] : i32
// CHECK-NEXT: %[[ANEG:.*]] = llvm.icmp "slt" %arg0, %[[ZERO]] : i32
// CHECK-NEXT: %[[BNEG:.*]] = llvm.icmp "slt" %arg1, %[[ZERO]] : i32
// CHECK-NEXT: %[[SAME:.*]] = llvm.icmp "eq" %[[ANEG]], %[[BNEG]] : i1
// CHECK-NEXT: %[[COND:.*]] = llvm.and %[[INEXACT]], %[[SAME]] : i1
// CHECK-NEXT: %[[UP:.*]] = llvm.add %[[Q]], %[[ONE]] : i32
// CHECK-NEXT: llvm.select %[[COND]], %[[UP]], %[[Q]] : i1, i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ceildiv(%a: i32, %b: i32, %p: !tt.ptr<i32>) {
    %0 = arith.ceildivsi %a, %b : i32
    tt.store %p, %0 : !tt.ptr<i32>
    tt.return
  }
}
