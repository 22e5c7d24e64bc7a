"""Older TritonGPU spellings (`triton_gpu.*`, `#triton_gpu.shared`, `memdesc_subview`, module
attributes) parse into today's classes and print in Triton 3.6's spelling."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, i32
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError

from ttc.dialects.context import make_context
from ttc.dialects.legacy import modernize_module_attributes
from ttc.dialects.ttg.attrs import NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr
from ttc.dialects.ttg.ops import MemDescIndexOp, MemDescSubsliceOp, verify_layouts
from ttc.ir.errors import TtcError

SEED_VECTOR_ADD = Path(__file__).parents[2] / "lit/dialects/ttg/Inputs/seed000_vector_add_triton_gpu.mlir"


def parse_attr(text: str):
    return Parser(make_context(), text).parse_attribute()


def print_module(module: ModuleOp) -> str:
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
            "order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>",
            "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
            "order = [1, 0]}>",
        ),
        (
            "#triton_gpu.mma<{versionMajor = 2, warpsPerCTA = [4, 1], CTAsPerCGA = [1, 1], "
            "CTASplitNum = [1, 1], CTAOrder = [1, 0]}>",
            "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], "
            "instrShape = [16, 8]}>",
        ),
        (
            "#triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
            "instrShape = [16, 128, 16]}>",
            "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
            "instrShape = [16, 128, 16]}>",
        ),
        (
            "#triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], "
            "hasLeadingOffset = false}>",
            "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
        ),
        (
            "#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], "
            "hasLeadingOffset = true}>",
            "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
        ),
        (
            "#triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1], "
            "hasLeadingOffset = true}>",
            "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>",
        ),
        (
            "#triton_gpu.shared<{vec = 16, perPhase = 4, maxPhase = 2, order = [1, 0], "
            "hasLeadingOffset = true}>",
            "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>",
        ),
        (
            "#triton_gpu.shared<{vec = 4, perPhase = 1, maxPhase = 1, order = [1, 0], "
            "hasLeadingOffset = true}>",
            "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>",
        ),
        (
            "#triton_gpu.shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
            "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
        ),
        ("#triton_gpu.shared_memory", "#ttg.shared_memory"),
    ],
)
def test_old_attributes_print_in_todays_spelling(old: str, new: str) -> None:
    assert str(parse_attr(old)) == new


def test_legacy_shared_yields_modern_classes() -> None:
    swizzled = parse_attr("#triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>")
    nvmma = parse_attr(
        "#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>"
    )
    assert isinstance(swizzled, SwizzledSharedEncodingAttr)
    assert isinstance(nvmma, NVMMASharedEncodingAttr)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0], hasLeadingOffset = true}>",
            "is not an NVMMA swizzle",
        ),
        (
            "#triton_gpu.shared<{vec = 3, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>",
            "needs vec to divide 128",
        ),
        ("#triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], swizzle = 1}>", "unexpected key: swizzle"),
    ],
)
def test_invalid_legacy_shared(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_attr(text)


def module_with_attrs(attrs: str) -> ModuleOp:
    return Parser(make_context(), f"module attributes {{{attrs}}} {{}}").parse_module()


def test_module_attributes_are_renamed_and_sorted() -> None:
    module = module_with_attrs(
        '"triton_gpu.num-warps" = 4 : i32, "triton_gpu.compute-capability" = 80 : i32, '
        '"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.threads-per-warp" = 32 : i32'
    )
    modernize_module_attributes(module)
    assert list(module.attributes) == [
        "ttg.num-ctas",
        "ttg.num-warps",
        "ttg.target",
        "ttg.threads-per-warp",
    ]
    assert module.attributes["ttg.target"] == StringAttr("cuda:80")
    assert module.attributes["ttg.num-warps"] == IntegerAttr(4, i32)


def test_existing_target_wins_over_compute_capability() -> None:
    module = module_with_attrs(
        '"triton_gpu.compute-capability" = 80 : i32, "triton_gpu.target" = "cuda:90"'
    )
    modernize_module_attributes(module)
    assert dict(module.attributes) == {"ttg.target": StringAttr("cuda:90")}


def test_modern_module_attributes_are_left_alone() -> None:
    module = module_with_attrs('"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"')
    before = dict(module.attributes)
    modernize_module_attributes(module)
    assert dict(module.attributes) == before


def test_non_integer_compute_capability_is_an_error() -> None:
    module = module_with_attrs('"triton_gpu.compute-capability" = "eighty"')
    with pytest.raises(TtcError, match="must be an integer"):
        modernize_module_attributes(module)


SUBVIEW_HEADER = """
#shared = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module {
  func.func @f(%buf: !tt.memdesc<2x16x16xf16, #shared, #triton_gpu.shared_memory, mutable>, %i: i32) {
    %c0 = arith.constant 0 : i32
    %c8 = arith.constant 8 : i32
"""


def parse_subview(line: str) -> ModuleOp:
    text = SUBVIEW_HEADER + f"    {line}\n    func.return\n  }}\n}}\n"
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def test_subview_dropping_leading_dim_becomes_memdesc_index() -> None:
    module = parse_subview(
        "%v = triton_gpu.memdesc_subview %buf[%i, %c0, %c0] : "
        "!tt.memdesc<2x16x16xf16, #shared, #triton_gpu.shared_memory, mutable> -> "
        "!tt.memdesc<16x16xf16, #shared, #triton_gpu.shared_memory, mutable>"
    )
    (index,) = [op for op in module.walk() if isinstance(op, MemDescIndexOp)]
    assert index.index.name_hint == "i"


def test_same_rank_subview_with_constant_offsets_becomes_subslice() -> None:
    module = parse_subview(
        "%v = triton_gpu.memdesc_subview %buf[%c0, %c8, %c0] : "
        "!tt.memdesc<2x16x16xf16, #shared, #triton_gpu.shared_memory, mutable> -> "
        "!tt.memdesc<2x8x16xf16, #shared, #triton_gpu.shared_memory, mutable, 2x16x16>"
    )
    (subslice,) = [op for op in module.walk() if isinstance(op, MemDescSubsliceOp)]
    assert subslice.offset_values() == (0, 8, 0)


def test_subview_with_dynamic_trailing_offset_is_rejected() -> None:
    with pytest.raises(ParseError, match="non-zero trailing offsets"):
        parse_subview(
            "%v = triton_gpu.memdesc_subview %buf[%c0, %i, %c0] : "
            "!tt.memdesc<2x16x16xf16, #shared, #triton_gpu.shared_memory, mutable> -> "
            "!tt.memdesc<16x16xf16, #shared, #triton_gpu.shared_memory, mutable>"
        )


@pytest.mark.parametrize("op", ["insert_slice_async", "alloc_tensor", "extract_slice"])
def test_removed_2022_ops_get_a_clear_error(op: str) -> None:
    text = f'module {{\n  %0 = "triton_gpu.{op}"() : () -> i32\n}}\n'
    with pytest.raises(TtcError, match="2022-era shared-memory model"):
        Parser(make_context(), text).parse_module()


def test_seed_vector_add_prints_in_todays_spelling() -> None:
    module = Parser(make_context(), SEED_VECTOR_ADD.read_text()).parse_module()
    modernize_module_attributes(module)
    module.verify()
    verify_layouts(module)
    printed = print_module(module)
    assert "triton_gpu" not in printed
    assert printed.splitlines()[0] == (
        'builtin.module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, '
        'ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {'
    )
    blocked = (
        "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
    )
    assert f"tt.make_range {{end = 1024 : i32, start = 0 : i32}} : tensor<1024xi32, {blocked}>" in printed
