"""Shared-memory buffers and asynchronous copies (Triton's MemoryOpToLLVM, ViewOpToLLVM's memdesc
views and the NVIDIA LoadStoreOpToLLVM async-copy patterns).

Every transfer between registers and shared memory goes through linear layouts. With `D` the
tensor's layout (register, lane, warp, block -> coordinates) and `S` the buffer's shared layout
(offset -> coordinates, from the allocation's shape), `D` composed with `S^-1` says at which
element offset each register lives. Its lane and warp part is computed once per thread; each
register adds a constant, XOR-ed in, or added (so LLVM folds it into the address) when its bits
are disjoint from every bit the thread part can set. Registers whose offsets are consecutive go
as one vector access of up to 128 bits.

- `ttg.local_alloc`: the buffer at `@global_smem + allocation.offset`; with a value, it is stored.
- `ttg.local_store` / `ttg.local_load`: vector `st.shared` / `ld.shared` (as LLVM stores and loads
  in address space 3).
- `ttg.local_dealloc`: nothing (allocate-shared-memory planned the space).
- `ttg.memdesc_index`: the base advances by whole buffers of the leading dimension;
  `ttg.memdesc_subslice`: the origin's offset joins the descriptor's XOR; `ttg.memdesc_trans`:
  the same memory under the permuted layout.
- `ttg.async_copy_global_to_local`: `cp.async.ca/.cg.shared.global` of 4, 8 or 16 bytes, the
  source size 0 where the mask is off (the hardware fills zeros; `other` must be zero);
  `ttg.async_commit_group`: `cp.async.commit_group`; `ttg.async_wait {num}`:
  `cp.async.wait_group num`. Barriers after the wait come from the membar analysis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, TensorType, VectorType, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import (
    apply_layout,
    redundant_thread_predicate,
    thread_coordinates,
)
from ttc.conversion.tritongpu_to_llvm.load_store import MAX_VECTOR_BITS, vector_size
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, bit_width
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    from_memory,
    gep,
    memory_type,
    shared_base,
    to_memory,
)
from ttc.dialects import llvm, ttg
from ttc.dialects.ttg import MemDescType
from ttc.layouts.from_attr import to_linear_layout
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.transforms.utils import splat_scalar

OFFSET = "offset"
THREAD_INPUTS = ("lane", "warp", "block")


@dataclass(frozen=True)
class Access:
    """Where a tensor's registers live in a buffer: per-register constants over a thread part."""

    thread_offset: SSAValue
    """This thread's element offset for register 0 (the descriptor's XOR included)."""
    thread_bits: int
    """Every offset bit the thread part may set: registers whose constant avoids them add."""
    register_offsets: tuple[int, ...]
    """The constant part of each register's offset."""
    vector: int
    """Registers per access: consecutive registers at consecutive offsets, at most 128 bits."""


def shared_layout(lw: FunctionLowering, op: Operation, memdesc: MemDescType) -> LinearLayout:
    """The buffer's layout, offset -> coordinates of the allocation's trailing `rank` dims."""
    rank = len(memdesc.get_shape())
    alloc_shape = memdesc.get_alloc_shape()[-rank:]
    try:
        return to_linear_layout(memdesc.encoding, alloc_shape)
    except LayoutError as error:
        raise lw.error(op, f"cannot lower '{op.name}': {error}") from None


def offset_layout(lw: FunctionLowering, op: Operation, tensor: TensorType[Attribute],
                  memdesc: MemDescType) -> LinearLayout:
    """register, lane, warp, block -> element offset in the buffer."""
    if lw.target.num_ctas != 1:
        raise lw.cannot_lower(op)
    shared = shared_layout(lw, op, memdesc)
    try:
        composed = lw.layout(tensor).compose(shared.invert())
    except LayoutError as error:
        raise lw.error(op, f"cannot lower '{op.name}': {error}") from None
    return composed.sublayout(composed.in_dims, [OFFSET])


def plan_access(lw: FunctionLowering, layout: LinearLayout, xor: SSAValue | int,
                element_bits: int, max_vector: int | None = None) -> Access:
    """Offsets of every register of a tensor in `layout` (-> offset), and the vector width."""
    thread = apply_layout(lw, layout, thread_coordinates(lw))[0]
    thread_bits = 0
    for dim in THREAD_INPUTS:
        if layout.has_in_dim(dim):
            for bit in range(layout.in_dim_size_log2(dim)):
                image = layout.get_basis(dim, bit, OFFSET)
                assert isinstance(image, int)
                thread_bits |= image
    if isinstance(xor, int):
        if xor:
            thread = lw.binary(llvm.XOrOp, thread, xor)
        thread_bits |= xor
    else:
        thread = lw.value(llvm.XOrOp(thread, xor))
        thread_bits = -1
    registers = tuple(layout.apply({d: r if d == "register" else 0 for d in layout.in_dims})[OFFSET]
                      for r in range(layout.in_dim_size("register")))
    vector = layout.get_num_consecutive_in_out()
    if not isinstance(xor, int) or xor:
        alignment = (xor & -xor) if isinstance(xor, int) else 1
        vector = min(vector, alignment)
    vector = min(vector, max(1, MAX_VECTOR_BITS // element_bits))
    if max_vector is not None:
        vector = min(vector, max_vector)
    return Access(thread, thread_bits, registers, max(vector, 1))


def element_pointer(lw: FunctionLowering, base: SSAValue, element: Attribute, access: Access,
                    register: int) -> SSAValue:
    """The address of `register`'s element: thread part with the register constant XOR-ed or added."""
    constant = access.register_offsets[register]
    if constant & access.thread_bits == 0:
        return gep(lw, gep(lw, base, element, access.thread_offset), element, constant) \
            if constant else gep(lw, base, element, access.thread_offset)
    offset = lw.binary(llvm.XOrOp, access.thread_offset, constant)
    return gep(lw, base, element, offset)


def descriptor(lw: FunctionLowering, value: SSAValue) -> tuple[SSAValue, SSAValue | int]:
    """The base pointer and XOR offset of a memdesc value (a constant XOR when it is one)."""
    base, xor = lw.regs(value)
    constant = _constant_int(xor)
    return base, xor if constant is None else constant


def _constant_int(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, llvm.ConstantOp):
        attr = owner.properties.get("value")
        if isinstance(attr, IntegerAttr):
            return attr.value.data
    return None


def bind_descriptor(lw: FunctionLowering, result: SSAValue, base: SSAValue, xor: SSAValue | int) -> None:
    lw.bind(result, [base, lw.i32(xor) if isinstance(xor, int) else xor])


def store_tensor(lw: FunctionLowering, op: Operation, values: Sequence[SSAValue],
                 tensor: TensorType[Attribute], memdesc: MemDescType, base: SSAValue,
                 xor: SSAValue | int) -> None:
    """Store a tensor's registers into the buffer (each distinct offset once per thread)."""
    element = lw.llvm_type(tensor)
    stored = memory_type(element)
    layout = offset_layout(lw, op, tensor, memdesc)
    access = plan_access(lw, layout, xor, bit_width(stored))
    seen: set[int] = set()
    for first in range(0, len(values), access.vector):
        if access.register_offsets[first] in seen:
            continue
        seen.add(access.register_offsets[first])
        pointer = element_pointer(lw, base, stored, access, first)
        elems = [to_memory(lw, v) for v in values[first:first + access.vector]]
        _store_vector(lw, pointer, elems, stored)


def load_tensor(lw: FunctionLowering, op: Operation, tensor: TensorType[Attribute],
                memdesc: MemDescType, base: SSAValue, xor: SSAValue | int) -> list[SSAValue]:
    """Load a tensor's registers from the buffer (each distinct offset once per thread)."""
    element = lw.llvm_type(tensor)
    stored = memory_type(element)
    layout = offset_layout(lw, op, tensor, memdesc)
    access = plan_access(lw, layout, xor, bit_width(stored))
    loaded: dict[int, list[SSAValue]] = {}
    regs: list[SSAValue] = []
    for first in range(0, len(access.register_offsets), access.vector):
        key = access.register_offsets[first]
        if key not in loaded:
            pointer = element_pointer(lw, base, stored, access, first)
            loaded[key] = [from_memory(lw, v, element)
                           for v in _load_vector(lw, pointer, stored, access.vector)]
        regs.extend(loaded[key])
    return regs


def _store_vector(lw: FunctionLowering, pointer: SSAValue, elems: list[SSAValue],
                  element: Attribute) -> None:
    bytes_ = len(elems) * bit_width(element) // 8
    if len(elems) == 1:
        value = elems[0]
    else:
        vector_type = VectorType(element, [len(elems)])
        value = lw.value(llvm.UndefOp(vector_type))
        for i, elem in enumerate(elems):
            value = lw.value(llvm.InsertElementOp.create(
                operands=[value, elem, lw.i32(i)], result_types=[vector_type]))
    lw.emit(llvm.StoreOp.create(operands=[value, pointer],
                                properties={"alignment": IntegerAttr(bytes_, i64)}))


def _load_vector(lw: FunctionLowering, pointer: SSAValue, element: Attribute,
                 count: int) -> list[SSAValue]:
    bytes_ = count * bit_width(element) // 8
    loaded_type: Attribute = element if count == 1 else VectorType(element, [count])
    loaded = lw.value(llvm.LoadOp.create(operands=[pointer], result_types=[loaded_type],
                                         properties={"alignment": IntegerAttr(bytes_, i64)}))
    if count == 1:
        return [loaded]
    return [lw.value(llvm.ExtractElementOp.create(operands=[loaded, lw.i32(i)],
                                                  result_types=[element]))
            for i in range(count)]


def _memdesc(lw: FunctionLowering, op: Operation, value: SSAValue) -> MemDescType:
    if not isinstance(value.type, MemDescType):
        raise lw.cannot_lower(op)
    return value.type


@lowers("ttg.local_alloc")
def _local_alloc(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.LocalAllocOp)
    memdesc = _memdesc(lw, op, op.result)
    base = shared_base(lw, op)
    if op.src is not None:
        src = op.src.type
        assert isinstance(src, TensorType)
        store_tensor(lw, op, lw.regs(op.src), src, memdesc, base, 0)
    bind_descriptor(lw, op.result, base, 0)


@lowers("ttg.local_dealloc")
def _local_dealloc(lw: FunctionLowering, op: Operation) -> None:
    """Nothing to do: allocate-shared-memory planned the buffer's lifetime."""


@lowers("ttg.local_store")
def _local_store(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.LocalStoreOp)
    src = op.src.type
    assert isinstance(src, TensorType)
    base, xor = descriptor(lw, op.dst)
    store_tensor(lw, op, lw.regs(op.src), src, _memdesc(lw, op, op.dst), base, xor)


@lowers("ttg.local_load")
def _local_load(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.LocalLoadOp)
    result = op.result.type
    assert isinstance(result, TensorType)
    base, xor = descriptor(lw, op.src)
    lw.bind(op.result, load_tensor(lw, op, result, _memdesc(lw, op, op.src), base, xor))


@lowers("ttg.memdesc_index")
def _memdesc_index(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.MemDescIndexOp)
    src = _memdesc(lw, op, op.src)
    base, xor = descriptor(lw, op.src)
    element = memory_type(lw.llvm_type(src.element_type))
    stride = math.prod(src.get_alloc_shape()[-len(src.get_shape()) + 1:])
    offset = lw.binary(llvm.MulOp, lw.scalar(op.index), stride)
    bind_descriptor(lw, op.result, gep(lw, base, element, offset), xor)


@lowers("ttg.memdesc_subslice")
def _memdesc_subslice(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.MemDescSubsliceOp)
    src = _memdesc(lw, op, op.src)
    base, xor = descriptor(lw, op.src)
    origin = dict(zip(shared_layout(lw, op, src).out_dims, op.offset_values(), strict=True))
    try:
        shift = shared_layout(lw, op, src).invert().apply(origin)[OFFSET]
    except LayoutError as error:
        raise lw.error(op, f"cannot lower '{op.name}': {error}") from None
    if isinstance(xor, int):
        bind_descriptor(lw, op.result, base, xor ^ shift)
    else:
        bind_descriptor(lw, op.result, base, lw.binary(llvm.XOrOp, xor, shift) if shift else xor)


@lowers("ttg.memdesc_trans")
def _memdesc_trans(lw: FunctionLowering, op: Operation) -> None:
    lw.bind(op.results[0], lw.regs(op.operands[0]))


@lowers("ttg.async_copy_global_to_local")
def _async_copy(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.AsyncCopyGlobalToLocalOp)
    pointers = op.src.type
    assert isinstance(pointers, TensorType)
    memdesc = _memdesc(lw, op, op.result)
    if op.other is not None and splat_scalar(_constant_value(op.other)) not in (0, 0.0):
        raise lw.error(op, "cannot lower 'ttg.async_copy_global_to_local' with a nonzero "
                           "'other': cp.async can only fill masked elements with zeros")
    element = memory_type(lw.llvm_type(memdesc.element_type))
    bits = bit_width(element)
    max_vector = max(1, MAX_VECTOR_BITS // bits)
    if lw.axis_info is not None:
        max_vector = vector_size(lw, lw.axis_info, op.src, op.mask, bits)
    base, xor = descriptor(lw, op.result)
    layout = offset_layout(lw, op, pointers, memdesc)
    access = plan_access(lw, layout, xor, bits, max_vector)
    vector = access.vector
    while vector > 1 and (vector * bits // 8) not in (4, 8, 16):
        vector //= 2
    if vector * bits // 8 not in (4, 8, 16):
        raise lw.error(op, f"cannot lower '{op.name}': cp.async copies 4, 8 or 16 bytes, and "
                           f"these {bits}-bit elements cannot be grouped into such a copy")
    free = lw.layout(pointers).get_free_variable_masks()
    redundant = redundant_thread_predicate(lw, {d: free.get(d, 0) for d in THREAD_INPUTS})
    sources = lw.regs(op.src)
    masks = lw.regs(op.mask) if op.mask is not None else None
    size = vector * bits // 8
    modifier = ".cg" if size == 16 else ".ca"
    seen: set[int] = set()
    for first in range(0, len(sources), vector):
        if access.register_offsets[first] in seen:
            continue
        seen.add(access.register_offsets[first])
        destination = element_pointer(lw, base, element, access, first)
        asm = PtxInstruction()
        dst = asm.input(destination, "r")
        src = asm.input(sources[first], "l")
        if masks is not None:
            source_size = lw.value(llvm.SelectOp(masks[first], lw.i32(size), lw.i32(0)))
            size_operand = asm.input(source_size, "r")
        else:
            size_operand = f"0x{size:x}"
        guard = f"@{asm.input(redundant, 'b')} " if redundant is not None else ""
        asm.lines.append(f"{guard}cp.async{modifier}.shared.global [ {dst} + 0 ], "
                         f"[ {src} + 0 ], 0x{size:x}, {size_operand};")
        asm.launch(lw, None)
    lw.bind(op.token, [lw.i32(0)])


def _constant_value(value: SSAValue) -> Attribute | None:
    owner = value.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        return owner.properties.get("value")
    return None


@lowers("ttg.async_commit_group")
def _async_commit_group(lw: FunctionLowering, op: Operation) -> None:
    asm = PtxInstruction()
    asm.lines.append("cp.async.commit_group;")
    asm.launch(lw, None)
    lw.bind(op.results[0], [lw.i32(0)])


@lowers("ttg.async_wait")
def _async_wait(lw: FunctionLowering, op: Operation) -> None:
    pending = op.properties.get("num")
    count = pending.value.data if isinstance(pending, IntegerAttr) else 0
    asm = PtxInstruction()
    asm.lines.append(f"cp.async.wait_group {count};")
    asm.launch(lw, None)
    lw.bind(op.results[0], [lw.i32(0)])
