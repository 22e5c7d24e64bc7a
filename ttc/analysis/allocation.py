"""Shared-memory allocation: Triton's `Allocation` / `ModuleAllocation` (lib/Analysis/Allocation.cpp).

Every function gets one shared-memory arena. Buffers come in three kinds, as in Triton:

* *explicit*: a `ttg.local_alloc` in shared memory; its size is the allocation shape per CTA times
  the element width, its alignment the encoding's (`128 * maxPhase` for `#ttg.nvmma_shared`, the
  `alignment` of `#ttg.shared_linear`, 16 otherwise) unless the op gives one;
* *scratch*: temporary memory an op needs while it runs (`tt.reduce` across warps, `tt.scan`
  across warps, a `ttg.convert_layout` between warps, `tt.atomic_rmw`/`tt.atomic_cas` whose result
  is broadcast, `tt.histogram`, a `tt.gather` that is not warp-local), aligned to 128 bytes;
* *virtual*: a `tt.call` reserves its callee's whole arena.

Warp specialization adds two scratch buffers: a `ttg.warp_specialize` packs its explicit captures
(Triton's `getCaptureSize`, 8-byte aligned), and a function holding one keeps a byte per partition
warp for the whole function. Buffers owned inside different regions of one `ttg.warp_specialize`
(its `AsyncRegions`) run at the same time, so they never share bytes, whatever their liveness.
A `#ttg.partitioned_shared` allocation is one buffer per partition; with a shared-memory
partition size, those buffers are kept in different physical partitions.

Liveness follows Triton: operations are numbered in post-order (a parent after its children); an
explicit buffer lives from the first to the last operation at which its value — or any view or
block argument aliasing it — is live (MLIR liveness, `ttc.analysis.liveness`); a scratch buffer
lives exactly during its op. Offsets come from the same two steps: `calculate_starts` places buffers
largest first on a skyline of (offset, live interval) triples, then first-fit graph colouring moves
any buffer that still overlaps a live neighbour past it, repeated until nothing interferes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from math import prod

from xdsl.dialects import cf, func
from xdsl.dialects.builtin import AnyFloat, IntegerType, ModuleOp, TensorType
from xdsl.ir import Attribute, Block, Operation, SSAValue

from ttc.analysis.liveness import Liveness
from ttc.analysis.lowering_helpers import (
    ReduceGeometry,
    ScanGeometry,
    conversion_scratch_bytes,
    elements_per_cta,
    gather_scratch_bytes,
    tensor_layout,
)
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import (
    PointerType,
    TensorDescType,
    bit_width,
    element_type_or_self,
    pointee_type,
)
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import (
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
    ints,
)
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType, lookup_threads_per_warp
from ttc.dialects.ttg.reinterpret import MemDescReinterpretOp
from ttc.dialects.ttg.shared_attrs import (
    PaddedSharedEncodingAttr,
    PartitionedSharedEncodingAttr,
)
from ttc.dialects.ttg.warp_specialize import WarpSpecializeOp, WarpSpecializePartitionsOp, WarpYieldOp
from ttc.dialects.ttng.types import TensorDescIm2ColType
from ttc.dialects.upstream import scf
from ttc.dialects.upstream.llvm import FuncOp
from ttc.ir.diagnostics import op_error
from ttc.ir.walk import walk
from ttc.layouts.linear import LayoutError
from ttc.layouts.padded import padded_size

SCRATCH_ALIGNMENT = 128
CAPTURE_ALIGNMENT = 8
"""Triton's `WarpSpecializeOp::getCaptureAlign`."""
DEFAULT_BUFFER_ALIGNMENT = 4
"""The alignment of a buffer added without one (Triton's `BufferT` default)."""
TMA_DESCRIPTOR_BYTES = 128
"""The size of a CUtensorMap, the scratch of `ttng.tensormap_create`."""
DEFAULT_ALLOC_ALIGNMENT = 16

_VIEW_OPS = (
    ttg.MemDescIndexOp,
    ttg.MemDescSubsliceOp,
    ttg.MemDescTransOp,
    ttg.MemDescReshapeOp,
    MemDescReinterpretOp,
)


class BufferKind(Enum):
    EXPLICIT = "explicit"
    SCRATCH = "scratch"
    VIRTUAL = "virtual"


@dataclass(eq=False)
class Buffer:
    """One region of the arena: `[offset, offset + size)`."""

    id: int
    kind: BufferKind
    owner: Operation
    size: int
    alignment: int
    offset: int = 0
    neighbors: list[Buffer] = field(default_factory=list)
    """The other buffers of one `#ttg.partitioned_shared` allocation."""

    def aligned(self, offset: int) -> int:
        """`offset` rounded up to the buffer's alignment."""
        return -(-offset // self.alignment) * self.alignment

    def set_offset_aligned(self, offset: int) -> int:
        self.offset = self.aligned(offset)
        return self.offset

    @property
    def interval(self) -> tuple[int, int]:
        return self.offset, self.offset + self.size


@dataclass(frozen=True)
class Interval:
    """A half-open range `[start, end)` of operation ids or bytes."""

    start: int
    end: int

    def intersects(self, other: Interval) -> bool:
        return self.start < other.end and other.start < self.end


_EVERYTHING = Interval(0, 1 << 62)

ScratchSizeFn = Callable[[Operation], int]


def reduce_scratch_bytes(op: Operation) -> int:
    """Scratch of a `tt.reduce` (0 when each reduction stays within one warp)."""
    src = op.operands[0].type
    assert isinstance(src, TensorType)
    geometry = ReduceGeometry.of(src, op.axis.value.data)  # type: ignore[attr-defined]
    return geometry.scratch_bytes([element_type_or_self(v.type) for v in op.operands])


def scan_scratch_bytes(op: Operation) -> int:
    """Scratch of a `tt.scan` (0 when each scan stays within one warp)."""
    src = op.operands[0].type
    assert isinstance(src, TensorType)
    geometry = ScanGeometry.of(src, op.axis.value.data)  # type: ignore[attr-defined]
    return geometry.scratch_bytes([element_type_or_self(v.type) for v in op.operands])


def convert_layout_scratch_bytes(op: Operation, compute_capability: int | None = None) -> int:
    """Scratch of a `ttg.convert_layout`: one round of its swizzled buffer (Triton's
    `getNumScratchElemsSwizzledCvt`), 0 when it stays in registers or is shuffled within warps.

    With a compute capability the buffer is the one the NVIDIA lowering uses (ldmatrix/stmatrix
    considered); without, Triton's target-independent ld/st swizzle.
    """
    src, dst = op.operands[0].type, op.results[0].type
    assert isinstance(src, TensorType) and isinstance(dst, TensorType)
    return conversion_scratch_bytes(src, dst, compute_capability)


def atomic_scratch_bytes(op: Operation) -> int:
    """Triton's `getRepShapeForAtomic`: room to broadcast the result to every thread that reads it."""
    result = op.results[0]
    if not result.uses:
        return 0
    if isinstance(result.type, TensorType):
        layout = tensor_layout(result.type)
        if not any(layout.get_free_variable_masks().values()):
            return 0
        elements = elements_per_cta(layout)
    else:
        elements = 1
    element = element_type_or_self(pointee_type(op.operands[0].type))
    return elements * max(8, bit_width(element)) // 8


def atomic_poll_scratch_bytes(op: Operation) -> int:
    """A poll without a timeout can only return true, so only a poll with one broadcasts its
    result (Triton's `getScratchValueSize` for `tt.atomic_poll`)."""
    return atomic_scratch_bytes(op) if op.timeout is not None else 0  # type: ignore[attr-defined]


def _gather_scratch_bytes(op: Operation) -> int:
    src, indices = op.operands[0].type, op.operands[1].type
    assert isinstance(src, TensorType) and isinstance(indices, TensorType)
    return gather_scratch_bytes(src, indices, op.axis.value.data)  # type: ignore[attr-defined]


def histogram_scratch_bytes(op: Operation) -> int:
    result = op.results[0].type
    assert isinstance(result, TensorType)
    threads_per_warp = lookup_threads_per_warp(op)
    return max(prod(result.get_shape()), threads_per_warp) * bit_width(result.element_type) // 8


def capture_bytes(kind: Attribute) -> int | None:
    """Bytes one explicit capture of a `ttg.warp_specialize` takes in shared memory (Triton's
    `getSharedMemorySize` of a scalar type), None for a type that cannot be captured: a
    shared-memory descriptor is its base pointer and an i32 offset per dimension."""
    if isinstance(kind, MemDescType):
        shared = isinstance(kind.memory_space, SharedMemorySpaceAttr)
        return 8 + 4 * len(kind.get_shape()) if shared else 8
    if isinstance(kind, PointerType | TensorDescType | TensorDescIm2ColType):
        return 8
    if isinstance(kind, IntegerType | AnyFloat):
        return -(-bit_width(kind) // 8)
    return None


def warp_specialize_scratch_bytes(op: Operation) -> int:
    """Triton's `getCaptureSize`: the explicit captures, packed tightly."""
    assert isinstance(op, WarpSpecializeOp)
    partitions = op.partitions()
    total = 0
    for capture in partitions.explicit_captures if partitions is not None else ():
        size = capture_bytes(capture.type)
        if size is None:
            raise op_error(op, f"cannot pass a value of type {capture.type} to the partitions "
                               "through shared memory")
        total += size
    return total


def tensormap_scratch_bytes(op: Operation) -> int:
    """`ttng.tensormap_create` builds its 128-byte descriptor in shared memory first."""
    return TMA_DESCRIPTOR_BYTES


_SCRATCH_SIZES: dict[str, ScratchSizeFn] = {
    "tt.reduce": reduce_scratch_bytes,
    "tt.scan": scan_scratch_bytes,
    "ttg.convert_layout": convert_layout_scratch_bytes,
    "tt.atomic_rmw": atomic_scratch_bytes,
    "tt.atomic_cas": atomic_scratch_bytes,
    "tt.atomic_poll": atomic_poll_scratch_bytes,
    "tt.histogram": histogram_scratch_bytes,
    "tt.gather": _gather_scratch_bytes,
    "ttng.tensormap_create": tensormap_scratch_bytes,
    "ttg.warp_specialize": warp_specialize_scratch_bytes,
}


def default_scratch_size(op: Operation) -> int:
    """Triton's `defaultAllocationAnalysisScratchSizeFn`."""
    return _scratch_size(op, None)


def nvidia_scratch_size(compute_capability: int) -> ScratchSizeFn:
    """Triton's `getNvidiaAllocationAnalysisScratchSizeFn`: conversions swizzled for the
    instructions of `compute_capability`, every other op as `default_scratch_size`."""
    return lambda op: _scratch_size(op, compute_capability)


def _scratch_size(op: Operation, compute_capability: int | None) -> int:
    size_fn = _SCRATCH_SIZES.get(op.name)
    if size_fn is None:
        return 0
    try:
        if isinstance(op, ttg.ConvertLayoutOp):
            return convert_layout_scratch_bytes(op, compute_capability)
        return size_fn(op)
    except LayoutError as error:
        raise op_error(op, f"cannot size the shared memory of '{op.name}': {error.message}") from None


def _is_shared_alloc(op: Operation) -> bool:
    if not isinstance(op, ttg.LocalAllocOp):
        return False
    memdesc = op.results[0].type
    return isinstance(memdesc, MemDescType) and isinstance(memdesc.memory_space, SharedMemorySpaceAttr)


def explicit_alignment(op: Operation) -> int:
    """Triton's `LocalAllocOp::getAlignmentOrDefault`."""
    given = op.properties.get("alignment") or op.attributes.get("alignment")
    if given is not None:
        return given.value.data  # type: ignore[attr-defined]
    encoding = op.results[0].type.encoding  # type: ignore[attr-defined]
    if isinstance(encoding, NVMMASharedEncodingAttr):
        swizzle = encoding.swizzling_byte_width.data
        return 128 * (swizzle // 16 if swizzle else 1)
    if isinstance(encoding, SharedLinearEncodingAttr):
        return encoding.alignment.data
    return DEFAULT_ALLOC_ALIGNMENT


def allocation_elements(memdesc: MemDescType) -> int:
    """Triton's `getAllocationElems` for a whole allocation: the elements of one CTA's linear
    address space (the `offset` dimension of the encoding's layout, holes included), times the
    leading pipelining dimensions the encoding does not cover, times the buffers of a
    partitioned layout. Padding is not included."""
    shape = memdesc.get_alloc_shape()
    encoding = memdesc.encoding
    rank = encoding.rank  # type: ignore[attr-defined]
    layout = to_linear_layout(encoding, shape[len(shape) - rank:])
    elements = prod(shape[: len(shape) - rank]) * layout.in_dim_size("offset")
    if isinstance(encoding, PartitionedSharedEncodingAttr):
        elements *= encoding.num_partitions.data
    return elements


def _padding(encoding: Attribute) -> PaddedSharedEncodingAttr | None:
    """Triton's `getPaddedEncoding`: the padded layout of an encoding or of its partitions."""
    if isinstance(encoding, PartitionedSharedEncodingAttr):
        encoding = encoding.partition_layout
    return encoding if isinstance(encoding, PaddedSharedEncodingAttr) else None


def explicit_sizes(memdesc: MemDescType) -> list[int]:
    """Bytes of one CTA's share of an allocation, per buffer: `allocation_elements` with the
    padding of a `#ttg.padded_shared` layout inserted (Triton's `getPaddedSize`), times the width;
    a `#ttg.partitioned_shared` allocation is one buffer per partition, each holding its groups."""
    elements = allocation_elements(memdesc)
    padded = _padding(memdesc.encoding)
    if padded is not None:
        elements = padded_size([elements], ints(padded.intervals), ints(padded.paddings))
    size = elements * bit_width(memdesc.element_type) // 8
    encoding = memdesc.encoding
    if isinstance(encoding, PartitionedSharedEncodingAttr):
        buffer = size // encoding.num_logical_pieces * encoding.num_groups.data
        return [buffer] * encoding.num_partitions.data
    return [size]


@dataclass
class FunctionAllocation:
    """The shared-memory plan of one function."""

    function: Operation
    buffers: list[Buffer] = field(default_factory=list)
    value_buffers: dict[SSAValue, list[Buffer]] = field(default_factory=dict)
    op_buffers: dict[Operation, Buffer] = field(default_factory=dict)
    alias_buffers: dict[SSAValue, list[Buffer]] = field(default_factory=dict)
    shared_memory_size: int = 0

    def _add(self, kind: BufferKind, owner: Operation, size: int, alignment: int) -> Buffer:
        buffer = Buffer(len(self.buffers), kind, owner, size, alignment)
        self.buffers.append(buffer)
        return buffer

    def scratch_buffer(self, op: Operation) -> Buffer | None:
        """The scratch or virtual buffer `op` owns, if any."""
        return self.op_buffers.get(op)

    def value_buffers_of(self, value: SSAValue) -> list[Buffer]:
        """The explicit buffers `value` may point into (its own allocation or what it aliases)."""
        aliases = self.alias_buffers.get(value, [])
        own = [b for b in self.value_buffers.get(value, []) if b not in aliases]
        return own + aliases

    def offsets_of(self, op: Operation) -> list[int]:
        """What `allocation.offset` Triton writes on `op`: its scratch offset, else those of the
        buffers its single result owns (one per partition of a partitioned allocation)."""
        buffer = self.op_buffers.get(op)
        if buffer is not None:
            return [buffer.offset]
        if len(op.results) != 1:
            return []
        return [b.offset for b in self.value_buffers.get(op.results[0], [])]


def successor_edges(terminator: Operation) -> list[tuple[Block, list[SSAValue]]]:
    """(successor block, values passed to its arguments) for a CFG terminator."""
    if isinstance(terminator, cf.BranchOp):
        return [(terminator.successors[0], list(terminator.operands))]
    if isinstance(terminator, cf.ConditionalBranchOp):
        then_args = list(terminator.then_arguments)  # type: ignore[attr-defined]
        else_args = list(terminator.else_arguments)  # type: ignore[attr-defined]
        return [(terminator.successors[0], then_args), (terminator.successors[1], else_args)]
    return [(succ, []) for succ in terminator.successors]


def _region_flows(op: Operation) -> list[tuple[list[SSAValue], list[SSAValue]]]:
    """(sources, targets) pairs through which `op`'s structured control flow forwards values."""
    flows: list[tuple[list[SSAValue], list[SSAValue]]] = []
    if isinstance(op, scf.ForOp):
        body = op.regions[0].block
        carried = list(body.args[1:])
        flows.append((list(op.operands[3:]), carried))
        yielded = list(body.last_op.operands) if body.last_op is not None else []
        flows.append((yielded, carried))
        flows.append((yielded, list(op.results)))
        flows.append((list(op.operands[3:]), list(op.results)))
    elif isinstance(op, (scf.IfOp, scf.ExecuteRegionOp)):
        for region in op.regions:
            for block in region.blocks:
                last = block.last_op
                if isinstance(last, scf.YieldOp):
                    flows.append((list(last.operands), list(op.results)))
    elif isinstance(op, WarpSpecializeOp):
        last = op.regions[0].blocks.first.last_op  # type: ignore[union-attr]
        if isinstance(last, WarpYieldOp):
            flows.append((list(last.operands), list(op.results)))
    elif isinstance(op, WarpSpecializePartitionsOp):
        for region in op.regions:
            flows.append((list(op.operands), list(region.blocks.first.args)))  # type: ignore[union-attr]
    elif isinstance(op, scf.WhileOp):
        before, after = op.regions[0].block, op.regions[1].block
        flows.append((list(op.operands), list(before.args)))
        if after.last_op is not None:
            flows.append((list(after.last_op.operands), list(before.args)))
        if isinstance(before.last_op, scf.ConditionOp):
            passed = list(before.last_op.operands[1:])
            flows.append((passed, list(after.args)))
            flows.append((passed, list(op.results)))
    return flows


def _alias_sets(function: Operation, allocs: Iterable[SSAValue]) -> dict[SSAValue, set[SSAValue]]:
    """Triton's `SharedMemoryAliasAnalysis`: the allocations each memdesc value may refer to."""
    aliases: dict[SSAValue, set[SSAValue]] = {v: {v} for v in allocs}
    edges: list[tuple[SSAValue, SSAValue]] = []
    for op in walk(function):
        if isinstance(op, _VIEW_OPS) and op.operands:
            edges.append((op.operands[0], op.results[0]))
        for sources, targets in _region_flows(op):
            edges.extend(zip(sources, targets))
        if op.successors:
            for block, values in successor_edges(op):
                edges.extend(zip(values, block.args))
    edges = [(s, t) for s, t in edges if isinstance(t.type, MemDescType)]
    changed = True
    while changed:
        changed = False
        for source, target in edges:
            incoming = aliases.get(source)
            if not incoming:
                continue
            have = aliases.setdefault(target, set())
            if not incoming <= have:
                have |= incoming
                changed = True
    return aliases


def _partition_index(offset: int, partition_size: int) -> int:
    return offset // partition_size if partition_size else 0


def _shares_partition(start: int, size: int, other: Buffer, partition_size: int) -> bool:
    """Whether bytes `[start, start + size)` and `other` touch a common physical partition."""
    low, high = _partition_index(start, partition_size), _partition_index(start + size - 1, partition_size)
    other_low = _partition_index(other.offset, partition_size)
    other_high = _partition_index(other.offset + other.size - 1, partition_size)
    return low <= other_high and other_low <= high


def _past_partitions_of(buffer: Buffer, partition_size: int) -> int:
    """The first offset above every physical partition `buffer` occupies."""
    return (_partition_index(buffer.offset + buffer.size - 1, partition_size) + 1) * partition_size


def _async_regions_parent(op: Operation) -> Operation | None:
    """The closest enclosing op whose regions run at the same time (Triton's `AsyncRegions`)."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, WarpSpecializeOp):
        parent = parent.parent_op()
    return parent


class _Allocator:
    """One run of Triton's `AllocationAnalysis` over a function."""

    def __init__(self, function: Operation, scratch_size: ScratchSizeFn,
                 callee_sizes: dict[str, int], partition_size: int) -> None:
        self.plan = FunctionAllocation(function)
        self.scratch_size = scratch_size
        self.callee_sizes = callee_sizes
        self.partition_size = partition_size
        self.ranges: dict[Buffer, Interval] = {}

    def run(self) -> FunctionAllocation:
        self._collect()
        self._liveness()
        self._compute_offsets()
        return self.plan

    def _collect(self) -> None:
        plan = self.plan
        function = plan.function
        partition_warps = max(
            (sum(ws.num_warps()) for ws in walk(function) if isinstance(ws, WarpSpecializeOp)), default=0
        )
        if partition_warps:
            # one byte per partition warp, through which warp specialization hands out work
            plan.op_buffers[function] = plan._add(
                BufferKind.SCRATCH, function, partition_warps, DEFAULT_BUFFER_ALIGNMENT
            )
        for op in walk(function):
            if op is function:
                continue
            if _is_shared_alloc(op):
                self._add_explicit(op)
            if isinstance(op, tt.CallOp):
                callee = op.callee.string_value()  # type: ignore[attr-defined]
                size = self.callee_sizes.get(callee, 0)
                if size > 0:
                    plan.op_buffers[op] = plan._add(BufferKind.VIRTUAL, op, size, SCRATCH_ALIGNMENT)
                continue
            size = self.scratch_size(op)
            if size > 0:
                alignment = CAPTURE_ALIGNMENT if isinstance(op, WarpSpecializeOp) else SCRATCH_ALIGNMENT
                plan.op_buffers[op] = plan._add(BufferKind.SCRATCH, op, size, alignment)
        for value, sources in _alias_sets(function, plan.value_buffers).items():
            plan.alias_buffers[value] = [
                b for s in sorted(sources, key=lambda s: plan.value_buffers[s][0].id)
                for b in plan.value_buffers[s]
            ]

    def _add_explicit(self, op: Operation) -> None:
        memdesc = op.results[0].type
        assert isinstance(memdesc, MemDescType)
        try:
            sizes = explicit_sizes(memdesc)
        except LayoutError as error:
            raise op_error(op, f"cannot size the shared memory of '{op.name}': {error.message}") from None
        alignment = explicit_alignment(op)
        buffers = [self.plan._add(BufferKind.EXPLICIT, op, size, alignment) for size in sizes]
        for buffer in buffers:
            buffer.neighbors = [other for other in buffers if other is not buffer]
        self.plan.value_buffers[op.results[0]] = buffers

    def _liveness(self) -> None:
        plan = self.plan
        ids = {op: index for index, op in enumerate(walk(plan.function, region_first=True))}
        liveness = Liveness(plan.function)

        def live_range(value: SSAValue) -> Interval:
            live_ops = liveness.live_operations(value)
            return Interval(min(ids[o] for o in live_ops), max(ids[o] for o in live_ops) + 1)

        for value, buffers in plan.value_buffers.items():
            for buffer in buffers:
                self.ranges[buffer] = live_range(value)
        for value, buffers in plan.alias_buffers.items():
            value_range = live_range(value)
            for buffer in buffers:
                known = self.ranges.get(buffer)
                merged = value_range
                if known is not None:
                    merged = Interval(min(known.start, value_range.start), max(known.end, value_range.end))
                self.ranges[buffer] = merged
        for op, buffer in plan.op_buffers.items():
            # the function's own buffer serves warp specialization throughout the function
            self.ranges[buffer] = _EVERYTHING if op is plan.function else Interval(ids[op], ids[op] + 1)

    def _compute_offsets(self) -> None:
        kinds = (BufferKind.EXPLICIT, BufferKind.SCRATCH, BufferKind.VIRTUAL)
        in_order = [b for kind in kinds for b in self.plan.buffers if b.kind is kind]
        ordered = sorted(in_order, key=lambda b: -b.size)
        if not ordered:
            return
        self._calculate_starts(ordered)
        interference = self._interference(ordered)
        while True:
            self._colour(ordered, interference)
            interference = self._interference(ordered)
            if not interference:
                break

    def _clear_of_neighbors(self, buffer: Buffer, offset: int, placed: set[Buffer]) -> bool:
        """Whether `buffer` at `offset` shares no physical partition with a placed neighbor."""
        if not self.partition_size:
            return True
        return not any(
            _shares_partition(offset, buffer.size, neighbor, self.partition_size)
            for neighbor in buffer.neighbors if neighbor in placed
        )

    def _calculate_starts(self, buffers: list[Buffer]) -> None:
        # (offset, live interval) triples; the smallest offset is taken first, ties in order.
        triples: list[tuple[int, Interval]] = [(0, _EVERYTHING)]
        pending = list(buffers)
        placed: set[Buffer] = set()
        while pending and triples:
            index = min(range(len(triples)), key=lambda i: triples[i][0])
            offset, live = triples.pop(index)
            eligible = [
                candidate for candidate in pending
                if self.ranges[candidate].intersects(live)
                and not any(t.intersects(self.ranges[candidate]) for _, t in triples)
            ]
            chosen = next(
                (c for c in eligible if self._clear_of_neighbors(c, c.aligned(offset), placed)),
                None,
            )
            if chosen is not None:
                span = self.ranges[chosen]
                start = chosen.set_offset_aligned(offset)
                placed.add(chosen)
                triples.append(
                    (start + chosen.size, Interval(max(live.start, span.start), min(live.end, span.end)))
                )
                if live.start < span.start:
                    triples.append((offset, Interval(live.start, span.end)))
                if span.end < live.end:
                    triples.append((offset, Interval(span.start, live.end)))
                pending.remove(chosen)
            elif eligible:
                # every candidate shares a partition with a placed neighbor: reopen the slot at
                # the lowest offset that clears one candidate's neighbors
                reopen = min(
                    max((_past_partitions_of(n, self.partition_size) for n in c.neighbors if n in placed),
                        default=0)
                    for c in eligible
                )
                triples.append((reopen, live))

    def _interference(self, buffers: list[Buffer]) -> dict[Buffer, list[Buffer]]:
        graph: dict[Buffer, list[Buffer]] = {}
        async_parent = {b: _async_regions_parent(b.owner) for b in buffers}
        for x in buffers:
            bytes_x = Interval(*x.interval)
            for y in buffers:
                if x is y or not bytes_x.intersects(Interval(*y.interval)):
                    continue
                live_together = self.ranges[x].intersects(self.ranges[y])
                concurrent = (
                    async_parent[x] is not None
                    and async_parent[x] is async_parent[y]
                    and x.owner.parent_region() is not y.owner.parent_region()
                )
                if live_together or concurrent:
                    graph.setdefault(x, []).append(y)
            if self.partition_size:
                for neighbor in x.neighbors:
                    if (_shares_partition(x.offset, x.size, neighbor, self.partition_size)
                            and neighbor not in graph.get(x, [])):
                        graph.setdefault(x, []).append(neighbor)
        return graph

    def _colour(self, buffers: list[Buffer], interference: dict[Buffer, list[Buffer]]) -> None:
        plan = self.plan
        plan.shared_memory_size = 0
        colours = {b: (0 if b is buffers[0] else -1) for b in buffers}
        for x in buffers:
            taken = {colours[y] for y in interference.get(x, []) if colours[y] >= 0}
            colour = 0
            while colour in taken:
                colour += 1
            colours[x] = colour
        for x in buffers:
            if colours[x] != 0:
                x.set_offset_aligned(max((self._past(x, y) for y in interference.get(x, [])), default=0))
            plan.shared_memory_size = max(plan.shared_memory_size, x.offset + x.size)

    def _past(self, x: Buffer, y: Buffer) -> int:
        """The lowest offset that moves `x` clear of `y`: past its bytes, or, for partition
        neighbors, past the physical partitions `y` occupies."""
        if self.partition_size and y in x.neighbors:
            return _past_partitions_of(y, self.partition_size)
        return y.offset + y.size


_FUNCTION_OPS = (tt.FuncOp, FuncOp, func.FuncOp)


def _functions(module: ModuleOp) -> list[Operation]:
    """The module's functions, those of nested modules included (as Triton's call graph walks);
    function bodies are not searched."""
    found: list[Operation] = []
    for op in module.body.block.ops:
        if isinstance(op, _FUNCTION_OPS):
            found.append(op)
        elif isinstance(op, ModuleOp):
            found += _functions(op)
    return found


def _callees(function: Operation) -> list[str]:
    return [op.callee.string_value() for op in walk(function) if isinstance(op, tt.CallOp)]  # type: ignore[attr-defined]


def _symbol(function: Operation) -> str:
    return function.sym_name.data  # type: ignore[attr-defined]


@dataclass
class ModuleAllocation:
    """Triton's `ModuleAllocation`: every function's plan, callees before callers."""

    module: ModuleOp
    functions: dict[str, FunctionAllocation]
    roots: list[str]

    @property
    def shared_memory_size(self) -> int:
        """The arena the kernel needs: the largest over functions nobody calls."""
        return max((self.functions[name].shared_memory_size for name in self.roots), default=0)

    def of(self, function: Operation) -> FunctionAllocation:
        return self.functions[_symbol(function)]


def allocate_module(module: ModuleOp, scratch_size: ScratchSizeFn = default_scratch_size,
                    partition_size: int = 0) -> ModuleAllocation:
    """Plan every function's shared memory (callees first, so calls know their callee's size).

    `partition_size` is the byte size of each physical shared-memory partition (0: not
    partitioned), across which the buffers of a `#ttg.partitioned_shared` allocation are spread."""
    functions = {_symbol(f): f for f in _functions(module)}
    called = {c for f in functions.values() for c in _callees(f)}
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order or name in visiting or name not in functions:
            return
        visiting.add(name)
        for callee in _callees(functions[name]):
            visit(callee)
        visiting.discard(name)
        order.append(name)

    for name in functions:
        visit(name)
    plans: dict[str, FunctionAllocation] = {}
    sizes: dict[str, int] = {}
    for name in order:
        plans[name] = _Allocator(functions[name], scratch_size, sizes, partition_size).run()
        sizes[name] = plans[name].shared_memory_size
    roots = [name for name in functions if name not in called]
    return ModuleAllocation(module, plans, roots)
