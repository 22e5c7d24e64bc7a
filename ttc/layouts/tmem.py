"""Linear layouts of Blackwell tensor memory (TMEM): inputs `row`, `col`, `block`.

Mirrors `tensorMemoryToLinearLayout`, `tensorMemoryScalesToLinearLayout` and the TMEM branch of
`toLinearLayout(MemDescType)` of Triton's `LinearLayoutConversions.cpp`. TMEM is 128 rows (lanes)
by 512 32-bit columns per CTA; an accumulator of blockM x blockN blocks is laid out blocks along M
first, then N. A packed element narrower than 32 bits shares a column with its neighbours
(`colStride` 1); with `colStride` > 1 the unused column bits hold nothing (zero `col` bases).
Zero `row` bases at rows 32 and 64 broadcast the data over warps; elsewhere they are undefined.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttc.layouts.cga import shape_per_cta
from ttc.layouts.linear import LinearLayout, log2
from ttc.layouts.utils import ensure_layout_not_larger_than, standard_out_dim_names

DIMS = standard_out_dim_names(2)


def cga_layout(bases: Sequence[Sequence[int]]) -> LinearLayout:
    """The rank-2 CGA layout with these `block` bases (Triton's `CGAEncodingAttr`)."""
    return LinearLayout([("block", bases)], DIMS)


def cta_split(cga: LinearLayout) -> tuple[int, int]:
    """How many pieces the CTAs cut each dimension into (Triton's `getCTASplitNum`)."""
    return cga.out_dim_size(DIMS[0]), cga.out_dim_size(DIMS[1])


def tensor_memory_to_linear(
    shape: Sequence[int],
    block_m: int,
    block_n: int,
    col_stride: int,
    cga_bases: Sequence[Sequence[int]],
    two_ctas: bool,
    fp4_padded: bool,
) -> LinearLayout:
    """`#ttng.tensor_memory_encoding` over a 2-D allocation of `shape`."""
    cga = cga_layout(cga_bases)
    per_cta = shape_per_cta(cta_split(cga), shape)
    block_n = min(block_n, per_cta[1])
    tile = LinearLayout.zeros_1d(col_stride, "col", DIMS[1])
    columns = LinearLayout.empty()
    if fp4_padded:
        # The low column bit selects the real or the padding half.
        columns = columns * LinearLayout.zeros_1d(2, "col", DIMS[1])
    columns = columns * LinearLayout.identity_1d(block_n, "col", DIMS[1])
    if block_m == 64 and not two_ctas:
        tile = (tile * (LinearLayout.identity_1d(16, "row", DIMS[0]) * columns)).transpose_outs(DIMS)
        bases = tile.bases
        if per_cta[0] > block_m:
            bases["row"].append([64, 0])
        elif per_cta[1] > block_n:
            bases["row"].append([0, block_n])
        else:
            bases["row"].append([0, 0])  # undefined rows
        bases["row"] += [[16, 0], [32, 0]]
        tile = LinearLayout(bases.items(), DIMS)
    else:
        tile = tile * (LinearLayout.identity_1d(block_m, "row", DIMS[0]) * columns)
        tile = tile.transpose_outs(DIMS)
        if block_m == 64:  # two CTAs: the top column bit moves to the rows
            bases = tile.bases
            bases["row"].append(bases["col"].pop())
            tile = LinearLayout(bases.items(), tile.out_dim_sizes)
    reps_m = per_cta[0] // tile.out_dim_size(DIMS[0])
    reps_n = per_cta[1] // tile.out_dim_size(DIMS[1])
    tile = (
        tile
        * LinearLayout.identity_1d(reps_m, "col", DIMS[0])
        * LinearLayout.identity_1d(reps_n, "col", DIMS[1])
    )
    return (tile * cga).transpose_ins(["row", "col", "block"])


def tensor_memory_scales_to_linear(
    shape: Sequence[int], cga_bases: Sequence[Sequence[int]], k_then_mn: bool
) -> LinearLayout:
    """`#ttng.tensor_memory_scales_encoding`: 32x4 blocks of scales copied over the 4 warps'
    rows, repeated along columns in `mnThenK` (default) or `kThenMn` order."""
    cga = cga_layout(cga_bases)
    per_cta = shape_per_cta(cta_split(cga), shape)
    tile = (
        LinearLayout.identity_1d(32, "row", DIMS[0])
        * LinearLayout.zeros_1d(4, "row", DIMS[0])
        * LinearLayout.identity_1d(4, "col", DIMS[1])
        * LinearLayout.identity_1d(2, "col", DIMS[0])
    )
    reps_mn = -(-per_cta[0] // tile.out_dim_size(DIMS[0]))
    reps_k = -(-per_cta[1] // tile.out_dim_size(DIMS[1]))
    if reps_mn > 1:
        tile = tile * LinearLayout.identity_1d(2, "col", DIMS[0])
        reps_mn //= 2
    mn = LinearLayout.identity_1d(reps_mn, "col", DIMS[0])
    k = LinearLayout.identity_1d(reps_k, "col", DIMS[1])
    tile = tile * (k * mn if k_then_mn else mn * k)
    tile = tile * LinearLayout.identity_1d(1, "block", DIMS[0])
    tile = ensure_layout_not_larger_than(tile, dict(zip(DIMS, per_cta, strict=True)))
    return tile * cga


def resize_out_dim(layout: LinearLayout, out_dim: str, size: int) -> LinearLayout:
    """Triton's `resizeOutDim`: shrink an output, zeroing the bases beyond it."""
    index = layout.out_dims.index(out_dim)
    bases = layout.bases
    for dim_bases in bases.values():
        for basis in dim_bases:
            if basis[index] >= size:
                basis[index] = 0
    sizes = layout.out_dim_sizes
    sizes[out_dim] = size
    return LinearLayout(bases.items(), sizes)


def resize_in_dim(layout: LinearLayout, in_dim: str, size: int) -> LinearLayout:
    """Triton's `resizeInDim`: truncate an input's bases, or pad them with zeros."""
    bases = layout.bases
    zero = [0] * layout.num_out_dims
    kept = bases[in_dim][: log2(size)]
    bases[in_dim] = kept + [list(zero) for _ in range(log2(size) - len(kept))]
    return LinearLayout(bases.items(), layout.out_dim_sizes)


def nonzero_basis_mask(layout: LinearLayout, in_dim: str) -> int:
    """Triton's `getInputBasisMask` over all outputs: bit i set if basis i of `in_dim` is not 0."""
    return sum(
        1 << i for i, basis in enumerate(layout.bases[in_dim]) if any(v != 0 for v in basis)
    )


def view_layout(
    allocation: LinearLayout, view_shape: Sequence[int], element_bits: int
) -> LinearLayout:
    """A TMEM view (`toLinearLayout(MemDescType)`): the allocation's layout trimmed to the view's
    shape, with at least the columns one 32-bit column holds."""
    layout = allocation
    for dim, size in zip(layout.out_dims, view_shape, strict=True):
        layout = resize_out_dim(layout, dim, size)
    min_col_bases = log2(32 // element_bits) if element_bits <= 32 else 0
    col_bases = max(min_col_bases, nonzero_basis_mask(layout, "col").bit_length())
    return resize_in_dim(layout, "col", 1 << col_bases)
