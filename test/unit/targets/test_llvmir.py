"""LLVM IR emission: Triton's LLVM-dialect kernels and hand-written ops become valid LLVM IR.

The text is checked for what MLIR's translation produces (the `ptx_kernel` calling convention,
`"nvvm.reqntid"`, intrinsic declarations, phi nodes) and then parsed and verified by llvmlite's
LLVM, so a spelling mistake in the emitter fails here rather than in the NVPTX back end.
"""

from __future__ import annotations

import re

import pytest
from corpus_llvm import final_llvm_module
from test_llvm_dialect import CASES, func

from ttc.ir.errors import TtcError
from ttc.targets.llvmir import emit_llvm_ir, llvm_string
from ttc.targets.nvidia.ptx import TRIPLE
from ttc_parse import parse_module

pytest.importorskip("llvmlite")


def llvm_verify(ir: str) -> None:
    from llvmlite import binding

    binding.parse_assembly(ir).verify()


def emit(text: str) -> str:
    module = parse_module(text, "case.mlir")
    module.verify()
    ir = emit_llvm_ir(module, triple=TRIPLE)
    llvm_verify(ir)
    return ir


def test_add_kernel() -> None:
    ir = emit_llvm_ir(final_llvm_module("add"), triple=TRIPLE, nvvm_reflect_ftz=True)
    llvm_verify(ir)
    assert re.search(
        r"^define ptx_kernel void @add_kernel\(ptr addrspace\(1\) %arg0, .*, i32 %arg3, .*\) #0 \{$",
        ir,
        re.MULTILINE,
    )
    assert '@global_smem = external addrspace(3) global [0 x i8], align 16' in ir
    assert 'attributes #0 = { "nvvm.reqntid"="128" }' in ir
    assert "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()" in ir
    assert ir.count("asm sideeffect") == 6
    assert '!{i32 4, !"nvvm-reflect-ftz", i32 1}' in ir
    assert ir == emit_llvm_ir(final_llvm_module("add"), triple=TRIPLE, nvvm_reflect_ftz=True)


def test_matmul_kernel() -> None:
    ir = emit_llvm_ir(final_llvm_module("matmul_64x64x32_w4_s2"), triple=TRIPLE)
    llvm_verify(ir)
    for declaration in (
        "declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3))",
        "declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)",
        "declare void @llvm.nvvm.cp.async.wait.group(i32)",
        "declare void @llvm.nvvm.wgmma.fence.sync.aligned()",
        "declare void @llvm.nvvm.wgmma.commit_group.sync.aligned()",
        "declare i32 @llvm.smin.i32(i32, i32)",
    ):
        assert declaration in ir
    phis = re.findall(r"= phi (\S+|\{[^}]*\}) \[ .*, %bb0 \], \[ .*, %bb2 \]$", ir, re.MULTILINE)
    assert len(phis) == 6
    assert ir.count("wgmma.mma_async") == 2


@pytest.mark.parametrize("name", CASES)
def test_hand_written_ops_translate(name: str) -> None:
    emit(func(CASES[name]))


def test_assume_is_a_call_of_llvm_assume() -> None:
    ir = emit(func(CASES["assume"]))
    assert re.search(r"^  call void @llvm\.assume\(i1 %\w+\)$", ir, re.MULTILINE)
    assert "declare void @llvm.assume(i1)" in ir


def test_control_flow_translates() -> None:
    ir = emit(
        """
        llvm.mlir.global internal constant @table(dense<[1, 2]> : tensor<2xi32>) {addr_space = 1 : i32} : !llvm.array<2 x i32>
        llvm.func @callee(i32) -> i32
        llvm.func @f(%a: i32, %p: !llvm.ptr<1> {llvm.noalias, llvm.align = 16 : i64}) -> i32 attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 2, 1>, noinline = true} {
          %t = llvm.mlir.addressof @table : !llvm.ptr<1>
          %c = llvm.call @callee(%a) : (i32) -> i32
          llvm.switch %c : i32, ^bb1(%c : i32) [
            0: ^bb2,
            7: ^bb1(%a : i32)
          ]
        ^bb1(%x: i32):
          %y = llvm.load %t : !llvm.ptr<1> -> i32
          %z = llvm.add %x, %y overflow<nsw, nuw> : i32
          %b = llvm.icmp "eq" %z, %a : i32
          llvm.cond_br %b weights([3, 1]), ^bb2, ^bb1(%z : i32)
        ^bb2:
          llvm.return %a : i32
        }
        """
    )
    assert "@table = internal addrspace(1) constant [2 x i32] [i32 1, i32 2]" in ir
    assert "define ptx_kernel i32 @f(i32 %arg0, ptr addrspace(1) align 16 noalias %arg1) #0" in ir
    assert 'attributes #0 = { noinline "nvvm.maxntid"="64,2,1" }' in ir
    assert "switch i32 %v0, label %bb1 [ i32 0, label %bb2 i32 7, label %bb0.2 ]" in ir
    assert "bb0.2:\n  br label %bb1\n" in ir
    assert "phi i32 [ %v0, %bb0 ], [ %arg0, %bb0.2 ], [ %v3, %bb1 ]" in ir
    assert "add nuw nsw i32" in ir
    assert '!{!"branch_weights", i32 3, i32 1}' in ir


def test_untranslatable_op_is_reported_at_its_location() -> None:
    text = 'module {\n  llvm.func @f() {\n    %0 = "test.op"() : () -> i32\n    llvm.return\n  }\n}\n'
    module = parse_module(text, "bad.mlir", allow_unregistered=True)
    with pytest.raises(TtcError, match=r"cannot translate 'test.op' to LLVM IR") as info:
        emit_llvm_ir(module, triple=TRIPLE)
    assert str(info.value.location) == "bad.mlir:3:10"


def test_llvm_string_escapes() -> None:
    assert llvm_string('a"b\\c\n\t\u00e9') == '"a\\22b\\5Cc\\0A\\09\\C3\\A9"'
