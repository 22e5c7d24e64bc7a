"""`tt.map_elementwise`: a scalar region mapped over the elements of tensors.

Mirrors `TT_MapElementwiseOp` and `TT_MapElementwiseReturnOp` of Triton's `TritonOps.td` and
their verifiers in `lib/Dialect/Triton/IR/Ops.cpp`. The op has no custom syntax:

```
%r = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
  ...
  tt.map_elementwise.return %x0, %x1 : f32, f32
}) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
```

With `pack = N`, the region sees N consecutive elements of each operand (operand-major) and
returns N elements of each result; it may not store.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerAttr, TensorType
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import (
    HasParent,
    IsTerminator,
    MemoryEffectKind,
    Pure,
    RecursiveMemoryEffect,
    ReturnLike,
    has_effects,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt import verify as v
from ttc.ir.op_definition import op_definition
from ttc.ir.walk import walk


def _packed_elements(types: Sequence[Attribute], pack: int) -> list[Attribute]:
    """Each tensor's element type, `pack` times (Triton's `repeatInterleave`)."""
    return [t.get_element_type() for t in types if isinstance(t, TensorType) for _ in range(pack)]


@op_definition
class MapElementwiseOp(IRDLOperation):
    """`tt.map_elementwise`: apply the scalar region to every `pack` elements of the operands."""

    name = "tt.map_elementwise"

    srcs = var_operand_def(TensorType)
    pack = prop_def(IntegerAttr)
    result = var_result_def(TensorType)
    scalar_op = region_def()

    traits = traits_def(RecursiveMemoryEffect())

    def verify_(self) -> None:
        types = [*self.operand_types, *self.result_types]
        v.same_shape(types)
        v.same_encoding(types)
        if not self.srcs:
            raise VerifyException("MapElementwiseOp must have at least 1 operand")
        pack = self.pack.value.data
        if pack <= 0 or pack & (pack - 1):
            raise VerifyException("Pack must be a power of 2")
        entry = self.scalar_op.blocks.first
        if entry is None or len(entry.args) != len(self.srcs) * pack:
            raise VerifyException("region has wrong number of arguments")
        if list(entry.arg_types) != _packed_elements(self.operand_types, pack):
            raise v.error_at(self, "argument types did not match")
        returned = _packed_elements(self.result_types, pack)
        for op in walk(self.scalar_op):
            if not op.has_trait(RecursiveMemoryEffect) and has_effects(op, MemoryEffectKind.WRITE):
                raise v.error_at(op, f"'{op.name}' op Stores are not supported inside map_elementwise")
            if isinstance(op, MapElementwiseReturnOp) and list(op.operand_types) != returned:
                raise v.error_at(op, "region return does not match map_elementwise result")


@op_definition
class MapElementwiseReturnOp(IRDLOperation):
    """`tt.map_elementwise.return %x, %y : f32, f32`: the region's packed results."""

    name = "tt.map_elementwise.return"

    result = var_operand_def()

    traits = traits_def(HasParent(MapElementwiseOp), Pure(), IsTerminator(), ReturnLike())
    assembly_format = "attr-dict ($result^ `:` type($result))?"


MAP_ELEMENTWISE_OPS: tuple[type[IRDLOperation], ...] = (MapElementwiseOp, MapElementwiseReturnOp)
"""The ops of this module, for the `tt` dialect."""
