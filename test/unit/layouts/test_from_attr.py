"""From parsed `#ttg.*` attributes to linear layouts (the adapter over `ttc.dialects.ttg.attrs`)."""

from __future__ import annotations

import pytest
from seed import SEED_ATTR, seed_layout
from xdsl.parser import Parser

from ttc.dialects.context import make_context
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.blocked import blocked_to_linear, slice_to_linear
from ttc.layouts.linear import LayoutError


def parse(text: str) -> object:
    return Parser(make_context(), text).parse_attribute()


def test_blocked() -> None:
    assert to_linear_layout(parse(SEED_ATTR), (16, 16)) == seed_layout((16, 16))


def test_blocked_with_a_cluster_and_legacy_spelling() -> None:
    text = (
        "#triton_gpu.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2],"
        " order = [1, 0], CTAsPerCGA = [2, 2], CTASplitNum = [2, 2], CTAOrder = [1, 0]}>"
    )
    expected = blocked_to_linear((32, 32), [2, 2], [8, 4], [1, 2], [1, 0], [2, 2], [2, 2], [1, 0])
    assert to_linear_layout(parse(text), (32, 32)) == expected


def test_slice() -> None:
    layout = to_linear_layout(parse(f"#ttg.slice<{{dim = 0, parent = {SEED_ATTR}}}>"), (16,))
    assert layout == slice_to_linear((16,), 0, seed_layout)


def test_linear() -> None:
    text = (
        "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 2], [0, 4], [2, 0], [4, 0], [8, 0]],"
        " warp = [[0, 8]], block = []}>"
    )
    assert to_linear_layout(parse(text), (16, 16)) == seed_layout((16, 16))


def test_rank_mismatch() -> None:
    with pytest.raises(LayoutError, match="the layout has rank 2, but the tensor shape 16 has rank 1"):
        to_linear_layout(parse(SEED_ATTR), (16,))


def test_attributes_without_a_conversion() -> None:
    with pytest.raises(LayoutError, match="no linear-layout conversion for #ttg.shared_memory"):
        to_linear_layout(parse("#ttg.shared_memory"), (32, 32))
