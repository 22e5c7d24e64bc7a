"""`tritongpu-fuse-nested-loops`: flatten `scf.for` loop nests into one loop (Triton 3.6's
lib/Dialect/TritonGPU/Transforms/FuseNestedLoops.cpp).

Loop nests are trees of `scf.for`s whose bodies nest loops directly; any other op with regions
(`scf.if`, `scf.while`, ...) cuts the tree and starts new nests inside it. A nest is fused when
its root carries `ttg.always-fuse` (a testing attribute: the whole tree is flattened, leaf to
root), or when it is one outer loop carrying `tt.flatten` (the frontend's
`tl.range(..., flatten=True)`) around exactly one inner loop. The latter is prepared first:

* the outer loop's invariant, side-effect free, speculatable ops are hoisted (MLIR's
  `moveLoopInvariantCode`);
* pure ops of the prologue (before the inner loop; not dots) used only after the inner loop sink
  to the start of the epilogue;
* the inner loop is marked `ttg.must-execute`: directly when an `llvm.intr.assume` of `ub > lb`
  (or `lb < ub`) covers it; else, when its bounds are (or can be hoisted to be) outer-loop
  invariant, the nest is versioned on `len(inner) == 0`: the `then` branch keeps a copy of the nest
  without the inner loop, the `else` branch the original. Otherwise the nest is left alone.

Fusing one level turns `for i: prologue0; for j0: body0; prologue1; for j1: body1; ...; epilogue`
into one loop over `len(i) * (sum_k max(1, len(jk)) - N)` iterations with a counter `T` that wraps
at the inner length: per inner loop an `scf.if T == start_k` runs its prologue (the first one also
steps `i`) and starts `jk`, and an `scf.if start_k <= T < start_k + len(jk)` (or `true` for a
must-execute loop) runs its body; an `scf.if T == inner_len - 1` runs the epilogue. Inner loops
whose bounds depend on `i` through hoistable scalar ops are fused too: their lengths are summed
by a peeled copy of the outer loop and recomputed in the first prologue. Values live across the
`scf.if`s become iter_args (initialized to zero or `ub.poison`); inner-loop inits defined outside
the fused loop are reset in the epilogue. `tt.num_stages` becomes the largest of the nest's,
`tt.disallow_acc_multi_buffer` and `tt.warp_specialize` carry over to the fused loop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from xdsl.context import Context
from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    UnitAttr,
    i1,
)
from xdsl.dialects.ub import PoisonOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint

from ttc.dialects.tt.ops import DotOpInterface, FuncOp
from ttc.dialects.tt.types import PointerType
from ttc.dialects.upstream import arith
from ttc.dialects.upstream.llvm import AssumeOp
from ttc.dialects.upstream.scf import ForOp, IfOp, YieldOp
from ttc.ir.dominance import immediate_dominators
from ttc.ir.int_attrs import int_attribute
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.licm import is_hoistable_pure
from ttc.transforms.utils import (
    element_type,
    is_memory_effect_free,
    move_loop_invariant_code,
    only_reads,
    scalar_attr,
)

FLATTEN = "tt.flatten"
MUST_EXECUTE = "ttg.must-execute"
ALWAYS_FUSE = "ttg.always-fuse"
NUM_STAGES = "tt.num_stages"
DISALLOW_ACC_MULTI_BUFFER = "tt.disallow_acc_multi_buffer"
WARP_SPECIALIZE = "tt.warp_specialize"


# --------------------------------------------------------------------------------------------
# Loop nests
# --------------------------------------------------------------------------------------------


@dataclass(eq=False)
class LoopNode:
    """A loop of a nest and the loops nested directly in its body."""

    loop: ForOp
    children: list[LoopNode] = field(default_factory=list["LoopNode"])


@dataclass(eq=False)
class LoopNest:
    """A tree of loops rooted at an outermost `scf.for`."""

    root: LoopNode
    nodes: list[LoopNode]


def _construct(parent: LoopNode, nest: LoopNest, nests: list[LoopNest]) -> None:
    for op in _pre_order(parent.loop):
        if isinstance(op, ForOp):
            child = LoopNode(op)
            nest.nodes.append(child)
            parent.children.append(child)
            _construct(child, nest, nests)
        elif op.regions:
            find_loop_nests(op, nests)


def _pre_order(op: Operation) -> Iterable[Operation]:
    """The ops directly in the regions of `op` (a copy: callers nest deeper themselves)."""
    return [nested for region in op.regions for block in region.blocks for nested in block.ops]


def find_loop_nests(container: Operation, nests: list[LoopNest]) -> list[LoopNest]:
    """Triton's `findLoopNests`: every outermost `scf.for` below `container` roots a nest; nests
    found inside a nest's other region ops come before it."""
    for op in _pre_order(container):
        if isinstance(op, ForOp):
            root = LoopNode(op)
            nest = LoopNest(root, [root])
            _construct(root, nest, nests)
            nests.append(nest)
        elif op.regions:
            find_loop_nests(op, nests)
    return nests


# --------------------------------------------------------------------------------------------
# Dominance and ordering in structured control flow
# --------------------------------------------------------------------------------------------


def _ancestor_in_region(region: Region, op: Operation) -> Operation | None:
    current: Operation | None = op
    while current is not None and current.parent_region() is not region:
        current = current.parent_op()
    return current


def _block_dominates(block: Block, op: Operation) -> bool:
    """Whether `block` dominates the block holding `op` (or its ancestor in `block`'s region)."""
    region = block.parent
    if region is None:
        return False
    ancestor = _ancestor_in_region(region, op)
    if ancestor is None or ancestor.parent is None:
        return False
    other: Block | None = ancestor.parent
    if other is block:
        return True
    entry = region.blocks.first
    assert entry is not None
    idom = immediate_dominators(entry)
    while other is not None and other is not block:
        other = idom.get(other) if other is not entry else None
    return other is block


def op_properly_dominates(a: Operation, b: Operation, enclosing_ok: bool = True) -> bool:
    """MLIR's `DominanceInfo::properlyDominates(a, b, enclosingOpOk)`."""
    if a is b:
        return False
    block = a.parent
    if block is None:
        return False
    ancestor = block.find_ancestor_op_in_block(b)
    if ancestor is not None:
        if ancestor is a:
            return enclosing_ok
        return a.is_before_in_block(ancestor)
    return _block_dominates(block, b)


def value_properly_dominates(value: SSAValue, op: Operation) -> bool:
    """MLIR's `DominanceInfo::properlyDominates(value, op)`."""
    if isinstance(value, BlockArgument):
        return _block_dominates(value.block, op)
    owner = value.owner
    assert isinstance(owner, Operation)
    return op_properly_dominates(owner, op, enclosing_ok=False)


def _position(op: Operation) -> tuple[int, ...]:
    path: list[int] = []
    current: Operation | None = op
    while current is not None and current.parent is not None:
        block = current.parent
        path.append(block.get_operation_index(current))
        region = block.parent
        if region is None:
            break
        path.append(region.get_block_index(block))
        parent = region.parent
        if parent is None:
            break
        path.append(parent.get_region_index(region))
        current = parent
    return tuple(reversed(path))


def program_order(ops: Iterable[Operation]) -> list[Operation]:
    """MLIR's `topologicalSort` of ops in structured control flow: their order in the IR."""
    return sorted(ops, key=_position)


def hoist_ops_before(block: Block, before: Operation | None, ops: Iterable[Operation]) -> None:
    """Triton's `hoistOpsBefore`: move `ops`, in program order, before `before` (the end of
    `block` when None)."""
    for op in program_order(ops):
        op.detach()
        if before is None:
            block.add_op(op)
        else:
            block.insert_op_before(op, before)


# --------------------------------------------------------------------------------------------
# Hoisting loop bounds
# --------------------------------------------------------------------------------------------


def _is_scalar(type_: Attribute) -> bool:
    return isinstance(type_, IntegerType | IndexType | AnyFloat | PointerType)


def can_hoist_bound_computation(op: Operation) -> bool:
    """Side-effect free or read-only ops on scalars only (integer divisions included)."""
    return (
        (is_memory_effect_free(op) or only_reads(op))
        and all(_is_scalar(t) for t in op.operand_types)
        and all(_is_scalar(t) for t in op.result_types)
    )


def ops_to_hoist(
    ref: Operation,
    values: Sequence[SSAValue],
    to_hoist: dict[Operation, None],
    can_use_arg: Callable[[BlockArgument], bool],
) -> bool:
    """Triton's `getDominatingValueSetOpsToHoist`: whether every value of `values` dominates `ref`
    or is computed from such values (and block arguments `can_use_arg` accepts) by hoistable ops;
    those ops are added to `to_hoist` only when all of them are."""
    visited: dict[Operation, None] = {}
    queue: deque[SSAValue] = deque(values)
    while queue:
        value = queue.popleft()
        if value_properly_dominates(value, ref):
            continue
        if isinstance(value, BlockArgument):
            if not can_use_arg(value):
                return False
            continue
        op = value.owner
        assert isinstance(op, Operation)
        if op in visited:
            continue
        if not can_hoist_bound_computation(op):
            return False
        visited[op] = None
        queue.extend(op.operands)
    to_hoist.update(visited)
    return True


def _is_func_arg(arg: BlockArgument) -> bool:
    return isinstance(arg.block.parent_op(), FuncOp)


def _bounds(loop: ForOp) -> list[SSAValue]:
    return [loop.lb, loop.ub, loop.step]


def is_outer_loop_invariant(outer: ForOp, values: Sequence[SSAValue], to_hoist: dict[Operation, None]) -> bool:
    return ops_to_hoist(outer, values, to_hoist, _is_func_arg)


def can_slice_bounds(outer: ForOp, values: Sequence[SSAValue], ops: dict[Operation, None]) -> bool:
    iv = outer.body.block.args[0]
    return ops_to_hoist(outer, values, ops, lambda arg: arg is iv or _is_func_arg(arg))


# --------------------------------------------------------------------------------------------
# Building IR
# --------------------------------------------------------------------------------------------


_OpT = TypeVar("_OpT", bound=Operation)


class Builder:
    """MLIR's `ImplicitLocOpBuilder`: inserts before an op or at the end of a block, giving each
    new op one location."""

    def __init__(self, location: Attribute, point: InsertPoint) -> None:
        self.location = location
        self.point = point

    def insert(self, op: _OpT) -> _OpT:
        op.location = self.location
        if self.point.insert_before is not None:
            self.point.block.insert_op_before(op, self.point.insert_before)
        else:
            self.point.block.add_op(op)
        return op

    def value(self, op: Operation) -> SSAValue:
        return self.insert(op).results[0]

    def constant(self, value: int, type_: Attribute) -> SSAValue:
        return self.value(arith.ConstantOp(scalar_attr(value, type_), type_))

    def create_block(self, region: Region, arg_types: Sequence[Attribute] = ()) -> Block:
        """A new block at the end of `region`; later ops go to its end."""
        block = Block(arg_types=arg_types)
        region.add_block(block)
        self.point = InsertPoint.at_end(block)
        return block

    def yield_(self, values: Sequence[SSAValue]) -> YieldOp:
        return self.insert(YieldOp(*values))


def int_type_width(type_: Attribute) -> int:
    """The width of an integer type; index counts as 64 bits (its internal storage)."""
    return type_.width.data if isinstance(type_, IntegerType) else 64


def compute_num_iters(b: Builder, lb: SSAValue, ub: SSAValue, step: SSAValue) -> SSAValue:
    """`ceildiv(ub - lb, step)`, the length of `range(lb, ub, step)` (also for negative steps)."""
    diff = b.value(arith.SubiOp(ub, lb))
    return b.value(xarith.CeilDivSIOp(diff, step))


def cast_int(b: Builder, value: SSAValue, type_: Attribute) -> SSAValue:
    """`value` as an integer of `type_`: index casts, truncation or sign extension."""
    if value.type == type_:
        return value
    if isinstance(value.type, IndexType) or isinstance(type_, IndexType):
        return b.value(arith.IndexCastOp(value, type_))
    if int_type_width(value.type) > int_type_width(type_):
        return b.value(arith.TruncIOp(value, type_))
    return b.value(arith.ExtSIOp(value, type_))


def poison_or_zero(b: Builder, type_: Attribute) -> SSAValue:
    """A value never read on live paths: zero for integer and float scalars and tensors (ptxas
    does better with zeros), else `ub.poison`."""
    elem = element_type(type_)
    scalar = isinstance(elem, IntegerType | IndexType | AnyFloat)
    if not scalar or (not isinstance(type_, TensorType) and type_ != elem):
        return b.value(PoisonOp(type_))
    return b.constant(0, type_)


def _yield_of(region: Region) -> YieldOp:
    block = region.blocks.first
    assert block is not None
    terminator = block.last_op
    assert isinstance(terminator, YieldOp)
    return terminator


def _set_yield_operands(region: Region, operands: Sequence[SSAValue]) -> None:
    _yield_of(region).operands = list(operands)


def _take_body(dst: Region, src: Region) -> None:
    for block in list(dst.blocks):
        dst.erase_block(block)
    src.move_blocks(dst)


def _replace_if(b: Builder, old: IfOp, types: Sequence[Attribute]) -> IfOp:
    """A new `scf.if` of `types` at `old`'s place, with `old`'s regions."""
    b.point = InsertPoint.before(old)
    new = b.insert(IfOp(old.cond, list(types), Region(), Region()))
    _take_body(new.true_region, old.true_region)
    _take_body(new.false_region, old.false_region)
    return new


def erase_if_results(b: Builder, if_op: IfOp, indices: Sequence[bool], replace_with: Sequence[SSAValue]) -> IfOp:
    """Drop the results of `if_op` at `indices`, whose uses take `replace_with` in order."""
    drop = list(indices) + [False] * (len(if_op.results) - len(indices))
    for region in (if_op.true_region, if_op.false_region):
        kept = [v for v, d in zip(_yield_of(region).operands, drop, strict=True) if not d]
        _set_yield_operands(region, kept)
    new = _replace_if(b, if_op, [v.type for v in _yield_of(if_op.true_region).operands])
    replacements = iter(replace_with)
    fresh = iter(new.results)
    for result, dropped in zip(list(if_op.results), drop, strict=True):
        result.replace_all_uses_with(next(replacements) if dropped else next(fresh))
    _erase(if_op)
    return new


def _erase(op: Operation) -> None:
    block = op.parent
    assert block is not None
    block.erase_op(op)


def _in_region(region: Region, op: Operation) -> bool:
    return region.is_ancestor(op)


# --------------------------------------------------------------------------------------------
# Prologues and epilogues
# --------------------------------------------------------------------------------------------


@dataclass
class Logue:
    """A contiguous range of ops of the outer body, and their results used after it."""

    ops: list[Operation]
    outputs: list[SSAValue]

    def move_to_end(self, block: Block) -> None:
        for op in self.ops:
            op.detach()
            block.add_op(op)

    def replace_all_uses_with(self, values: Sequence[SSAValue], region: Region) -> None:
        """Uses of the outputs outside `region` (where the ops now are) take `values`."""
        for new, output in zip(values, self.outputs, strict=True):
            output.replace_uses_with_if(new, lambda use: not _in_region(region, use.operation))

    @property
    def output_types(self) -> list[Attribute]:
        return [v.type for v in self.outputs]


def logue_from(ops: list[Operation]) -> Logue:
    """Triton's `createLogueFrom`: a result is an output when the last op properly dominates one
    of its users (users nested in that op included)."""
    if not ops:
        return Logue([], [])
    last = ops[-1]
    outputs: list[SSAValue] = []
    for op in ops:
        for result in op.results:
            if any(op_properly_dominates(last, use.operation) for use in result.uses):
                outputs.append(result)
    return Logue(ops, outputs)


def _ops_between(block: Block, start: Operation | None, stop: Operation | None) -> list[Operation]:
    """The ops of `block` after `start` (from the first op when None) and before `stop`."""
    ops: list[Operation] = []
    op = block.first_op if start is None else start.next_op
    while op is not None and op is not stop:
        ops.append(op)
        op = op.next_op
    return ops


# --------------------------------------------------------------------------------------------
# Fusing one level
# --------------------------------------------------------------------------------------------


@dataclass
class InnerLoop:
    """An inner loop to fuse, and the ops computing its bounds from the outer induction variable
    (none when the bounds are outer-loop invariant)."""

    op: ForOp
    sliced_ops: list[Operation]

    @property
    def invariant(self) -> bool:
        return not self.sliced_ops


def _clone_sliced(b: Builder, loop: InnerLoop, mapping: dict[SSAValue, SSAValue], cloned: set[Operation]) -> None:
    for op in program_order(loop.sliced_ops):
        if op in cloned:
            continue
        cloned.add(op)
        b.insert(op.clone(value_mapper=mapping))  # pyright: ignore[reportArgumentType]


def _mapped_num_iters(b: Builder, loop: ForOp, mapping: dict[SSAValue, SSAValue]) -> SSAValue:
    lb, ub, step = (mapping.get(v, v) for v in _bounds(loop))
    return compute_num_iters(b, lb, ub, step)


def fuse_one_level(parent: LoopNode) -> None:
    """Triton's `fuseOneLevel`: fuse the children of `parent` (already flattened) whose bounds are
    or can be made outer-loop invariant, or can be sliced from the outer induction variable."""
    outer = parent.loop
    inner_loops: list[InnerLoop] = []
    to_hoist: dict[Operation, None] = {}
    for child in parent.children:
        inner = child.loop
        assert not child.children, "fuse_one_level runs leaf to root"
        if is_outer_loop_invariant(outer, _bounds(inner), to_hoist):
            inner_loops.append(InnerLoop(inner, []))
            continue
        sliced: dict[Operation, None] = {}
        if can_slice_bounds(outer, _bounds(inner), sliced):
            inner_loops.append(InnerLoop(inner, list(sliced)))
    parent.children.clear()
    if not inner_loops:
        return

    outer_block = outer.parent
    assert outer_block is not None
    hoist_ops_before(outer_block, outer, to_hoist)

    outer_body = outer.body.block
    outer_iv = outer_body.args[0]
    outer_iter_args = list(outer_body.args[1:])
    width = int_type_width(outer_iv.type)
    for loop in inner_loops:
        width = max(width, int_type_width(loop.op.body.block.args[0].type))
    int_ty = IntegerType(width)
    all_invariant = all(loop.invariant for loop in inner_loops)
    b = Builder(outer.location, InsertPoint.before(outer))

    def cst(value: int) -> SSAValue:
        return b.constant(value, int_ty)

    len_outer = compute_num_iters(b, outer.lb, outer.ub, outer.step)
    len_inners: list[SSAValue] = []
    for loop in inner_loops:
        if loop.invariant:
            len_inners.append(cast_int(b, compute_num_iters(b, *_bounds(loop.op)), int_ty))
        else:
            len_inners.append(poison_or_zero(b, int_ty))

    # inner_len = sum(max(1, len_jk)) - N over the invariant loops.
    n = len(inner_loops) - 1
    inner_len = cst(0)
    for loop, len_inner in zip(inner_loops, len_inners, strict=True):
        if loop.invariant:
            inner_len = b.value(arith.AddiOp(inner_len, b.value(xarith.MaxSIOp(cst(1), len_inner))))
    inner_len = b.value(arith.SubiOp(inner_len, cst(n)))
    total_iters = b.value(arith.MuliOp(cast_int(b, len_outer, int_ty), inner_len))

    # A peeled copy of the outer loop adds up the lengths of the variant inner loops.
    peeled = b.insert(
        ForOp(outer.lb, outer.ub, outer.step, [total_iters], Block(arg_types=[outer_iv.type, int_ty]))
    )
    peeled_body = peeled.body.block
    peeled_total: SSAValue = peeled_body.args[1]
    mapping: dict[SSAValue, SSAValue] = {outer_iv: peeled_body.args[0]}
    cloned: set[Operation] = set()
    b.point = InsertPoint.at_end(peeled_body)
    for loop in inner_loops:
        if loop.invariant:
            continue
        _clone_sliced(b, loop, mapping, cloned)
        num_iters = cast_int(b, _mapped_num_iters(b, loop.op, mapping), int_ty)
        num_iters = b.value(xarith.MaxSIOp(cst(1), num_iters))
        peeled_total = b.value(arith.AddiOp(peeled_total, num_iters))
    b.yield_([peeled_total])
    total_iters = peeled.results[0]
    b.point = InsertPoint.after(peeled)

    # The prologues (before each inner loop) and the epilogue (after the last one).
    outer_yield = outer_body.last_op
    assert isinstance(outer_yield, YieldOp)
    logues: list[Logue] = [logue_from(_ops_between(outer_body, None, inner_loops[0].op))]
    for first, second in zip(inner_loops, inner_loops[1:]):
        logues.append(logue_from(_ops_between(outer_body, first.op, second.op)))
    logues.append(logue_from(_ops_between(outer_body, inner_loops[-1].op, outer_yield)))

    # The fused loop's iter_args: T, i, the outer iter_args, the inner lengths, the inner length,
    # each inner induction variable, the inner loops' results and the prologues' outputs.
    fused_inits: list[SSAValue] = [cst(0), b.value(arith.SubiOp(outer.lb, outer.step))]
    outer_args_start = len(fused_inits)
    fused_inits += list(outer.iter_args)
    len_inners_start = len(fused_inits)
    fused_inits += len_inners
    inner_len_start = len(fused_inits)
    fused_inits.append(inner_len)
    ivar_start = len(fused_inits)
    for loop in inner_loops:
        fused_inits.append(poison_or_zero(b, loop.op.body.block.args[0].type))
    inner_outs_start = len(fused_inits)
    for loop in inner_loops:
        fused_inits += [poison_or_zero(b, t) for t in loop.op.result_types]
    logue_outs_start = len(fused_inits)
    for logue in logues[:-1]:
        fused_inits += [poison_or_zero(b, t) for t in logue.output_types]

    lb, ub, step = cst(0), total_iters, cst(1)
    fused = b.insert(ForOp(lb, ub, step, fused_inits, Block(arg_types=[int_ty, *(v.type for v in fused_inits)])))
    fused_body = fused.body.block
    fused_args = list(fused_body.args[1:])
    for arg in fused_body.args:
        arg.location = outer.location  # pyright: ignore[reportAttributeAccessIssue]
    for arg, fused_arg in zip(outer_iter_args, fused_args[outer_args_start:], strict=False):
        arg.replace_all_uses_with(fused_arg)
    len_inners_range = fused_args[len_inners_start : len_inners_start + len(len_inners)]
    len_inners = list(len_inners_range)
    b.point = InsertPoint.at_start(fused_body)

    t = fused_args[0]
    cur_i = fused_args[1]
    i: SSAValue = cur_i
    ivars = fused_args[ivar_start:]
    body_outs_at = inner_outs_start
    logue_outs_at = logue_outs_start
    prologue_ifs: list[IfOp] = []
    body_ifs: list[IfOp] = []
    for k in range(n + 1):
        # if T == sum(max(1, len_j) for the loops before k) - k: [k == 0: step i] prologue_k
        inner_start = cst(0)
        for j in range(k):
            inner_start = b.value(arith.AddiOp(inner_start, b.value(xarith.MaxSIOp(cst(1), len_inners[j]))))
        inner_start = b.value(arith.SubiOp(inner_start, cst(k)))
        prologue_cond = b.value(arith.CmpiOp(t, inner_start, "eq"))

        inner = inner_loops[k].op
        inner_body = inner.body.block
        inner_iv = inner_body.args[0]
        prologue = logues[k]
        out_types: list[Attribute] = [inner_iv.type, *prologue.output_types, *(v.type for v in inner.iter_args)]
        if k == 0:
            out_types += [cur_i.type, *([int_ty] * len(inner_loops)), inner_len.type]
        prologue_if = b.insert(IfOp(prologue_cond, out_types, Region(), Region()))
        prologue_ifs.append(prologue_if)

        then_block = b.create_block(prologue_if.true_region)
        prologue.move_to_end(then_block)
        if k == 0:
            b.point = InsertPoint.at_start(then_block)
            i = b.value(arith.AddiOp(cur_i, outer.step))
            outer_iv.replace_uses_with_if(i, lambda use: _in_region(prologue_if.true_region, use.operation))
            clone_map: dict[SSAValue, SSAValue] = {}
            clone_done: set[Operation] = set()
            for index, loop in enumerate(inner_loops):
                if loop.invariant:
                    continue
                _clone_sliced(b, loop, clone_map, clone_done)
                len_inner = cast_int(b, _mapped_num_iters(b, loop.op, clone_map), int_ty)
                len_inners[index] = len_inner
                inner_len = b.value(arith.AddiOp(inner_len, b.value(xarith.MaxSIOp(cst(1), len_inner))))

        b.point = InsertPoint.at_end(then_block)
        then_outs: list[SSAValue] = [inner.lb, *prologue.outputs, *inner.iter_args]
        if k == 0:
            then_outs += [i, *len_inners, inner_len]
        b.yield_(then_outs)

        b.create_block(prologue_if.false_region)
        num_outs = len(prologue.outputs)
        else_outs: list[SSAValue] = [ivars[k]]
        else_outs += fused_args[logue_outs_at : logue_outs_at + num_outs]
        else_outs += fused_args[body_outs_at : body_outs_at + len(inner.results)]
        if k == 0:
            else_outs += [cur_i, *len_inners_range]
            else_outs.append(inner_len if all_invariant else fused_args[inner_len_start])
        logue_outs_at += num_outs
        b.yield_(else_outs)

        results = list(prologue_if.results)
        jk = results[0]
        prologue_outs = results[1 : 1 + num_outs]
        prologue_inits = results[1 + num_outs : 1 + num_outs + len(inner.results)]
        inner_iv.replace_all_uses_with(jk)
        prologue.replace_all_uses_with(prologue_outs, prologue_if.true_region)
        for init, iter_arg in zip(prologue_inits, inner_body.args[1:], strict=True):
            iter_arg.replace_all_uses_with(init)
        if k == 0:
            count = len(len_inners)
            i = results[len(results) - 2 - count]
            len_inners = results[len(results) - 1 - count : len(results) - 1]
            inner_len = results[-1]
            outer_iv.replace_all_uses_with(i)

        # if start_k <= T < start_k + len_jk: body_k; jk += step_k
        b.point = InsertPoint.after(prologue_if)
        inner_end = b.value(arith.AddiOp(inner_start, cast_int(b, len_inners[k], int_ty)))
        ge = b.value(arith.CmpiOp(t, inner_start, "sge"))
        lt = b.value(arith.CmpiOp(t, inner_end, "slt"))
        body_cond = b.value(xarith.AndIOp(ge, lt))
        body_types = [jk.type, *inner.result_types]
        body_if = b.insert(IfOp(body_cond, body_types, Region(), Region()))
        body_ifs.append(body_if)
        for arg in list(inner_body.args)[::-1]:
            inner_body.erase_arg(arg)
        _take_body(body_if.true_region, inner.body)
        body_yield = _yield_of(body_if.true_region)
        b.point = InsertPoint.before(body_yield)
        next_jk = b.value(arith.AddiOp(jk, inner.step))
        body_yield.operands = [next_jk, *body_yield.operands]

        b.create_block(body_if.false_region)
        forwarded_outs = [jk, *fused_args[body_outs_at : body_outs_at + len(inner.results)]]
        body_outs_at += len(inner.results)
        b.yield_(forwarded_outs)

        for result, new in zip(list(inner.results), list(body_if.results)[1:], strict=True):
            result.replace_all_uses_with(new)

        # A loop known to run at least once needs no guard.
        if MUST_EXECUTE in inner.attributes:
            b.point = InsertPoint.before(body_if)
            body_if.operands = [b.value(arith.ConstantOp(IntegerAttr(1, i1), i1))]
        b.point = InsertPoint.after(body_if)

    # if T == inner_len - 1: epilogue
    epilogue = logues[-1]
    used_iter_args: list[SSAValue] = []
    for output in epilogue.outputs:
        for use in sorted(output.uses, key=lambda u: u.index):
            if use.operation is outer_yield:
                used_iter_args.append(fused_args[outer_args_start + use.index])
    last_t = b.value(arith.SubiOp(inner_len, cst(1)))
    epilogue_cond = b.value(arith.CmpiOp(t, last_t, "eq"))
    epilogue_if = b.insert(IfOp(epilogue_cond, epilogue.output_types, Region(), Region()))
    then_block = b.create_block(epilogue_if.true_region)
    epilogue.move_to_end(then_block)
    b.yield_(epilogue.outputs)
    b.create_block(epilogue_if.false_region)
    b.yield_(used_iter_args)
    epilogue.replace_all_uses_with(list(epilogue_if.results), epilogue_if.true_region)

    # T = 0 if T == inner_len - 1 else T + 1
    b.point = InsertPoint.at_end(fused_body)
    next_t = b.value(arith.AddiOp(t, cst(1)))
    rollover = b.value(arith.CmpiOp(t, b.value(arith.SubiOp(inner_len, cst(1))), "eq"))
    t_next = b.value(arith.SelectOp(rollover, cst(0), next_t))

    outer_outs: list[SSAValue] = [t_next, i, *outer_yield.operands, *len_inners, inner_len]
    outer_outs += [body_if.results[0] for body_if in body_ifs]
    for body_if, loop in zip(body_ifs, inner_loops, strict=True):
        outer_outs += list(body_if.results)[1 : 1 + len(loop.op.results)]
    for logue_if, logue in zip(prologue_ifs, logues[:-1], strict=True):
        outer_outs += list(logue_if.results)[1 : 1 + len(logue.outputs)]
    fused_yield = b.yield_(outer_outs)
    for result, new in zip(list(outer.results), list(fused.results)[outer_args_start:], strict=False):
        result.replace_all_uses_with(new)

    # Inner-loop inits defined outside the fused loop become its inits, reset by the epilogue.
    fused_body_region = fused.body
    inits_at = inner_outs_start
    yields_to_update: list[int] = []
    reset: list[SSAValue] = []
    forwarded: list[SSAValue] = []
    for loop, prologue_if, body_if, prologue in zip(inner_loops, prologue_ifs, body_ifs, logues, strict=False):
        num_results = len(loop.op.results)
        skip = 1 + len(prologue.outputs)
        remove = [False] * (skip + num_results)
        replace_with: list[SSAValue] = []
        for index, init in enumerate(loop.op.iter_args):
            if _value_region(init) is fused_body_region:
                continue
            operands = list(fused.operands)
            operands[3 + inits_at + index] = init
            fused.operands = operands
            replace_with.append(fused_args[inits_at + index])
            remove[skip + index] = True
            yields_to_update.append(inits_at + index)
            forwarded.append(body_if.results[1 + index])
            reset.append(init)
        erase_if_results(b, prologue_if, remove, replace_with)
        inits_at += num_results
    if yields_to_update:
        then_yield = _yield_of(epilogue_if.true_region)
        then_yield.operands = [*then_yield.operands, *reset]
        else_yield = _yield_of(epilogue_if.false_region)
        else_yield.operands = [*else_yield.operands, *forwarded]
        count = len(epilogue_if.results)
        new_if = _replace_if(b, epilogue_if, [v.type for v in then_yield.operands])
        for old, new in zip(list(epilogue_if.results), list(new_if.results)[:count], strict=True):
            old.replace_all_uses_with(new)
        operands = list(fused_yield.operands)
        for index, new in zip(yields_to_update, list(new_if.results)[count:], strict=True):
            operands[index] = new
        fused_yield.operands = operands
        _erase(epilogue_if)

    if WARP_SPECIALIZE in outer.attributes or any(WARP_SPECIALIZE in l.op.attributes for l in inner_loops):
        fused.attributes[WARP_SPECIALIZE] = UnitAttr()
    if DISALLOW_ACC_MULTI_BUFFER in outer.attributes or any(
        DISALLOW_ACC_MULTI_BUFFER in l.op.attributes for l in inner_loops
    ):
        fused.attributes[DISALLOW_ACC_MULTI_BUFFER] = UnitAttr()

    num_stages = int_attribute(outer, NUM_STAGES) or 1
    for loop in inner_loops:
        stages = int_attribute(loop.op, NUM_STAGES)
        if stages is not None:
            num_stages = max(num_stages, stages)
        _erase(loop.op)
    _erase(outer)
    parent.loop = fused
    if num_stages > 1:
        fused.attributes[NUM_STAGES] = IntegerAttr(num_stages, IntegerType(32))


def _value_region(value: SSAValue) -> Region | None:
    if isinstance(value, BlockArgument):
        return value.block.parent
    owner = value.owner
    assert isinstance(owner, Operation)
    return owner.parent_region()


def flatten_loop_nest(node: LoopNode) -> None:
    """Fuse the nest below `node` leaf to root."""
    for child in node.children:
        flatten_loop_nest(child)
    fuse_one_level(node)


# --------------------------------------------------------------------------------------------
# Preparing a flattened nest
# --------------------------------------------------------------------------------------------


def should_fuse(nest: LoopNest) -> bool:
    """A nest marked `ttg.always-fuse`, or one outer loop marked `tt.flatten` around one loop."""
    root = nest.root.loop
    if ALWAYS_FUSE in root.attributes:
        return True
    return len(nest.nodes) == 2 and len(nest.root.children) == 1 and FLATTEN in root.attributes


def _is_pure(op: Operation) -> bool:
    return is_hoistable_pure(op)


def sink_epilogue_dependencies(outer: ForOp, inner: ForOp) -> None:
    """Triton's `optimizeEpilogueDependencies`: pure prologue ops (not dots) whose users are all
    after the inner loop, or are such ops, move to the start of the epilogue."""

    def in_epilogue(op: Operation) -> bool:
        return op_properly_dominates(inner, op, enclosing_ok=False)

    sunk: dict[Operation, None] = {}
    prologue = _ops_between(outer.body.block, None, inner)
    for op in reversed(prologue):
        if not _is_pure(op) or op.has_trait(DotOpInterface):
            continue
        movable = True
        for result in op.results:
            for use in result.uses:
                if in_epilogue(use.operation) or use.operation in sunk:
                    continue
                movable = False
        if movable:
            sunk[op] = None
    if sunk:
        hoist_ops_before(outer.body.block, inner.next_op, sunk)


def has_positive_trip_count(loop: ForOp) -> bool:
    """Triton's `matchPositiveTripCount`: an `llvm.intr.assume` of `ub > lb` or `lb < ub`."""
    unsigned = "unsignedCmp" in loop.attributes
    gt, lt = ("ugt", "ult") if unsigned else ("sgt", "slt")
    for use in loop.ub.uses:
        cmp = use.operation
        if not isinstance(cmp, arith.CmpiOp):
            continue
        if not any(isinstance(u.operation, AssumeOp) for u in cmp.result.uses):
            continue
        predicate = xarith.CMPI_COMPARISON_OPERATIONS[cmp.predicate.value.data]
        if predicate == gt and cmp.lhs is loop.ub and cmp.rhs is loop.lb:
            return True
        if predicate == lt and cmp.lhs is loop.lb and cmp.rhs is loop.ub:
            return True
    return False


def speculate_inner_loop_length(outer: ForOp, inner: ForOp) -> bool:
    """Triton's `speculateInnerLoopLength`: mark the inner loop `ttg.must-execute`, versioning the
    nest on an empty inner loop unless an assumption says it runs. False when the inner bounds
    cannot be made outer-loop invariant."""
    if has_positive_trip_count(inner):
        inner.attributes[MUST_EXECUTE] = UnitAttr()
        return True
    to_hoist: dict[Operation, None] = {}
    if not is_outer_loop_invariant(outer, _bounds(inner), to_hoist):
        return False
    block = outer.parent
    assert block is not None
    hoist_ops_before(block, outer, to_hoist)
    inner.attributes[MUST_EXECUTE] = UnitAttr()

    b = Builder(inner.location, InsertPoint.before(outer))
    len_inner = compute_num_iters(b, *_bounds(inner))
    empty = b.value(arith.CmpiOp(len_inner, b.constant(0, len_inner.type), "eq"))
    if_op = b.insert(IfOp(empty, list(outer.result_types), Region(), Region()))

    b.create_block(if_op.true_region)
    copy = b.insert(outer.clone())
    b.yield_(list(copy.results))
    copy_inner = next(c for o, c in zip(walk(outer), walk(copy), strict=True) if o is inner)
    assert isinstance(copy_inner, ForOp)
    for result, init in zip(list(copy_inner.results), list(copy_inner.iter_args), strict=True):
        result.replace_all_uses_with(init)
    _erase(copy_inner)
    copy.attributes.pop(WARP_SPECIALIZE, None)

    for result, new in zip(list(outer.results), list(if_op.results), strict=True):
        result.replace_all_uses_with(new)
    else_block = b.create_block(if_op.false_region)
    outer.detach()
    else_block.add_op(outer)
    b.yield_(list(outer.results))
    return True


def preprocess_loop_nest(nest: LoopNest) -> bool:
    """Hoist invariant code, sink epilogue-only code, speculate the inner length."""
    outer = nest.root.loop
    inner = nest.root.children[0].loop
    move_loop_invariant_code(outer, is_hoistable_pure, lambda op: _move_before(op, outer))
    sink_epilogue_dependencies(outer, inner)
    return speculate_inner_loop_length(outer, inner)


def _move_before(op: Operation, anchor: Operation) -> None:
    op.detach()
    block = anchor.parent
    assert block is not None
    block.insert_op_before(op, anchor)


class TritonGPUFuseNestedLoops(
    TtcPass,
    name="tritongpu-fuse-nested-loops",
    summary="Fuse nested loops into one loop (tt.flatten) so the pipeliner sees one loop",
):
    """Flatten loop nests marked `tt.flatten` (or `ttg.always-fuse`) into single loops."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in list(op.body.block.ops):
            if not isinstance(func, FuncOp):
                continue
            for nest in find_loop_nests(func, []):
                if not should_fuse(nest):
                    continue
                if ALWAYS_FUSE not in nest.root.loop.attributes and not preprocess_loop_nest(nest):
                    continue
                flatten_loop_nest(nest.root)
