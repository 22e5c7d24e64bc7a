"""`tritongpu-reduce-data-duplication`: stage register → dot-operand conversions through shared memory.

Mirrors Triton's ReduceDataDuplication.cpp. A dot-operand layout holds many copies of each element
(every warp along the other matrix dimension reads the same K slice), so a `ttg.convert_layout`
into `#ttg.dot_op` that cannot be done in registers or with warp shuffles becomes an explicit
`ttg.local_alloc` of the source into a swizzled shared buffer followed by a `ttg.local_load` into
the dot-operand layout. The buffer's order is `getOrderForMemory` of the source and its swizzle
comes from `ttc.dialects.ttg.shared_swizzle` (Triton's dot-operand `SwizzledSharedEncodingAttr`
builder), with the source's CTA layout.

Left alone, as in Triton 3.6: conversions out of shared encodings, conversions to any other layout,
and conversions that only move registers or lanes (`cvtNeedsSharedMemory` is false). Triton 3.6
stages an operand whatever its size (the 96 KiB cap of later releases is not in it).
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Operation

from ttc.analysis.lowering_helpers import ConversionKind, conversion_kind, tensor_layout
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, SharedEncoding
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.shared_swizzle import order_for_memory, swizzled_shared_for_dot_operand
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass

def needs_shared_memory(src: TensorType[Attribute], dst: TensorType[Attribute]) -> bool:
    """Triton's `cvtNeedsSharedMemory`: the conversion moves data between warps."""
    return conversion_kind(tensor_layout(src), tensor_layout(dst)) is ConversionKind.SHARED_MEMORY


def stage_through_shared_memory(cvt: Operation) -> bool:
    """Rewrite one `ttg.convert_layout` into `local_alloc` + `local_load` when Triton would."""
    src, dst = cvt.operands[0].type, cvt.results[0].type
    if not isinstance(src, TensorType) or not isinstance(dst, TensorType):
        return False
    if isinstance(src.encoding, SharedEncoding):
        return False
    dot = dst.encoding
    if not isinstance(dot, DotOperandEncodingAttr) or not needs_shared_memory(src, dst):
        return False
    shape = src.get_shape()
    shared = swizzled_shared_for_dot_operand(
        dot, shape, order_for_memory(src), cta_layout_of(src.encoding, len(shape)),
        src.get_element_type(),
    )
    memdesc = MemDescType.make(dst.get_shape(), dst.get_element_type(), shared)
    alloc = ttg.LocalAllocOp(memdesc, cvt.operands[0])
    load = ttg.LocalLoadOp(alloc.results[0], dst)
    block = cvt.parent
    assert block is not None
    block.insert_ops_before([alloc, load], cvt)
    cvt.results[0].replace_all_uses_with(load.results[0])
    block.erase_op(cvt)
    return True


class TritonGPUReduceDataDuplicationPass(
    TtcPass,
    name="tritongpu-reduce-data-duplication",
    summary="Stage blocked -> dot_op conversions through shared memory",
):
    """Convert to dot-operand layouts through a swizzled shared-memory buffer."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        conversions = [o for o in walk(op) if isinstance(o, ttg.ConvertLayoutOp)]
        for cvt in conversions:
            stage_through_shared_memory(cvt)
