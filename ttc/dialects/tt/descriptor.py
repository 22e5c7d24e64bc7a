"""Tensor-descriptor (TMA) accesses beyond load and store: row gather/scatter and reducing stores.

Mirrors `TT_DescriptorGatherOp`, `TT_DescriptorScatterOp` and `TT_DescriptorReduceOp` of
Triton's `TritonOps.td` and their verifiers in `lib/Dialect/Triton/IR/Ops.cpp`:

```
%t = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<...>, tensor<Nxi32>, i32) -> tensor<NxMxT>
tt.descriptor_scatter %d[%rows, %col], %t : !tt.tensordesc<...>, tensor<Nxi32>, i32, tensor<NxMxT>
tt.descriptor_reduce add, %d[%i, %j], %t : !tt.tensordesc<...>, tensor<...>
```

A gather reads `N` rows (`%rows`) of `M` columns from `%col` through a descriptor of a 1xM block;
a scatter writes them. `verify_block_matches` is Triton's `verifyDescriptorLoadStoreOp`, shared
with `tt.descriptor_load` and `tt.descriptor_store`.
"""

from __future__ import annotations

from math import prod
from typing import Any

from xdsl.dialects.builtin import IntegerAttr, IntegerType, TensorType, i32
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, MemoryReadOp, MemoryReadWriteOp
from ttc.dialects.tt.syntax import InferredI32, enum_keyword
from ttc.dialects.tt.types import DescriptorReduceKind, TensorDescType, bit_width, signless
from ttc.ir.op_definition import op_definition


def _block(desc: Attribute) -> TensorType:
    """The descriptor's block, its element signless as the tensors it loads and stores are."""
    if not isinstance(desc, TensorDescType):
        raise VerifyException(f"operand #0 must be tensor descriptor type, but got '{desc}'")
    return desc.signless_block_type


def verify_block_matches(desc: Attribute, tensor: TensorType) -> None:
    """The tensor (or shared buffer) has the descriptor block's element type, signedness aside,
    and number of elements."""
    block = _block(desc)
    if block.get_element_type() != signless(tensor.get_element_type()):
        raise VerifyException(
            "descriptor block and tensor element types must match, but got descriptor element "
            f"type '{block.get_element_type()}' and tensor element type '{tensor.get_element_type()}'"
        )
    block_elements, tensor_elements = prod(block.get_shape()), prod(tensor.get_shape())
    if block_elements != tensor_elements:
        raise VerifyException(
            "descriptor block and tensor must have the same number of elements, but got "
            f"descriptor block with {block_elements} elements tensor with {tensor_elements} "
            "elements"
        )


def verify_rows(desc: Attribute, rows: Attribute, tensor: Any) -> None:
    """Triton's `verifyGatherScatterOp`: 1xM block, N row offsets, an NxM tensor (or shared
    buffer, for `ttng.async_tma_gather`/`scatter`) of whole TMA rows."""
    block = _block(desc)
    assert isinstance(rows, TensorType)
    if len(block.get_shape()) != 2:
        raise VerifyException(f"descriptor block must be a 2D tensor, but got '{block}'")
    if block.get_shape()[0] != 1:
        raise VerifyException(f"descriptor block must have exactly 1 row, but got '{block}'")
    if len(rows.get_shape()) != 1:
        raise VerifyException(f"x offsets must be a 1D tensor, but got '{rows}'")
    if len(tensor.get_shape()) != 2:
        raise VerifyException(f"result must be a 2D tensor, but got '{tensor}'")
    n_rows, n_cols = tensor.get_shape()
    if n_rows < 8:
        raise VerifyException(f"must have at least 8 rows, but got {n_rows}")
    element = tensor.get_element_type()
    width = bit_width(element)
    if width > 32:
        raise VerifyException("TMA dtype cannot be greater than 32 bits")
    min_cols = 32 // width * 8
    if n_cols < min_cols:
        raise VerifyException(
            f"must have at least {min_cols} columns for '{element}', but got {n_cols}"
        )
    if n_rows != rows.get_shape()[0]:
        raise VerifyException(
            f"result tensor must have as many rows as indices ({rows.get_shape()[0]}), but got "
            f"'{tensor}'"
        )
    if n_cols != block.get_shape()[1]:
        raise VerifyException(
            f"result tensor number of columns must match block ({block.get_shape()[1]}), but got "
            f"'{tensor}'"
        )
    if signless(element) != block.get_element_type():
        raise VerifyException(
            f"result tensor element type must match block ('{block.get_element_type()}'), but got "
            f"'{tensor}'"
        )


def _row_offsets(rows: Attribute) -> None:
    if not isinstance(rows, TensorType) or bit_width(rows.get_element_type()) not in (16, 32) or (
        not isinstance(rows.get_element_type(), IntegerType)
    ):
        raise VerifyException(
            "operand #1 must be ranked tensor of 16-bit signless integer or 32-bit signless "
            f"integer values, but got '{rows}'"
        )


@op_definition
class DescriptorGatherOp(MemoryReadOp):
    """`tt.descriptor_gather`: rows of a global tensor, picked by offset, into one tensor."""

    name = "tt.descriptor_gather"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    result = result_def(TensorType)

    assembly_format = (
        "$desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)"
    )

    def verify_(self) -> None:
        _row_offsets(self.x_offsets.type)
        verify_rows(self.desc.type, self.x_offsets.type, self.result.type)


@op_definition
class DescriptorScatterOp(MemoryReadWriteOp):
    """`tt.descriptor_scatter`: a tensor's rows written to rows of a global tensor, by offset."""

    name = "tt.descriptor_scatter"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    src = operand_def(TensorType)

    assembly_format = (
        "$desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)"
    )

    def verify_(self) -> None:
        _row_offsets(self.x_offsets.type)
        verify_rows(self.desc.type, self.x_offsets.type, self.src.type)


DESCRIPTOR_WRITE_FORMAT = (
    "$desc `[` $indices `]` `,` $src attr-dict `:` type($desc) `,` type($src) "
    "custom<InferredI32>(type($indices))"
)
"""`%desc[%i, ...], %src {attrs} : desc-type, src-type`, the syntax shared by `tt.descriptor_store`
and `tt.descriptor_reduce` (after its kind); the indices are i32 by definition."""


@op_definition
class DescriptorReduceOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`tt.descriptor_reduce add, %d[%i, %j], %t`: combine a tensor into a global block (TMA
    reduction)."""

    name = "tt.descriptor_reduce"

    kind = prop_def(IntegerAttr)
    desc = operand_def(TensorDescType)
    src = operand_def(TensorType)
    indices = var_operand_def(i32)

    assembly_format = "custom<DescriptorReduceKind>($kind) `,` " + DESCRIPTOR_WRITE_FORMAT
    custom_directives = (enum_keyword(DescriptorReduceKind), InferredI32)

    def verify_(self) -> None:
        src = self.src.type
        assert isinstance(src, TensorType)
        verify_block_matches(self.desc.type, src)


DESCRIPTOR_OPS: tuple[type[IRDLOperation], ...] = (
    DescriptorGatherOp,
    DescriptorScatterOp,
    DescriptorReduceOp,
)
"""The ops of this module, for the `tt` dialect."""

