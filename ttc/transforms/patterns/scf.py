"""Canonicalization patterns of `scf` ops, as MLIR's SCF.cpp defines them.

- `scf.for`: `SimplifyTrivialLoops` (no iteration: results are the inits; exactly one iteration:
  the body is inlined with the induction variable set to the lower bound; an empty body that
  only forwards values defined outside and runs at least once: those values) and
  `ForOpIterArgsFolder` (an iter_arg is dropped when the body yields it unchanged, when its init
  is what the body yields, or when neither it nor its result is used; one with the same init and
  yielded value as an earlier kept one is merged into it).
- `scf.if`: `RemoveStaticCondition` (constant condition: the taken region is inlined),
  `RemoveUnusedResults`, `RemoveEmptyElseBranch`, and `ConvertTrivialIfToSelect` (each result
  whose yielded values are both defined outside the if becomes an `arith.select` before it, or
  the value itself when both sides agree; the if keeps only the other results).
"""

from __future__ import annotations

from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.ir.values import constant_scalar
from ttc.transforms.patterns import pattern
from ttc.transforms.patterns.context import active_context
from ttc.transforms.utils import create_op, defined_outside, drop_unused_results, normalize_int


def _body(op: Operation) -> Block:
    block = op.regions[0].blocks.first
    assert block is not None
    return block


def _terminator(block: Block) -> Operation:
    last = block.last_op
    assert last is not None
    return last


def inline_before(
    rewriter: PatternRewriter, op: Operation, block: Block, args: list[SSAValue]
) -> list[SSAValue]:
    """Inline `block` (minus its terminator) before `op`; the terminator's operands."""
    yielded = _terminator(block)
    results = list(yielded.operands)
    rewriter.erase(yielded)
    rewriter.inline_block(block, InsertPoint.before(op), args)
    return results


def trip_count(op: Operation) -> int | None:
    lb, ub, step = (constant_scalar(v) for v in op.operands[:3])
    if not all(isinstance(v, int) for v in (lb, ub, step)):
        return None
    type_ = op.operands[0].type
    lb, ub, step = (normalize_int(int(v), type_) for v in (lb, ub, step))  # pyright: ignore[reportArgumentType]
    if step <= 0:
        return None
    return max(0, -(-(ub - lb) // step))


@pattern("scf.for")
def simplify_trivial_loop(op: Operation, rewriter: PatternRewriter) -> bool:
    inits = list(op.operands[3:])
    if op.operands[0] is op.operands[1]:
        rewriter.replace(op, [], inits)
        return True
    trips = trip_count(op)
    if trips == 0:
        rewriter.replace(op, [], inits)
        return True
    body = _body(op)
    if trips == 1:
        results = inline_before(rewriter, op, body, [op.operands[0], *inits])
        rewriter.replace(op, [], results)
        return True
    if body.first_op is not _terminator(body) or trips is None:
        return False
    yielded = list(_terminator(body).operands)
    if not all(isinstance(v, SSAValue) and defined_outside(v, op) for v in yielded):
        return False
    rewriter.replace(op, [], yielded)
    return True


@pattern("scf.for")
def fold_forwarded_iter_args(op: Operation, rewriter: PatternRewriter) -> bool:
    body = _body(op)
    yield_op = _terminator(body)
    inits = list(op.operands[3:])
    iter_args = list(body.args[1:])
    yielded = list(yield_op.operands)
    keep: list[int] = []
    same_as: dict[int, int] = {}
    kept_by_pair: dict[tuple[SSAValue, SSAValue], int] = {}
    for index, (init, arg, result, value) in enumerate(
        zip(inits, iter_args, op.results, yielded, strict=True)
    ):
        forwarded = value is arg or value is init or (not arg.uses and not result.uses)
        if forwarded:
            continue
        twin = kept_by_pair.get((init, value))
        if twin is not None:
            same_as[index] = twin
            continue
        kept_by_pair[(init, value)] = index
        keep.append(index)
    if len(keep) == len(inits):
        return False
    for index, (init, arg) in enumerate(zip(inits, iter_args, strict=True)):
        if index in same_as:
            arg.replace_all_uses_with(iter_args[same_as[index]])
            op.results[index].replace_all_uses_with(op.results[same_as[index]])
        elif index not in keep:
            arg.replace_all_uses_with(init)
    region = op.detach_region(0)
    for index in reversed(range(len(iter_args))):
        if index not in keep:
            body.erase_arg(iter_args[index])
    # Re-read the yield: a removed argument yielded by a kept one is now its init value.
    current = list(yield_op.operands)
    yield_op.operands = [current[i] for i in keep]
    new = type(op).create(
        operands=[*op.operands[:3], *(inits[i] for i in keep)],
        result_types=[op.results[i].type for i in keep],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=[region],
    )
    rewriter.insert(new)
    replacements: list[SSAValue] = list(inits)
    for new_index, old_index in enumerate(keep):
        replacements[old_index] = new.results[new_index]
    rewriter.replace(op, [], replacements)
    return True


def _region_block(op: Operation, index: int) -> Block | None:
    if index >= len(op.regions):
        return None
    return op.regions[index].blocks.first


@pattern("scf.if")
def remove_static_condition(op: Operation, rewriter: PatternRewriter) -> bool:
    cond = constant_scalar(op.operands[0])
    if cond is None:
        return False
    taken = _region_block(op, 0 if cond else 1)
    if taken is None:
        rewriter.erase(op)
        return True
    results = inline_before(rewriter, op, taken, [])
    rewriter.replace(op, [], results)
    return True


@pattern("scf.if")
def remove_unused_if_results(op: Operation, rewriter: PatternRewriter) -> bool:
    return drop_unused_results(op, rewriter, range(len(op.regions)))


@pattern("scf.if")
def remove_empty_else(op: Operation, rewriter: PatternRewriter) -> bool:
    else_block = _region_block(op, 1)
    if op.results or else_block is None or else_block.first_op is not _terminator(else_block):
        return False
    else_region = op.regions[1]
    for block in list(else_region.blocks):
        for nested in list(block.ops):
            rewriter.erase(nested, safe_erase=False)
        else_region.erase_block(block)
    rewriter.notify_op_modified(op)
    return True


@pattern("scf.if")
def convert_trivial_if_to_select(op: Operation, rewriter: PatternRewriter) -> bool:
    then_block, else_block = _region_block(op, 0), _region_block(op, 1)
    if not op.results or then_block is None or else_block is None:
        return False
    then_yield, else_yield = _terminator(then_block), _terminator(else_block)
    then_region, else_region = op.regions[0], op.regions[1]
    pairs = list(zip(then_yield.operands, else_yield.operands, strict=True))
    kept = [
        index
        for index, (true_value, false_value) in enumerate(pairs)
        if _value_region(true_value) is then_region or _value_region(false_value) is else_region
    ]
    if len(kept) == len(op.results):
        return False
    cond = op.operands[0]
    ctx = active_context()
    replacements: list[SSAValue] = []
    for index, (true_value, false_value) in enumerate(pairs):
        if index in kept:
            replacements.append(true_value)  # replaced below by the new if's result
        elif true_value is false_value:
            replacements.append(true_value)
        else:
            select = create_op(ctx, "arith.select", [cond, true_value, false_value], [op.results[index].type])
            select.location = op.location
            rewriter.insert(select)
            replacements.append(select.results[0])
    then_yield.operands = [pairs[i][0] for i in kept]
    else_yield.operands = [pairs[i][1] for i in kept]
    regions = [op.detach_region(r) for r in list(op.regions)]
    new = type(op).create(
        operands=[cond],
        result_types=[op.results[i].type for i in kept],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=regions,
    )
    new.location = op.location
    rewriter.insert(new)
    for new_index, old_index in enumerate(kept):
        replacements[old_index] = new.results[new_index]
    rewriter.replace(op, [], replacements)
    return True


def _value_region(value: SSAValue) -> Region | None:
    """The region holding the op or block that defines `value` (MLIR's `Value::getParentRegion`)."""
    owner = value.owner
    block = owner if isinstance(owner, Block) else owner.parent
    return block.parent if block is not None else None
