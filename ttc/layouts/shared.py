"""Shared-memory layouts as linear layouts (Triton's `swizzledSharedToLinearLayout` in
LinearLayoutConversions.cpp).

A shared layout maps the input dimension `offset` (the element's position in the buffer, in
elements) and `block` (the CTA of a cluster) to tensor coordinates. For `#ttg.swizzled_shared`
the two fastest dimensions of `order` form a row-major tile of `rows x cols` elements, with the
columns swizzled: row `r` stores its `vec`-element groups XOR-ed with `phase(r) * vec`, where
`phase(r) = (r / perPhase) % maxPhase`. Since `vec`, `perPhase` and `maxPhase` are powers of two,
that XOR is linear over F2: the basis of offset bit `log2(cols) + j` (row `2^j`) is
`(2^j, vec * ((2^j / perPhase) % maxPhase) % cols)`. Slower dimensions follow the tile unswizzled,
in `order`. With `vec = perPhase = maxPhase = 1` the layout is plain row-major in `order`.

Reading element `(r, c)` therefore means inverting the layout: `offset = L^-1(r, c)`, which the
lowering composes with a distributed layout (`register, lane, warp -> offset`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ttc.layouts.cga import combine_cta_cga_with_shape, make_cga_layout
from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two
from ttc.layouts.utils import standard_out_dim_names


def swizzled_shared_to_linear(
    shape: Sequence[int],
    vec: int,
    per_phase: int,
    max_phase: int,
    order: Sequence[int],
    cga: tuple[Sequence[int], Sequence[int], Sequence[int]],
) -> LinearLayout:
    """The layout from (offset, block) to the coordinates of a `shape` buffer."""
    for name, value in (("vec", vec), ("perPhase", per_phase), ("maxPhase", max_phase)):
        if not is_power_of_two(value):
            raise LayoutError(f"{name} = {value} is not a power of two")
    rank = len(shape)
    if sorted(order) != list(range(rank)):
        raise LayoutError(f"order {list(order)} is not a permutation of 0..{rank - 1}")
    ctas_per_cga, cta_split_num, cta_order = cga
    shape_per_cta = [max(1, size // split) for size, split in zip(shape, cta_split_num)]
    for size in shape_per_cta:
        if not is_power_of_two(size):
            raise LayoutError(f"shared buffer shape {list(shape)} is not made of powers of two")
    names = standard_out_dim_names(rank)
    if rank == 1:
        tile = LinearLayout.identity_1d(shape_per_cta[0], "offset", names[0])
    else:
        col_dim, row_dim = order[0], order[1]
        cols, rows = shape_per_cta[col_dim], shape_per_cta[row_dim]
        bases: list[list[int]] = []
        column = 1
        while column < cols:
            bases.append([0, column])
            column *= 2
        row = 1
        while row < rows:
            bases.append([row, (vec * ((row // per_phase) % max_phase)) % cols])
            row *= 2
        tile = LinearLayout({"offset": bases}, [(names[row_dim], rows), (names[col_dim], cols)])
        for dim in order[2:]:
            tile = tile * LinearLayout.identity_1d(shape_per_cta[dim], "offset", names[dim])
    return combine_cta_cga_with_shape(
        tile, make_cga_layout(ctas_per_cga, cta_split_num, cta_order), shape)
