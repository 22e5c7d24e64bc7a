"""Canonicalization patterns of `cf` branches, as MLIR's ControlFlowOps.cpp defines them.

- `cf.cond_br`: `SimplifyConstCondBranchPred` (a constant condition: a `cf.br` to the taken
  successor with its operands) and `SimplifyCondBranchIdenticalSuccessors` (both edges go to one
  block with the same operands: a `cf.br`).
  `SimplifyPassThroughCondBranch` (an edge to a block holding nothing but a `cf.br` goes straight
  to that branch's successor).
- `cf.br`: `SimplifyBrToBlockWithSinglePred` (the successor has this branch as its only
  predecessor: its operations move to the end of the branching block, its arguments replaced by
  the branch's operands) and `SimplifyPassThroughBr` (as for `cf.cond_br`).

The frontend's control flow (an early `return` inside an `if`) reaches the inliner in this form,
and these patterns turn a callee whose branches are decided by constants back into one block,
which the inliner then inlines anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.cf import BranchOp, ConditionalBranchOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.ir.values import constant_scalar
from ttc.transforms.patterns import pattern


@pattern("cf.cond_br")
def simplify_constant_condition(op: Operation, rewriter: PatternRewriter) -> bool:
    assert isinstance(op, ConditionalBranchOp)
    condition = constant_scalar(op.cond)
    if condition is None:
        return False
    taken, operands = ((op.then_block, op.then_arguments) if condition
                       else (op.else_block, op.else_arguments))
    rewriter.replace(op, BranchOp(taken, *operands))
    return True


def collapse_branch(successor: Block, operands: Sequence[SSAValue]
                    ) -> tuple[Block, list[SSAValue]] | None:
    """MLIR's `collapseBranch`: where an edge to `successor` with `operands` can go instead, when
    `successor` holds only a `cf.br` to another block (its arguments replaced by `operands`)."""
    only = successor.first_op
    if not isinstance(only, BranchOp) or only is not successor.last_op \
            or only.successor is successor:
        return None
    forwarded = [operands[value.index] if isinstance(value, BlockArgument)
                 and value.block is successor else value for value in only.arguments]
    return only.successor, forwarded


@pattern("cf.cond_br")
def simplify_pass_through_edges(op: Operation, rewriter: PatternRewriter) -> bool:
    assert isinstance(op, ConditionalBranchOp)
    edges = [(op.then_block, list(op.then_arguments)), (op.else_block, list(op.else_arguments))]
    collapsed = [collapse_branch(block, operands) or (block, operands) for block, operands in edges]
    if collapsed == edges:
        return False
    (then_block, then_operands), (else_block, else_operands) = collapsed
    rewriter.replace(op, ConditionalBranchOp(op.cond, then_block, then_operands, else_block,
                                                else_operands))
    return True


@pattern("cf.cond_br")
def simplify_identical_successors(op: Operation, rewriter: PatternRewriter) -> bool:
    assert isinstance(op, ConditionalBranchOp)
    if op.then_block is not op.else_block \
            or list(op.then_arguments) != list(op.else_arguments):
        return False
    rewriter.replace(op, BranchOp(op.then_block, *op.then_arguments))
    return True


@pattern("cf.br")
def merge_single_predecessor_successor(op: Operation, rewriter: PatternRewriter) -> bool:
    assert isinstance(op, BranchOp)
    block, successor = op.parent_block(), op.successor
    if block is None or successor is block or [use.operation for use in successor.uses] != [op]:
        return False
    operands = list(op.arguments)
    rewriter.erase(op)
    rewriter.inline_block(successor, InsertPoint.at_end(block), operands)
    return True


@pattern("cf.br")
def simplify_pass_through_branch(op: Operation, rewriter: PatternRewriter) -> bool:
    assert isinstance(op, BranchOp)
    collapsed = collapse_branch(op.successor, list(op.arguments))
    if collapsed is None:
        return False
    rewriter.replace(op, BranchOp(collapsed[0], *collapsed[1]))
    return True
