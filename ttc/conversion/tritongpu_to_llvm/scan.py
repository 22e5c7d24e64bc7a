"""`tt.scan` → LLVM: Triton 3.6's ScanOpToLLVM (lib/Conversion/TritonGPUToLLVM/ScanOpToLLVM.cpp, its
`emitFastScan`), with the quantities of `ScanLoweringHelper` (lib/Analysis/Utility.cpp) read off the
source's linear layout by `ScanPlan`.

An inclusive scan along `axis`, for any number of operands and any associative combine region
(inlined per pair through `reduce.combine`, so every op with a lowering may appear in it). The
steps, and the order of every combine in them, are Triton's, so float results match bit for bit:

1. *Within a thread* (`scanThreadContiguousElements`): the registers of one contiguous run along
   the axis (a *chunk*) are folded in axis order, each register becoming its prefix.
2. *Within a warp* (`warpScan`): the last register of each chunk is scanned over the lanes along the
   axis with `shfl.sync.up` at distances 1, 2, 4, … (times the lane stride), lanes below the distance
   keeping their value.
3. *Across warps* (`storeWarpAccumulator` / `AddPartialReduce`, when warps split the axis): the
   last lane of each warp writes its chunk totals to the scratch buffer at
   `[chunk][warp along the axis][thread across the axis]`; `bar.sync`; every thread reads the
   totals of all warps and keeps the prefix of the warps before its own; repeated CTA tiles along the
   axis (register repetitions) carry the running total from one tile to the next.
   With one warp along the axis (`AddPartialReduceOneWarp`), the carry between tiles is the last
   lane's total, fetched with `shfl.sync.idx`.
4. *Carry into registers*: each chunk's last register takes the carry of the threads before it, and
   the earlier registers of the chunk take the previous lane's total (`shfl.sync.up` by one lane).

`reverse = true` runs the same scan on the flipped tensor: registers in reverse order and lanes
mirrored (one `shfl.sync.bfly` with mask `warpSize - 1`), warps renumbered from the end, and the
result flipped back. Supported: `#ttg.blocked` sources (1D, 2D, …) whose layout is a plain tiling
along the axis (register run, then lanes, warps and register repetitions); anything else, and scans
across CTAs, is `cannot lower 'tt.scan' for cuda:NN`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue

from ttc.analysis.lowering_helpers import BLOCK, LANE, REGISTER, WARP, ScanGeometry
from ttc.conversion.tritongpu_to_llvm.indices import redundant_thread_predicate, thread_coordinates
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.reduce import bit_field, combine, scratch_bases
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    barrier,
    from_memory,
    gep,
    load_shared,
    memory_type,
    shuffle_idx,
    shuffle_up,
    shuffle_xor,
    store_shared,
    to_memory,
)
from ttc.dialects.ttg.attrs import ints
from ttc.dialects.upstream import llvm
from ttc.layouts.linear import LayoutError, LinearLayout

Values = list[list[SSAValue]]
"""Per register, the value of each operand (Triton's `srcValues`)."""


def _mask(bits: Sequence[int]) -> int:
    return sum(1 << b for b in bits)


def _pack(value: int, bits: Sequence[int]) -> int:
    return sum((value >> b & 1) << k for k, b in enumerate(bits))


@dataclass(frozen=True)
class Chunk:
    """One contiguous run of a thread's registers along the axis."""

    registers: tuple[int, ...]
    """In axis order; the last one holds the run's total after step 1."""
    accumulator: int
    """The registers' bits across the axis: chunks sharing it belong to one scan line."""
    axis_block: int
    """Which repetition of the CTA tile along the axis the chunk lies in."""


@dataclass(frozen=True)
class ScanPlan:
    """Which bits of the source layout move along the scanned axis (Triton's `ScanLoweringHelper`).

    Element `e` of a chunk held by lane `l` and warp `w` in tile repetition `b` sits at axis
    coordinate `e + C * (l_axis + L * (w_axis + W * b))`, C, L, W being the run length and the
    lane and warp counts along the axis; `of` refuses layouts without that structure.
    """

    num_registers: int
    element_bits: tuple[int, ...]
    """Register bits of the contiguous run along the axis (`getAxisNumElementsPerThread`)."""
    block_bits: tuple[int, ...]
    """Register bits repeating the CTA tile along the axis (`getAxisNumBlocks`)."""
    lane_bits: tuple[int, ...]
    """Lane bits along the axis, consecutive (`getAxisNumThreadsPerWarpWithUniqueData`)."""
    warp_bits: tuple[int, ...]
    """Warp bits along the axis, slowest last (`getAxisNumWarpsWithUniqueData`)."""
    parallel_lane_bits: tuple[int, ...]
    parallel_warp_bits: tuple[int, ...]
    """Lane and warp bits across the axis (`getNonAxisNumThreadsPerCTA`)."""
    free: dict[str, int]
    """Lane and warp bits holding copies (the non-representative threads)."""

    @staticmethod
    def of(layout: LinearLayout, axis: int, order: Sequence[int]) -> ScanPlan:
        along: dict[str, list[tuple[int, int]]] = {}
        across: dict[str, list[int]] = {}
        zero: dict[str, list[int]] = {}
        for in_dim in (REGISTER, LANE, WARP, BLOCK):
            along[in_dim], across[in_dim], zero[in_dim] = [], [], []
            if not layout.has_in_dim(in_dim):
                continue
            for bit in range(layout.in_dim_size_log2(in_dim)):
                basis = layout.get_basis(in_dim, bit)
                assert isinstance(basis, tuple)
                moved = [(d, v) for d, v in enumerate(basis) if v]
                if not moved:
                    zero[in_dim].append(bit)
                elif len(moved) > 1 or moved[0][1] & (moved[0][1] - 1):
                    raise LayoutError(f"{in_dim} bit {bit} is not a plain tiling")
                elif moved[0][0] == axis:
                    along[in_dim].append((bit, moved[0][1]))
                else:
                    across[in_dim].append(bit)
        if zero[REGISTER] or along[BLOCK]:
            raise LayoutError("registers holding copies, or a scan across CTAs")
        element_bits = _contiguous_run(layout, axis, order)
        run = 1 << len(element_bits)
        lanes, warps = along[LANE], along[WARP]
        blocks = [(b, v) for b, v in along[REGISTER] if b not in element_bits]
        lane_bits = [b for b, _ in lanes]
        warp_unit = run << len(lanes)
        block_unit = warp_unit << len(warps)
        if (
            [v for _, v in lanes] != [run << k for k in range(len(lanes))]
            or (lane_bits and lane_bits[-1] - lane_bits[0] + 1 != len(lane_bits))
            or [v for _, v in warps] != [warp_unit << k for k in range(len(warps))]
            or [v for _, v in blocks] != [block_unit << k for k in range(len(blocks))]
        ):
            raise LayoutError("the axis is not tiled as register run, lanes, warps, repetitions")
        return ScanPlan(
            layout.in_dim_size(REGISTER),
            element_bits,
            tuple(b for b, _ in blocks),
            tuple(b for b, _ in lanes),
            tuple(b for b, _ in warps),
            tuple(across[LANE]),
            tuple(across[WARP]),
            {LANE: _mask(zero[LANE]), WARP: _mask(zero[WARP])},
        )

    @property
    def run_length(self) -> int:
        return 1 << len(self.element_bits)

    @property
    def axis_lanes(self) -> int:
        return 1 << len(self.lane_bits)

    @property
    def axis_warps(self) -> int:
        return 1 << len(self.warp_bits)

    @property
    def axis_blocks(self) -> int:
        return 1 << len(self.block_bits)

    @property
    def lane_stride(self) -> int:
        """Lanes between neighbours along the axis (`getAxisThreadStride`)."""
        return 1 << self.lane_bits[0] if self.lane_bits else 1

    @property
    def parallel_threads(self) -> int:
        """Threads of the CTA holding distinct scan lines (`getNonAxisNumThreadsPerCTA`)."""
        return 1 << (len(self.parallel_lane_bits) + len(self.parallel_warp_bits))

    def chunks(self) -> list[Chunk]:
        """The chunks in Triton's order: that of their last registers."""
        element_mask = _mask(self.element_bits)
        axis_mask = element_mask | _mask(self.block_bits)
        low = self.element_bits[0] if self.element_bits else 0
        chunks = []
        for reg in range(self.num_registers):
            if _pack(reg, self.element_bits) != self.run_length - 1:
                continue
            registers = tuple((reg & ~element_mask) | e << low for e in range(self.run_length))
            chunks.append(Chunk(registers, reg & ~axis_mask, _pack(reg, self.block_bits)))
        return chunks

    def scratch_elements(self) -> int:
        """Scratch slots the cross-warp step writes, per operand."""
        return len(self.chunks()) * self.axis_warps * self.parallel_threads


def _contiguous_run(layout: LinearLayout, axis: int, order: Sequence[int]) -> tuple[int, ...]:
    """The register bits of the run along `axis` (Triton's `getContigPerThread`: leading register
    bases walked dimension by dimension in `order`, each doubling its dimension's run)."""
    bits = layout.in_dim_size_log2(REGISTER)
    bit, run = 0, []
    for dim in order:
        length = 1
        while bit < bits:
            basis = layout.get_basis(REGISTER, bit)
            assert isinstance(basis, tuple)
            if basis != tuple(length if d == dim else 0 for d in range(len(basis))):
                break
            if dim == axis:
                run.append(bit)
            length *= 2
            bit += 1
    return tuple(run)


# -- the steps ----------------------------------------------------------------------------------


def _accumulate(
    lw: FunctionLowering, op: Operation, acc: list[SSAValue] | None, cur: list[SSAValue]
) -> list[SSAValue]:
    """`applyCombineOp`: combine (acc, cur), or `cur` itself when there is no accumulator yet."""
    return list(cur) if acc is None else combine(lw, op, acc, cur)


def _select(
    lw: FunctionLowering, pred: SSAValue, a: Sequence[SSAValue], b: Sequence[SSAValue]
) -> list[SSAValue]:
    return [lw.value(llvm.SelectOp(pred, x, y)) for x, y in zip(a, b, strict=True)]


def _flip(lw: FunctionLowering, values: Values) -> Values:
    """Registers in reverse order, lanes mirrored: the tensor reversed along every lane/register bit."""
    mirror = lw.target.threads_per_warp - 1
    return [[shuffle_xor(lw, v, mirror) for v in reg] for reg in reversed(values)]


def _scan_within_threads(lw: FunctionLowering, op: Operation, plan: ScanPlan, values: Values) -> None:
    element_mask = _mask(plan.element_bits)
    accs: dict[int, list[SSAValue]] = {}
    for reg in range(plan.num_registers):
        group = reg & ~element_mask
        accs[group] = _accumulate(lw, op, accs.get(group), values[reg])
        values[reg] = accs[group]


def _scan_within_warps(
    lw: FunctionLowering, op: Operation, plan: ScanPlan, values: Values, lane_axis: SSAValue
) -> None:
    deltas = [1 << k for k in range(len(plan.lane_bits))]
    masks = [lw.icmp("sge", lane_axis, delta) for delta in deltas]
    for chunk in plan.chunks():
        acc = values[chunk.registers[-1]]
        for delta, mask in zip(deltas, masks, strict=True):
            shuffled = [shuffle_up(lw, v, delta * plan.lane_stride) for v in acc]
            acc = _select(lw, mask, combine(lw, op, shuffled, acc), acc)
        values[chunk.registers[-1]] = acc


def _carry_into_chunk(
    lw: FunctionLowering, op: Operation, chunk: Chunk, values: Values, carry: list[SSAValue],
    not_first_thread: SSAValue,
) -> None:
    """Combine `carry` into the chunk's registers before its last, latest first; in the first tile
    along the axis the very first thread has nothing before it and keeps its registers."""
    for reg in reversed(chunk.registers[:-1]):
        value = combine(lw, op, carry, values[reg])
        if chunk.axis_block == 0:
            value = _select(lw, not_first_thread, value, values[reg])
        values[reg] = value


@dataclass(frozen=True)
class _Position:
    """Where this thread sits along the axis."""

    lane_axis: SSAValue
    warp_axis: SSAValue
    not_first_lane: SSAValue
    not_first_warp: SSAValue
    not_first_thread: SSAValue

    @staticmethod
    def of(lw: FunctionLowering, lane_axis: SSAValue, warp_axis: SSAValue) -> _Position:
        not_first_warp = lw.icmp("ne", warp_axis, 0)
        not_first_lane = lw.icmp("ne", lane_axis, 0)
        return _Position(
            lane_axis, warp_axis, not_first_lane, not_first_warp,
            lw.value(llvm.OrOp(not_first_warp, not_first_lane)),
        )


def _scan_across_warps(
    lw: FunctionLowering, op: Operation, plan: ScanPlan, geometry: ScanGeometry, values: Values,
    lane: SSAValue, warp: SSAValue, at: _Position,
) -> None:
    bases = scratch_bases(lw, op, geometry.scratch_elements())
    stored = [memory_type(lw.llvm_type(v.type)) for v in op.operands]
    types = [lw.llvm_type(v.type) for v in op.operands]
    lane_parallel = bit_field(lw, lane, plan.parallel_lane_bits)
    warp_parallel = bit_field(lw, warp, plan.parallel_warp_bits)
    lanes_across = 1 << len(plan.parallel_lane_bits)
    parallel = lw.binary(llvm.AddOp, lane_parallel, lw.binary(llvm.MulOp, warp_parallel, lanes_across))
    chunks = plan.chunks()

    # storeWarpAccumulator: the last lane along the axis writes each chunk's warp total
    last_lane = lw.icmp("eq", at.lane_axis, plan.axis_lanes - 1)
    write = lw.and_(last_lane, redundant_thread_predicate(lw, plan.free))
    assert write is not None
    slot = lw.binary(llvm.AddOp, parallel, lw.binary(llvm.MulOp, at.warp_axis, plan.parallel_threads))
    for chunk_id, chunk in enumerate(chunks):
        index = lw.binary(llvm.AddOp, slot, chunk_id * plan.parallel_threads * plan.axis_warps)
        for base, type, value in zip(bases, stored, values[chunk.registers[-1]], strict=True):
            store_shared(lw, gep(lw, base, type, index), to_memory(lw, value), write)
    barrier(lw)

    # AddPartialReduce: the total of the warps before this one, then the carry into the chunk
    totals: dict[int, list[SSAValue]] = {}
    for chunk_id, chunk in enumerate(chunks):
        total = totals.get(chunk.accumulator)
        prefix = total
        for w in range(plan.axis_warps):
            slot_index = plan.parallel_threads * (w + chunk_id * plan.axis_warps)
            index = lw.binary(llvm.AddOp, parallel, slot_index)
            partial = [
                from_memory(lw, load_shared(lw, gep(lw, base, type, index), type, None), t)
                for base, type, t in zip(bases, stored, types, strict=True)
            ]
            if total is None:
                total = prefix = partial
                continue
            assert prefix is not None
            total = combine(lw, op, total, partial)
            prefix = _select(lw, lw.icmp("sge", at.warp_axis, w + 1), total, prefix)
        assert total is not None and prefix is not None
        last = chunk.registers[-1]
        carried = combine(lw, op, prefix, values[last])
        if chunk.axis_block == 0:
            carried = _select(lw, at.not_first_warp, carried, values[last])
        values[last] = carried
        carry = prefix
        if plan.lane_bits:
            previous = [shuffle_up(lw, v, plan.lane_stride) for v in carried]
            carry = _select(lw, at.not_first_lane, previous, prefix)
        _carry_into_chunk(lw, op, chunk, values, carry, at.not_first_thread)
        totals[chunk.accumulator] = total


def _scan_across_tiles_in_one_warp(
    lw: FunctionLowering, op: Operation, plan: ScanPlan, values: Values, lane: SSAValue, at: _Position
) -> None:
    """AddPartialReduceOneWarp: one warp along the axis; tiles along it carry the last lane's total."""
    last_lane = lw.binary(llvm.OrOp, lane, _mask(plan.lane_bits))
    accumulators: dict[int, list[SSAValue]] = {}
    for chunk in plan.chunks():
        last = chunk.registers[-1]
        if chunk.axis_block == 0:
            accumulators[chunk.accumulator] = values[last]
        else:
            values[last] = combine(lw, op, accumulators[chunk.accumulator], values[last])
        carry = values[last]
        if plan.lane_bits:
            previous = [shuffle_up(lw, v, plan.lane_stride) for v in values[last]]
            carry = _select(lw, at.not_first_lane, previous, accumulators[chunk.accumulator])
            if plan.axis_blocks > 1:
                accumulators[chunk.accumulator] = [shuffle_idx(lw, v, last_lane) for v in values[last]]
        elif plan.axis_blocks > 1:
            accumulators[chunk.accumulator] = values[last]
        _carry_into_chunk(lw, op, chunk, values, carry, at.not_first_thread)


@lowers("tt.scan")
def _scan(lw: FunctionLowering, op: Operation) -> None:
    axis = op.axis.value.data  # type: ignore[attr-defined]
    reverse = bool(op.reverse.value.data)  # type: ignore[attr-defined]
    source = op.operands[0].type
    assert isinstance(source, TensorType)
    try:
        geometry = ScanGeometry.of(source, axis)
        plan = ScanPlan.of(lw.layout(source), axis, ints(geometry.encoding.order))
    except LayoutError:
        raise lw.cannot_lower(op) from None
    if plan.axis_warps > 1 and plan.scratch_elements() > geometry.scratch_elements():
        raise lw.cannot_lower(op)

    registers = [lw.regs(v) for v in op.operands]
    values: Values = [[regs[r] for regs in registers] for r in range(plan.num_registers)]
    coords = thread_coordinates(lw)
    lane, warp = coords[LANE], coords[WARP]
    lane_axis = bit_field(lw, lane, plan.lane_bits)
    warp_axis = bit_field(lw, warp, plan.warp_bits)
    if reverse:
        warp_axis = lw.value(llvm.SubOp(lw.i32(plan.axis_warps - 1), warp_axis))
        values = _flip(lw, values)

    _scan_within_threads(lw, op, plan, values)
    _scan_within_warps(lw, op, plan, values, lane_axis)
    if plan.axis_warps > 1:
        at = _Position.of(lw, lane_axis, warp_axis)
        _scan_across_warps(lw, op, plan, geometry, values, lane, warp, at)
    elif plan.num_registers > 1:
        at = _Position.of(lw, lane_axis, warp_axis)
        _scan_across_tiles_in_one_warp(lw, op, plan, values, lane, at)

    if reverse:
        values = _flip(lw, values)
    for i, result in enumerate(op.results):
        lw.bind(result, [reg[i] for reg in values])
