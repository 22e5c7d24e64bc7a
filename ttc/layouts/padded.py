"""`#ttg.padded_shared` as addresses (Triton's PaddedSharedEncodingAttr and `applyPadding`).

A padded shared layout has two parts:

* a linear component from (`offset`, `block`) to tensor coordinates (`dim0, dim1, ...`): where
  the element at each linear offset of each CTA's buffer comes from;
* interval-padding pairs `[i0:+p0, i1:+p1, ...]`: after every `i_k` elements of the linear offset
  space, `p_k` padding elements are inserted; pairs add up, so the element at linear offset `o`
  lives at `o + sum_k (o / i_k) * p_k`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttc.layouts.linear import LinearLayout, log2
from ttc.layouts.utils import standard_out_dim_names

OFFSET = "offset"
BLOCK = "block"


def padded_component(
    bases: Mapping[str, Sequence[Sequence[int]]], shape: Sequence[int]
) -> LinearLayout:
    """The linear component: (offset, block) to the coordinates of the `shape` it covers."""
    return LinearLayout(
        [(OFFSET, bases[OFFSET]), (BLOCK, bases[BLOCK])],
        list(zip(standard_out_dim_names(len(shape)), shape, strict=True)),
    )


def padding_shifts(intervals: Sequence[int], paddings: Sequence[int]) -> list[tuple[int, int]]:
    """Each pair as `(log2 interval, log2 padding)` (Triton's `getPaddedSharedShifts`)."""
    return [(log2(i), log2(p)) for i, p in zip(intervals, paddings, strict=True)]


def padded_offset(offset: int, intervals: Sequence[int], paddings: Sequence[int]) -> int:
    """Where the element at linear `offset` lives once the padding is inserted (`applyPadding`)."""
    return offset + sum((offset >> i) << p for i, p in padding_shifts(intervals, paddings))


def padded_size(shape: Sequence[int], intervals: Sequence[int], paddings: Sequence[int]) -> int:
    """Elements a buffer of `shape` occupies, padding included but none after the last element
    (Triton's `getPaddedSize`)."""
    unpadded = 1
    for size in shape:
        unpadded *= size
    padding = 0
    for interval, pad in zip(intervals, paddings, strict=True):
        padding += (unpadded >> log2(interval)) << log2(pad)
        if unpadded % interval == 0:
            padding -= pad
    return unpadded + padding
