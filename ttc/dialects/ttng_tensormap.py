"""Device-side TMA descriptors in TritonNvidiaGPU.

Mirrors `TTNG_TensormapCreateOp` and `TTNG_TensormapFenceproxyAcquireOp` of Triton's
`TritonNvidiaGPUOps.td` (verifier in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`), the ops
`triton-nvidia-gpu-tma-lowering` makes of a `tt.make_tensor_descriptor`:

```
ttng.tensormap_create %desc, %base, [%box...], [%dim...], [%stride...], [%elem_stride...]
    {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
    : (!tt.ptr<i8>, !tt.ptr<f16>, i32, ..., i64, ..., i32, ...) -> ()
ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
```

`tensormap_create` writes the 128-byte CUtensorMap of a tiled tensor (dimensions innermost
first; one stride fewer than dimensions, the innermost being the element) into global memory at
`%desc`; `tensormap_fenceproxy_acquire` makes that write visible to the TMA unit.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, i32, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt_syntax import (
    parse_attr_dict,
    parse_bracketed_operands,
    parse_functional_type,
    print_attr_dict,
    print_functional_type,
    print_operands,
)
from ttc.dialects.tt_types import PointerType

_FIELD_LIMITS = {"elem_type": 15, "interleave_layout": 2, "swizzle_mode": 3, "fill_mode": 1}
"""The largest value of each enumerated field of a CUtensorMap."""


@irdl_op_definition
class TensormapCreateOp(IRDLOperation):
    """`ttng.tensormap_create`: write a TMA descriptor into global memory, on the device."""

    name = "ttng.tensormap_create"

    desc_ptr = operand_def(PointerType)
    global_address = operand_def(PointerType)
    box_dim = var_operand_def(i32)
    global_dim = var_operand_def(i32)
    global_stride = var_operand_def(i64)
    element_stride = var_operand_def(i32)
    elem_type = prop_def(IntegerAttr)
    interleave_layout = prop_def(IntegerAttr)
    swizzle_mode = prop_def(IntegerAttr)
    fill_mode = prop_def(IntegerAttr)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> TensormapCreateOp:
        start = parser.pos
        desc = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        base = parser.parse_unresolved_operand()
        groups = []
        for _ in range(4):
            parser.parse_punctuation(",")
            groups.append(parse_bracketed_operands(parser))
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        inputs, outputs = parse_functional_type(parser)
        names = [desc, base, *(o for group in groups for o in group)]
        if outputs or len(inputs) != len(names):
            parser.raise_error(
                f"expected {len(names)} operand types and no result", start, parser.pos
            )
        operands = parser.resolve_operands(names, inputs, start)
        grouped: list[SSAValue | list[SSAValue]] = [operands[0], operands[1]]
        offset = 2
        for group in groups:
            grouped.append(operands[offset : offset + len(group)])
            offset += len(group)
        return cls.build(operands=grouped, properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, (self.desc_ptr, self.global_address))
        for group in (self.box_dim, self.global_dim, self.global_stride, self.element_stride):
            printer.print_string(", [")
            print_operands(printer, group)
            printer.print_string("]")
        print_attr_dict(printer, self, elided=("operandSegmentSizes",))
        printer.print_string(" : ")
        print_functional_type(printer, [o.type for o in self.operands], [])

    @property
    def rank(self) -> int:
        return len(self.box_dim)

    def verify_(self) -> None:
        for name, limit in _FIELD_LIMITS.items():
            value = getattr(self, name).value.data
            if not 0 <= value <= limit:
                raise VerifyException(
                    f"attribute '{name}' failed to satisfy constraint: 32-bit signless integer "
                    f"attribute whose value is non-negative whose maximum value is {limit}"
                )
        rank = self.rank
        if len(self.global_dim) != rank:
            raise VerifyException(
                f"Rank mismatch for global dim. Got {len(self.global_dim)} but expected {rank}"
            )
        if len(self.global_stride) + 1 != rank:
            raise VerifyException(
                f"Rank mismatch for global stride. Got {len(self.global_stride)} but expected "
                f"{rank - 1}"
            )
        if len(self.element_stride) != rank:
            raise VerifyException(
                f"Rank mismatch for element stride. Got {len(self.element_stride)} but expected "
                f"{rank}"
            )


@irdl_op_definition
class TensormapFenceproxyAcquireOp(IRDLOperation):
    """`ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>`: acquire a tensormap written
    through the generic proxy for the TMA (tensormap) proxy."""

    name = "ttng.tensormap_fenceproxy_acquire"

    desc_ptr = operand_def(PointerType)

    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$desc_ptr attr-dict `:` type($desc_ptr)"


TENSORMAP_OPS: tuple[type[IRDLOperation], ...] = (TensormapCreateOp, TensormapFenceproxyAcquireOp)
"""The ops of this module, for the `ttng` dialect."""
