"""Which loads the software pipeliner makes asynchronous, and the shared memory they go through
(Triton's `canBeConvertedToAsyncLoad`, `canPipelineTMALoad`, `getCopyVecBytes`, `getSharedEncoding`
of PipeliningUtility.cpp, `mustLoadToRegisters` and `loadRequiresAdditionalBuffer` of
LowerLoops.cpp, and `getSharedEncIfAllUsersAreDotEnc` with `swizzleDotOperandLike` of
TritonGPU/Transforms/Utility.cpp).

A `tt.load` can become a `cp.async` when each thread copies at least 32 contiguous bits (pointer
contiguity and mask constancy along the fastest dimension) and at least 4 consecutive bytes land
consecutively in the shared buffer. The buffer's layout is the swizzle its dot-operand users need
(or users whose layout starts with a dot operand's microtile, such as one feeding a `tt.trans`)
when all of them agree, else the encoding of a `local_alloc` user, else an unswizzled layout in the
tensor's order.
"""

from __future__ import annotations

from xdsl.dialects.builtin import NoneAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.analysis.allocation import allocation_elements
from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import PointerType, TensorDescType, bit_width
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import (
    DotOperandEncodingAttr,
    LinearEncodingAttr,
    SwizzledSharedEncodingAttr,
    ints,
)
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.reinterpret import MemDescReinterpretOp
from ttc.dialects.ttg.shared_swizzle import (
    order_for_memory,
    swizzle_dot_operand_like,
    swizzled_shared_for_dot_operand,
)
from ttc.dialects.ttng import ops as ttng
from ttc.ir.values import constant_value, users
from ttc.layouts.order import layout_order
from ttc.transforms.tma_utils import encoding_from_descriptor

DESCRIPTOR_LOADS = (tt.DescriptorLoadOp,)
TMA_ALIGN = 128
"""Bytes every TMA copy destination is aligned to (Triton's `TMA_ALIGN`)."""
MEMDESC_VIEWS = (
    ttg.MemDescIndexOp,
    ttg.MemDescSubsliceOp,
    ttg.MemDescTransOp,
    ttg.MemDescReshapeOp,
    MemDescReinterpretOp,
)


def _fastest_dim_and_contiguity(tensor: TensorType[Attribute]) -> tuple[int, int]:
    layout = to_linear_layout(tensor.encoding, tensor.get_shape())
    order0 = layout_order(layout)[0]
    fastest = layout.out_dims[order0]
    contiguous = layout.transpose_outs(
        [fastest, *(d for d in layout.out_dims if d != fastest)]
    ).get_num_consecutive_in_out()
    return order0, contiguous


def load_vector_elements(axis: ModuleAxisInfo, load: Operation) -> int:
    """Elements one thread copies at once: pointer contiguity capped by the layout, and by the
    mask's constancy (Triton's `getContiguity` and `getMaskAlignment`)."""
    ptr = load.operands[0]
    if not isinstance(ptr.type, TensorType):
        return 1
    pointee = ptr.type.get_element_type()
    assert isinstance(pointee, PointerType)
    order0, contiguous = _fastest_dim_and_contiguity(ptr.type)
    vec = axis.contiguity(ptr, order0, contiguous, bit_width(pointee.pointee_type))
    mask = load_mask(load)
    if mask is not None and isinstance(mask.type, TensorType):
        mask_order0, _ = _fastest_dim_and_contiguity(mask.type)
        vec = min(vec, axis.mask_alignment(mask, mask_order0))
    return vec


def load_mask(load: Operation) -> SSAValue | None:
    return getattr(load, "mask", None)


def load_other(load: Operation) -> SSAValue | None:
    return getattr(load, "other", None)


def can_be_converted_to_async_load(axis: ModuleAxisInfo, load: Operation) -> bool:
    """At least 32 bits per copy: cp.async copies 4, 8 or 16 bytes."""
    ptr = load.operands[0]
    pointer = ptr.type.get_element_type() if isinstance(ptr.type, TensorType) else ptr.type
    assert isinstance(pointer, PointerType)
    width = bit_width(pointer.pointee_type)
    if isinstance(ptr.type, TensorType):
        width *= load_vector_elements(axis, load)
    return width >= 32


def copy_vec_bytes(tensor: TensorType[Attribute], shared: Attribute) -> int:
    """Bytes a thread writes consecutively into `shared` from registers laid out as `tensor`."""
    shape = tensor.get_shape()
    registers = to_linear_layout(tensor.encoding, shape)
    memory = to_linear_layout(shared, shape)
    elements = registers.invert_and_compose(memory).get_num_consecutive_in_out()
    return elements * bit_width(tensor.get_element_type()) // 8


def shared_enc_if_all_users_are_dot_enc(value: SSAValue) -> tuple[SwizzledSharedEncodingAttr | None, bool]:
    """The swizzled shared encoding every (transitive) dot-operand user of `value` needs, and
    whether two users need different ones (`getSharedEncIfAllUsersAreDotEnc`)."""
    found: SwizzledSharedEncodingAttr | None = None
    for user in users(value):
        if len(user.results) != 1:
            return None, False
        result_type = user.results[0].type
        if isinstance(result_type, MemDescType):
            needed = result_type.encoding
            if not isinstance(needed, SwizzledSharedEncodingAttr):
                return None, False
            inner, incompatible = shared_enc_if_all_users_are_dot_enc(user.results[0])
            if incompatible:
                return None, True
            if inner is None:
                return None, False
        else:
            if not isinstance(user, (ttg.LocalLoadOp, ttg.ConvertLayoutOp)):
                return None, False
            needed = _dot_operand_shared(value.type, result_type)
            if needed is None:
                return None, False
        if found is not None and found != needed:
            return None, True
        found = needed
    return found, False


def _dot_operand_shared(src: Attribute, dst: Attribute) -> SwizzledSharedEncodingAttr | None:
    """The swizzled buffer a `src` value read back as `dst` needs: a dot operand's, or the
    operand's whose microtile `dst`'s layout starts with (`swizzleDotOperandLike`)."""
    if not isinstance(dst, TensorType):
        return None
    rank = len(dst.get_shape())
    cta_source = src.encoding if isinstance(dst.encoding, LinearEncodingAttr) else dst.encoding
    cta = cta_layout_of(cta_source, rank)
    if not isinstance(dst.encoding, DotOperandEncodingAttr):
        return swizzle_dot_operand_like(dst, cta)
    if isinstance(src, MemDescType):
        order = tuple(ints(src.encoding.order))
    else:
        assert isinstance(src, TensorType)
        order = order_for_memory(src)
    element = src.element_type if isinstance(src, MemDescType) else src.get_element_type()
    return swizzled_shared_for_dot_operand(dst.encoding, src.get_shape(), order, cta, element)


def local_alloc_encoding(op: Operation) -> Attribute | None:
    """The encoding of the first `local_alloc` user of `op`'s result."""
    for user in users(op.results[0]):
        if isinstance(user, ttg.LocalAllocOp):
            memdesc = user.results[0].type
            assert isinstance(memdesc, MemDescType)
            return memdesc.encoding
    return None


def descriptor_encoding(op: Operation) -> Attribute:
    """The shared layout a descriptor load's TMA copy writes (`getEncodingFromDescriptor`); a
    located error when the descriptor has none."""
    tensor = op.results[0].type
    assert isinstance(tensor, TensorType)
    return encoding_from_descriptor(op, tensor, op.operands[0])


def has_shared_layout(desc: SSAValue) -> bool:
    """The descriptor type carries a shared encoding (`TensorDescType::getSharedLayout`)."""
    return isinstance(desc.type, TensorDescType) and not isinstance(desc.type.block_type.encoding, NoneAttr)


def can_pipeline_tma_load(op: Operation) -> bool:
    """One stage of the buffer is a whole number of TMA-aligned blocks (`canPipelineTMALoad`)."""
    tensor = op.results[0].type
    assert isinstance(tensor, TensorType)
    memdesc = MemDescType.make(tensor.get_shape(), tensor.get_element_type(), descriptor_encoding(op))
    bits = allocation_elements(memdesc) * bit_width(tensor.get_element_type())
    return bits % (TMA_ALIGN * 8) == 0


def must_load_to_registers(op: Operation) -> bool:
    """Whether a pipelined load still needs its value in registers, rather than only in the
    shared buffer its single `local_alloc` user would copy it to (`mustLoadToRegisters`)."""
    other = getattr(op, "other", None)
    if isinstance(op, tt.LoadOp) and other is not None and not is_zero_constant(other):
        return True
    found = users(op.results[0])
    if len(found) != 1 or len(list(op.results[0].uses)) != 1 or not isinstance(found[0], ttg.LocalAllocOp):
        return True
    if isinstance(op, DESCRIPTOR_LOADS):
        return descriptor_encoding(op) != found[0].results[0].type.encoding  # pyright: ignore[reportAttributeAccessIssue]
    return False


def load_requires_additional_buffer(op: Operation) -> bool:
    """A load whose `local_alloc` feeds a `ttng.warp_group_dot` (through memdesc views): the
    asynchronous dot may still read a buffer when the next copy begins."""
    if must_load_to_registers(op):
        return False
    work = [users(op.results[0])[0]]
    while work:
        current = work.pop()
        for user in users(current.results[0]):
            if isinstance(user, MEMDESC_VIEWS):
                work.append(user)
            elif isinstance(user, ttng.WarpGroupDotOp):
                return True
    return False


def is_zero_constant(value: SSAValue | None) -> bool:
    """`value` is a constant (scalar or splat) zero."""
    attr = constant_value(value) if value is not None else None
    if attr is None:
        return False
    values = getattr(attr, "get_values", None)
    if values is not None:
        return all(v == 0 for v in values())
    return getattr(getattr(attr, "value", None), "data", None) == 0


def shared_encoding_for_load(op: Operation) -> Attribute:
    """The layout of the buffer a pipelined load goes through (`getSharedEncoding(Operation*)`)."""
    tensor = op.results[0].type
    assert isinstance(tensor, TensorType)
    if isinstance(op, DESCRIPTOR_LOADS):
        return descriptor_encoding(op)
    allocated = local_alloc_encoding(op)
    if allocated is not None:
        return allocated
    dot, _ = shared_enc_if_all_users_are_dot_enc(op.results[0])
    if dot is not None:
        return dot
    rank = len(tensor.get_shape())
    order = layout_order(to_linear_layout(tensor.encoding, tensor.get_shape()))
    return SwizzledSharedEncodingAttr.make(1, 1, 1, order, cta_layout_of(tensor.encoding, rank))
