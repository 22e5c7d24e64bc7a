"""`tritongpu-coalesce-async-copy`: narrow the per-thread run of an async copy's source to what
one `cp.async` can write.

Mirrors Triton 3.6's CoalesceAsyncCopy.cpp, one pattern under the greedy driver (bottom-up). For a
`ttg.async_copy_global_to_local` whose source has a `#ttg.blocked` layout and whose destination
a `#ttg.swizzled_shared` one:

- the copy size is the number of consecutive elements the register layout of the source maps to
  consecutive shared-memory elements (registers inverted and composed with the shared layout of
  the allocation's trailing shape);
- the thread's run along the blocked layout's fastest dimension (`getContigPerThread`) is
  compared with it; a longer run would be split into several copies of one global segment, so
  that dimension's run is clipped to the copy size and a new blocked layout is built from the
  shape with these runs as `sizePerThread` (same order, the module's warps and threads per warp,
  the same CTA layout);
- the source pointers, and the mask and other values when present, get a `ttg.convert_layout`
  to the new layout right before the copy, which then takes them.

Triton builds this for an operand that is upcast in registers before a dot, where the shared
vector is narrower than the global one (int8 loaded for bf16, say).
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, SwizzledSharedEncodingAttr, ints
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType, lookup_threads_per_warp
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.layouts.order import contig_per_thread
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.greedy import GreedyConfig, apply_patterns_greedily
from ttc.transforms.tritongpu_utils import blocked_for_shape


def copy_contiguity(source: TensorType, destination: MemDescType) -> int | None:
    """Elements one thread can copy at once: registers of `source` that stay consecutive in the
    shared layout of `destination`'s allocation; None when the allocation's trailing shape is not
    the source's (a copy into a subslice, which ttc does not trim)."""
    shape = source.get_shape()
    alloc = destination.get_alloc_shape()[-len(shape) :]
    if tuple(alloc) != tuple(shape):
        return None
    registers = to_linear_layout(source.encoding, shape)
    shared = to_linear_layout(destination.encoding, alloc)
    return registers.invert_and_compose(shared).get_num_consecutive_in_out()


def clip_async_copy_size_per_thread(op: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `ClipAsyncCopySizePerThread`."""
    if not isinstance(op, ttg.AsyncCopyGlobalToLocalOp):
        return False
    source, destination = op.operands[0], op.operands[1]
    source_type, destination_type = source.type, destination.type
    if not isinstance(source_type, TensorType) or not isinstance(destination_type, MemDescType):
        return False
    blocked = source_type.encoding
    if not isinstance(blocked, BlockedEncodingAttr):
        return False
    if not isinstance(destination_type.encoding, SwizzledSharedEncodingAttr):
        return False
    copy_size = copy_contiguity(source_type, destination_type)
    if copy_size is None:
        return False
    shape = source_type.get_shape()
    contig = list(contig_per_thread(to_linear_layout(blocked, shape)))
    order = ints(blocked.order)
    if contig[order[0]] <= copy_size:
        return False
    contig[order[0]] = copy_size
    clipped = blocked_for_shape(
        shape,
        contig,
        order,
        lookup_num_warps(op),
        lookup_threads_per_warp(op),
        blocked.cta_layout,
    )
    def converted(value: SSAValue) -> SSAValue:
        value_type = value.type
        assert isinstance(value_type, TensorType)
        new_type = TensorType(value_type.element_type, value_type.get_shape(), clipped)
        convert = ttg.ConvertLayoutOp(value, new_type)
        convert.location = op.location
        rewriter.insert(convert)
        return convert.results[0]

    mask, other = getattr(op, "mask"), getattr(op, "other")
    new_source = converted(source)
    new_mask = converted(mask) if mask is not None else None
    new_other = converted(other) if other is not None else None
    operands = [new_source, destination]
    operands += [new_mask] if new_mask is not None else []
    operands += [new_other] if new_other is not None else []
    op.operands = operands
    rewriter.notify_op_modified(op)
    return True


class TritonGPUCoalesceAsyncCopy(
    TtcPass, name="tritongpu-coalesce-async-copy", summary="Improve coalescing for async global to local copies"
):
    """Clip the source's per-thread run of async copies to the shared layout's copy size."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, clip_async_copy_size_per_thread, GreedyConfig(top_down=False))
