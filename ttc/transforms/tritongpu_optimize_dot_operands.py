"""`tritongpu-optimize-dot-operands`: let shared memory do the transposes of dot operands.

Mirrors Triton 3.6's OptimizeDotOperands.cpp for the mma.sync (MMA v2) and wgmma (MMA v3) paths
ttc lowers:

1. The canonicalizer runs over the module.
2. Under the greedy driver (bottom-up), with Triton's `ConvertLayoutOp` canonicalization patterns:
   `SwizzleShmemConvert` rewrites a conversion into a dot operand layout, whose only use is a
   `tt.dot`, of a `tt.trans` with order [1, 0]:

       cvt(trans(x)) #dot_op   ->   cvt(local_load(memdesc_trans(local_alloc(x))))

   The buffer gets the swizzle of the dot operand computed for the transposed read (`needTrans`),
   from `x`'s memory order (`x`'s source when `x` is itself a conversion), with `x`'s CTA layout
   permuted by the transpose, as Triton does; the outer conversion then folds away, and the
   `tt.trans` goes when nothing else uses it.
   `FuseTransMMAV3Plus` folds a transpose into the shared-memory operand of a wgmma (or tcgen05
   MMA), which reads either order:

       warp_group_dot(local_alloc(trans(x)) #nvmma)  ->  warp_group_dot(memdesc_trans(local_alloc(x)))

   the new buffer's encoding being the transposed view's (`transposed` flipped, CTA layout
   permuted).
   `ReshapeMemDesc` moves a reshape into shared memory the same way, where the buffer of the
   unreshaped tensor can keep the `#ttg.nvmma_shared` swizzle:

       local_alloc(reshape(x)) #nvmma  ->  memdesc_reshape(local_alloc(x) #nvmma)

   The conversion canonicalizations then fuse conversions into `ttg.local_alloc`s and
   `ttg.local_store`s, among others.

Not mirrored: `UseShmemForScales` (block scales of tcgen05 scaled MMAs, which ttc does not
produce). Of the conversion canonicalizations, those of `tt.split` and `ttng.tmem_store` are
missing as everywhere in ttc (no split layout inference, no tensor memory).
`hoist-layout-conversion` is accepted for Triton's pipelines; Triton 3.6 does not read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, TensorType, i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import (
    DotOperandEncodingAttr,
    NVMMASharedEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.layout_inference import (
    infer_memdesc_reshape_nvmma,
    infer_trans_encoding,
    permute_cta_layout,
    permute_swizzled_shared,
)
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.shared_swizzle import order_for_memory, swizzled_shared_for_dot_operand
from ttc.ir.diagnostics import op_error
from ttc.ir.values import defined_by
from ttc.layouts.linear import LayoutError
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.canonicalize import CanonicalizePass
from ttc.transforms.mma_v3_layout import MMA_V3_PLUS_OPS
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import GreedyConfig, apply_patterns_greedily
from ttc.transforms.patterns.ttg import CONVERT_LAYOUT_CANONICALIZATION
from ttc.transforms.utils import create_op
from ttc.transforms.utils import trans_order


def transposed_shared(
    encoding: SwizzledSharedEncodingAttr, order: Sequence[int]
) -> SwizzledSharedEncodingAttr:
    """Triton's `inferTransOpEncoding` for a swizzled shared encoding: same swizzle, order and
    CTA layout permuted."""
    return permute_swizzled_shared(encoding, order, permute_cta_layout(encoding.cta_layout, order))


def swizzle_shared_memory_convert(cvt: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `SwizzleShmemConvert`: transpose a dot operand through shared memory."""
    uses = list(cvt.results[0].uses)
    if len(uses) != 1 or not isinstance(uses[0].operation, tt.DotOp):
        return False
    trans = defined_by(cvt.operands[0], tt.TransOp)
    if trans is None or trans_order(trans) != [1, 0]:
        return False
    source = trans.operands[0]
    inner = defined_by(source, ttg.ConvertLayoutOp)
    layout_source = (inner.operands[0] if inner is not None else source).type
    load_type = cvt.results[0].type
    assert isinstance(layout_source, TensorType) and isinstance(load_type, TensorType)
    dot = load_type.encoding
    if not isinstance(dot, DotOperandEncodingAttr):
        return False
    shape = layout_source.get_shape()
    try:
        memory_order = order_for_memory(layout_source)
    except LayoutError as error:
        raise op_error(trans, f"cannot order the transposed operand in shared memory: {error}") from error
    cta = permute_cta_layout(cta_layout_of(layout_source.encoding, len(shape)), [1, 0])
    shared = swizzled_shared_for_dot_operand(
        dot, shape, memory_order, cta, layout_source.get_element_type(), need_trans=True
    )
    element = layout_source.get_element_type()
    buffer_type = MemDescType.make(shape, element, shared)
    view_type = MemDescType.make(shape[::-1], element, transposed_shared(shared, [1, 0]))
    ctx = active_context()
    alloc = ttg.LocalAllocOp(buffer_type, source)
    order = DenseArrayBase.from_list(i32, [1, 0])
    view = create_op(ctx, "ttg.memdesc_trans", [alloc.results[0]], [view_type], {"order": order})
    load = ttg.LocalLoadOp(view.results[0], load_type)
    for op in (alloc, view, load):
        rewriter.insert_op(op, InsertPoint.before(trans))
    cvt.operands = [load.results[0]]
    rewriter.notify_op_modified(cvt)
    return True


def _allocate_before(rewriter: PatternRewriter, alloc: Operation, source: SSAValue, buffer: MemDescType) -> SSAValue:
    """A new `ttg.local_alloc` of `source` into `buffer`, right before `alloc`."""
    new_alloc = ttg.LocalAllocOp(buffer, source)
    rewriter.insert(new_alloc, InsertPoint.before(alloc))
    return new_alloc.results[0]


def fuse_trans_into_mma_operand(alloc: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `FuseTransMMAV3Plus`: a transpose read by a wgmma or tcgen05 MMA from shared
    memory becomes a transposed view of the buffer."""
    uses = list(alloc.results[0].uses)
    if not alloc.operands or len(uses) != 1 or not isinstance(uses[0].operation, MMA_V3_PLUS_OPS):
        return False
    trans = defined_by(alloc.operands[0], tt.TransOp)
    if trans is None or trans_order(trans) != [1, 0]:
        return False
    alloc_type = alloc.results[0].type
    source_type = trans.operands[0].type
    assert isinstance(alloc_type, MemDescType) and isinstance(source_type, TensorType)
    shape = source_type.get_shape()
    inner = infer_trans_encoding(alloc_type.encoding, shape, [1, 0])
    if inner is None:
        return False
    buffer = MemDescType.make(shape, source_type.get_element_type(), inner, alloc_type.memory_space)
    order = DenseArrayBase.from_list(i32, [1, 0])
    new_buffer = _allocate_before(rewriter, alloc, trans.operands[0], buffer)
    rewriter.replace(alloc, create_op(active_context(), "ttg.memdesc_trans", [new_buffer], [alloc_type], {"order": order}))
    return True


def reshape_in_shared_memory(alloc: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `ReshapeMemDesc`: an allocation of a reshape becomes a reshaped view of an
    allocation of its source, when that buffer keeps an `#ttg.nvmma_shared` layout."""
    if not alloc.operands:
        return False
    reshape = defined_by(alloc.operands[0], tt.ReshapeOp)
    alloc_type = alloc.results[0].type
    if reshape is None or not isinstance(alloc_type, MemDescType):
        return False
    if not isinstance(alloc_type.encoding, NVMMASharedEncodingAttr):
        return False
    source_type = reshape.operands[0].type
    assert isinstance(source_type, TensorType)
    shape = source_type.get_shape()
    inner = infer_memdesc_reshape_nvmma(alloc_type.get_shape(), alloc_type.encoding, shape)
    if inner is None:
        return False
    prefix = alloc_type.get_alloc_shape()[: len(alloc_type.get_alloc_shape()) - len(alloc_type.get_shape())]
    buffer = MemDescType.make(
        shape, alloc_type.element_type, inner, alloc_type.memory_space, alloc_type.is_mutable, (*prefix, *shape)
    )
    new_buffer = _allocate_before(rewriter, alloc, reshape.operands[0], buffer)
    rewriter.replace_op(alloc, create_op(active_context(), "ttg.memdesc_reshape", [new_buffer], [alloc_type]))
    return True


def dot_operand_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    """The pass's pattern set: `SwizzleShmemConvert`, `FuseTransMMAV3Plus`, `ReshapeMemDesc`,
    then the conversion canonicalizations."""
    if isinstance(op, ttg.ConvertLayoutOp) and swizzle_shared_memory_convert(op, rewriter):
        return True
    if isinstance(op, ttg.LocalAllocOp) and (
        fuse_trans_into_mma_operand(op, rewriter) or reshape_in_shared_memory(op, rewriter)
    ):
        return True
    return any(fn(op, rewriter) for fn in CONVERT_LAYOUT_CANONICALIZATION.get(op.name, ()))


class TritonGPUOptimizeDotOperandsPass(
    TtcPass,
    name="tritongpu-optimize-dot-operands",
    summary="Fuse transpositions of dot operands into shared-memory loads",
):
    """Canonicalize, then move transposes of mma.sync operands into shared-memory reads."""

    hoist_layout_conversion: bool = field(
        default=True, metadata={"help": "accepted for Triton's pipelines; no effect in 3.6"}
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        CanonicalizePass().apply(ctx, op)
        apply_patterns_greedily(ctx, op.body, dot_operand_patterns, GreedyConfig(top_down=False))
