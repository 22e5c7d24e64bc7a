"""`tritongpu-remove-layout-conversions`: remove `ttg.convert_layout`s by choosing layouts well.

Mirrors Triton's RemoveLayoutConversions.cpp, in its order:

1. Forward propagation (`LayoutPropagation`): anchors are function arguments and the results of
   expensive loads/stores (as many elements as threads), dots, atomics, permuting reshapes and
   gathers with a fixed (`efficient_layout`) layout.
   Their layouts flow to users through elementwise and same-encoding ops, `reduce` (sliced),
   `expand_dims`, `trans`, `join`, `split`, `reshape` (the inferred layouts of
   `ttc.layouts.infer`), a gather's indices (to its result), conversions and `scf` region
   arguments/results; a value reached with
   several layouts keeps the first, or a blocked one for loads/stores, an MMA one otherwise. The
   function is then rewritten region by region: ops whose layout changed are cloned in the new
   layout, and conversions are inserted where an op still needs the old one.
2. Conversion cleanup: `ttg.convert_layout`'s canonicalization patterns (on conversions, and on
   the reshapes, transposes, gathers, splits, histograms and shared-memory stores that consume
   one) under the greedy driver.
3. Backward rematerialization (`LayoutRematerialization`): for each remaining conversion (not to
   a dot operand), the backward slice of its source is recomputed in the target layout when every
   op of it can be (no expensive load/store, atomic, dot or fixed-layout gather, whose slice
   follows its indices only; `scf.for` iter args are threaded by
   adding loop arguments); an earlier rematerialization of the same value is reused when it
   dominates.
4. Conversion cleanup again, then hoisting of conversions above a single extension or broadcast
   (`hoistConvertOnTopOfExtOrBroadcast`), cleanup, and hoisting of conversions next to the loads
   they come from (`hoistConvertDotOperand`), cleanup: when a dot whose A operand is in an MMA
   dot-operand layout post-dominates a conversion, the conversion's backward slice through ops
   that move no data between threads (pure elementwise ops, broadcasts, views, conversions) is
   recomputed in the target layout, its loads converted right after they load and its constants
   converted in place, so that the loads can be pipelined into the dot's layout.
5. Final cleanup: dead `scf.for` arguments (Triton's ForOpDeadArgElimination), `scf.for` /
   `scf.if` and conversion canonicalization.

Not yet mirrored: rematerialization through `scf.if` results and `hoistConvertIntoConditionals`;
such conversions stay.
`disable-remat-splitting` is accepted for Triton's RUN lines; Triton 3.6 does not read it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt_types import encoding_of
from ttc.dialects.ttg_attrs import (
    BlockedEncodingAttr,
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
)
from ttc.ir.diagnostics import op_error
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import canonicalization_patterns
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.patterns.ttg import CONVERT_LAYOUT_CANONICALIZATION
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
    erase_op,
    is_elementwise,
    is_memory_effect_free,
    would_be_trivially_dead,
)

LOAD_STORE_ATOMIC = ("tt.load", "tt.store", "tt.atomic_rmw", "tt.atomic_cas")
PROPAGATING_OPS = frozenset({"tt.reduce", "tt.expand_dims", "tt.reshape", "tt.trans", "tt.join",
                             "tt.split", "ttg.convert_layout"})  # fmt: skip


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
    if op.name in ("tt.load", "tt.store"):
        return is_expensive_load_or_store(op)
    if op.name in ("tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "tt.atomic_rmw",
                   "tt.atomic_cas", "ttng.tmem_load"):  # fmt: skip
        return True
    if op.name in ("tt.reshape", "tt.gather"):
        return "efficient_layout" in op.properties
    return False


def _propagates(op: Operation) -> bool:
    return keeps_encoding(op) or op.name in PROPAGATING_OPS


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
        for op in self.func.walk(region_first=True):
            if _is_layout_anchor(op):
                for result in op.results:
                    self._add_anchor(result)

    def set_encoding(self, values: list[SSAValue], info: list[Attribute], changed: list[SSAValue], op: Operation) -> None:
        for value in values:
            if not _is_tensor(value):
                continue
            has_changed = False
            for encoding in info:
                dst = encoding if op.name == "ttg.convert_layout" else infer_dst_encoding(op, encoding)
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
            if user.name == "scf.for":
                body, _ = _for_parts(user)
                position = index - 3
                if position >= 0:
                    self.set_encoding([body.args[position + 1], user.results[position]], info, changed, user)
                continue
            if user.name == "scf.while":
                before = user.regions[0].blocks.first
                assert before is not None
                self.set_encoding([before.args[index]], info, changed, user)
                continue
            if user.name == "scf.yield":
                parent = user.parent_op()
                assert parent is not None
                targets: list[SSAValue] = []
                if parent.name in ("scf.for", "scf.if", "scf.while"):
                    targets.append(parent.results[index])
                if parent.name == "scf.for":
                    targets.append(_for_parts(parent)[0].args[index + 1])
                if parent.name == "scf.while":
                    before = parent.regions[0].blocks.first
                    assert before is not None
                    targets.append(before.args[index])
                if parent.name in ("scf.for", "scf.if", "scf.while"):
                    self.set_encoding(targets, info, changed, user)
                continue
            if user.name == "scf.condition":
                parent = user.parent_op()
                assert parent is not None
                after = parent.regions[1].blocks.first
                assert after is not None
                self.set_encoding([after.args[index - 1], parent.results[index - 1]], info, changed, user)
                continue
            if user.name == "ttng.warp_group_dot_wait":
                self.set_encoding([user.results[index]], info, changed, user)
                continue
            if user.name == "arith.trunci":
                continue
            if user.name == "tt.reshape" and "efficient_layout" in user.properties:
                continue
            if user.name == "tt.gather":
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
            is_memory = isinstance(owner, Operation) and owner.name in LOAD_STORE_ATOMIC
            chosen = encodings[0]
            for encoding in encodings:
                if (is_memory and isinstance(encoding, BlockedEncodingAttr)) or (
                    not is_memory and isinstance(encoding, NvidiaMmaEncodingAttr)
                ):
                    chosen = encoding
                    break
            self.layouts[value] = [chosen]

    # -- rewriting ----------------------------------------------------------------------------

    def map(self, old: SSAValue, new: SSAValue) -> None:
        encoding = encoding_of(new.type)
        assert encoding is not None
        self.rewrite_mapping[(old, encoding)] = new

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
        cvt = create_op(self.ctx, "ttg.convert_layout", [rewritten], [with_encoding(value.type, encoding)])
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
        elif op.name == "scf.yield":
            self.rewrite_yield(op)
        elif op.name == "scf.condition":
            self.rewrite_condition(op)
        elif op.name == "tt.reduce" and not isinstance(op.results[0].type, TensorType):
            self.rewrite_operands_as_first_layout(op, list(range(len(op.operands))))
        elif op.name == "tt.assert":
            self.rewrite_operands_as_first_layout(op, [0])
        else:
            op.operands = [
                self.value_as(v, encoding_of(v.type)) if v in self.layouts else v for v in op.operands
            ]
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
            if parent.name in ("scf.for", "scf.if"):
                type_ = parent.results[i].type
            elif parent.name == "scf.while":
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

    def rewrite_op(self, op: Operation) -> Operation:
        self.to_delete[op] = None
        if op.name == "scf.for":
            return self.rewrite_for(op)
        if op.name == "scf.if":
            return self.rewrite_if(op)
        encoding = self.layouts[op.results[0]][0]
        if op.name == "ttg.convert_layout":
            src = op.operands[0]
            src_encoding = self.layouts[src][0] if src in self.layouts else encoding_of(src.type)
            value = self.value_as(src, src_encoding)
            cvt = create_op(self.ctx, "ttg.convert_layout", [value], [with_encoding(op.results[0].type, encoding)])
            _insert_before(cvt, op)
            self.map(op.results[0], cvt.results[0])
            return cvt
        if can_fold_into_conversion(op, encoding):
            new = _clone_before(op, op)
            cvt = create_op(self.ctx, "ttg.convert_layout", [new.results[0]], [with_encoding(op.results[0].type, encoding)])
            _insert_before(cvt, op)
            self.map(op.results[0], cvt.results[0])
            return cvt
        if _propagates(op) or op.name == "tt.gather":
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
            if old_result.type == new_result.type:
                old_result.replace_all_uses_with(new_result)
            else:
                self.map(old_result, new_result)
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
            if old.type == new_value.type:
                old.replace_all_uses_with(new_value)
            else:
                self.map(old, new_value)
        return new

    def rewrite_if(self, op: Operation) -> Operation:
        types = [
            with_encoding(r.type, self.layouts[r][0]) if r in self.layouts else r.type for r in op.results
        ]
        regions = [op.detach_region(0) for _ in range(len(op.regions))]
        new = self.ctx.get_op("scf.if").create(
            operands=list(op.operands),
            result_types=types,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=regions,
        )
        _insert_before(new, op)
        for old, new_value in zip(op.results, new.results):
            new_value.name_hint = old.name_hint
            if old.type == new_value.type:
                old.replace_all_uses_with(new_value)
            else:
                self.map(old, new_value)
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
    return owner is not ancestor and block.get_operation_index(owner) < block.get_operation_index(ancestor)


def can_be_rematerialized(op: Operation) -> bool:
    """Triton's `canBeRemat`."""
    if op.name in ("tt.load", "tt.store"):
        return not is_expensive_load_or_store(op)
    if op.name in ("tt.gather", "tt.reshape"):
        return "efficient_layout" not in op.properties
    return op.name not in ("tt.atomic_rmw", "tt.atomic_cas", "tt.dot", "scf.while", "scf.condition")


DOT_LIKE_OPS = ("tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled")
VIEW_OPS = ("tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split")


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
    block = op.parent
    assert block is not None
    return block.get_operation_index(ancestor) < block.get_operation_index(op)


def feeds_mma_dot(cvt: Operation) -> bool:
    """Triton's `canBePipelined` in `hoistConvertDotOperand`: a dot-like op under the conversion's
    parent, whose first operand is in a dot-operand layout of an MMA, post-dominates it."""
    parent = cvt.parent_op()
    if parent is None:
        return False
    for op in parent.walk():
        if op.name not in DOT_LIKE_OPS or not op.operands:
            continue
        encoding = encoding_of(op.operands[0].type)
        if (
            isinstance(encoding, DotOperandEncodingAttr)
            and isinstance(encoding.parent, NvidiaMmaEncodingAttr)
            and post_dominates(op, cvt)
        ):
            return True
    return False


def moves_no_data(op: Operation) -> bool:
    """What `hoistConvertDotOperand` hoists over: pure elementwise ops, broadcasts, conversions
    and views (Triton's `isView`)."""
    if is_elementwise(op) and is_memory_effect_free(op):
        return True
    return op.name in ("tt.broadcast", "ttg.convert_layout", *VIEW_OPS)


Slice = dict[SSAValue, None]
Layouts = dict[SSAValue, Attribute]


class LayoutRematerialization:
    """Triton's `LayoutRematerialization` over one function."""

    def __init__(self, ctx: Context, func: Operation) -> None:
        self.ctx = ctx
        self.func = func
        self.remat: dict[tuple[SSAValue, Attribute], SSAValue] = {}
        self.mapped: dict[SSAValue, Attribute] = {}
        self.to_delete: dict[Operation, None] = {}

    def add_remat(self, old: SSAValue, encoding: Attribute, new: SSAValue) -> None:
        self.remat[(old, encoding)] = new
        self.mapped[old] = encoding

    def cleanup(self) -> None:
        for op in reversed(list(self.to_delete)):
            erase_op(op)

    def converts(self) -> list[Operation]:
        return [op for op in self.func.walk() if op.name == "ttg.convert_layout"]

    def for_each_convert(self, action: Callable[[Operation], None]) -> None:
        for cvt in self.converts():
            action(cvt)
            if cvt not in self.to_delete:
                encoding = encoding_of(cvt.results[0].type)
                assert encoding is not None
                self.add_remat(cvt.operands[0], encoding, cvt.results[0])

    def backward_slice(
        self, root: Operation, root_index: int, encoding: Attribute,
        stop: Callable[[Operation], bool] | None = None,
    ) -> tuple[Slice, Layouts] | None:
        """Triton's `getConvertBackwardSlice` with reuse of dominating rematerializations."""
        slice_: Slice = {}
        layout: Layouts = {}
        seen: set[tuple[Operation, int, Attribute]] = set()
        queue: list[tuple[Operation, int, Attribute]] = []

        def enqueue(owner: Operation, index: int, enc: Attribute) -> None:
            if (owner, index, enc) not in seen:
                seen.add((owner, index, enc))
                queue.append((owner, index, enc))

        def update(value: SSAValue, enc: Attribute) -> bool:
            slice_[value] = None
            existing = layout.get(value)
            if existing is not None and existing != enc:
                return False
            layout[value] = enc
            return True

        enqueue(root, root_index, encoding)
        while queue:
            user, index, enc = queue.pop()
            value = user.operands[index]
            if not _is_tensor(value):
                continue
            owner = value.owner
            if isinstance(owner, Operation) and owner.name == "scf.for":
                return None
            if not update(value, enc):
                return None
            existing = self.remat.get((value, enc))
            if existing is not None and properly_dominates(existing, user):
                if not update(existing, enc):
                    return None
                value = existing
                owner = value.owner
            if isinstance(owner, Operation) and owner.name == "scf.if":
                # Rematerializing through scf.if (new results on both branches) is not mirrored
                # yet; the conversion stays.
                return None
            if isinstance(owner, Operation):
                for result in owner.results:
                    if result is not value and _is_tensor(result) and not update(result, enc):
                        return None
                if can_fold_into_conversion(owner, enc):
                    continue
                if stop is not None and stop(owner):
                    continue
                if owner.name == "tt.cat":
                    return None
                if owner.name == "tt.gather":
                    # Only the indices follow the result's layout.
                    enqueue(owner, 1, enc)
                    continue
                for i, operand in enumerate(owner.operands):
                    src = infer_src_encoding(owner, enc)
                    if src is None:
                        return None
                    if isinstance(operand.type, TensorType):
                        if src == encoding_of(operand.type):
                            # Already in that layout: it stays out of the slice, but its layout
                            # is recorded so that a use wanting another one makes the slice fail
                            # (Triton #9953: otherwise that use's rewrite feeds this one).
                            if layout.setdefault(operand, src) != src:
                                return None
                            continue
                        enqueue(owner, i, src)
                continue
            assert isinstance(value, BlockArgument)
            parent = value.block.parent_op()
            if parent is None or parent.name != "scf.for":
                return None
            position = value.index - 1
            _, yield_op = _for_parts(parent)
            enqueue(parent, 3 + position, enc)
            enqueue(yield_op, position, enc)
        return slice_, layout

    def rematerializable_slice(
        self, root: Operation, index: int, encoding: Attribute,
        stop: Callable[[Operation], bool] | None = None,
    ) -> tuple[Slice, Layouts] | None:
        """Triton's `getRematerializableSlice`."""
        found = self.backward_slice(root, index, encoding, stop)
        if found is None or not found[0]:
            return None
        for value in found[0]:
            owner = value.owner
            if isinstance(owner, Operation) and not can_be_rematerialized(owner):
                return None
        return found

    def backward_rematerialize(self, cvt: Operation) -> None:
        target = encoding_of(cvt.results[0].type)
        assert target is not None
        if isinstance(target, DotOperandEncodingAttr):
            return
        existing = self.remat.get((cvt.operands[0], target))
        if existing is not None and properly_dominates(existing, cvt):
            cvt.results[0].replace_all_uses_with(existing)
            self.to_delete[cvt] = None
            return
        found = self.rematerializable_slice(cvt, 0, target)
        if found is None:
            return
        self.rewrite_slice(found[0], found[1], cvt, {})

    def hoist_above_ext_or_broadcast(self, cvt: Operation) -> None:
        """Triton's `hoistConvertOnTopOfExtOrBroadcast`."""
        target = encoding_of(cvt.results[0].type)
        assert target is not None
        if isinstance(target, DotOperandEncodingAttr):
            return

        def is_ext_or_broadcast(op: Operation) -> bool:
            return op.name in ("arith.extsi", "arith.extui", "arith.extf", "tt.broadcast", "tt.expand_dims")

        found = self.rematerializable_slice(cvt, 0, target, is_ext_or_broadcast)
        if found is None:
            return
        slice_, layout = found
        hoisted: Operation | None = None
        index = 0
        while index < len(slice_):
            value = list(slice_)[index]
            index += 1
            op = value.owner
            if not isinstance(op, Operation) or not is_ext_or_broadcast(op):
                continue
            src = infer_src_encoding(op, layout[value])
            if src is None:
                return
            inner = self.rematerializable_slice(op, 0, src)
            if inner is not None:
                if any(layout.get(v, e) != e for v, e in inner[1].items()):
                    # The extension's operand slice wants a value in another layout than the
                    # outer slice does: rewriting both would give one of its users the wrong one.
                    return
                for v in inner[0]:
                    slice_[v] = None
                for v, e in inner[1].items():
                    layout.setdefault(v, e)
                continue
            if hoisted is not None:
                return
            hoisted = op
        if hoisted is None:
            return
        dst = layout[hoisted.results[0]]
        src = infer_src_encoding(hoisted, dst)
        if src is None:
            return
        operand = hoisted.operands[0]
        new_cvt = create_op(self.ctx, "ttg.convert_layout", [operand], [with_encoding(operand.type, src)])
        _insert_before(new_cvt, hoisted)
        new_op = _clone_before(hoisted, hoisted, [new_cvt.results[0], *hoisted.operands[1:]])
        set_type(new_op.results[0], with_encoding(hoisted.results[0].type, dst))
        mapping = {hoisted.results[0]: new_op.results[0]}
        del slice_[hoisted.results[0]]
        self.rewrite_slice(slice_, layout, cvt, mapping)

    def hoist_dot_operand(self, cvt: Operation) -> None:
        """Triton's `hoistConvertDotOperand`: move a conversion feeding an MMA dot up to the
        loads (and constants) it is computed from."""
        if not feeds_mma_dot(cvt):
            return
        target = encoding_of(cvt.results[0].type)
        assert target is not None
        found = self.backward_slice(cvt, 0, target, lambda op: not moves_no_data(op))
        if found is None:
            return
        slice_, layout = found
        mapping: dict[SSAValue, SSAValue] = {}
        inner: Slice = {}
        for value in slice_:
            owner = value.owner
            if not isinstance(owner, Operation):
                return
            if owner.name not in ("tt.load", "tt.descriptor_load"):
                if owner.name == "arith.constant" or moves_no_data(owner):
                    inner[value] = None
                    continue
                return
            loaded = owner.results[0]
            new_cvt = create_op(self.ctx, "ttg.convert_layout", [loaded], [with_encoding(loaded.type, layout[loaded])])
            _insert_after_value(loaded, new_cvt)
            mapping[loaded] = new_cvt.results[0]
        if inner:
            self.rewrite_slice(inner, layout, cvt, mapping)

    def rewrite_slice(self, slice_: Slice, layout: Layouts, cvt: Operation, mapping: dict[SSAValue, SSAValue]) -> None:
        """Triton's `rewriteSlice`: clone the slice in its new layouts, thread loop arguments."""
        to_rewrite: dict[Operation, None] = {}
        yield_operands: dict[Operation, list[int]] = {}
        reused: list[SSAValue] = []
        for value in slice_:
            existing = self.remat.get((value, layout[value]))
            if existing is not None:
                mapping[value] = existing
                reused.append(value)
                continue
            owner = value.owner
            if isinstance(owner, Operation):
                to_rewrite[owner] = None
            else:
                assert isinstance(value, BlockArgument)
                loop = value.block.parent_op()
                assert loop is not None
                to_rewrite[loop] = None
                terminator = value.block.last_op
                assert terminator is not None
                yield_operands.setdefault(terminator, []).append(value.index - 1)
                to_rewrite[terminator] = None
        for value in reused:
            del slice_[value]
        order = {op: i for i, op in enumerate(self.func.walk())}
        replacements: list[tuple[SSAValue, SSAValue]] = []
        dead: list[Operation] = []
        for op in sorted(to_rewrite, key=lambda o: order[o]):
            if op.name == "scf.for":
                self.rewrite_slice_for(op, slice_, layout, mapping, replacements)
                dead.append(op)
                continue
            if op.name == "scf.if":
                raise NotImplementedError("rematerialization through scf.if")
            if op.name == "scf.yield":
                indices = sorted(yield_operands.get(op, []))
                new_yield = create_op(self.ctx, "scf.yield", [*op.operands, *(mapping[op.operands[i]] for i in indices)], [])
                _insert_before(new_yield, op)
                erase_op(op)
                continue
            if op.name == "arith.constant":
                new = _clone_before(op, op)
                result = op.results[0]
                new_cvt = create_op(self.ctx, "ttg.convert_layout", [new.results[0]], [with_encoding(result.type, layout[result])])
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
        cvt.results[0].replace_all_uses_with(mapping[cvt.operands[0]])
        self.to_delete[cvt] = None
        self.update_remat_mapping(replacements)
        for old, new_value in replacements:
            old.replace_all_uses_with(new_value)
        for op in dead:
            self.to_delete[op] = None

    @staticmethod
    def _remap_nested(op: Operation, mapping: dict[SSAValue, SSAValue]) -> None:
        """Uses of mapped values inside a cloned op's regions (IRMapping on `clone`)."""
        for nested in op.walk():
            if nested is not op:
                nested.operands = [mapping.get(v, v) for v in nested.operands]

    def rewrite_slice_for(
        self, op: Operation, slice_: Slice, layout: Layouts,
        mapping: dict[SSAValue, SSAValue], replacements: list[tuple[SSAValue, SSAValue]],
    ) -> None:
        body = _entry_block(op)
        inits = list(op.operands[3:])
        arg_mapping: list[tuple[int, int]] = []
        new_inits: list[SSAValue] = []
        for position, arg in enumerate(body.args[1:]):
            if arg in slice_:
                arg_mapping.append((position, len(inits) + len(new_inits)))
                new_inits.append(mapping[inits[position]])
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

    def update_remat_mapping(self, replacements: list[tuple[SSAValue, SSAValue]]) -> None:
        """Triton's `updateRematMapping`: move remat entries of replaced loop results."""
        for old, new in replacements:
            encoding = self.mapped.pop(old, None)
            if encoding is None:
                continue
            replaced = self.remat.pop((old, encoding))
            for before, after in replacements:
                if before is replaced:
                    replaced = after
                    break
            self.remat[(new, encoding)] = replaced
            self.mapped[new] = encoding


# --------------------------------------------------------------------------------------------
# 5. Dead loop arguments (Triton's ForOpDeadArgElimination)
# --------------------------------------------------------------------------------------------


def eliminate_dead_for_args(op: Operation, rewriter: PatternRewriter) -> bool:
    """Yield a loop argument unchanged when neither the loop's result nor any op with an effect
    needs it; `scf.for` canonicalization then drops the argument."""
    body, yield_op = _for_parts(op)
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
    for nested in body.walk():
        if nested.name not in ("scf.yield", "scf.for") and not would_be_trivially_dead(nested):
            for operand in nested.operands:
                mark(operand)
    while queue:
        value = queue.pop()
        owner = value.owner
        if isinstance(owner, Operation):
            if owner.name == "scf.for":
                position = value.index  # pyright: ignore[reportAttributeAccessIssue]
                mark(owner.operands[3 + position])
                mark(_for_parts(owner)[1].operands[position])
            elif owner.name == "scf.if":
                position = value.index  # pyright: ignore[reportAttributeAccessIssue]
                mark(owner.operands[0])
                for region in owner.regions:
                    terminator = region.blocks.first.last_op  # pyright: ignore[reportOptionalMemberAccess]
                    assert terminator is not None
                    mark(terminator.operands[position])
            elif owner.name == "scf.while":
                return False
            else:
                for operand in owner.operands:
                    mark(operand)
            continue
        assert isinstance(value, BlockArgument)
        loop = value.block.parent_op()
        if loop is not None and loop.name == "scf.for" and value.index > 0:
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


@dataclass(frozen=True)
class TritonGPURemoveLayoutConversionsPass(TtcPass):
    """Propagate layouts from anchors and rematerialize producers to drop conversions."""

    name: ClassVar[str] = "tritongpu-remove-layout-conversions"
    summary: ClassVar[str] = "Remove layout conversions by propagating and rematerializing layouts"

    disable_remat_splitting: bool = field(
        default=False, metadata={"help": "accepted for Triton's RUN lines; no effect in 3.6"}
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = [f for f in op.walk() if f.name == "tt.func" and f.regions[0].blocks.first]
        for func in functions:
            LayoutPropagation(ctx, func).run()
        self.cleanup(ctx, op)
        for func in functions:
            remat = LayoutRematerialization(ctx, func)
            remat.for_each_convert(remat.backward_rematerialize)
            remat.cleanup()
        self.cleanup(ctx, op)
        for func in functions:
            remat = LayoutRematerialization(ctx, func)
            remat.for_each_convert(remat.hoist_above_ext_or_broadcast)
            remat.cleanup()
            remat = LayoutRematerialization(ctx, func)
            remat.for_each_convert(remat.hoist_dot_operand)
            remat.cleanup()
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
