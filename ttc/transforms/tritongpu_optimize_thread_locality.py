"""`tritongpu-optimize-thread-locality`: keep reductions inside threads where a loop allows it.

Mirrors Triton 3.6's OptimizeThreadLocality.cpp, three rewrites:

1. **Reshapes feeding a reduction.** A `tt.reshape ... allow_reorder` whose reduce users all reduce
   one axis gets the default blocked layout with that axis slowest (`sizePerThread` all 1, the
   source order with the axis moved last), marked `efficient_layout`, and a `ttg.convert_layout`
   back to the old type; skipped when the layout already keeps the axis in one thread, when nothing
   changes, or when the view would be expensive (`isExpensiveView`: different broadcasting or a
   different number of registers per thread).
2. **Gathers.** A `tt.gather` (rank > 1, not yet `efficient_layout`) gets a warp-local blocked
   layout: as many lanes as possible along the gather axis, the rest spread in thread order, one
   warp along the axis and the rest in warp order; source, indices and result convert around it.
3. **Accumulating reductions.** In `scf.for` loops of the shape `acc = acc <op> reduce(load(...))`
   with a splat-constant initial `acc`, a reduction over the innermost axis of a rank>1 blocked
   tensor with more than one element per thread along that axis, combined by `addf`, `mulf`,
   `maximumf`, `maxnumf`, `minimumf` or `minnumf`: the loop gains an accumulator of shape
   `[..., N / e]` (e elements per thread on the axis) in the slice of a rank+1 blocked layout whose
   last dimension holds each thread's `e` elements. Inside the loop the loaded tensor is viewed as
   `[..., N / e, e]` (`tt.reshape allow_reorder efficient_layout`) and reduced over its last axis
   only, without leaving the thread; after the loop one reduction over the original axis, a
   convert back and the original update against the initial value give the result. The original
   reduction and update stay in the loop, dead (Triton leaves them to canonicalization), and the
   loop yields the untouched old accumulator.

Everything else is left alone exactly where Triton's pass returns early.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import prod

from xdsl.context import Context
from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    ModuleOp,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, CTALayout, ints
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import lookup_num_ctas, lookup_threads_per_warp
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.dialects.upstream import arith, scf
from ttc.ir.int_attrs import required_int_property
from ttc.ir.walk import walk
from ttc.layouts.order import elems_per_thread, layout_order, thread_order, warp_order
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.tritongpu_utils import (
    blocked_for_shape,
    cta_layout_for_shape,
    replace_for_op_with_new_signature,
    set_type,
    slice_encoding,
    with_encoding,
)
from ttc.transforms.utils import create_op

NEUTRAL_ELEMENTS: dict[type[Operation], float] = {
    xarith.AddfOp: 0.0,
    xarith.MulfOp: 1.0,
    xarith.MaximumfOp: -math.inf,
    xarith.MaxnumfOp: -math.inf,
    xarith.MinimumfOp: math.inf,
    xarith.MinnumfOp: math.inf,
}
"""The combiners the accumulation rewrite accepts, with the value that leaves the other operand
unchanged (MLIR's `arith::getNeutralElement`, with Triton's ±inf for maxnumf/minnumf)."""


def _tensor(value: SSAValue) -> TensorType[Attribute]:
    assert isinstance(value.type, TensorType)
    return value.type  # pyright: ignore[reportUnknownVariableType]


def single_cta_default(cta: CTALayout) -> CTALayout:
    """`cta`, or the default layout when the cluster is a single CTA: Triton 3.6 keeps CTA layouts
    as linear layouts, where the order of a one-CTA cluster means nothing (and is not printed)."""
    if prod(cta.ctas_per_cga) == 1:
        return CTALayout.default(len(cta.cta_order))
    return cta


def _insert_after(op: Operation, anchor: Operation) -> None:
    block = anchor.parent
    assert block is not None
    block.insert_op_after(op, anchor)


# --------------------------------------------------------------------------------------------
# 1. Reshapes feeding a reduction
# --------------------------------------------------------------------------------------------


def is_expensive_view(src: TensorType[Attribute], dst: TensorType[Attribute]) -> bool:
    """Triton's `isExpensiveView`: the two layouts broadcast differently or hold a different
    number of elements per thread."""
    src_layout = to_linear_layout(src.encoding, src.get_shape())
    dst_layout = to_linear_layout(dst.encoding, dst.get_shape())
    if src_layout.get_free_variable_masks() != dst_layout.get_free_variable_masks():
        return True
    return src_layout.in_dim_size("register") != dst_layout.in_dim_size("register")


def optimize_reshape_layout(view: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `OptimizeReshapeLayoutPattern` on one `tt.reshape`."""
    if "allow_reorder" not in view.properties:
        return False
    axes = {
        required_int_property(use.operation, "axis")
        for use in view.results[0].uses
        if isinstance(use.operation, tt.ReduceOp)
    }
    if len(axes) != 1:
        return False
    axis = axes.pop()
    tensor = _tensor(view.results[0])
    encoding = tensor.encoding
    if isinstance(encoding, BlockedEncodingAttr):
        cta = encoding.cta_layout
        if (ints(encoding.threads_per_warp)[axis], ints(encoding.warps_per_cta)[axis],
                cta.ctas_per_cga[axis]) == (1, 1, 1):  # fmt: skip
            return False
    shape = tensor.get_shape()
    order = [d for d in layout_order(to_linear_layout(encoding, shape)) if d != axis] + [axis]
    size_per_thread = [1] * len(shape)
    cta = single_cta_default(
        cta_layout_for_shape(shape, size_per_thread, order, lookup_num_ctas(view))
    )
    new_encoding = blocked_for_shape(
        shape,
        size_per_thread,
        order,
        lookup_num_warps(view),
        lookup_threads_per_warp(view),
        cta,
    )
    if new_encoding == encoding:
        return False
    new_type = with_encoding(tensor, new_encoding)
    assert isinstance(new_type, TensorType)
    if is_expensive_view(_tensor(view.operands[0]), new_type):  # pyright: ignore[reportUnknownArgumentType]
        return False
    set_type(view.results[0], new_type)
    view.properties["efficient_layout"] = UnitAttr()
    rewriter.notify_op_modified(view)
    cvt = ttg.ConvertLayoutOp(view.results[0], tensor)
    rewriter.insert(cvt, InsertPoint.after(view))
    rewriter.replace_uses_with_if(view.results[0], cvt.results[0], lambda use: use.operation is not cvt)
    return True


# --------------------------------------------------------------------------------------------
# 2. Gathers
# --------------------------------------------------------------------------------------------


def warp_local_gather_encoding(
    src: TensorType[Attribute], axis: int, num_warps: int, lanes: int
) -> BlockedEncodingAttr:
    """Triton's `setOptimizedGatherLayout` layout: the gather axis inside each warp (Triton 3.6
    sizes the axis by the source alone; the indices share the layout, broadcasting as needed)."""
    shape = src.get_shape()
    rank = len(shape)
    layout = to_linear_layout(src.encoding, shape)
    threads = [0] * rank
    warps = [0] * rank
    order = [axis]
    threads[axis] = min(shape[axis], lanes)
    threads_left = lanes // threads[axis]
    for dim in thread_order(layout):
        if dim == axis:
            continue
        order.append(dim)
        threads[dim] = min(shape[dim], threads_left)
        threads_left //= threads[dim]
    warps[axis] = 1
    warps_left = num_warps
    for dim in warp_order(layout):
        if dim == axis:
            continue
        warps[dim] = min(shape[dim] // threads[dim], warps_left)
        warps_left //= warps[dim]
    size_per_thread = [1] * rank
    size_per_thread[axis] = shape[axis] // threads[axis]
    threads[axis] *= threads_left
    warps[axis] *= warps_left
    return BlockedEncodingAttr.make(
        size_per_thread, threads, warps, order, single_cta_default(cta_layout_of(src.encoding, rank))
    )


def optimize_gather_layout(gather: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `OptimizeGatherLayoutPattern` on one `tt.gather`."""
    if "efficient_layout" in gather.properties:
        return False
    src = _tensor(gather.operands[0])
    if len(src.get_shape()) == 1:
        return False
    encoding = warp_local_gather_encoding(
        src, required_int_property(gather, "axis"), lookup_num_warps(gather),
        lookup_threads_per_warp(gather),
    )
    ctx = active_context()
    converted = []
    for operand in gather.operands:
        cvt = ttg.ConvertLayoutOp(operand, with_encoding(operand.type, encoding))
        rewriter.insert(cvt, InsertPoint.before(gather))
        converted.append(cvt.results[0])
    result = gather.results[0]
    old_type = result.type
    back = ttg.ConvertLayoutOp(result, old_type)
    rewriter.insert(back, InsertPoint.after(gather))
    rewriter.replace_uses_with_if(result, back.results[0], lambda use: use.operation is not back)
    for i, value in enumerate(converted):
        gather.operands[i] = value
    set_type(result, with_encoding(old_type, encoding))
    gather.properties["efficient_layout"] = UnitAttr()
    rewriter.notify_op_modified(gather)
    return True


def apply_layout_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    """The reshape and gather patterns, run by MLIR's greedy driver (which also folds and erases
    trivially dead ops across the module before the reduction rewrite looks at it)."""
    if isinstance(op, tt.ReshapeOp):
        return optimize_reshape_layout(op, rewriter)
    if isinstance(op, tt.GatherOp):
        return optimize_gather_layout(op, rewriter)
    return False


# --------------------------------------------------------------------------------------------
# 3. Accumulating reductions
# --------------------------------------------------------------------------------------------


def reduction_combiner(reduce: Operation) -> Operation | None:
    """Triton's `getReductionOp`: the single op of a one-block combiner region."""
    if len(reduce.regions) != 1 or len(reduce.regions[0].blocks) != 1:
        return None
    block = reduce.regions[0].blocks.first
    assert block is not None
    ops = list(block.ops)
    return ops[0] if len(ops) == 2 else None


def _accumulation_loop(reduce: Operation) -> Operation | None:
    """The `scf.for` of an accumulate-then-yield reduction Triton rewrites, else None."""
    combiner = reduction_combiner(reduce)
    if combiner is None or type(combiner) not in NEUTRAL_ELEMENTS:
        return None
    src = _tensor(reduce.operands[0])
    rank = len(src.get_shape())
    if not isinstance(src.encoding, BlockedEncodingAttr) or rank <= 1:
        return None
    if required_int_property(reduce, "axis") != rank - 1:
        return None
    if any(not isinstance(v.owner, tt.LoadOp) for v in reduce.operands):
        return None
    if elems_per_thread(to_linear_layout(src.encoding, src.get_shape()))[rank - 1] == 1:
        return None
    uses = list(reduce.results[0].uses)
    if len(reduce.results) != 1 or len(uses) != 1:
        return None
    update = uses[0].operation
    update_uses = [u for r in update.results for u in r.uses]
    if len(update_uses) != 1 or not isinstance(update_uses[0].operation, scf.YieldOp):
        return None
    loop = reduce.parent_op()
    if not isinstance(loop, scf.ForOp):
        return None
    init = loop.operands[3 + update_uses[0].index]
    if not isinstance(init.owner, arith.ConstantOp):
        return None
    accumulator = update.operands[1 - uses[0].index] if len(update.operands) == 2 else None
    body = loop.regions[0].blocks.first
    if not isinstance(accumulator, BlockArgument) or accumulator.block is not body:
        return None
    return loop


def locality_encoding(encoding: BlockedEncodingAttr, axis: int) -> BlockedEncodingAttr:
    """Triton's `getThreadLocalityOptimizedEncoding`: the blocked layout with a new innermost
    dimension holding each thread's elements of `axis`."""
    rank = len(encoding.size_per_thread.data)
    size_per_thread = [*ints(encoding.size_per_thread), ints(encoding.size_per_thread)[axis]]
    size_per_thread[axis] = 1
    cta = encoding.cta_layout
    return BlockedEncodingAttr.make(
        size_per_thread,
        [*ints(encoding.threads_per_warp), 1],
        [*ints(encoding.warps_per_cta), 1],
        [rank, *ints(encoding.order)],
        single_cta_default(
            CTALayout((*cta.ctas_per_cga, 1), (*cta.cta_split_num, 1), (*cta.cta_order, rank))
        ),
    )


def locality_shape(shape: Sequence[int], axis: int, per_thread: int) -> list[int]:
    """Triton's `getThreadLocalityOptimizedShape`: `[..., N / e, e]`."""
    new_shape = [*shape, per_thread]
    new_shape[axis] //= per_thread
    return new_shape


def _clone_with_types(op: Operation, mapping: dict[SSAValue, SSAValue], types: Sequence[Attribute]) -> Operation:
    clone = op.clone(value_mapper=mapping)
    for result, type_ in zip(clone.results, types):
        set_type(result, type_)
    return clone


def _reduced_type(tensor: TensorType[Attribute], axis: int) -> TensorType[Attribute]:
    """The result type `tt.reduce` infers over `axis`."""
    shape = [s for i, s in enumerate(tensor.get_shape()) if i != axis]
    return TensorType(tensor.get_element_type(), shape, slice_encoding(axis, tensor.encoding))


def localize_reduction(ctx: Context, reduce: Operation, loop: Operation) -> None:
    """Rewrite one accumulating reduction (see the module docstring, 3)."""
    src = _tensor(reduce.operands[0])
    shape = src.get_shape()
    rank, axis = len(shape), required_int_property(reduce, "axis")
    assert isinstance(src.encoding, BlockedEncodingAttr)
    per_thread = elems_per_thread(to_linear_layout(src.encoding, shape))[axis]
    encoding3d = locality_encoding(src.encoding, axis)
    view_type = TensorType(src.get_element_type(), locality_shape(shape, axis, per_thread), encoding3d)
    accum_type = _reduced_type(view_type, rank)
    use = next(iter(reduce.results[0].uses))
    update = use.operation
    accumulator = update.operands[1 - use.index]
    assert isinstance(accumulator, BlockArgument)
    iter_index = accumulator.index - 1
    old_init = loop.operands[3 + iter_index]
    init_op = old_init.owner
    assert isinstance(init_op, Operation)
    combiner = reduction_combiner(reduce)
    assert combiner is not None
    neutral = DenseIntOrFPElementsAttr.from_list(accum_type, [NEUTRAL_ELEMENTS[type(combiner)]])  # pyright: ignore[reportArgumentType]
    new_init = create_op(ctx, "arith.constant", [], [accum_type], {"value": neutral})
    _insert_after(new_init, init_op)

    new_loop = replace_for_op_with_new_signature(ctx, loop, [new_init.results[0]])
    body = new_loop.regions[0].blocks.first
    assert body is not None
    new_accumulator = body.args[-1]

    views: dict[SSAValue, SSAValue] = {}
    anchor = reduce
    for operand in reduce.operands:
        view = create_op(
            ctx, "tt.reshape", [operand], [view_type],
            {"allow_reorder": UnitAttr(), "efficient_layout": UnitAttr()},
        )
        _insert_after(view, anchor)
        views[operand] = view.results[0]
        anchor = view
    local = _clone_with_types(reduce, views, [accum_type])
    local.properties["axis"] = IntegerAttr(rank, i32)
    _insert_after(local, anchor)
    new_update = _clone_with_types(
        update,
        {update.operands[0]: new_accumulator, update.operands[1]: local.results[0]},
        [accum_type],
    )
    _insert_after(new_update, local)

    old_yield = body.last_op
    assert old_yield is not None
    yielded = list(old_yield.operands)
    yielded[iter_index] = body.args[accumulator.index]
    new_yield = scf.YieldOp(*yielded, new_update.results[0])
    body.insert_op_before(new_yield, old_yield)
    body.erase_op(old_yield)

    final_type = _reduced_type(accum_type, axis)
    post = _clone_with_types(reduce, {reduce.operands[0]: new_loop.results[-1]}, [final_type])
    _insert_after(post, new_loop)
    result = new_loop.results[iter_index]
    cvt = ttg.ConvertLayoutOp(post.results[0], result.type)
    _insert_after(cvt, post)
    final = _clone_with_types(
        update, {update.operands[0]: old_init, update.operands[1]: cvt.results[0]}, [result.type]
    )
    _insert_after(final, cvt)
    for old_use in list(result.uses):
        if old_use.operation is not final:
            old_use.operation.operands[old_use.index] = final.results[0]
    loop_block = loop.parent
    assert loop_block is not None
    loop_block.erase_op(loop)


class TritonGPUOptimizeThreadLocalityPass(
    TtcPass,
    name="tritongpu-optimize-thread-locality",
    summary="Thread-local partial reductions in accumulation loops; reshape/gather layouts",
):
    """Reduce within threads first: reshape/gather layouts, per-thread partial loop reductions."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, apply_layout_patterns)
        reduces = [
            o for o in walk(op) if isinstance(o, tt.ReduceOp) and _accumulation_loop(o) is not None
        ]
        for reduce in reduces:
            loop = reduce.parent_op()
            assert loop is not None
            localize_reduction(ctx, reduce, loop)
