// The LLVM dialect (an llvm.func kernel) goes through ttc's emitter, then the back end.
// RUN: %ttc translate %s --to=llvmir --target=cuda:90 | FileCheck %s
// RUN: %ttc translate %s --to=ptx --target=cuda:80 | FileCheck %s --check-prefix=PTX

// CHECK: target triple = "nvptx64-nvidia-cuda"
// CHECK: define ptx_kernel void @fill(ptr addrspace(1) {{.*}}%[[P:.*]], float %[[V:.*]])
// CHECK: store float %[[V]]
// CHECK: !{i32 4, !"nvvm-reflect-ftz", i32 1}

// PTX: .target sm_80
// PTX: .visible .entry fill(
// PTX: .reqntid 64

module attributes {"ttg.num-warps" = 2 : i32, ttg.shared = 0 : i32} {
  llvm.func @fill(%p: !llvm.ptr<1>, %v: f32) attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 64>} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %addr = llvm.getelementptr %p[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %v, %addr : f32, !llvm.ptr<1>
    llvm.return
  }
}
