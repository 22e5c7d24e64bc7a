// RUN: ttc opt %s -split-input-file | FileCheck %s

// Triton's LLVM-dialect spellings print back exactly as MLIR prints them.

// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: (%arg0: !llvm.ptr<1> {tt.divisibility = 16 : i32}, %arg1: i32) attributes {noinline = false, nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>}
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[OR:.*]] = llvm.or disjoint %[[TID]], %arg1 : i32
// CHECK: %[[GEP:.*]] = llvm.getelementptr inbounds %arg0[%[[OR]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: %[[ASM:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "ld.global.b32 $0, [ $1 + 0 ];", "=r,l" %[[GEP]] : (!llvm.ptr<1>) -> !llvm.struct<(i32)>
// CHECK: llvm.extractvalue %[[ASM]][0] : !llvm.struct<(i32)> {{$}}
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: nvvm.cp.async.wait.group 0
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @kernel(%p: !llvm.ptr<1> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false, nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>} {
  %smem = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  %v = llvm.mlir.undef : vector<4xi32>
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  %i = llvm.or disjoint %tid, %n : i32
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
  %r = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "ld.global.b32 $0, [ $1 + 0 ];", "=r,l" %q : (!llvm.ptr<1>) -> !llvm.struct<(i32)>
  %x = llvm.extractvalue %r[0] : !llvm.struct<(i32)>
  llvm.store %v, %smem {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  nvvm.barrier0
  nvvm.cp.async.wait.group 0
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @loop
// CHECK: llvm.br ^bb1(%{{.*}} : i32)
// CHECK: ^bb1(%[[I:.*]]: i32):
// CHECK: llvm.cond_br %{{.*}}, ^bb1(%{{.*}} : i32), ^bb2
// CHECK: %{{.*}} = llvm.intr.smin(%[[I]], %arg0) : (i32, i32) -> i32
llvm.func @loop(%n: i32) -> i32 {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  llvm.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %next = llvm.add %i, %n overflow<nsw> : i32
  %done = llvm.icmp "slt" %next, %n : i32
  llvm.cond_br %done, ^bb1(%next : i32), ^bb2
^bb2:
  %m = llvm.intr.smin(%i, %n) : (i32, i32) -> i32
  llvm.return %m : i32
}

// -----

// `llvm.intr.assume` (what `tl.assume` builds) prints as MLIR does, read from either form.
// CHECK-LABEL: llvm.func @assume
// CHECK: %[[C:.*]] = llvm.icmp "sgt" %arg0, %{{.*}} : i32
// CHECK-NEXT: llvm.intr.assume %[[C]] : i1
// CHECK-NEXT: llvm.intr.assume %[[C]] : i1
// CHECK-NEXT: llvm.return
llvm.func @assume(%n: i32) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c = llvm.icmp "sgt" %n, %c0 : i32
  llvm.intr.assume %c : i1
  "llvm.intr.assume"(%c) : (i1) -> ()
  llvm.return
}
