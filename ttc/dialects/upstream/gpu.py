"""The `gpu` dialect ops that Triton's IR uses: `gpu.barrier` and the thread/block index queries.

Mirrors MLIR's `gpu` dialect (mlir/include/mlir/Dialect/GPU/IR/GPUOps.td). Older Triton emits
`gpu.barrier` between shared-memory phases; `gpu.thread_id x`, `gpu.block_id y` and friends return
an `index` and print with an optional `upper_bound N`. xDSL defines these ops with the generic
syntax only, so the custom syntax is given here, along with the `#gpu<dim x>` attribute (which
keeps `xdsl.dialects.gpu` and its memref dependency out of ttc's start-up).
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.dialects.utils import EnumAttribute, StrEnum
from xdsl.ir import Dialect, SpacedOpaqueSyntaxAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    opt_prop_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from ttc.dialects.tt.op_bases import PureOp
from ttc.ir.op_definition import op_definition


class DimensionEnum(StrEnum):
    """A dimension of the thread or block grid."""

    X = auto()
    Y = auto()
    Z = auto()


@irdl_attr_definition
class DimensionAttr(EnumAttribute[DimensionEnum], SpacedOpaqueSyntaxAttribute):
    """`#gpu<dim x>`: the dimension an index query reads."""

    name = "gpu.dim"


@op_definition
class BarrierOp(IRDLOperation):
    """`gpu.barrier`: all threads of the workgroup wait here (`__syncthreads`)."""

    name = "gpu.barrier"

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__()


class _DimensionQuery(PureOp):
    """`%r = gpu.<name> x (upper_bound N)?` returning an `index`."""

    dimension = prop_def(DimensionAttr)
    upper_bound = opt_prop_def(IntegerAttr[IndexType])
    result = result_def(IndexType)

    def __init__(self, dimension: DimensionEnum | str, upper_bound: int | None = None):
        properties: dict[str, DimensionAttr | IntegerAttr] = {"dimension": DimensionAttr(DimensionEnum(dimension))}
        if upper_bound is not None:
            properties["upper_bound"] = IntegerAttr(upper_bound, IndexType())
        super().__init__(result_types=[IndexType()], properties=properties)

    # Hand-written syntax: the dimension is a bare `x|y|z` keyword with an optional `upper_bound N`
    # integer.
    def print(self, printer: Printer) -> None:
        printer.print_string(" " + self.dimension.data.value)
        if self.upper_bound is not None:
            printer.print_string(f" upper_bound {self.upper_bound.value.data}")
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> _DimensionQuery:
        pos = parser.pos
        dimension = parser.parse_identifier()
        if dimension not in ("x", "y", "z"):
            parser.raise_error(f"expected one of x, y, z, got '{dimension}'", pos, parser.pos)
        bound = parser.parse_integer(allow_boolean=False) if parser.parse_optional_keyword("upper_bound") else None
        attrs = parser.parse_optional_attr_dict()
        op = cls(dimension, bound)
        op.attributes |= attrs
        return op


@op_definition
class ThreadIdOp(_DimensionQuery):
    """`gpu.thread_id`: the thread's index within its block."""

    name = "gpu.thread_id"


@op_definition
class BlockIdOp(_DimensionQuery):
    """`gpu.block_id`: the block's index within the grid."""

    name = "gpu.block_id"


@op_definition
class BlockDimOp(_DimensionQuery):
    """`gpu.block_dim`: the number of threads per block."""

    name = "gpu.block_dim"


@op_definition
class GridDimOp(_DimensionQuery):
    """`gpu.grid_dim`: the number of blocks in the grid."""

    name = "gpu.grid_dim"


GPU = Dialect("gpu", [BarrierOp, ThreadIdOp, BlockIdOp, BlockDimOp, GridDimOp], [DimensionAttr])
