"""Device-side TMA descriptors: `ttng.tensormap_create` and `ttng.tensormap_fenceproxy_acquire`.

Mirrors `TTNG_TensormapCreateOp` and `TTNG_TensormapFenceproxyAcquireOp` of Triton's
`TritonNvidiaGPUOps.td` (verifier in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`), which
`triton-nvidia-tma-lowering` emits for a `tt.make_tensor_descriptor`:

```
ttng.tensormap_create %scratch, %base, [%box...], [%dim...], [%stride...], [%estride...]
    {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
    : (!tt.ptr<i8>, !tt.ptr<f16>, i32, ..., i64, ..., i32, ...) -> ()
ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
```

The first writes the 128-byte CUtensorMap into global scratch memory: box and global dimensions
innermost first, the byte strides of all but the innermost dimension, the element strides, and
the enums (`CUtensorMapDataType`, interleave, swizzle 0/32/64/128 bytes as 0..3, fill zero/NaN).
The second makes that generic-proxy write visible to the TMA unit's tensormap proxy.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, i32, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    operand_def,
    prop_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import MemoryWriteOp, MemoryReadWriteOp
from ttc.dialects.tt.ops import I32Attr
from ttc.dialects.tt.syntax import (
    parse_attr_dict,
    parse_bracketed_operands,
    parse_functional_type,
    print_attr_dict,
    print_functional_type,
    print_operands,
)
from ttc.dialects.tt.types import PointerType
from ttc.dialects.tt.verify import error_at
from ttc.ir.op_definition import op_definition

ENUM_MAXIMA: dict[str, int] = {"elem_type": 15, "interleave_layout": 2, "swizzle_mode": 3, "fill_mode": 1}
"""The largest value each enum attribute of `ttng.tensormap_create` may take."""


@op_definition
class TensormapCreateOp(MemoryReadWriteOp):
    """`ttng.tensormap_create %desc_ptr, %global_address, [box], [dims], [strides], [estrides]`."""

    name = "ttng.tensormap_create"

    desc_ptr = operand_def(PointerType)
    global_address = operand_def(PointerType)
    box_dim = var_operand_def(i32)
    global_dim = var_operand_def(i32)
    global_stride = var_operand_def(i64)
    element_stride = var_operand_def(i32)
    elem_type = prop_def(I32Attr)
    interleave_layout = prop_def(I32Attr)
    swizzle_mode = prop_def(I32Attr)
    fill_mode = prop_def(I32Attr)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    # Hand-written syntax: four bracketed operand groups whose types come from one `(...) -> ()`
    # functional type, with a count check.
    @classmethod
    def parse(cls, parser: Parser) -> TensormapCreateOp:
        names = [parser.parse_unresolved_operand()]
        parser.parse_punctuation(",")
        names.append(parser.parse_unresolved_operand())
        groups: list[list[UnresolvedOperand]] = []
        for _ in range(4):
            parser.parse_punctuation(",")
            groups.append(parse_bracketed_operands(parser))
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        pos = parser.pos
        types, _ = parse_functional_type(parser)
        flat = [*names, *(name for group in groups for name in group)]
        if len(types) != len(flat):
            parser.raise_error(
                f"number of operands and types do not match: got {len(flat)} operands and "
                f"{len(types)} types",
                pos,
            )
        operands = parser.resolve_operands(flat, types, pos)
        segments: list[SSAValue | list[SSAValue]] = [operands[0], operands[1]]
        start = 2
        for group in groups:
            segments.append(operands[start : start + len(group)])
            start += len(group)
        return cls.build(operands=segments, properties=properties, attributes=attributes)

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
        for name, maximum in ENUM_MAXIMA.items():
            value = self.properties[name]
            assert isinstance(value, IntegerAttr)
            if not 0 <= value.value.data <= maximum:
                raise VerifyException(
                    f"attribute '{name}' failed to satisfy constraint: 32-bit signless integer "
                    f"attribute whose value is non-negative whose maximum value is {maximum}"
                )
        rank = len(self.box_dim)
        for what, count, expected in (
            ("global dim", len(self.global_dim), rank),
            ("global stride", len(self.global_stride), rank - 1),
            ("element stride", len(self.element_stride), rank),
        ):
            if count != expected:
                raise error_at(
                    self, f"Rank mismatch for {what}. Got {count} but expected {expected}"
                )


@op_definition
class TensormapFenceproxyAcquireOp(MemoryWriteOp):
    """`ttng.tensormap_fenceproxy_acquire %desc_ptr : !tt.ptr<i8>`."""

    name = "ttng.tensormap_fenceproxy_acquire"

    desc_ptr = operand_def(PointerType)

    assembly_format = "$desc_ptr attr-dict `:` type($desc_ptr)"


TENSORMAP_OPS: tuple[type[IRDLOperation], ...] = (TensormapCreateOp, TensormapFenceproxyAcquireOp)
"""The ops of this module, for the `ttng` dialect."""
