"""Shared-memory encodings as linear layouts (Triton's `swizzledSharedToLinearLayout`,
`nvmmaSharedToLinearLayout` and `getCoreMatrixLinearLayout` in LinearLayoutConversions.cpp).

A shared layout maps `offset` (the element index within one CTA's buffer) and `block` (the CTA)
to tensor coordinates. Both encodings are XOR swizzles of a row-major (in `order`) buffer: bit `i`
of the column index is offset bit `i`, and row `r`'s bits also XOR the column with
`vec * ((r / perPhase) % maxPhase)`, so consecutive rows of a phase group land in different banks.

* `#ttg.swizzled_shared<{vec, perPhase, maxPhase, order}>` swizzles the two most minor dimensions
  of `order` over the whole per-CTA tile; the other dimensions follow as plain strides.
* `#ttg.shared_linear<{offset, block}>` gives the bases directly; the buffer must have its shape.
* `#ttg.nvmma_shared<{swizzlingByteWidth, transposed, elementBitWidth}>` swizzles 8-row core
  matrices `swizzlingByteWidth` bytes wide (`vec = 128 / bits`, `perPhase = 128 / width`,
  `maxPhase = width / 16`), tiled over the TMA block: all outer dimensions collapsed into rows,
  the contiguous dimension cut to the swizzle width (`transposed` swaps which is contiguous);
  width 0 is an unswizzled row-major (or transposed) buffer.

Functions take plain parameters; `ttc.dialects.ttg.linear_layouts` adapts the attributes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttc.layouts.cga import combine_cta_cga_with_shape, make_cga_layout, shape_per_cta
from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two
from ttc.layouts.utils import ensure_layout_not_smaller_than, standard_out_dim_names

OFFSET = "offset"
TMA_MAX_BOX = 256
"""The largest extent of a TMA block along any dimension."""

Cga = tuple[Sequence[int], Sequence[int], Sequence[int]]


def swizzle_column(row: int, vec: int, per_phase: int, max_phase: int) -> int:
    """The column XOR of row `row`: `vec * ((row / perPhase) % maxPhase)`."""
    return vec * ((row // per_phase) % max_phase)


def _check_shape(shape: Sequence[int]) -> None:
    if not all(is_power_of_two(s) for s in shape):
        raise LayoutError(
            f"a shared layout needs power-of-two dimensions, got {'x'.join(map(str, shape))}"
        )


def swizzled_shared_to_linear(
    shape: Sequence[int],
    vec: int,
    per_phase: int,
    max_phase: int,
    order: Sequence[int],
    cga: Cga,
) -> LinearLayout:
    """The layout of `#ttg.swizzled_shared` for a buffer of `shape` (`cga`: CTAsPerCGA,
    CTASplitNum, CTAOrder)."""
    _check_shape(shape)
    rank = len(shape)
    per_cta = shape_per_cta(cga[1], shape)
    names = standard_out_dim_names(rank)
    if rank == 1:
        tile = LinearLayout.identity_1d(per_cta[0], OFFSET, names[0])
        return combine_cta_cga_with_shape(tile, make_cga_layout(*cga), shape)
    col_dim, row_dim = order[0], order[1]
    cols, rows = per_cta[col_dim], per_cta[row_dim]
    bases = [[0, 1 << i] for i in range(cols.bit_length() - 1)]
    for i in range(rows.bit_length() - 1):
        row = 1 << i
        bases.append([row, swizzle_column(row, vec, per_phase, max_phase) % cols])
    tile = LinearLayout([(OFFSET, bases)], [(names[row_dim], rows), (names[col_dim], cols)])
    for dim in order[2:]:
        tile = tile * LinearLayout.identity_1d(per_cta[dim], OFFSET, names[dim])
    return combine_cta_cga_with_shape(tile, make_cga_layout(*cga), shape)


def nvmma_swizzle(swizzle_bytes: int, element_bits: int) -> tuple[int, int, int]:
    """`(vec, perPhase, maxPhase)` of a `#ttg.nvmma_shared` (all 1 without swizzling)."""
    if swizzle_bytes == 0:
        return 1, 1, 1
    return 128 // element_bits, 128 // swizzle_bytes, swizzle_bytes // 16


def nvmma_swizzle_bytes(
    per_cta: Sequence[int], order: Sequence[int], element_bits: int, fp4_padded: bool
) -> int:
    """The swizzle width Triton's shape-based `NVMMASharedEncodingAttr::get` picks: the widest of
    128/64/32 bytes dividing the contiguous dimension's bytes, 0 for rank 1 or fewer than 8 rows
    in the other dimensions together."""
    contig_bytes = per_cta[order[0]] * (2 if fp4_padded else 1) * element_bits // 8
    rows = 1
    for dim in order[1:]:
        rows *= per_cta[dim]
    if len(per_cta) < 2 or rows < 8:
        return 0
    return next((w for w in (128, 64, 32) if contig_bytes >= w and contig_bytes % w == 0), 0)


def tma_block_shape(
    per_cta: Sequence[int], element_bits: int, swizzle_bytes: int, fp4_padded: bool, transposed: bool
) -> list[int]:
    """Triton's tiled-mode `getTMABlockShape` (packed sizes): every dimension at most 256, the
    contiguous one exactly the swizzle width."""
    block = [min(s, TMA_MAX_BOX) for s in per_cta]
    contig = 0 if transposed else len(block) - 1
    if fp4_padded:
        block[contig] = min(per_cta[contig] * 2, TMA_MAX_BOX)
    if swizzle_bytes:
        width = 8 * swizzle_bytes // element_bits
        if block[contig] < width:
            raise LayoutError(
                f"block shape along the contiguous dimension {contig} is too small for the "
                f"swizzle byte size {swizzle_bytes} in an NVMMASharedLayout, got "
                f"{block[contig]} but expected at least {width}"
            )
        block[contig] = width
    if fp4_padded:
        block[contig] //= 2
    return block


def _core_matrix(swizzle_bytes: int, element_bits: int, fp4_padded: bool) -> LinearLayout:
    """Triton's `getCoreMatrixLinearLayout`: one 8-row swizzle tile (outputs dim0, dim1)."""
    vec, per_phase, max_phase = nvmma_swizzle(swizzle_bytes, element_bits)
    cols = 8 * max(16, swizzle_bytes) // element_bits

    def packed(col: int) -> int:
        return col // 16 * 8 + col % 8 if fp4_padded else col

    bases = [[0, packed(1 << i)] for i in range(cols.bit_length() - 1)]
    for i in range(3):
        row = 1 << i
        bases.append([row, packed(swizzle_column(row, vec, per_phase, max_phase))])
    return LinearLayout([(OFFSET, bases)], ["dim0", "dim1"])


def _rotate_left(values: Sequence[int]) -> list[int]:
    return [*values[1:], values[0]]


def _transpose_outs_last_first(layout: LinearLayout, rank: int) -> LinearLayout:
    """Triton's `transposeLinearLayout(layout, [rank-1, 0, 1, ...])`: basis entries permuted so
    the last pre-transposed dimension becomes dim0, the output names kept."""
    perm = [rank - 1, *range(rank - 1)]
    bases = [(name, [[b[i] for i in perm] for b in vectors]) for name, vectors in layout.bases.items()]
    return LinearLayout(bases, layout.out_dims)


def _row_major(shape: Sequence[int], names: Sequence[str]) -> LinearLayout:
    layout = LinearLayout.empty()
    for dim in reversed(range(len(shape))):
        layout = layout * LinearLayout.identity_1d(shape[dim], OFFSET, names[dim])
    return layout


def _swizzled_blocks(
    block: Sequence[int], transposed: bool, swizzle_bytes: int, element_bits: int, fp4_padded: bool
) -> LinearLayout:
    """Core matrices tiled over one TMA block: the outer dimensions collapsed into rows, the result
    split back into the (pre-transposed) block dimensions, outputs `dim0, dim1, ...`."""
    rank = len(block)
    if rank < 2:
        raise LayoutError("a swizzled #ttg.nvmma_shared needs at least two dimensions")
    names = standard_out_dim_names(rank)
    collapsed = [1, block[-1]]
    for size in block[:-1]:
        collapsed[0] *= size
    if transposed:
        collapsed.reverse()
    tile = _core_matrix(swizzle_bytes, element_bits, fp4_padded)
    packing = 2 if fp4_padded else 1
    rows, cols = tile.out_dim_size("dim0"), tile.out_dim_size("dim1")
    if collapsed[1] * packing < cols or collapsed[0] < rows:
        raise LayoutError(
            f"illegal #ttg.nvmma_shared: the collapsed per-CTA shape {collapsed} is smaller than "
            f"a core matrix of {rows}x{cols // packing}"
        )
    tile = ensure_layout_not_smaller_than(tile, {"dim0": collapsed[0], "dim1": collapsed[1]})
    pre_transposed = _rotate_left(block) if transposed else list(block)
    return (
        tile.transpose_outs(["dim1", "dim0"])
        .reshape_outs([(names[d], pre_transposed[d]) for d in reversed(range(rank))])
        .transpose_outs(names)
    )


def nvmma_shared_to_linear(
    shape: Sequence[int],
    swizzle_bytes: int,
    transposed: bool,
    element_bits: int,
    fp4_padded: bool,
    cga: Cga,
) -> LinearLayout:
    """The layout of `#ttg.nvmma_shared` for a buffer of `shape`."""
    _check_shape(shape)
    rank = len(shape)
    per_cta = shape_per_cta(cga[1], shape)
    names = standard_out_dim_names(rank)
    block = tma_block_shape(per_cta, element_bits, swizzle_bytes, fp4_padded, transposed)
    if swizzle_bytes == 0:
        pre_transposed = _rotate_left(block) if transposed else block
        layout = _row_major(pre_transposed, names).transpose_outs(names)
        growth_order = list(reversed(names))
    else:
        layout = _swizzled_blocks(block, transposed, swizzle_bytes, element_bits, fp4_padded)
        growth_order = list(names)
    if transposed:
        layout = _transpose_outs_last_first(layout, rank)
    # Beyond one TMA block the tile repeats, dimensions grown in Triton's out-dim order (most
    # minor first when unswizzled, dim0 first when swizzled).
    layout = ensure_layout_not_smaller_than(
        layout.transpose_outs(growth_order), dict(zip(names, per_cta, strict=True))
    )
    return combine_cta_cga_with_shape(layout, make_cga_layout(*cga), shape)


def shared_linear_to_linear(
    bases: Mapping[str, Sequence[Sequence[int]]], shape: Sequence[int]
) -> LinearLayout:
    """The layout of `#ttg.shared_linear<{offset, block}>`, which must cover exactly `shape`."""
    names = standard_out_dim_names(len(shape))
    layout = LinearLayout([(OFFSET, bases["offset"]), ("block", bases["block"])], names)
    sizes = tuple(layout.out_dim_size(n) for n in names)
    if sizes != tuple(shape):
        raise LayoutError(
            f"the #ttg.shared_linear layout covers {'x'.join(map(str, sizes))}, not the buffer "
            f"shape {'x'.join(map(str, shape))}"
        )
    return layout
