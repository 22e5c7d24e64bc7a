"""`tritongpu-remove-layout-conversions`: remove `ttg.convert_layout`s by choosing layouts well.

Mirrors Triton's RemoveLayoutConversions.cpp, in its order:

1. Forward propagation (`LayoutPropagation`): anchors are function arguments and the results of
   expensive loads/stores (as many elements as threads), dots, atomics, and reshapes and gathers
   with a fixed (`efficient_layout`) layout.
   Their layouts flow to users through elementwise and same-encoding ops, `reduce` (sliced),
   `expand_dims`, `trans`, `join`, `split`, `reshape` without a fixed layout (the inferred layouts
   of `ttc.dialects.ttg.layout_inference`), a gather's indices (to its result), conversions and `scf` region
   arguments/results; a value reached with several layouts keeps a blocked one for
   loads/stores, an MMA one otherwise, else the one needing the fewest registers per thread (the
   first of those). The function is then rewritten region by region: ops whose layout changed
   are cloned in the new layout (an `scf.while` is retyped in place), and conversions are
   inserted where an op still needs the old one.
2. Conversion cleanup: `ttg.convert_layout`'s canonicalization patterns (on conversions, and on
   the reshapes, transposes, gathers, splits, histograms and shared-memory stores that consume
   one) under the greedy driver.
3. Backward rematerialization (`LayoutRematerialization`), repeated with cleanups until nothing
   changes: for each conversion (not to a dot operand), the backward slice of its source
   (`getConvertBackwardSlice`: through `scf.if` results into both branches, `scf.for` arguments
   into inits and yields, conversions that only move registers, a gather's indices; stopping at
   ops that can produce any layout, values already in theirs and dominating earlier
   rematerializations) is recomputed in the target layout when every op of it can be (no
   expensive load/store, atomic, dot, fixed-layout gather or reshape) and the cost model of
   `ttc.transforms.remat_cost` finds it cheaper than the conversion; loop arguments and `scf.if`
   results of the slice become new ones next to the old.
4. Hoisting: of conversions above a single extension or broadcast
   (`hoistConvertOnTopOfExtOrBroadcast`, when cheaper); into the branch of an `scf.if` in a loop
   whose side of the slice cannot be recomputed (`hoistConvertIntoConditionals`); and next to the
   loads they come from (`hoistConvertDotOperand`): when a dot whose A operand is in an MMA
   dot-operand layout post-dominates a conversion, the conversion's backward slice through ops
   that move no data between threads (pure elementwise ops, broadcasts, views, conversions) is
   recomputed in the target layout, its loads converted right after they load and its constants
   converted in place, so that the loads can be pipelined into the dot's layout. With
   `disable-remat-splitting`, only slices none of whose ops stay for other uses are
   rematerialized, and only the first hoisting runs.
5. Final cleanup: dead `scf.for` arguments (Triton's dead iter-arg elimination), `scf.for` /
   `scf.if` and conversion canonicalization.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.analysis.lowering_helpers import ConversionKind, conversion_kind, tensor_layout
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.ops import DotOpInterface
from ttc.dialects.tt.types import bit_width, encoding_of, shape_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import (
    BlockedEncodingAttr,
    DotOperandEncodingAttr,
    MmaEncoding,
    NvidiaMmaEncodingAttr,
)
from ttc.dialects.ttg.fp4 import Fp4ToFpOp
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.ttng.tmem import TMEMLoadOp
from ttc.dialects.upstream import arith, scf
from ttc.ir.diagnostics import op_error
from ttc.ir.traits import has_trait
from ttc.ir.walk import walk
from ttc.layouts.linear import LayoutError
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import canonicalization_patterns
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.patterns.ttg import CONVERT_LAYOUT_CANONICALIZATION
from ttc.transforms.remat_cost import convert_cost, is_remat_beneficial
from ttc.transforms.tritongpu_utils import (
    can_fold_into_conversion,
    infer_dst_encoding,
    infer_src_encoding,
    is_expensive_load_or_store,
    keeps_encoding,
    new_for_op,
    set_type,
    with_encoding,
)
from ttc.transforms.utils import (
    create_op,
    element_type,
    erase_op,
    is_elementwise,
    EffectCache,
    is_before_in_block,
    is_memory_effect_free,
    rebuild_if,
    sort_in_program_order,
    would_be_trivially_dead,
)

LOAD_STORE_ATOMIC = (tt.LoadOp, tt.StoreOp, tt.AtomicRMWOp, tt.AtomicCASOp)
PROPAGATING_OPS = (
    tt.ReduceOp,
    tt.ExpandDimsOp,
    tt.ReshapeOp,
    tt.TransOp,
    tt.JoinOp,
    tt.SplitOp,
    ttg.ConvertLayoutOp,
)


def _is_tensor(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType)


def _insert_after_value(value: SSAValue, op: Operation) -> None:
    """Insert `op` right after the definition of `value` (MLIR's setInsertionPointAfterValue)."""
    if isinstance(value, BlockArgument):
        block = value.block
        if block.first_op is None:
            block.add_op(op)
        else:
            block.insert_op_before(op, block.first_op)
        return
    owner = value.owner
    assert isinstance(owner, Operation) and owner.parent is not None
    owner.parent.insert_op_after(op, owner)


def _insert_before(op: Operation, anchor: Operation) -> None:
    block = anchor.parent
    assert block is not None
    block.insert_op_before(op, anchor)


def _clone_before(op: Operation, anchor: Operation, operands: list[SSAValue] | None = None) -> Operation:
    """A copy of `op` (regions included) before `anchor`, with `operands` when given."""
    new = op.clone()
    for old_result, new_result in zip(op.results, new.results):
        new_result.name_hint = old_result.name_hint
    if operands is not None:
        new.operands = operands
    _insert_before(new, anchor)
    return new


def _is_layout_anchor(op: Operation) -> bool:
    """Triton's `isLayoutAnchor`."""
    if isinstance(op, (tt.LoadOp, tt.StoreOp)):
        return is_expensive_load_or_store(op)
    if isinstance(op, (ttng.WarpGroupDotOp, tt.AtomicRMWOp, tt.AtomicCASOp, TMEMLoadOp)) or op.has_trait(DotOpInterface):  # fmt: skip
        return True
    if isinstance(op, (tt.ReshapeOp, tt.GatherOp)):
        return "efficient_layout" in op.properties
    return False


def _registers_per_thread(encoding: Attribute, shape: list[int]) -> int:
    """Triton's `getTotalElemsPerThread`."""
    return to_linear_layout(encoding, shape).in_dim_size("register")


def _propagates(op: Operation) -> bool:
    return keeps_encoding(op) or isinstance(op, PROPAGATING_OPS)


def _entry_block(func: Operation) -> Block:
    block = func.regions[0].blocks.first
    assert block is not None
    return block


def _for_parts(op: Operation) -> tuple[Block, Operation]:
    body = op.regions[0].blocks.first
    assert body is not None and body.last_op is not None
    return body, body.last_op


# --------------------------------------------------------------------------------------------
# 1. Forward propagation
# --------------------------------------------------------------------------------------------


class LayoutPropagation:
    """Triton's `LayoutPropagation` over one function."""

    def __init__(self, ctx: Context, func: Operation) -> None:
        self.ctx = ctx
        self.func = func
        self.layouts: dict[SSAValue, list[Attribute]] = {}
        self.rewrite_mapping: dict[tuple[SSAValue, Attribute], SSAValue] = {}
        self.to_delete: dict[Operation, None] = {}
        self.original: dict[SSAValue, Attribute] = {}

    def run(self) -> None:
        self.init_anchors()
        self.propagate()
        self.resolve_conflicts()
        self.rewrite_region(self.func.regions[0])

    def _add_anchor(self, value: SSAValue) -> None:
        encoding = encoding_of(value.type)
        if encoding is not None and value not in self.layouts:
            self.layouts[value] = [encoding]

    def init_anchors(self) -> None:
        for arg in _entry_block(self.func).args:
            self._add_anchor(arg)
        for op in walk(self.func, region_first=True):
            if _is_layout_anchor(op):
                for result in op.results:
                    self._add_anchor(result)

    def set_encoding(self, values: list[SSAValue], info: list[Attribute], changed: list[SSAValue], op: Operation) -> None:
        for value in values:
            if not _is_tensor(value):
                continue
            has_changed = False
            for encoding in info:
                dst = encoding if isinstance(op, ttg.ConvertLayoutOp) else infer_dst_encoding(op, encoding)
                if dst is None:
                    continue
                known = self.layouts.setdefault(value, [])
                if dst not in known:
                    known.append(dst)
                    has_changed = True
            if has_changed:
                changed.append(value)

    def propagate_to_users(self, value: SSAValue, info: list[Attribute]) -> list[SSAValue]:
        changed: list[SSAValue] = []
        for use in list(value.uses):
            user = use.operation
            index = use.index
            if isinstance(user, scf.ForOp):
                body, _ = _for_parts(user)
                position = index - 3
                if position >= 0:
                    self.set_encoding([body.args[position + 1], user.results[position]], info, changed, user)
                continue
            if isinstance(user, scf.WhileOp):
                before = user.regions[0].blocks.first
                assert before is not None
                self.set_encoding([before.args[index]], info, changed, user)
                continue
            if isinstance(user, scf.YieldOp):
                parent = user.parent_op()
                assert parent is not None
                targets: list[SSAValue] = []
                if isinstance(parent, (scf.ForOp, scf.IfOp, scf.WhileOp)):
                    targets.append(parent.results[index])
                if isinstance(parent, scf.ForOp):
                    targets.append(_for_parts(parent)[0].args[index + 1])
                if isinstance(parent, scf.WhileOp):
                    before = parent.regions[0].blocks.first
                    assert before is not None
                    targets.append(before.args[index])
                if isinstance(parent, (scf.ForOp, scf.IfOp, scf.WhileOp)):
                    self.set_encoding(targets, info, changed, user)
                continue
            if isinstance(user, scf.ConditionOp):
                parent = user.parent_op()
                assert parent is not None
                after = parent.regions[1].blocks.first
                assert after is not None
                self.set_encoding([after.args[index - 1], parent.results[index - 1]], info, changed, user)
                continue
            if isinstance(user, ttng.WarpGroupDotWaitOp):
                self.set_encoding([user.results[index]], info, changed, user)
                continue
            if isinstance(user, arith.TruncIOp):
                continue
            if isinstance(user, tt.ReshapeOp) and "efficient_layout" in user.properties:
                continue
            if isinstance(user, tt.GatherOp):
                # Only the indices carry their layout to the result, and only while the gather's
                # layout is not fixed.
                if "efficient_layout" not in user.properties and index == 1:
                    self.set_encoding([user.results[0]], info, changed, user)
                continue
            if _propagates(user):
                self.set_encoding(list(user.results), info, changed, user)
        return changed

    def propagate(self) -> None:
        queue = list(self.layouts)
        while queue:
            value = queue.pop()
            queue.extend(self.propagate_to_users(value, list(self.layouts[value])))

    def resolve_conflicts(self) -> None:
        for value, encodings in self.layouts.items():
            if len(encodings) <= 1:
                continue
            owner = value.owner
            is_memory = isinstance(owner, LOAD_STORE_ATOMIC)
            preferred = [
                e for e in encodings
                if (is_memory and isinstance(e, BlockedEncodingAttr))
                or (not is_memory and isinstance(e, MmaEncoding))
            ]
            if preferred:
                self.layouts[value] = preferred[:1]
                continue
            # Otherwise the layout needing the fewest registers per thread (the first of them):
            # replication along lanes or warps multiplies the instructions emitted.
            shape = shape_of(value.type)
            self.layouts[value] = [min(encodings, key=lambda e: _registers_per_thread(e, shape))]

    # -- rewriting ----------------------------------------------------------------------------

    def map(self, old: SSAValue, new: SSAValue) -> None:
        encoding = encoding_of(new.type)
        assert encoding is not None
        self.rewrite_mapping[(old, encoding)] = new

    def stand_in(self, old: SSAValue, new: SSAValue) -> None:
        """`new` takes `old`'s place: its uses when the types agree, else its mapping in `new`'s
        layout."""
        if old.type == new.type:
            old.replace_all_uses_with(new)
        else:
            self.map(old, new)

    def value_as(self, value: SSAValue, encoding: Attribute | None) -> SSAValue:
        """Triton's `getValueAs`: the rewritten `value`, converted to `encoding` if needed."""
        if not _is_tensor(value) or encoding is None:
            return value
        picked = self.layouts.get(value)
        rewritten = value
        if picked is not None and picked[0] != encoding_of(value.type):
            rewritten = self.rewrite_mapping[(value, picked[0])]
        if encoding_of(rewritten.type) == encoding:
            return rewritten
        cvt = ttg.ConvertLayoutOp(rewritten, with_encoding(value.type, encoding))
        _insert_after_value(rewritten, cvt)
        return cvt.results[0]

    def rewrite_region(self, region: Region) -> None:
        queue: deque[Region] = deque([region])
        while queue:
            current = queue.popleft()
            for block in current.blocks:
                for op in list(block.ops):
                    self.rewrite_one(op, queue)
        for op in reversed(list(self.to_delete)):
            erase_op(op)

    def rewrite_one(self, op: Operation, queue: deque[Region]) -> None:
        need_rewrite = any(
            result in self.layouts and self.layouts[result][0] != encoding_of(result.type)
            for result in op.results
        )
        if need_rewrite:
            new = self.rewrite_op(op)
            queue.extend(new.regions)
        elif isinstance(op, scf.YieldOp):
            self.rewrite_yield(op)
        elif isinstance(op, scf.ConditionOp):
            self.rewrite_condition(op)
        elif isinstance(op, tt.ReduceOp) and not isinstance(op.results[0].type, TensorType):
            self.rewrite_operands_as_first_layout(op, list(range(len(op.operands))))
        elif isinstance(op, tt.AssertOp):
            self.rewrite_operands_as_first_layout(op, [0])
        else:
            op.operands = [self.value_as(v, self.encoding_before_rewrite(v)) if v in self.layouts else v for v in op.operands]
            queue.extend(op.regions)

    def rewrite_operands_as_first_layout(self, op: Operation, indices: list[int]) -> None:
        encoding = next((self.layouts[op.operands[i]][0] for i in indices if op.operands[i] in self.layouts), None)
        if encoding is None:
            return
        operands = list(op.operands)
        for i in indices:
            operands[i] = self.value_as(operands[i], encoding)
        op.operands = operands

    def rewrite_yield(self, op: Operation) -> None:
        parent = op.parent_op()
        assert parent is not None
        operands = list(op.operands)
        for i, value in enumerate(operands):
            type_ = value.type
            if isinstance(parent, (scf.ForOp, scf.IfOp)):
                type_ = parent.results[i].type
            elif isinstance(parent, scf.WhileOp):
                before = parent.regions[0].blocks.first
                assert before is not None
                type_ = before.args[i].type
            if isinstance(type_, TensorType):
                operands[i] = self.value_as(value, encoding_of(type_))
        op.operands = operands

    def rewrite_condition(self, op: Operation) -> None:
        parent = op.parent_op()
        assert parent is not None
        operands = list(op.operands)
        for i in range(1, len(operands)):
            type_ = parent.results[i - 1].type
            if isinstance(type_, TensorType):
                operands[i] = self.value_as(operands[i], encoding_of(type_))
        op.operands = operands

    def encoding_before_rewrite(self, value: SSAValue) -> Attribute | None:
        """Triton's `getEncodingBeforeRewrite`: a value retyped in place had this encoding."""
        return self.original.get(value, encoding_of(value.type))

    def set_encoding_in_place(self, value: SSAValue, encoding: Attribute) -> None:
        """Triton's `setEncodingInPlace`."""
        self.original.setdefault(value, encoding_of(value.type))  # pyright: ignore[reportArgumentType]
        set_type(value, with_encoding(value.type, encoding))

    def rewrite_while(self, op: Operation) -> Operation:
        """Triton's `rewriteWhileOp`: the loop is retyped in place; its inits converted to the
        `before` arguments' new layouts."""
        before, after = (region.blocks.first for region in op.regions)
        assert before is not None and after is not None
        operands = list(op.operands)
        for i, arg in enumerate(before.args):
            if arg in self.layouts:
                encoding = self.layouts[arg][0]
                operands[i] = self.value_as(operands[i], encoding)
                self.set_encoding_in_place(arg, encoding)
        op.operands = operands
        for result, arg in zip(op.results, after.args):
            if result in self.layouts:
                encoding = self.layouts[result][0]
                self.set_encoding_in_place(result, encoding)
                self.set_encoding_in_place(arg, encoding)
        return op

    def rewrite_op(self, op: Operation) -> Operation:
        if isinstance(op, scf.WhileOp):
            return self.rewrite_while(op)
        self.to_delete[op] = None
        if isinstance(op, scf.ForOp):
            return self.rewrite_for(op)
        if isinstance(op, scf.IfOp):
            return self.rewrite_if(op)
        encoding = self.layouts[op.results[0]][0]
        if isinstance(op, ttg.ConvertLayoutOp):
            src = op.operands[0]
            src_encoding = self.layouts[src][0] if src in self.layouts else encoding_of(src.type)
            value = self.value_as(src, src_encoding)
            cvt = ttg.ConvertLayoutOp(value, with_encoding(op.results[0].type, encoding))
            _insert_before(cvt, op)
            self.map(op.results[0], cvt.results[0])
            return cvt
        if can_fold_into_conversion(op, encoding):
            new = _clone_before(op, op)
            cvt = ttg.ConvertLayoutOp(new.results[0], with_encoding(op.results[0].type, encoding))
            _insert_before(cvt, op)
            self.map(op.results[0], cvt.results[0])
            return cvt
        if _propagates(op) or isinstance(op, tt.GatherOp):
            return self.clone_elementwise(op, encoding)
        raise op_error(op, f"tritongpu-remove-layout-conversions cannot change the layout of '{op.name}'")

    def clone_elementwise(self, op: Operation, encoding: Attribute) -> Operation:
        operand_encoding: Attribute | None = None
        for operand in op.operands:
            if not _is_tensor(operand):
                continue
            current = self.layouts[operand][0] if operand in self.layouts else encoding_of(operand.type)
            if current is not None and infer_dst_encoding(op, current) == encoding:
                operand_encoding = current
                break
        if operand_encoding is None and op.operands:
            operand_encoding = infer_src_encoding(op, encoding)
        operands = [self.value_as(v, operand_encoding) for v in op.operands]
        new = _clone_before(op, op, operands)
        for old_result, new_result in zip(op.results, new.results):
            if isinstance(old_result.type, TensorType):
                set_type(new_result, with_encoding(old_result.type, encoding))
            self.stand_in(old_result, new_result)
        return new

    def rewrite_for(self, op: Operation) -> Operation:
        inits = list(op.operands[3:])
        converted = [
            self.value_as(init, self.layouts[result][0]) if result in self.layouts else init
            for init, result in zip(inits, op.results)
        ]
        old_body = _entry_block(op)
        new = new_for_op(self.ctx, op, converted, [v.type for v in converted])
        new_body = _entry_block(new)
        for old, new_value in [*zip(op.results, new.results), *zip(old_body.args, new_body.args)]:
            self.stand_in(old, new_value)
        return new

    def rewrite_if(self, op: Operation) -> Operation:
        types = [
            with_encoding(r.type, self.layouts[r][0]) if r in self.layouts else r.type for r in op.results
        ]
        new = rebuild_if(op, types)
        for old, new_value in zip(op.results, new.results):
            self.stand_in(old, new_value)
        return new


# --------------------------------------------------------------------------------------------
# 3. Backward rematerialization
# --------------------------------------------------------------------------------------------


def _block_of(value: SSAValue) -> Block | None:
    if isinstance(value, BlockArgument):
        return value.block
    owner = value.owner
    return owner.parent if isinstance(owner, Operation) else None


def properly_dominates(value: SSAValue, op: Operation) -> bool:
    """MLIR's `DominanceInfo::properlyDominates(value, op)` for structured control flow."""
    block = _block_of(value)
    if block is None:
        return False
    owner = value.owner
    if owner is op:
        return False
    ancestor: Operation | None = op
    while ancestor is not None and ancestor.parent is not block:
        ancestor = ancestor.parent_op()
    if ancestor is None:
        return False
    if isinstance(value, BlockArgument):
        return True
    assert isinstance(owner, Operation)
    return owner is not ancestor and is_before_in_block(owner, ancestor)


def can_be_rematerialized(op: Operation) -> bool:
    """Triton's `canBeRemat`."""
    if isinstance(op, (tt.LoadOp, tt.StoreOp)):
        return not is_expensive_load_or_store(op)
    if isinstance(op, (tt.GatherOp, tt.ReshapeOp)):
        return "efficient_layout" not in op.properties
    return not isinstance(op, (tt.AtomicRMWOp, tt.AtomicCASOp, tt.DotOp, scf.WhileOp, scf.ConditionOp))


VIEW_OPS = (tt.ExpandDimsOp, tt.ReshapeOp, tt.TransOp, tt.JoinOp, tt.SplitOp)


def post_dominates(op: Operation, other: Operation) -> bool:
    """MLIR's `PostDominanceInfo::postDominates(op, other)` for single-block regions: `other`, or
    the ancestor of it in `op`'s block, comes before `op`."""
    if op is other:
        return True
    ancestor: Operation | None = other
    while ancestor is not None and ancestor.parent is not op.parent:
        ancestor = ancestor.parent_op()
    if ancestor is None or ancestor is op:
        return False
    return is_before_in_block(ancestor, op)


def feeds_mma_dot(cvt: Operation) -> bool:
    """Triton's `canBePipelined` in `hoistConvertDotOperand`: a dot-like op under the conversion's
    parent, whose first operand is in a dot-operand layout of an MMA, post-dominates it."""
    parent = cvt.parent_op()
    if parent is None:
        return False
    for op in walk(parent):
        if not has_trait(op, DotOpInterface) or not op.operands:
            continue
        encoding = encoding_of(op.operands[0].type)
        if (
            isinstance(encoding, DotOperandEncodingAttr)
            and isinstance(encoding.parent, NvidiaMmaEncodingAttr)
            and post_dominates(op, cvt)
        ):
            return True
    return False


def is_if(op: Operation) -> bool:
    return isinstance(op, scf.IfOp)


def is_ext_or_broadcast(op: Operation) -> bool:
    """What `hoistConvertOnTopOfExtOrBroadcast` hoists over: ops making the tensor larger or its
    elements wider (extensions, a widening `tt.fp_to_fp`, broadcasts, `expand_dims`)."""
    if isinstance(op, (arith.ExtSIOp, arith.ExtUIOp, arith.ExtFOp, tt.BroadcastOp, tt.ExpandDimsOp)):
        return True
    if isinstance(op, tt.FpToFpOp):
        return bit_width(element_type(op.operands[0].type)) < bit_width(element_type(op.results[0].type))
    return False


def moves_no_data(op: Operation) -> bool:
    """What `hoistConvertDotOperand` hoists over: pure elementwise ops, broadcasts, fp4 unpacking,
    conversions and views (Triton's `isView`)."""
    if is_elementwise(op) and is_memory_effect_free(op):
        return True
    return isinstance(op, (Fp4ToFpOp, tt.BroadcastOp, ttg.ConvertLayoutOp, *VIEW_OPS))


Slice = dict[SSAValue, None]
Layouts = dict[SSAValue, Attribute]
Existing = dict[tuple[SSAValue, Attribute], SSAValue | None]


@dataclass
class BackwardSlice:
    """What `getConvertBackwardSlice` gathers: the values to rematerialize (in order), the layout
    each value of the slice (and each operand already in its layout) must have, and the
    rematerializations found for a (value, layout), None where one exists but does not dominate."""

    values: Slice = field(default_factory=dict)
    layout: Layouts = field(default_factory=dict)
    existing: Existing = field(default_factory=dict)

    def copy(self) -> BackwardSlice:
        return BackwardSlice(dict(self.values), dict(self.layout), dict(self.existing))


def is_free_convert(op: Operation) -> bool:
    """Triton's `isFreeConvert`: a conversion that only moves registers within each thread."""
    if not isinstance(op, ttg.ConvertLayoutOp):
        return False
    src, dst = op.operands[0].type, op.results[0].type
    assert isinstance(src, TensorType) and isinstance(dst, TensorType)
    try:
        return conversion_kind(tensor_layout(src), tensor_layout(dst)) is ConversionKind.REGISTERS
    except LayoutError:
        return False


class LayoutRematerialization:
    """Triton's `LayoutRematerialization` over one function."""

    def __init__(self, ctx: Context, func: Operation, disable_splitting: bool) -> None:
        self.ctx = ctx
        self.func = func
        self.disable_splitting = disable_splitting
        self.remat: dict[SSAValue, dict[Attribute, SSAValue]] = {}

    def add_remat(self, old: SSAValue, encoding: Attribute, new: SSAValue) -> None:
        self.remat.setdefault(old, {})[encoding] = new

    def remat_value(self, value: SSAValue, encoding: Attribute) -> SSAValue | None:
        return self.remat.get(value, {}).get(encoding)

    def for_each_convert(self, action: Callable[[Operation], bool]) -> bool:
        """Triton's `runHoistConvertPass`: try `action` on every conversion; one it leaves is
        recorded for reuse by later slices. Whether any conversion was removed."""
        changed = False
        for cvt in [op for op in walk(self.func) if isinstance(op, ttg.ConvertLayoutOp)]:
            if action(cvt):
                changed = True
                continue
            encoding = encoding_of(cvt.results[0].type)
            assert encoding is not None
            self.add_remat(cvt.operands[0], encoding, cvt.results[0])
        return changed

    # -- slices ----------------------------------------------------------------------------

    def backward_slice(
        self, root: Operation, root_index: int, encoding: Attribute, found: BackwardSlice,
        stop: Callable[[Operation], bool] | None = None,
    ) -> bool:
        """Triton's `getConvertBackwardSlice`, extending `found`; False when some value would
        need two layouts or cannot be followed (loop results, non-loop block arguments)."""
        seen: set[tuple[Operation, int, Attribute]] = set()
        queue: list[tuple[Operation, int, Attribute]] = []

        def enqueue(owner: Operation, index: int, enc: Attribute) -> None:
            if (owner, index, enc) not in seen:
                seen.add((owner, index, enc))
                queue.append((owner, index, enc))

        def update(value: SSAValue, enc: Attribute) -> bool:
            existing = found.layout.setdefault(value, enc)
            return existing == enc

        enqueue(root, root_index, encoding)
        while queue:
            user, index, enc = queue.pop()
            value = user.operands[index]
            if not _is_tensor(value):
                continue
            if not update(value, enc):
                return False
            if encoding_of(value.type) == enc:
                continue
            if self.existing_conversion(value, user, enc, found.existing) is not None:
                continue
            owner = value.owner
            if isinstance(owner, (scf.ForOp, scf.WhileOp)):
                return False
            found.values[value] = None
            if isinstance(owner, scf.IfOp):
                if stop is not None and stop(owner):
                    continue
                position = value.index  # pyright: ignore[reportAttributeAccessIssue]
                for region in owner.regions:
                    block = region.blocks.first
                    assert block is not None and block.last_op is not None
                    enqueue(block.last_op, position, enc)
                continue
            if isinstance(owner, Operation):
                for result in owner.results:
                    if result is value or not _is_tensor(result):
                        continue
                    if not update(result, enc):
                        return False
                    found.values[result] = None
                if is_free_convert(owner):
                    enqueue(owner, 0, enc)
                    continue
                if can_fold_into_conversion(owner, enc):
                    continue
                if stop is not None and stop(owner):
                    continue
                if isinstance(owner, tt.GatherOp):
                    # Only the indices follow the result's layout.
                    enqueue(owner, 1, enc)
                    continue
                src = infer_src_encoding(owner, enc)
                if src is None:
                    return False
                for i in range(len(owner.operands)):
                    enqueue(owner, i, src)
                continue
            assert isinstance(value, BlockArgument)
            parent = value.block.parent_op()
            if not isinstance(parent, scf.ForOp):
                return False
            position = value.index - 1
            _, yield_op = _for_parts(parent)
            enqueue(parent, 3 + position, enc)
            enqueue(yield_op, position, enc)
        return True

    def existing_conversion(
        self, value: SSAValue, user: Operation, encoding: Attribute, existing: Existing
    ) -> SSAValue | None:
        """A rematerialization of `value` in `encoding` that dominates `user`; one that does not
        is recorded as unusable for this slice."""
        remat = self.remat_value(value, encoding)
        if remat is None:
            return None
        if properly_dominates(remat, user):
            existing.setdefault((value, encoding), remat)
            return remat
        existing[(value, encoding)] = None
        return None

    def rematerializable_slice(
        self, root: Operation, index: int, encoding: Attribute, found: BackwardSlice,
        stop: Callable[[Operation], bool] | None = None,
    ) -> BackwardSlice | None:
        """Triton's `getRematerializableSlice`: `found` extended by the slice of `root`'s operand,
        when every op in it can be recomputed (`found` itself is left alone)."""
        extended = found.copy()
        if not self.backward_slice(root, index, encoding, extended, stop):
            return None
        for value in extended.values:
            owner = value.owner
            if isinstance(owner, Operation) and not can_be_rematerialized(owner):
                return None
        return extended

    def conversion_slice(
        self, cvt: Operation, stop: Callable[[Operation], bool] | None = None, to_dot_operand: bool = False
    ) -> BackwardSlice | None:
        """The rematerializable slice feeding the conversion `cvt`, in its target layout; None
        also for a conversion to a dot operand, unless `to_dot_operand`."""
        target = encoding_of(cvt.results[0].type)
        assert target is not None
        if isinstance(target, DotOperandEncodingAttr) and not to_dot_operand:
            return None
        return self.rematerializable_slice(cvt, 0, target, BackwardSlice(), stop)

    # -- the transformations -----------------------------------------------------------------

    def backward_rematerialize(self, cvt: Operation) -> bool:
        """Triton's `backwardRematerialization` of one conversion."""
        found = self.conversion_slice(cvt)
        if found is None or not is_remat_beneficial(cvt, found.values, found.layout, 0, self.disable_splitting):
            return False
        self.rewrite_slice(found, cvt, {})
        return True

    def hoist_above_ext_or_broadcast(self, cvt: Operation) -> bool:
        """Triton's `hoistConvertOnTopOfExtOrBroadcast`."""
        found = self.conversion_slice(cvt, is_ext_or_broadcast)
        if found is None:
            return False
        hoisted: Operation | None = None
        for value in list(found.values):
            op = value.owner
            if not isinstance(op, Operation) or not is_ext_or_broadcast(op):
                continue
            src = infer_src_encoding(op, found.layout[value])
            if src is None:
                return False
            # An extension whose operand's slice can be recomputed needs no conversion.
            extended = self.rematerializable_slice(op, 0, src, found)
            if extended is not None:
                found = extended
                continue
            if hoisted is not None:
                return False  # a second one would duplicate the conversion
            hoisted = op
        if hoisted is None:
            return False
        dst = found.layout[hoisted.results[0]]
        src = infer_src_encoding(hoisted, dst)
        if src is None:
            return False
        operand = hoisted.operands[0]
        new_cost = convert_cost(operand, src)
        if not is_remat_beneficial(cvt, found.values, found.layout, new_cost, self.disable_splitting):
            return False
        new_cvt = ttg.ConvertLayoutOp(operand, with_encoding(operand.type, src))
        _insert_before(new_cvt, hoisted)
        new_op = _clone_before(hoisted, hoisted, [new_cvt.results[0], *hoisted.operands[1:]])
        set_type(new_op.results[0], with_encoding(hoisted.results[0].type, dst))
        del found.values[hoisted.results[0]]
        self.rewrite_slice(found, cvt, {hoisted.results[0]: new_op.results[0]})
        return True

    def hoist_into_conditionals(self, cvt: Operation) -> bool:
        """Triton's `hoistConvertIntoConditionals`: when the slice of a conversion can be
        recomputed along one branch of an `scf.if` (directly in a loop) but not the other, the
        conversion moves into that other branch, so that it only runs when the branch does."""
        found = self.conversion_slice(cvt, is_if, to_dot_operand=True)
        if found is None:
            return False
        hoist_above: list[tuple[SSAValue, Operation, int]] = []
        terminals: list[SSAValue] = []
        index = 0
        while index < len(found.values):  # the slice grows as branches are merged in
            value = list(found.values)[index]
            index += 1
            owner = value.owner
            if not isinstance(owner, scf.IfOp):
                continue
            layout = found.layout[value]
            position = value.index  # pyright: ignore[reportAttributeAccessIssue]
            then_yield, else_yield = (region.blocks.first.last_op for region in owner.regions)  # pyright: ignore[reportOptionalMemberAccess]
            assert then_yield is not None and else_yield is not None
            then_found = self.rematerializable_slice(then_yield, position, layout, found, is_if)
            else_found = self.rematerializable_slice(else_yield, position, layout, then_found or found, is_if)
            if then_found is not None and else_found is not None:
                found = else_found
                continue
            parent = owner.parent_op()
            if (then_found is None and else_found is None) or not isinstance(parent, scf.ForOp):
                terminals.append(value)
                continue
            merged = else_found or then_found
            assert merged is not None
            found = merged
            hoist_above.append((value, else_yield if then_found is not None else then_yield, position))
        if not hoist_above:
            return False
        mapping: dict[SSAValue, SSAValue] = {}

        def hoist(value: SSAValue, encoding: Attribute) -> Operation:
            new_cvt = ttg.ConvertLayoutOp(value, with_encoding(value.type, encoding))
            mapping[value] = new_cvt.results[0]
            found.values.pop(value, None)
            return new_cvt

        for value in terminals:
            _insert_after_value(value, hoist(value, found.layout[value]))
        for result, yield_op, position in hoist_above:
            _insert_before(hoist(yield_op.operands[position], found.layout[result]), yield_op)
        self.rewrite_slice(found, cvt, mapping)
        return True

    def hoist_dot_operand(self, cvt: Operation) -> bool:
        """Triton's `hoistConvertDotOperand`: move a conversion feeding an MMA dot up to the
        loads (and constants) it is computed from."""
        if not feeds_mma_dot(cvt):
            return False
        target = encoding_of(cvt.results[0].type)
        assert target is not None
        found = BackwardSlice()
        if not self.backward_slice(cvt, 0, target, found, lambda op: not moves_no_data(op)):
            return False
        mapping: dict[SSAValue, SSAValue] = {}
        inner = BackwardSlice(layout=found.layout, existing=found.existing)
        # Values with a rematerialization to reuse belong to Triton's slice too: the hoist moves
        # them (to that rematerialization) when their ops move no data, as for the others.
        reused = [value for (value, _), remat in found.existing.items() if remat is not None]
        for value in [*found.values, *reused]:
            owner = value.owner
            if not isinstance(owner, Operation):
                return False
            if not isinstance(owner, (tt.LoadOp, tt.DescriptorLoadOp)):
                if isinstance(owner, arith.ConstantOp) or moves_no_data(owner):
                    if value in found.values:
                        inner.values[value] = None
                    continue
                return False
            if value not in found.values:
                continue
            loaded = owner.results[0]
            new_cvt = create_op(
                self.ctx, "ttg.convert_layout", [loaded], [with_encoding(loaded.type, found.layout[loaded])]
            )
            _insert_after_value(loaded, new_cvt)
            mapping[loaded] = new_cvt.results[0]
        if not inner.values and not reused:
            return False
        self.rewrite_slice(inner, cvt, mapping)
        return True

    # -- rewriting ---------------------------------------------------------------------------

    def rewrite_slice(self, found: BackwardSlice, cvt: Operation, mapping: dict[SSAValue, SSAValue]) -> None:
        """Triton's `rewriteSlice`: clone the slice in its new layouts; loop arguments and `scf.if`
        results in the slice become new loop arguments / results next to the old ones."""
        slice_, layout = found.values, found.layout
        for (value, _), remat in found.existing.items():
            if remat is not None:
                mapping[value] = remat
        to_rewrite: dict[Operation, None] = {}
        yield_operands: dict[Operation, list[int]] = {}
        for value in slice_:
            owner = value.owner
            if isinstance(owner, Operation):
                to_rewrite[owner] = None
                if isinstance(owner, scf.IfOp):
                    for region in owner.regions:
                        block = region.blocks.first
                        assert block is not None and block.last_op is not None
                        to_rewrite[block.last_op] = None
                        yield_operands.setdefault(block.last_op, []).append(value.index)  # pyright: ignore[reportAttributeAccessIssue]
                continue
            assert isinstance(value, BlockArgument)
            loop = value.block.parent_op()
            assert loop is not None
            to_rewrite[loop] = None
            terminator = value.block.last_op
            assert terminator is not None
            yield_operands.setdefault(terminator, []).append(value.index - 1)
            to_rewrite[terminator] = None
        replacements: list[tuple[SSAValue, SSAValue]] = []
        dead: list[Operation] = []
        for op in sort_in_program_order(to_rewrite):
            if isinstance(op, scf.ForOp):
                self.rewrite_slice_for(op, found, mapping, replacements)
                dead.append(op)
                continue
            if isinstance(op, scf.IfOp):
                self.rewrite_slice_if(op, found, mapping, replacements)
                dead.append(op)
                continue
            if isinstance(op, scf.YieldOp):
                indices = sorted(yield_operands.get(op, []))
                extra = [mapping.get(op.operands[i], op.operands[i]) for i in indices]
                new_yield = scf.YieldOp(*op.operands, *extra)
                _insert_before(new_yield, op)
                erase_op(op)
                continue
            if isinstance(op, arith.ConstantOp):
                new = _clone_before(op, op)
                result = op.results[0]
                new_cvt = ttg.ConvertLayoutOp(new.results[0], with_encoding(result.type, layout[result]))
                _insert_before(new_cvt, op)
                mapping[result] = new_cvt.results[0]
                self.add_remat(result, layout[result], new_cvt.results[0])
                continue
            new = _clone_before(op, op, [mapping.get(v, v) for v in op.operands])
            self._remap_nested(new, mapping)
            for old, new_value in zip(op.results, new.results):
                if old not in layout:
                    continue
                set_type(new_value, with_encoding(old.type, layout[old]))
                mapping[old] = new_value
                self.add_remat(old, layout[old], new_value)
        replacements.append((cvt.results[0], mapping[cvt.operands[0]]))
        self.update_remat_mapping(replacements)
        for old, new_value in replacements:
            old.replace_all_uses_with(new_value)
        erase_op(cvt)
        for op in dead:
            erase_op(op)

    @staticmethod
    def _remap_nested(op: Operation, mapping: dict[SSAValue, SSAValue]) -> None:
        """Uses of mapped values inside a cloned op's regions (IRMapping on `clone`)."""
        for nested in walk(op):
            if nested is not op:
                nested.operands = [mapping.get(v, v) for v in nested.operands]

    def rewrite_slice_for(
        self, op: Operation, found: BackwardSlice,
        mapping: dict[SSAValue, SSAValue], replacements: list[tuple[SSAValue, SSAValue]],
    ) -> None:
        slice_, layout = found.values, found.layout
        body = _entry_block(op)
        inits = list(op.operands[3:])
        arg_mapping: list[tuple[int, int]] = []
        new_inits: list[SSAValue] = []
        for position, arg in enumerate(body.args[1:]):
            if arg in slice_:
                arg_mapping.append((position, len(inits) + len(new_inits)))
                new_inits.append(mapping.get(inits[position], inits[position]))
        types = [*op.result_types, *(v.type for v in new_inits)]
        new = new_for_op(self.ctx, op, [*inits, *new_inits], types)
        new_body = _entry_block(new)
        for old_arg, new_arg in zip(body.args, new_body.args):
            old_arg.replace_all_uses_with(new_arg)
        for old_result, new_result in zip(op.results, new.results):
            replacements.append((old_result, new_result))
        for old_index, new_index in arg_mapping:
            mapping[op.results[old_index]] = new.results[new_index]
            old_arg = body.args[old_index + 1]
            mapping[old_arg] = new_body.args[new_index + 1]
            mapping[new_body.args[old_index + 1]] = new_body.args[new_index + 1]
            encoding = layout[old_arg]
            self.add_remat(new.results[old_index], encoding, new.results[new_index])
            self.add_remat(new_body.args[old_index + 1], encoding, new_body.args[new_index + 1])
        # The old body's arguments were replaced: slice entries now live on the new ones.
        for old_index, _ in arg_mapping:
            slice_[new_body.args[old_index + 1]] = None
            layout[new_body.args[old_index + 1]] = layout[body.args[old_index + 1]]

    def rewrite_slice_if(
        self, op: Operation, found: BackwardSlice,
        mapping: dict[SSAValue, SSAValue], replacements: list[tuple[SSAValue, SSAValue]],
    ) -> None:
        """Triton's `replaceIfOpWithNewSignature`: the results in the slice are added again, in
        their new layouts, after the old ones (the branches' yields are extended separately)."""
        added = [r for r in op.results if r in found.values]
        new = rebuild_if(op, [*op.result_types, *(with_encoding(r.type, found.layout[r]) for r in added)])
        for old, new_value in zip(op.results, new.results):
            replacements.append((old, new_value))
        for position, old in enumerate(added, start=len(op.results)):
            mapping[old] = new.results[position]
            self.add_remat(old, found.layout[old], new.results[position])

    def update_remat_mapping(self, replacements: list[tuple[SSAValue, SSAValue]]) -> None:
        """Triton's `updateRematMapping`: move remat entries of replaced values to their
        replacements, following replaced rematerializations too."""
        renamed = dict(replacements)
        for old, new in replacements:
            remats = self.remat.pop(old, None)
            if remats is None:
                continue
            target = self.remat.setdefault(new, {})
            for encoding, value in remats.items():
                target[encoding] = renamed.get(value, value)


# --------------------------------------------------------------------------------------------
# 5. Dead loop arguments (Triton's ForOpDeadArgElimination)
# --------------------------------------------------------------------------------------------


def eliminate_dead_for_args(op: Operation, rewriter: PatternRewriter) -> bool:
    """Yield a loop argument unchanged when neither the loop's result nor any op with an effect
    needs it; `scf.for` canonicalization then drops the argument."""
    body, yield_op = _for_parts(op)
    if not yield_op.operands:
        return False
    alive: set[SSAValue] = set()
    queue: list[SSAValue] = []

    def mark(value: SSAValue) -> None:
        block = _block_of(value)
        region_op = block.parent_op() if block else None
        if region_op is None or not op.is_ancestor(region_op):
            return
        if value not in alive:
            alive.add(value)
            queue.append(value)

    for i, result in enumerate(op.results):
        if result.uses:
            mark(yield_op.operands[i])
    effects = EffectCache()
    for nested in walk(body):
        if isinstance(nested, scf.YieldOp) or would_be_trivially_dead(nested, effects):
            continue
        # A loop with effects needs its bounds; its iter args only as far as they are used.
        for operand in nested.operands[:3] if isinstance(nested, scf.ForOp) else nested.operands:
            mark(operand)
    while queue:
        value = queue.pop()
        owner = value.owner
        if isinstance(owner, Operation):
            if isinstance(owner, scf.ForOp):
                position = value.index  # pyright: ignore[reportAttributeAccessIssue]
                for bound in owner.operands[:3]:
                    mark(bound)
                mark(owner.operands[3 + position])
                mark(_for_parts(owner)[1].operands[position])
            elif isinstance(owner, scf.IfOp):
                position = value.index  # pyright: ignore[reportAttributeAccessIssue]
                mark(owner.operands[0])
                for region in owner.regions:
                    terminator = region.blocks.first.last_op  # pyright: ignore[reportOptionalMemberAccess]
                    assert terminator is not None
                    mark(terminator.operands[position])
            elif isinstance(owner, scf.WhileOp):
                return False
            else:
                for operand in owner.operands:
                    mark(operand)
            continue
        assert isinstance(value, BlockArgument)
        loop = value.block.parent_op()
        if isinstance(loop, scf.ForOp) and value.index > 0:
            mark(_for_parts(loop)[1].operands[value.index - 1])
            mark(loop.operands[3 + value.index - 1])
    dead: list[int] = []
    for i, value in enumerate(yield_op.operands):
        if value in alive or value is body.args[i + 1]:
            continue
        block = _block_of(value)
        region_op = block.parent_op() if block else None
        inside = region_op is not None and op.is_ancestor(region_op)
        if not inside and value is not op.operands[3 + i]:
            continue
        dead.append(i)
    if not dead:
        return False
    operands = list(yield_op.operands)
    for i in dead:
        operands[i] = body.args[i + 1]
    yield_op.operands = operands
    rewriter.notify_op_modified(yield_op)
    return True


class TritonGPURemoveLayoutConversionsPass(
    TtcPass,
    name="tritongpu-remove-layout-conversions",
    summary="Remove layout conversions by propagating and rematerializing layouts",
):
    """Propagate layouts from anchors and rematerialize producers to drop conversions."""

    disable_remat_splitting: bool = field(
        default=False,
        metadata={"help": "rematerialize or hoist only when no op of the slice has to stay for other uses"},
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = [f for f in walk(op) if isinstance(f, tt.FuncOp) and f.regions[0].blocks.first]
        for func in functions:
            LayoutPropagation(ctx, func).run()
        self.cleanup(ctx, op)
        # Backward rematerialization repeats until a round removes no conversion. Such a round
        # leaves the IR as the cleanup before it left it, at the greedy driver's fixed point (a
        # driver that does not converge is a pass failure in Triton), so no cleanup follows it.
        while True:
            changed = False
            for func in functions:
                remat = LayoutRematerialization(ctx, func, self.disable_remat_splitting)
                changed |= remat.for_each_convert(remat.backward_rematerialize)
            if not changed:
                break
            self.cleanup(ctx, op)
        for func in functions:
            remat = LayoutRematerialization(ctx, func, self.disable_remat_splitting)
            remat.for_each_convert(remat.hoist_above_ext_or_broadcast)
            if self.disable_remat_splitting:
                continue
            remat = LayoutRematerialization(ctx, func, self.disable_remat_splitting)
            remat.for_each_convert(remat.hoist_into_conditionals)
            remat = LayoutRematerialization(ctx, func, self.disable_remat_splitting)
            remat.for_each_convert(remat.hoist_dot_operand)
        patterns = canonicalization_patterns(
            "scf.for", "scf.if", "ttg.convert_layout", extra={"scf.for": eliminate_dead_for_args}
        )
        apply_patterns_greedily(ctx, op.body, patterns)

    @staticmethod
    def cleanup(ctx: Context, op: ModuleOp) -> None:
        """Triton's `cleanupConvertOps`: `ConvertLayoutOp`'s canonicalization patterns (those on
        conversions and those folding a conversion into its consumer) under the greedy driver."""

        def convert_patterns(target: Operation, rewriter: PatternRewriter) -> bool:
            return any(fn(target, rewriter) for fn in CONVERT_LAYOUT_CANONICALIZATION.get(target.name, ()))

        apply_patterns_greedily(ctx, op.body, convert_patterns)
