"""`#ttg.linear` as a linear layout (Triton's LinearEncodingAttr `toLinearLayout`).

The attribute stores the bases of `register`, `lane`, `warp` and `block` directly; the output
dimensions are `dim0, dim1, ...` with sizes implied by the bases. For a tensor of another shape the
layout is fitted as Triton does: outputs are visited in the register order (the order in which
register bases first move each dimension), the tile repeats in registers for a larger tensor, and
for a smaller one the overflowing register bases are dropped while lanes, warps and blocks
broadcast.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.order import layout_order
from ttc.layouts.utils import (
    ensure_layout_not_larger_than,
    ensure_layout_not_smaller_than,
    standard_out_dim_names,
)

LINEAR_IN_DIMS = ("register", "lane", "warp", "block")


def linear_encoding_to_linear(
    bases: Mapping[str, Sequence[Sequence[int]]], shape: Sequence[int]
) -> LinearLayout:
    """The layout of `#ttg.linear<{register, lane, warp, block}>` for a tensor of `shape`."""
    unknown = set(bases) - set(LINEAR_IN_DIMS)
    if unknown:
        raise LayoutError(f"unknown input dimensions {sorted(unknown)} in a linear encoding")
    rank = next((len(v[0]) for v in bases.values() if v), 0)
    if rank == 0:
        raise LayoutError("a linear encoding needs at least one non-empty basis")
    if rank != len(shape):
        raise LayoutError(
            f"the layout has rank {rank}, but the tensor shape {'x'.join(map(str, shape))} has "
            f"rank {len(shape)}"
        )
    names = standard_out_dim_names(rank)
    layout = LinearLayout(
        [(dim, bases.get(dim, [])) for dim in LINEAR_IN_DIMS], names, require_surjective=True
    )
    permuted = [names[d] for d in layout_order(layout)]
    named_shape = dict(zip(names, shape, strict=True))
    fitted = ensure_layout_not_smaller_than(layout.transpose_outs(permuted), named_shape)
    fitted = ensure_layout_not_larger_than(fitted, named_shape, broadcast_registers=False)
    return fitted.transpose_outs(names)
