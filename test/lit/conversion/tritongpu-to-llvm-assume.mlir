// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 -canonicalize -cse | FileCheck %s

// `llvm.intr.assume` on scalars (program ids, strides) stays in place with its lowered condition,
// and canonicalize keeps it although nothing uses it.
// CHECK-LABEL: llvm.func @assumes
// CHECK: %[[PID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[NONNEG:.*]] = llvm.icmp "sge" %[[PID]], %{{.*}} : i32
// CHECK-NEXT: llvm.intr.assume %[[NONNEG]] : i1
// CHECK-NEXT: %[[POS:.*]] = llvm.icmp "sgt" %arg1, %{{.*}} : i32
// CHECK-NEXT: llvm.intr.assume %[[POS]] : i1
// CHECK-NEXT: %[[ONE:.*]] = llvm.icmp "eq" %arg2, %{{.*}} : i32
// CHECK-NEXT: llvm.intr.assume %[[ONE]] : i1
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @assumes(%p: !tt.ptr<f32>, %stride: i32, %unit: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pid = tt.get_program_id x : i32
    %0 = arith.cmpi sge, %pid, %c0 : i32
    llvm.intr.assume %0 : i1
    %1 = arith.cmpi sgt, %stride, %c0 : i32
    llvm.intr.assume %1 : i1
    %2 = arith.cmpi eq, %unit, %c1 : i32
    llvm.intr.assume %2 : i1
    %off = arith.muli %pid, %stride : i32
    %q = tt.addptr %p, %off : !tt.ptr<f32>, i32
    %v = arith.sitofp %pid : i32 to f32
    tt.store %q, %v : !tt.ptr<f32>
    tt.return
  }
}
