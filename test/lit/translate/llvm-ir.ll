; LLVM IR (recognised by its content, also on stdin) to PTX for sm_90a and sm_80, and back to
; O3 LLVM IR with the NVPTX triple: Triton's make_ptx fix-ups (.version 8.7, .target).
; RUN: %ttc translate %s --to=ptx --target=cuda:90 | FileCheck %s --check-prefix=SM90
; RUN: cat %s | %ttc translate - --to=ptx --target=cuda:80 | FileCheck %s --check-prefix=SM80
; RUN: %ttc translate %s --to=llvmir --target=cuda:90 | FileCheck %s --check-prefix=IR

; SM90: .version 8.7
; SM90-NEXT: .target sm_90a
; SM90: .visible .entry scale(
; SM90: .reqntid 128
; SM90: mul.rn.f32

; SM80: .version 8.7
; SM80-NEXT: .target sm_80
; SM80: .visible .entry scale(

; IR: target triple = "nvptx64-nvidia-cuda"
; IR: define ptx_kernel void @scale(ptr addrspace(1) {{.*}}%p, float %s)
; IR: attributes #0 = { {{.*}}"nvvm.reqntid"="128"

define ptx_kernel void @scale(ptr addrspace(1) %p, float %s) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %addr = getelementptr float, ptr addrspace(1) %p, i32 %tid
  %x = load float, ptr addrspace(1) %addr
  %y = fmul float %x, %s
  store float %y, ptr addrspace(1) %addr
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "nvvm.reqntid"="128" }
