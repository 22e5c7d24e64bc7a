"""Barrier insertion between shared-memory accesses: Triton's `MembarAnalysis` (lib/Analysis/Membar.cpp).

The analysis runs forward over *virtual blocks* — straight-line stretches of a block that end at
its terminator or at a structured op (`scf.for`/`scf.if`/`scf.while`/`scf.execute_region`), whose
regions are entered as successors — and keeps, per point, the byte intervals of shared memory read
and written since the last CTA barrier. At each op:

* a `gpu.barrier` (or `nvvm.barrier0`, or a `ttg.barrier` ordering `local` memory) clears both
  sets;
* after a `ttg.async_wait` not already followed by a barrier, a barrier is inserted;
* an op whose accesses (explicit buffers, through `ttc.analysis.allocation`) overlap a pending
  access with at least one write (RAW, WAR or WAW) gets a `ttg.barrier local` inserted before it;
* an op with a scratch buffer writes, then reads, its scratch: a barrier goes before it if the
  write conflicts, and the op itself ends synchronised (its lowering contains barriers), leaving
  only its scratch reads pending — which is what makes two back-to-back reductions sharing a
  scratch buffer get a barrier between them.

Sets from predecessors are joined and blocks revisited until nothing changes; the inserted barriers
are part of the IR on the next visit, so a point is never given two.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from ttc.analysis.allocation import (
    FunctionAllocation,
    ModuleAllocation,
    allocate_module,
)
from ttc.dialects.ttg import AddrSpace, BarrierOp, MemDescType

Interval = tuple[int, int]

BARRIER_OPS = frozenset({"gpu.barrier", "nvvm.barrier0"})


def is_shared_memory_barrier(op: Operation | None) -> bool:
    """`gpu.barrier`, `nvvm.barrier0`, or a Triton 3.7 `ttg.barrier` that orders `local` memory."""
    if op is None:
        return False
    if isinstance(op, BarrierOp):
        return AddrSpace.LOCAL in op.spaces
    return op.name in BARRIER_OPS


ASYNC_WAIT_OPS = frozenset({"ttg.async_wait"})
STRUCTURED_OPS = frozenset({"scf.for", "scf.if", "scf.while", "scf.execute_region"})
NO_MEMORY_EFFECT_OPS = frozenset(
    {
        "ttg.memdesc_index",
        "ttg.memdesc_subslice",
        "ttg.memdesc_trans",
        "ttg.memdesc_reshape",
        "ttg.memdesc_reinterpret",
        "ttg.local_dealloc",
        "scf.yield",
        "scf.condition",
        "cf.br",
        "cf.cond_br",
        "tt.return",
    }
)
"""Ops taking memdesc operands without reading or writing the memory behind them."""

# op name -> (operand indices read, operand indices written); -1 is the first result.
SHARED_EFFECTS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "ttg.local_load": ((0,), ()),
    "ttg.local_store": ((), (1,)),
    "ttg.local_alloc": ((), (-1,)),
    "ttg.async_copy_global_to_local": ((), (1,)),
    "ttng.warp_group_dot": ((0, 1), ()),
}


@dataclass
class BlockInfo:
    """Shared-memory intervals read and written since the last barrier."""

    reads: set[Interval] = field(default_factory=set)
    writes: set[Interval] = field(default_factory=set)

    def copy(self) -> BlockInfo:
        return BlockInfo(set(self.reads), set(self.writes))

    def join(self, other: BlockInfo) -> None:
        self.reads |= other.reads
        self.writes |= other.writes

    def sync(self) -> None:
        self.reads.clear()
        self.writes.clear()

    def conflicts_with(self, other: BlockInfo) -> bool:
        """RAW, WAR or WAW between pending accesses and `other`'s."""
        return (
            _overlap(self.writes, other.reads)
            or _overlap(self.reads, other.writes)
            or _overlap(self.writes, other.writes)
        )


def _overlap(a: set[Interval], b: set[Interval]) -> bool:
    return any(x0 < y1 and y0 < x1 for x0, x1 in a for y0, y1 in b)


VirtualBlock = tuple[Block, Operation | None]
"""A block and the op the stretch starts after (None: the block's start)."""


def _value_intervals(plan: FunctionAllocation, value: SSAValue) -> set[Interval]:
    return {b.interval for b in plan.value_buffers_of(value)}


def _accesses(plan: FunctionAllocation, op: Operation) -> BlockInfo:
    """The explicit-buffer intervals `op` reads and writes."""
    info = BlockInfo()
    effects = SHARED_EFFECTS.get(op.name)
    if effects is not None:
        reads, writes = effects
        if op.name == "ttg.local_alloc" and not op.operands:
            writes = ()
        for index in reads:
            value = op.results[0] if index == -1 else op.operands[index]
            info.reads |= _value_intervals(plan, value)
        for index in writes:
            value = op.results[0] if index == -1 else op.operands[index]
            info.writes |= _value_intervals(plan, value)
        return info
    if op.name in NO_MEMORY_EFFECT_OPS:
        return info
    for value in op.operands:
        if isinstance(value.type, MemDescType):
            intervals = _value_intervals(plan, value)
            info.reads |= intervals
            info.writes |= intervals
    return info


class _Membar:
    def __init__(self, plan: FunctionAllocation) -> None:
        self.plan = plan
        self.inputs: dict[VirtualBlock, BlockInfo] = {}
        self.outputs: dict[VirtualBlock, BlockInfo] = {}

    def run(self) -> None:
        entry_block = self.plan.function.regions[0].blocks.first
        if entry_block is None:
            return
        entry: VirtualBlock = (entry_block, None)
        self.inputs[entry] = BlockInfo()
        worklist: list[VirtualBlock] = [entry]
        while worklist:
            point = worklist.pop(0)
            info = self.inputs[point].copy()
            successors = self._visit(point, info)
            if self.outputs.get(point) == info:
                continue
            self.outputs[point] = info
            for succ in successors:
                incoming = self.inputs.setdefault(succ, BlockInfo())
                incoming.join(info)
                if succ not in worklist:
                    worklist.append(succ)

    def _visit(self, point: VirtualBlock, info: BlockInfo) -> list[VirtualBlock]:
        block, after = point
        op = block.first_op if after is None else after.next_op
        while op is not None:
            if op.name in STRUCTURED_OPS:
                return self._region_entries(op)
            self._update(op, info)
            if op is block.last_op:
                return self._terminator_successors(op)
            op = op.next_op
        return []

    @staticmethod
    def _region_entries(op: Operation) -> list[VirtualBlock]:
        parent = op.parent_block()
        assert parent is not None
        entries: list[VirtualBlock] = []
        if op.name == "scf.while":
            return [(op.regions[0].block, None)]
        for region in op.regions:
            if region.blocks.first is not None:
                entries.append((region.blocks.first, None))
        if op.name == "scf.for" or (op.name == "scf.if" and not op.regions[1].blocks):
            entries.append((parent, op))
        return entries

    @staticmethod
    def _terminator_successors(term: Operation) -> list[VirtualBlock]:
        if term.successors:
            return [(succ, None) for succ in term.successors]
        owner = term.parent_op()
        if owner is None or owner.name not in STRUCTURED_OPS:
            return []
        parent = owner.parent_block()
        assert parent is not None
        after_owner: VirtualBlock = (parent, owner)
        if owner.name == "scf.for":
            return [(owner.regions[0].block, None), after_owner]
        if owner.name == "scf.while":
            before, after = owner.regions[0].block, owner.regions[1].block
            if term.name == "scf.condition":
                return [(after, None), after_owner]
            return [(before, None)]
        return [after_owner]

    def _update(self, op: Operation, info: BlockInfo) -> None:
        if is_shared_memory_barrier(op):
            info.sync()
            return
        if op.name in ASYNC_WAIT_OPS:
            following = op.next_op
            if not is_shared_memory_barrier(following):
                _insert_barrier_after(op)
            info.sync()
            return
        current = _accesses(self.plan, op)
        scratch = self.plan.scratch_buffer(op)
        if scratch is not None:
            current.writes.add(scratch.interval)
            if info.conflicts_with(current):
                _insert_barrier_before(op)
            info.sync()
            current.reads.add(scratch.interval)
        elif info.conflicts_with(current):
            _insert_barrier_before(op)
            info.sync()
        info.join(current)


def _barrier_like(op: Operation) -> Operation:
    barrier = BarrierOp(AddrSpace.LOCAL)
    barrier.location = op.location
    return barrier


def _insert_barrier_before(op: Operation) -> None:
    block = op.parent_block()
    assert block is not None
    block.insert_op_before(_barrier_like(op), op)


def _insert_barrier_after(op: Operation) -> None:
    block = op.parent_block()
    assert block is not None
    block.insert_op_after(_barrier_like(op), op)


def insert_barriers(module: ModuleOp, allocation: ModuleAllocation | None = None) -> ModuleAllocation:
    """Insert `ttg.barrier local`s wherever shared memory needs one (Triton's `ModuleMembarAnalysis`).

    Returns the allocation the analysis used (computed when not given).
    """
    if allocation is None:
        allocation = allocate_module(module)
    for plan in allocation.functions.values():
        _Membar(plan).run()
    return allocation
