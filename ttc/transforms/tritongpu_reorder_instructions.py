"""`tritongpu-reorder-instructions`: move ops to cut register pressure and help ptxas.

Mirrors Triton 3.6's ReorderInstructions.cpp, five sweeps over the module in order:

1. Each `ttg.convert_layout` sinks below every `ttg.local_dealloc` that lies between it and its
   first user in its block (so the buffer is freed before the conversion's scratch is needed).
2. Ops that make registers live longer (`ttg.local_load`, and conversions into `#ttg.dot_op`)
   with a single use in another `scf.for` than their own (typically a loop-invariant operand
   loaded before the loop) move right before that use.
3. A `ttg.local_alloc` of a value moves right after the value's producer (not after a constant or
   a splat, which would only hold shared memory longer).
4. A transposition (`tt.trans`, `ttg.memdesc_trans`) moves right after its operand's producer.
5. A `ttg.local_load` of dot operand B whose only user is a `tt.dot` with an A operand also from
   a `ttg.local_load` after it moves right after that A load, unless an op between them may write
   memory (ops of unknown effects count as not writing, as in Triton), so both shared-memory
   reads of a dot come in A, B order.

Triton applies sweep 2's moves in hash-map order; ttc applies them in walk order, so ops sunk
before one shared user end up in their original order, closest to the user last.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, Operation
from xdsl.traits import MemoryEffectKind

from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr
from ttc.dialects.upstream import arith, scf
from ttc.ir.dominance import immediate_dominators
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.utils import memory_effects, move_before

TRANSPOSE_OPS = (tt.TransOp, ttg.MemDescTransOp)


def _dot_operand_index(op: Operation) -> int | None:
    """The `opIdx` of the `#ttg.dot_op` layout `op` produces, or None."""
    type_ = op.results[0].type if op.results else None
    if isinstance(type_, TensorType) and isinstance(type_.encoding, DotOperandEncodingAttr):
        return type_.encoding.op_idx.data
    return None


def increases_register_pressure(op: Operation) -> bool:
    """Triton's `willIncreaseRegisterPressure`: shared-memory loads and conversions into a dot
    operand layout."""
    if isinstance(op, ttg.LocalLoadOp):
        return True
    return isinstance(op, ttg.ConvertLayoutOp) and _dot_operand_index(op) is not None


def has_write_side_effect(op: Operation) -> bool:
    """Triton's `hasWriteSideEffect`: a known effect (nested ops included) other than a read, an
    allocation or a free. Unknown effects count as none."""
    effects = memory_effects(op)
    if effects is None:
        return False
    harmless = (MemoryEffectKind.READ, MemoryEffectKind.ALLOC, MemoryEffectKind.FREE)
    return any(effect.kind not in harmless for effect in effects)


def ancestor_in_block(block: Block, op: Operation) -> Operation | None:
    """MLIR's `Block::findAncestorOpInBlock`: `op` or its ancestor that lies in `block`."""
    current: Operation | None = op
    while current is not None and current.parent is not block:
        current = current.parent_op()
    return current


def _index(op: Operation) -> int:
    block = op.parent
    assert block is not None
    return block.get_operation_index(op)


def first_use(op: Operation) -> Operation | None:
    """The first op of `op`'s block that uses `op` or contains a use of it."""
    block = op.parent
    assert block is not None
    users = [ancestor_in_block(block, use.operation) for result in op.results for use in result.uses]
    present = [user for user in users if user is not None]
    return min(present, key=_index) if present else None


def enclosing_for(op: Operation) -> Operation | None:
    """MLIR's `getParentOfType<scf::ForOp>`: the closest enclosing `scf.for`."""
    current = op.parent_op()
    while current is not None and not isinstance(current, scf.ForOp):
        current = current.parent_op()
    return current


def dominates(a: Operation, b: Operation) -> bool:
    """MLIR's `DominanceInfo::dominates(a, b)` for ops: `a` is `b` or comes before the ancestor
    of `b` in its block, or `a`'s block dominates that ancestor's block in a CFG region."""
    block = a.parent
    assert block is not None
    ancestor = ancestor_in_block(block, b)
    if ancestor is not None:
        return _index(a) <= _index(ancestor)
    region = block.parent
    current: Operation | None = b
    while current is not None and current.parent_region() is not region:
        current = current.parent_op()
    if current is None or region is None or current.parent is None:
        return False
    entry = region.blocks.first
    assert entry is not None
    idom = immediate_dominators(entry)
    other: Block | None = current.parent
    while other is not None and other is not block:
        other = idom.get(other) if other is not entry else None
    return other is block


def crosses_write(start: Operation, end: Operation) -> bool:
    """Triton's `crossWriteSideEffectingOp`: an op after `start`, up to and including the
    ancestor of `end` in `start`'s block, may write memory (True when there is no ancestor)."""
    block = start.parent
    assert block is not None
    ancestor = ancestor_in_block(block, end)
    if ancestor is None:
        return True
    current = start.next_op
    while current is not None:
        if has_write_side_effect(current):
            return True
        if current is ancestor:
            return False
        current = current.next_op
    return True


def move_after(op: Operation, anchor: Operation) -> None:
    """MLIR's `Operation::moveAfter`."""
    following = anchor.next_op
    if following is op:
        return
    block = op.parent
    assert block is not None
    block.detach_op(op)
    if following is None:
        anchor_block = anchor.parent
        assert anchor_block is not None
        anchor_block.add_op(op)
    else:
        move_before(op, following)


def sink_conversions_below_deallocs(module: ModuleOp) -> None:
    """Sweep 1."""
    for cvt in [op for op in walk(module, region_first=True) if isinstance(op, ttg.ConvertLayoutOp)]:
        stop = first_use(cvt)
        current = cvt.next_op
        while current is not None and current is not stop:
            following = current.next_op
            if isinstance(current, ttg.LocalDeallocOp):
                move_after(cvt, current)
            current = following


def sink_into_loops(module: ModuleOp) -> None:
    """Sweep 2."""
    moves: list[tuple[Operation, Operation]] = []
    for op in walk(module, region_first=True):
        if not increases_register_pressure(op):
            continue
        uses = [use for result in op.results for use in result.uses]
        if len(uses) != 1:
            continue
        user = uses[0].operation
        if enclosing_for(user) is not enclosing_for(op):
            moves.append((op, user))
    for op, user in moves:
        move_before(op, user)


def hoist_allocs_to_producers(module: ModuleOp) -> None:
    """Sweep 3."""
    for alloc in [op for op in walk(module, region_first=True) if isinstance(op, ttg.LocalAllocOp)]:
        if not alloc.operands:
            continue
        producer = alloc.operands[0].owner
        if isinstance(producer, Operation) and not isinstance(producer, (arith.ConstantOp, tt.SplatOp)):
            move_after(alloc, producer)


def hoist_transposes_to_producers(module: ModuleOp) -> None:
    """Sweep 4."""
    for trans in [op for op in walk(module, region_first=True) if isinstance(op, TRANSPOSE_OPS)]:
        producer = trans.operands[0].owner
        if isinstance(producer, Operation):
            move_after(trans, producer)


def order_dot_operand_loads(module: ModuleOp) -> None:
    """Sweep 5."""
    for load in [op for op in walk(module, region_first=True) if isinstance(op, ttg.LocalLoadOp)]:
        if _dot_operand_index(load) != 1:
            continue
        uses = list(load.results[0].uses)
        if len(uses) != 1 or not isinstance(uses[0].operation, tt.DotOp):
            continue
        a_load = uses[0].operation.operands[0].owner
        if not isinstance(a_load, ttg.LocalLoadOp):
            continue
        if not dominates(load, a_load) or crosses_write(load, a_load):
            continue
        move_after(load, a_load)


class TritonGPUReorderInstructionsPass(TtcPass, name="tritongpu-reorder-instructions", summary="Reorder instructions"):
    """Sink and hoist conversions, shared-memory loads, allocations and transposes."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        sink_conversions_below_deallocs(op)
        sink_into_loops(op)
        hoist_allocs_to_producers(op)
        hoist_transposes_to_producers(op)
        order_dot_operand_loads(op)
