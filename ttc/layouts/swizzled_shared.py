"""The linear layout of a `#ttg.swizzled_shared` buffer (Triton's `swizzledSharedToLinearLayout`).

The input dimension `offset` counts elements in shared memory. Along the memory's fastest
dimension (`order[0]`) consecutive offsets are consecutive columns; row `r` (dimension `order[1]`)
XORs its columns with `vec * ((r / perPhase) % maxPhase)`, the swizzle; further dimensions follow
in `order`. The `block` dimension splits the tensor over the CTAs as for distributed layouts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttc.dialects.ttg_attrs import SwizzledSharedEncodingAttr, ints
from ttc.layouts.cga import combine_cta_cga_with_shape, make_cga_layout
from ttc.layouts.linear import LinearLayout
from ttc.layouts.utils import standard_out_dim_names


def swizzled_shared_to_linear(encoding: SwizzledSharedEncodingAttr, shape: Sequence[int]) -> LinearLayout:
    """The layout from (`offset`, `block`) to the coordinates of a `shape` tensor."""
    cta = encoding.cta_layout
    order = ints(encoding.order)
    rank = len(shape)
    names = standard_out_dim_names(rank)
    per_cta = [s // min(s, n) for s, n in zip(shape, cta.cta_split_num)]
    if rank == 1:
        layout = LinearLayout.identity_1d(per_cta[0], "offset", names[0])
    else:
        col_dim, row_dim = order[0], order[1]
        cols, rows = per_cta[col_dim], per_cta[row_dim]
        vec, per_phase, max_phase = encoding.vec.data, encoding.per_phase.data, encoding.max_phase.data
        bases = [[0, 1 << i] for i in range(cols.bit_length() - 1)]
        for i in range(rows.bit_length() - 1):
            row = 1 << i
            bases.append([row, (vec * ((row // per_phase) % max_phase)) % cols])
        layout = LinearLayout({"offset": bases}, [(names[row_dim], rows), (names[col_dim], cols)])
        for dim in order[2:]:
            layout = layout * LinearLayout.identity_1d(per_cta[dim], "offset", names[dim])
    cga = make_cga_layout(cta.ctas_per_cga, cta.cta_split_num, cta.cta_order)
    return combine_cta_cga_with_shape(layout, cga, shape)
