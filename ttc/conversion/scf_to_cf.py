"""`convert-scf-to-cf`: MLIR's SCFToControlFlow pass (structured loops and ifs become a CFG).

Each structured op splits its block at the op and moves its regions' blocks into the enclosing
region, as MLIR does:

- `scf.for` becomes an init branch into a *condition* block whose arguments are the induction
  variable and the loop-carried values (`arith.cmpi slt`, or `ult` for an `unsigned` loop, then
  `cf.cond_br` to the body or the continuation); the body's `scf.yield` becomes `arith.addi` of the
  step and a back edge. The loop's results are the condition block's arguments, which dominate the
  continuation.
- `scf.if` becomes `cf.cond_br` into the then/else blocks, whose `scf.yield`s branch to a
  continuation block taking the results as arguments (no else region: the false edge goes to the
  continuation directly).
- `scf.while` branches into the *before* region; `scf.condition` becomes `cf.cond_br` to the
  *after* region or the continuation, whose arguments are the while's results; the after region's
  `scf.yield` branches back to the before region.
- `scf.execute_region` inlines its blocks; each `scf.yield` branches to the continuation.

Tensor-typed block arguments stay tensors here; `convert-triton-gpu-to-llvm` turns them into one
`!llvm.struct` argument per tensor, as Triton does.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.cf import BranchOp, ConditionalBranchOp
from xdsl.ir import Block, Operation, Region, SSAValue

from ttc.dialects.upstream import arith, scf
from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass

_STRUCTURED = (scf.ForOp, scf.IfOp, scf.WhileOp, scf.ExecuteRegionOp)
_UNSIGNED_CMP = "unsignedCmp"


def _located(new: Operation, like: Operation) -> Operation:
    new.location = like.location
    return new


def _split_after(op: Operation) -> Block:
    """Split `op`'s block: everything after `op` moves to a new block placed right after it."""
    block = op.parent_block()
    assert block is not None
    following = op.next_op
    if following is None:
        tail = Block()
        region = block.parent_region()
        assert region is not None
        region.insert_block_after(tail, block)
        return tail
    return block.split_before(following)


def _move_blocks_before(region: Region, anchor: Block) -> list[Block]:
    """Move all blocks of `region` in front of `anchor` (in `anchor`'s region)."""
    blocks = list(region.blocks)
    target = anchor.parent_region()
    assert target is not None
    for block in blocks:
        region.detach_block(block)
        target.insert_block_before(block, anchor)
    return blocks


def _replace_terminator(block: Block, new: Operation) -> None:
    term = block.last_op
    assert term is not None
    _located(new, term)
    block.insert_op_before(new, term)
    block.erase_op(term)


def _replace_results(op: Operation, values: list[SSAValue]) -> None:
    for result, value in zip(op.results, values, strict=True):
        result.replace_all_uses_with(value)


def _lower_for(op: scf.ForOp) -> None:
    continuation = _split_after(op)
    init_block = op.parent_block()
    assert init_block is not None
    body = op.body.block
    condition = Block(arg_types=[a.type for a in body.args])
    region = init_block.parent_region()
    assert region is not None
    region.insert_block_before(condition, continuation)
    (body,) = _move_blocks_before(op.body, continuation)
    for old, new in zip(body.args, condition.args, strict=True):
        old.replace_all_uses_with(new)
    while body.args:
        body.erase_arg(body.args[-1])

    predicate = "ult" if _UNSIGNED_CMP in op.attributes else "slt"
    iv = condition.args[0]
    compare = _located(arith.CmpiOp(iv, op.ub, predicate), op)
    condition.add_op(compare)
    condition.add_op(_with_loop_annotation(
        _located(ConditionalBranchOp(compare, body, [], continuation, []), op), op))

    yield_op = body.last_op
    assert yield_op is not None
    step = _located(arith.AddiOp(iv, op.step), yield_op)
    body.insert_op_before(step, yield_op)
    _replace_terminator(body, BranchOp(condition, step, *yield_op.operands))

    init_block.add_op(_located(BranchOp(condition, op.lb, *op.iter_args), op))
    _replace_results(op, list(condition.args[1:]))
    init_block.erase_op(op)


def _continuation_with_results(op: Operation) -> Block:
    continuation = _split_after(op)
    for result in op.results:
        continuation.insert_arg(result.type, len(continuation.args))
    _replace_results(op, list(continuation.args))
    return continuation


def _branch_yields_to(blocks: list[Block], continuation: Block) -> None:
    for block in blocks:
        term = block.last_op
        if isinstance(term, scf.YieldOp):
            _replace_terminator(block, BranchOp(continuation, *term.operands))


def _lower_if(op: scf.IfOp) -> None:
    continuation = _continuation_with_results(op)
    block = op.parent_block()
    assert block is not None
    then_blocks = _move_blocks_before(op.true_region, continuation)
    _branch_yields_to(then_blocks, continuation)
    false_target = continuation
    if op.false_region.blocks:
        else_blocks = _move_blocks_before(op.false_region, continuation)
        _branch_yields_to(else_blocks, continuation)
        false_target = else_blocks[0]
    block.add_op(_located(ConditionalBranchOp(op.cond, then_blocks[0], [], false_target, []), op))
    block.erase_op(op)


LOOP_ANNOTATION = "llvm.loop_annotation"
"""The loop metadata a loop carries (`tl.range(..., disable_licm=True)`)."""


def _with_loop_annotation(branch: Operation, loop: Operation) -> Operation:
    """The loop's exit test carries its `llvm.loop_annotation`, as MLIR's SCFToControlFlow moves
    a loop's LLVM attributes to the conditional branch of its condition block."""
    if (annotation := loop.attributes.get(LOOP_ANNOTATION)) is not None:
        branch.attributes[LOOP_ANNOTATION] = annotation
    return branch


def _lower_while(op: scf.WhileOp) -> None:
    continuation = _continuation_with_results(op)
    block = op.parent_block()
    assert block is not None
    before = _move_blocks_before(op.before_region, continuation)
    after = _move_blocks_before(op.after_region, continuation)
    for b in before:
        term = b.last_op
        if isinstance(term, scf.ConditionOp):
            cond, *args = term.operands
            _replace_terminator(b, _with_loop_annotation(
                ConditionalBranchOp(cond, after[0], args, continuation, args), op))
    for b in after:
        term = b.last_op
        if isinstance(term, scf.YieldOp):
            _replace_terminator(b, BranchOp(before[0], *term.operands))
    block.add_op(_located(BranchOp(before[0], *op.operands), op))
    block.erase_op(op)


def _lower_execute_region(op: Operation) -> None:
    continuation = _continuation_with_results(op)
    block = op.parent_block()
    assert block is not None
    blocks = _move_blocks_before(op.regions[0], continuation)
    _branch_yields_to(blocks, continuation)
    block.add_op(_located(BranchOp(blocks[0]), op))
    block.erase_op(op)


def lower_structured_control_flow(root: Operation) -> None:
    """Lower every scf.for/if/while/execute_region under `root` to cf branches, outer first.

    Lowering one op moves its regions' blocks, in order, between the block holding it and the
    continuation of that block, so the other structured ops keep their relative pre-order: the
    ops are collected by one walk, not searched for again after every lowering."""
    for op in [op for op in walk(root) if isinstance(op, _STRUCTURED)]:
        if isinstance(op, scf.ForOp):
            _lower_for(op)
        elif isinstance(op, scf.IfOp):
            _lower_if(op)
        elif isinstance(op, scf.WhileOp):
            _lower_while(op)
        else:
            _lower_execute_region(op)


class ConvertScfToCfPass(
    TtcPass,
    name="convert-scf-to-cf",
    summary="Lower scf.for/if/while/execute_region to cf.br/cf.cond_br (MLIR's SCFToControlFlow)",
):
    """Lower structured control flow (scf) to the cf dialect's branches."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for inner in walk(op):
            # By name: ttc has no class for these scf ops (they only parse as unregistered ops).
            if inner.name in ("scf.index_switch", "scf.parallel"):
                raise TtcError(
                    f"cannot lower '{inner.name}' to the cf dialect",
                    location=source_location(inner.location),
                )
        lower_structured_control_flow(op)
