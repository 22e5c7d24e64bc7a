"""Layout helpers shared by the TritonGPU passes (Triton's TritonGPU Dialect.cpp and Utility.cpp).

- `blocked_for_shape`, `cta_layout_for_shape`, `default_blocked`: the blocked-encoding builders,
  re-exported from `ttc.dialects.ttg.default_blocked` for the passes; `infer_reshape_encoding` and
  `reshape_decomposition` likewise from `ttc.dialects.ttg.layout_inference`.
- `infer_dst_encoding` / `infer_src_encoding`: how an encoding flows through an op forward and
  backward (elementwise and same-encoding ops keep it, `reduce` slices it, `expand_dims` undoes a
  slice, `trans` permutes it, `join`/`split`/`reshape` follow `ttc.dialects.ttg.layout_inference`, a gather's
  result has its indices' encoding).
- `can_fold_into_conversion`, `is_expensive_load_or_store`: the predicates layout propagation and
  rematerialization share.
- `with_encoding`, `set_type`: retyping values in place.
- `new_for_op`: an `scf.for` with new iter args taking over an old loop's body;
  `replace_for_op_with_new_signature` on top of it: extra iter args (Triton's
  `replaceForOpWithNewSignature`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntAttr,
    TensorType,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import PointerType, encoding_of, shape_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, SliceEncodingAttr
from ttc.dialects.ttg.default_blocked import (
    blocked_for_shape,
    cta_layout_for_shape,
    default_blocked,
)
from ttc.dialects.ttg.fp4 import Fp4ToFpOp
from ttc.dialects.ttg.layout_inference import (
    infer_fp4_to_fp_encoding,
    infer_join_encoding,
    infer_reshape_encoding,
    infer_split_encoding,
    infer_trans_encoding,
    reshape_decomposition,
)
from ttc.dialects.ttg.ops import lookup_threads_per_warp
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.upstream import arith, scf
from ttc.ir.int_attrs import required_int_property
from ttc.ir.values import splat_scalar
from ttc.layouts.permutation import inverse_permutation
from ttc.transforms.patterns.ttg import is_expensive_view
from ttc.transforms.utils import is_elementwise
from ttc.transforms.utils import trans_order

__all__ = [  # the builders and reshape helpers re-exported for the passes
    "blocked_for_shape",
    "cta_layout_for_shape",
    "default_blocked",
    "infer_reshape_encoding",
    "reshape_decomposition",
]


def with_encoding(type_: Attribute, encoding: Attribute) -> Attribute:
    """`type_` (a tensor) with `encoding`; scalars are returned unchanged."""
    if isinstance(type_, TensorType):
        return TensorType(type_.element_type, type_.get_shape(), encoding)
    return type_


def set_type(value: SSAValue, type_: Attribute) -> None:
    """Retype `value` in place (MLIR's `Value::setType`)."""
    value._type = type_  # pyright: ignore[reportPrivateUsage]


def retype_constant(op: Operation, type_: Attribute) -> None:
    """Give a splat `arith.constant` the tensor type `type_` (its dense value follows)."""
    attr = op.properties.get("value")
    if isinstance(attr, DenseIntOrFPElementsAttr) and isinstance(type_, TensorType):
        op.properties["value"] = DenseIntOrFPElementsAttr(type_, attr.data)  # pyright: ignore[reportArgumentType]
    set_type(op.results[0], type_)


# --------------------------------------------------------------------------------------------
# Encoding inference through ops
# --------------------------------------------------------------------------------------------

SAME_ENCODING_OPS = (
    tt.BroadcastOp,
    tt.AtomicRMWOp,
    tt.AtomicCASOp,
    tt.LoadOp,
    tt.StoreOp,
    scf.WhileOp,
    scf.YieldOp,
    scf.ConditionOp,
    ttng.WarpGroupDotWaitOp,
    tt.ScanOp,
)


def keeps_encoding(op: Operation) -> bool:
    """Ops whose results carry their operands' encoding (SameOperandsAndResultEncoding,
    SameLoadStoreOperandsAndResultEncoding, Elementwise, and the structured-control-flow
    terminators)."""
    return isinstance(op, SAME_ENCODING_OPS) or is_elementwise(op)


def slice_encoding(dim: int, parent: Attribute) -> SliceEncodingAttr:
    """`#ttg.slice<{dim, parent}>`."""
    return SliceEncodingAttr(IntAttr(dim), parent)  # pyright: ignore[reportArgumentType]


def infer_dst_encoding(op: Operation, encoding: Attribute) -> Attribute | None:
    """Triton's `inferDstEncoding`: the result encoding when the operands have `encoding`."""
    return _infer_across(op, encoding, forward=True)


def infer_src_encoding(op: Operation, encoding: Attribute) -> Attribute | None:
    """Triton's `inferSrcEncoding`: the operand encoding that gives results `encoding`."""
    return _infer_across(op, encoding, forward=False)


def _infer_across(op: Operation, encoding: Attribute, forward: bool) -> Attribute | None:
    """The encoding on the other side of `op` when the operands (`forward`) or the results have
    `encoding`: a reduction going forward is an expand_dims going back, a join a split, and a
    transpose is undone by its inverse order."""
    if isinstance(op, tt.ScanOp) and not isinstance(encoding, BlockedEncodingAttr):
        return None  # a scan is only lowered in a blocked layout
    if keeps_encoding(op) or isinstance(op, tt.GatherOp):
        # A gather's result has the encoding of the indices (Triton assumes `encoding` is theirs).
        return encoding
    adds_slice, drops_slice = (tt.ReduceOp, tt.ExpandDimsOp) if forward else (tt.ExpandDimsOp, tt.ReduceOp)
    if isinstance(op, adds_slice):
        return slice_encoding(required_int_property(op, "axis"), encoding)
    if isinstance(op, drops_slice):
        if isinstance(encoding, SliceEncodingAttr) and encoding.dim.data == required_int_property(op, "axis"):
            return encoding.parent
        return None
    if not isinstance(op, tt.TransOp | tt.JoinOp | tt.SplitOp | tt.ReshapeOp | Fp4ToFpOp):
        return None
    known, other = (op.operands[0], op.results[0]) if forward else (op.results[0], op.operands[0])
    if isinstance(op, tt.TransOp):
        order = trans_order(op)
        return infer_trans_encoding(encoding, shape_of(known.type), order if forward else inverse_permutation(order))
    if isinstance(op, tt.JoinOp if forward else tt.SplitOp):
        return infer_join_encoding(encoding, shape_of(known.type))
    if isinstance(op, tt.SplitOp if forward else tt.JoinOp):
        return infer_split_encoding(encoding, shape_of(known.type))
    if isinstance(op, tt.ReshapeOp):
        return _infer_reshape(op, known, other, encoding)
    return infer_fp4_to_fp_encoding(encoding, shape_of(known.type), required_int_property(op, "axis"), forward=forward)


def _infer_reshape(op: Operation, src: SSAValue, dst: SSAValue, encoding: Attribute) -> Attribute | None:
    """Through a reshape from `src` (in `encoding`) to `dst` (Triton's `inferReshapeOpEncoding`
    with the hint of `dst`'s current encoding): a reshape that may reorder keeps that encoding
    when reaching it moves no data between threads; otherwise the renaming layout."""
    hint = encoding_of(dst.type)
    if (
        "allow_reorder" in op.properties
        and hint is not None
        and not is_expensive_view(with_encoding(src.type, encoding), dst.type)
    ):
        return hint
    return infer_reshape_encoding(shape_of(src.type), encoding, shape_of(dst.type))


def is_splat_constant(op: Operation) -> bool:
    """An `arith.constant` holding a splat dense value."""
    attr = op.properties.get("value")
    return isinstance(attr, DenseIntOrFPElementsAttr) and splat_scalar(attr) is not None


def can_fold_into_conversion(op: Operation, target: Attribute) -> bool:
    """Triton's `canUseResultEncoding`: ops that produce `target` as cheaply as their own layout;
    a reshape that may reorder (without a fixed layout) when its view stays cheap."""
    if isinstance(op, ttg.ConvertLayoutOp):
        return True
    if isinstance(op, tt.ReshapeOp):
        return (
            "allow_reorder" in op.properties
            and "efficient_layout" not in op.properties
            and not is_expensive_view(op.operands[0].type, with_encoding(op.results[0].type, target))
        )
    if isinstance(op, arith.ConstantOp):
        return is_splat_constant(op)
    return isinstance(op, (tt.MakeRangeOp, tt.SplatOp, tt.HistogramOp, ttg.LocalLoadOp))


def is_expensive_load_or_store(op: Operation) -> bool:
    """Triton's `isExpensiveLoadOrStore`: a load/store of a tensor of pointers with at least
    as many elements as the CTA has threads."""
    ptr_type = op.operands[0].type
    if isinstance(ptr_type, PointerType) and isinstance(ptr_type.pointee_type, TensorType):
        return True
    if not isinstance(ptr_type, TensorType):
        return False
    elements = 1
    for size in shape_of(ptr_type):
        elements *= size
    if elements == 1:
        return False
    num_warps = lookup_num_warps(op)
    threads = lookup_threads_per_warp(op)
    return elements >= num_warps * threads


def new_for_op(
    ctx: Context, loop: Operation, inits: Sequence[SSAValue], result_types: Sequence[Attribute]
) -> Operation:
    """A new `scf.for` before `loop` with `loop`'s bounds and step, iter args `inits` and results
    `result_types`, taking over `loop`'s body: the body gets the induction variable and arguments
    of `result_types`, and names carry over to the new arguments and results. No uses are
    replaced: the caller maps `loop`'s arguments and results, and erases it."""
    old_body = loop.regions[0].blocks.first
    assert old_body is not None and loop.parent is not None
    body = Block(arg_types=[old_body.args[0].type, *result_types])
    new_loop = scf.ForOp.create(
        operands=[*loop.operands[:3], *inits],
        result_types=list(result_types),
        properties=dict(loop.properties),
        attributes=dict(loop.attributes),
        regions=[Region([body])],
    )
    for op in list(old_body.ops):
        old_body.detach_op(op)
        body.add_op(op)
    for old_arg, new_arg in zip(old_body.args, body.args):
        new_arg.name_hint = old_arg.name_hint
    for old_result, new_result in zip(loop.results, new_loop.results):
        new_result.name_hint = old_result.name_hint
    loop.parent.insert_op_before(new_loop, loop)
    return new_loop


def replace_for_op_with_new_signature(ctx: Context, loop: Operation, extra_inits: Sequence[SSAValue]) -> Operation:
    """Triton's `replaceForOpWithNewSignature`: a new `scf.for` before `loop` carrying `loop`'s
    iter args plus `extra_inits` (appended), with `loop`'s body moved into it and `loop`'s results
    replaced by the new loop's leading results. `loop` is left empty for the caller to erase; the
    body's terminator still yields the old values."""
    old_body = loop.regions[0].blocks.first
    assert old_body is not None
    extra_types = [v.type for v in extra_inits]
    new_loop = new_for_op(ctx, loop, [*loop.operands[3:], *extra_inits], [*loop.result_types, *extra_types])
    body = new_loop.regions[0].blocks.first
    assert body is not None
    for old_arg, new_arg in zip(old_body.args, body.args):
        old_arg.replace_all_uses_with(new_arg)
    for old_result, new_result in zip(loop.results, new_loop.results):
        old_result.replace_all_uses_with(new_result)
    return new_loop
