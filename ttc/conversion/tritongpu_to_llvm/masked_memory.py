"""Predicated memory accesses in plain LLVM: `llvm.masked.load` / `llvm.masked.store`.

The counterpart of the inline-PTX accesses (`@p ld.global.v4.b32`, `@p st.shared.b32`) for
targets that take no PTX (`TargetInfo.inline_ptx` false: MUSA). One access moves a vector of
`N` elements behind one predicate, as the PTX form does: the predicate is splat over an
`<N x i1>` mask, and a masked-off load yields the `other` values. The intrinsics are named with
LLVM's mangling of their vector and pointer types (`llvm.masked.load.v4f32.p1`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import (
    FunctionLowering,
    pack_vector,
    unpack_vector,
)
from ttc.dialects.upstream import llvm

_SCALAR_NAMES: dict[type[Attribute], str] = {
    Float16Type: "f16", BFloat16Type: "bf16", Float32Type: "f32", Float64Type: "f64",
}


def mangled(type_: Attribute) -> str:
    """LLVM's overload suffix for a scalar, vector or pointer type (`f32`, `v4i32`, `p1`)."""
    if isinstance(type_, VectorType):
        return f"v{type_.get_shape()[0]}{mangled(type_.element_type)}"
    if isinstance(type_, IntegerType):
        return f"i{type_.width.data}"
    if isinstance(type_, llvm.LLVMPointerType):
        return f"p{type_.addr_space.data}"
    return _SCALAR_NAMES[type(type_)]


def _splat_mask(lw: FunctionLowering, predicate: SSAValue, count: int) -> SSAValue:
    return pack_vector(lw, [predicate] * count)


def masked_load(lw: FunctionLowering, pointer: SSAValue, element: Attribute, count: int,
                predicate: SSAValue | None, others: Sequence[SSAValue] | None,
                align: int) -> list[SSAValue]:
    """`count` elements from `pointer` (a plain vector load when there is no predicate)."""
    vector_type = VectorType(element, [count])
    if predicate is None:
        load = llvm.LoadOp.create(operands=[pointer], result_types=[vector_type],
                                  properties={"alignment": IntegerAttr(align, 64)})
        return unpack_vector(lw, lw.value(load))
    if others is None:
        others = [lw.const(0, element)] * count
    passthru = pack_vector(lw, list(others))
    name = f"llvm.masked.load.{mangled(vector_type)}.{mangled(pointer.type)}"
    loaded = lw.call_intrinsic(
        name, [pointer, lw.i32(align), _splat_mask(lw, predicate, count), passthru], vector_type)
    assert loaded is not None
    return unpack_vector(lw, loaded)


def masked_store(lw: FunctionLowering, pointer: SSAValue, values: Sequence[SSAValue],
                 predicate: SSAValue | None, align: int) -> None:
    """`values` to `pointer` as one vector (a plain vector store when there is no predicate)."""
    vector = pack_vector(lw, list(values))
    if predicate is None:
        lw.emit(llvm.StoreOp.create(operands=[vector, pointer],
                                    properties={"alignment": IntegerAttr(align, 64)}))
        return
    name = f"llvm.masked.store.{mangled(vector.type)}.{mangled(pointer.type)}"
    lw.call_intrinsic(name, [vector, pointer, lw.i32(align),
                             _splat_mask(lw, predicate, len(values))], None)

