"""`#ttg.swizzled_shared` as a linear layout, checked against the swizzle written out directly.

The oracle is the definition of the swizzle: element (r, c) of a buffer whose columns are the
fastest dimension lives at `r * cols + (c ^ (((r / perPhase) % maxPhase) * vec))`; with the
dimensions swapped by `order = [0, 1]` the roles of rows and columns swap.
"""

from __future__ import annotations

import itertools

import pytest

from ttc.dialects.ttg_attrs import SwizzledSharedEncodingAttr
from ttc.layouts.from_attr import to_linear_layout
from ttc.layouts.linear import LayoutError
from ttc.layouts.shared import swizzled_shared_to_linear

ONE_CTA = ((1, 1), (1, 1), (1, 0))


def swizzled_offset(row: int, col: int, cols: int, vec: int, per_phase: int, max_phase: int) -> int:
    phase = (row // per_phase) % max_phase
    return row * cols + (col ^ (phase * vec))


@pytest.mark.parametrize(("shape", "vec", "per_phase", "max_phase"), [
    ((64, 32), 8, 2, 4),   # the f16 A operand of a 64x64x32 matmul
    ((32, 64), 8, 1, 8),   # its B operand
    ((128, 64), 8, 1, 8),
    ((16, 16), 4, 1, 4),
    ((32, 32), 1, 1, 1),   # unswizzled
])
def test_row_major_swizzle_matches_the_formula(shape: tuple[int, int], vec: int,
                                               per_phase: int, max_phase: int) -> None:
    layout = swizzled_shared_to_linear(shape, vec, per_phase, max_phase, (1, 0), ONE_CTA)
    inverse = layout.invert()
    rows, cols = shape
    for row, col in itertools.product(range(rows), range(cols)):
        offset = inverse.apply({"dim0": row, "dim1": col})["offset"]
        assert offset == swizzled_offset(row, col, cols, vec, per_phase, max_phase), (row, col)


def test_column_major_order_swaps_the_roles() -> None:
    layout = swizzled_shared_to_linear((32, 16), 4, 2, 4, (0, 1), ONE_CTA)
    inverse = layout.invert()
    for row, col in itertools.product(range(32), range(16)):
        offset = inverse.apply({"dim0": row, "dim1": col})["offset"]
        assert offset == swizzled_offset(col, row, 32, 4, 2, 4)


def test_leading_dimensions_stack_whole_tiles() -> None:
    """A ring buffer `3 x 64 x 32`: buffer i starts at i * 64 * 32, each swizzled alike."""
    layout = swizzled_shared_to_linear((4, 64, 32), 8, 2, 4, (2, 1, 0),
                                       ((1, 1, 1), (1, 1, 1), (2, 1, 0)))
    inverse = layout.invert()
    for buffer, row, col in [(0, 3, 5), (1, 3, 5), (3, 63, 31)]:
        offset = inverse.apply({"dim0": buffer, "dim1": row, "dim2": col})["offset"]
        assert offset == buffer * 64 * 32 + swizzled_offset(row, col, 32, 8, 2, 4)


def test_attribute_dispatch_and_bad_parameters() -> None:
    attr = SwizzledSharedEncodingAttr.make(8, 2, 4, (1, 0))
    assert to_linear_layout(attr, (64, 32)) == swizzled_shared_to_linear(
        (64, 32), 8, 2, 4, (1, 0), ONE_CTA)
    with pytest.raises(LayoutError, match="vec = 3 is not a power of two"):
        swizzled_shared_to_linear((16, 16), 3, 1, 1, (1, 0), ONE_CTA)
    with pytest.raises(LayoutError, match="not made of powers of two"):
        swizzled_shared_to_linear((12, 16), 1, 1, 1, (1, 0), ONE_CTA)
