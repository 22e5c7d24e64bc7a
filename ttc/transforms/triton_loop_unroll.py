"""`triton-loop-unroll`: Triton's LoopUnroll.cpp on top of MLIR's `loopUnrollByFactor`.

Every `scf.for` carrying `tt.loop_unroll_factor = N` (N > 1) loses the attribute and is unrolled
N times: the main loop steps by `N * step` up to `lb + (trips - trips % N) * step` (constants when
the bounds are, else `arith` ops computing `ceildiv(ub - lb, step)` before the loop), its body
holds N copies chained through the iter_args (copy i sees `iv + i * step`), and an epilogue copy
of the original loop runs the remaining iterations from there, marked `tt.num_stages = 1` so it
is not pipelined. A loop left with a single iteration is replaced by its body.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp
from xdsl.ir import Attribute, Block, Operation, SSAValue

from ttc.dialects.upstream import scf
from ttc.ir.values import constant_scalar
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.scf import inline_before, trip_count
from ttc.transforms.utils import create_constant, create_op, normalize_int, scalar_attr

UNROLL_FACTOR = "tt.loop_unroll_factor"
NUM_STAGES = "tt.num_stages"


class _Builder:
    """Inserts new ops before a fixed anchor op."""

    def __init__(self, ctx: Context, anchor: Operation) -> None:
        self.ctx, self.anchor = ctx, anchor

    def insert(self, op: Operation) -> SSAValue:
        block = self.anchor.parent
        assert block is not None
        block.insert_op_before(op, self.anchor)
        return op.results[0]

    def constant(self, value: int, type_: Attribute) -> SSAValue:
        return self.insert(create_constant(self.ctx, scalar_attr(value, type_), type_))

    def binary(self, name: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.insert(create_op(self.ctx, name, [lhs, rhs], [lhs.type]))


def _body(loop: Operation) -> Block:
    block = loop.regions[0].blocks.first
    assert block is not None
    return block


def _promote_if_single_iteration(loop: Operation) -> bool:
    if trip_count(loop) != 1:
        return False
    results = inline_before(_PlainRewriter(), loop, _body(loop), [loop.operands[0], *loop.operands[3:]])
    for old, new in zip(loop.results, results, strict=True):
        old.replace_all_uses_with(new)
    block = loop.parent
    assert block is not None
    block.erase_op(loop)
    return True


class _PlainRewriter:
    """The two rewriter calls `inline_before` makes, without pattern bookkeeping."""

    @staticmethod
    def erase(op: Operation) -> None:
        block = op.parent
        assert block is not None
        block.erase_op(op)

    @staticmethod
    def inline_block(block: Block, insertion_point: object, args: list[SSAValue]) -> None:
        from xdsl.rewriter import Rewriter

        Rewriter.inline_block(block, insertion_point, args)  # pyright: ignore[reportArgumentType]


def unroll_by_factor(ctx: Context, loop: Operation, factor: int) -> Operation | None:
    """MLIR's `loopUnrollByFactor`; the epilogue loop, if one is left."""
    body = _body(loop)
    if body.first_op is body.last_op:
        return None
    lb, ub, step = loop.operands[:3]
    bounds = _Builder(ctx, loop)
    trips = trip_count(loop)
    generate_epilogue = True
    if trips is not None:
        type_ = lb.type
        lb_c, ub_c, step_c = (normalize_int(int(constant_scalar(v) or 0), type_) for v in (lb, ub, step))
        unrolled_ub_c = lb_c + (trips - trips % factor) * step_c
        generate_epilogue = unrolled_ub_c < ub_c
        unrolled_ub = bounds.constant(unrolled_ub_c, ub.type) if generate_epilogue else ub
        unrolled_step = step if factor == 1 else bounds.constant(step_c * factor, step.type)
    else:
        diff = bounds.binary("arith.subi", ub, lb)
        one = bounds.constant(1, diff.type)
        sum_ = bounds.binary("arith.addi", diff, bounds.binary("arith.subi", step, one))
        trips_value = bounds.binary("arith.divui", sum_, step)
        factor_value = bounds.constant(factor, trips_value.type)
        remainder = bounds.binary("arith.remsi", trips_value, factor_value)
        even = bounds.binary("arith.subi", trips_value, remainder)
        unrolled_ub = bounds.binary("arith.addi", lb, bounds.binary("arith.muli", even, step))
        unrolled_step = bounds.binary("arith.muli", step, factor_value)
    epilogue: Operation | None = None
    if generate_epilogue:
        epilogue = loop.clone()
        block = loop.parent
        assert block is not None
        block.insert_op_after(epilogue, loop)
        for old, new in zip(loop.results, epilogue.results, strict=True):
            old.replace_all_uses_with(new)
        epilogue.operands = [unrolled_ub, ub, step, *loop.results]
        if _promote_if_single_iteration(epilogue):
            epilogue = None
    loop.operands = [lb, unrolled_ub, unrolled_step, *loop.operands[3:]]
    _replicate_body(ctx, loop, factor, step)
    _promote_if_single_iteration(loop)
    return epilogue


def _replicate_body(ctx: Context, loop: Operation, factor: int, step: SSAValue) -> None:
    """MLIR's `generateUnrolledLoop`: append factor-1 copies of the body before its yield."""
    body = _body(loop)
    terminator = body.last_op
    assert terminator is not None
    originals = list(body.ops)[:-1]
    iv, iter_args = body.args[0], list(body.args[1:])
    original_yielded = list(terminator.operands)
    yielded = original_yielded
    at_end = _Builder(ctx, terminator)
    for i in range(1, factor):
        mapping: dict[SSAValue, SSAValue] = dict(zip(iter_args, yielded, strict=True))
        if iv.uses:
            stride = at_end.binary("arith.muli", step, at_end.constant(i, iv.type))
            mapping[iv] = at_end.binary("arith.addi", iv, stride)
        value_map = {**mapping}
        for op in originals:
            copy = op.clone(value_mapper=value_map)  # pyright: ignore[reportArgumentType]
            body.insert_op_before(copy, terminator)
        yielded = [value_map.get(v, v) for v in original_yielded]
    terminator.operands = yielded


def unroll_factor(loop: Operation) -> int:
    attr = loop.attributes.get(UNROLL_FACTOR)
    return attr.value.data if isinstance(attr, IntegerAttr) else 1


class TritonLoopUnrollPass(TtcPass, name="triton-loop-unroll", summary="Unroll loops carrying tt.loop_unroll_factor"):
    """Unroll scf.for loops annotated with tt.loop_unroll_factor."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        loops = [o for o in walk(op) if isinstance(o, scf.ForOp) and unroll_factor(o) > 1]
        for loop in loops:
            factor = unroll_factor(loop)
            del loop.attributes[UNROLL_FACTOR]
            epilogue = unroll_by_factor(ctx, loop, factor)
            if epilogue is not None:
                epilogue.attributes[NUM_STAGES] = IntegerAttr(1, IntegerType(32))
