"""`#ttg.padded_shared`: where each element lives once padding is inserted, checked against the
padding written out by hand, and the linear component of both spellings."""

from __future__ import annotations

import pytest

from ttc.cli.layout import parse_encoding
from ttc.dialects.ttg.attrs import ints
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.shared_attrs import PaddedSharedEncodingAttr
from ttc.layouts.linear import LayoutError
from ttc.layouts.padded import padded_component, padded_offset, padded_size


def padded_by_hand(length: int, intervals: list[int], paddings: list[int]) -> list[int]:
    """Lay `length` elements out one by one, inserting `paddings[k]` slots after every
    `intervals[k]` elements (the pairs add up)."""
    where, slot = [], 0
    for element in range(length):
        where.append(slot)
        slot += 1
        slot += sum(p for i, p in zip(intervals, paddings) if (element + 1) % i == 0)
    return where


@pytest.mark.parametrize(
    ("intervals", "paddings"),
    [([2], [2]), ([2, 4], [1, 2]), ([128], [8]), ([16, 64], [1, 4]), ([1], [1])],
)
def test_padded_offset_inserts_padding_after_every_interval(intervals, paddings) -> None:
    expected = padded_by_hand(512, intervals, paddings)
    assert [padded_offset(o, intervals, paddings) for o in range(512)] == expected


def test_padded_offset_of_the_two_tier_example() -> None:
    # [2:+1, 4:+2]: e0 e1 p | e2 e3 p p p | e4 e5 p | e6 e7 p p p
    assert [padded_offset(o, [2, 4], [1, 2]) for o in range(8)] == [0, 1, 3, 4, 8, 9, 11, 12]


@pytest.mark.parametrize(
    ("shape", "intervals", "paddings", "size"),
    [
        ((16, 128), [128], [8], 16 * 128 + 15 * 8),  # no padding after the last row
        ((4, 4), [4], [4], 16 + 3 * 4),
        ((8,), [2, 4], [1, 2], 8 + 3 * 1 + 1 * 2),
        ((3,), [2], [1], 3 + 1),  # e0 e1 p e2: the incomplete last interval gets none
    ],
)
def test_padded_size_leaves_no_padding_after_the_last_element(shape, intervals, paddings, size) -> None:
    assert padded_size(shape, intervals, paddings) == size


def test_short_form_is_the_identity_along_order() -> None:
    encoding = PaddedSharedEncodingAttr.identity([8], [1], (4, 8), (1, 0))
    component = padded_component(encoding.bases(), ints(encoding.shape))
    assert component.bases == {"offset": [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], "block": []}
    assert [component.out_dim_size(d) for d in component.out_dims] == [4, 8]
    assert encoding.order() == (1, 0)
    assert encoding.is_identity()


def test_rearranged_rows_are_not_the_short_form() -> None:
    # Rows 0, 2, 4, 6 first, then the odd ones: offset -> (row, col).
    bases = {"offset": [[0, 1], [0, 2], [2, 0], [4, 0], [1, 0]], "block": []}
    encoding = PaddedSharedEncodingAttr.make([16], [1], bases, (8, 4))
    assert not encoding.is_identity()
    component = padded_component(encoding.bases(), ints(encoding.shape))
    rows = [component.apply({"offset": o, "block": 0})["dim0"] for o in range(0, 32, 4)]
    assert rows == [0, 2, 4, 6, 1, 3, 5, 7]


def test_block_bases_are_not_the_short_form() -> None:
    bases = {"offset": [[0, 1], [1, 0]], "block": [[2, 0]]}
    assert not PaddedSharedEncodingAttr.make([2], [1], bases, (4, 2)).is_identity()


def test_to_linear_layout_gives_the_component_for_its_own_shape() -> None:
    encoding = parse_encoding("#ttg.padded_shared<[4:+4] {offset = [[1, 0], [2, 0], [0, 1]], block = []}>")
    layout = to_linear_layout(encoding, (4, 2))
    assert layout.bases == {"offset": [[1, 0], [2, 0], [0, 1]], "block": []}
    with pytest.raises(LayoutError, match="covers 4x2, not the buffer shape 8x2"):
        to_linear_layout(encoding, (8, 2))
