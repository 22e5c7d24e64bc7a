"""`ttng.packed_arith`: element-wise arithmetic through packed PTX instructions.

Mirrors `TTNG_PackedArithOp` of Triton's `TritonNvidiaGPUOps.td` and `PackedArithOp::verify` in
`lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`:

```
%r = ttng.packed_arith fma %a, %b, %c : (tensor<..xf32, #l>, tensor<..xf32, #l>,
    tensor<..xf32, #l>) -> tensor<..xf32, #l>
```

Each element type packs into a register: f32x2, f16x2, bf16x2 (two lanes), e4m3x4, e5m2x4,
ue8m0x4 and e2m1x4 (four lanes; e2m1 is stored two per i8, lower nibble first, along a dimension
the i8 operand has half as long as the result). The instruction (plain, mixed precision or the
FP8/FP4 "alternate" forms) is chosen from the operation and the operand and result types; a
signature no instruction implements is an error, as are layouts that do not give each thread
whole packs.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float8E8M0FNUType,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    TensorType,
    i32,
)
from xdsl.ir import Attribute
from xdsl.irdl import (
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PureOp
from ttc.dialects.tt.syntax import parse_attr_dict, print_attr_dict
from ttc.dialects.ttg.attrs import DistributedEncoding, LayoutEncoding, format_ints
from ttc.dialects.ttg.layout_inference import unpacked_source_layout
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.ir.op_definition import op_definition
from ttc.layouts.linear import LayoutError

KINDS = ("add", "sub", "mul", "fma", "min", "max")
"""`PackedArithOpKind`, by value."""


@dataclass(frozen=True)
class PackedType:
    """Triton's `PackedArithTypeInfo`: instruction suffix, lanes per register, signature code."""

    suffix: str
    lanes: int
    code: str

    @property
    def is_fp4(self) -> bool:
        return self.code == "2"


_PACKED_TYPES: tuple[tuple[type[Attribute], PackedType], ...] = (
    (Float32Type, PackedType("f32x2", 2, "f")),
    (Float16Type, PackedType("f16x2", 2, "h")),
    (BFloat16Type, PackedType("bf16x2", 2, "b")),
    (Float8E5M2Type, PackedType("e5m2x4", 4, "5")),
    (Float8E4M3FNType, PackedType("e4m3x4", 4, "4")),
    (Float8E8M0FNUType, PackedType("ue8m0x4", 4, "u")),
)
"""The packed type of each element type; fp4 (`i8` holding two e2m1) is the fallback."""


def packed_type(element: Attribute) -> PackedType:
    for element_type, packed in _PACKED_TYPES:
        if isinstance(element, element_type):
            return packed
    assert isinstance(element, IntegerType)
    return PackedType("e2m1x4", 4, "2")


HALF, X2, ALTERNATE, ALTERNATE_RESULT = "hb", "fhb", "542u", "54"

SIGNATURES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # operations, result codes, operand codes ("=": the result's type, "!": another half type)
    ("add sub mul", X2, ("=", "=")),
    ("fma", X2, ("=", "=", "=")),
    ("min max", HALF, ("=", "=")),
    ("add sub", "f", (HALF, "f")),
    ("add sub", "h", ("f", "f")),
    ("add sub", "b", ("f", "f")),
    ("mul", "h", ("f", "f")),
    ("mul", "b", ("f", "f")),
    ("mul", HALF, ("=", "!")),
    ("fma", "f", (HALF, "f", "f")),
    ("add sub", ALTERNATE_RESULT, (ALTERNATE, "=")),
    ("mul", ALTERNATE_RESULT, (ALTERNATE, ALTERNATE)),
    ("fma", ALTERNATE_RESULT, (ALTERNATE, ALTERNATE, "=")),
)
"""Triton's packed-arithmetic signature rules (the instruction's modifiers aside)."""


def has_instruction(kind: str, result: PackedType, operands: list[PackedType]) -> bool:
    """Triton's `resolvePackedArithInstructionSpec` succeeds."""

    def matches(codes: str, info: PackedType) -> bool:
        if codes == "=":
            return info == result
        if codes == "!":
            return info != result and info.code in HALF
        return info.code in codes

    for operations, result_codes, operand_codes in SIGNATURES:
        if kind not in operations or not matches(result_codes, result):
            continue
        if len(operand_codes) >= len(operands) and all(
            matches(codes, info) for codes, info in zip(operand_codes, operands, strict=False)
        ):
            return True
    return False


OPERAND_ELEMENTS = "packed arithmetic operand element"
RESULT_ELEMENTS = "packed arithmetic result element"
"""The summaries of `TTNG_PackedArithOperandElement` / `ResultElement`, as ODS words the type
constraint errors."""


def _operand_element_ok(t: Attribute) -> bool:
    return t == IntegerType(8) or isinstance(
        t, Float8E8M0FNUType | Float8E4M3FNType | Float8E5M2Type | Float16Type | BFloat16Type | Float32Type
    )


def _result_element_ok(t: Attribute) -> bool:
    return isinstance(
        t, Float8E4M3FNType | Float8E5M2Type | Float16Type | BFloat16Type | Float32Type
    )


@op_definition
class PackedArithOp(PureOp):
    """`ttng.packed_arith KIND %x, %y[, %z] : (operand types) -> result type`.

    Parsed and printed by hand: the kind is an I32 enum stored as an integer but spelled as a bare
    keyword, which xDSL's declarative format cannot express."""

    name = "ttng.packed_arith"

    op_kind = prop_def(IntegerAttr[i32])
    operands_ = var_operand_def(TensorType)
    result = result_def(TensorType)

    @property
    def kind(self) -> str:
        return KINDS[self.op_kind.value.data]

    # Hand-written syntax: the kind keyword decides how many operands follow, with Triton's enum
    # diagnostic.
    @classmethod
    def parse(cls, parser: Parser) -> PackedArithOp:
        start = parser.pos
        keyword = parser.parse_identifier()
        if keyword not in KINDS:
            parser.raise_error(
                f"expected ::mlir::triton::nvidia_gpu::PackedArithOpKind to be one of: "
                f"{', '.join(KINDS)}",
                start,
                parser.pos,
            )
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        parser.parse_punctuation("->")
        result = parser.parse_type()
        if len(types) != len(operands):
            parser.raise_error(f"expected {len(operands)} operand types, got {len(types)}")
        return cls.build(
            operands=[[parser.resolve_operand(o, t) for o, t in zip(operands, types)]],
            result_types=[result],
            properties=properties | {"op_kind": IntegerAttr(KINDS.index(keyword), i32)},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.kind} ")
        printer.print_list(self.operands_, printer.print_operand)
        print_attr_dict(printer, self, elided=("op_kind",))
        printer.print_string(" : (")
        printer.print_list([o.type for o in self.operands_], printer.print_attribute)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        operand_types = [o.type for o in self.operands_]
        result = self.result.type
        assert isinstance(result, TensorType)
        for index, t in enumerate(operand_types):
            assert isinstance(t, TensorType)
            if not _operand_element_ok(t.get_element_type()):
                raise VerifyException(
                    f"operand #{index} must be variadic of ranked tensor of {OPERAND_ELEMENTS} "
                    f"values, but got '{t}'"
                )
        if not _result_element_ok(result.get_element_type()):
            raise VerifyException(
                f"result #0 must be ranked tensor of {RESULT_ELEMENTS} values, but got '{result}'"
            )
        expected = 3 if self.kind == "fma" else 2
        if len(operand_types) != expected:
            raise VerifyException(
                f"{self.kind} expects {expected} operands but got {len(operand_types)}"
            )
        result_info = packed_type(result.get_element_type())
        if not isinstance(result.encoding, DistributedEncoding):
            raise VerifyException("requires a distributed tensor layout")
        infos = [packed_type(t.get_element_type()) for t in operand_types]  # type: ignore[union-attr]
        if not has_instruction(self.kind, result_info, infos):
            raise VerifyException(
                f"unsupported {self.kind} signature {result_info.suffix} <- "
                f"({', '.join(i.suffix for i in infos)})"
            )
        axis = _fp4_axis(operand_types, result)  # type: ignore[arg-type]
        if axis is None and any(i.is_fp4 for i in infos):
            raise VerifyException(
                "requires every fp4 operand to have the result shape with the same single "
                "dimension halved"
            )
        try:
            result_layout = to_linear_layout(result.encoding, result.get_shape())
        except LayoutError:
            return
        registers = len([b for b in result_layout.bases.get("register", []) if any(b)])
        if (1 << registers) < result_info.lanes or (1 << registers) % result_info.lanes:
            raise VerifyException(
                f"result layout must provide a multiple of {result_info.lanes} unique elements "
                "per thread"
            )
        fp4_layout = unpacked_source_layout(result_layout, axis) if axis is not None else None
        for index, (t, info) in enumerate(zip(operand_types, infos, strict=True)):
            assert isinstance(t, TensorType)
            if info.is_fp4:
                if not _has_layout(t, fp4_layout, DistributedEncoding):
                    raise VerifyException(
                        f"fp4 operand {index} must have a layout compatible with the result"
                    )
                continue
            if t.get_shape() != result.get_shape():
                raise VerifyException(
                    f"operand {index} must have the result shape {format_ints(result.get_shape())}"
                    f", but got {format_ints(t.get_shape())}"
                )
            if not _has_layout(t, result_layout, LayoutEncoding):
                raise VerifyException(
                    f"operand {index} must have a layout equivalent to the result"
                )


def _has_layout(t: TensorType, layout: object, kind: type) -> bool:
    """`t`'s encoding is a `kind` whose linear layout is `layout` (`areLayoutsEquivalent`)."""
    if layout is None or not isinstance(t.encoding, kind):
        return False
    try:
        return to_linear_layout(t.encoding, t.get_shape()) == layout
    except LayoutError:
        return False


def _fp4_axis(operands: list[TensorType], result: TensorType) -> int | None:
    """Triton's `inferPackedArithFp4Axis`: the one dimension every i8 operand halves."""
    result_shape = result.get_shape()
    axis: int | None = None
    for t in operands:
        if t.get_element_type() != IntegerType(8):
            continue
        shape = t.get_shape()
        if len(shape) != len(result_shape):
            return None
        differing = next((d for d in range(len(shape)) if shape[d] != result_shape[d]), None)
        if differing is None:
            return None
        if (
            2 * shape[differing] != result_shape[differing]
            or shape[differing + 1 :] != result_shape[differing + 1 :]
            or (axis is not None and axis != differing)
        ):
            return None
        axis = differing
    return axis


PACKED_ARITH_OPS = (PackedArithOp,)
"""The packed-arithmetic op, registered with the `ttng` dialect."""
