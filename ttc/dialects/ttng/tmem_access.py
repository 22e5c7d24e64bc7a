"""Whether a register layout can be moved to or from tensor memory with tcgen05.ld/st messages.

Mirrors `computeTMemLdStEncodingInfo`, `lowerTMemLdSt`, `supportsTMemLoadReduce` and
`getContextualMaxNReg` of Triton's `TensorMemoryUtils.cpp` (with `getTileLayout` of its
`Dialect.cpp` and the layout helpers `divideLeft`, `factorMaximalIdentityPrefix`,
`regPermForDivide`, `getReps` and `actionRemoveBroadcastedRegs`); the register budget
(`getContextualMaxNReg`) is the caller's. Only the answer is computed,
not the message plan: the conversion from registers to TMEM (row, col) must, after dropping
broadcast registers and packing sub-32-bit elements into 32-bit columns, start with one of the
message tiles (32x32b, 16x256b, 16x64b, 16x128b, or 16x32bx2) of at least one register.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.divide import (
    divide_left,
    factor_identity_prefix,
    permute_for_divide,
    starts_with_bases_of,
    with_registers,
)
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.order import bases_per_dim
from ttc.layouts.tmem import resize_in_dim

REG, LANE, WARP, ROW, COL = "register", "lane", "warp", "row", "col"


@dataclass(frozen=True)
class TMemAccess:
    """What the verifiers need of Triton's `TMemLdStEncodingInfo`."""

    unpacked: bool


def tile_layout(atom: str, unpacked: bool, with_warp: bool = True) -> LinearLayout:
    """Triton's `getTileLayout`: (register, lane[, warp]) of one message -> TMEM (row, col) for
    32-bit elements; warps 1 and 2 take rows 32 and 64."""
    tile = LinearLayout([(REG, []), (LANE, [])], [(ROW, 1), (COL, 1)])
    if unpacked:
        tile = tile * LinearLayout.zeros_1d(1, REG, COL, 2)
    if atom == "32x32b":
        tile = tile * LinearLayout.identity_1d(32, LANE, ROW)
    elif atom == "16x32bx2":
        tile = tile * LinearLayout.identity_1d(16, LANE, ROW)
    elif atom == "16x64b":
        tile = tile * LinearLayout([(LANE, [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]])], [ROW, COL])
    elif atom == "16x128b":
        tile = tile * (
            LinearLayout.identity_1d(4, LANE, COL)
            * LinearLayout.identity_1d(8, LANE, ROW)
            * LinearLayout.identity_1d(2, REG, ROW)
        ).transpose_ins([REG, LANE]).transpose_outs([ROW, COL])
    else:
        assert atom == "16x256b", atom
        tile = tile * (
            LinearLayout.identity_1d(2, REG, COL)
            * LinearLayout.identity_1d(4, LANE, COL)
            * LinearLayout.identity_1d(8, LANE, ROW)
            * LinearLayout.identity_1d(2, REG, ROW)
        ).transpose_ins([REG, LANE]).transpose_outs([ROW, COL])
    tile = tile.transpose_outs([ROW, COL])
    if not with_warp:
        return tile
    bases = tile.bases
    bases[WARP] = [[32, 0], [64, 0]]
    return LinearLayout(bases.items(), [(ROW, 128), (COL, tile.out_dim_size(COL))])


def _starts_with(cvt: LinearLayout, tile: LinearLayout) -> bool:
    """Triton's `getReps(cvt, tile)` succeeds: each input of `cvt` starts with the tile's bases,
    and its other bases avoid every output bit the tile touches."""
    masks = {o: 0 for o in cvt.out_dims}
    for dim_bases in tile.bases.values():
        for basis in dim_bases:
            for o, v in zip(tile.out_dims, basis, strict=True):
                masks[o] |= v
    for in_dim in cvt.in_dims:
        if not starts_with_bases_of(cvt, tile, in_dim):
            return False
        in_b = tile.in_dim_size_log2(in_dim) if tile.has_in_dim(in_dim) else 0
        for i in range(in_b, cvt.in_dim_size_log2(in_dim)):
            for o in cvt.out_dims:
                v = cvt.get_basis(in_dim, i, o)
                assert isinstance(v, int)
                if v & masks[o]:
                    return False
    return True


def _vectorises(cvt: LinearLayout, tile: LinearLayout, max_nreg: int) -> bool:
    """Triton's `getVec` finds at least one message of `tile` (widened by registers)."""
    max_reg = max_nreg // 2
    if max_nreg == 256 and cvt.in_dim_size(REG) > max_reg:
        max_reg //= 2
    width = 1
    while width <= max_reg // tile.in_dim_size(REG):
        wide = tile * LinearLayout.identity_1d(width, REG, COL)
        permuted = permute_for_divide(cvt, wide)
        if permuted is None or not _starts_with(permuted, wide):
            break
        width *= 2
    return width > 1


def lower_tmem_ld_st(
    cvt: LinearLayout, max_nreg: int, bitwidth: int, unpacked: bool = False
) -> TMemAccess | str:
    """Triton's `lowerTMemLdSt`: the access, or why there is none."""
    registers = cvt.bases[REG]
    kept = [b for b in registers if any(b)]
    if len(kept) != len(registers):
        return lower_tmem_ld_st(with_registers(cvt, kept), max_nreg, bitwidth, unpacked)
    if bitwidth < 32:
        per_column = 32 // bitwidth
        contiguous, quotient = factor_identity_prefix(cvt, REG, COL, per_column)
        half = LinearLayout.zeros_1d(1, REG, COL, per_column)
        if contiguous > 1:
            unpacked, width = False, bitwidth * contiguous
        elif bitwidth == 16 and (
            divided := divide_left(cvt, half * LinearLayout.identity_1d(2, REG, COL))
        ):
            unpacked, quotient, width = True, divided, 32
        elif divided := divide_left(cvt, half):
            unpacked, quotient, width = False, divided, 32
        else:
            return "Failed to lower TMEM load/store: TMEM layout is not packed or unpacked"
        if unpacked:
            quotient = (half * quotient).transpose_outs([ROW, COL])
        access = lower_tmem_ld_st(quotient, max_nreg, width, unpacked)
        if isinstance(access, TMemAccess) and unpacked:
            return TMemAccess(unpacked=True)
        return access
    for atom in ("32x32b", "16x256b", "16x64b", "16x128b", "16x32bx2"):
        if _vectorises(cvt, tile_layout(atom, unpacked), max_nreg):
            return TMemAccess(unpacked=unpacked)
    return f"Failed to lower TMEM load/store: unsupported dst layout\n{cvt}"


def tmem_access(
    tensor: TensorType[Attribute], mem_layout: LinearLayout, bitwidth: int, max_nreg: int
) -> TMemAccess | str:
    """Triton's `computeTMemLdStEncodingInfo` for a tensor and a TMEM view's linear layout."""
    try:
        reg_layout = to_linear_layout(tensor.encoding, tensor.get_shape())
        cvt = reg_layout.invert_and_compose(mem_layout)
    except LayoutError as err:
        return str(err)
    try:
        if cvt.has_in_dim("block"):
            cvt = cvt.quotient(["block"])
    except LayoutError:
        return (
            "The cga_layout of the register and memory layout must be the same. Got:\n"
            f"{reg_layout}\n{mem_layout}"
        )
    warps, rows = reg_layout.bases.get(WARP, []), mem_layout.bases[ROW]
    if len(warps) < 2 or len(rows) < 7 or warps[0] != rows[5] or warps[1] != rows[6]:
        return f"warps=1,2 must map to rows=32,64. Got:\n{reg_layout}\n{mem_layout}"
    bases = cvt.bases
    row_first = cvt.out_dims.index(ROW) == 0
    bases[WARP][0] = [32, 0] if row_first else [0, 32]
    bases[WARP][1] = [64, 0] if row_first else [0, 64]
    cvt = LinearLayout(bases.items(), cvt.out_dim_sizes).transpose_outs([ROW, COL])
    return lower_tmem_ld_st(cvt, max_nreg, bitwidth)


def tmem_access_error(
    tensor: TensorType[Attribute], bitwidth: int, mem_layout: LinearLayout, max_nreg: int
) -> str | None:
    """Why `tensor`'s layout is not TMEM compatible (`isDistributedLayoutTMemCompatible`)."""
    access = tmem_access(tensor, mem_layout, bitwidth, max_nreg)
    return access if isinstance(access, str) else None


def tmem_reduce_error(
    tensor: TensorType[Attribute], bitwidth: int, mem_layout: LinearLayout, max_nreg: int
) -> str | None:
    """Triton's `supportsTMemLoadReduce`: why a load cannot fuse its N reduction, or None."""
    access = tmem_access(tensor, mem_layout, bitwidth, max_nreg)
    if isinstance(access, str):
        return "failed to compute TMEM encoding info"
    if access.unpacked:
        return "tmem_load reduction requires packed format (unpacked=false)"
    layout = to_linear_layout(tensor.encoding, tensor.get_shape())
    per_dim = bases_per_dim(layout, REG)
    if per_dim[1] != layout.out_dim_size(layout.out_dims[1]):
        return "tmem_load reduction with N dimension sharded across threads is not supported."
    if per_dim[0] != 1:
        return "tmem_load reduction with multiple M rows per thread is not supported."
    return None


ATOMS_FOR_HINTS = ("32x32b", "16x256b", "16x128b", "16x64b")
"""The messages whose register layouts Triton suggests for a TMEM buffer, in its order."""


def distributed_layout_for(
    memory: LinearLayout, atom: str, num_warps: int, bitwidth: int
) -> LinearLayout | None:
    """Triton's `getDistributedLayoutForTmemLdSt`: the register layout (register, lane, warp,
    block -> dim0, dim1) that moves a TMEM view with `atom` messages on `num_warps` warps."""
    dims = memory.out_dims
    if bitwidth != 32:
        per_column = 32 // bitwidth
        contiguous, quotient = factor_identity_prefix(memory, COL, dims[1], per_column)
        if contiguous > 1:
            inner = distributed_layout_for(quotient, atom, num_warps, bitwidth * contiguous)
            return None if inner is None else _widen(inner, contiguous)
        padding = LinearLayout.zeros_1d(per_column, COL, dims[1])
        unpacked = divide_left(memory, padding * LinearLayout.identity_1d(2, COL, dims[1]))
        if bitwidth == 16 and unpacked is not None:
            inner = distributed_layout_for(unpacked, atom, num_warps, 32)
            return None if inner is None else _widen(inner, 2)
        if (padded := divide_left(memory, padding)) is not None:
            return distributed_layout_for(padded, atom, num_warps, 32)
        if memory.in_dim_size(COL) == 1:
            return distributed_layout_for(memory, atom, num_warps, 32)
        return None
    tile = tile_layout(atom, unpacked=False, with_warp=False)
    missing = memory.in_dim_size(COL) // tile.out_dim_size(COL)
    if missing == 0:
        return None
    rows_32 = atom == "32x32b"
    rows_16 = not any(memory.bases[ROW][4])
    reachable = (tile * LinearLayout.identity_1d(1, "block", "block")).compose(memory)
    reachable = reachable.sublayout([REG, LANE], dims)
    if rows_32:  # lane 16 will use the 16x32bx2 message
        reachable = resize_in_dim(reachable, LANE, reachable.in_dim_size(LANE) // 2)
    if not reachable.is_injective():
        return None
    row16 = None if rows_32 or rows_16 else (WARP if num_warps > 4 else REG)
    warps_to_tile = num_warps // (8 if row16 == WARP else 4)
    warp_broadcast = warps_to_tile // min(missing, warps_to_tile)
    warps_to_tile //= warp_broadcast
    missing //= warps_to_tile
    if missing > 1:
        if rows_32 and rows_16:  # lane 16 loads the other half through 16x32bx2
            halved = divide_left(tile, LinearLayout.identity_1d(2, LANE, ROW))
            assert halved is not None
            tile = halved * (
                LinearLayout.identity_1d(missing // 2, REG, COL)
                * LinearLayout.identity_1d(2, LANE, COL)
            )
        else:
            tile = tile * LinearLayout.identity_1d(missing, REG, COL)
    tile = tile.transpose_outs([ROW, COL])
    bases = tile.bases
    bases[WARP] = [[32, 0], [64, 0]]
    if row16 is not None:
        bases[row16].append([16, 0])
    tile = LinearLayout(bases.items(), [(ROW, 128), (COL, tile.out_dim_size(COL))])
    tile = (
        tile
        * LinearLayout.identity_1d(warps_to_tile, WARP, COL)
        * LinearLayout.zeros_1d(warp_broadcast, WARP, COL)
        * LinearLayout.identity_1d(memory.in_dim_size("block"), "block", "block")
    )
    return tile.compose(memory)


def _widen(layout: LinearLayout, elements: int) -> LinearLayout:
    """`identity1D(elements, register, dim1) * layout`: consecutive elements in one register."""
    dims = layout.out_dims
    return (LinearLayout.identity_1d(elements, REG, dims[1]) * layout).transpose_outs(dims)


def split_long_m_layout(
    memory: LinearLayout, num_warps: int, bitwidth: int
) -> LinearLayout | None:
    """Triton's `getTmemLoadLayoutSplitLongM`: with 8 warps, the 32x32b layout with warp 4 and
    lane 16 swapped when that keeps the third warp bit on the first two's dimension."""
    if num_warps != 8:
        return None
    layout = distributed_layout_for(memory, "32x32b", num_warps, bitwidth)
    if layout is None:
        return None
    warps, lanes = layout.bases[WARP], layout.bases[LANE]
    for dim in (0, 1):
        w1, w2, w4 = (warps[i][dim] == 0 for i in range(3))
        l16 = lanes[4][dim] == 0
        if l16 != w4 and w1 == w2 == l16:
            bases = layout.bases
            bases[WARP][2], bases[LANE][4] = bases[LANE][4], bases[WARP][2]
            return LinearLayout(bases.items(), layout.out_dim_sizes)
    return None
