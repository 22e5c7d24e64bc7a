"""Bank-conflict-free shared-memory layouts for a layout conversion (Triton's
lib/Tools/GenericSwizzling.cpp: `optimalSwizzling`, `optimalSwizzlingLdSt`, `bankConflicts`, and
`getSrcDstTiles` of lib/Conversion/TritonGPUToLLVM/Utility.cpp).

A conversion that crosses warps writes the source registers to shared memory and reads the
destination registers back. Everything here works on *flattened* tensor indices (dim0 the fastest
bit, as `LinearLayout.flatten_outs`): each layout is its lists of register, lane, warp and block
bases as ints. The shared buffer is itself a linear map from its own bits to tensor indices,
`vector | bank | segment | block | reps`:

* `vector`: elements one thread moves in one access. Register bases common to both layouts (at
  most 128 bits); when they fill less than a 32-bit bank word, register bases of one side that are
  warp bases of the other (then warp bases) pad it, so a word is written by one thread or read by
  one thread (`getVecBasisLdSt`).
* `bank`: the rest of a 128-byte wavefront (32 banks of 4 bytes).
* `segment`: the rows of banks. The lanes of one wavefront of the store (the *tile* of its
  instruction) and those of the load must land in distinct banks: unit bits neither side's tile
  uses come first, then `a ^ b` for pairs of tile bases used by one side only, which puts both in
  distinct banks (`computeSegment`); with too few bits left, conflicts are accepted.
* `block`: the CTA bits (a conversion stays within each CTA).
* `reps`: segment bases that are registers of both layouts move to the outermost position: the
  conversion runs in rounds, one per value of those bits, and the buffer holds one round
  (`buildReps`). This is what sizes the scratch buffer.

With instruction tiles (`optimal_swizzling`), the vector is chosen so that a store or load of 128
bits per lane (`st.shared.v4`, `stmatrix.x4`, `ldmatrix.x4` and their `.trans` forms) can be used
on each side; every feasible pair of instructions is swizzled and the one with the fewest bank
conflicts (then the most rounds) wins. When no pair fits, plain `ld/st.shared` of the widest vector
are used (`optimal_swizzling_ld_st`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two, log2

REGISTER, LANE, WARP, BLOCK = "register", "lane", "warp", "block"
NUM_BANKS = 32
BANK_BITS = 32
MAX_ACCESS_BITS = 128
LDMATRIX_MIN_CAPABILITY = 75
STMATRIX_MIN_CAPABILITY = 90


# -- F2 linear algebra on ints (a vector is the set bits of an int) ---------------------------------


def _low_bit(value: int) -> int:
    return (value & -value).bit_length() - 1


def reduced_echelon(vectors: Iterable[int]) -> list[int]:
    """The rows of the reduced row echelon form of `vectors`, each pivot its lowest set bit."""
    rows: list[int] = []
    for vector in vectors:
        for row in rows:
            if vector >> _low_bit(row) & 1:
                vector ^= row
        if vector:
            pivot = _low_bit(vector)
            rows = [row ^ vector if row >> pivot & 1 else row for row in rows]
            rows.append(vector)
    return rows


def nullspace(vectors: Sequence[int], dim: int) -> list[int]:
    """A basis of the vectors of `dim` bits orthogonal to every vector in `vectors`."""
    rows = reduced_echelon(vectors)
    pivots = {_low_bit(row) for row in rows}
    basis = []
    for free in range(dim):
        if free in pivots:
            continue
        vector = 1 << free
        for row in rows:
            if row >> free & 1:
                vector ^= 1 << _low_bit(row)
        basis.append(vector)
    return basis


def complement(vectors: Sequence[int], dim: int) -> list[int]:
    """Unit vectors completing `vectors` to a basis of the `dim`-bit space."""
    pivots = {_low_bit(row) for row in reduced_echelon(vectors)}
    return [1 << i for i in range(dim) if i not in pivots]


def rank(vectors: Iterable[int]) -> int:
    return len(reduced_echelon(vectors))


def intersection(first: Sequence[int], second: Sequence[int], dim: int) -> list[int]:
    """A basis of span(first) ∩ span(second); for unit vectors, those of `first` in `second`,
    in `first`'s order."""
    if all(is_power_of_two(v) for v in (*first, *second)):
        members = set(second)
        result: list[int] = []
        for v in first:
            if v in members and v not in result:
                result.append(v)
        return result
    return nullspace(nullspace(first, dim) + nullspace(second, dim), dim)


# -- Layouts as flat bases ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FlatLayout:
    """A distributed layout's bases as flattened tensor indices (`bits` of them in total)."""

    register: tuple[int, ...]
    lane: tuple[int, ...]
    warp: tuple[int, ...]
    block: tuple[int, ...]
    bits: int

    @staticmethod
    def of(layout: LinearLayout) -> FlatLayout:
        flat = layout.flatten_outs()

        def bases(dim: str) -> tuple[int, ...]:
            if not flat.has_in_dim(dim):
                return ()
            values = []
            for i in range(flat.in_dim_size_log2(dim)):
                basis = flat.get_basis(dim, i)
                assert isinstance(basis, tuple)
                values.append(basis[0] if basis else 0)
            return tuple(values)

        return FlatLayout(
            bases(REGISTER), bases(LANE), bases(WARP), bases(BLOCK), layout.total_out_dim_size_log2
        )


def without_broadcast_registers(layout: LinearLayout) -> LinearLayout:
    """The layout with its zero register bases dropped (Triton's `actionRemoveBroadcastedRegs`)."""
    if not layout.has_in_dim(REGISTER):
        return layout
    return layout.remove_zero_bases_along_dim(REGISTER)


# -- Instructions -----------------------------------------------------------------------------------


class Instruction(Enum):
    """How one side of the conversion accesses shared memory (Triton's `idxSrc`/`idxDst`)."""

    SHARED = 0
    """`ld.shared` / `st.shared`."""
    MATRIX = 1
    """`ldmatrix` / `stmatrix`."""
    MATRIX_TRANS = 2
    """`ldmatrix.trans` / `stmatrix.trans`."""


@dataclass(frozen=True)
class MemOpTile:
    """Which lanes of a 128-bit-per-lane instruction walk contiguous memory and which give the
    addresses of one wavefront (Triton's `LocalMemOpTile`); registers fill the rest."""

    lane_contig: tuple[int, ...]
    lane_addr: tuple[int, ...]


TILES = {
    Instruction.SHARED: MemOpTile((), (0, 1, 2)),
    Instruction.MATRIX: MemOpTile((0, 1), (2, 3, 4)),
    Instruction.MATRIX_TRANS: MemOpTile((2, 3, 4), (0, 1)),
}


def instructions(
    compute_capability: int, bitwidth: int
) -> tuple[list[Instruction], list[Instruction]]:
    """The store and load instructions a conversion of `bitwidth`-bit elements may use
    (Triton's `getSrcDstTiles`)."""
    stores, loads = [Instruction.SHARED], [Instruction.SHARED]
    stmatrix = compute_capability >= STMATRIX_MIN_CAPABILITY
    ldmatrix = compute_capability >= LDMATRIX_MIN_CAPABILITY
    if bitwidth <= 32:
        if stmatrix:
            stores.append(Instruction.MATRIX)
        if ldmatrix:
            loads.append(Instruction.MATRIX)
    if bitwidth == 16:
        if stmatrix:
            stores.append(Instruction.MATRIX_TRANS)
        if ldmatrix:
            loads.append(Instruction.MATRIX_TRANS)
    return stores, loads


# -- The shared-memory layout --------------------------------------------------------------------


@dataclass(frozen=True)
class Swizzle:
    """The shared buffer of a conversion: each of its bits' tensor index, by role."""

    vector: tuple[int, ...]
    bank: tuple[int, ...]
    segment: tuple[int, ...]
    block: tuple[int, ...]
    reps: tuple[int, ...]

    @property
    def offset_bases(self) -> tuple[int, ...]:
        """The tensor index of each bit of an element's offset in the buffer (one round)."""
        return (*self.vector, *self.bank, *self.segment)

    @property
    def elements(self) -> int:
        """Elements the buffer holds per CTA: one round of the conversion."""
        return 1 << len(self.offset_bases)

    @property
    def rounds(self) -> int:
        return 1 << len(self.reps)


def compute_segment(
    bank_src: Sequence[int], bank_dst: Sequence[int], block: Sequence[int], dim: int, length: int
) -> list[int]:
    """Segment bases keeping one wavefront of each side in distinct banks (`computeSegment`)."""
    src = ({*bank_src} | {*block}) - {0}
    dst = ({*bank_dst} | {*block}) - {0}
    segment = [1 << b for b in range(dim) if 1 << b not in src and 1 << b not in dst]
    if len(segment) >= length:
        return segment[:length]
    only_src = sorted(v for v in src if v not in dst)
    only_dst = sorted(v for v in dst if v not in src)
    if len(only_src) > len(only_dst):
        only_src, only_dst = only_dst, only_src
    conflicts = min(max(0, length - len(only_src) - len(segment)), len(only_src))
    segment += [a ^ b for a, b in zip(only_src[conflicts:], only_dst[conflicts:], strict=False)]
    segment += only_src[:conflicts]
    segment += only_dst[:conflicts]
    return segment[:length]


def _build_reps(
    src: FlatLayout, dst: FlatLayout, segment: Sequence[int], leave: int
) -> tuple[list[int], list[int]]:
    """Split the segment into the bases kept in the buffer and the rounds (`buildReps`): a basis
    that is a register of both layouts is a round, except the first `leave` of them (ldmatrix and
    stmatrix need them to move four matrices at once)."""
    kept, reps = [], []
    for basis in segment:
        if basis in src.register and basis in dst.register:
            if leave > 0:
                leave -= 1
                kept.append(basis)
            else:
                reps.append(basis)
        else:
            kept.append(basis)
    return kept, reps


def swizzle(
    src: FlatLayout,
    dst: FlatLayout,
    bitwidth: int,
    vector: Sequence[int],
    tile_src: Sequence[int],
    tile_dst: Sequence[int],
    leave_reps: int = 0,
) -> Swizzle:
    """The buffer for a given vector and the lane tiles of one wavefront of each side
    (Triton's `optimalSwizzling` core)."""
    dim = src.bits
    block = [b for b in src.block if b]
    bank_bits = NUM_BANKS * BANK_BITS // ((1 << len(vector)) * bitwidth)
    len_bank = min(log2(bank_bits), dim - len(vector) - len(block))
    len_segment = dim - len_bank - len(vector) - len(block)
    segment = compute_segment(
        [*vector, *tile_src], [*vector, *tile_dst], block, dim, len_segment
    )
    bank = complement([*vector, *segment, *block], dim)
    if rank([*vector, *segment, *block, *bank]) != dim:
        raise LayoutError("the swizzled buffer does not cover the tensor")
    kept, reps = _build_reps(src, dst, segment, leave_reps)
    return Swizzle(tuple(vector), tuple(bank), tuple(kept), tuple(block), tuple(reps))


def bank_conflicts(tile_src: Sequence[int], tile_dst: Sequence[int], smem: Swizzle, dim: int) -> tuple[int, int]:
    """(read, write) extra wavefronts: tile bases landing in the same bank (`bankConflicts`)."""
    write = (1 << len(intersection(smem.segment, tile_src, dim))) - 1
    read = (1 << len(intersection(smem.segment, tile_dst, dim))) - 1
    return read, write


def vector_basis_ld_st(src: FlatLayout, dst: FlatLayout, bitwidth: int) -> tuple[list[int], bool | None]:
    """The vector of a plain ld/st conversion, and whether the source's registers (True) or the
    destination's (False) were used to fill a bank word (`getVecBasisLdSt`)."""
    dim = src.bits
    vector = intersection(src.register, dst.register, dim)[: log2(MAX_ACCESS_BITS // bitwidth)]
    if (1 << len(vector)) * bitwidth >= BANK_BITS:
        return vector, None
    per_bank = log2(BANK_BITS // bitwidth)
    warp_src = [w for w in src.warp if w]
    warp_dst = [w for w in dst.warp if w]

    def not_vector(bases: Sequence[int]) -> list[int]:
        return [b for b in bases if b not in vector]

    src_to_warp = intersection(not_vector(src.register), warp_dst, dim)
    dst_to_warp = intersection(not_vector(dst.register), warp_src, dim)
    if len(src_to_warp) == len(dst_to_warp) and src_to_warp:
        src_fills = min(src_to_warp) < min(dst_to_warp)
    else:
        src_fills = len(src_to_warp) > len(dst_to_warp)
    vector += src_to_warp if src_fills else dst_to_warp
    if len(vector) < per_bank:
        vector += intersection(warp_src, warp_dst, dim)
    i = 0
    while len(vector) < per_bank and (i < len(warp_src) or i < len(warp_dst)):
        if i < len(warp_src) and warp_src[i] not in vector:
            vector.append(warp_src[i])
        if (
            len(vector) < per_bank
            and i < len(warp_dst)
            and warp_dst[i] not in vector
            and warp_dst[i] not in src.block
        ):
            vector.append(warp_dst[i])
        i += 1
    return vector[:per_bank], src_fills


def lane_tile(tile: MemOpTile | None, lanes: Sequence[int], vector_elements: int, bitwidth: int) -> list[int]:
    """The lanes of one wavefront (`getLaneTile`): given by the instruction, or the first lanes
    whose accesses fill the 32 banks once."""
    if tile is not None and tile.lane_addr:
        return [lanes[i] for i in tile.lane_addr]
    words = log2(max(1, vector_elements * bitwidth // BANK_BITS))
    phase = max(0, words + len(lanes) - log2(NUM_BANKS))
    return list(lanes[: len(lanes) - phase])


def optimal_swizzling_ld_st(src: FlatLayout, dst: FlatLayout, bitwidth: int) -> Swizzle:
    """The buffer for plain `ld.shared`/`st.shared` of the widest vectors (`optimalSwizzlingLdSt`)."""
    vector, src_fills = vector_basis_ld_st(src, dst, bitwidth)
    elements = 1 << len(vector)
    tile_src = lane_tile(None, src.lane, elements, bitwidth)
    tile_dst = lane_tile(None, dst.lane, elements, bitwidth)
    smem = swizzle(src, dst, bitwidth, vector, tile_src, tile_dst)
    if elements * bitwidth // BANK_BITS >= 4:
        return smem
    # Put the bank bases that are registers of the side which filled the word first: with
    # broadcasting, that side may vectorise a little more.
    in_src = [b for b in smem.bank if b in src.register]
    in_dst = [b for b in smem.bank if b in dst.register]
    if src_fills is None:
        first = in_src if len(in_src) > len(in_dst) else in_dst
    else:
        first = in_src if src_fills else in_dst
    bank = tuple(first) + tuple(b for b in smem.bank if b not in first)
    return Swizzle(smem.vector, bank, smem.segment, smem.block, smem.reps)


def _conversion_lanes(a: LinearLayout, b: LinearLayout) -> LinearLayout:
    """b's hardware coordinates → a's holding the same element (flattened)."""
    return b.flatten_outs().invert_and_compose(a.flatten_outs())


def _tile_vector(
    a: LinearLayout,
    b: LinearLayout,
    regs_a: int,
    regs_b: int,
    lanes_a: Sequence[int],
    lanes_b: Sequence[int],
) -> list[int] | None:
    """A contiguous 128-bit tile both instructions can move (`optimalSwizzlingTile`): `regs_a`
    register bits then `lanes_a` of layout a, `regs_b` and `lanes_b` of layout b."""
    if regs_a < regs_b:
        return _tile_vector(b, a, regs_b, regs_a, lanes_b, lanes_a)
    flat_a, flat_b = FlatLayout.of(a), FlatLayout.of(b)
    vector = intersection(flat_a.register, flat_b.register, flat_a.bits)
    if len(vector) < regs_b:
        return None
    vector = vector[:regs_b]
    if len(flat_a.lane) <= max(lanes_a, default=0) or len(flat_b.lane) <= max(lanes_b, default=0):
        return None
    tile_a = [flat_a.lane[i] for i in lanes_a]
    tile_b = [flat_b.lane[i] for i in lanes_b]
    if not all(tile_a) or not all(tile_b):
        return None
    cvt = _conversion_lanes(a, b)
    for i in range(regs_a - regs_b):
        if cvt.get_basis(LANE, lanes_b[i], REGISTER) == 0:
            return None
    for index_a, index_b in zip(lanes_a, lanes_b[len(lanes_b) - len(lanes_a) :], strict=True):
        if cvt.get_basis(LANE, index_b, LANE) != 1 << index_a:
            return None
    return vector + tile_b


def _instruction_tile(
    instruction: Instruction, registers: Sequence[int], lanes: Sequence[int], vector: Sequence[int]
) -> list[int] | None:
    """The bases of one wavefront of `instruction` (Triton's `getTile`): registers outside the
    vector, then the address lanes."""
    tile = TILES[instruction]
    needed = 3 - len(tile.lane_addr)
    picked = [r for r in registers if r not in vector][:needed]
    if len(picked) < needed:
        return None
    return picked + [lanes[i] for i in tile.lane_addr]


@dataclass(frozen=True)
class ConversionSwizzle:
    """The buffer of a conversion and the instructions that write and read it."""

    smem: Swizzle
    store: Instruction
    load: Instruction


def optimal_swizzling(
    src: LinearLayout,
    dst: LinearLayout,
    bitwidth: int,
    stores: Sequence[Instruction],
    loads: Sequence[Instruction],
) -> ConversionSwizzle:
    """The buffer and instructions of a conversion (Triton's `optimalSwizzling` with tiles).

    `src` and `dst` have no broadcast registers; `bitwidth` is at least 8.
    """
    flat_src, flat_dst = FlatLayout.of(src), FlatLayout.of(dst)
    total = log2(MAX_ACCESS_BITS // bitwidth)
    candidates: list[tuple[int, int, Swizzle, Instruction, Instruction]] = []
    for store in stores:
        tile_s = TILES[store]
        for load in loads:
            tile_l = TILES[load]
            vector = _tile_vector(
                src,
                dst,
                total - len(tile_s.lane_contig),
                total - len(tile_l.lane_contig),
                tile_s.lane_contig,
                tile_l.lane_contig,
            )
            if vector is None:
                continue
            wave_src = _instruction_tile(store, flat_src.register, flat_src.lane, vector)
            wave_dst = _instruction_tile(load, flat_dst.register, flat_dst.lane, vector)
            if wave_src is None or wave_dst is None:
                continue
            missing = min(
                len(tile_s.lane_contig) + len(tile_s.lane_addr) - 3,
                len(tile_l.lane_contig) + len(tile_l.lane_addr) - 3,
            )
            smem = swizzle(flat_src, flat_dst, bitwidth, vector, wave_src, wave_dst, missing)
            read, write = bank_conflicts(wave_src, wave_dst, smem, flat_src.bits)
            candidates.append((read + write, -smem.rounds, smem, store, load))
    if not candidates:
        return ConversionSwizzle(
            optimal_swizzling_ld_st(flat_src, flat_dst, bitwidth), Instruction.SHARED, Instruction.SHARED
        )
    best = min(candidates, key=lambda c: (c[0], c[1]))
    return ConversionSwizzle(best[2], best[3], best[4])


# -- Moving each side through the buffer ------------------------------------------------------


def _solver(columns: Sequence[int]) -> Callable[[int], int]:
    """For a basis `columns`, the function giving which of them XOR to a vector (bit i: column i)."""
    rows: dict[int, tuple[int, int]] = {}
    for index, column in enumerate(columns):
        combination = 1 << index
        for pivot, (row, comb) in rows.items():
            if column >> pivot & 1:
                column ^= row
                combination ^= comb
        if not column:
            raise LayoutError("the swizzled buffer's bases are not independent")
        pivot = _low_bit(column)
        for key, (row, comb) in list(rows.items()):
            if row >> pivot & 1:
                rows[key] = (row ^ column, comb ^ combination)
        rows[pivot] = (column, combination)

    def solve(vector: int) -> int:
        combination = 0
        for pivot, (row, comb) in rows.items():
            if vector >> pivot & 1:
                vector ^= row
                combination ^= comb
        if vector:
            raise LayoutError("an element is not in the swizzled buffer")
        return combination

    return solve


@dataclass(frozen=True)
class SideAccess:
    """How one side of a conversion walks the buffer, round by round.

    `reg`, `lane`, `warp`: the buffer offset (in elements) of each register bit of a round, and of
    each lane and warp bit; `rounds[k][i]`: the (broadcast-free) register holding round-local
    register i in round k.
    """

    reg: tuple[int, ...]
    lane: tuple[int, ...]
    warp: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]


def side_access(layout: FlatLayout, smem: Swizzle) -> SideAccess:
    """Each register, lane and warp bit of `layout` as an offset in the buffer of `smem`; the
    register bits that select a round are split off. Raises `LayoutError` when a thread bit moves
    to another round or CTA, or a register bit mixes a round with an offset."""
    offset_bits = len(smem.offset_bases)
    block_bits = len(smem.block)
    solve = _solver([*smem.offset_bases, *smem.block, *smem.reps])
    offset_mask = (1 << offset_bits) - 1

    def split(vector: int) -> tuple[int, int, int]:
        combination = solve(vector)
        return (
            combination & offset_mask,
            combination >> offset_bits & ((1 << block_bits) - 1),
            combination >> (offset_bits + block_bits),
        )

    for vector in (*layout.lane, *layout.warp):
        _, block, rep = split(vector)
        if block or rep:
            raise LayoutError("a lane or warp bit crosses rounds or CTAs")
    round_bits: dict[int, int] = {}
    local: list[int] = []
    offsets: list[int] = []
    for bit, vector in enumerate(layout.register):
        offset, block, rep = split(vector)
        if block:
            raise LayoutError("a register bit crosses CTAs")
        if rep:
            if offset:
                raise LayoutError("a register bit mixes a round with an offset")
            round_bits[bit] = rep
        else:
            local.append(bit)
            offsets.append(offset)
    solve_round = _solver(list(round_bits.values())) if round_bits else None
    rounds = []
    for round_index in range(smem.rounds):
        base = 0
        if solve_round is not None:
            picked = solve_round(round_index)
            for k, bit in enumerate(round_bits):
                if picked >> k & 1:
                    base |= 1 << bit
        elif round_index:
            raise LayoutError("a round is not selected by any register")
        registers = []
        for i in range(1 << len(local)):
            registers.append(base | sum(1 << b for k, b in enumerate(local) if i >> k & 1))
        rounds.append(tuple(registers))
    return SideAccess(
        tuple(offsets),
        tuple(split(v)[0] for v in layout.lane),
        tuple(split(v)[0] for v in layout.warp),
        tuple(rounds),
    )


@dataclass(frozen=True)
class SharedConversion:
    """A conversion through shared memory: the buffer, its instructions, and both sides' walks."""

    swizzle: ConversionSwizzle
    store: SideAccess
    load: SideAccess

    @property
    def elements(self) -> int:
        return self.swizzle.smem.elements


def plan_shared_conversion(
    src: LinearLayout, dst: LinearLayout, bitwidth: int, compute_capability: int | None
) -> SharedConversion:
    """The swizzled conversion of `src` to `dst` (both without broadcast registers) for
    `bitwidth`-bit elements (at least 8). With a compute capability, the instructions it offers
    are considered (Triton's NVIDIA allocation and lowering); without, plain ld/st (Triton's
    target-independent scratch size). Rounds that the two sides cannot share are merged back
    into the buffer."""
    flat_src, flat_dst = FlatLayout.of(src), FlatLayout.of(dst)
    if src.has_in_dim(BLOCK) and flat_src.block != flat_dst.block:
        raise LayoutError("the conversion moves data between CTAs")
    if compute_capability is None:
        chosen = ConversionSwizzle(
            optimal_swizzling_ld_st(flat_src, flat_dst, bitwidth), Instruction.SHARED, Instruction.SHARED
        )
    else:
        chosen = optimal_swizzling(src, dst, bitwidth, *instructions(compute_capability, bitwidth))
    try:
        return SharedConversion(
            chosen, side_access(flat_src, chosen.smem), side_access(flat_dst, chosen.smem)
        )
    except LayoutError:
        smem = chosen.smem
        merged = Swizzle(smem.vector, smem.bank, (*smem.segment, *smem.reps), smem.block, ())
        chosen = ConversionSwizzle(merged, chosen.store, chosen.load)
        return SharedConversion(
            chosen, side_access(flat_src, merged), side_access(flat_dst, merged)
        )
