"""Shared-memory and warp-shuffle building blocks (Triton's `getSharedMemoryBase`,
`TargetInfo::storeShared/loadShared/shuffleXor` for NVIDIA, and the CTA barrier lowering).

* `shared_base(lw, op)`: the function's shared memory (`@global_smem` in a kernel, the caller's
  buffer in a device function) plus the `allocation.offset` that `allocate-shared-memory` wrote on
  `op` (an `i8` GEP in address space 3).
* `store_shared` / `load_shared`: one `st.shared.bN` / `ld.shared.bN`, predicated through inline
  PTX as Triton writes them (`@$2 st.shared.b32 [ $0 + 0 ], $1;`); sub-byte values travel as bytes.
* `shuffle_xor` / `shuffle_up` / `shuffle_idx` (Triton's `shuffleXor/shuffleUp/shuffleIdx`):
  `shfl.sync.bfly` / `.up` / `.idx` with a full mask (clamp 31, 0 and 31) on 32-bit words; narrower
  values are widened, 64-bit values shuffled as two halves, floats and pointers bit-cast.
* `gpu.barrier` (what Membar inserts) and `ttg.barrier` (Triton 3.7's spelling, whatever its
  address spaces, as Triton's NVIDIA `BarrierOpConversion` does) become `nvvm.barrier0`
  (`bar.sync 0`).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    IntAttr,
    IntegerAttr,
    IntegerType,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import (
    FLOAT_TYPES,
    SHARED_ADDRESS_SPACE,
    FunctionLowering,
    bit_width,
)
from ttc.conversion.tritongpu_to_llvm.masked_memory import masked_load, masked_store
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.upstream import llvm, nvvm

OFFSET_ATTR = "allocation.offset"
FULL_MASK = -1
SHUFFLE_CLAMP = 31

_CONSTRAINTS = {64: "l", 32: "r", 16: "h", 8: "c"}


def shared_pointer_type() -> Attribute:
    return llvm.LLVMPointerType(IntAttr(SHARED_ADDRESS_SPACE))


def gep(lw: FunctionLowering, base: SSAValue, element: Attribute, index: SSAValue | int) -> SSAValue:
    """`getelementptr element, base[index]` (a constant index is folded into the op)."""
    operands = [base]
    if isinstance(index, int):
        raw = [index]
    else:
        raw = [llvm.GEP_DYNAMIC_INDEX]
        operands.append(index)
    return lw.value(
        llvm.GEPOp.create(
            operands=operands,
            result_types=[base.type],
            properties={"rawConstantIndices": DenseArrayBase.from_list(i32, raw), "elem_type": element},
        )
    )


def shared_base(lw: FunctionLowering, op: Operation) -> SSAValue:
    """The start of `op`'s buffer: the stack pointer + its `allocation.offset` bytes."""
    offset = op.attributes.get(OFFSET_ATTR)
    if isinstance(offset, ArrayAttr):
        raise lw.error(op, f"cannot lower '{op.name}': a buffer split over shared-memory "
                           "partitions (#ttg.partitioned_shared) is not supported yet")
    if not isinstance(offset, IntegerAttr):
        raise lw.error(op, f"'{op.name}' needs shared memory but has no '{OFFSET_ATTR}'; run "
                           "allocate-shared-memory first")
    smem = lw.stack_pointer()
    return gep(lw, smem, i8, offset.value.data) if offset.value.data else smem


def memory_type(type: Attribute) -> Attribute:
    """How a value of LLVM `type` is kept in shared memory (i1 as i8, Triton's upcast)."""
    if isinstance(type, IntegerType) and type.width.data < 8:
        return i8
    return type


def to_memory(lw: FunctionLowering, value: SSAValue) -> SSAValue:
    stored = memory_type(value.type)
    return value if stored == value.type else lw.value(llvm.ZExtOp(value, stored))


def from_memory(lw: FunctionLowering, value: SSAValue, type: Attribute) -> SSAValue:
    return value if value.type == type else lw.value(llvm.TruncOp(value, type))


def _as_word(lw: FunctionLowering, value: SSAValue) -> tuple[SSAValue, int]:
    """The value as an integer of its own width (floats and pointers bit-cast)."""
    type = value.type
    if isinstance(type, llvm.LLVMPointerType):
        return lw.value(llvm.PtrToIntOp(value, i64)), 64
    width = bit_width(type)
    if isinstance(type, FLOAT_TYPES):
        return lw.value(llvm.BitcastOp(value, IntegerType(width))), width
    return value, width


def _from_word(lw: FunctionLowering, word: SSAValue, type: Attribute) -> SSAValue:
    if isinstance(type, llvm.LLVMPointerType):
        return lw.value(llvm.IntToPtrOp(word, type))
    if isinstance(type, FLOAT_TYPES):
        return lw.value(llvm.BitcastOp(word, type))
    return word


def _alignment(type: Attribute) -> int:
    return max(1, (64 if isinstance(type, llvm.LLVMPointerType) else bit_width(type)) // 8)


def store_shared(lw: FunctionLowering, pointer: SSAValue, value: SSAValue, predicate: SSAValue | None) -> None:
    """`@pred st.shared.bN [pointer], value` (unpredicated: a plain `llvm.store`)."""
    if predicate is None:
        lw.emit(llvm.StoreOp.create(operands=[value, pointer]))
        return
    if not lw.target.inline_ptx:
        masked_store(lw, pointer, [value], predicate, _alignment(value.type))
        return
    word, width = _as_word(lw, value)
    asm = PtxInstruction()
    address = asm.input(pointer, "r")
    data = asm.input(word, _CONSTRAINTS[width])
    guard = asm.input(predicate, "b")
    asm.lines.append(f"@{guard} st.shared.b{width} [ {address} + 0 ], {data};")
    asm.launch(lw, None)


def load_shared(lw: FunctionLowering, pointer: SSAValue, type: Attribute, predicate: SSAValue | None) -> SSAValue:
    """`@pred ld.shared.bN result, [pointer]` (unpredicated: a plain `llvm.load`)."""
    if predicate is None:
        return lw.value(llvm.LoadOp.create(operands=[pointer], result_types=[type]))
    if not lw.target.inline_ptx:
        return masked_load(lw, pointer, type, 1, predicate, None, _alignment(type))[0]
    width = 64 if isinstance(type, llvm.LLVMPointerType) else bit_width(type)
    asm = PtxInstruction()
    out = asm.output(_CONSTRAINTS[width])
    address = asm.input(pointer, "r")
    guard = asm.input(predicate, "b")
    asm.lines.append(f"@{guard} ld.shared.b{width} {out}, [ {address} + 0 ];")
    word = asm.launch(lw, IntegerType(width))
    assert word is not None
    return _from_word(lw, word, type)


def _shuffle_word(lw: FunctionLowering, word: SSAValue, kind: str, offset: SSAValue, clamp: int) -> SSAValue:
    return lw.value(
        nvvm.ShflOp.create(
            operands=[lw.i32(FULL_MASK), word, offset, lw.i32(clamp)],
            result_types=[i32],
            properties={"kind": nvvm.ShflKindAttr.get(kind)},
        )
    )


def _shuffle(lw: FunctionLowering, value: SSAValue, kind: str, offset: SSAValue | int, clamp: int) -> SSAValue:
    """One `shfl.sync.<kind>` of `value`, whatever its type (Triton's `shuffleCommon`)."""
    if isinstance(offset, int):
        offset = lw.i32(offset)
    word, width = _as_word(lw, value)
    if width == 64:
        low = lw.value(llvm.TruncOp(word, i32))
        high = lw.value(llvm.TruncOp(lw.binary(llvm.LShrOp, word, 32), i32))
        low = lw.value(llvm.ZExtOp(_shuffle_word(lw, low, kind, offset, clamp), i64))
        high = lw.value(llvm.ZExtOp(_shuffle_word(lw, high, kind, offset, clamp), i64))
        word = lw.value(llvm.OrOp(lw.binary(llvm.ShlOp, high, 32), low))
    elif width < 32:
        wide = lw.value(llvm.ZExtOp(word, i32))
        word = lw.value(llvm.TruncOp(_shuffle_word(lw, wide, kind, offset, clamp), IntegerType(width)))
    else:
        word = _shuffle_word(lw, word, kind, offset, clamp)
    return _from_word(lw, word, value.type)


def shuffle_xor(lw: FunctionLowering, value: SSAValue, mask: int) -> SSAValue:
    """The `value` held by lane `lane ^ mask` (Triton's `shuffleXor`)."""
    return _shuffle(lw, value, "bfly", mask, SHUFFLE_CLAMP)


def shuffle_up(lw: FunctionLowering, value: SSAValue, delta: int) -> SSAValue:
    """The `value` held by lane `lane - delta`; lanes below `delta` keep their own (`shuffleUp`)."""
    return _shuffle(lw, value, "up", delta, 0)


def shuffle_idx(lw: FunctionLowering, value: SSAValue, lane: SSAValue) -> SSAValue:
    """The `value` held by lane `lane` (Triton's `shuffleIdx`)."""
    return _shuffle(lw, value, "idx", lane, SHUFFLE_CLAMP)


def barrier(lw: FunctionLowering) -> None:
    """`bar.sync 0`: every thread of the CTA waits here."""
    lw.emit(nvvm.Barrier0Op())


@lowers("gpu.barrier", "ttg.barrier")
def _cta_barrier(lw: FunctionLowering, op: Operation) -> None:
    """`gpu.barrier` and Triton 3.7's `ttg.barrier` (any address spaces: bar.sync orders them all)."""
    barrier(lw)
