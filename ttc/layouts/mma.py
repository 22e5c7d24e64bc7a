"""`#ttg.nvidia_mma` and `#ttg.dot_op` as linear layouts (Triton's `NvidiaMmaEncodingAttr` and
`DotOperandEncodingAttr` `toLinearLayout`: `nvidiaMmaTile`, `nvidiaDotToLinearLayout`,
`fmaDotToLinearLayout` in LinearLayoutConversions.cpp).

An MMA tile (mma.sync for version 2, one warp's share of a wgmma for version 3) gives each thread
`kWidth` consecutive elements along the tile's inner dimension, spreads 4 lanes along the inner and
8 lanes along the outer dimension, then repeats in registers: first along the outer dimension (to
the tile's height), then along the inner one. The accumulator uses `kWidth = 2` and a
`instrShape[:2]` tile; operand A of a dot uses a `16 x 8*kWidth` tile and operand B (mma v2 only) a
`8*kWidth x 8` tile, both with K innermost, and the warps of the parent broadcast along K. A dot
operand of a `#ttg.blocked` parent (the FMA path) holds all of K in each thread, its lanes and
warps broadcast along K.

Functions take plain parameters; `ttc.dialects.ttg.linear_layouts` adapts the attributes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttc.layouts.cga import combine_cta_cga_with_shape, make_cga_layout
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.utils import identity_standard_nd, standard_out_dim_names


def matrix_order(rank: int, row_major: bool) -> tuple[int, ...]:
    """Triton's `getMatrixOrder`: `[rank-1, ..., 0]`, the last two swapped when column-major."""
    order = list(range(rank - 1, -1, -1))
    if rank >= 2 and not row_major:
        order[0], order[1] = order[1], order[0]
    return tuple(order)


def dot_operand_order(op_idx: int, rank: int, k_contig: bool) -> tuple[int, ...]:
    """Triton's `getOrderForDotOperand`: A is `[*batch, m, k]`, B is `[*batch, k, n]`."""
    return matrix_order(rank, row_major=bool(op_idx) != k_contig)


def broadcasted_dot_operand_layout(
    shape: Sequence[int], order: Sequence[int], broadcast_dim: int, in_dim: str
) -> LinearLayout:
    """Triton's `broadcastedDotOperandLayout`: `in_dim` over `shape` in `order`, all copies along
    `broadcast_dim` (K of a dot operand)."""
    names = standard_out_dim_names(len(shape))
    layout = LinearLayout.empty()
    for d in order:
        if d == broadcast_dim:
            layout = layout * LinearLayout.zeros_1d(shape[d], in_dim, names[d])
        else:
            layout = layout * LinearLayout.identity_1d(shape[d], in_dim, names[d])
    return layout


def mma_tile(
    tile_shape: Sequence[int], k_width: int, order: Sequence[int], rep_order: Sequence[int]
) -> LinearLayout:
    """Triton's `nvidiaMmaTile`: registers and lanes of one MMA tile, outputs in `rep_order`."""
    rank = len(rep_order)
    names = standard_out_dim_names(rank)
    inner, outer = order[0], order[1]
    m, n = tile_shape[outer], tile_shape[inner]
    if m % 8 or n % (k_width * 4):
        raise LayoutError(f"an MMA tile of {list(tile_shape)} does not fit kWidth = {k_width}")
    return (
        identity_standard_nd("register", [1] * rank, rep_order)
        * LinearLayout.identity_1d(k_width, "register", names[inner])
        * LinearLayout.identity_1d(4, "lane", names[inner])
        * LinearLayout.identity_1d(8, "lane", names[outer])
        * LinearLayout.identity_1d(m // 8, "register", names[outer])
        * LinearLayout.identity_1d(n // (k_width * 4), "register", names[inner])
    )


def _with_warps_and_cga(
    tile: LinearLayout,
    warps: LinearLayout,
    shape: Sequence[int],
    cga: tuple[Sequence[int], Sequence[int], Sequence[int]],
) -> LinearLayout:
    cta = tile * warps.transpose_outs(tile.out_dims)
    return combine_cta_cga_with_shape(cta, make_cga_layout(*cga), shape)


def nvidia_mma_to_linear(
    shape: Sequence[int],
    version_major: int,
    warps_per_cta: Sequence[int],
    instr_shape: Sequence[int],
    cga: tuple[Sequence[int], Sequence[int], Sequence[int]],
) -> LinearLayout:
    """The accumulator layout of `#ttg.nvidia_mma` (versions 2 and 3) for a tensor of `shape`.

    `cga` is `(CTAsPerCGA, CTASplitNum, CTAOrder)`.
    """
    rank = len(shape)
    if version_major not in (2, 3):
        raise LayoutError(f"no linear layout for #ttg.nvidia_mma version {version_major}")
    if version_major == 2:
        tile_shape = list(instr_shape)
    else:
        tile_shape = [1] * (rank - 2) + list(instr_shape[:2])
    default = matrix_order(rank, row_major=True)
    tile = mma_tile(tile_shape, 2, default, default)
    warp_order = matrix_order(rank, row_major=version_major != 3)
    warps = identity_standard_nd("warp", warps_per_cta, warp_order)
    return _with_warps_and_cga(tile, warps, shape, cga)


def nvidia_dot_operand_to_linear(
    shape: Sequence[int],
    op_idx: int,
    k_width: int,
    version_major: int,
    warps_per_cta: Sequence[int],
    cga: tuple[Sequence[int], Sequence[int], Sequence[int]],
) -> LinearLayout:
    """The layout of `#ttg.dot_op<{opIdx, parent = #ttg.nvidia_mma, kWidth}>`."""
    rank = len(shape)
    tile_shape = [1] * rank
    if op_idx == 0:
        tile_shape[rank - 2], tile_shape[rank - 1] = 16, k_width * 8
    else:
        if version_major != 2:
            raise LayoutError("operand B of an MMA v3 dot lives in shared memory")
        tile_shape[rank - 2], tile_shape[rank - 1] = k_width * 8, 8
    order = dot_operand_order(op_idx, rank, k_contig=True)
    tile = mma_tile(tile_shape, k_width, order, order)
    k_dim = rank - 1 if op_idx == 0 else rank - 2
    warp_order = matrix_order(rank, row_major=version_major != 3)
    warps = broadcasted_dot_operand_layout(warps_per_cta, warp_order, k_dim, "warp")
    return _with_warps_and_cga(tile, warps, shape, cga)


def fma_dot_operand_to_linear(
    shape: Sequence[int],
    op_idx: int,
    size_per_thread: Sequence[int],
    threads_per_warp: Sequence[int],
    warps_per_cta: Sequence[int],
    order: Sequence[int],
    cga: tuple[Sequence[int], Sequence[int], Sequence[int]],
) -> LinearLayout:
    """The layout of `#ttg.dot_op<{opIdx, parent = #ttg.blocked}>` (Triton's
    `fmaDotToLinearLayout`): each thread holds all of K."""
    rank = len(shape)
    k_dim = rank - 1 if op_idx == 0 else rank - 2
    thread_size = list(size_per_thread)
    thread_size[k_dim] = shape[k_dim]
    rep_names = [standard_out_dim_names(rank)[d] for d in order]
    registers = identity_standard_nd("register", thread_size, order)
    lanes = broadcasted_dot_operand_layout(threads_per_warp, order, k_dim, "lane")
    warps = broadcasted_dot_operand_layout(warps_per_cta, order, k_dim, "warp")
    cta = (
        registers.transpose_outs(rep_names)
        * lanes.transpose_outs(rep_names)
        * warps.transpose_outs(rep_names)
    )
    return combine_cta_cga_with_shape(cta, make_cga_layout(*cga), shape)
