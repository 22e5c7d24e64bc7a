"""`triton-reorder-broadcast`: Triton's ReorderBroadcast.cpp.

Moves elementwise ops before `tt.splat` and `tt.broadcast` so they run on fewer elements, with
MLIR's greedy driver:
- an elementwise op whose operands are all splats (or splat constants) becomes the scalar op
  followed by one splat;
- an elementwise op whose operands are broadcasts from one source shape, splats and splat
  constants becomes the op on the source shape (splats and constants re-shaped) followed by one
  broadcast;
plus the `tt.broadcast` and `tt.expand_dims` canonicalization patterns (broadcast/expand_dims of
splat, broadcast of broadcast, expand_dims of broadcast).
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt import ops as tt
from ttc.ir.values import constant_value, splat_scalar
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import rules_for
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.utils import create_constant, create_op, element_type, is_elementwise, is_memory_effect_free, scalar_attr


def _splat_source(value: SSAValue) -> tuple[str, SSAValue | float | int] | None:
    """('splat', src) for a tt.splat, ('const', scalar) for a splat constant, else None."""
    owner = value.owner
    if not isinstance(owner, Operation):
        return None
    if isinstance(owner, tt.SplatOp):
        return "splat", owner.operands[0]
    attr = constant_value(value)
    if isinstance(attr, DenseIntOrFPElementsAttr) and (scalar := splat_scalar(attr)) is not None:
        return "const", scalar
    return None


def _movable(op: Operation) -> bool:
    return (
        is_elementwise(op)
        and is_memory_effect_free(op)
        and bool(op.operands)
        and all(isinstance(r.type, TensorType) for r in op.results)
    )


def _rebuild(
    rewriter: PatternRewriter,
    op: Operation,
    operands: list[SSAValue],
    result_types: list[Attribute],
    wrap: str,
) -> None:
    ctx = active_context()
    new = create_op(ctx, op.name, operands, result_types, dict(op.properties), dict(op.attributes))
    rewriter.insert(new)
    for old, result in zip(op.results, new.results, strict=True):
        wrapped = create_op(ctx, wrap, [result], [old.type])
        rewriter.insert(wrapped)
        rewriter.replace_all_uses_with(old, wrapped.results[0])


def move_splat_after_elementwise(op: Operation, rewriter: PatternRewriter) -> bool:
    """elementwise(splat(a), splat(b)) -> splat(elementwise(a, b))."""
    if not _movable(op):
        return False
    sources = [_splat_source(v) for v in op.operands]
    if any(s is None for s in sources):
        return False
    ctx = active_context()
    scalars: list[SSAValue] = []
    for operand, source in zip(op.operands, sources, strict=True):
        assert source is not None
        kind, value = source
        if kind == "splat":
            assert isinstance(value, SSAValue)
            scalars.append(value)
            continue
        elem = element_type(operand.type)
        assert not isinstance(value, SSAValue)
        constant = create_constant(ctx, scalar_attr(value, elem), elem)
        rewriter.insert(constant)
        scalars.append(constant.results[0])
    _rebuild(rewriter, op, scalars, [element_type(r.type) for r in op.results], "tt.splat")
    return True


def move_broadcast_after_elementwise(op: Operation, rewriter: PatternRewriter) -> bool:
    """elementwise(broadcast(a), splat(b)) -> broadcast(elementwise(a, splat'(b)))."""
    if not _movable(op):
        return False
    source_type: TensorType | None = None
    for operand in op.operands:
        owner = operand.owner
        if isinstance(owner, tt.BroadcastOp):
            src_type = owner.operands[0].type
            assert isinstance(src_type, TensorType)
            if source_type is None:
                source_type = src_type
            elif src_type.get_shape() != source_type.get_shape():
                return False
        elif _splat_source(operand) is None:
            return False
    if source_type is None:
        return False
    ctx = active_context()
    shape, encoding = source_type.get_shape(), source_type.encoding

    def reshaped(type_: Attribute) -> TensorType:
        return TensorType(element_type(type_), shape, encoding)

    operands: list[SSAValue] = []
    for operand in op.operands:
        owner = operand.owner
        assert isinstance(owner, Operation)
        if isinstance(owner, tt.BroadcastOp):
            operands.append(owner.operands[0])
            continue
        new_type = reshaped(operand.type)
        if isinstance(owner, tt.SplatOp):
            new = tt.SplatOp(owner.operands[0], new_type)
        else:
            value = splat_scalar(constant_value(operand))
            assert value is not None
            new = create_constant(ctx, scalar_attr(value, new_type), new_type)
        rewriter.insert(new)
        operands.append(new.results[0])
    _rebuild(rewriter, op, operands, [reshaped(r.type) for r in op.results], "tt.broadcast")
    return True


def apply_reorder_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    if isinstance(op, (tt.BroadcastOp, tt.ExpandDimsOp)):
        rules = rules_for(op.name)
        return rules is not None and any(fn(op, rewriter) for fn in rules.patterns)
    return move_splat_after_elementwise(op, rewriter) or move_broadcast_after_elementwise(
        op, rewriter
    )


class TritonReorderBroadcastPass(
    TtcPass, name="triton-reorder-broadcast", summary="Move elementwise ops before broadcast and splat"
):
    """Move elementwise ops ahead of splats and broadcasts."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, apply_reorder_patterns)
