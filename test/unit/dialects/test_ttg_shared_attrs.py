"""`#ttg.padded_shared` and `#ttg.partitioned_shared`: both spellings, how Triton prints them, the
verifiers' messages, and the checks a `!ttg.memdesc` makes on them."""

from __future__ import annotations

import re

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from ttc.dialects.context import make_context
from ttc.dialects.ttg.shared_attrs import (
    PaddedSharedEncodingAttr,
    PartitionedSharedEncodingAttr,
)

SWIZZLED = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
PARTITIONED = (
    "#ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, "
    f"partitionLayout = {SWIZZLED}}}>"
)
BLOCKED_1D = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"


def parse_attr(text: str) -> Attribute:
    return Parser(make_context(), text).parse_attribute()


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        (
            "#ttg.padded_shared<[128:+8] {order = [1, 0], shape = [16, 128]}>",
            "#ttg.padded_shared<[128:+8] {order = [1, 0], shape = [16, 128]}>",
        ),
        # Bases that are an identity print in the short form, with the order they imply.
        (
            "#ttg.padded_shared<[4:+4] {offset=[[1, 0], [2, 0], [0, 1], [0, 2]], block=[]}>",
            "#ttg.padded_shared<[4:+4] {order = [0, 1], shape = [4, 4]}>",
        ),
        (
            "#ttg.padded_shared<[2:+1, 4:+2] {offset = [[0, 2], [0, 1], [1, 0]], block = []}>",
            "#ttg.padded_shared<[2:+1, 4:+2] {offset = [[0, 2], [0, 1], [1, 0]], block = []}>",
        ),
        (
            "#ttg.padded_shared<[2:+1] {offset = [[1, 0], [0, 1]], block = [[1, 0], [2, 0]]}>",
            "#ttg.padded_shared<[2:+1] {offset = [[1, 0], [0, 1]], block = [[1, 0], [2, 0]]}>",
        ),
        (PARTITIONED, PARTITIONED),
    ],
)
def test_round_trip(text: str, printed: str) -> None:
    attr = parse_attr(text)
    assert str(attr) == printed
    assert parse_attr(printed) == attr


def test_padded_parameters_and_builder() -> None:
    attr = parse_attr("#ttg.padded_shared<[2:+1] {offset = [[0, 1], [1, 0]], block = [[2, 0]]}>")
    assert isinstance(attr, PaddedSharedEncodingAttr)
    assert (attr.rank, attr.num_ctas, attr.order()) == (2, 2, (1, 0))
    built = PaddedSharedEncodingAttr.identity([128], [8], (16, 128), (1, 0))
    assert built == parse_attr("#ttg.padded_shared<[128:+8] {order = [1, 0], shape = [16, 128]}>")


def test_partitioned_takes_rank_and_ctas_from_its_layout() -> None:
    attr = parse_attr(
        f"#ttg.partitioned_shared<{{numPartitions = 4, numGroups = 1, partitionDim = 1, "
        f"partitionLayout = {SWIZZLED}}}>"
    )
    assert isinstance(attr, PartitionedSharedEncodingAttr)
    assert (attr.rank, attr.num_ctas, attr.num_logical_pieces) == (2, 1, 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#ttg.padded_shared<[6:+2] {offset = [[1]], block = []}>", "interval values must all be power of two"),
        ("#ttg.padded_shared<[8:+0] {offset = [[1]], block = []}>", "padding values must all be power of two"),
        ("#ttg.padded_shared<[8:+1, 8:+2] {offset = [[1]], block = []}>", "interval values cannot have duplicates"),
        ("#ttg.padded_shared<[8:+1] {offset = [[1]], block = [], shape = [2]}>", 'Unexpected attribute "shape" found'),
        ("#ttg.padded_shared<[8:+1] {order = [0], swizzle = 1}>", 'Unexpected attribute "swizzle" found'),
        ("#ttg.padded_shared<[8:+1] {block = [[1]]}>", "Expected basis of 'offset' not found"),
        ("#ttg.padded_shared<[8:+1] {offset = [[1]]}>", "Expected basis of 'block' not found"),
        ("#ttg.padded_shared<[8:+1] {offset = [], block = []}>", "Empty Layout not supported"),
        ("#ttg.padded_shared<[8:+1] {order = [1, 0], shape = [8]}>", "Mismatch of shape and order ranks in padded layout"),
        ("#ttg.padded_shared<[8:+1] {order = [0, 0], shape = [8, 8]}>", "order must be a permutation"),
        ("#ttg.padded_shared<[8:+1] {offset = [[2], [2]], block = []}>", "Broadcasting in offset dimension is not supported."),
        ("#ttg.padded_shared<[8:+1] {offset = [[1, 1]], block = []}>", "Each offset basis must move in at most one dimension."),
        ("#ttg.padded_shared<[8:+1] {offset = [[1], [6]], block = []}>", "Each offset basis must be 0 or a power of two."),
        ("#ttg.padded_shared<[8:+1] {offset = [[1], [2]], block = [[3]]}>", "Each offset basis must be 0 or a power of two."),
        (
            f"#ttg.partitioned_shared<{{numPartitions = 1, numGroups = 1, partitionDim = 0, partitionLayout = {SWIZZLED}}}>",
            "numPartitions must be a power of 2 and at least 2",
        ),
        (
            f"#ttg.partitioned_shared<{{numPartitions = 2, numGroups = 3, partitionDim = 0, partitionLayout = {SWIZZLED}}}>",
            "numGroups must be a power of 2 and greater than 0",
        ),
        (
            f"#ttg.partitioned_shared<{{numPartitions = 2, numGroups = 1, partitionDim = 2, partitionLayout = {SWIZZLED}}}>",
            "partitionDim (2) must be less than the layout rank (2)",
        ),
        ("#ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0}>", "missing partitionLayout"),
        (
            f"#ttg.partitioned_shared<{{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = {BLOCKED_1D}}}>",
            "partitionLayout must be a SharedEncodingTrait",
        ),
        (
            f"#ttg.partitioned_shared<{{numPartitions = 2, numGroups = 1, dim = 0, partitionLayout = {SWIZZLED}}}>",
            "unexpected key: dim",
        ),
    ],
)
def test_invalid_attributes(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_attr(text)


PADDED_4X4 = "#ttg.padded_shared<[4:+4] {offset = [[1, 0], [2, 0], [0, 1], [0, 2]], block = []}>"


def parse_memdesc(memdesc: str) -> ModuleOp:
    text = f"#p = {PADDED_4X4}\n#smem = #ttg.shared_memory\nmodule attributes {{x = {memdesc}}} {{}}"
    return Parser(make_context(), text).parse_module()


@pytest.mark.parametrize(
    "memdesc",
    [
        "!ttg.memdesc<4x4xf16, #p, #smem>",
        "!ttg.memdesc<3x4x4xf32, #p, #smem, mutable>",  # a pipelining dimension of any size
        "!ttg.memdesc<2x4xf16, #p, #smem, mutable, 4x4>",  # a subslice of the 4x4 buffer
    ],
)
def test_memdesc_accepts_buffers_the_component_covers(memdesc: str) -> None:
    parse_memdesc(memdesc)


@pytest.mark.parametrize(
    ("memdesc", "message"),
    [
        ("!ttg.memdesc<4x4x4x4xf16, #p, #smem>", "rank must be equal to or one less than the shape size. Got 2 and 4"),
        ("!ttg.memdesc<2x2xf16, #p, #smem>", "Mismatch in expected shape for dimension 0. Expected: 2, got: 4"),
        ("!ttg.memdesc<4x8xf16, #p, #smem>", "Mismatch in expected shape for dimension 1. Expected: 8, got: 4"),
        ("!ttg.memdesc<2x4xf16, #p, #smem, 2x8x4>", "Mismatch in expected shape for dimension 0. Expected: 8, got: 4"),
    ],
)
def test_memdesc_rejects_buffers_the_component_does_not_cover(memdesc: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse_memdesc(memdesc)
