"""Shared-memory ops → LLVM (Triton's MemoryOpToLLVM, the memdesc views of ViewOpToLLVM and the
NVIDIA AsyncCopyGlobalToLocal / AsyncCommitGroup / AsyncWait conversions).

* `ttg.local_alloc`: the descriptor of `@global_smem + allocation.offset` (zero logical offsets);
  with an initial value, the tensor is stored as `ttg.local_store` does.
* `ttg.local_store` / `ttg.local_load`: vector `llvm.store` / `llvm.load` of up to 128 bits per
  access, addresses from the linear layouts (`shared_transfer.transfer`); broadcast registers are
  moved once. Where the layouts permit, a load is `ldmatrix` (sm_75 on) and a store, a
  `local_alloc`'s included, `stmatrix` (sm_90 on), `.trans` when only that fits, as Triton's
  `lowerLdStMatrix` tries for every local_load, local_store and local_alloc.
* `ttg.local_dealloc`: nothing (the arena is static).
* `ttg.memdesc_index` advances the base by `index * elements of one buffer`;
  `ttg.memdesc_subslice` adds its offsets to the logical offsets; `ttg.memdesc_trans` permutes
  them; `ttg.memdesc_reshape` re-linearises them over the new shape.
* `ttg.async_copy_global_to_local`: one `cp.async.{ca,cg}.shared.global` per vector of 4, 8 or 16
  bytes (`.cg` for 16), the source size `mask ? n : 0` zero-filling masked elements; threads that
  hold copies of another thread's elements stay silent. `other` must be zero (the zero fill).
* `ttg.async_commit_group` → `cp.async.commit_group`; `ttg.async_wait {num}` →
  `cp.async.wait_group num`; tokens are the `i32` 0, as in Triton.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    TensorType,
    VectorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import redundant_thread_predicate
from ttc.conversion.tritongpu_to_llvm.load_store import vector_size
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, bit_width, constant_int, pack_vector
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    from_memory,
    gep,
    memory_type,
    shared_base,
    to_memory,
)
from ttc.conversion.tritongpu_to_llvm.shared_transfer import (
    MAX_ACCESS_BITS,
    AddressEmitter,
    MatrixEmitterFn,
    MatrixPlan,
    RegisterOffsets,
    SharedView,
    coordinates_to_offset,
    load_matrices,
    plan_ldmatrix,
    store_matrices,
    subslice_mask,
    transfer,
)
from ttc.dialects.tt.types import PointerType
from ttc.dialects.ttg.attrs import SharedMemorySpaceAttr
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.upstream import llvm, nvvm
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.swizzling import LDMATRIX_MIN_CAPABILITY, STMATRIX_MIN_CAPABILITY


def _memdesc(lw: FunctionLowering, op: Operation, value: SSAValue) -> MemDescType:
    type = value.type
    if not isinstance(type, MemDescType) or not isinstance(type.memory_space, SharedMemorySpaceAttr):
        raise lw.cannot_lower(op)
    if lw.num_ctas != 1:
        raise lw.cannot_lower(op)
    return type


def _register_offsets(
    lw: FunctionLowering, op: Operation, layout: LinearLayout, type: MemDescType
) -> RegisterOffsets:
    try:
        return RegisterOffsets.of(layout, coordinates_to_offset(type))
    except LayoutError as error:
        raise lw.error(op, f"cannot lower '{op.name}': {error.message}") from None


def _elements(lw: FunctionLowering, vector: SSAValue, element: Attribute, count: int) -> list[SSAValue]:
    return [
        lw.value(llvm.ExtractElementOp.create(operands=[vector, lw.i32(i)], result_types=[element]))
        for i in range(count)
    ]


def _alignment(values: int, element: Attribute) -> dict[str, Attribute]:
    return {"alignment": IntegerAttr(values * max(bit_width(element) // 8, 1), i64)}


def store_tensor(lw: FunctionLowering, op: Operation, tensor: SSAValue, view: SharedView) -> None:
    """Store a distributed tensor into a shared buffer (Triton's `lowerLocalLdSt`, store side)."""
    assert isinstance(tensor.type, TensorType)
    layout = lw.layout(tensor.type)
    offsets = _register_offsets(lw, op, layout, view.type)
    regs = [to_memory(lw, r) for r in lw.regs(tensor)]
    stored = regs[0].type
    matrices = _matrix_plan(lw, offsets, view, bit_width(stored), STMATRIX_MIN_CAPABILITY)
    if matrices is not None:
        plan, emitter = matrices
        store_matrices(lw, offsets, plan, emitter, [regs[r] for r in offsets.registers])
        return

    def access(address: SSAValue, compressed: list[int]) -> None:
        values = [regs[offsets.registers[c]] for c in compressed]
        value = values[0] if len(values) == 1 else pack_vector(lw, values)
        lw.emit(llvm.StoreOp.create(operands=[value, address], properties=_alignment(len(values), stored)))

    transfer(lw, offsets, view, bit_width(stored), access)


def _load_tensor(lw: FunctionLowering, op: Operation, view: SharedView, result: SSAValue) -> None:
    assert isinstance(result.type, TensorType)
    layout = lw.layout(result.type)
    offsets = _register_offsets(lw, op, layout, view.type)
    element = lw.llvm_type(result.type)
    stored = memory_type(element)
    loaded: dict[int, SSAValue] = {}
    matrices = _matrix_plan(lw, offsets, view, bit_width(stored), LDMATRIX_MIN_CAPABILITY)
    if matrices is not None:
        plan, emitter = matrices
        loaded = load_matrices(lw, offsets, plan, emitter, stored)
    else:

        def access(address: SSAValue, compressed: list[int]) -> None:
            count = len(compressed)
            type = stored if count == 1 else VectorType(stored, [count])
            value = lw.value(
                llvm.LoadOp.create(operands=[address], result_types=[type], properties=_alignment(count, stored))
            )
            values = [value] if count == 1 else _elements(lw, value, stored, count)
            loaded.update(zip(compressed, values, strict=True))

        transfer(lw, offsets, view, bit_width(stored), access)
    values = {c: from_memory(lw, v, element) for c, v in sorted(loaded.items())}
    lw.bind(result, [values[c] for c in offsets.expand(layout)])


def _matrix_plan(
    lw: FunctionLowering, offsets: RegisterOffsets, view: SharedView, bits: int, min_capability: int
) -> tuple[MatrixPlan, MatrixEmitterFn] | None:
    """How `ldmatrix`/`stmatrix` (then their `.trans` forms) move the tensor, on a target of at
    least `min_capability`; None when the target or the layouts do not permit it."""
    if lw.target.compute_capability < min_capability:
        return None
    span = subslice_mask(view.type)
    plans = (plan_ldmatrix(offsets, span, bits, transpose) for transpose in (False, True))
    plan = next((p for p in plans if p is not None), None)
    if plan is None:
        return None

    def emitter(lanes: list[int], thread_bits: int) -> AddressEmitter:
        return AddressEmitter.for_view(lw, view, bits // 8, lanes, offsets.warp, thread_bits)

    return plan, emitter


@lowers("ttg.local_alloc")
def _local_alloc(lw: FunctionLowering, op: Operation) -> None:
    type = _memdesc(lw, op, op.results[0])
    view = SharedView(type, shared_base(lw, op), [lw.i32(0) for _ in type.get_shape()])
    if op.operands:
        store_tensor(lw, op, op.operands[0], view)
    view.bind(lw, op.results[0])


@lowers("ttg.local_dealloc")
def _local_dealloc(lw: FunctionLowering, op: Operation) -> None:
    _memdesc(lw, op, op.operands[0])


@lowers("ttg.local_store")
def _local_store(lw: FunctionLowering, op: Operation) -> None:
    _memdesc(lw, op, op.operands[1])
    store_tensor(lw, op, op.operands[0], SharedView.of(lw, op.operands[1]))


@lowers("ttg.local_load")
def _local_load(lw: FunctionLowering, op: Operation) -> None:
    _memdesc(lw, op, op.operands[0])
    _load_tensor(lw, op, SharedView.of(lw, op.operands[0]), op.results[0])


@lowers("ttg.memdesc_index")
def _memdesc_index(lw: FunctionLowering, op: Operation) -> None:
    _memdesc(lw, op, op.operands[0])
    result = op.results[0].type
    assert isinstance(result, MemDescType)
    view = SharedView.of(lw, op.operands[0])
    stride = prod(result.get_alloc_shape()[-len(result.get_shape()) :])
    offset = lw.binary(llvm.MulOp, lw.scalar(op.operands[1]), stride)
    base = gep(lw, view.base, lw.llvm_type(result.element_type), offset)
    SharedView(result, base, view.offsets[1:]).bind(lw, op.results[0])


@lowers("ttg.memdesc_subslice")
def _memdesc_subslice(lw: FunctionLowering, op: Operation) -> None:
    _memdesc(lw, op, op.operands[0])
    view = SharedView.of(lw, op.operands[0])
    steps = op.properties["offsets"].get_values()  # type: ignore[attr-defined]
    offsets = [_shifted(lw, offset, step) for offset, step in zip(view.offsets, steps, strict=True)]
    SharedView(op.results[0].type, view.base, offsets).bind(lw, op.results[0])  # type: ignore[arg-type]


def _shifted(lw: FunctionLowering, offset: SSAValue, step: int) -> SSAValue:
    """`offset + step`, a constant when `offset` is one (so that consumers needing static
    offsets, such as wgmma descriptors, still see one through nested subslices)."""
    if not step:
        return offset
    known = constant_int(offset)
    return lw.i32(known + step) if known is not None else lw.binary(llvm.AddOp, offset, step)


@lowers("ttg.memdesc_trans")
def _memdesc_trans(lw: FunctionLowering, op: Operation) -> None:
    _memdesc(lw, op, op.operands[0])
    view = SharedView.of(lw, op.operands[0])
    order = op.properties["order"].get_values()  # type: ignore[attr-defined]
    offsets = [view.offsets[d] for d in order]
    SharedView(op.results[0].type, view.base, offsets).bind(lw, op.results[0])  # type: ignore[arg-type]


@lowers("ttg.memdesc_reshape")
def _memdesc_reshape(lw: FunctionLowering, op: Operation) -> None:
    source = _memdesc(lw, op, op.operands[0])
    result = op.results[0].type
    assert isinstance(result, MemDescType)
    view = SharedView.of(lw, op.operands[0])
    linear: SSAValue | None = None
    stride = 1
    for dim in reversed(range(len(source.get_shape()))):
        term = lw.binary(llvm.MulOp, view.offsets[dim], stride) if stride > 1 else view.offsets[dim]
        linear = term if linear is None else lw.value(llvm.AddOp(linear, term))
        stride *= source.get_shape()[dim]
    assert linear is not None
    offsets: list[SSAValue] = []
    for size in reversed(result.get_shape()):
        offsets.insert(0, lw.binary(llvm.URemOp, linear, size))
        linear = lw.binary(llvm.UDivOp, linear, size)
    SharedView(result, view.base, offsets).bind(lw, op.results[0])


def _is_zero(value: SSAValue) -> bool:
    owner = value.owner
    if not isinstance(owner, llvm.ConstantOp):
        return False
    attr = owner.value
    return isinstance(attr, IntegerAttr | FloatAttr) and attr.value.data == 0


@lowers("ttg.async_copy_global_to_local")
def _async_copy(lw: FunctionLowering, op: Operation) -> None:
    src, dst = op.operands[0], op.operands[1]
    mask = op.mask  # type: ignore[attr-defined]
    other = op.other  # type: ignore[attr-defined]
    type = _memdesc(lw, op, dst)
    assert isinstance(src.type, TensorType)
    pointer = src.type.element_type
    assert isinstance(pointer, PointerType)
    element = memory_type(lw.llvm_type(pointer.pointee_type))
    if other is not None and not all(_is_zero(v) for v in lw.regs(other)):
        raise lw.error(op, "cp.async fills masked elements with zeros; 'other' must be zero")
    bits = bit_width(element)
    assert lw.axis_info is not None
    vec = vector_size(lw, lw.axis_info, src, mask, bits)
    contiguity = op.properties.get("contiguity")
    if isinstance(contiguity, IntegerAttr):
        vec = max(vec, contiguity.value.data)
    vec = min(vec, MAX_ACCESS_BITS // bits)
    if vec * bits < 32:
        raise lw.error(
            op, f"cp.async does not support transfers smaller than 4 bytes; calculated this as "
            f"{vec * bits // 8} bytes"
        )
    layout = lw.layout(src.type)
    offsets = _register_offsets(lw, op, layout, type)
    masks = {**layout.get_free_variable_masks(), "block": 0}
    silent = redundant_thread_predicate(lw, masks)
    pointers = lw.regs(src)
    mask_regs = lw.regs(mask) if mask is not None else None

    def access(address: SSAValue, compressed: list[int]) -> None:
        first = offsets.registers[compressed[0]]
        size = len(compressed) * bits // 8
        asm = PtxInstruction()
        destination = asm.input(address, "r")
        source = asm.input(pointers[first], "l")
        if mask_regs is None:
            source_size = f"0x{size:x}"
        else:
            selected = lw.value(llvm.SelectOp(mask_regs[first], lw.i32(size), lw.i32(0)))
            source_size = asm.input(selected, "r")
        guard = f"@{asm.input(silent, 'b')} " if silent is not None else ""
        modifier = "cg" if size == 16 else "ca"
        asm.lines.append(
            f"{guard}cp.async.{modifier}.shared.global [ {destination} + 0 ], "
            f"[ {source} + 0 ], 0x{size:x}, {source_size};"
        )
        asm.launch(lw, None)

    transfer(lw, offsets, SharedView.of(lw, dst), bits, access, max_elems=vec)
    lw.bind(op.results[0], [lw.i32(0)])


@lowers("ttg.async_commit_group")
def _async_commit_group(lw: FunctionLowering, op: Operation) -> None:
    lw.emit(nvvm.CpAsyncCommitGroupOp())
    lw.bind(op.results[0], [lw.i32(0)])


@lowers("ttg.async_wait")
def _async_wait(lw: FunctionLowering, op: Operation) -> None:
    num = op.properties["num"]
    assert isinstance(num, IntegerAttr)
    lw.emit(nvvm.CpAsyncWaitGroupOp.create(properties={"n": IntegerAttr(num.value.data, i32)}))
    lw.bind(op.results[0], [lw.i32(0)])
