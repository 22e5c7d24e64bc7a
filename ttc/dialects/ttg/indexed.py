"""Indexed shared-memory access in TritonGPU: gather, scatter and atomic scatter along an axis.

Mirrors `TTG_LocalGatherOp`, `TTG_LocalScatterOp` and `TTG_LocalAtomicScatterRMWOp` of Triton's
`TritonGPUOps.td` and their verifiers in `lib/Dialect/TritonGPU/IR/Ops.cpp`:

```
%g = ttg.local_gather %buf[%idx] {axis = 0 : i32} : !ttg.memdesc<...>, tensor<..xi32> -> tensor<..>
ttg.local_scatter %buf[%idx], %vals {axis = 0 : i32} : !ttg.memdesc<...>, tensor<..xi32>, tensor<..>
%old = ttg.local_atomic_scatter_rmw add, %buf[%idx], %vals[, %mask] {axis = 0 : i32}
    : (!ttg.memdesc<...>, tensor<..>, tensor<..xi32>[, tensor<..xi1>]) -> tensor<..>
```

Along `axis`, element `i` of the result (or of the values) is at index `idx[i]` of the buffer;
along the other dimensions it is at its own position.
"""

from __future__ import annotations

from xdsl.dialects.builtin import AnyFloat, IntegerAttr, IntegerType, TensorType
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import (
    PropsInAttrDictOp,
    MemoryReadOp,
    MemoryWriteOp,
    MemoryReadWriteOp,
)
from ttc.dialects.tt.syntax import enum_keyword
from ttc.dialects.tt.types import RMWOp, i1_same_shape
from ttc.dialects.ttg.attrs import SharedEncoding
from ttc.dialects.ttg.ops import AsyncTokenType, MemDescType, check_shared_rank
from ttc.ir.op_definition import op_definition


def _indices(tensor: object) -> TensorType:
    if not isinstance(tensor, TensorType) or not isinstance(
        tensor.get_element_type(), IntegerType
    ):
        raise VerifyException("indices must have integer element type")
    return tensor


def _check_axis(axis: IntegerAttr, memdesc: MemDescType, what: str) -> None:
    rank = len(memdesc.get_shape())
    if not 0 <= axis.value.data < rank:
        raise VerifyException(
            f"axis {axis.value.data} is out of bounds for {what} rank {rank}"
        )


def _check_indexed_access(
    memdesc: MemDescType, buffer: str, tensor: TensorType, what: str, indices: TensorType,
    axis: IntegerAttr,
) -> None:
    """What `ttg.local_gather` and `ttg.local_scatter` ask of their shared `buffer`, of the
    tensor `what` they read into or write from, and of its `indices`, in Triton's order."""
    if not isinstance(memdesc.encoding, SharedEncoding):
        raise VerifyException(f"{buffer} must have shared memory encoding")
    if tensor.get_shape() != indices.get_shape():
        raise VerifyException(f"{what} shape must match indices shape")
    if len(memdesc.get_shape()) != len(indices.get_shape()):
        raise VerifyException(f"{buffer} and indices must have the same rank")
    _check_axis(axis, memdesc, buffer)


@op_definition
class LocalGatherOp(MemoryReadOp, PropsInAttrDictOp):
    """`ttg.local_gather`: read a shared buffer at per-element indices along `axis`."""

    name = "ttg.local_gather"

    src = operand_def(MemDescType)
    indices = operand_def(TensorType)
    token = opt_operand_def(AsyncTokenType)
    axis = prop_def(IntegerAttr)
    result = result_def(TensorType)

    assembly_format = (
        "$src `[` $indices `]` (`token` $token^)? attr-dict `:` type($src) `,` type($indices) "
        "`->` type($result)"
    )

    def verify_(self) -> None:
        src, indices, result = self.src.type, _indices(self.indices.type), self.result.type
        assert isinstance(src, MemDescType) and isinstance(result, TensorType)
        _check_indexed_access(src, "source", result, "result", indices, self.axis)
        if src.element_type != result.get_element_type():
            raise VerifyException("result element type must match source element type")
        if indices.encoding != result.encoding:
            raise VerifyException("indices and result must have the same layout")


@op_definition
class LocalScatterOp(MemoryWriteOp, PropsInAttrDictOp):
    """`ttg.local_scatter`: write values into a shared buffer at per-element indices."""

    name = "ttg.local_scatter"

    dst = operand_def(MemDescType)
    values = operand_def(TensorType)
    indices = operand_def(TensorType)
    token = opt_operand_def(AsyncTokenType)
    axis = prop_def(IntegerAttr)

    assembly_format = (
        "$dst `[` $indices `]` `,` $values (`token` $token^)? attr-dict `:` type($dst) `,` "
        "type($indices) `,` type($values)"
    )

    def verify_(self) -> None:
        dst, values, indices = self.dst.type, self.values.type, _indices(self.indices.type)
        assert isinstance(dst, MemDescType) and isinstance(values, TensorType)
        _check_indexed_access(dst, "destination", values, "values", indices, self.axis)
        if values.encoding != indices.encoding:
            raise VerifyException("values must have the same layout as indices")
        if dst.element_type != values.get_element_type():
            raise VerifyException("values element type must match destination element type")


@op_definition
class LocalAtomicScatterRMWOp(MemoryReadWriteOp):
    """`ttg.local_atomic_scatter_rmw`: atomically combine values into a shared buffer at
    per-element indices; the result holds the old values."""

    name = "ttg.local_atomic_scatter_rmw"

    dst = operand_def(MemDescType)
    values = operand_def(TensorType)
    indices = operand_def(TensorType)
    mask = opt_operand_def(TensorType)
    atomic_rmw_op = prop_def(IntegerAttr)
    axis = prop_def(IntegerAttr)
    result = result_def(TensorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())

    assembly_format = (
        "custom<RMWOp>($atomic_rmw_op) `,` $dst `[` $indices `]` `,` $values (`,` $mask^)? "
        "attr-dict `:` `(` type($dst) `,` type($values) `,` type($indices) (`,` type($mask)^)? `)` "
        "`->` type($result)"
    )
    custom_directives = (enum_keyword(RMWOp),)

    def verify_(self) -> None:
        dst, values = self.dst.type, self.values.type
        assert isinstance(dst, MemDescType) and isinstance(values, TensorType)
        if self.result.type != values:
            raise VerifyException(
                "failed to verify that result type matches values type"
            )
        if self.mask is not None and self.mask.type != i1_same_shape(values):
            raise VerifyException("failed to verify that mask type matches values type")
        if not dst.is_mutable:
            raise VerifyException("Cannot store into immutable memory")
        if not isinstance(dst.encoding, SharedEncoding):
            raise VerifyException("destination must have shared memory encoding")
        if not isinstance(values.get_element_type(), IntegerType | AnyFloat):
            raise VerifyException("values must have integer or floating element type")
        indices = _indices(self.indices.type)
        check_shared_rank(values, dst, "values")
        if values.get_shape() != indices.get_shape():
            raise VerifyException("values shape must match indices shape")
        mask = self.mask.type if self.mask is not None else None
        if isinstance(mask, TensorType) and values.get_shape() != mask.get_shape():
            raise VerifyException("values shape must match mask shape")
        _check_axis(self.axis, dst, "destination")
        if values.encoding != indices.encoding:
            raise VerifyException("values must have the same layout as indices")
        if isinstance(mask, TensorType) and values.encoding != mask.encoding:
            raise VerifyException("values must have the same layout as mask")
        if dst.element_type != values.get_element_type():
            raise VerifyException("values element type must match destination element type")


INDEXED_OPS: tuple[type[IRDLOperation], ...] = (
    LocalGatherOp,
    LocalScatterOp,
    LocalAtomicScatterRMWOp,
)
"""The ops of this module, for the `ttg` dialect."""
