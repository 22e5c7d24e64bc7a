"""`tt.gather`: `out[I] = src[I with I[axis] replaced by idx[I]]` (Triton's GatherOpToLLVM.cpp).

Two code paths, chosen by `ttc.analysis.lowering_helpers.gather_is_warp_local` exactly as the
shared-memory allocation chose whether to give the op scratch:

- **Warp-local.** Every column along the gather axis lives in one warp, the same lanes holding
  the same columns in the source and the indices. For each index register, the column it belongs
  to and the index value give, through the pseudo-inverse of the source layout, the lane and the
  register holding the wanted element. The thread then reads every source register of its
  column from that lane (`shfl.sync.idx`, or no shuffle at all when the whole axis is in the
  thread's registers) and keeps the one whose register number matches (`llvm.select`).
- **Shared memory.** Every thread stores its source elements into the op's scratch buffer,
  row-major over the tensor's shape in reverse (Triton's `linearize`: dimension 0 fastest),
  the CTA waits at a barrier, and each index register loads the element at its own coordinates
  with the gather axis replaced by the index.

Registers that only repeat another register (zero register bases) are computed once and copied
(Triton's `unpackUniqueTensorElements` / `packUniqueTensorElements`). Indices of another width
than 32 bits are truncated or zero-extended. Shared-memory accesses go through a one-element
vector of the element's integer type, as Triton's NVIDIA `storeDShared` / `loadDShared` write an
unpredicated access.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerAttr, IntegerType, TensorType, VectorType, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.analysis.lowering_helpers import gather_is_warp_local
from ttc.conversion.tritongpu_to_llvm.indices import apply_layout, emit_indices, thread_coordinates
from ttc.conversion.tritongpu_to_llvm.lowering import (
    FLOAT_TYPES,
    FunctionLowering,
    bit_width,
    pack_vector,
    unpack_vector,
)
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import barrier, gep, shared_base, shuffle_idx
from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import llvm
from ttc.layouts.linear import LinearLayout

REGISTER = "register"


def _unique_registers(layout: LinearLayout) -> list[int]:
    """The registers of `layout` that are not copies of a lower one: those whose bits on zero
    register bases are all 0, in order (the registers of `remove_zero_bases_along_dim`)."""
    zero_bits = sum(
        1 << bit
        for bit in range(layout.in_dim_size_log2(REGISTER))
        if not any(layout.get_basis(REGISTER, bit))  # type: ignore[arg-type]
    )
    return [r for r in range(layout.in_dim_size(REGISTER)) if not r & zero_bits]


def _broadcast_registers(layout: LinearLayout, unique: Sequence[SSAValue]) -> list[SSAValue]:
    """All registers of `layout` from the values of its unique ones (each copy takes the value of
    the register with the copy's zero-basis bits cleared)."""
    positions = {r: i for i, r in enumerate(_unique_registers(layout))}
    zero_bits = sum(
        1 << bit
        for bit in range(layout.in_dim_size_log2(REGISTER))
        if not any(layout.get_basis(REGISTER, bit))  # type: ignore[arg-type]
    )
    return [unique[positions[r & ~zero_bits]] for r in range(layout.in_dim_size(REGISTER))]


def _index_to_i32(lw: FunctionLowering, index: SSAValue) -> SSAValue:
    """Triton's `convertIndexToI32`: wider indices truncated, narrower ones zero-extended."""
    width = bit_width(index.type)
    if width > 32:
        return lw.value(llvm.TruncOp(index, i32))
    if width < 32:
        return lw.value(llvm.ZExtOp(index, i32))
    return index


def _linearize(lw: FunctionLowering, index: Sequence[SSAValue], shape: Sequence[int]) -> SSAValue:
    """Triton's `LLVM::linearize(indices, shape)`: `((i[n-1] * s[n-2] + i[n-2]) * ... ) + i[0]`."""
    linear = index[-1]
    for dim in range(len(index) - 2, -1, -1):
        linear = lw.value(llvm.AddOp(lw.binary(llvm.MulOp, linear, shape[dim]), index[dim]))
    return linear


def _word_type(type: Attribute) -> IntegerType:
    """The integer a shared access moves for an element of `type` (at least a byte)."""
    width = 64 if isinstance(type, llvm.LLVMPointerType) else bit_width(type)
    return IntegerType(max(width, 8))


def _alignment(word: IntegerType) -> IntegerAttr:
    return IntegerAttr(word.width.data // 8, i64)


def _store(lw: FunctionLowering, pointer: SSAValue, value: SSAValue) -> None:
    """An unpredicated shared store of one element as `vector<1 x iN>` (Triton's storeDShared)."""
    word_type = _word_type(value.type)
    vector = pack_vector(lw, [value])
    if value.type != word_type:
        (element,) = unpack_vector(lw, vector)
        if isinstance(value.type, llvm.LLVMPointerType):
            word = lw.value(llvm.PtrToIntOp(element, word_type))
        elif isinstance(value.type, IntegerType):
            word = lw.value(llvm.ZExtOp(element, word_type))
        else:
            word = lw.value(llvm.BitcastOp(element, word_type))
        vector = pack_vector(lw, [word])
    lw.emit(llvm.StoreOp.create(operands=[vector, pointer], properties={"alignment": _alignment(word_type)}))


def _load(lw: FunctionLowering, pointer: SSAValue, type: Attribute) -> SSAValue:
    """An unpredicated shared load of one element through `vector<1 x iN>` (loadDShared)."""
    word_type = _word_type(type)
    vector = lw.value(
        llvm.LoadOp.create(
            operands=[pointer],
            result_types=[VectorType(word_type, [1])],
            properties={"alignment": _alignment(word_type)},
        )
    )
    (word,) = unpack_vector(lw, vector)
    if type == word_type:
        return word
    if isinstance(type, llvm.LLVMPointerType):
        value = lw.value(llvm.IntToPtrOp(word, type))
    elif isinstance(type, IntegerType):
        value = lw.value(llvm.TruncOp(word, type))
    else:
        assert isinstance(type, FLOAT_TYPES)
        value = lw.value(llvm.BitcastOp(word, type))
    (value,) = unpack_vector(lw, pack_vector(lw, [value]))
    return value


@lowers("tt.gather")
def _gather(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.GatherOp)
    src_type, idx_type = op.src.type, op.indices.type
    assert isinstance(src_type, TensorType) and isinstance(idx_type, TensorType)
    axis = op.axis.value.data
    if gather_is_warp_local(src_type, idx_type, axis):
        results = _warp_local(lw, op, axis)
    else:
        results = _in_shared(lw, op, axis)
    lw.bind(op.result, _broadcast_registers(lw.layout(op.result.type), results))


def _in_shared(lw: FunctionLowering, op: tt.GatherOp, axis: int) -> list[SSAValue]:
    if lw.num_ctas != 1:
        raise lw.cannot_lower(op)
    src_type = op.src.type
    assert isinstance(src_type, TensorType)
    shape = src_type.get_shape()
    element = lw.llvm_type(src_type)
    src_layout = lw.layout(src_type)
    src_regs = lw.regs(op.src)
    unique = _unique_registers(src_layout)
    src_indices = emit_indices(lw, src_layout.remove_zero_bases_along_dim(REGISTER))
    base = shared_base(lw, op)
    for r, coords in zip(unique, src_indices, strict=True):
        _store(lw, gep(lw, base, element, _linearize(lw, coords, shape)), src_regs[r])
    barrier(lw)

    dst_layout = lw.layout(op.result.type)
    idx_regs = lw.regs(op.indices)
    dst_indices = emit_indices(lw, dst_layout.remove_zero_bases_along_dim(REGISTER))
    results: list[SSAValue] = []
    for r, coords in zip(_unique_registers(dst_layout), dst_indices, strict=True):
        coords = list(coords)
        coords[axis] = _index_to_i32(lw, idx_regs[r])
        results.append(_load(lw, gep(lw, base, element, _linearize(lw, coords, shape)), element))
    return results


def _warp_local(lw: FunctionLowering, op: tt.GatherOp, axis: int) -> list[SSAValue]:
    src_type, idx_type = op.src.type, op.indices.type
    assert isinstance(src_type, TensorType) and isinstance(idx_type, TensorType)
    rank = len(src_type.get_shape())
    gather_dim = f"dim{axis}"
    all_dims = [f"dim{d}" for d in range(rank)]
    other_dims = [d for d in all_dims if d != gather_dim]
    src_layout = lw.layout(src_type).remove_zero_bases_along_dim(REGISTER)
    idx_layout = lw.layout(idx_type).remove_zero_bases_along_dim(REGISTER)
    thread_local = src_layout.sublayout_is_zero(["block", "warp", "lane"], [gather_dim])

    # (src_lane, src_reg) = src_layout^-1(column of the index register, index value).
    inverse = src_layout.pseudo_invert()
    assert inverse.sublayout_is_zero([gather_dim], ["warp", "block"])
    inverse = inverse.sublayout(all_dims, [REGISTER, "lane"])
    idx_column = idx_layout.sublayout(["block", "warp", "lane", REGISTER], other_dims)
    # The source registers of one column: a column's part xor the gather index's part.
    column_regs = inverse.sublayout(all_dims, [REGISTER]).remove_zero_bases_along_dim(gather_dim)
    regs_per_column = column_regs.in_dim_size(gather_dim)
    idx_reg_to_column = idx_layout.sublayout([REGISTER], other_dims)
    column_part = column_regs.sublayout(other_dims, [REGISTER])
    index_part = column_regs.sublayout([gather_dim], [REGISTER])

    all_src = lw.regs(op.src)
    src_values = [all_src[r] for r in _unique_registers(lw.layout(src_type))]
    all_idx = lw.regs(op.indices)
    idx_values = [all_idx[r] for r in _unique_registers(lw.layout(idx_type))]
    thread = thread_coordinates(lw)
    element = src_values[0].type

    results: list[SSAValue] = []
    for idx_reg, idx_value in enumerate(idx_values):
        column = apply_layout(lw, idx_column, {REGISTER: idx_reg, **thread})
        inputs: dict[str, SSAValue | int] = dict(zip(other_dims, column, strict=True))
        inputs[gather_dim] = _index_to_i32(lw, idx_value)
        src_reg, src_lane = apply_layout(lw, inverse, inputs)
        src_base = column_part.apply(idx_reg_to_column.apply({REGISTER: idx_reg}))[REGISTER]
        result = lw.value(llvm.UndefOp(element))
        for i in range(regs_per_column):
            reg = src_base ^ index_part.apply({gather_dim: i})[REGISTER]
            value = src_values[reg]
            if not thread_local:
                value = shuffle_idx(lw, value, src_lane)
            matches = lw.icmp("eq", lw.i32(reg), src_reg)
            result = lw.value(llvm.SelectOp(matches, value, result))
        results.append(result)
    return results
