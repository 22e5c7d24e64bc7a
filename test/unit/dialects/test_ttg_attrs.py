"""TritonGPU layout attributes: Triton 3.6's text round-trips, defaults, CTA layouts, verifiers."""

from __future__ import annotations

import re

import pytest
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from ttc.dialects.context import make_context
from ttc.dialects.ttg.attrs import (
    BlockedEncodingAttr,
    CTALayout,
    DotOperandEncodingAttr,
    LinearEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
    SliceEncodingAttr,
    SwizzledSharedEncodingAttr,
)

BLOCKED = (
    "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>"
)
MMA_V2 = (
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
    "instrShape = [16, 8]}>"
)


def parse_attr(text: str) -> Attribute:
    return Parser(make_context(), text).parse_attribute()


ROUND_TRIPS = [
    BLOCKED,
    "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
    "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], "
    "order = [1, 0], CGALayout = [[1, 0]]}>",
    "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], "
    "CGALayout = [[0, 1], [0, 0], [1, 0]]}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, "
    "rank = 3}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, "
    "CGALayout = [[0, 0, 1]]}>",
    f"#ttg.slice<{{dim = 0, parent = {BLOCKED}}}>",
    "#ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 0, parent = "
    "#ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], "
    "warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>}>}>",
    MMA_V2,
    "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
    "instrShape = [16, 64, 16]}>",
    f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_V2}, kWidth = 2}}>",
    f"#ttg.dot_op<{{opIdx = 1, parent = {BLOCKED}}}>",
    "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
    "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, "
    "fp4Padded = true}>",
    "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[32, 0], [64, 0], [1, 0], [2, 0], "
    "[4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
    "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>",
    "#ttg.generic_linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
    "warp = [[32, 1], [0, 0]], block = []}>",
    "#ttg.shared_memory",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_round_trip_is_byte_identical(text: str) -> None:
    assert str(parse_attr(text)) == text


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        # Triton's tests write keys in any order and without spaces.
        (f"#ttg.slice<{{parent={BLOCKED}, dim=0}}>", f"#ttg.slice<{{dim = 0, parent = {BLOCKED}}}>"),
        (
            f"#ttg.dot_op<{{parent = {MMA_V2}, opIdx = 0, kWidth=2}}>",
            f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_V2}, kWidth = 2}}>",
        ),
        # Triton 3.6's CTA arrays print as the CGALayout they amount to, none for one CTA.
        (
            "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], "
            "order = [0], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>",
            "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], "
            "order = [0]}>",
        ),
        (
            "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], "
            "order = [1, 0], CTAsPerCGA = [2, 2], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>",
            "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], "
            "order = [1, 0], CGALayout = [[0, 0], [1, 0]]}>",
        ),
        (
            "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1], "
            "CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]}>",
            "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>",
        ),
        (
            "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
            "elementBitWidth = 16, rank = 2}>",
            "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
            "elementBitWidth = 16}>",
        ),
        # Explicit default values of optional keys are dropped too.
        (
            "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
            "elementBitWidth = 16, fp4Padded = false}>",
            "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
            "elementBitWidth = 16}>",
        ),
        (
            "#ttg.shared_linear<{offset = [[1]], block = []}, alignment = 8>",
            "#ttg.shared_linear<{offset = [[1]]}, alignment = 8>",
        ),
    ],
)
def test_input_forms_print_canonically(written: str, printed: str) -> None:
    assert str(parse_attr(written)) == printed


def test_cga_layout_of_triton_3_7_reads_as_cta_arrays() -> None:
    attr = parse_attr(
        "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], "
        "order = [1, 0], CGALayout = [[1, 0]]}>"
    )
    assert isinstance(attr, BlockedEncodingAttr)
    assert attr.cta_layout == CTALayout((2, 1), (2, 1), (0, 1))


def test_cga_layout_broadcast_basis_counts_ctas_but_not_splits() -> None:
    layout = CTALayout.from_cga_bases([[0, 1], [0, 0]], rank=2)
    assert layout == CTALayout((1, 4), (1, 2), (1, 0))


def test_old_mma_without_version_minor_or_instr_shape_gets_triton_defaults() -> None:
    attr = parse_attr("#ttg.mma<{versionMajor = 2, warpsPerCTA = [4, 1]}>")
    assert isinstance(attr, NvidiaMmaEncodingAttr)
    assert str(attr) == (
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], "
        "instrShape = [16, 8]}>"
    )


def test_alias_prefixes_follow_triton_get_alias() -> None:
    assert BlockedEncodingAttr.alias_prefix == "blocked"
    assert NvidiaMmaEncodingAttr.alias_prefix == "mma"
    assert SwizzledSharedEncodingAttr.alias_prefix == "shared"
    assert NVMMASharedEncodingAttr.alias_prefix == "shared"
    assert SharedLinearEncodingAttr.alias_prefix == "shared"
    assert LinearEncodingAttr.alias_prefix == "linear"
    assert SharedMemorySpaceAttr.alias_prefix == "smem"
    assert SliceEncodingAttr.alias_prefix is None
    assert DotOperandEncodingAttr.alias_prefix is None


def test_ranks() -> None:
    blocked = parse_attr(BLOCKED)
    assert isinstance(blocked, BlockedEncodingAttr)
    assert blocked.rank == 2
    sliced = parse_attr(f"#ttg.slice<{{dim = 1, parent = {BLOCKED}}}>")
    assert isinstance(sliced, SliceEncodingAttr)
    assert sliced.rank == 1
    assert NVMMASharedEncodingAttr.make(128, False, 16).rank == 2


def test_builders_print_like_parsed_text() -> None:
    built = BlockedEncodingAttr.make([1, 8], [4, 8], [4, 1], [1, 0])
    assert built == parse_attr(BLOCKED)
    mma = NvidiaMmaEncodingAttr.make(2, 0, [2, 2], [16, 8])
    assert DotOperandEncodingAttr.make(0, mma, 2) == parse_attr(
        f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_V2}, kWidth = 2}}>"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32], warpsPerCTA = [4, 1], "
            "order = [1, 0]}>",
            "must all have the same rank",
        ),
        (
            "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
            "order = [1, 1]}>",
            "order must be a permutation of 0..(rank-1), but was [1, 1]",
        ),
        (
            "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
            "order = [1, 0], CTAsPerCGA = [1, 1]}>",
            "must all be present or all be absent",
        ),
        (
            "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], "
            "order = [0], colour = 3}>",
            "unexpected key: colour",
        ),
        ("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>",
         "missing key: warpsPerCTA"),
        (f"#ttg.slice<{{dim = 2, parent = {BLOCKED}}}>", "slice dim=2 must be less than the parent rank=2"),
        (f"#ttg.dot_op<{{opIdx = 0, parent = {MMA_V2}}}>", "kWidth parameter is mandatory"),
        (f"#ttg.dot_op<{{opIdx = 2, parent = {MMA_V2}, kWidth = 2}}>", "opIdx parameter can be 0 or 1"),
        (f"#ttg.dot_op<{{opIdx = 0, parent = {BLOCKED}, kWidth = 2}}>", "is not supported when the parent is a blocked"),
        (
            "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
            "warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>",
            "opIdx parameter must be 0 for Hopper MMA parent",
        ),
        (
            "#ttg.nvmma_shared<{swizzlingByteWidth = 48, transposed = false, elementBitWidth = 16}>",
            "swizzlingByteWidth must be 0, 32, 64, or 128",
        ),
        (
            "#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
            "order = [1, 0]}>",
            "Every element in sizePerThread must be a power of two.",
        ),
        (
            "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [3, 1], "
            "order = [1, 0]}>",
            "Every element in warpsPerCTA must be a power of two.",
        ),
        (
            "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 0}>",
            "elementBitWidth must be non-zero",
        ),
        ("#ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>",
         "requires a permutation matrix layout after removing broadcast bases"),
        ("#ttg.linear<{register = [], lane = [], warp = [], block = []}>", "Empty Layout not supported"),
        ("#ttg.generic_linear<{register = [[1, 1]], lane = [], warp = [], block = []}>",
         "Swizzled bases found in 'register'."),
        ("#ttg.generic_linear<{register = [[2]], lane = [], warp = [], block = []}>",
         "Generic linear layout must be surjective"),
        ("#ttg.linear<{register = [[1]], lane = [], warp = []}>",
         "Expected basis of 'block' not found"),
        ("#ttg.shared_linear<{offset = [[1]]}, alignment = 12>", "alignment must be a positive power of two"),
        ("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], "
         "CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]}>", "must match CGALayout rank"),
    ],
)
def test_invalid_attributes_are_parse_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_attr(text)


def test_linear_layouts_differing_only_in_bases_are_different_attributes() -> None:
    one = parse_attr("#ttg.generic_linear<{register = [[1]], lane = [], warp = [], block = []}>")
    other = parse_attr("#ttg.generic_linear<{register = [[1], [2]], lane = [], warp = [], block = []}>")
    assert one != other
    assert parse_attr("#ttg.linear<{register = [[1]], lane = [], warp = [], block = []}>") != one
