"""How `tritongpu-accelerate-matmul` lays a dot out for Hopper's wgmma (MMA v3).

Mirrors the MMA v3 parts of Triton 3.6's AccelerateMatmul.cpp and TritonGPU Utility.cpp:

- `mma_v3_instr_shape` (`mmaVersionToInstrShape` for version 3): `[16, n, k]` with `k` 256 bits
  of the operand type and `n` the widest wgmma width (multiples of 8 up to 256; for i8 at most
  224, in steps of 16 above 32) that divides N and does not exceed the N a warp group covers
  once the warp groups have been spread over M in 16-row steps;
- `mma_v3_warps_per_cta` (`warpsPerTileV3`): every warp along M when a dot consumes the result
  (flash attention's chained dots, whose row reductions then stay inside a warp); otherwise warp
  groups of 4 x 1 warps, doubled along M while M is not yet covered by 16-row warps, else along N;
- `comes_from_load_or_block_arg` (`comesFromLoadOrBlockArg`): whether an operand, seen through
  layout conversions, transposes and shared-memory views, is loaded from global memory or is a
  block argument; such an A operand goes to shared memory, any other stays in registers;
- `shared_mma_operand` (`getSharedMemoryMMAOperand`): a `ttg.local_alloc` of the operand (seen
  through its layout conversions) into an `#ttg.nvmma_shared` buffer, right after the value is
  defined. wgmma transposes only 16-bit operands in shared memory; for the others the buffer is
  K-major (A in order [1, 0], B in order [0, 1]) and Triton's warning about the forced order is
  given when that differs from the operand's own order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerType,
    TensorType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from ttc.analysis.membar_slices import VIEW_OPS as MEMDESC_VIEW_OPS
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.descriptor import DescriptorGatherOp
from ttc.dialects.tt.ops import DotOpInterface
from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import NVMMASharedEncodingAttr
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.shared_swizzle import order_for_memory
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.ttng.mma import TCGen5MMAOp, TCGen5MMAScaledOp
from ttc.ir.diagnostics import emit_warning, op_error
from ttc.ir.traits import has_trait
from ttc.ir.walk import walk
from ttc.layouts.linear import LayoutError
from ttc.transforms.utils import value_location

MMA_V3_PLUS_OPS = (ttng.WarpGroupDotOp, TCGen5MMAOp, TCGen5MMAScaledOp)
"""The MMAs that read operands from shared memory in either order (wgmma, tcgen05)."""

WGMMA_N_FLOAT = tuple(range(256, 0, -8))
"""The N a wgmma takes for 16-bit, fp8 and tf32 operands, widest first."""

WGMMA_N_INT8 = (224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 24, 16, 8)
"""The N a wgmma takes for i8 operands, widest first: steps of 16 from 224 down to 32, then 24,
16 and 8."""

WGMMA_M = 16
"""The rows of one warp's share of a wgmma."""

WARP_GROUP = (4, 1)
"""The warps of one warp group, the smallest unit of an MMA v3 `warpsPerCTA`."""

LOAD_OPS = (tt.LoadOp, tt.DescriptorLoadOp, DescriptorGatherOp)


def mma_v3_instr_shape(shape: Sequence[int], element: Attribute, num_warps: int) -> tuple[int, int, int]:
    """Triton's `mmaVersionToInstrShape(3, shape, eltType, numWarps)` for a 2-D per-CTA shape
    whose M is a multiple of 64 and N a multiple of 8 (what `supports_mma(dot, 3)` checks)."""
    k = 256 // bit_width(element)
    if isinstance(element, IntegerType) and element.width.data == 8:
        widths: Sequence[int] = WGMMA_N_INT8
    elif isinstance(element, (Float8E5M2Type, Float8E4M3FNType, Float8E4M3FNUZType, Float16Type,
                              BFloat16Type, Float32Type)):
        widths = WGMMA_N_FLOAT
    else:
        widths = ()
    m_warps = max(shape[0] // WGMMA_M, 1)
    n_warps = max(num_warps // m_warps, 1)
    max_n = max(shape[1] // n_warps, 8)
    for n in widths:
        if shape[1] % n == 0 and n <= max_n:
            return (WGMMA_M, n, k)
    raise ValueError(f"no wgmma instruction shape for a {shape[0]}x{shape[1]} {element} dot")


def forward_slice(value: SSAValue) -> Iterator[Operation]:
    """MLIR's `getForwardSlice(value)`: the users of `value`, the ops nested in them, and
    transitively the users of all their results."""
    seen: set[Operation] = set()
    work = [use.operation for use in value.uses]
    while work:
        op = work.pop()
        if op in seen:
            continue
        seen.add(op)
        yield op
        for nested in walk(op):
            if nested is not op:
                work.append(nested)
            work.extend(use.operation for result in nested.results for use in result.uses)


def mma_v3_warps_per_cta(
    dot: Operation, shape: Sequence[int], num_warps: int, instr_shape: Sequence[int]
) -> tuple[int, int]:
    """Triton's `warpsPerTileV3`."""
    if any(has_trait(op, DotOpInterface) for op in forward_slice(dot.results[0])):
        return (num_warps, 1)
    warps = list(WARP_GROUP)
    while warps[0] * warps[1] < num_warps:
        if shape[0] > WGMMA_M * warps[0]:
            warps[0] *= 2
        else:
            warps[1] *= 2
    return (warps[0], warps[1])


def comes_from_load_or_block_arg(value: SSAValue) -> bool:
    """Triton's `comesFromLoadOrBlockArg`."""
    while isinstance(value.owner, Operation):
        op = value.owner
        if isinstance(op, (ttg.ConvertLayoutOp, tt.TransOp, *MEMDESC_VIEW_OPS)):
            value = op.operands[0]
            continue
        break
    owner = value.owner
    return isinstance(value, BlockArgument) or (isinstance(owner, LOAD_OPS))


def strip_converts(value: SSAValue) -> SSAValue:
    """`value` seen through the `ttg.convert_layout`s that produce it."""
    while isinstance(value.owner, ttg.ConvertLayoutOp):
        value = value.owner.operands[0]
    return value


def _after_definition(value: SSAValue) -> InsertPoint:
    """MLIR's `setInsertionPointAfterValue`: after the defining op, or at the block's start."""
    if isinstance(value, BlockArgument):
        return InsertPoint.at_start(value.block)
    assert isinstance(value.owner, Operation)
    return InsertPoint.after(value.owner)


def shared_mma_operand(
    value: SSAValue, rewriter: PatternRewriter, op_idx: int, allow_transpose: bool, dot: Operation
) -> SSAValue:
    """Triton's `getSharedMemoryMMAOperand` (no fp4 padding, no forced transpose): operand
    `op_idx` of `dot` stored into an `#ttg.nvmma_shared` buffer."""
    source = strip_converts(value)
    type_ = source.type
    assert isinstance(type_, TensorType)
    try:
        order = order_for_memory(type_)
    except LayoutError as error:
        raise op_error(dot, f"cannot order operand {op_idx} of this dot in shared memory: {error}") from error
    new_order = order if allow_transpose else ((0, 1) if op_idx == 1 else (1, 0))
    if tuple(new_order) != tuple(order):
        emit_warning(
            dot,
            f"Warning: Forcing a different order [{new_order[0]}, {new_order[1]}] on SMEM than the "
            f"register order for the operand {op_idx}. Registers will be transposed before SMEM "
            "store and the pipelined load for this operand will be disabled, so poor performance "
            "is expected. Recommendation: consider transposing the operand in global memory to "
            "remove the need to transpose the tensor in registers.",
        )
    shape = type_.get_shape()
    element = type_.get_element_type()
    cta = cta_layout_of(type_.encoding, len(shape))
    encoding = NVMMASharedEncodingAttr.for_shape(shape, new_order, cta, bit_width(element))
    alloc = ttg.LocalAllocOp(MemDescType.make(shape, element, encoding), source)
    alloc.location = value_location(source)
    rewriter.insert(alloc, _after_definition(source))
    return alloc.results[0]
