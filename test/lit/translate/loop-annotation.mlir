// A loop annotation (what `tl.range(..., disable_licm=True)` sets) becomes `!llvm.loop` metadata
// on the loop's branch: a distinct node naming itself, then one node per property.
// RUN: %ttc translate %s --to=llvmir --target=cuda:90 | FileCheck %s

// CHECK: br i1 {{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// CHECK-DAG: ![[LOOP]] = distinct !{![[LOOP]], ![[LICM:[0-9]+]], ![[VERSIONING:[0-9]+]]}
// CHECK-DAG: ![[LICM]] = !{!"llvm.licm.disable"}
// CHECK-DAG: ![[VERSIONING]] = !{!"llvm.loop.licm_versioning.disable"}

#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
module attributes {"ttg.num-warps" = 1 : i32, ttg.shared = 0 : i32} {
  llvm.func @count(%p: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 32>} {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^bb1(%zero : i32)
  ^bb1(%i: i32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^bb2, ^bb3 {loop_annotation = #loop_annotation}
  ^bb2:
    %addr = llvm.getelementptr %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    llvm.store volatile %i, %addr : i32, !llvm.ptr<1>
    %next = llvm.add %i, %one : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    llvm.return
  }
}
