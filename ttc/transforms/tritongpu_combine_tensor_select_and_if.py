"""`tritongpu-combine-tensor-select-and-if`: fold a tensor `arith.select` into an `scf.if` on the
same condition.

Mirrors Triton's CombineTensorSelectAndIf.cpp:

1. A use of `select(c, t, f)` inside the then (else) region of an `scf.if` on `c` takes `t` (`f`)
   instead.
2. A select with a tensor result (scalars are cheap to predicate) whose condition also drives an
   `scf.if` in its block — the first such if, in block order, that comes after the select and
   before every remaining user of the select — becomes an extra result of that if: the then
   branch yields `t`, the else branch (created when missing) yields `f`. The if is rebuilt with
   its old results followed by one per merged select, in select order.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, Operation, Region

from ttc.dialects.upstream import arith, scf
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.tritongpu_reorder_instructions import dominates
from ttc.transforms.utils import erase_op, rebuild_if


def _branch_of(if_op: Operation, user: Operation) -> int | None:
    """0 or 1 when `user` is nested in the then or else region of `if_op`, else None."""
    current: Operation | None = user
    while current is not None:
        parent = current.parent_op()
        if parent is if_op:
            region = current.parent_region()
            return next(i for i, r in enumerate(if_op.regions) if r is region)
        current = parent
    return None


def use_branch_values(module: ModuleOp) -> None:
    """Step 1: uses of a select nested in an if on its condition take the branch's value."""
    for select in [op for op in walk(module) if isinstance(op, arith.SelectOp)]:
        condition, true_value, false_value = select.operands
        for if_op in {use.operation for use in condition.uses if isinstance(use.operation, scf.IfOp)}:
            for use in list(select.results[0].uses):
                branch = _branch_of(if_op, use.operation)
                if branch is not None:
                    use.operation.operands = [
                        (true_value if branch == 0 else false_value) if i == use.index else v
                        for i, v in enumerate(use.operation.operands)
                    ]


def can_merge_into_if(select: Operation, if_op: Operation) -> bool:
    """Triton's `canMergeIntoIf`: the select dominates the if, and the if each of its users."""
    return dominates(select, if_op) and all(dominates(if_op, use.operation) for use in select.results[0].uses)


def merge_target(select: Operation) -> Operation | None:
    block = select.parent
    assert block is not None
    ifs = {use.operation for use in select.operands[0].uses if isinstance(use.operation, scf.IfOp)}
    for if_op in sorted((op for op in ifs if op.parent is block), key=block.get_operation_index):
        if can_merge_into_if(select, if_op):
            return if_op
    return None


def merge_selects(ctx: Context, if_op: Operation, selects: list[Operation]) -> None:
    """Step 2 for one if: rebuild it with one more result per select."""
    regions = [if_op.detach_region(0) for _ in range(len(if_op.regions))]
    if len(regions) < 2 or regions[1].blocks.first is None:
        else_block = Block()
        else_block.add_op(scf.YieldOp())
        regions = [regions[0], Region([else_block])]
    for region, pick in zip(regions, (1, 2)):
        block = region.blocks.first
        assert block is not None and block.last_op is not None
        old_yield = block.last_op
        extra = [select.operands[pick] for select in selects]
        block.insert_op_before(scf.YieldOp(*old_yield.operands, *extra), old_yield)
        erase_op(old_yield)
    new = rebuild_if(if_op, [*if_op.result_types, *(s.results[0].type for s in selects)], regions)
    for old, new_result in zip(if_op.results, new.results):
        old.replace_all_uses_with(new_result)
    for select, result in zip(selects, new.results[len(if_op.results):]):
        select.results[0].replace_all_uses_with(result)
        erase_op(select)
    erase_op(if_op)


class TritonGPUCombineTensorSelectAndIfPass(
    TtcPass, name="tritongpu-combine-tensor-select-and-if", summary="Combine tensor select and if"
):
    """Merge tensor selects into the ifs that test the same condition."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        use_branch_values(op)
        targets: dict[Operation, list[Operation]] = {}
        for select in [o for o in walk(op) if isinstance(o, arith.SelectOp)]:
            if not isinstance(select.results[0].type, TensorType):
                continue
            if_op = merge_target(select)
            if if_op is not None:
                targets.setdefault(if_op, []).append(select)
        for if_op, selects in targets.items():
            merge_selects(ctx, if_op, selects)
