// RUN: not ttc opt %s -split-input-file --convert-nvvm-to-musa > %t.mlir 2> %t.err
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// What the shared lowering writes for NVIDIA becomes MUSA's intrinsics; the libdevice sqrt is
// the LLVM intrinsic it equals, and its declaration goes.

module {
  // CHECK-NOT: llvm.func @__nv_sqrtf
  llvm.func @__nv_sqrtf(f32) -> f32
  // CHECK-LABEL: llvm.func @k
  llvm.func @k(%x: f32, %y: f32, %m: i32, %c: i32) -> f32 {
    // CHECK: %[[T:.+]] = llvm.call_intrinsic "llvm.musa.read.ptx.sreg.tid.x"() : () -> i32
    %t = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: llvm.call_intrinsic "llvm.musa.read.ptx.sreg.ctaid.x"() : () -> i32
    %b = nvvm.read.ptx.sreg.ctaid.x : i32
    // CHECK: llvm.call_intrinsic "llvm.musa.barrier0"() : () -> ()
    nvvm.barrier0
    // CHECK: llvm.call_intrinsic "llvm.musa.shfl.sync.bfly.i32"(%arg2, %[[T]], %arg2, %arg3) : (i32, i32, i32, i32) -> i32
    %s = nvvm.shfl.sync bfly %m, %t, %m, %c : i32 -> i32
    // CHECK: llvm.fdiv %arg0, %arg1 : f32
    %d = llvm.call_intrinsic "llvm.nvvm.div.full"(%x, %y) : (f32, f32) -> f32
    // CHECK: llvm.call_intrinsic "llvm.exp2.f32"
    %e = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f"(%d) : (f32) -> f32
    // CHECK: llvm.call_intrinsic "llvm.sqrt.f32"
    %r = llvm.call @__nv_sqrtf(%e) : (f32) -> f32
    llvm.return %r : f32
  }
}

// -----

// PTX has no meaning on MUSA.
module {
  llvm.func @asm(%p: i1) {
    // ERR: error: PTX inline assembly cannot run on MUSA
    llvm.inline_asm has_side_effects asm_dialect = att "@$0 bar.sync 0;", "b" %p : (i1) -> !llvm.void
    llvm.return
  }
}
