"""Atomics and histograms in convert-triton-gpu-to-llvm: the PTX atomics of the GPU-test kernels
against those in Triton's LLVM IR for the same TTGIR, the barriers and block structure around
them, and the helpers the lowerings share (`emit_if`, `distinct_registers`)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from xdsl.builder import Builder
from xdsl.dialects.builtin import IntAttr, ModuleOp, i1, i32
from xdsl.ir import Block, SSAValue
from xdsl.rewriter import InsertPoint

from ttc.conversion.tritongpu_to_llvm.indices import distinct_registers
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.dialects.context import make_context
from ttc.dialects.ttg.attrs import BlockedEncodingAttr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.upstream import llvm
from ttc.ir.target import TargetInfo
from ttc.pipelines.registry import get_pass
from ttc_parse import parse_module
from test_to_llvm import KERNELS, lower_to_llvm

SHARED_POINTER = llvm.LLVMPointerType(IntAttr(3))


def our_atomics(module: ModuleOp) -> Counter[tuple[str, str]]:
    """(PTX, constraints) of every inline-asm atomic, with Triton's LLVM IR escapes."""
    found: Counter[tuple[str, str]] = Counter()
    for op in module.walk():
        if isinstance(op, llvm.InlineAsmOp) and "atom." in op.asm_string.data:
            text = op.asm_string.data.replace("\n", "\\0A").replace("\t", "\\09")
            found[(text, op.constraints.data)] += 1
    return found


def triton_atomics(path: Path) -> Counter[tuple[str, str]]:
    return Counter(re.findall(r'asm sideeffect "([^"]*atom\.[^"]*)", "([^"]*)"', path.read_text()))


@pytest.mark.parametrize("cc", [80, 90])
@pytest.mark.parametrize("kernel", ["histogram", "block_histogram", "atomic_ops"])
def test_kernel_atomics_are_tritons(kernel: str, cc: int) -> None:
    """Every kernel here uses acq_rel atomics, which Triton 3.6 and later write alike: the same
    instructions (f16x2 on sm_80, .v2 vectors on sm_90), operands and predicates."""
    module = lower_to_llvm(KERNELS / kernel / f"sm{cc}.ttgir", cc)
    assert our_atomics(module) == triton_atomics(KERNELS / kernel / f"sm{cc}.llir")


def test_acq_rel_atomics_sit_between_barriers() -> None:
    """Each of the 11 acq_rel atomics of atomic_ops (one or two instructions each) has a CTA
    barrier before and after it, and there are no others."""
    module = lower_to_llvm(KERNELS / "atomic_ops" / "sm90.ttgir", 90)
    (func,) = [op for op in module.walk() if isinstance(op, llvm.FuncOp)]
    marks = ""
    for op in func.body.block.ops:
        if op.name == "nvvm.barrier0":
            marks += "B"
        elif isinstance(op, llvm.InlineAsmOp) and "atom." in op.asm_string.data:
            marks += "" if marks.endswith("A") else "A"
    assert marks == "BAB" * 11


def test_block_histogram_counts_in_shared_memory() -> None:
    """One shared-memory `atomicrmw add` per distinct element (8 per thread), each in a block of
    its own, and no ballots."""
    module = lower_to_llvm(KERNELS / "block_histogram" / "sm80.ttgir", 80)
    (func,) = [op for op in module.walk() if isinstance(op, llvm.FuncOp)]
    adds = [op for op in func.walk() if isinstance(op, llvm.AtomicRMWOp)]
    assert len(adds) == 8
    assert all(op.bin_op_name == "add" and op.ptr.type == SHARED_POINTER for op in adds)
    assert len(func.body.blocks) == 1 + 2 * 8
    asm = [op.asm_string.data for op in func.walk() if isinstance(op, llvm.InlineAsmOp)]
    assert not any("vote" in text or "popc" in text for text in asm)


def _lowering() -> FunctionLowering:
    return FunctionLowering(TargetInfo.cuda(80, 80), Builder(InsertPoint.at_end(Block())),
                            num_warps=1)


def test_emit_if_places_blocks_in_emission_order() -> None:
    lw = _lowering()
    head = lw.builder.insertion_point.block
    condition = lw.const(1, i1)
    inner: list[Block] = []

    def outer_body() -> list[SSAValue]:
        inner.append(lw.builder.insertion_point.block)
        lw.emit_if(condition, lambda: [])
        return [lw.i32(7)]

    (merged,) = lw.emit_if(condition, outer_body, [lw.i32(0)])
    assert merged.type == i32
    after = lw.builder.insertion_point.block
    lw.emit_if(condition, lambda: [])
    last = lw.builder.insertion_point.block
    fake = Block()
    lw.blocks[fake] = head
    blocks = lw.llvm_blocks([fake])
    # head, outer body, its inner body, the inner join (rest of the outer body), outer join,
    # second body, second join
    assert blocks[0] is head and blocks[1] is inner[0]
    assert blocks[4] is after and blocks[-1] is last
    assert len(blocks) == 7
    for block in blocks[:-1]:
        assert block.last_op is not None and block.last_op.name in ("llvm.br", "llvm.cond_br")
        for successor in block.last_op.successors:
            assert blocks.index(successor) > blocks.index(block)


def test_distinct_registers() -> None:
    encoding = BlockedEncodingAttr.make([4], [32], [1], [0])
    # A 2-element tensor over 4 registers per thread: registers 2 and 3 repeat 0 and 1.
    assert distinct_registers(to_linear_layout(encoding, [2])) == ([0, 1], [0, 1, 0, 1])
    assert distinct_registers(to_linear_layout(encoding, [128])) == ([0, 1, 2, 3], [0, 1, 2, 3])


SCALAR_RMW = """
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @k(%x: !tt.ptr<{t}>, %z: !tt.ptr<{t}>) {{
    %v = tt.load %x : !tt.ptr<{t}>
    %old = tt.atomic_rmw {kind}, {sem}, gpu, %z, %v : (!tt.ptr<{t}>, {t}) -> {t}
    tt.return
  }}
}}
"""


@pytest.mark.parametrize("sem", ["relaxed", "acquire", "release", "acq_rel"])
@pytest.mark.parametrize(
    ("kind", "type", "ptx"),
    [
        ("fadd", "f32", "add.f32"), ("fadd", "f16", "add.noftz.f16"), ("fadd", "f64", "add.f64"),
        ("add", "i32", "add.u32"), ("add", "i64", "add.u64"), ("max", "i32", "max.s32"),
        ("umin", "i64", "min.u64"), ("xor", "i32", "xor.b32"), ("exch", "i64", "exch.b64"),
    ],
)
def test_dead_scalar_rmw_is_an_atom(sem: str, kind: str, type: str, ptx: str) -> None:
    """A scalar atomic whose result nothing reads (Triton's test_atomic_rmw kernel) is one
    `atom.global.gpu.<sem>` with an output register, issued by thread 0, whatever the semantic:
    Triton 3.6 writes no `red`."""
    ctx = make_context()
    module = parse_module(SCALAR_RMW.format(t=type, kind=kind, sem=sem), "rmw.ttgir", ctx=ctx)
    get_pass("allocate-shared-memory-nv")(compute_capability=90, ptx_version=84).apply(ctx, module)  # type: ignore[call-arg]
    get_pass("convert-triton-gpu-to-llvm")(compute_capability=90, ptx_version=84).apply(ctx, module)  # type: ignore[call-arg]
    asm = [op for op in module.walk() if isinstance(op, llvm.InlineAsmOp)]
    atoms = [op for op in asm if "atom." in op.asm_string.data]
    assert not any("red." in op.asm_string.data for op in asm)
    (atom,) = atoms
    assert f"atom.global.gpu.{sem}.{ptx} $0, [ $1 + 0 ], $2;" in atom.asm_string.data
    assert atom.constraints.data.startswith("=")
