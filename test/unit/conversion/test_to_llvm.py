"""convert-triton-gpu-to-llvm: Triton's own TTGIR through make_llir's passes (scf-to-cf,
shared-memory allocation), the LLVM dialect, our LLVM IR
emitter and llvmlite's NVPTX back end, with the PTX compared to Triton's PTX for the same kernel;
and the runtime index arithmetic checked against the linear layouts thread by thread."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nvidia_tools import target_ptx
from xdsl.builder import Builder
from xdsl.dialects.builtin import IntAttr, IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint

from ttc.conversion.tritongpu_to_llvm.indices import emit_indices
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowered_ops, lowers
from ttc.dialects.context import make_context
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, SliceEncodingAttr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.ir.errors import TtcError
from ttc.ir.target import TargetInfo
from ttc.pipelines.registry import get_pass
from ttc.targets.llvmir import emit_llvm_ir
from ttc.targets.nvidia.ptx import TRIPLE, ptx_kernel_name
from ttc_parse import parse_module

KERNELS = Path(__file__).parents[2] / "gpu" / "kernels" / "triton-3.6"
PTX_VERSION = 84
REDUCTION_OPS = ("tt.reduce", "tt.scan", "ttg.convert_layout", "ttg.local_alloc")


def lower_to_llvm(path: Path, cc: int) -> ModuleOp:
    ctx = make_context()
    module = parse_module(path.read_text(), str(path), ctx=ctx)
    get_pass("convert-scf-to-cf")().apply(ctx, module)  # type: ignore[call-arg]
    get_pass("allocate-shared-memory-nv")(  # type: ignore[call-arg]
        compute_capability=cc, ptx_version=PTX_VERSION
    ).apply(ctx, module)
    get_pass("convert-triton-gpu-to-llvm")(  # type: ignore[call-arg]
        compute_capability=cc, ptx_version=PTX_VERSION
    ).apply(ctx, module)
    module.verify()
    return module


def global_accesses(ptx: str) -> dict[str, int]:
    """How many global loads/stores of each width the PTX holds."""
    counts: dict[str, int] = {}
    for match in re.finditer(r"\b(ld|st)\.global(?:\.\w+)*?(\.v\d)?\.b(\d+)", ptx):
        key = f"{match[1]}{match[2] or ''}.b{match[3]}"
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize("cc", [80, 90])
def test_vector_add_reaches_ptx_like_triton(cc: int) -> None:
    module = lower_to_llvm(KERNELS / "add" / f"sm{cc}.ttgir", cc)
    ptx = target_ptx(emit_llvm_ir(module, triple=TRIPLE), cc=cc, ptx_version=PTX_VERSION)
    oracle = (KERNELS / "add" / f"sm{cc}.ptx").read_text()
    assert ptx_kernel_name(ptx) == ptx_kernel_name(oracle) == "add_kernel"
    assert global_accesses(ptx) == global_accesses(oracle) == {"ld.v4.b32": 4, "st.v4.b32": 2}
    assert re.findall(r"^\.reqntid (\d+)", ptx, re.M) == ["128"]
    params = len(re.findall(r"^\s*\.param ", ptx, re.M))
    assert params == len(re.findall(r"^\s*\.param ", oracle, re.M)) == 6
    assert len(re.findall(r"@%p\d+ ld\.global\.v4\.b32", ptx)) == 4
    assert len(re.findall(r"@%p\d+ st\.global\.v4\.b32", ptx)) == 2


@pytest.mark.parametrize("kernel", ["softmax", "row_sum", "layer_norm"])
def test_reduction_kernels_lower_up_to_the_reductions(kernel: str) -> None:
    """Everything but the reduction family lowers: either the first op ttc cannot lower is a
    reduction/layout-conversion op, or the kernel reaches PTX with Triton's global accesses."""
    path = KERNELS / kernel / "sm90.ttgir"
    try:
        module = lower_to_llvm(path, 90)
    except TtcError as error:
        match = re.fullmatch(r"cannot lower '([\w.]+)' for cuda:90", error.message)
        assert match is not None and match[1] in REDUCTION_OPS, error.message
        return
    ptx = target_ptx(emit_llvm_ir(module, triple=TRIPLE), cc=90, ptx_version=PTX_VERSION)
    oracle = (KERNELS / kernel / "sm90.ptx").read_text()
    assert global_accesses(ptx) == global_accesses(oracle)


def _evaluate(block: Block, tid: int) -> dict[SSAValue, int]:
    """Run the integer ops emitted for index computation for one thread id."""
    ops = {
        "llvm.and": lambda a, b: a & b,
        "llvm.or": lambda a, b: a | b,
        "llvm.xor": lambda a, b: a ^ b,
        "llvm.add": lambda a, b: a + b,
        "llvm.shl": lambda a, b: a << b,
        "llvm.lshr": lambda a, b: a >> b,
        "llvm.urem": lambda a, b: a % b,
        "llvm.udiv": lambda a, b: a // b,
    }
    values: dict[SSAValue, int] = {}
    for op in block.ops:
        if op.name == "nvvm.read.ptx.sreg.tid.x":
            values[op.results[0]] = tid
        elif op.name == "llvm.mlir.constant":
            value = op.properties["value"]
            assert isinstance(value, IntegerAttr)
            values[op.results[0]] = value.value.data
        elif op.name == "llvm.icmp":
            predicate = op.properties["predicate"]
            assert isinstance(predicate, IntegerAttr) and predicate.value.data == 0  # eq
            a, b = (values[v] for v in op.operands)
            values[op.results[0]] = int(a == b)
        elif op.name == "llvm.select":
            condition, if_true, if_false = (values[v] for v in op.operands)
            values[op.results[0]] = if_true if condition else if_false
        else:
            a, b = (values[v] for v in op.operands)
            values[op.results[0]] = ops[op.name](a, b)
    return values


LAYOUTS = [
    (BlockedEncodingAttr.make([4], [32], [4], [0]), (1024,), 4),
    (BlockedEncodingAttr.make([1, 4], [4, 8], [2, 2], [1, 0]), (32, 64), 4),
    (BlockedEncodingAttr.make([2, 1], [8, 4], [1, 4], [0, 1]), (16, 64), 4),
    (BlockedEncodingAttr.make([1, 1], [32, 1], [1, 2], [0, 1]), (16, 8), 2),
    (SliceEncodingAttr(IntAttr(0), BlockedEncodingAttr.make([1, 4], [4, 8], [2, 2], [1, 0])), (64,), 4),
    (SliceEncodingAttr(IntAttr(1), BlockedEncodingAttr.make([1, 4], [4, 8], [2, 2], [1, 0])), (64,), 4),
]


@pytest.mark.parametrize("encoding, shape, num_warps", LAYOUTS)
def test_emitted_indices_match_the_linear_layout(
    encoding: object, shape: tuple[int, ...], num_warps: int
) -> None:
    layout = to_linear_layout(encoding, shape)  # type: ignore[arg-type]
    block = Block()
    lw = FunctionLowering(TargetInfo.cuda(90, PTX_VERSION), Builder(InsertPoint.at_end(block)),
                          num_warps=num_warps)
    indices = emit_indices(lw, layout)
    for tid in range(num_warps * 32):
        values = _evaluate(block, tid)
        for register, coords in enumerate(indices):
            expected = layout.apply(
                {"register": register, "lane": tid % 32, "warp": tid // 32, "block": 0}
            )
            assert tuple(values[c] for c in coords) == tuple(expected.values())


def test_registry_lists_the_ops_and_rejects_duplicates() -> None:
    ops = lowered_ops()
    for name in ("tt.load", "tt.store", "tt.addptr", "tt.make_range", "arith.addf", "math.exp",
                 "tt.get_program_id", "cf.cond_br", "tt.return", "tt.broadcast"):  # fmt: skip
        assert name in ops
    with pytest.raises(RuntimeError, match="two lowerings"):

        @lowers("tt.load")
        def _other(lw: FunctionLowering, op: Operation) -> None:
            raise AssertionError


@pytest.mark.parametrize(
    "encoding, shape",
    [
        (BlockedEncodingAttr.make([1], [32], [4], [0]), (1,)),
        (BlockedEncodingAttr.make([4], [32], [2], [0]), (1,)),
        (BlockedEncodingAttr.make([2, 2], [4, 8], [2, 2], [1, 0]), (1, 1)),
        (SliceEncodingAttr(IntAttr(1), BlockedEncodingAttr.make([1, 4], [4, 8], [2, 2], [1, 0])), (1,)),
    ],
)
def test_every_register_of_a_one_element_tensor_holds_it(encoding: object, shape: tuple[int, ...]) -> None:
    """What `tt.unsplat`'s lowering relies on to take the first register: in any layout, each
    register of each thread of a one-element tensor holds element 0."""
    layout = to_linear_layout(encoding, shape)  # type: ignore[arg-type]
    for register in range(layout.in_dim_size("register")):
        for lane in range(layout.in_dim_size("lane")):
            for warp in range(layout.in_dim_size("warp")):
                point = {"register": register, "lane": lane, "warp": warp, "block": 0}
                assert set(layout.apply(point).values()) == {0}
