"""The `arith` dialect as Triton's IR uses it, printed exactly as MLIR prints it.

Mirrors MLIR's `arith` dialect (mlir/include/mlir/Dialect/Arith/IR/ArithOps.td). Most ops are
xDSL's own classes, reused as they are; this module replaces what xDSL gets wrong for Triton:

* `arith.cmpi` / `arith.cmpf` produce `tensor<...xi1, #enc>` for tensor operands (xDSL hard-codes
  `i1`), keeping the operand's shape and encoding.
* `arith.select` takes a scalar `i1` or a shaped `i1` condition, and any value type (tensors of
  `!tt.ptr` included); it prints `: tensor<..xi1>, tensor<..>` for a shaped condition, as MLIR does.
* Casts (`extsi`, `truncf`, `bitcast`, ...) accept tensors with encodings and check that operand
  and result agree in shape and encoding and that the widths move the right way.
* `arith.constant` prints its value with MLIR's float rules (`1.000000e+00`, `0xFF800000`), signed
  integers, `dense<...>` splats, nested lists and the hex form for more than 100 elements, and
  parses hex float splats such as `dense<0xFF800000>` bit-exactly.
* Adds `arith.remf` and `arith.index_castui`, which xDSL lacks, and makes `arith.remui` Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Literal

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    AnyFloat,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    UnitAttr,
    UnrankedTensorType,
    VectorType,
    container_of,
    i1,
)
from xdsl.dialects.utils import BitEnumAttribute
from xdsl.interfaces import ConditionallySpeculatableInterface
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParamAttrConstraint,
    VarConstraint,
    base,
    irdl_attr_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Commutative, NoMemoryEffect, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttc.dialects.upstream.llvm_syntax import InferredType
from ttc.ir.literals import FLOAT_FORMATS, can_format, format_dense, format_float, format_int
from ttc.ir.op_definition import op_definition

FastMathFlagsAttr = xarith.FastMathFlagsAttr

_int_like = container_of(IntegerType | IndexType)
_float_like = container_of(AnyFloat)
_bool_like = container_of(IntegerType(1))

# ---------------------------------------------------------------------------------------------
# Shape helpers shared by the verifiers.
# ---------------------------------------------------------------------------------------------


def element_type_of(type: Attribute) -> Attribute:
    """The element type of a tensor or vector, else the type itself (getElementTypeOrSelf)."""
    if isinstance(type, TensorType | VectorType | UnrankedTensorType):
        return type.element_type
    return type


def with_element_type(type: Attribute, element: Attribute) -> Attribute:
    """`type` with its element type replaced, keeping shape and encoding (scalars: `element`)."""
    if isinstance(type, TensorType):
        return TensorType(element, type.shape, type.encoding)
    if isinstance(type, VectorType):
        return VectorType(element, type.shape, type.scalable_dims)
    if isinstance(type, UnrankedTensorType):
        return UnrankedTensorType(element)
    return element


def _verify_same_shape(op: Operation, a: Attribute, b: Attribute) -> None:
    if with_element_type(a, i1) != with_element_type(b, i1):
        if isinstance(a, TensorType) and isinstance(b, TensorType) and a.shape == b.shape:
            raise VerifyException(
                f"'{op.name}' op requires the same encoding for all operands and results"
            )
        raise VerifyException(f"'{op.name}' op requires the same shape for all operands and results")


def _width(type: Attribute) -> int:
    if isinstance(type, IntegerType):
        return type.width.data
    if isinstance(type, AnyFloat):
        return type.bitwidth
    raise VerifyException(f"type {type} has no bit width")


# ---------------------------------------------------------------------------------------------
# Ops
# ---------------------------------------------------------------------------------------------


@irdl_attr_definition
class IntegerOverflowAttr(BitEnumAttribute[xarith.IntegerOverflowFlag]):
    """`#arith.overflow<nsw, nuw>`: MLIR separates the flags with `, ` (xDSL prints `nsw,nuw`)."""

    name = "arith.overflow"

    none_value = "none"

    def __init__(self, flags: Iterable[xarith.IntegerOverflowFlag] | Literal["none"] | None):
        super().__init__(flags)

    def print_parameter(self, printer: Printer) -> None:
        flags = [flag.value for flag in xarith.IntegerOverflowFlag if flag in self.data]
        printer.print_string("<" + (", ".join(flags) or "none") + ">")


class _BinaryWithOverflow(xarith.SignlessIntegerBinaryOperationWithOverflow):
    """`$lhs, $rhs (overflow<...>)? attr-dict : type` with ttc's overflow attribute."""

    overflow_flags = prop_def(
        IntegerOverflowAttr, default_value=IntegerOverflowAttr("none"), prop_name="overflowFlags"
    )

    def __init__(
        self,
        operand1: Operation | SSAValue,
        operand2: Operation | SSAValue,
        result_type: Attribute | None = None,
        overflow: IntegerOverflowAttr | xarith.IntegerOverflowAttr | None = None,
    ):
        flags = IntegerOverflowAttr(overflow.data if overflow is not None else None)
        IRDLOperation.__init__(
            self,
            operands=[operand1, operand2],
            result_types=[result_type or SSAValue.get(operand1).type],
            properties={"overflowFlags": flags},
        )


@op_definition
class AddiOp(_BinaryWithOverflow):
    """`arith.addi`."""

    name = "arith.addi"

    traits = traits_def(Pure(), Commutative(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    py_operation = staticmethod(xarith.AddiOp.py_operation)
    is_right_unit = staticmethod(xarith.AddiOp.is_right_unit)


@op_definition
class SubiOp(_BinaryWithOverflow):
    """`arith.subi`."""

    name = "arith.subi"

    traits = traits_def(Pure(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    py_operation = staticmethod(xarith.SubiOp.py_operation)
    is_right_unit = staticmethod(xarith.SubiOp.is_right_unit)


@op_definition
class MuliOp(_BinaryWithOverflow):
    """`arith.muli`."""

    name = "arith.muli"

    traits = traits_def(Pure(), Commutative(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    py_operation = staticmethod(xarith.MuliOp.py_operation)
    is_right_unit = staticmethod(xarith.MuliOp.is_right_unit)
    is_right_zero = staticmethod(xarith.MuliOp.is_right_zero)


@op_definition
class ShLIOp(_BinaryWithOverflow):
    """`arith.shli`."""

    name = "arith.shli"

    traits = traits_def(Pure(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    is_right_unit = staticmethod(xarith.ShLIOp.is_right_unit)


class _BinaryWithExact(xarith.SignlessIntegerBinaryOperation):
    """MLIR's `Arith_IntBinaryOpWithExactFlag`: `$lhs, $rhs (exact)? attr-dict : type`, the
    unit `isExact` property making a result that drops non-zero bits poison."""

    is_exact = opt_prop_def(UnitAttr, prop_name="isExact")

    assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)"


@op_definition
class DivSIOp(_BinaryWithExact, ConditionallySpeculatableInterface):
    """`arith.divsi`: signed division rounding towards zero."""

    name = "arith.divsi"

    traits = traits_def(NoMemoryEffect(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    is_speculatable = xarith.DivSIOp.is_speculatable
    is_right_unit = staticmethod(xarith.DivSIOp.is_right_unit)


@op_definition
class DivUIOp(_BinaryWithExact, ConditionallySpeculatableInterface):
    """`arith.divui`: unsigned division."""

    name = "arith.divui"

    traits = traits_def(NoMemoryEffect(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    is_speculatable = xarith.DivUIOp.is_speculatable
    is_right_unit = staticmethod(xarith.DivUIOp.is_right_unit)


@op_definition
class ShRSIOp(_BinaryWithExact):
    """`arith.shrsi`: arithmetic right shift."""

    name = "arith.shrsi"

    traits = traits_def(Pure(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    is_right_unit = staticmethod(xarith.ShRSIOp.is_right_unit)


@op_definition
class ShRUIOp(_BinaryWithExact):
    """`arith.shrui`: logical right shift."""

    name = "arith.shrui"

    traits = traits_def(Pure(), xarith.SignlessIntegerBinaryOperationHasCanonicalizationPatternsTrait())

    is_right_unit = staticmethod(xarith.ShRUIOp.is_right_unit)


@op_definition
class ConstantOp(xarith.ConstantOp):
    """`arith.constant`: value printed with MLIR's literal rules; hex float splats parse exactly."""

    name = "arith.constant"

    _T: ClassVar = VarConstraint("T", AnyAttr())
    result = result_def(_T)
    value = prop_def(
        IntegerAttr.constr((base(IntegerType) | base(IndexType)) & _T)
        | ParamAttrConstraint(FloatAttr, (AnyAttr(), _T))
        | ParamAttrConstraint(DenseIntOrFPElementsAttr, (_T, AnyAttr()))
    )
    assembly_format = None

    # Hand-written syntax: the value's type is the result type, printed once inside the value, and
    # MLIR's hex-float splats (`dense<0xFF800000>`) parse as bits.
    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        attrs = parser.parse_optional_attr_dict()
        value = cls._parse_hex_float_splat(parser) or parser.parse_attribute()
        if not isinstance(value, IntegerAttr | FloatAttr | DenseIntOrFPElementsAttr):
            parser.raise_error(f"expected an integer, float or dense value, got {value}")
        op = cls(value)
        op.attributes |= attrs
        return op

    @staticmethod
    def _parse_hex_float_splat(parser: Parser) -> DenseIntOrFPElementsAttr | None:
        """`dense<0xFF800000> : tensor<...xf32>`: MLIR reads the hex as the element's bits."""
        start = parser.pos
        if (
            parser.parse_optional_keyword("dense") is None
            or parser.parse_optional_punctuation("<") is None
            or parser._current_token.kind != MLIRTokenKind.INTEGER_LIT
            or not parser._current_token.text.lower().startswith("0x")
        ):
            parser._resume_from(start)
            return None
        bits = parser.parse_integer(allow_boolean=False, allow_negative=False)
        if parser.parse_optional_punctuation(">") is None or parser.parse_optional_punctuation(":") is None:
            parser._resume_from(start)
            return None
        type = parser.parse_type()
        element = element_type_of(type)
        if not isinstance(type, TensorType | VectorType) or element.__class__ not in FLOAT_FORMATS:
            parser._resume_from(start)
            return None
        nbytes = FLOAT_FORMATS[element.__class__][0] // 8
        if bits >= 1 << (8 * nbytes):
            parser.raise_error(f"hexadecimal float literal does not fit in {element}", start, parser.pos)
        count = 1
        for dim in type.get_shape():
            count *= dim
        return DenseIntOrFPElementsAttr(type, BytesAttr(bits.to_bytes(nbytes, "little") * count))

    def print(self, printer: Printer) -> None:
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        value = self.value
        if isinstance(value, IntegerAttr) and can_format(value.type):
            printer.print_string(format_int(value.value.data, value.type))
            if value.type == i1:
                return
        elif isinstance(value, FloatAttr) and can_format(value.type):
            printer.print_string(format_float(value.value.data, value.type))
        elif isinstance(value, DenseIntOrFPElementsAttr) and can_format(value.get_element_type()):
            printer.print_string(format_dense(value))
        else:
            printer.print_attribute(value)
            return
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


@op_definition
class RemUIOp(xarith.SignlessIntegerBinaryOperation):
    """`arith.remui`: Pure, as MLIR's (xDSL's class lacks the trait, so a dead one stayed)."""

    name = "arith.remui"

    traits = traits_def(Pure())


@op_definition
class RemFOp(xarith.FloatingPointLikeBinaryOperation):
    """`arith.remf`: floating-point remainder."""

    name = "arith.remf"

    traits = traits_def(Pure())


class FastMathOp(IRDLOperation):
    """An op with MLIR's `fastmath` property (`none` unless given); built from its operands, with
    one result whose type `inferred_type` derives from the first operand's (the same type here)."""

    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))

    def __init__(
        self, operands: Sequence[Operation | SSAValue], fastmath: FastMathFlagsAttr | None = None
    ):
        first = SSAValue.get(operands[0])
        IRDLOperation.__init__(
            self,
            operands=list(operands),
            result_types=[self.inferred_type(first.type, {})],
            properties={"fastmath": fastmath or FastMathFlagsAttr("none")},
        )

    @staticmethod
    def inferred_type(operand_type: Attribute, properties: dict[str, Attribute]) -> Attribute:
        return operand_type


class I1LikeResult:
    """An op whose result is `i1`, or `i1` in its operands' shape and encoding (a comparison or
    a classification), printed only as the operands' type."""

    @staticmethod
    def inferred_type(operand_type: Attribute, properties: dict[str, Attribute]) -> Attribute:
        return with_element_type(operand_type, i1)


@op_definition
class NegfOp(FastMathOp):
    """`arith.negf`; xDSL's builder puts the fastmath flags among the attributes instead of the properties."""

    name = "arith.negf"

    _T: ClassVar = VarConstraint("_T", _float_like)
    operand = operand_def(_T)
    result = result_def(_T)

    traits = traits_def(Pure())
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"

    def __init__(self, operand: Operation | SSAValue, fastmath: FastMathFlagsAttr | None = None):
        super().__init__([operand], fastmath)


@irdl_custom_directive
class ComparisonPredicate(CustomDirective):
    """`slt`: a comparison's i64 predicate as its keyword from the op class's `PREDICATES` (also
    read, as MLIR's enum parsers do, as a string: `"slt"`)."""

    predicate: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        predicates: Sequence[str] = state.op_type.PREDICATES  # type: ignore[attr-defined]
        quoted = parser.parse_optional_str_literal()
        name = quoted if quoted is not None else parser.parse_identifier()
        if name not in predicates:
            parser.raise_error(f"unknown comparison predicate \"{name}\"")
        self.predicate.set(state, IntegerAttr(predicates.index(name), 64))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        predicate = self.predicate.get(op)
        assert isinstance(predicate, IntegerAttr)
        state.print_whitespace(printer)
        printer.print_string(op.PREDICATES[predicate.value.data])  # type: ignore[attr-defined]


class _CompareOp(I1LikeResult, IRDLOperation):
    """`arith.cmpi`/`cmpf`: the result is `i1`, or `i1` in the operands' shape and encoding."""

    PREDICATES: ClassVar[Sequence[str]]

    predicate = prop_def(IntegerAttr)
    result = result_def(_bool_like)

    custom_directives = (ComparisonPredicate, InferredType)
    # The subclasses keep xDSL's classes as bases (traits, canonicalization patterns that match
    # them) but take their syntax from the format, not from xDSL's printer and parser.
    print = Operation.print
    parse = Operation.__dict__["parse"]

    def __init__(self, operand1: Operation | SSAValue, operand2: Operation | SSAValue, arg: int | str):
        lhs = SSAValue.get(operand1)
        if isinstance(arg, str):
            arg = self.PREDICATES.index(arg)
        IRDLOperation.__init__(
            self,
            operands=[lhs, operand2],
            result_types=[self.inferred_type(lhs.type, {})],
            properties={"predicate": IntegerAttr(arg, 64)},
        )

    def verify_(self) -> None:
        if self.operands[0].type != self.operands[1].type:
            raise VerifyException(f"'{self.name}' op requires all operands to have the same type")
        expected = with_element_type(self.operands[0].type, i1)
        if self.results[0].type != expected:
            raise VerifyException(
                f"'{self.name}' op result #0 must be {expected} (i1 in the operands' shape), "
                f"but got {self.results[0].type}"
            )


@op_definition
class CmpiOp(_CompareOp, xarith.CmpiOp):
    """`arith.cmpi %a, %b : T`: integer comparison."""

    name = "arith.cmpi"

    PREDICATES: ClassVar = xarith.CMPI_COMPARISON_OPERATIONS

    lhs = operand_def(_int_like)
    rhs = operand_def(_int_like)

    assembly_format = (
        "custom<ComparisonPredicate>($predicate) `,` $lhs `,` $rhs attr-dict `:` "
        "custom<InferredType>(type(operands), type($result))"
    )


@op_definition
class CmpfOp(_CompareOp, xarith.CmpfOp):
    """`arith.cmpf %a, %b [fastmath<...>] : T`: float comparison."""

    name = "arith.cmpf"

    PREDICATES: ClassVar = xarith.CMPF_COMPARISON_OPERATIONS

    lhs = operand_def(_float_like)
    rhs = operand_def(_float_like)
    fastmath = prop_def(FastMathFlagsAttr, default_value=FastMathFlagsAttr("none"))

    assembly_format = (
        "custom<ComparisonPredicate>($predicate) `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? "
        "attr-dict `:` custom<InferredType>(type(operands), type($result))"
    )

    def __init__(
        self,
        operand1: SSAValue | Operation,
        operand2: SSAValue | Operation,
        arg: int | str,
        fastmath: FastMathFlagsAttr | None = None,
    ):
        super().__init__(operand1, operand2, arg)
        self.properties["fastmath"] = fastmath or FastMathFlagsAttr("none")


@op_definition
class SelectOp(xarith.SelectOp):
    """`arith.select`: scalar `i1` or shaped `i1` condition; values of any type (`!tt.ptr` too)."""

    name = "arith.select"

    _T: ClassVar = VarConstraint("_T", AnyAttr())
    cond = operand_def(_bool_like)
    lhs = operand_def(_T)
    rhs = operand_def(_T)
    result = result_def(_T)

    traits = traits_def(Pure())
    assembly_format = None

    def verify_(self) -> None:
        cond_type = self.cond.type
        if cond_type != i1 and with_element_type(self.result.type, i1) != cond_type:
            raise VerifyException(
                f"'{self.name}' op expected condition type to have the same shape as the result type"
            )

    # Hand-written syntax: `: T` alone implies an i1 condition while `: C, T` spells it; a format has
    # one fixed type list.
    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        if self.cond.type != i1:
            printer.print_attribute(self.cond.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        pos = parser.pos
        operands = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        if len(operands) != 3:
            parser.raise_error(f"expected 3 operands, got {len(operands)}", pos, parser.pos)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        cond_type: Attribute = i1
        result_type = parser.parse_type()
        if parser.parse_optional_punctuation(","):
            cond_type, result_type = result_type, parser.parse_type()
        cond, lhs, rhs = parser.resolve_operands(operands, [cond_type, result_type, result_type], pos)
        op = cls(cond, lhs, rhs)
        op.attributes |= attrs
        return op


class _CastOp(IRDLOperation):
    """A cast `$in attr-dict : type($in) to type($out)`: same shape and encoding on both sides."""

    input = operand_def(AnyAttr())
    result = result_def(AnyAttr())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    traits = traits_def(Pure())

    def __init__(self, op: SSAValue | Operation, target_type: Attribute):
        IRDLOperation.__init__(self, operands=[op], result_types=[target_type])

    def verify_(self) -> None:
        _verify_same_shape(self, self.input.type, self.result.type)
        self.verify_elements(element_type_of(self.input.type), element_type_of(self.result.type))

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        raise NotImplementedError


class _NonNegFlag(IRDLOperation):
    """A zero-extending cast's unit `nonNeg` property, printed `nneg` after the operand: a
    negative operand makes the result poison (MLIR's `ArithNonNegFlagInterface`)."""

    non_neg = opt_prop_def(UnitAttr, prop_name="nonNeg")

    assembly_format = "$input (`nneg` $nonNeg^)? attr-dict `:` type($input) `to` type($result)"


def _cast_compatible_error(op: Operation) -> VerifyException:
    return VerifyException(
        f"'{op.name}' op operand type '{op.operands[0].type}' and result type "
        f"'{op.results[0].type}' are cast incompatible"
    )


class _WidthCast(_CastOp):
    """A cast to a wider (`WIDER`) or a narrower type of the same kind."""

    WIDER: ClassVar[bool]

    def verify_widths(self, src: Attribute, dst: Attribute, src_width: int, dst_width: int) -> None:
        if self.WIDER and dst_width <= src_width:
            raise VerifyException(f"'{self.name}' op result type '{dst}' must be wider than operand type '{src}'")
        if not self.WIDER and dst_width >= src_width:
            raise VerifyException(f"'{self.name}' op result type '{dst}' must be shorter than operand type '{src}'")


class _IntWidthCast(_WidthCast):
    input = operand_def(_int_like)
    result = result_def(_int_like)

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        if not isinstance(src, IntegerType) or not isinstance(dst, IntegerType):
            raise _cast_compatible_error(self)
        self.verify_widths(src, dst, src.width.data, dst.width.data)


class _FloatWidthCast(_WidthCast):
    input = operand_def(_float_like)
    result = result_def(_float_like)

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        assert isinstance(src, AnyFloat) and isinstance(dst, AnyFloat)
        self.verify_widths(src, dst, src.bitwidth, dst.bitwidth)


@op_definition
class ExtSIOp(_IntWidthCast):
    """`arith.extsi`: sign extension to a wider integer."""

    name = "arith.extsi"
    WIDER: ClassVar[bool] = True


@op_definition
class ExtUIOp(_NonNegFlag, _IntWidthCast):
    """`arith.extui`: zero extension to a wider integer."""

    name = "arith.extui"
    WIDER: ClassVar[bool] = True


@op_definition
class TruncIOp(_IntWidthCast):
    """`arith.trunci`: truncation to a narrower integer; `overflow<nsw, nuw>` makes dropping
    bits other than copies of the sign bit (nsw) or zeros (nuw) poison."""

    name = "arith.trunci"
    WIDER: ClassVar[bool] = False

    overflow_flags = prop_def(
        IntegerOverflowAttr, default_value=IntegerOverflowAttr("none"), prop_name="overflowFlags"
    )

    assembly_format = (
        "$input (`overflow` `` $overflowFlags^)? attr-dict `:` type($input) `to` type($result)"
    )


@op_definition
class ExtFOp(_FloatWidthCast):
    """`arith.extf`: extension to a wider float."""

    name = "arith.extf"
    WIDER: ClassVar[bool] = True


@op_definition
class TruncFOp(_FloatWidthCast):
    """`arith.truncf`: rounding to a narrower float."""

    name = "arith.truncf"
    WIDER: ClassVar[bool] = False


class _IntToFloat(_CastOp):
    input = operand_def(_int_like)
    result = result_def(_float_like)

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        if not isinstance(src, IntegerType):
            raise _cast_compatible_error(self)


class _FloatToInt(_CastOp):
    input = operand_def(_float_like)
    result = result_def(_int_like)

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        if not isinstance(dst, IntegerType):
            raise _cast_compatible_error(self)


@op_definition
class SIToFPOp(_IntToFloat):
    """`arith.sitofp`: signed integer to float."""

    name = "arith.sitofp"


@op_definition
class UIToFPOp(_NonNegFlag, _IntToFloat):
    """`arith.uitofp`: unsigned integer to float."""

    name = "arith.uitofp"


@op_definition
class FPToSIOp(_FloatToInt):
    """`arith.fptosi`: float to signed integer."""

    name = "arith.fptosi"


@op_definition
class FPToUIOp(_FloatToInt):
    """`arith.fptoui`: float to unsigned integer."""

    name = "arith.fptoui"


_int_or_float_like = container_of(IntegerType | IndexType | AnyFloat)


@op_definition
class BitcastOp(_CastOp):
    """`arith.bitcast`: reinterpret bits between equally wide integer and float types."""

    name = "arith.bitcast"

    input = operand_def(_int_or_float_like)
    result = result_def(_int_or_float_like)

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        if isinstance(src, IndexType) or isinstance(dst, IndexType):
            return
        if _width(src) != _width(dst):
            raise _cast_compatible_error(self)


class _IndexCast(_CastOp):
    input = operand_def(_int_like)
    result = result_def(_int_like)

    def verify_elements(self, src: Attribute, dst: Attribute) -> None:
        if isinstance(src, IndexType) == isinstance(dst, IndexType):
            raise _cast_compatible_error(self)


@op_definition
class IndexCastOp(_IndexCast):
    """`arith.index_cast`: between `index` and a signless integer, sign-extending."""

    name = "arith.index_cast"


@op_definition
class IndexCastUIOp(_NonNegFlag, _IndexCast):
    """`arith.index_castui`: between `index` and a signless integer, zero-extending."""

    name = "arith.index_castui"


Arith = Dialect(
    "arith",
    [
        ConstantOp,
        # Integer binary ops: xDSL's classes print and verify as MLIR does.
        AddiOp,
        SubiOp,
        MuliOp,
        DivSIOp,
        DivUIOp,
        xarith.CeilDivSIOp,
        xarith.CeilDivUIOp,
        xarith.FloorDivSIOp,
        xarith.RemSIOp,
        RemUIOp,
        xarith.AndIOp,
        xarith.OrIOp,
        xarith.XOrIOp,
        ShLIOp,
        ShRSIOp,
        ShRUIOp,
        xarith.MaxSIOp,
        xarith.MinSIOp,
        xarith.MaxUIOp,
        xarith.MinUIOp,
        xarith.AddUIExtendedOp,
        xarith.MulSIExtendedOp,
        xarith.MulUIExtendedOp,
        # Float binary ops.
        xarith.AddfOp,
        xarith.SubfOp,
        xarith.MulfOp,
        xarith.DivfOp,
        RemFOp,
        xarith.MaximumfOp,
        xarith.MinimumfOp,
        xarith.MaxnumfOp,
        xarith.MinnumfOp,
        NegfOp,
        # Comparison and selection.
        CmpiOp,
        CmpfOp,
        SelectOp,
        # Casts.
        ExtSIOp,
        ExtUIOp,
        TruncIOp,
        ExtFOp,
        TruncFOp,
        SIToFPOp,
        UIToFPOp,
        FPToSIOp,
        FPToUIOp,
        BitcastOp,
        IndexCastOp,
        IndexCastUIOp,
    ],
    [FastMathFlagsAttr, IntegerOverflowAttr],
    [xarith.ArithConstantMaterializationInterface()],
)
