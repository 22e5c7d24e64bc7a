"""Barrier insertion between shared-memory accesses: Triton's `MembarAnalysis` (lib/Analysis/Membar.cpp).

The analysis runs forward over *virtual blocks* — straight-line stretches of a block that end at
its terminator or at an op with regions (`scf.for`/`scf.if`/`scf.while`/`scf.execute_region`,
`ttg.warp_specialize` and its partitions op), whose regions are entered as successors — and
keeps, per point, the *slices* of shared memory read and written since the last CTA barrier
(`ttc.analysis.membar_slices`). At each op:

* a local barrier (`gpu.barrier`, `nvvm.barrier0`, a `ttg.barrier` ordering `local` memory, an
  atomic stronger than relaxed, ...) clears both sets before the op's own accesses;
* after a memory wait (`ttg.async_wait`) a barrier is inserted unless a later sync point of the
  same block comes before any memory access (`has_sync_point_before_memory_effect`);
* an op whose accesses intersect a pending access with at least one write (RAW, WAR or WAW) gets a
  `ttg.barrier local` inserted before it;
* an op with a scratch buffer writes, then reads, its scratch: a barrier goes before it if the
  write conflicts; unless its two phases are only warp-synchronised (a conversion that stays within
  warps), it ends synchronised, leaving only its scratch reads pending;
* a `tt.call` brings its callee's pending accesses at exit, moved by the call's virtual offset;
* a `ttg.warp_specialize` enters its default region and the holder of its partitions; the
  partitions op is a rendezvous, so every partition starts synchronised, and only the default
  region flows back out, through a `ttg.warp_yield` that is a rendezvous too. Its explicit captures
  pass through a scratch buffer, written and read either side of a rendezvous.

Sets from predecessors are joined and blocks revisited until nothing changes; the inserted barriers
are part of the IR on the next visit, so a point is never given two. Functions are analysed callees
first, so a call site knows its callee's summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import cf, func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.traits import is_side_effect_free

from ttc.analysis.allocation import (
    Buffer,
    FunctionAllocation,
    ModuleAllocation,
    allocate_module,
)
from ttc.analysis.lowering_helpers import conversion_is_warp_synchronous, tensor_layout
from ttc.analysis.membar_slices import BufferIndexAnalysis, Slice
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.sync import AtomicPollOp
from ttc.dialects.tt.types import MemSemantic
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.ops import AddrSpace, BarrierOp, MemDescType
from ttc.dialects.ttg.reinterpret import MemDescReinterpretOp
from ttc.dialects.ttg.warp_specialize import (
    WarpReturnOp,
    WarpSpecializeOp,
    WarpSpecializePartitionsOp,
    WarpYieldOp,
)
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.ttng.barriers import ArriveBarrierOp, BarrierExpectOp, ClusterBarrierOp, TMAStoreWaitOp
from ttc.dialects.ttng.mma import TCGen5CommitOp
from ttc.dialects.upstream import gpu, llvm, nvvm, scf

BARRIER_OPS = (gpu.BarrierOp, nvvm.Barrier0Op)
LOCAL_BARRIER_OPS = (
    ClusterBarrierOp,
    ArriveBarrierOp,
    BarrierExpectOp,
    TCGen5CommitOp,
    WarpYieldOp,
    WarpReturnOp,
    WarpSpecializePartitionsOp,
)
"""Ops (besides barriers and atomics) whose lowering starts with a CTA-wide rendezvous."""

ATOMIC_OPS = (tt.AtomicRMWOp, tt.AtomicCASOp)
MEM_WAIT_OPS = (ttg.AsyncWaitOp, TMAStoreWaitOp)
STRUCTURED_OPS = (scf.ForOp, scf.IfOp, scf.WhileOp, scf.ExecuteRegionOp)
REGION_BRANCH_OPS = (*STRUCTURED_OPS, WarpSpecializeOp, WarpSpecializePartitionsOp)
"""Ops whose regions the analysis enters as successors (Triton's `RegionBranchOpInterface`)."""
RETURNING_OPS = (*STRUCTURED_OPS, WarpSpecializeOp)
"""Ops whose region terminators can flow back to the point after the op."""
RETURN_OPS = (tt.ReturnOp, func.ReturnOp, llvm.ReturnOp)
NO_MEMORY_EFFECT_OPS = (
    ttg.MemDescIndexOp,
    ttg.MemDescSubsliceOp,
    ttg.MemDescTransOp,
    ttg.MemDescReshapeOp,
    MemDescReinterpretOp,
    ttg.LocalDeallocOp,
    ttng.WarpGroupDotWaitOp,
    scf.YieldOp,
    scf.ConditionOp,
    cf.BranchOp,
    cf.ConditionalBranchOp,
    tt.ReturnOp,
    WarpYieldOp,
    *REGION_BRANCH_OPS,
)
"""Ops taking memdesc operands without reading or writing the memory behind them (an op with
regions accesses memory only through the ops inside them)."""

# op class -> (operand indices read, operand indices written); -1 is the first result.
SHARED_EFFECTS: dict[type[Operation], tuple[tuple[int, ...], tuple[int, ...]]] = {
    ttg.LocalLoadOp: ((0,), ()),
    ttg.LocalStoreOp: ((), (1,)),
    ttg.LocalAllocOp: ((), (-1,)),
    ttg.AsyncCopyGlobalToLocalOp: ((), (1,)),
    ttng.WarpGroupDotOp: ((0, 1), ()),
}


def is_shared_memory_barrier(op: Operation | None) -> bool:
    """`gpu.barrier`, `nvvm.barrier0`, or a `ttg.barrier` that orders `local` memory."""
    if op is None:
        return False
    if isinstance(op, BarrierOp):
        return AddrSpace.LOCAL in op.spaces
    return isinstance(op, BARRIER_OPS)


def _atomic_semantic(op: Operation) -> MemSemantic:
    return MemSemantic(op.sem.value.data)  # type: ignore[attr-defined]


def contains_local_barrier(op: Operation) -> bool:
    """Triton's `containsLocalBarrier`: `op` synchronises local memory before its own accesses."""
    if isinstance(op, AtomicPollOp):
        return True
    if isinstance(op, ATOMIC_OPS):
        return _atomic_semantic(op) is not MemSemantic.RELAXED
    return is_shared_memory_barrier(op) or isinstance(op, LOCAL_BARRIER_OPS)


@dataclass(frozen=True)
class BarrierStages:
    """Triton's `BarrierStages`: where an op's own CTA-wide rendezvous falls."""

    before: bool = False
    between: bool = False
    after: bool = False


@dataclass
class BlockInfo:
    """Shared-memory slices read and written since the last barrier."""

    reads: set[Slice] = field(default_factory=set)
    writes: set[Slice] = field(default_factory=set)

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

    def without_buffer_indices(self) -> BlockInfo:
        return BlockInfo({s.without_index() for s in self.reads}, {s.without_index() for s in self.writes})

    def translated(self, offset: int) -> BlockInfo:
        """A callee's slices as seen at a call site whose virtual buffer starts at `offset`."""
        return BlockInfo({s.translated(offset) for s in self.reads}, {s.translated(offset) for s in self.writes})


def _overlap(a: set[Slice], b: set[Slice]) -> bool:
    return any(x.intersects(y) for x in a for y in b)


VirtualBlock = tuple[Block, Operation | None]
"""A block and the op the stretch starts after (None: the block's start)."""


class _Membar:
    def __init__(self, plan: FunctionAllocation, summaries: dict[str, BlockInfo]) -> None:
        self.plan = plan
        self.summaries = summaries
        self.indices = BufferIndexAnalysis(plan.function)
        self.inputs: dict[VirtualBlock, BlockInfo] = {}
        self.outputs: dict[VirtualBlock, BlockInfo] = {}

    def run(self) -> BlockInfo:
        """Insert the function's barriers; return its summary (what is pending at its exits)."""
        entry_block = self.plan.function.regions[0].blocks.first
        if entry_block is None:
            return BlockInfo()
        entry: VirtualBlock = (entry_block, None)
        self.inputs[entry] = BlockInfo()
        worklist: list[VirtualBlock] = [entry]
        while worklist:
            point = worklist.pop(0)
            info = self.inputs[point].copy()
            terminator, successors = self._visit(point, info)
            if self.outputs.get(point) == info:
                continue
            self.outputs[point] = info
            for succ in successors:
                incoming = self.inputs.setdefault(succ, BlockInfo())
                incoming.join(info)
                if terminator is not None and self.indices.is_backedge(terminator, succ[0]):
                    self.inputs[succ] = incoming.without_buffer_indices()
                if succ not in worklist:
                    worklist.append(succ)
        return self._summary()

    def _summary(self) -> BlockInfo:
        summary = BlockInfo()
        for block in self.plan.function.regions[0].blocks:
            if not isinstance(block.last_op, RETURN_OPS):
                continue
            points = [(after, info) for (b, after), info in self.outputs.items() if b is block]
            if not points:
                continue
            index = {op: i for i, op in enumerate(block.ops)}
            _, last = max(points, key=lambda p: -1 if p[0] is None else index[p[0]])
            summary.join(last.without_buffer_indices())
        return summary

    def _visit(self, point: VirtualBlock, info: BlockInfo) -> tuple[Operation | None, list[VirtualBlock]]:
        block, after = point
        op = block.first_op if after is None else after.next_op
        while op is not None:
            self._update(op, info)
            if isinstance(op, REGION_BRANCH_OPS):
                return op, self._region_entries(op)
            if op is block.last_op:
                return op, self._terminator_successors(op)
            op = op.next_op
        return None, []

    @staticmethod
    def _region_entries(op: Operation) -> list[VirtualBlock]:
        parent = op.parent_block()
        assert parent is not None
        entries: list[VirtualBlock] = []
        if isinstance(op, scf.WhileOp):
            return [(op.regions[0].block, None)]
        # a warp_specialize enters its default region and its partitions' holder (whose
        # partitions op enters every partition); only the default region flows back out
        for region in op.regions:
            if region.blocks.first is not None:
                entries.append((region.blocks.first, None))
        if isinstance(op, scf.ForOp) or (isinstance(op, scf.IfOp) and not op.regions[1].blocks):
            entries.append((parent, op))
        return entries

    @staticmethod
    def _terminator_successors(term: Operation) -> list[VirtualBlock]:
        if term.successors:
            return [(succ, None) for succ in term.successors]
        owner = term.parent_op()
        if not isinstance(owner, RETURNING_OPS):
            return []
        parent = owner.parent_block()
        assert parent is not None
        after_owner: VirtualBlock = (parent, owner)
        if isinstance(owner, scf.ForOp):
            return [(owner.regions[0].block, None), after_owner]
        if isinstance(owner, scf.WhileOp):
            before, after = owner.regions[0].block, owner.regions[1].block
            if isinstance(term, scf.ConditionOp):
                return [(after, None), after_owner]
            return [(before, None)]
        return [after_owner]

    def _scratch(self, op: Operation) -> Buffer | None:
        """`op`'s scratch buffer; a call's virtual buffer is its callee's, not a scratch."""
        return None if isinstance(op, tt.CallOp) else self.plan.scratch_buffer(op)

    def _stages(self, op: Operation) -> BarrierStages:
        """Triton's `getLocalBarrierStages`."""
        scratch_barrier = self._scratch(op) is not None and not _warp_synchronous_conversion(op)
        if isinstance(op, AtomicPollOp):
            return BarrierStages(before=False, between=scratch_barrier, after=not scratch_barrier)
        if isinstance(op, ATOMIC_OPS):
            semantic = _atomic_semantic(op)
            return BarrierStages(
                before=semantic in (MemSemantic.RELEASE, MemSemantic.ACQUIRE_RELEASE),
                between=scratch_barrier,
                after=not scratch_barrier and semantic in (MemSemantic.ACQUIRE, MemSemantic.ACQUIRE_RELEASE),
            )
        return BarrierStages(before=contains_local_barrier(op), between=scratch_barrier)

    def _sync_point_before_memory_effect(self, op: Operation) -> bool:
        """Triton's `hasSyncPointBeforeMemoryEffect`: a later op of the block synchronises before
        anything touches memory."""
        following = op.next_op
        while following is not None:
            stages = self._stages(following)
            if stages.before or isinstance(following, MEM_WAIT_OPS):
                return True
            if stages.between:
                return False
            if stages.after:
                return True
            if isinstance(following, REGION_BRANCH_OPS) or not is_side_effect_free(following):
                return False
            following = following.next_op
        return False

    def _accesses(self, op: Operation) -> BlockInfo:
        """The explicit-buffer slices `op` reads and writes (a call: its callee's summary)."""
        info = BlockInfo()
        if isinstance(op, tt.CallOp):
            summary = self.summaries.get(op.callee.string_value())  # type: ignore[attr-defined]
            call = self.plan.scratch_buffer(op)
            return BlockInfo() if summary is None else summary.translated(0 if call is None else call.offset)
        effects = SHARED_EFFECTS.get(type(op))
        if effects is None:
            if isinstance(op, NO_MEMORY_EFFECT_OPS):
                return info
            both = tuple(i for i, v in enumerate(op.operands) if isinstance(v.type, MemDescType))
            effects = (both, both)
        reads, writes = effects
        if isinstance(op, ttg.LocalAllocOp) and not op.operands:
            writes = ()
        for index in reads:
            info.reads |= self._slices(op.results[0] if index == -1 else op.operands[index])
        for index in writes:
            info.writes |= self._slices(op.results[0] if index == -1 else op.operands[index])
        return info

    def _slices(self, value: SSAValue) -> set[Slice]:
        return {self.indices.make_slice(value, b) for b in self.plan.value_buffers_of(value)}

    def _update(self, op: Operation, info: BlockInfo) -> None:
        stages = self._stages(op)
        if stages.before:
            info.sync()
        if isinstance(op, MEM_WAIT_OPS) and not self._sync_point_before_memory_effect(op):
            _insert_barrier_after(op)
            info.sync()
            return
        current = self._accesses(op)
        scratch = self._scratch(op)
        if scratch is not None:
            whole = Slice(*scratch.interval)
            current.writes.add(whole)
            if info.conflicts_with(current):
                _insert_barrier_before(op)
                info.sync()
            if stages.between:
                info.join(current)
                info.sync()
                current.sync()
            current.reads.add(whole)
        elif info.conflicts_with(current):
            _insert_barrier_before(op)
            info.sync()
        info.join(current)
        if stages.after:
            info.sync()


def _warp_synchronous_conversion(op: Operation) -> bool:
    """A `ttg.convert_layout` whose scratch phases need only a warp barrier (Triton's
    `scratchBufferUsesWarpSync`)."""
    if not isinstance(op, ttg.ConvertLayoutOp):
        return False
    src, dst = op.operands[0].type, op.results[0].type
    return conversion_is_warp_synchronous(tensor_layout(src), tensor_layout(dst))  # type: ignore[arg-type]


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
    summaries: dict[str, BlockInfo] = {}
    for name, plan in allocation.functions.items():  # callees before callers
        summaries[name] = _Membar(plan, summaries).run()
    return allocation
