"""What the barrier analysis knows of one shared-memory access: Triton's `AllocationSlice` (Membar.h)
and `BufferIndexAnalysis` (lib/Analysis/BufferIndexAnalysis.cpp).

A `Slice` is the byte interval of the buffer accessed and, where known, a logical view of it: the
memdesc type accessed, the offsets of a `ttg.memdesc_subslice` taken straight from the allocation,
and the slot of a multi-buffered allocation chosen by `ttg.memdesc_index`, as an `IndexExpr`
`base + offset` (optionally modulo a constant). Two slices of overlapping bytes are still disjoint
when they pick provably different slots of one buffer, or subslices (of the same layout) that are
disjoint in some dimension.

Slot indices are decomposed from constants, `arith.addi` with a constant, `arith.remsi` by a
positive constant and the pipeliner's one-step wrap `select(cmpi sge|slt (base + 1, N), ...)` when
`-1 <= base < N` is proven (a constant, or a loop-header block argument whose every incoming value
is an in-range constant or the select itself). Nothing is claimed in a function with irreducible
control flow, and indices carried across a `cf` loop backedge or out of a function are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue

from ttc.analysis.allocation import Buffer, successor_edges
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.reinterpret import MemDescReinterpretOp
from ttc.dialects.upstream import arith
from ttc.ir.values import defined_by
from ttc.ir.walk import walk

VIEW_OPS = (
    ttg.MemDescIndexOp,
    ttg.MemDescSubsliceOp,
    ttg.MemDescTransOp,
    ttg.MemDescReshapeOp,
    MemDescReinterpretOp,
)
"""Triton's `MemDescViewTrait` ops: views that keep the slot of the buffer they look into."""

CMPI_SLT, CMPI_SGE = 2, 5


@dataclass(frozen=True, eq=False)
class IndexExpr:
    """A slot index `base + offset`, modulo `modulus` when wrapped (base None: a constant)."""

    base: SSAValue | None
    offset: int = 0
    modulus: int | None = None

    def _key(self) -> tuple[int, int, int | None]:
        return id(self.base), self.offset, self.modulus

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IndexExpr) and self.base is other.base and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def normalized(self) -> IndexExpr:
        return self if self.modulus is None else replace(self, offset=self.offset % self.modulus)

    def provably_differs(self, other: IndexExpr) -> bool:
        if self.base is not other.base:
            return False
        if self.modulus is not None or other.modulus is not None:
            if self.modulus != other.modulus:
                return False
            assert self.modulus is not None
            return self.offset % self.modulus != other.offset % self.modulus
        return self.offset != other.offset


@dataclass(frozen=True)
class Slice:
    """Triton's `AllocationSlice`: bytes `[start, end)` and what is known of the view accessed."""

    start: int
    end: int
    buffer: int | None = None
    access: MemDescType | None = None
    offsets: tuple[int, ...] | None = None
    index: IndexExpr | None = None

    def intersects(self, other: Slice) -> bool:
        """False only when the two accesses provably touch different memory."""
        if not (self.start < other.end and other.start < self.end):
            return False
        if (
            self.buffer is not None
            and self.buffer == other.buffer
            and self.index is not None
            and other.index is not None
            and self.index.provably_differs(other.index)
        ):
            return False
        if self.access is None or other.access is None or self.offsets is None or other.offsets is None:
            return True
        if self.access.encoding != other.access.encoding:
            return True
        shape_a, shape_b = self.access.get_shape(), other.access.get_shape()
        for start_a, size_a, start_b, size_b in zip(self.offsets, shape_a, other.offsets, shape_b):
            if start_a + size_a <= start_b or start_b + size_b <= start_a:
                return False
        return True

    def without_index(self) -> Slice:
        return self if self.index is None else replace(self, index=None)

    def translated(self, offset: int) -> Slice:
        """The slice at a call site: moved by the call's offset, no longer of a caller's buffer."""
        return replace(self, start=self.start + offset, end=self.end + offset, buffer=None)


def _constant(value: SSAValue) -> int | None:
    if isinstance(value, OpResult) and isinstance(value.op, arith.ConstantOp):
        attr = value.op.properties.get("value", value.op.attributes.get("value"))
        if isinstance(attr, IntegerAttr):
            return attr.value.data
    return None


def _incoming(arg: BlockArgument) -> list[SSAValue] | None:
    """The values every CFG edge passes to block argument `arg` (None: it has no predecessors)."""
    block = arg.block
    region = block.parent
    if region is None:
        return None
    values = [
        passed[arg.index]
        for pred in region.blocks
        if pred.last_op is not None
        for succ, passed in successor_edges(pred.last_op)
        if succ is block
    ]
    return values or None


def _base_in_range(base: SSAValue, modulus: int, select: Operation) -> bool:
    """`-1 <= base < modulus`, so the select-wrap equals `(base + 1) % modulus`."""
    constant = _constant(base)
    if constant is not None:
        return -1 <= constant < modulus
    if not isinstance(base, BlockArgument):
        return False
    incoming = _incoming(base)
    if incoming is None:
        return False
    for value in incoming:
        if isinstance(value, OpResult) and value.op is select:
            continue
        constant = _constant(value)
        if constant is None or not -1 <= constant < modulus:
            return False
    return True


def _wrap(select: Operation) -> IndexExpr | None:
    """The pipeliner's `select(cmpi sge|slt (base + 1, N), ...)` as `(base + 1) mod N`."""
    cond, true_value, false_value = select.operands
    cmp = defined_by(cond, arith.CmpiOp)
    if cmp is None:
        return None
    predicate = cmp.predicate.value.data  # type: ignore[attr-defined]
    if predicate == CMPI_SGE:
        wrapped, unwrapped = true_value, false_value
    elif predicate == CMPI_SLT:
        unwrapped, wrapped = true_value, false_value
    else:
        return None
    add = defined_by(unwrapped, arith.AddiOp)
    if _constant(wrapped) != 0 or add is None or cmp.operands[0] is not unwrapped:
        return None
    lhs, rhs = add.operands[0], add.operands[1]
    step, base = (_constant(rhs), lhs) if _constant(rhs) is not None else (_constant(lhs), rhs)
    modulus = _constant(cmp.operands[1])
    if step != 1 or modulus is None or modulus <= 0 or not _base_in_range(base, modulus, select):
        return None
    inner = analyze_index(base)
    if inner.modulus is not None:
        return None
    return IndexExpr(inner.base, inner.offset + step, modulus)


def analyze_index(value: SSAValue) -> IndexExpr:
    """Decompose a slot index into `base + offset (mod N)`; unknown arithmetic is its own base."""
    constant = _constant(value)
    if constant is not None:
        return IndexExpr(None, constant)
    add = defined_by(value, arith.AddiOp)
    if add is not None:
        for other, operand in ((add.operands[0], add.operands[1]), (add.operands[1], add.operands[0])):
            offset = _constant(operand)
            if offset is not None:
                inner = analyze_index(other)
                if inner.modulus is not None:
                    return IndexExpr(value)
                return IndexExpr(inner.base, inner.offset + offset)
    select = defined_by(value, arith.SelectOp)
    if select is not None:
        wrapped = _wrap(select)
        if wrapped is not None:
            return wrapped
    rem = defined_by(value, xarith.RemSIOp)
    if rem is not None:
        modulus = _constant(rem.operands[1])
        if modulus is not None and modulus > 0:
            inner = analyze_index(rem.operands[0])
            if inner.modulus is not None:
                return IndexExpr(value)
            return IndexExpr(inner.base, inner.offset, modulus)
    return IndexExpr(value)


def _slot_index(value: SSAValue) -> SSAValue | None:
    """The `ttg.memdesc_index` operand choosing the slot `value` views, through other views."""
    while isinstance(value, OpResult) and isinstance(value.op, VIEW_OPS):
        if isinstance(value.op, ttg.MemDescIndexOp):
            return value.op.operands[1]
        value = value.op.operands[0]
    return None


def _dominators(region: Region) -> dict[Block, set[Block]]:
    blocks = list(region.blocks)
    preds: dict[Block, list[Block]] = {b: [] for b in blocks}
    for block in blocks:
        if block.last_op is not None:
            for succ in block.last_op.successors:
                if succ in preds:
                    preds[succ].append(block)
    everything = set(blocks)
    dom = {b: ({b} if i == 0 else set(everything)) for i, b in enumerate(blocks)}
    changed = True
    while changed:
        changed = False
        for block in blocks[1:]:
            incoming = [dom[p] for p in preds[block]]
            new = set.intersection(*incoming) | {block} if incoming else {block}
            if new != dom[block]:
                dom[block], changed = new, True
    return dom


class BufferIndexAnalysis:
    """Triton's `BufferIndexAnalysis` for one function: builds slices with their slot index."""

    def __init__(self, function: Operation) -> None:
        self.dominators: dict[Block, set[Block]] = {}
        for op in walk(function):
            for region in op.regions:
                if len(region.blocks) > 1:
                    self.dominators.update(_dominators(region))
        self.reducible = self._reducible(function)

    def dominates(self, a: Block, b: Block) -> bool:
        return a is b or a in self.dominators.get(b, set())

    def _reducible(self, function: Operation) -> bool:
        """Every retreating edge of a depth-first walk from the entry is a backedge."""
        entry = function.regions[0].blocks.first
        if entry is None:
            return True
        state: dict[Block, bool] = {}  # False: on the stack, True: done
        stack: list[tuple[Block, list[Block]]] = [(entry, list(entry.last_op.successors) if entry.last_op else [])]
        state[entry] = False
        while stack:
            block, pending = stack[-1]
            if not pending:
                state[block] = True
                stack.pop()
                continue
            succ = pending.pop(0)
            if succ not in state:
                state[succ] = False
                stack.append((succ, list(succ.last_op.successors) if succ.last_op else []))
            elif state[succ] is False and not self.dominates(succ, block):
                return False
        return True

    def is_backedge(self, terminator: Operation, successor: Block) -> bool:
        """`successor` is reached from `terminator` by a `cf` loop backedge."""
        block = terminator.parent_block()
        return bool(terminator.successors) and block is not None and self.dominates(successor, block)

    def make_slice(self, value: SSAValue, buffer: Buffer) -> Slice:
        access = value.type if isinstance(value.type, MemDescType) else None
        offsets = None
        if isinstance(value, OpResult) and isinstance(value.op, ttg.MemDescSubsliceOp) and access is not None:
            source = value.op.operands[0].type
            if isinstance(source, MemDescType) and access.get_alloc_shape() == source.get_shape():
                offsets = value.op.offset_values()  # type: ignore[attr-defined]
        index = None
        if self.reducible:
            slot = _slot_index(value)
            if slot is not None:
                index = analyze_index(slot).normalized()
        return Slice(buffer.offset, buffer.offset + buffer.size, buffer.id, access, offsets, index)
