"""The `ttmg` ops → LLVM: SQMMA, async barriers and the TME as `llvm.musa.*` intrinsics.

Mirrors FlagTree's `DotOpToLLVM/SQMMA.cpp` (`convertSQMMADotImpl`) and `MUSAOpsToLLVM.cpp`:

- `ttmg.squad_dot`: for each instruction of the plan (`sqmma_plan.sqmma_steps`), a descriptor for
  each operand (`llvm.musa.sqmma.desc.{half,fp32,i8}` of the sub-tile's first element, with the
  operand's leading width in bytes, swizzle granularity NONE and stride 256 B: the buffers
  `ttg.local_alloc` and the TME fill carry no swizzle), then
  `<V x i32> llvm.musa.sqmma.<tag>.m<M>n<N>k<K>.mma(descA, descB, acc, transA, transB, 0, 0, 1, 0,
  0, 0, 0)` on the sub-tile's `V` accumulator registers (f32 bit-cast to i32), and one
  `llvm.musa.sqmma.wait()` after the last;
- barriers and TME copies: thread 0 (where `pred` holds) issues `llvm.musa.async.init.arrival`,
  `.add.trans`, `.arrive.none.phaseid`, `llvm.musa.tme.ld.tile.<R>d` (after a
  `llvm.musa.barrier0`) and `llvm.musa.tme.st.<R>d`; every thread calls `llvm.musa.async.arrive`
  and `llvm.musa.async.wait`. The TME's block shape and position vectors are innermost first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntegerType,
    TensorType,
    VectorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import thread_id
from ttc.conversion.tritongpu_to_llvm.lowering import (
    FunctionLowering,
    pack_vector,
    unpack_vector,
)
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import gep
from ttc.conversion.tritongpu_to_llvm.shared_transfer import (
    SharedView,
    coordinates_to_offset,
)
from ttc.dialects.ttg.attrs import ints
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.upstream import llvm
from ttc.targets.musa.dialect import (
    ArriveBarrierNoRetOp,
    ArriveBarrierOp,
    AsyncTMECopyGlobalToLocalOp,
    AsyncTMECopyLocalToGlobalOp,
    BarrierAddTransOp,
    InitArrivalOp,
    SquadDotOp,
    WaitBarrierOp,
)
from ttc.targets.musa.sqmma_encoding import SqmmaEncoding
from ttc.targets.musa.sqmma_plan import accumulator_registers, sqmma_steps

SWIZZLE_NONE = 0
SWIZZLE_STRIDE_256B = 3
SWIZZLE_LINE_256B = 1
MAX_LEAD_BYTES = 256


def _is_fp8(element: Attribute) -> str | None:
    name = getattr(element, "name", "")
    return {"f8E4M3FN": "e4m3", "f8E5M2": "e5m2"}.get(name)


def sqmma_tag(element: Attribute) -> str:
    """The intrinsic's type tag (`fmma` for f16 ...)."""
    if isinstance(element, Float16Type):
        return "fmma"
    if isinstance(element, BFloat16Type):
        return "bfmma"
    if isinstance(element, Float32Type):
        return "tfmma"
    if element == IntegerType(8):
        return "smma"
    fp8 = _is_fp8(element)
    assert fp8 is not None, element
    return fp8


def _descriptor_load(element: Attribute) -> tuple[Attribute, str]:
    """The type of the sub-tile's first element as the descriptor call takes it, and the
    call's suffix."""
    if isinstance(element, Float16Type | BFloat16Type):
        return IntegerType(16), "half"
    if isinstance(element, Float32Type):
        return Float32Type(), "fp32"
    return IntegerType(8), "i8"


def _strides(type_: MemDescType) -> tuple[int, int] | None:
    """(row stride, column stride) in elements when the buffer is a plain strided 2-D array."""
    inverse = coordinates_to_offset(type_)
    rows, cols = type_.get_shape()
    strides = []
    for dim, size in enumerate((rows, cols)):
        unit = [0, 0]
        unit[dim] = 1
        stride = inverse.apply(dict(zip(inverse.in_dims, unit, strict=True)))["offset"]
        bit = 1
        while bit < size:
            unit[dim] = bit
            if inverse.apply(dict(zip(inverse.in_dims, unit, strict=True)))["offset"] != bit * stride:
                return None
            bit *= 2
        strides.append(stride)
    return strides[0], strides[1]


def _lead_bytes(strides: tuple[int, int], shape: Sequence[int], element_bytes: int) -> int:
    """The operand's leading width: bytes of one line along its contiguous dimension."""
    contiguous = 1 if strides[1] == 1 else 0
    return shape[contiguous] * element_bytes


def _t0_if(lw: FunctionLowering, pred: SSAValue | None, body: Callable[[], None]) -> None:
    """`if (tid == 0 && pred) body()`: what one thread issues for the CTA."""
    first = lw.icmp("eq", thread_id(lw), 0)
    condition = lw.and_(first, pred)
    assert condition is not None

    def then() -> None:
        body()

    lw.emit_if(condition, then)


def _bitcast(lw: FunctionLowering, value: SSAValue, type_: Attribute) -> SSAValue:
    return value if value.type == type_ else lw.value(llvm.BitcastOp(value, type_))


@lowers("ttmg.squad_dot")
def _squad_dot(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, SquadDotOp)
    if op.use_c is not None:
        raise lw.error(op, "cannot lower 'ttmg.squad_dot' with a useC operand for "
                           f"{lw.target.name} yet")
    a_type, b_type, d_type = op.a.type, op.b.type, op.d.type
    assert isinstance(a_type, MemDescType) and isinstance(b_type, MemDescType)
    assert isinstance(d_type, TensorType)
    encoding = d_type.encoding
    assert isinstance(encoding, SqmmaEncoding)
    instr = encoding.instr_mnk
    warps = ints(encoding.warps_per_cta)
    element = a_type.element_type
    element_bytes = max(1, _bits(element) // 8)
    load_type, desc_suffix = _descriptor_load(element)
    operands = []
    for name, type_ in (("A", a_type), ("B", b_type)):
        strides = _strides(type_)
        if strides is None or 1 not in strides or type_.get_alloc_shape() != type_.get_shape():
            raise lw.error(op, f"cannot lower 'ttmg.squad_dot' for {lw.target.name}: operand "
                               f"{name} must be a whole, unswizzled row- or column-major buffer")
        lead = _lead_bytes(strides, type_.get_shape(), element_bytes)
        if lead > MAX_LEAD_BYTES or lead & (lead - 1):
            raise lw.error(op, f"cannot lower 'ttmg.squad_dot' for {lw.target.name}: operand "
                               f"{name} has {lead}-byte lines (SQMMA reads lines of a power of "
                               f"two up to {MAX_LEAD_BYTES} bytes)")
        operands.append((SharedView.of(lw, op.a if name == "A" else op.b), strides, lead))
    (a_view, a_strides, a_lead), (b_view, b_strides, b_lead) = operands
    m, n = d_type.get_shape()
    k = a_type.get_shape()[1]
    acc = list(lw.regs(op.c))
    per_tile = accumulator_registers(instr[:2])
    acc_type = IntegerType(32) if element == IntegerType(8) else Float32Type()
    vector_i32 = VectorType(i32, [per_tile])
    vector_acc = VectorType(acc_type, [per_tile])
    # the squad this thread belongs to, and its first sub-tile (sqmma_plan.squad_origin)
    warp = lw.binary(llvm.UDivOp, thread_id(lw), 32)
    squad = lw.binary(llvm.UDivOp, warp, 4)
    squads_m = warps[0] // 4
    squad_m = lw.binary(llvm.URemOp, squad, squads_m)
    squad_n = lw.binary(llvm.URemOp, lw.binary(llvm.UDivOp, squad, squads_m), warps[1])
    a_squad = lw.binary(llvm.MulOp, squad_m, instr[0] * a_strides[0])
    b_squad = lw.binary(llvm.MulOp, squad_n, instr[1] * b_strides[1])
    mma = f"llvm.musa.sqmma.{sqmma_tag(element)}.m{instr[0]}n{instr[1]}k{instr[2]}.mma"
    trans_a = lw.i32(0 if a_strides[1] == 1 else 1)
    trans_b = lw.i32(0 if b_strides[1] == 1 else 1)
    flags = [lw.i32(v) for v in (0, 0, 1, 0, 0, 0, 0)]

    def descriptor(view: SharedView, squad_offset: SSAValue, origin: tuple[int, int],
                   strides: tuple[int, int], lead: int) -> SSAValue:
        offset = lw.binary(llvm.AddOp, squad_offset,
                           origin[0] * strides[0] + origin[1] * strides[1])
        first = lw.value(llvm.LoadOp.create(
            operands=[gep(lw, view.base, lw.llvm_type(element), offset)],
            result_types=[load_type]))
        value = lw.call_intrinsic(f"llvm.musa.sqmma.desc.{desc_suffix}",
                                  [first, lw.i32(lead), lw.i32(SWIZZLE_NONE),
                                   lw.i32(SWIZZLE_STRIDE_256B)], i32)
        assert value is not None
        return value

    for step in sqmma_steps((m, n, k), instr, warps):
        desc_a = descriptor(a_view, a_squad, step.a_origin, a_strides, a_lead)
        desc_b = descriptor(b_view, b_squad, step.b_origin, b_strides, b_lead)
        fragment = acc[step.first_register:step.first_register + per_tile]
        packed = _bitcast(lw, pack_vector(lw, fragment), vector_i32)
        result = lw.call_intrinsic(mma, [desc_a, desc_b, packed, trans_a, trans_b, *flags],
                                   vector_i32)
        assert result is not None
        acc[step.first_register:step.first_register + per_tile] = unpack_vector(
            lw, _bitcast(lw, result, vector_acc))
    lw.call_intrinsic("llvm.musa.sqmma.wait", [], None)
    lw.bind(op.d, acc)


def _bits(element: Attribute) -> int:
    if isinstance(element, IntegerType):
        return element.width.data
    return int(getattr(element, "bitwidth", 8))


@lowers("ttmg.init_arrival")
def _init_arrival(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, InitArrivalOp)
    args = [lw.scalar(op.bar_id), lw.scalar(op.arrive_count), lw.scalar(op.phase_id)]
    pred = lw.scalar(op.pred) if op.pred is not None else None
    _t0_if(lw, pred, lambda: lw.call_intrinsic("llvm.musa.async.init.arrival", args, None))


@lowers("ttmg.barrier_add_trans")
def _add_trans(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, BarrierAddTransOp)
    args = [lw.scalar(op.bar_id), lw.scalar(op.bytes)]
    _t0_if(lw, lw.scalar(op.pred),
           lambda: lw.call_intrinsic("llvm.musa.async.add.trans", args, None))


@lowers("ttmg.arrive_barrier")
def _arrive(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ArriveBarrierOp)
    phase = lw.call_intrinsic("llvm.musa.async.arrive", [lw.scalar(op.bar_id)], i32)
    assert phase is not None
    lw.bind(op.phase_id, [phase])


@lowers("ttmg.arrive_barrier_noret")
def _arrive_noret(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ArriveBarrierNoRetOp)
    bar = lw.scalar(op.bar_id)
    _t0_if(lw, lw.scalar(op.pred),
           lambda: lw.call_intrinsic("llvm.musa.async.arrive.none.phaseid", [bar], None))


@lowers("ttmg.wait_barrier")
def _wait(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, WaitBarrierOp)
    lw.call_intrinsic("llvm.musa.async.wait", [lw.scalar(op.bar_id), lw.scalar(op.phase_id)],
                      None)


def _descriptor_word(lw: FunctionLowering, desc: SSAValue) -> SSAValue:
    """The TME descriptor as the intrinsics take it: an i64 (a pointer's address)."""
    value = lw.scalar(desc)
    if isinstance(value.type, llvm.LLVMPointerType):
        return lw.value(llvm.PtrToIntOp(value, i64))
    return value


def _tile_vectors(lw: FunctionLowering, shape: Sequence[int],
                  coords: Sequence[SSAValue]) -> list[SSAValue]:
    """The TME's block shape and position, innermost dimension first (scalars for rank 1)."""
    dims = [lw.i32(s) for s in reversed(shape)]
    pos = [lw.scalar(c) for c in reversed(coords)]
    if len(shape) == 1:
        return [dims[0], pos[0]]
    return [pack_vector(lw, dims), pack_vector(lw, pos)]


_TME_DEFAULTS = (SWIZZLE_NONE, SWIZZLE_STRIDE_256B, SWIZZLE_LINE_256B)


def _shared_buffer(lw: FunctionLowering, buffer: SSAValue) -> tuple[Sequence[int], SSAValue]:
    """The shape and shared-memory base address of a TME copy's buffer."""
    type_ = buffer.type
    assert isinstance(type_, MemDescType)
    return type_.get_shape(), SharedView.of(lw, buffer).base


def _tme_args(
    lw: FunctionLowering, base: SSAValue, desc: SSAValue, shape: Sequence[int], coords: Sequence[SSAValue],
    zeros: int,
) -> list[SSAValue]:
    """A TME copy intrinsic's operands from the buffer on: base, descriptor, tile, the default
    swizzles and `zeros` zero words."""
    return [base, _descriptor_word(lw, desc), *_tile_vectors(lw, shape, coords),
            *(lw.i32(v) for v in (*_TME_DEFAULTS, *[0] * zeros))]


@lowers("ttmg.async_tme_copy_global_to_local")
def _tme_load(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, AsyncTMECopyGlobalToLocalOp)
    shape, base = _shared_buffer(lw, op.result)
    lw.call_intrinsic("llvm.musa.barrier0", [], None)
    args = [lw.scalar(op.bar_id), *_tme_args(lw, base, op.desc, shape, op.coords, zeros=4)]
    name = f"llvm.musa.tme.ld.tile.{len(shape)}d"
    _t0_if(lw, lw.scalar(op.pred), lambda: lw.call_intrinsic(name, args, None))


@lowers("ttmg.async_tme_copy_local_to_global")
def _tme_store(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, AsyncTMECopyLocalToGlobalOp)
    shape, base = _shared_buffer(lw, op.src)
    args = _tme_args(lw, base, op.desc, shape, op.coords, zeros=3)
    name = f"llvm.musa.tme.st.{len(shape)}d"
    _t0_if(lw, lw.scalar(op.pred), lambda: lw.call_intrinsic(name, args, None))


@lowers("ttmg.tme_store_commit")
def _tme_commit(lw: FunctionLowering, op: Operation) -> None:
    lw.call_intrinsic("llvm.musa.tme.store.commit", [], None)


@lowers("ttmg.tme_store_read_wait")
def _tme_read_wait(lw: FunctionLowering, op: Operation) -> None:
    lw.call_intrinsic("llvm.musa.tme.store.read.wait", [], None)



