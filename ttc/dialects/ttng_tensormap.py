"""Device-side TMA descriptors of TritonNvidiaGPU: `tensormap_create` and
`tensormap_fenceproxy_acquire`.

Mirrors `TTNG_TensormapCreateOp` and `TTNG_TensormapFenceproxyAcquireOp` of Triton's
`TritonNvidiaGPUOps.td` and the verifier in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`:

```
ttng.tensormap_create %desc, %base, [%box0, %box1], [%dim0, %dim1], [%stride0], [%es0, %es1]
    {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
    : (!tt.ptr<i8>, !tt.ptr<i16>, i32, i32, i32, i32, i64, i32, i32) -> ()
ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
```

A descriptor of rank R has R box and global dimensions and element strides, and R - 1 global
strides (the innermost is the element size).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, i32, i64
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
from ttc.dialects.ttng_tmem import UnnamedVerifyException

TENSORMAP_FIELDS = {"elem_type": 15, "interleave_layout": 2, "swizzle_mode": 3, "fill_mode": 1}
"""The enum fields of a tensormap and their largest values (`ConfinedAttr<I32Attr, ...>`)."""


@irdl_op_definition
class TensormapCreateOp(IRDLOperation):
    """`ttng.tensormap_create`: write a TMA descriptor to global memory."""

    name = "ttng.tensormap_create"

    desc_ptr = operand_def(PointerType)
    global_address = operand_def(PointerType)
    box_dim = var_operand_def(i32)
    global_dim = var_operand_def(i32)
    global_stride = var_operand_def(i64)
    element_stride = var_operand_def(i32)
    elem_type = prop_def(IntegerAttr[i32])
    interleave_layout = prop_def(IntegerAttr[i32])
    swizzle_mode = prop_def(IntegerAttr[i32])
    fill_mode = prop_def(IntegerAttr[i32])

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> TensormapCreateOp:
        """`%desc, %base, [..], [..], [..], [..] attr-dict : functional-type(operands, results)`
        (custom only because xDSL's `functional-type` takes one variadic operand group)."""
        groups = [[parser.parse_unresolved_operand()]]
        parser.parse_punctuation(",")
        groups.append([parser.parse_unresolved_operand()])
        for _ in range(4):
            parser.parse_punctuation(",")
            groups.append(parse_bracketed_operands(parser))
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        pos = parser.pos
        inputs, outputs = parse_functional_type(parser)
        count = sum(len(g) for g in groups)
        if len(inputs) != count or outputs:
            parser.raise_error(
                f"expected ({count} operand types) -> (), got {len(inputs)} and {len(outputs)}",
                pos,
                parser.pos,
            )
        types = iter(inputs)
        operands = [[parser.resolve_operand(o, next(types)) for o in g] for g in groups]
        return cls.build(
            operands=[operands[0][0], operands[1][0], *operands[2:]],
            properties=properties,
            attributes=attributes,
        )

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

    def verify_(self) -> None:
        for name, largest in TENSORMAP_FIELDS.items():
            value = self.properties[name]
            assert isinstance(value, IntegerAttr)
            if not 0 <= value.value.data <= largest:
                raise VerifyException(
                    f"attribute '{name}' failed to satisfy constraint: 32-bit signless integer "
                    f"attribute whose value is non-negative whose maximum value is {largest}"
                )
        rank = len(self.box_dim)
        if len(self.global_dim) != rank:
            raise UnnamedVerifyException(
                f"Rank mismatch for global dim. Got {len(self.global_dim)} but expected {rank}"
            )
        if len(self.global_stride) + 1 != rank:
            raise UnnamedVerifyException(
                f"Rank mismatch for global stride. Got {len(self.global_stride)} but expected "
                f"{rank - 1}"
            )
        if len(self.element_stride) != rank:
            raise UnnamedVerifyException(
                f"Rank mismatch for element stride. Got {len(self.element_stride)} but expected "
                f"{rank}"
            )


@irdl_op_definition
class TensormapFenceproxyAcquireOp(IRDLOperation):
    """`ttng.tensormap_fenceproxy_acquire`: acquire fence on a TMA descriptor in global memory."""

    name = "ttng.tensormap_fenceproxy_acquire"

    desc_ptr = operand_def(PointerType)

    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$desc_ptr attr-dict `:` type($desc_ptr)"


TENSORMAP_OPS = (TensormapCreateOp, TensormapFenceproxyAcquireOp)
"""The device-side descriptor ops, registered with the `ttng` dialect."""
