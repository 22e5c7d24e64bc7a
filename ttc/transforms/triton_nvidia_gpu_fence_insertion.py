"""`triton-nvidia-gpu-fence-insertion`: order generic-proxy shared-memory writes before the MMAs
that read them through the async proxy.

Mirrors Triton 3.6's TritonNvidiaGPU FenceInsertion.cpp (`TritonGPUFenceInsertion`). From
compute capability 90 on, for each dot (`DotOpInterface`: `tt.dot`, `tt.dot_scaled`,
`ttng.warp_group_dot`, the tcgen05 MMAs), in program order:

1. A and B, when they are shared-memory descriptors, are traced back to the ops that wrote them
   from registers (`findCopyRegToSharedOps`): through the operands of every defining op, through
   `scf.for` iteration arguments (to the initial value and the yielded one), through the explicit
   captures of `ttg.warp_specialize` partitions; a `ttg.local_alloc` with a source counts, and so
   does the first `ttg.local_store` into an allocation (seen through single-use views); any other
   block argument counts too (its owner), conservatively.
2. With any such writer, a `ttng.fence_async_shared {bCluster = false}` goes right before the
   dot, then is hoisted out of every enclosing loop that contains none of the writers of A and
   none of the writers of B, and is dropped when the op before it is already such a fence.

Buffers filled by `ttg.async_copy_global_to_local` or TMA are written by the async proxy and need
no fence.
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import BoolAttr, ModuleOp
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ttc.analysis.membar_slices import VIEW_OPS as MEMDESC_VIEW_OPS
from ttc.dialects.tt.ops import DotOpInterface
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.warp_specialize import WarpSpecializePartitionsOp
from ttc.dialects.ttng.ops import FenceAsyncSharedOp
from ttc.dialects.upstream import scf
from ttc.ir.target import FENCE_DEFAULT_COMPUTE_CAPABILITY
from ttc.ir.traits import has_trait
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass

LOOP_OPS = (scf.ForOp, scf.WhileOp)
"""MLIR's `LoopLikeOpInterface` ops that ttc has."""

FENCE_MIN_COMPUTE_CAPABILITY = 90


def _first_writer_through_views(alloc: Operation) -> Operation | None:
    """The first user of `alloc`'s buffer (seen through chains of single-use views) that is a
    `ttg.local_store`."""
    for use in alloc.results[0].uses:
        user = use.operation
        while isinstance(user, MEMDESC_VIEW_OPS) and len(user.results) == 1:
            uses = list(user.results[0].uses)
            if len(uses) != 1:
                break
            user = uses[0].operation
        if isinstance(user, ttg.LocalStoreOp):
            return user
    return None


def _trace_block_argument(arg: BlockArgument, visit: list[SSAValue], found: dict[Operation, None]) -> None:
    owner = arg.block.parent_op()
    assert owner is not None
    if isinstance(owner, scf.ForOp):
        # block arguments: the induction variable, then one per iteration argument
        index = arg.index - 1
        visit.append(owner.operands[3 + index])
        terminator = arg.block.last_op
        assert terminator is not None
        visit.append(terminator.operands[index])
    elif isinstance(owner, WarpSpecializePartitionsOp):
        visit.append(owner.operands[arg.index])
    else:
        found[owner] = None


def copy_reg_to_shared_ops(operand: SSAValue) -> list[Operation]:
    """Triton's `findCopyRegToSharedOps`: the ops that wrote `operand`'s buffer from registers
    (empty when `operand` is no shared-memory descriptor)."""
    found: dict[Operation, None] = {}
    seen: set[SSAValue] = set()
    visit = [operand]
    while visit:
        value = visit.pop(0)
        if value in seen or not isinstance(value.type, MemDescType):
            continue
        seen.add(value)
        if isinstance(value, BlockArgument):
            _trace_block_argument(value, visit, found)
            continue
        op = value.owner
        assert isinstance(op, Operation)
        if isinstance(op, ttg.LocalAllocOp):
            if op.operands:
                found[op] = None
            store = _first_writer_through_views(op)
            if store is not None:
                found[store] = None
                continue
        visit.extend(op.operands)
    return list(found)


def _enclosing_loop(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, LOOP_OPS):
        parent = parent.parent_op()
    return parent


def _is_ancestor(op: Operation, other: Operation) -> bool:
    """Whether `other` is `op` or nested in it (MLIR's `isAncestor`)."""
    current: Operation | None = other
    while current is not None:
        if current is op:
            return True
        current = current.parent_op()
    return False


def _is_fence_like(op: Operation | None, fence: FenceAsyncSharedOp) -> bool:
    return isinstance(op, FenceAsyncSharedOp) and op.b_cluster == fence.b_cluster


def insert_fence(dot: Operation) -> None:
    """Put a fence before `dot` when a register-to-shared copy feeds A or B, hoisted out of the
    loops none of those copies are in."""
    writers_a = copy_reg_to_shared_ops(dot.operands[0])
    writers_b = copy_reg_to_shared_ops(dot.operands[1])
    if not writers_a and not writers_b:
        return
    fence = FenceAsyncSharedOp(properties={"bCluster": BoolAttr.from_bool(False)})
    Rewriter.insert_op(fence, InsertPoint.before(dot))
    writers = writers_a + writers_b
    while (loop := _enclosing_loop(fence)) is not None:
        if any(_is_ancestor(loop, writer) for writer in writers):
            break
        fence.detach()
        Rewriter.insert_op(fence, InsertPoint.before(loop))
    if _is_fence_like(fence.prev_op, fence):
        fence.detach()
        fence.erase()


class TritonGPUFenceInsertionPass(
    TtcPass, name="triton-nvidia-gpu-fence-insertion", summary="Insert fences across generic and async proxy"
):
    """Insert `ttng.fence_async_shared` between register-to-shared copies and the MMAs reading
    them."""

    compute_capability: int = field(default=FENCE_DEFAULT_COMPUTE_CAPABILITY,
                                    metadata={"help": "device compute capability"})

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.compute_capability < FENCE_MIN_COMPUTE_CAPABILITY:
            return
        for dot in [o for o in walk(op) if has_trait(o, DotOpInterface)]:
            insert_fence(dot)
