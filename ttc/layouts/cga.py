"""The `block` dimension: how a tensor is split over the CTAs of a cluster (Triton's CGA layout).

Mirrors `makeCgaLayout` and `combineCtaCgaWithShape` of Triton's LinearLayoutConversions. A
distributed encoding describes one CTA (inputs `register`, `lane`, `warp`); `CTAsPerCGA`,
`CTASplitNum` and `CTAOrder` describe the cluster: along each tensor dimension the tensor is cut
into `CTASplitNum[d]` pieces, and the `CTAsPerCGA[d] / CTASplitNum[d]` CTAs beyond that hold copies
(zero bases of `block`). Block ids count along `CTAOrder[0]` fastest.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two
from ttc.layouts.utils import (
    ensure_layout_not_larger_than,
    ensure_layout_not_smaller_than,
    standard_out_dim_names,
)


def make_cga_layout(
    ctas_per_cga: Sequence[int], cta_split_num: Sequence[int], cta_order: Sequence[int]
) -> LinearLayout:
    """The layout from `block` to tensor coordinates (outputs `dim0, dim1, ...`) of one cluster."""
    rank = len(cta_order)
    if not len(ctas_per_cga) == len(cta_split_num) == rank:
        raise LayoutError(
            f"CTAsPerCGA {list(ctas_per_cga)}, CTASplitNum {list(cta_split_num)} and CTAOrder "
            f"{list(cta_order)} must have the same rank"
        )
    _check_order(cta_order, "CTAOrder")
    names = standard_out_dim_names(rank)
    layout = LinearLayout.empty()
    for dim in cta_order:
        ctas, split = ctas_per_cga[dim], cta_split_num[dim]
        if not is_power_of_two(ctas) or not is_power_of_two(split) or ctas % split:
            raise LayoutError(
                f"CTAsPerCGA[{dim}] = {ctas} must be a power of two and a multiple of "
                f"CTASplitNum[{dim}] = {split}"
            )
        layout = layout * LinearLayout.identity_1d(split, "block", names[dim])
        layout = layout * LinearLayout.zeros_1d(ctas // split, "block", names[dim])
    return layout.transpose_outs(names)


def combine_cta_cga_with_shape(
    cta_layout: LinearLayout, cga_layout: LinearLayout, shape: Sequence[int]
) -> LinearLayout:
    """Join a one-CTA layout and a cluster layout, fitted to `shape`.

    The cluster layout is first shrunk to the shape (extra CTAs broadcast); each CTA then covers
    `shape / CTAs along each dimension`: the CTA tile wraps in registers when it is smaller and
    broadcasts when it is larger. The result has outputs `dim0, dim1, ...` of exactly `shape`.
    """
    rank = len(shape)
    names = standard_out_dim_names(rank)
    if sorted(cta_layout.out_dims) != sorted(names) or sorted(cga_layout.out_dims) != sorted(names):
        raise LayoutError(
            f"layouts with outputs {list(cta_layout.out_dims)} and {list(cga_layout.out_dims)} "
            f"do not fit a rank-{rank} tensor"
        )
    labeled = dict(zip(names, shape, strict=True))
    cga = ensure_layout_not_larger_than(cga_layout, labeled).transpose_outs(cta_layout.out_dims)
    cta_shape = {d: max(1, labeled[d] // cga.out_dim_size(d)) for d in cta_layout.out_dims}
    cta = ensure_layout_not_smaller_than(cta_layout, cta_shape)
    cta = ensure_layout_not_larger_than(cta, cta_shape)
    return (cta * cga).transpose_outs(names)


def shape_per_cta(cta_split_num: Sequence[int], shape: Sequence[int]) -> tuple[int, ...]:
    """Triton's `getShapePerCTA(CTASplitNum, shape)`: each dimension divided among the CTAs that
    split it, never below one element (`shape[d] / min(shape[d], split[d])`).

    A split shorter than the shape gains leading ones (a pipelined buffer's stage dimension); a
    longer one loses its leading entries (a memory-descriptor slice)."""
    rank, given = len(shape), len(cta_split_num)
    if given <= rank:
        split = (1,) * (rank - given) + tuple(cta_split_num)
    else:
        split = tuple(cta_split_num[given - rank:])
    return tuple(s // min(s, n) for s, n in zip(shape, split, strict=True))


def _check_order(order: Sequence[int], what: str) -> None:
    if sorted(order) != list(range(len(order))):
        raise LayoutError(f"{what} {list(order)} is not a permutation of 0..{len(order) - 1}")
