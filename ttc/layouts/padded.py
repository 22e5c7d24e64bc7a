"""`#ttg.padded_shared` as offsets (Triton's PaddedSharedEncodingAttr and `applyPadding`).

A padded shared layout has two parts:

* a linear component from (`offset`, `block`) to tensor coordinates (`dim0, dim1, ...`), given by
  its bases or, in the short form, as the identity of a `shape` laid out along `order` (most
  minor dimension first, `identity_standard_nd`);
* interval-padding pairs `[i0:+p0, i1:+p1, ...]`: after every `i_k` elements of the linear offset
  space, `p_k` padding elements are inserted; pairs add up, so the element at linear offset `o`
  lives at `o + sum_k (o / i_k) * p_k`.

Functions take plain values; the attribute class lives in `ttc.dialects.ttg_shared_attrs`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttc.layouts.linear import LinearLayout, is_power_of_two, log2
from ttc.layouts.order import order_per_dim
from ttc.layouts.utils import identity_standard_nd, standard_out_dim_names

OFFSET = "offset"
BLOCK = "block"


def padded_linear_component(
    bases: Mapping[str, Sequence[Sequence[int]]], shape: Sequence[int]
) -> LinearLayout:
    """The linear component from its `offset` and `block` bases, with outputs of `shape`."""
    return LinearLayout(
        [(OFFSET, bases[OFFSET]), (BLOCK, bases[BLOCK])],
        list(zip(standard_out_dim_names(len(shape)), shape, strict=True)),
    )


def identity_component(shape: Sequence[int], order: Sequence[int]) -> LinearLayout:
    """The short form `{order = [...], shape = [...]}`: `shape` row-major along `order`, one CTA."""
    names = standard_out_dim_names(len(shape))
    offsets = identity_standard_nd(OFFSET, shape, order).transpose_outs(names)
    return padded_linear_component({OFFSET: offsets.bases.get(OFFSET, []), BLOCK: []}, shape)


def component_order(component: LinearLayout) -> tuple[int, ...]:
    """Triton's `PaddedSharedEncodingAttr::getOrder`: dimensions in the order the offset bases
    first move them, then the others from rank-1 down."""
    return order_per_dim(component, OFFSET, range(component.num_out_dims - 1, -1, -1))


def is_identity_component(component: LinearLayout) -> bool:
    """True when the component prints in the short form: no CTA bases, and the offsets are the
    identity of its shape along its own order."""
    if component.bases.get(BLOCK):
        return False
    shape = [component.out_dim_size(d) for d in component.out_dims]
    identity = identity_component(shape, component_order(component))
    return identity.bases[OFFSET] == component.bases[OFFSET]


def padding_shifts(intervals: Sequence[int], paddings: Sequence[int]) -> list[tuple[int, int]]:
    """Each pair as `(log2 interval, log2 padding)` (Triton's `getPaddedSharedShifts`)."""
    for value in (*intervals, *paddings):
        if not is_power_of_two(value):
            raise ValueError(f"interval and padding values must be powers of two, got {value}")
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
