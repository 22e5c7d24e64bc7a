"""`triton-nvidia-tma-lowering`: tensor-descriptor accesses become TMA copies through shared memory.

Mirrors Triton 3.6's TritonNvidiaGPUTMALoweringPass (TMALowering.cpp, with `createTMADesc` of
TMAUtilities.cpp): six patterns under the greedy driver (bottom-up, folding on), so the constants
they create end up uniqued at the top of the function and inputs left dead are erased.

- `tt.descriptor_load` (and `tt.descriptor_gather`; i16 x offsets, which Triton 3.6 does not
  take yet, are sign-extended to i32 first, as later Triton does):
  a mutable buffer in the descriptor's shared layout and a one-word mbarrier
  (`#ttg.swizzled_shared` of order [0], one per CTA) are allocated; `ttng.init_barrier` (count 1),
  `ttng.barrier_expect` of the tile's bytes per CTA under a true predicate, the
  `ttng.async_tma_copy_global_to_local` (or `ttng.async_tma_gather`), `ttng.wait_barrier` on phase
  0 and `ttng.inval_barrier` follow. `ttg.local_alloc` users of the loaded tensor in an equivalent
  layout become the buffer itself (their users take its type); any other user reads it through a
  `ttg.local_load`.
- `tt.descriptor_store` (and `tt.descriptor_reduce`, `tt.descriptor_scatter`): the source is
  stored into an immutable buffer by `ttg.local_alloc`, then `ttng.fence_async_shared`, the
  `ttng.async_tma_copy_local_to_global` (or `ttng.async_tma_reduce`, `ttng.async_tma_scatter`)
  and `ttng.async_tma_store_wait {pendings = 0}`.
- `tt.make_tensor_descriptor`: a 128-byte, 128-aligned `ttg.global_scratch_alloc` is filled by
  `ttng.tensormap_create` (box: the TMA block shape innermost first; global dims reversed; byte
  strides of all but the innermost dimension; element strides 1; element-type, swizzle and fill
  enums), made visible by `ttng.tensormap_fenceproxy_acquire`, and read back as the descriptor by
  `ttng.reinterpret_tensor_descriptor`.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from xdsl.context import Context
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    TensorType,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.analysis.membar_slices import VIEW_OPS
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.descriptor import DescriptorGatherOp, DescriptorReduceOp, DescriptorScatterOp
from ttc.dialects.tt.types import (
    DescriptorReduceKind,
    PaddingOption,
    PointerType,
    TensorDescType,
    bit_width,
)
from ttc.dialects.ttg.attrs import (
    NVMMASharedEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from ttc.dialects.ttg.cta import cta_split_num
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import (
    GlobalScratchAllocOp,
    LocalAllocOp,
    LocalLoadOp,
    MemDescType,
)
from ttc.dialects.ttng.barriers import (
    BarrierExpectOp,
    InitBarrierOp,
    InvalBarrierOp,
    TMAStoreWaitOp,
    WaitBarrierOp,
)
from ttc.dialects.ttng.clc import ReinterpretTensorDescOp
from ttc.dialects.ttng.ops import FenceAsyncSharedOp, WarpGroupDotWaitOp
from ttc.dialects.ttng.tensormap import TensormapCreateOp, TensormapFenceproxyAcquireOp
from ttc.dialects.ttng.tma import (
    AsyncTMACopyGlobalToLocalOp,
    AsyncTMACopyLocalToGlobalOp,
    AsyncTMAGatherOp,
    AsyncTMAReduceOp,
    AsyncTMAScatterOp,
)
from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location
from ttc.ir.values import users
from ttc.layouts.cga import shape_per_cta
from ttc.layouts.linear import LayoutError
from ttc.layouts.shared import tma_block_shape
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import GreedyConfig, apply_patterns_greedily
from ttc.transforms.tma_utils import encoding_from_descriptor, tied_groups
from ttc.transforms.tritongpu_utils import set_type
from ttc.transforms.utils import create_constant, create_op

TMA_SIZE_BYTES = 128
TMA_ALIGN = 128
SWIZZLE_MODES = {0: 0, 32: 1, 64: 2, 128: 3}
"""`CUtensorMapSwizzle` of each NVMMA swizzle width in bytes."""
TMA_B4X16_P64 = 14
BITWISE_REDUCTIONS = frozenset({DescriptorReduceKind.AND, DescriptorReduceKind.OR, DescriptorReduceKind.XOR})
ORDERED_REDUCTIONS = frozenset({DescriptorReduceKind.MIN, DescriptorReduceKind.MAX})


class Emitter:
    """Inserts new ops before the op being rewritten, at its location."""

    def __init__(self, rewriter: PatternRewriter, anchor: Operation) -> None:
        self.rewriter = rewriter
        self.location = anchor.location

    def insert(self, op: Operation) -> Operation:
        op.location = self.location
        self.rewriter.insert(op)
        return op

    def constant(self, value: int, type_: Attribute) -> SSAValue:
        """An `arith.constant` left without a location: the folder hoists or merges it, and MLIR's
        then sets an unknown one."""
        constant = create_constant(active_context(), IntegerAttr(value, type_), type_)
        self.rewriter.insert(constant)
        return constant.results[0]

    def value(self, name: str, operands: Sequence[SSAValue], type_: Attribute) -> SSAValue:
        return self.insert(create_op(active_context(), name, operands, [type_])).results[0]


def _error(op: Operation, message: str) -> TtcError:
    return TtcError(message, source_location(op.location))


def _tensor(value: SSAValue) -> TensorType[Attribute]:
    assert isinstance(value.type, TensorType)
    return value.type


def _desc(value: SSAValue) -> TensorDescType:
    assert isinstance(value.type, TensorDescType)
    return value.type


def _i32_offsets(emit: Emitter, offsets: SSAValue) -> SSAValue:
    """Triton's `sextI16ToI32Indices`: i16 x offsets sign-extended to i32."""
    type_ = _tensor(offsets)
    if type_.get_element_type() == i32:
        return offsets
    return emit.value("arith.extsi", [offsets], TensorType(i32, type_.get_shape(), type_.encoding))


def _equivalent(shape: Sequence[int], a: Attribute, b: Attribute) -> bool:
    """Triton's `areLayoutsEquivalent` for two shared encodings of one buffer."""
    if a == b:
        return True
    try:
        return to_linear_layout(a, shape) == to_linear_layout(b, shape)
    except LayoutError:
        return False


def _retype_users(value: SSAValue) -> None:
    """Views of `value` (and `ttng.warp_group_dot_wait`s passing it on) take its mutability, as
    Triton's `replaceUsesAndPropagateType` rebuilds them."""
    assert isinstance(value.type, MemDescType)
    mutable = value.type.is_mutable
    for use in list(value.uses):
        user = use.operation
        if isinstance(user, VIEW_OPS):
            result = user.results[0]
        elif isinstance(user, WarpGroupDotWaitOp):
            result = user.results[use.index]
        else:
            continue
        result_type = result.type
        if isinstance(result_type, MemDescType) and result_type.is_mutable != mutable:
            set_type(result, MemDescType.make(
                result_type.get_shape(), result_type.element_type, result_type.encoding,
                result_type.memory_space, mutable, result_type.get_alloc_shape(),
            ))  # fmt: skip
            _retype_users(result)


def replace_uses_with_local_load(emit: Emitter, old: SSAValue, buffer: SSAValue) -> None:
    """Triton's `replaceUsesWithLocalLoad`: local_allocs of `old` in an equivalent layout become
    `buffer`; the other users read it."""
    buffer_type = buffer.type
    assert isinstance(buffer_type, MemDescType)
    shape = buffer_type.get_shape()
    same: list[Operation] = []
    for user in users(old):
        if isinstance(user, LocalAllocOp):
            user_type = user.result.type
            assert isinstance(user_type, MemDescType)
            if _equivalent(shape, buffer_type.encoding, user_type.encoding):
                same.append(user)
    for alloc in same:
        alloc.results[0].replace_all_uses_with(buffer)
        _retype_users(buffer)
    if len(users(old)) > len(same):
        local = emit.insert(LocalLoadOp.build(operands=[buffer, []], result_types=[old.type]))
        old.replace_all_uses_with(local.results[0])
    for alloc in same:
        emit.rewriter.erase(alloc)


def tma_indices(emit: Emitter, desc: SSAValue, indices: list[SSAValue]) -> list[SSAValue]:
    """Triton's `translateTMAIndices`: an fp4-padded block counts its innermost coordinate in
    elements, two per byte of the tensor."""
    encoding = _desc(desc).block_type.encoding
    if isinstance(encoding, NVMMASharedEncodingAttr) and encoding.is_fp4_padded:
        indices = [*indices[:-1], emit.value("arith.muli", [indices[-1], emit.constant(2, i32)], i32)]
    return indices


def lower_tma_load(op: Operation, rewriter: PatternRewriter, emit: Emitter, offsets: SSAValue | None) -> None:
    """Triton's `lowerTMALoad`: the buffer, the mbarrier protocol around one copy (or gather)."""
    tensor = _tensor(op.results[0])
    desc = op.operands[0]
    encoding = encoding_from_descriptor(op, tensor, desc)
    shape = tensor.get_shape()
    buffer_type = MemDescType.make(shape, tensor.get_element_type(), encoding, mutable=True)
    buffer = emit.insert(LocalAllocOp.build(operands=[[]], result_types=[buffer_type])).results[0]
    barrier_encoding = SwizzledSharedEncodingAttr.make(1, 1, 1, [0])
    barrier_type = MemDescType.make([1], i64, barrier_encoding, mutable=True)
    barrier = emit.insert(LocalAllocOp.build(operands=[[]], result_types=[barrier_type])).results[0]
    emit.insert(InitBarrierOp.build(operands=[barrier], properties={"count": IntegerAttr(1, i32)}))
    per_cta = shape_per_cta(cta_split_num(encoding, len(shape)), shape)
    size = prod(per_cta) * bit_width(tensor.get_element_type()) // 8
    pred = emit.constant(1, i1)
    emit.insert(BarrierExpectOp.build(operands=[barrier, pred], properties={"size": IntegerAttr(size, i32)}))
    if offsets is None:
        indices = tma_indices(emit, desc, list(op.operands[1:]))
        emit.insert(AsyncTMACopyGlobalToLocalOp.build(operands=[desc, indices, [], barrier, buffer, pred]))
    else:
        emit.insert(AsyncTMAGatherOp.build(operands=[desc, offsets, op.operands[2], barrier, buffer, pred]))
    phase = emit.constant(0, i32)
    emit.insert(WaitBarrierOp.build(operands=[barrier, phase, [], []]))
    emit.insert(InvalBarrierOp.build(operands=[barrier]))
    replace_uses_with_local_load(emit, op.results[0], buffer)
    rewriter.erase(op)


def lower_tma_store(
    op: Operation, rewriter: PatternRewriter, emit: Emitter, src: SSAValue, make_store: type[Operation],
    operands: list[SSAValue | list[SSAValue]], properties: dict[str, Attribute],
) -> None:  # fmt: skip
    """Triton's `lowerTMAStore`: the source into shared memory, a proxy fence, the store, a wait.
    `operands` are the store's own, `None` standing for the buffer."""
    tensor = _tensor(src)
    encoding = encoding_from_descriptor(op, tensor, op.operands[0])
    buffer_type = MemDescType.make(tensor.get_shape(), tensor.get_element_type(), encoding)
    buffer = emit.insert(LocalAllocOp.build(operands=[[src]], result_types=[buffer_type])).results[0]
    emit.insert(FenceAsyncSharedOp.build(properties={"bCluster": IntegerAttr(0, i1)}))
    resolved = [buffer if item is None else item for item in operands]
    if make_store is not AsyncTMAScatterOp:
        desc, indices = resolved[0], resolved[1]
        assert isinstance(desc, SSAValue) and isinstance(indices, list)
        resolved[1] = tma_indices(emit, desc, indices)
    emit.insert(make_store.build(operands=resolved, properties=properties))  # type: ignore[attr-defined]
    emit.insert(TMAStoreWaitOp.build(properties={"pendings": IntegerAttr(0, i32)}))
    rewriter.erase(op)


def descriptor_reductions(desc: SSAValue) -> set[DescriptorReduceKind] | None:
    """The kinds of TMA reduction (`tt.descriptor_reduce`, `ttng.async_tma_reduce`) applied to
    descriptor `desc` or to a loop or `scf.if` value it flows into; None when it also reaches an
    op that may reduce through it unseen (a call, a return)."""
    kinds: set[DescriptorReduceKind] = set()
    seen, worklist = {desc}, [desc]
    while worklist:
        value = worklist.pop()
        for use in value.uses:
            user = use.operation
            if isinstance(user, DescriptorReduceOp | AsyncTMAReduceOp) and use.index == 0:
                kinds.add(DescriptorReduceKind(user.kind.value.data))
            elif isinstance(user, tt.CallOp | tt.ReturnOp):
                return None
        for tied in tied_groups(value):
            fresh = [v for v in tied if v not in seen]
            seen.update(fresh)
            worklist.extend(fresh)
    return kinds


def tma_element_type(op: Operation, desc: SSAValue) -> int:
    """Triton's `getTMAElementType`: the `CUtensorMapDataType` of descriptor `desc`'s elements.

    Unlike Triton 3.6, a signed 64-bit descriptor that bitwise reductions (and, or, xor) use and
    min/max reductions do not is typed `U64`: the bulk tensor reduction takes its operand type
    from the tensor map, its bitwise forms take only `.b64` for 64-bit elements, and an `S64` map
    makes them an illegal instruction on the GPU. Loads, stores and the other reductions read the
    same bits either way; a descriptor that needs both is refused."""
    desc_type = desc.type
    assert isinstance(desc_type, TensorDescType)
    encoding = desc_type.block_type.encoding
    if isinstance(encoding, NVMMASharedEncodingAttr) and encoding.is_fp4_padded:
        return TMA_B4X16_P64
    element = desc_type.block_type.get_element_type()
    named = {BFloat16Type: 10, Float16Type: 6, Float32Type: 7, Float64Type: 9}
    for kind, code in named.items():
        if isinstance(element, kind):
            return code
    size = bit_width(element) // 8
    signed = isinstance(element, IntegerType) and element.signedness.data is Signedness.SIGNED
    if signed and size == 8:
        signed = _signed_64_bit_map(op, desc)
    by_size = {1: 0, 2: 1, 4: 3 if signed else 2, 8: 5 if signed else 4}
    if size not in by_size:
        raise _error(op, f"Tensor descriptor element type must have size 1, 2, or 4 but got {size}")
    return by_size[size]


def _signed_64_bit_map(op: Operation, desc: SSAValue) -> bool:
    """Whether the tensor map of signed 64-bit descriptor `desc` is typed `S64` (see
    `tma_element_type`)."""
    kinds = descriptor_reductions(desc)
    if kinds is None or not kinds & BITWISE_REDUCTIONS:
        return True
    if kinds & ORDERED_REDUCTIONS:
        raise _error(op, "a signed 64-bit tensor descriptor cannot take both min/max and bitwise "
                         "(and, or, xor) reductions: TMA reads them as s64 and b64 elements")
    return False


def tma_swizzle_mode(op: Operation, encoding: Attribute) -> int:
    """Triton's `getTMASwizzleMode`."""
    if not isinstance(encoding, NVMMASharedEncodingAttr):
        return 0
    width = encoding.swizzling_byte_width.data
    if encoding.is_fp4_padded and width != 128:
        raise _error(
            op,
            "fp4 padded operands (elem type .b4x16_p64) only supports 128-byte swizzling, but got "
            f"{width}",
        )
    return SWIZZLE_MODES[width]


def _trivial_swizzle(encoding: Attribute) -> bool:
    return isinstance(encoding, SwizzledSharedEncodingAttr) and (
        encoding.vec.data, encoding.per_phase.data, encoding.max_phase.data
    ) == (1, 1, 1)


def tma_box(op: Operation, desc: TensorDescType) -> list[int]:
    """Triton's `getTMABlockShape(..., packedSize=false)` for a descriptor's block: the TMA box,
    outermost dimension first, fp4-padded rows counted in unpacked elements."""
    encoding = desc.block_type.encoding
    rank = len(desc.block_type.get_shape())
    nvmma = encoding if isinstance(encoding, NVMMASharedEncodingAttr) else None
    fp4 = nvmma is not None and nvmma.is_fp4_padded
    per_cta = shape_per_cta(cta_split_num(encoding, rank), desc.block_type.get_shape())
    if nvmma is None and not _trivial_swizzle(encoding):
        raise _error(op, "Unhandled encoding type")
    swizzle = nvmma.swizzling_byte_width.data if nvmma is not None else 0
    transposed = nvmma is not None and nvmma.is_transposed
    element_bits = bit_width(desc.block_type.get_element_type())
    try:
        block = tma_block_shape(per_cta, element_bits, swizzle, fp4, transposed)
    except LayoutError as err:
        raise _error(op, "Block shape is too small for the swizzle byte size in NVMMA Shared Layout.") from err
    if fp4:
        block[0 if transposed else -1] *= 2
    return block


def host_descriptor_metadata(kernel: Operation) -> list[dict[str, object]]:
    """Triton's `getTensorDescMetadata`: for each tensor-descriptor parameter of the kernel, what
    the launcher needs to build its `CUtensorMap` on the host (swizzle and element-type enums,
    element bytes, the TMA box, whether rows are fp4-padded)."""
    entry = kernel.regions[0].blocks[0] if kernel.regions and kernel.regions[0].blocks else None
    found = []
    for arg in entry.args if entry is not None else ():
        if not isinstance(desc := arg.type, TensorDescType):
            continue
        encoding = desc.block_type.encoding
        found.append({
            "swizzle": tma_swizzle_mode(kernel, encoding),
            "elem_size": bit_width(desc.block_type.get_element_type()) // 8,
            "elem_type": tma_element_type(kernel, arg),
            "block_size": tma_box(kernel, desc),
            "fp4_padded": isinstance(encoding, NVMMASharedEncodingAttr) and encoding.is_fp4_padded,
        })  # fmt: skip
    return found


def create_tma_desc(emit: Emitter, scratch: SSAValue, op: Operation) -> None:
    """Triton's `createTMADesc`: the `ttng.tensormap_create` of a `tt.make_tensor_descriptor`."""
    desc = _desc(op.results[0])
    base, rank = op.operands[0], len(desc.block_type.get_shape())
    dims, strides = list(op.operands[1 : 1 + rank]), list(op.operands[1 + rank :])
    encoding = desc.block_type.encoding
    fp4 = isinstance(encoding, NVMMASharedEncodingAttr) and encoding.is_fp4_padded
    element = desc.block_type.get_element_type()
    block = tma_box(op, desc)
    if fp4 and block[-1] != 128:
        raise _error(op, "FP4 padded loads require 128 elements or more in the last dim")
    box = [emit.constant(block[-1], i32)] + [emit.constant(block[k], i32) for k in range(rank - 2, -1, -1)]
    swizzle_mode = tma_swizzle_mode(op, encoding)
    element_size = emit.constant(bit_width(element) // 8, i64)
    global_dims = dims[::-1]
    global_strides = strides[-2::-1] if rank > 1 else []
    if fp4:
        global_dims[0] = emit.value("arith.muli", [global_dims[0], emit.constant(2, i32)], i32)
    element_strides = [emit.constant(1, i32) for _ in global_dims]
    global_strides = [emit.value("arith.muli", [s, element_size], i64) for s in global_strides]
    padding = op.properties.get("padding")
    fill = int(isinstance(padding, IntegerAttr) and padding.value.data == PaddingOption.PAD_NAN.value)
    emit.insert(TensormapCreateOp.build(
        operands=[scratch, base, box, global_dims, global_strides, element_strides],
        properties={
            "elem_type": IntegerAttr(tma_element_type(op, op.results[0]), i32),
            "interleave_layout": IntegerAttr(0, i32),
            "swizzle_mode": IntegerAttr(swizzle_mode, i32),
            "fill_mode": IntegerAttr(fill, i32),
        },
    ))  # fmt: skip


def lower_make_tensor_descriptor(op: Operation, rewriter: PatternRewriter, emit: Emitter) -> None:
    scratch = emit.insert(GlobalScratchAllocOp.build(
        properties={"nbytes": IntegerAttr(TMA_SIZE_BYTES, i32), "alignment": IntegerAttr(TMA_ALIGN, i32)},
        result_types=[PointerType(i8)],
    )).results[0]  # fmt: skip
    create_tma_desc(emit, scratch, op)
    emit.insert(TensormapFenceproxyAcquireOp.build(operands=[scratch]))
    desc = emit.insert(ReinterpretTensorDescOp.build(operands=[scratch], result_types=[op.results[0].type]))
    rewriter.replace(op, [], [desc.results[0]])


def tma_lowering(op: Operation, rewriter: PatternRewriter) -> bool:
    """The pass's patterns, one per descriptor op."""
    emit = Emitter(rewriter, op)
    operands = list(op.operands)
    if isinstance(op, tt.DescriptorLoadOp):
        lower_tma_load(op, rewriter, emit, None)
    elif isinstance(op, DescriptorGatherOp):
        lower_tma_load(op, rewriter, emit, _i32_offsets(emit, operands[1]))
    elif isinstance(op, tt.DescriptorStoreOp):
        desc, src, indices = operands[0], operands[1], operands[2:]
        lower_tma_store(op, rewriter, emit, src, AsyncTMACopyLocalToGlobalOp, [desc, indices, None], {})
    elif isinstance(op, DescriptorReduceOp):
        desc, src, indices = operands[0], operands[1], operands[2:]
        lower_tma_store(op, rewriter, emit, src, AsyncTMAReduceOp, [desc, indices, None],
                        {"kind": op.properties["kind"]})  # fmt: skip
    elif isinstance(op, DescriptorScatterOp):
        desc, x_offsets, y_offset, src = operands
        rows = _i32_offsets(emit, x_offsets)
        lower_tma_store(op, rewriter, emit, src, AsyncTMAScatterOp, [desc, rows, y_offset, None], {})
    elif isinstance(op, tt.MakeTensorDescOp):
        lower_make_tensor_descriptor(op, rewriter, emit)
    else:
        return False
    return True


class TritonNvidiaGPUTMALoweringPass(
    TtcPass, name="triton-nvidia-tma-lowering", summary="lower to TMA load/store operations"
):
    """Lower tensor-descriptor loads, stores and creation to TMA operations."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, tma_lowering, GreedyConfig(top_down=False))
