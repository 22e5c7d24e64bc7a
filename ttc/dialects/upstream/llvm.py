"""MLIR's `llvm` dialect as Triton 3.6 prints it (LLVM 22 syntax).

Mirrors `mlir/Dialect/LLVMIR/LLVMOps.td` and `LLVMTypes.td` for the subset that Triton's
`convert-triton-gpu-to-llvm` and `convert-nv-gpu-to-llvm` produce: functions and globals, the
integer and floating-point arithmetic, casts, memory and aggregate ops, control flow, calls,
inline assembly, atomics and the `llvm.intr.*` intrinsics Triton uses. Every op prints and parses
in MLIR's custom syntax (for instance the trailing space MLIR leaves after `extractvalue`'s type),
and attribute dictionaries print sorted by name as MLIR's `DictionaryAttr` does.

xDSL ships an `llvm` dialect whose syntax differs from MLIR's in many places (struct members print
as `!llvm.ptr<1>` instead of `ptr<1>`, no `extractelement`, no overflow flags on casts, no
`poison`, ...), so every op class is defined here; the pointer and void types and the linkage,
overflow and fast-math attributes live in `ttc.dialects.upstream.llvm_attrs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I64,
    ArrayAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    FlatSymbolRefAttr,
    FunctionType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolRefAttr,
    TypeAttribute,
    UnitAttr,
    VectorType,
    i1,
    i32,
    i64,
)
from xdsl.dialects.utils import parse_func_op_like, print_func_op_like
from xdsl.ir import (
    Attribute,
    Block,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SSAValue,
)
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    irdl_attr_definition,
    operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_result_def,
    var_successor_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.interfaces import HasFolderInterface
from xdsl.traits import (
    ConstantLike,
    IsolatedFromAbove,
    IsTerminator,
    NoMemoryEffect,
    Pure,
    SymbolOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PureOp
from ttc.dialects.tt.syntax import (
    print_attr_dict,
    print_functional_type,
    print_operands,
    print_types,
    split_attr_dict,
)
from ttc.dialects.upstream.llvm_attrs import (
    FastMathAttr,
    LinkageAttr,
    LoopAnnotationAttr,
    LoopLICMAttr,
    LLVMPointerType,
    LLVMVoidType,
    OverflowAttr,
    PoisonAttr,
    UndefAttr,
    ZeroAttr,
)
from ttc.dialects.upstream.llvm_syntax import AttrDirective, InferredType
from ttc.ir.op_definition import op_definition


# --------------------------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------------------------


def print_llvm_type(printer: Printer, type: Attribute) -> None:
    """Print a type nested in an LLVM type: LLVM dialect types lose their `!llvm.` prefix."""
    if isinstance(type, LLVMPointerType | LLVMVoidType | LLVMStructType | LLVMArrayType):
        printer.print_string(type.name.removeprefix("llvm."))
        type.print_parameters(printer)
    elif isinstance(type, LLVMFunctionType):
        printer.print_string("func")
        type.print_parameters(printer)
    else:
        printer.print_attribute(type)


def parse_llvm_type(parser: AttrParser) -> Attribute:
    """Parse a type nested in an LLVM type, where LLVM dialect types have no `!llvm.` prefix."""
    if parser.parse_optional_characters("ptr") is not None:
        return LLVMPointerType(*LLVMPointerType.parse_parameters(parser))
    if parser.parse_optional_characters("void") is not None:
        return LLVMVoidType()
    if parser.parse_optional_characters("struct") is not None:
        return LLVMStructType.new(LLVMStructType.parse_parameters(parser))
    if parser.parse_optional_characters("array") is not None:
        return LLVMArrayType.new(LLVMArrayType.parse_parameters(parser))
    if parser.parse_optional_characters("func") is not None:
        return LLVMFunctionType.new(LLVMFunctionType.parse_parameters(parser))
    return parser.parse_type()


@irdl_attr_definition
class LLVMStructType(ParametrizedAttribute, TypeAttribute):
    """`!llvm.struct<(T, ...)>` (literal) or `!llvm.struct<"name", (T, ...)>` (identified)."""

    name = "llvm.struct"

    struct_name: StringAttr
    types: ArrayAttr[Attribute]

    def __init__(self, types: Sequence[Attribute] | ArrayAttr, struct_name: str | StringAttr = ""):
        if isinstance(struct_name, str):
            struct_name = StringAttr(struct_name)
        super().__init__(struct_name, types if isinstance(types, ArrayAttr) else ArrayAttr(types))

    @staticmethod
    def from_type_list(types: Sequence[Attribute]) -> LLVMStructType:
        return LLVMStructType(types)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        if self.struct_name.data:
            printer.print_string_literal(self.struct_name.data)
            printer.print_string(", ")
        printer.print_string("(")
        printer.print_list(self.types.data, lambda t: print_llvm_type(printer, t))
        printer.print_string(")>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[StringAttr, ArrayAttr]:
        parser.parse_characters("<", " in LLVM struct type")
        struct_name = parser.parse_optional_str_literal() or ""
        if struct_name:
            parser.parse_characters(",", " after the LLVM struct name")
        types = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parse_llvm_type(parser)
        )
        parser.parse_characters(">", " to close the LLVM struct type")
        return StringAttr(struct_name), ArrayAttr(types)


@irdl_attr_definition
class LLVMArrayType(ParametrizedAttribute, TypeAttribute):
    """`!llvm.array<N x T>`."""

    name = "llvm.array"

    size: IntAttr
    type: Attribute

    def __init__(self, size: int | IntAttr, type: Attribute):
        super().__init__(IntAttr(size) if isinstance(size, int) else size, type)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.size.data} x ")
        print_llvm_type(printer, self.type)
        printer.print_string(">")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntAttr, Attribute]:
        with parser.in_angle_brackets():
            size = parser.parse_integer(allow_negative=False, allow_boolean=False)
            parser.parse_shape_delimiter()
            type = parse_llvm_type(parser)
        return IntAttr(size), type


@irdl_attr_definition
class LLVMFunctionType(ParametrizedAttribute, TypeAttribute):
    """`!llvm.func<R (A, B, ...)>`; `...` marks a variadic function."""

    name = "llvm.func"

    inputs: ArrayAttr[Attribute]
    output: Attribute
    variadic: IntAttr

    def __init__(
        self, inputs: Sequence[Attribute], output: Attribute | None = None, is_variadic: bool = False
    ):
        super().__init__(
            ArrayAttr(inputs), output or LLVMVoidType(), IntAttr(int(is_variadic))
        )

    @property
    def is_variadic(self) -> bool:
        return bool(self.variadic.data)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        print_llvm_type(printer, self.output)
        printer.print_string(" (")
        printer.print_list(self.inputs.data, lambda t: print_llvm_type(printer, t))
        if self.is_variadic:
            printer.print_string(", ..." if self.inputs.data else "...")
        printer.print_string(")>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[ArrayAttr, Attribute, IntAttr]:
        parser.parse_characters("<", " in LLVM function type")
        output = parse_llvm_type(parser)
        variadic = False

        def parse_input() -> Attribute | None:
            nonlocal variadic
            if parser.parse_optional_characters("...") is not None:
                variadic = True
                return None
            return parse_llvm_type(parser)

        inputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_input)
        parser.parse_characters(">", " to close the LLVM function type")
        return ArrayAttr([t for t in inputs if t is not None]), output, IntAttr(int(variadic))


@irdl_attr_definition
class ConstantRangeAttr(ParametrizedAttribute):
    """`#llvm.constant_range<i32, 0, 1024>`: a half-open value range, as on NVVM special registers."""

    name = "llvm.constant_range"

    int_type: IntegerType
    lower: IntAttr
    upper: IntAttr

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.int_type)
        printer.print_string(f", {self.lower.data}, {self.upper.data}>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntegerType, IntAttr, IntAttr]:
        with parser.in_angle_brackets():
            int_type = parser.parse_type()
            if not isinstance(int_type, IntegerType):
                parser.raise_error("expected an integer type in a constant range")
            parser.parse_punctuation(",")
            lower = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
            upper = parser.parse_integer(allow_boolean=False)
        return int_type, IntAttr(lower), IntAttr(upper)


def element_type(type: Attribute) -> Attribute:
    """The element type of a vector, or the type itself."""
    return type.element_type if isinstance(type, VectorType) else type


def aggregate_member(container: Attribute, position: Sequence[int]) -> Attribute:
    """The type at `position` inside a struct or array type; raises VerifyException if invalid."""
    current = container
    for index in position:
        if isinstance(current, LLVMStructType):
            if not 0 <= index < len(current.types.data):
                raise VerifyException(f"position {index} is out of bounds of {current}")
            current = current.types.data[index]
        elif isinstance(current, LLVMArrayType):
            if not 0 <= index < current.size.data:
                raise VerifyException(f"position {index} is out of bounds of {current}")
            current = current.type
        else:
            raise VerifyException(f"expected an LLVM struct or array type, got {current}")
    return current


# --------------------------------------------------------------------------------------------
# Shared syntax helpers
# --------------------------------------------------------------------------------------------


def _parse_functional_type(parser: Parser) -> tuple[list[Attribute], list[Attribute]]:
    inputs = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    parser.parse_punctuation("->")
    if parser.parse_optional_punctuation("(") is not None:
        if parser.parse_optional_punctuation(")") is not None:
            return inputs, []
        outputs = [parser.parse_type()]
        while parser.parse_optional_punctuation(",") is not None:
            outputs.append(parser.parse_type())
        parser.parse_punctuation(")")
        return inputs, outputs
    return inputs, [parser.parse_type()]


def _parse_operand_list(parser: Parser, delimiter: Parser.Delimiter) -> list[UnresolvedOperand]:
    return parser.parse_comma_separated_list(delimiter, parser.parse_unresolved_operand)


def _resolve(
    parser: Parser, operands: Sequence[UnresolvedOperand], types: Sequence[Attribute]
) -> list[SSAValue]:
    if len(operands) != len(types):
        parser.raise_error(f"expected {len(operands)} types, got {len(types)}")
    return [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]


def _print_successor(printer: Printer, block: Block, args: Sequence[SSAValue]) -> None:
    printer.print_block_name(block)
    if args:
        printer.print_string("(")
        print_operands(printer, args)
        printer.print_string(" : ")
        print_types(printer, [a.type for a in args])
        printer.print_string(")")


def _parse_successor(parser: Parser) -> tuple[Block, list[SSAValue]]:
    block = parser.parse_successor()
    args: list[SSAValue] = []
    if parser.parse_optional_punctuation("(") is not None:
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation(")")
        args = _resolve(parser, operands, types)
    return block, args


def _verify_successor_args(block: Block, args: Sequence[SSAValue]) -> None:
    if len(block.args) != len(args):
        raise VerifyException(
            f"branch passes {len(args)} operands to a block with {len(block.args)} arguments"
        )
    for arg, value in zip(block.args, args, strict=True):
        if arg.type != value.type:
            raise VerifyException(
                f"branch operand type {value.type} does not match block argument type {arg.type}"
            )


@irdl_custom_directive
class SyncScope(CustomDirective):
    """`syncscope("agent")`, when the op has a sync scope (nothing otherwise)."""

    scope: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        if parser.parse_optional_keyword("syncscope") is not None:
            parser.parse_punctuation("(")
            self.scope.set(state, StringAttr(parser.parse_str_literal()))
            parser.parse_punctuation(")")

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        scope = self.scope.get(op)
        if isinstance(scope, StringAttr):
            state.print_whitespace(printer)
            printer.print_string("syncscope(")
            printer.print_string_literal(scope.data)
            printer.print_string(")")


# LLVM's AtomicOrdering, with MLIR's numbering (LLVMEnums.td).
ATOMIC_ORDERINGS: dict[str, int] = {
    "not_atomic": 0,
    "unordered": 1,
    "monotonic": 2,
    "acquire": 4,
    "release": 5,
    "acq_rel": 6,
    "seq_cst": 7,
}
_ORDERING_NAMES = {v: k for k, v in ATOMIC_ORDERINGS.items()}


def ordering_name(attr: IntegerAttr | None) -> str:
    """The keyword of an atomic ordering property (`not_atomic` when absent)."""
    return _ORDERING_NAMES[attr.value.data] if attr is not None else "not_atomic"


class _I64Keyword(AttrDirective):
    """An i64 enum property spelled by its keyword from `KEYWORDS` (keyword to value)."""

    KEYWORDS: ClassVar[dict[str, int]]
    WHAT: ClassVar[str]
    """What the keyword names, for the error on an unknown one."""

    attr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        name = parser.parse_identifier()
        if name not in self.KEYWORDS:
            parser.raise_error(f"unknown {self.WHAT} '{name}'")
        self.attr.set(state, IntegerAttr(self.KEYWORDS[name], i64))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        attr = self.attr.get(op)
        assert isinstance(attr, IntegerAttr)
        state.print_whitespace(printer)
        printer.print_string(next(k for k, v in self.KEYWORDS.items() if v == attr.value.data))


@irdl_custom_directive
class Ordering(_I64Keyword):
    """`acq_rel`: an atomic ordering; an optional group anchored on it is left out for a
    `not_atomic` ordering, as for an absent one."""

    KEYWORDS: ClassVar = ATOMIC_ORDERINGS
    WHAT: ClassVar = "atomic ordering"

    attr: AttributeVariable

    def is_present(self, op: IRDLOperation) -> bool:
        attr = self.attr.get(op)
        return isinstance(attr, IntegerAttr) and ordering_name(attr) != "not_atomic"


def overflow_flag_names(attr: Attribute | None) -> list[str]:
    """The flags of an `overflowFlags` property in MLIR's order (`nsw`, `nuw`)."""
    if not isinstance(attr, OverflowAttr):
        return []
    names = {str(f) for f in attr.data}
    return [f for f in ("nsw", "nuw") if f in names]


NO_FASTMATH = FastMathAttr("none")
"""The default of every `fastmathFlags` property, left out of the attribute dictionary."""


@irdl_custom_directive
class OverflowFlags(CustomDirective):
    """`overflow<nsw, nuw>` after the operands (nothing when no flag is set)."""

    flags: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        flags = OverflowAttr.parse(parser)
        if flags.data:
            self.flags.set(state, flags)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        if names := overflow_flag_names(self.flags.get(op)):
            state.print_whitespace(printer)
            printer.print_string(f"overflow<{', '.join(names)}>")


# --------------------------------------------------------------------------------------------
# Arithmetic
# --------------------------------------------------------------------------------------------


class _BinaryOp(PureOp):
    """`llvm.<op> [flag] %lhs, %rhs [overflow<...>] attr-dict : type`."""

    T: ClassVar = VarConstraint("T", AnyAttr())
    lhs = operand_def(T)
    rhs = operand_def(T)
    res = result_def(T)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)"
    custom_directives = (OverflowFlags,)

    PREFIX_FLAG: ClassVar[tuple[str, str] | None] = None
    """(keyword, property name) of a unit flag printed before the operands (LLVM IR's too)."""

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        properties: dict[str, Attribute] | None = None,
    ):
        lhs = SSAValue.get(lhs)
        super().__init__(operands=[lhs, rhs], result_types=[lhs.type], properties=properties or {})


class _OverflowBinaryOp(_BinaryOp):
    overflowFlags = opt_prop_def(OverflowAttr)
    assembly_format = "$lhs `,` $rhs custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)"


class _ExactBinaryOp(_BinaryOp):
    isExact = opt_prop_def(UnitAttr)
    PREFIX_FLAG: ClassVar = ("exact", "isExact")
    assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)"


class _FloatBinaryOp(_BinaryOp):
    fastmathFlags = opt_prop_def(FastMathAttr, NO_FASTMATH)


@op_definition
class AddOp(_OverflowBinaryOp):
    name = "llvm.add"


@op_definition
class SubOp(_OverflowBinaryOp):
    name = "llvm.sub"


@op_definition
class MulOp(_OverflowBinaryOp):
    name = "llvm.mul"


@op_definition
class ShlOp(_OverflowBinaryOp):
    name = "llvm.shl"


@op_definition
class UDivOp(_ExactBinaryOp):
    name = "llvm.udiv"


@op_definition
class SDivOp(_ExactBinaryOp):
    name = "llvm.sdiv"


@op_definition
class LShrOp(_ExactBinaryOp):
    name = "llvm.lshr"


@op_definition
class AShrOp(_ExactBinaryOp):
    name = "llvm.ashr"


@op_definition
class URemOp(_BinaryOp):
    name = "llvm.urem"


@op_definition
class SRemOp(_BinaryOp):
    name = "llvm.srem"


@op_definition
class AndOp(_BinaryOp):
    name = "llvm.and"


@op_definition
class OrOp(_BinaryOp):
    name = "llvm.or"

    isDisjoint = opt_prop_def(UnitAttr)
    PREFIX_FLAG: ClassVar = ("disjoint", "isDisjoint")
    assembly_format = "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"


@op_definition
class XOrOp(_BinaryOp):
    name = "llvm.xor"


@op_definition
class FAddOp(_FloatBinaryOp):
    name = "llvm.fadd"


@op_definition
class FSubOp(_FloatBinaryOp):
    name = "llvm.fsub"


@op_definition
class FMulOp(_FloatBinaryOp):
    name = "llvm.fmul"


@op_definition
class FDivOp(_FloatBinaryOp):
    name = "llvm.fdiv"


@op_definition
class FRemOp(_FloatBinaryOp):
    name = "llvm.frem"


class _UnaryOp(PureOp):
    """`llvm.<op> %operand attr-dict : type`."""

    T: ClassVar = VarConstraint("T", AnyAttr())
    operand = operand_def(T)
    res = result_def(T)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$operand attr-dict `:` type($res)"


@op_definition
class FNegOp(_UnaryOp):
    name = "llvm.fneg"

    fastmathFlags = opt_prop_def(FastMathAttr, NO_FASTMATH)


@op_definition
class FreezeOp(_UnaryOp):
    name = "llvm.freeze"


ICMP_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
FCMP_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip


def _i1_like(type: Attribute) -> Attribute:
    if isinstance(type, VectorType):
        return VectorType(i1, type.get_shape(), type.get_scalable_dims())
    return i1


@irdl_custom_directive
class CmpPredicate(CustomDirective):
    """`"slt"`: the predicate of `llvm.icmp`/`llvm.fcmp` as its quoted name."""

    predicate: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        names: tuple[str, ...] = state.op_type.PREDICATES  # type: ignore[attr-defined]
        name = parser.parse_str_literal()
        if name not in names:
            parser.raise_error(f"unknown predicate '{name}'")
        self.predicate.set(state, IntegerAttr(names.index(name), i64))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_string(f'"{op.predicate_name}"')  # type: ignore[attr-defined]


class _CmpOp(PureOp):
    """`llvm.icmp "slt" %a, %b attr-dict : i32` (and `llvm.fcmp`)."""

    T: ClassVar = VarConstraint("T", AnyAttr())
    predicate = prop_def(IntegerAttr[I64])
    lhs = operand_def(T)
    rhs = operand_def(T)
    res = result_def()

    PREDICATES: ClassVar[tuple[str, ...]]

    def __init__(self, predicate: str, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs = SSAValue.get(lhs)
        super().__init__(
            operands=[lhs, rhs],
            result_types=[_i1_like(lhs.type)],
            properties={"predicate": IntegerAttr(self.PREDICATES.index(predicate), i64)},
        )

    @property
    def predicate_name(self) -> str:
        return self.PREDICATES[self.predicate.value.data]

    def verify_(self) -> None:
        if not 0 <= self.predicate.value.data < len(self.PREDICATES):
            raise VerifyException(f"invalid predicate {self.predicate.value.data}")
        if self.res.type != _i1_like(self.lhs.type):
            raise VerifyException(f"result type must be {_i1_like(self.lhs.type)}")

    @staticmethod
    def inferred_type(compared: Attribute, properties: dict[str, Attribute]) -> Attribute:
        return _i1_like(compared)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<CmpPredicate>($predicate) $lhs `,` $rhs attr-dict `:` "
        "custom<InferredType>(type($lhs), type($res))"
    )
    custom_directives = (CmpPredicate, InferredType)


@op_definition
class ICmpOp(_CmpOp):
    name = "llvm.icmp"

    PREDICATES: ClassVar = ICMP_PREDICATES


@op_definition
class FCmpOp(_CmpOp):
    name = "llvm.fcmp"

    fastmathFlags = opt_prop_def(FastMathAttr, NO_FASTMATH)
    PREDICATES: ClassVar = FCMP_PREDICATES


@op_definition
class SelectOp(PureOp):
    """`llvm.select %cond, %a, %b attr-dict : i1, T`."""

    name = "llvm.select"

    T: ClassVar = VarConstraint("T", AnyAttr())
    condition = operand_def()
    true_value = operand_def(T)
    false_value = operand_def(T)
    res = result_def(T)
    fastmathFlags = opt_prop_def(FastMathAttr, NO_FASTMATH)

    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, cond: SSAValue | Operation, a: SSAValue | Operation, b: SSAValue | Operation):
        super().__init__(operands=[cond, a, b], result_types=[SSAValue.get(a).type])

    assembly_format = "operands attr-dict `:` type($condition) `,` type($res)"


# --------------------------------------------------------------------------------------------
# Casts
# --------------------------------------------------------------------------------------------


class _CastOp(PureOp):
    """`llvm.<cast> [nneg] %arg [overflow<...>] attr-dict : T to U`."""

    arg = operand_def()
    res = result_def()

    assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)"
    custom_directives = (OverflowFlags,)

    PREFIX_FLAG: ClassVar[tuple[str, str] | None] = None
    """(keyword, property name) of a unit flag printed before the operand (LLVM IR's too)."""

    def __init__(self, arg: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[arg], result_types=[result_type])


@op_definition
class BitcastOp(_CastOp):
    name = "llvm.bitcast"


@op_definition
class AddrSpaceCastOp(_CastOp):
    name = "llvm.addrspacecast"


@op_definition
class IntToPtrOp(_CastOp):
    name = "llvm.inttoptr"


@op_definition
class PtrToIntOp(_CastOp):
    name = "llvm.ptrtoint"


@op_definition
class SExtOp(_CastOp):
    name = "llvm.sext"


@op_definition
class ZExtOp(_CastOp):
    name = "llvm.zext"

    nonNeg = opt_prop_def(UnitAttr)
    PREFIX_FLAG: ClassVar = ("nneg", "nonNeg")
    assembly_format = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)"


@op_definition
class TruncOp(_CastOp):
    name = "llvm.trunc"

    overflowFlags = opt_prop_def(OverflowAttr)
    assembly_format = (
        "$arg custom<OverflowFlags>($overflowFlags) attr-dict `:` type($arg) `to` type($res)"
    )


@op_definition
class SIToFPOp(_CastOp):
    name = "llvm.sitofp"


@op_definition
class UIToFPOp(_CastOp):
    name = "llvm.uitofp"

    nonNeg = opt_prop_def(UnitAttr)
    PREFIX_FLAG: ClassVar = ("nneg", "nonNeg")
    assembly_format = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)"


@op_definition
class FPToSIOp(_CastOp):
    name = "llvm.fptosi"


@op_definition
class FPToUIOp(_CastOp):
    name = "llvm.fptoui"


@op_definition
class FPExtOp(_CastOp):
    name = "llvm.fpext"


@op_definition
class FPTruncOp(_CastOp):
    name = "llvm.fptrunc"


# --------------------------------------------------------------------------------------------
# Constants, globals and symbols
# --------------------------------------------------------------------------------------------


@op_definition
class ConstantOp(IRDLOperation, HasFolderInterface):
    """`llvm.mlir.constant(42 : i32) : i32`."""

    name = "llvm.mlir.constant"

    value = prop_def()
    res = result_def()

    traits = traits_def(Pure(), ConstantLike())

    def __init__(self, value: Attribute, type: Attribute):
        super().__init__(properties={"value": value}, result_types=[type])

    def fold(self) -> tuple[Attribute]:
        """The constant's value (what MLIR's `ConstantLike` fold returns)."""
        return (self.value,)

    assembly_format = "`(` $value `)` attr-dict `:` type($res)"


class _TypedValueOp(IRDLOperation, HasFolderInterface):
    """`llvm.mlir.<undef|poison|zero> : type`, constant-like: it folds to a `VALUE` attribute."""

    VALUE: ClassVar[type[ParametrizedAttribute]]

    res = result_def()

    traits = traits_def(Pure(), ConstantLike())

    def __init__(self, type: Attribute):
        super().__init__(result_types=[type])

    def fold(self) -> tuple[Attribute]:
        """The constant value of the op (`#llvm.undef`, `#llvm.poison` or `#llvm.zero`)."""
        return (self.VALUE(),)

    assembly_format = "attr-dict `:` type($res)"


@op_definition
class UndefOp(_TypedValueOp):
    name = "llvm.mlir.undef"
    VALUE: ClassVar[type[ParametrizedAttribute]] = UndefAttr


@op_definition
class PoisonOp(_TypedValueOp):
    name = "llvm.mlir.poison"
    VALUE: ClassVar[type[ParametrizedAttribute]] = PoisonAttr


@op_definition
class ZeroOp(_TypedValueOp):
    name = "llvm.mlir.zero"
    VALUE: ClassVar[type[ParametrizedAttribute]] = ZeroAttr


@op_definition
class AddressOfOp(IRDLOperation, HasFolderInterface):
    """`llvm.mlir.addressof @global : !llvm.ptr<3>`, constant-like: it folds to the symbol."""

    name = "llvm.mlir.addressof"

    global_name = prop_def(SymbolRefAttr)
    res = result_def(LLVMPointerType)

    traits = traits_def(Pure(), ConstantLike())

    def __init__(self, symbol: str, type: Attribute):
        super().__init__(
            properties={"global_name": FlatSymbolRefAttr(symbol)}, result_types=[type]
        )

    def fold(self) -> tuple[Attribute]:
        """The global's symbol name (MLIR's `AddressOfOp::fold`)."""
        return (self.global_name,)

    assembly_format = "$global_name attr-dict `:` type($res)"


LINKAGES = (
    "private", "internal", "available_externally", "linkonce", "weak", "common",
    "appending", "extern_weak", "linkonce_odr", "weak_odr", "external",
)  # fmt: skip


def _parse_optional_linkage(parser: Parser) -> LinkageAttr | None:
    name = parser.parse_optional_keyword_in(LINKAGES)
    return LinkageAttr(name) if name is not None else None


@op_definition
class GlobalOp(IRDLOperation):
    """`llvm.mlir.global external @name(value)? {attrs} : type`."""

    name = "llvm.mlir.global"

    global_type = prop_def(TypeAttribute)
    sym_name = prop_def(StringAttr)
    linkage = prop_def(LinkageAttr)
    constant = opt_prop_def(UnitAttr)
    value = opt_prop_def()
    alignment = opt_prop_def(IntegerAttr)
    addr_space = opt_prop_def(IntegerAttr)
    initializer = region_def()

    traits = traits_def(SymbolOpInterface(), IsolatedFromAbove())

    _ELIDED: ClassVar = ("global_type", "sym_name", "linkage", "constant", "value")

    @property
    def address_space(self) -> int:
        return self.addr_space.value.data if self.addr_space is not None else 0

    # Hand-written syntax: linkage and flag keywords, an optional `(value)` and an optional initializer
    # region.
    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.linkage.linkage.data}")
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        if self.value is not None:
            printer.print_attribute(self.value)
        printer.print_string(")")
        elided = list(self._ELIDED)
        if self.address_space == 0:
            elided.append("addr_space")
        print_attr_dict(printer, self, elided=elided)
        printer.print_string(" : ")
        printer.print_attribute(self.global_type)
        if self.initializer.blocks:
            printer.print_string(" ")
            printer.print_region(self.initializer)

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        linkage = _parse_optional_linkage(parser) or LinkageAttr("external")
        props: dict[str, Attribute] = {"linkage": linkage}
        if parser.parse_optional_keyword("constant") is not None:
            props["constant"] = UnitAttr()
        props["sym_name"] = parser.parse_symbol_name()
        parser.parse_punctuation("(")
        if parser.parse_optional_punctuation(")") is None:
            props["value"] = parser.parse_attribute()
            parser.parse_punctuation(")")
        attr_props, attrs = split_attr_dict(cls, parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        props["global_type"] = parser.parse_type()
        region = parser.parse_optional_region() or Region()
        return cls.create(properties=props | attr_props, attributes=attrs, regions=[region])


# --------------------------------------------------------------------------------------------
# Functions and calls
# --------------------------------------------------------------------------------------------


@op_definition
class FuncOp(IRDLOperation):
    """`llvm.func [linkage] @name(%arg: T {attrs}, ...) -> R attributes {...} { body }`."""

    name = "llvm.func"

    sym_name = prop_def(StringAttr)
    function_type = prop_def(LLVMFunctionType)
    linkage = opt_prop_def(LinkageAttr)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    body = region_def()

    traits = traits_def(SymbolOpInterface(), IsolatedFromAbove())

    _RESERVED: ClassVar = ("sym_name", "function_type", "linkage", "arg_attrs", "res_attrs")

    @property
    def linkage_name(self) -> str:
        return self.linkage.linkage.data if self.linkage is not None else "external"

    @property
    def is_declaration(self) -> bool:
        return not self.body.blocks

    def verify_(self) -> None:
        if self.body.blocks:
            entry = self.body.blocks[0]
            types = [a.type for a in entry.args]
            if types != list(self.function_type.inputs.data):
                raise VerifyException(
                    "entry block argument types do not match the function signature"
                )

    # Hand-written syntax: linkage, signature with argument attributes, and `attributes {...}` are
    # function-interface syntax.
    def print(self, printer: Printer) -> None:
        if self.linkage_name != "external":
            printer.print_string(f" {self.linkage_name}")
        output = self.function_type.output
        outputs = [] if isinstance(output, LLVMVoidType) else [output]
        attributes = {**self.attributes}
        print_func_op_like(
            printer,
            self.sym_name,
            FunctionType.from_lists(self.function_type.inputs.data, outputs),
            self.body,
            attributes,
            arg_attrs=self.arg_attrs,
            res_attrs=self.res_attrs,
            reserved_attr_names=self._RESERVED,
            is_variadic=self.function_type.is_variadic,
            print_empty_outputs=False,
        )

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        linkage = _parse_optional_linkage(parser)
        name, inputs, outputs, body, attr_dict, arg_attrs, res_attrs, variadic = parse_func_op_like(
            parser, reserved_attr_names=cls._RESERVED, allow_variadic=True
        )
        if len(outputs) > 1:
            parser.raise_error("LLVM functions return at most one value")
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(name),
            "function_type": LLVMFunctionType(inputs, outputs[0] if outputs else None, variadic),
        }
        if linkage is not None:
            props["linkage"] = linkage
        if arg_attrs is not None:
            props["arg_attrs"] = arg_attrs
        if res_attrs is not None:
            props["res_attrs"] = res_attrs
        attrs = attr_dict.data if attr_dict is not None else {}
        return cls.create(properties=props, attributes=dict(attrs), regions=[body])


@op_definition
class ReturnOp(IRDLOperation):
    """`llvm.return` or `llvm.return %value : T`."""

    name = "llvm.return"

    arg = var_operand_def()

    traits = traits_def(IsTerminator(), Pure())

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[list(values)])

    def verify_(self) -> None:
        if len(self.arg) > 1:
            raise VerifyException("llvm.return takes at most one operand")
        func = self.parent_op()
        if isinstance(func, FuncOp):
            output = func.function_type.output
            expected = [] if isinstance(output, LLVMVoidType) else [output]
            if [a.type for a in self.arg] != expected:
                raise VerifyException("returned value does not match the function result type")

    irdl_options = (ParsePropInAttrDict(),)
    # MLIR prints the attr-dict between the operand and its type, which ttc keeps.
    assembly_format = "($arg^)? attr-dict (`:` type($arg)^)?"


@op_definition
class CallOp(IRDLOperation):
    """`llvm.call @f(%a) : (T) -> R` or the indirect `llvm.call %fp(%a) : !llvm.ptr, (T) -> R`."""

    name = "llvm.call"

    callee = opt_prop_def(SymbolRefAttr)
    callee_operands = var_operand_def()
    result = opt_result_def()
    fastmathFlags = opt_prop_def(FastMathAttr)

    # Hand-written syntax: direct/indirect callee, variadic callee type `vararg(...)` and operand
    # bundles.
    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        args = list(self.callee_operands)
        if self.callee is not None:
            printer.print_attribute(self.callee)
        else:
            printer.print_operand(args[0])
            args = args[1:]
        printer.print_string("(")
        print_operands(printer, args)
        printer.print_string(")")
        print_attr_dict(printer, self, elided=["callee"])
        printer.print_string(" : ")
        if self.callee is None:
            printer.print_attribute(self.callee_operands[0].type)
            printer.print_string(", ")
        print_functional_type(printer, [a.type for a in args], [r.type for r in self.results])

    @classmethod
    def parse(cls, parser: Parser) -> CallOp:
        symbol = parser.parse_optional_symbol_name()
        callee_ptr = parser.parse_unresolved_operand() if symbol is None else None
        args = _parse_operand_list(parser, parser.Delimiter.PAREN)
        props, attrs = split_attr_dict(cls, parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        operands: list[SSAValue] = []
        if callee_ptr is not None:
            operands.append(parser.resolve_operand(callee_ptr, parser.parse_type()))
            parser.parse_punctuation(",")
        else:
            props["callee"] = SymbolRefAttr(symbol)
        inputs, outputs = _parse_functional_type(parser)
        operands += _resolve(parser, args, inputs)
        return cls.create(
            operands=operands, result_types=outputs, properties=props, attributes=attrs
        )


@op_definition
class CallIntrinsicOp(IRDLOperation):
    """`llvm.call_intrinsic "llvm.foo"(%a) : (T) -> R` (`-> ()` when void)."""

    name = "llvm.call_intrinsic"

    intrin = prop_def(StringAttr)
    args = var_operand_def()
    results_ = var_result_def()
    fastmathFlags = opt_prop_def(FastMathAttr, NO_FASTMATH)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$intrin `(` $args `)` attr-dict `:` functional-type($args, $results_)"


@op_definition
class InlineAsmOp(IRDLOperation):
    """`llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "asm", "c" %a : (T) -> R`.

    As in MLIR, a void inline asm may still have one result of type `!llvm.void`.
    """

    name = "llvm.inline_asm"

    operands_ = var_operand_def()
    res = opt_result_def()
    asm_string = prop_def(StringAttr)
    constraints = prop_def(StringAttr)
    has_side_effects = opt_prop_def(UnitAttr)
    is_align_stack = opt_prop_def(UnitAttr)
    asm_dialect = opt_prop_def(StringAttr)
    operand_attrs = opt_prop_def(ArrayAttr)

    ASM_DIALECTS: ClassVar = ("att", "intel")

    # Hand-written syntax: keywords for flags and the asm dialect, and quoted strings, before a
    # functional type.
    def print(self, printer: Printer) -> None:
        if self.has_side_effects is not None:
            printer.print_string(" has_side_effects")
        if self.is_align_stack is not None:
            printer.print_string(" is_align_stack")
        if self.asm_dialect is not None:
            printer.print_string(f" asm_dialect = {self.asm_dialect.data}")
        if self.operand_attrs is not None:
            printer.print_string(" operand_attrs = ")
            printer.print_attribute(self.operand_attrs)
        print_attr_dict(
            printer,
            self,
            elided=["asm_string", "constraints", "has_side_effects", "is_align_stack", "asm_dialect",
             "operand_attrs"],
        )  # fmt: skip
        printer.print_string(" ")
        printer.print_string_literal(self.asm_string.data)
        printer.print_string(", ")
        printer.print_string_literal(self.constraints.data)
        printer.print_string(" ")  # MLIR's, before the (possibly empty) operand list
        print_operands(printer, self.operands_)
        printer.print_string(" : ")
        print_functional_type(
            printer, [a.type for a in self.operands_], [r.type for r in self.results]
        )

    @classmethod
    def parse(cls, parser: Parser) -> InlineAsmOp:
        props: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("has_side_effects") is not None:
            props["has_side_effects"] = UnitAttr()
        if parser.parse_optional_keyword("is_align_stack") is not None:
            props["is_align_stack"] = UnitAttr()
        if parser.parse_optional_keyword("asm_dialect") is not None:
            parser.parse_punctuation("=")
            dialect = parser.parse_identifier()
            if dialect not in cls.ASM_DIALECTS:
                parser.raise_error(f"unknown asm dialect '{dialect}'")
            props["asm_dialect"] = StringAttr(dialect)
        if parser.parse_optional_keyword("operand_attrs") is not None:
            parser.parse_punctuation("=")
            operand_attrs = parser.parse_attribute()
            if not isinstance(operand_attrs, ArrayAttr):
                parser.raise_error("operand_attrs must be an array")
            props["operand_attrs"] = operand_attrs
        attr_props, attrs = split_attr_dict(cls, parser.parse_optional_attr_dict())
        props["asm_string"] = StringAttr(parser.parse_str_literal())
        parser.parse_punctuation(",")
        props["constraints"] = StringAttr(parser.parse_str_literal())
        operands: list[UnresolvedOperand] = []
        if parser.parse_optional_punctuation(":") is None:
            operands = _parse_operand_list(parser, parser.Delimiter.NONE)
            parser.parse_punctuation(":")
        inputs, outputs = _parse_functional_type(parser)
        return cls.create(
            operands=_resolve(parser, operands, inputs),
            result_types=outputs,
            properties=props | attr_props,
            attributes=attrs,
        )


# --------------------------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------------------------

GEP_DYNAMIC_INDEX = -(2**31)
"""The `rawConstantIndices` entry marking an index taken from `dynamicIndices` (MLIR's value)."""

GEP_NO_WRAP_FLAGS: dict[str, int] = {"inbounds": 3, "nusw": 2, "nuw": 4}
"""MLIR's GEPNoWrapFlags; `inbounds` implies `nusw`."""


def gep_flag_names(flags: int) -> list[str]:
    """The keywords that spell a GEPNoWrapFlags bit set, as MLIR prints them."""
    names: list[str] = []
    if flags & 1:
        names.append("inbounds")
    elif flags & 2:
        names.append("nusw")
    if flags & 4:
        names.append("nuw")
    return names


@op_definition
class GEPOp(PureOp):
    """`llvm.getelementptr inbounds %base[%i, 0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32`."""

    name = "llvm.getelementptr"

    base = operand_def()
    dynamicIndices = var_operand_def()
    res = result_def()
    rawConstantIndices = prop_def(DenseArrayBase)
    elem_type = prop_def(TypeAttribute)
    noWrapFlags = opt_prop_def(IntegerAttr)

    @property
    def no_wrap_flags(self) -> int:
        return self.noWrapFlags.value.data if self.noWrapFlags is not None else 0

    def indices(self) -> list[int | SSAValue]:
        """The indices in order: constants as ints, dynamic ones as SSA values."""
        dynamic = iter(self.dynamicIndices)
        return [
            next(dynamic) if i == GEP_DYNAMIC_INDEX else i
            for i in self.rawConstantIndices.get_values()
        ]

    def verify_(self) -> None:
        raw = self.rawConstantIndices.get_values()
        if sum(1 for i in raw if i == GEP_DYNAMIC_INDEX) != len(self.dynamicIndices):
            raise VerifyException("dynamic GEP indices do not match rawConstantIndices")

    # Hand-written syntax: indices mix constants and operands in one `[%a, 0]` list, with the element
    # type inside the types.
    def print(self, printer: Printer) -> None:
        for flag in gep_flag_names(self.no_wrap_flags):
            printer.print_string(f" {flag}")
        printer.print_string(" ")
        printer.print_operand(self.base)
        printer.print_string("[")
        printer.print_list(
            self.indices(),
            lambda i: printer.print_operand(i) if isinstance(i, SSAValue) else printer.print_int(i),
        )
        printer.print_string("]")
        print_attr_dict(
            printer, self, elided=["rawConstantIndices", "elem_type", "noWrapFlags"]
        )
        printer.print_string(" : ")
        print_functional_type(
            printer, [o.type for o in self.operands], [self.res.type]
        )
        printer.print_string(", ")
        printer.print_attribute(self.elem_type)

    @classmethod
    def parse(cls, parser: Parser) -> GEPOp:
        flags = 0
        while (flag := parser.parse_optional_keyword_in(tuple(GEP_NO_WRAP_FLAGS))) is not None:
            flags |= GEP_NO_WRAP_FLAGS[flag]
        base = parser.parse_unresolved_operand()
        raw: list[int] = []
        dynamic: list[UnresolvedOperand] = []

        def parse_index() -> None:
            operand = parser.parse_optional_unresolved_operand()
            if operand is not None:
                raw.append(GEP_DYNAMIC_INDEX)
                dynamic.append(operand)
            else:
                raw.append(parser.parse_integer(allow_boolean=False))

        parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parse_index)
        props, attrs = split_attr_dict(cls, parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        inputs, outputs = _parse_functional_type(parser)
        parser.parse_punctuation(",")
        props["elem_type"] = parser.parse_type()
        props["rawConstantIndices"] = DenseArrayBase.from_list(i32, raw)
        if flags:
            props["noWrapFlags"] = IntegerAttr(flags, i32)
        if len(outputs) != 1:
            parser.raise_error("getelementptr has exactly one result")
        return cls.create(
            operands=_resolve(parser, [base, *dynamic], inputs),
            result_types=outputs,
            properties=props,
            attributes=attrs,
        )


class _MemAccessOp(IRDLOperation):
    """Shared properties of `llvm.load` and `llvm.store`."""

    alignment = opt_prop_def(IntegerAttr)
    volatile_ = opt_prop_def(UnitAttr)
    nontemporal = opt_prop_def(UnitAttr)
    ordering = opt_prop_def(IntegerAttr)
    syncscope = opt_prop_def(StringAttr)

    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (SyncScope, Ordering)


_ATOMIC = "(`atomic` custom<SyncScope>($syncscope) custom<Ordering>($ordering)^)?"
"""MLIR's `atomic [syncscope("...")] ordering` clause of loads and stores."""


@op_definition
class LoadOp(_MemAccessOp):
    """`llvm.load [volatile] %p [atomic ordering] {alignment = 16 : i64} : !llvm.ptr<1> -> T`."""

    name = "llvm.load"

    addr = operand_def(LLVMPointerType)
    dereferenced_value = result_def()
    invariant = opt_prop_def(UnitAttr)

    assembly_format = (
        f"(`volatile` $volatile_^)? $addr {_ATOMIC} (`invariant` $invariant^)? attr-dict "
        "`:` type($addr) `->` type($dereferenced_value)"
    )


@op_definition
class StoreOp(_MemAccessOp):
    """`llvm.store [volatile] %v, %p [atomic ordering] {alignment = 16 : i64} : T, !llvm.ptr<3>`."""

    name = "llvm.store"

    value = operand_def()
    addr = operand_def(LLVMPointerType)

    assembly_format = (
        f"(`volatile` $volatile_^)? $value `,` $addr {_ATOMIC} attr-dict "
        "`:` type($value) `,` type($addr)"
    )


@op_definition
class AllocaOp(IRDLOperation):
    """`llvm.alloca %n x T {alignment = 4 : i64} : (i32) -> !llvm.ptr`."""

    name = "llvm.alloca"

    arraySize = operand_def()
    res = result_def(LLVMPointerType)
    elem_type = prop_def(TypeAttribute)
    alignment = opt_prop_def(IntegerAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$arraySize `x` $elem_type attr-dict `:` functional-type($arraySize, $res)"


# --------------------------------------------------------------------------------------------
# Aggregates and vectors
# --------------------------------------------------------------------------------------------


@irdl_custom_directive
class IntList(AttrDirective):
    """`[0, 1, -1]`: a dense array property (a position, a mask, branch weights) as a bare list of
    integers, of the op class's `LIST_ELEMENT_TYPE`."""

    attr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        values = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
        )
        element_type = state.op_type.LIST_ELEMENT_TYPE  # type: ignore[attr-defined]
        self.attr.set(state, DenseArrayBase.from_list(element_type, values))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        array = self.attr.get(op)
        assert isinstance(array, DenseArrayBase)
        printer.print_string("[")
        printer.print_list(array.get_values(), printer.print_int)
        printer.print_string("]")


class _AggregateAccessOp(PureOp):
    """`llvm.extractvalue`/`insertvalue`: the member at `position` of a struct or array; the
    member's type follows from the aggregate's, which MLIR prints with a trailing space."""

    position = prop_def(DenseArrayBase)

    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (IntList, InferredType)

    LIST_ELEMENT_TYPE: ClassVar = i64

    @staticmethod
    def inferred_type(aggregate: Attribute, properties: dict[str, Attribute]) -> Attribute:
        position = properties["position"]
        assert isinstance(position, DenseArrayBase)
        return aggregate_member(aggregate, position.get_values())


@op_definition
class ExtractValueOp(_AggregateAccessOp):
    """`llvm.extractvalue %s[0] : !llvm.struct<(i32, i32)> ` (MLIR leaves the trailing space)."""

    name = "llvm.extractvalue"

    container = operand_def()
    res = result_def()

    assembly_format = (
        "$container `` custom<IntList>($position) attr-dict `:` "
        "custom<InferredType>(type($container), type($res)) ` `"
    )

    def __init__(self, container: SSAValue | Operation, position: Sequence[int]):
        container = SSAValue.get(container)
        super().__init__(
            operands=[container],
            result_types=[aggregate_member(container.type, position)],
            properties={"position": DenseArrayBase.from_list(i64, position)},
        )

    def verify_(self) -> None:
        member = aggregate_member(self.container.type, self.position.get_values())
        if member != self.res.type:
            raise VerifyException(f"result type {self.res.type} does not match member {member}")


@op_definition
class InsertValueOp(_AggregateAccessOp):
    """`llvm.insertvalue %v, %s[0] : !llvm.struct<(i32, i32)> ` (trailing space as in MLIR)."""

    name = "llvm.insertvalue"

    T: ClassVar = VarConstraint("T", AnyAttr())
    container = operand_def(T)
    value = operand_def()
    res = result_def(T)

    assembly_format = (
        "$value `,` $container `` custom<IntList>($position) attr-dict `:` "
        "custom<InferredType>(type($container), type($value)) ` `"
    )

    def __init__(
        self, container: SSAValue | Operation, value: SSAValue | Operation, position: Sequence[int]
    ):
        container = SSAValue.get(container)
        super().__init__(
            operands=[container, value],
            result_types=[container.type],
            properties={"position": DenseArrayBase.from_list(i64, position)},
        )

    def verify_(self) -> None:
        member = aggregate_member(self.container.type, self.position.get_values())
        if member != self.value.type:
            raise VerifyException(f"inserted type {self.value.type} does not match member {member}")


class _ElementAccessOp(PureOp):
    """`llvm.extractelement`/`insertelement`: the element at `%i : i32` of a vector."""

    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (InferredType,)

    @staticmethod
    def inferred_type(vector: Attribute, properties: dict[str, Attribute]) -> Attribute:
        if not isinstance(vector, VectorType):
            raise VerifyException(f"expected a vector type, got {vector}")
        return vector.element_type


@op_definition
class ExtractElementOp(_ElementAccessOp):
    """`llvm.extractelement %v[%i : i32] : vector<4xf32>`."""

    name = "llvm.extractelement"

    vector = operand_def(VectorType)
    position = operand_def(IntegerType)
    res = result_def()

    assembly_format = (
        "$vector `[` $position `:` type($position) `]` attr-dict `:` "
        "custom<InferredType>(type($vector), type($res))"
    )

    def verify_(self) -> None:
        if self.res.type != element_type(self.vector.type):
            raise VerifyException("result type must be the vector's element type")


@op_definition
class InsertElementOp(_ElementAccessOp):
    """`llvm.insertelement %x, %v[%i : i32] : vector<4xf32>`."""

    name = "llvm.insertelement"

    T: ClassVar = VarConstraint("T", AnyAttr())
    vector = operand_def(T)
    value = operand_def()
    position = operand_def(IntegerType)
    res = result_def(T)

    assembly_format = (
        "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` "
        "custom<InferredType>(type($vector), type($value))"
    )

    def verify_(self) -> None:
        if self.value.type != element_type(self.vector.type):
            raise VerifyException("inserted value type must be the vector's element type")


@op_definition
class ShuffleVectorOp(PureOp):
    """`llvm.shufflevector %a, %b [0, 1, -1] : vector<2xf32> ` (trailing space as in MLIR)."""

    name = "llvm.shufflevector"

    T: ClassVar = VarConstraint("T", AnyAttr())
    v1 = operand_def(T)
    v2 = operand_def(T)
    res = result_def(VectorType)
    mask = prop_def(DenseArrayBase)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$v1 `,` $v2 custom<IntList>($mask) attr-dict `:` "
        "custom<InferredType>(type($v1), type($res)) ` `"
    )
    custom_directives = (IntList, InferredType)

    LIST_ELEMENT_TYPE: ClassVar = i32

    def __init__(self, v1: SSAValue, v2: SSAValue, mask: Sequence[int]):
        """Elements of `v1` (indices from 0) and `v2` (indices after `v1`'s), `-1` for poison."""
        assert isinstance(v1.type, VectorType)
        super().__init__(operands=[v1, v2],
                         result_types=[VectorType(v1.type.element_type, [len(mask)])],
                         properties={"mask": DenseArrayBase.from_list(i32, mask)})

    @staticmethod
    def inferred_type(vector: Attribute, properties: dict[str, Attribute]) -> Attribute:
        if not isinstance(vector, VectorType):
            raise VerifyException(f"expected a vector type, got {vector}")
        mask = properties["mask"]
        assert isinstance(mask, DenseArrayBase)
        return VectorType(vector.element_type, [len(mask)])


# --------------------------------------------------------------------------------------------
# Control flow
# --------------------------------------------------------------------------------------------


@op_definition
class BrOp(IRDLOperation):
    """`llvm.br ^bb1(%a, %b : i32, i32)`."""

    name = "llvm.br"

    destOperands = var_operand_def()
    dest = successor_def()

    traits = traits_def(IsTerminator(), Pure())

    def __init__(self, dest: Block, *args: SSAValue | Operation):
        super().__init__(operands=[list(args)], successors=[dest])

    def verify_(self) -> None:
        _verify_successor_args(self.dest, self.destOperands)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"


@op_definition
class CondBrOp(IRDLOperation):
    """`llvm.cond_br %c [weights([1, 2])], ^bb1(%a : i32), ^bb2`."""

    name = "llvm.cond_br"

    condition = operand_def(i1)
    trueDestOperands = var_operand_def()
    falseDestOperands = var_operand_def()
    trueDest = successor_def()
    falseDest = successor_def()
    branch_weights = opt_prop_def(DenseArrayBase)

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    traits = traits_def(IsTerminator(), Pure())

    def verify_(self) -> None:
        _verify_successor_args(self.trueDest, self.trueDestOperands)
        _verify_successor_args(self.falseDest, self.falseDestOperands)

    assembly_format = (
        "$condition (`weights` `(` custom<IntList>($branch_weights)^ `)`)? `,` "
        "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
        "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict"
    )
    custom_directives = (IntList,)

    LIST_ELEMENT_TYPE: ClassVar = i32


@op_definition
class SwitchOp(IRDLOperation):
    """`llvm.switch %v : i32, ^default [ 1: ^bb1(%a : i32), 2: ^bb2 ]` (cases on their own lines)."""

    name = "llvm.switch"

    value = operand_def(IntegerType)
    defaultOperands = var_operand_def()
    caseOperands = var_operand_def()
    defaultDestination = successor_def()
    caseDestinations = var_successor_def()
    case_values = opt_prop_def(DenseIntOrFPElementsAttr)
    case_operand_segments = prop_def(DenseArrayBase)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(IsTerminator(), Pure())

    def case_list(self) -> list[tuple[int, Block, list[SSAValue]]]:
        """(value, destination, operands) for each case, in order."""
        values = self.case_values.get_values() if self.case_values is not None else ()
        operands = iter(self.caseOperands)
        segments = self.case_operand_segments.get_values()
        return [
            (int(v), dest, [next(operands) for _ in range(n)])
            for v, dest, n in zip(values, self.caseDestinations, segments, strict=True)
        ]

    def verify_(self) -> None:
        n_values = len(self.case_values.get_values()) if self.case_values is not None else 0
        segments = self.case_operand_segments.get_values()
        if not n_values == len(segments) == len(self.caseDestinations):
            raise VerifyException("case values, destinations and operand segments differ in size")
        if sum(segments) != len(self.caseOperands):
            raise VerifyException("case operand segments do not add up to the case operands")
        _verify_successor_args(self.defaultDestination, self.defaultOperands)
        for _, dest, args in self.case_list():
            _verify_successor_args(dest, args)

    # Hand-written syntax: the case list pairs integers with successors and their operands.
    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        printer.print_string(" : ")
        printer.print_attribute(self.value.type)
        printer.print_string(", ")
        _print_successor(printer, self.defaultDestination, self.defaultOperands)
        printer.print_string(" [")
        with printer.indented():
            for i, (value, dest, args) in enumerate(self.case_list()):
                printer.print_string("\n" if i == 0 else ",\n")
                printer.print_string(f"{value}: ")
                _print_successor(printer, dest, args)
        printer.print_string("\n]")
        print_attr_dict(
            printer,
            self,
            elided=["case_values", "case_operand_segments", "operandSegmentSizes"],
        )

    @classmethod
    def parse(cls, parser: Parser) -> SwitchOp:
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        value_type = parser.parse_type()
        parser.parse_punctuation(",")
        default, default_args = _parse_successor(parser)
        cases: list[tuple[int, Block, list[SSAValue]]] = []

        def parse_case() -> None:
            case_value = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(":")
            cases.append((case_value, *_parse_successor(parser)))

        parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parse_case)
        attr_props, attrs = split_attr_dict(cls, parser.parse_optional_attr_dict())
        case_operands = [a for _, _, args in cases for a in args]
        props: dict[str, Attribute] = {
            "case_operand_segments": DenseArrayBase.from_list(i32, [len(c[2]) for c in cases]),
            "operandSegmentSizes": DenseArrayBase.from_list(
                i32, [1, len(default_args), len(case_operands)]
            ),
        }
        if cases:
            if not isinstance(value_type, IntegerType):
                parser.raise_error("switch value must be an integer")
            props["case_values"] = DenseIntOrFPElementsAttr.from_list(
                VectorType(value_type, [len(cases)]), [c[0] for c in cases]
            )
        return cls.create(
            operands=[parser.resolve_operand(value, value_type), *default_args, *case_operands],
            successors=[default, *(c[1] for c in cases)],
            properties=props | attr_props,
            attributes=attrs,
        )


@op_definition
class UnreachableOp(IRDLOperation):
    """`llvm.unreachable`."""

    name = "llvm.unreachable"

    traits = traits_def(IsTerminator())
    assembly_format = "attr-dict"


# --------------------------------------------------------------------------------------------
# Atomics
# --------------------------------------------------------------------------------------------

ATOMIC_BIN_OPS = (
    "xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min", "umax", "umin",
    "fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat",
    "fmaximum", "fminimum",
)  # fmt: skip
"""MLIR's AtomicBinOp keywords (`_and`, `_or`, `_xor` avoid C++ keywords), in enum order."""


@irdl_custom_directive
class AtomicBinOp(_I64Keyword):
    """`add`: the operation of `llvm.atomicrmw`."""

    KEYWORDS: ClassVar = {name: i for i, name in enumerate(ATOMIC_BIN_OPS)}
    WHAT: ClassVar = "atomicrmw operation"

    attr: AttributeVariable


@op_definition
class AtomicRMWOp(IRDLOperation):
    """`llvm.atomicrmw [volatile] add %p, %v [syncscope("s")] acq_rel attr-dict : !llvm.ptr<1>, i32`."""

    name = "llvm.atomicrmw"

    T: ClassVar = VarConstraint("T", AnyAttr())
    ptr = operand_def(LLVMPointerType)
    val = operand_def(T)
    res = result_def(T)
    bin_op = prop_def(IntegerAttr)
    ordering = prop_def(IntegerAttr)
    syncscope = opt_prop_def(StringAttr)
    alignment = opt_prop_def(IntegerAttr)
    volatile_ = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "(`volatile` $volatile_^)? custom<AtomicBinOp>($bin_op) $ptr `,` $val "
        "custom<SyncScope>($syncscope) custom<Ordering>($ordering) attr-dict "
        "`:` type($ptr) `,` type($val)"
    )
    custom_directives = (AtomicBinOp, SyncScope, Ordering)

    @property
    def bin_op_name(self) -> str:
        return ATOMIC_BIN_OPS[self.bin_op.value.data]


@op_definition
class AtomicCmpXchgOp(IRDLOperation):
    """`llvm.cmpxchg [weak] [volatile] %p, %cmp, %new acq_rel monotonic : !llvm.ptr<1>, i32`."""

    name = "llvm.cmpxchg"

    T: ClassVar = VarConstraint("T", AnyAttr())
    ptr = operand_def(LLVMPointerType)
    val = operand_def(T)
    new_val = operand_def(T)
    res = result_def(LLVMStructType)
    success_ordering = prop_def(IntegerAttr)
    failure_ordering = prop_def(IntegerAttr)
    syncscope = opt_prop_def(StringAttr)
    alignment = opt_prop_def(IntegerAttr)
    weak = opt_prop_def(UnitAttr)
    volatile_ = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $val `,` $new_val "
        "custom<SyncScope>($syncscope) custom<Ordering>($success_ordering) "
        "custom<Ordering>($failure_ordering) attr-dict `:` type($ptr) `,` "
        "custom<InferredType>(type($val), type($res))"
    )
    custom_directives = (SyncScope, Ordering, InferredType)

    @staticmethod
    def inferred_type(value: Attribute, properties: dict[str, Attribute]) -> Attribute:
        """The result: the loaded value and whether it was exchanged."""
        return LLVMStructType([value, i1])


@op_definition
class FenceOp(IRDLOperation):
    """`llvm.fence [syncscope("agent")] acquire`."""

    name = "llvm.fence"

    ordering = prop_def(IntegerAttr)
    syncscope = opt_prop_def(StringAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "custom<SyncScope>($syncscope) custom<Ordering>($ordering) attr-dict"
    custom_directives = (SyncScope, Ordering)


# --------------------------------------------------------------------------------------------
# Intrinsics (`llvm.intr.*`)
# --------------------------------------------------------------------------------------------


class IntrinsicOp(IRDLOperation):
    """`llvm.intr.<name>(%a, %b) attr-dict : (T, T) -> T`: an overloaded LLVM intrinsic.

    `LLVM_NAME` is the intrinsic's name without its type suffix; the emitter mangles the result
    type onto it (`llvm.smin` on i32 becomes `llvm.smin.i32`).
    """

    args = var_operand_def()
    res = result_def()
    fastmathFlags = opt_prop_def(FastMathAttr, NO_FASTMATH)

    traits = traits_def(NoMemoryEffect())

    LLVM_NAME: ClassVar[str]
    ARITY: ClassVar[int]

    def verify_(self) -> None:
        if len(self.args) != self.ARITY:
            raise VerifyException(f"'{self.name}' takes {self.ARITY} operands")

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "`(` $args `)` attr-dict `:` functional-type($args, $res)"


def _intrinsic(mnemonic: str, arity: int) -> type[IntrinsicOp]:
    cls = type(
        "".join(part.capitalize() for part in mnemonic.split(".")) + "Op",
        (IntrinsicOp,),
        {
            "name": f"llvm.intr.{mnemonic}",
            "LLVM_NAME": f"llvm.{mnemonic}",
            "ARITY": arity,
            "__annotations__": {"LLVM_NAME": "ClassVar[str]", "ARITY": "ClassVar[int]"},
            "__doc__": f"`llvm.intr.{mnemonic}`: the `llvm.{mnemonic}.*` intrinsic.",
        },
    )
    return op_definition(cls)


INTRINSIC_ARITIES: dict[str, int] = {
    "smax": 2, "smin": 2, "umax": 2, "umin": 2,
    "maxnum": 2, "minnum": 2, "maximum": 2, "minimum": 2, "copysign": 2, "pow": 2,
    "fma": 3, "fmuladd": 3, "fshl": 3, "fshr": 3,
    "fabs": 1, "sqrt": 1, "exp": 1, "exp2": 1, "log": 1, "log2": 1, "sin": 1, "cos": 1,
    "floor": 1, "ceil": 1, "round": 1, "roundeven": 1, "trunc": 1, "rint": 1,
    "ctpop": 1, "bitreverse": 1, "bswap": 1,
}  # fmt: skip
"""The `llvm.intr.*` ops ttc knows, with their operand counts (all overloaded on the result)."""

INTRINSIC_OPS: dict[str, type[IntrinsicOp]] = {
    f"llvm.intr.{m}": _intrinsic(m, n) for m, n in INTRINSIC_ARITIES.items()
}
@op_definition
class AbsOp(IRDLOperation):
    """`"llvm.intr.abs"(%x) <{is_int_min_poison = false}> : (i32) -> i32`: `llvm.abs.*`.

    Its immediate flag (is the absolute value of INT_MIN poison?) is a property, so MLIR prints the
    op in generic form; so does ttc.
    """

    name = "llvm.intr.abs"

    in_ = operand_def()
    res = result_def()
    is_int_min_poison = prop_def(IntegerAttr)

    traits = traits_def(NoMemoryEffect())

    def __init__(self, value: SSAValue, is_int_min_poison: bool) -> None:
        super().__init__(
            operands=[value],
            result_types=[value.type],
            properties={"is_int_min_poison": IntegerAttr(int(is_int_min_poison), i1)},
        )


@op_definition
class AssumeOp(IRDLOperation):
    """`llvm.intr.assume %cond : i1`: `llvm.assume`, what `tl.assume` builds.

    The optimizer may take `%cond` to hold. It has no result but is not pure: as in MLIR, nothing
    declares its memory effects, so no pass erases it for being unused. MLIR's operand bundles
    (`["align"(%p, %n : ...)]`) are not supported; Triton never builds them.
    """

    name = "llvm.intr.assume"

    cond = operand_def(i1)

    def __init__(self, cond: SSAValue) -> None:
        super().__init__(operands=[cond])

    # Hand-written syntax: operand bundles (`["align"(%p, %n : ...)]`) are lists of operand groups.
    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.cond)
        printer.print_string(" : ")
        printer.print_attribute(self.cond.type)
        print_attr_dict(printer, self)

    @classmethod
    def parse(cls, parser: Parser) -> AssumeOp:
        cond = parser.parse_unresolved_operand()
        if parser.parse_optional_punctuation("[") is not None:
            parser.raise_error("operand bundles of 'llvm.intr.assume' are not supported")
        before = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        type = parser.parse_type()
        after = parser.parse_optional_attr_dict()
        props, attrs = split_attr_dict(cls, before | after)
        return cls.create(
            operands=[parser.resolve_operand(cond, type)], properties=props, attributes=attrs
        )


SMinOp = INTRINSIC_OPS["llvm.intr.smin"]
SMaxOp = INTRINSIC_OPS["llvm.intr.smax"]
FMulAddOp = INTRINSIC_OPS["llvm.intr.fmuladd"]


# --------------------------------------------------------------------------------------------
# The dialect
# --------------------------------------------------------------------------------------------

_OPS: list[type[Operation]] = [
    AddOp, SubOp, MulOp, ShlOp, UDivOp, SDivOp, LShrOp, AShrOp, URemOp, SRemOp, AndOp, OrOp,
    XOrOp, FAddOp, FSubOp, FMulOp, FDivOp, FRemOp, FNegOp, FreezeOp, ICmpOp, FCmpOp, SelectOp,
    BitcastOp, AddrSpaceCastOp, IntToPtrOp, PtrToIntOp, SExtOp, ZExtOp, TruncOp, SIToFPOp,
    UIToFPOp, FPToSIOp, FPToUIOp, FPExtOp, FPTruncOp,
    ConstantOp, UndefOp, PoisonOp, ZeroOp, AddressOfOp, GlobalOp,
    FuncOp, ReturnOp, CallOp, CallIntrinsicOp, InlineAsmOp,
    GEPOp, LoadOp, StoreOp, AllocaOp,
    ExtractValueOp, InsertValueOp, ExtractElementOp, InsertElementOp, ShuffleVectorOp,
    BrOp, CondBrOp, SwitchOp, UnreachableOp,
    AtomicRMWOp, AtomicCmpXchgOp, FenceOp,
    AbsOp, AssumeOp, *INTRINSIC_OPS.values(),
]  # fmt: skip

LLVM = Dialect(
    "llvm",
    _OPS,
    [
        LLVMStructType,
        LLVMPointerType,
        LLVMArrayType,
        LLVMVoidType,
        LLVMFunctionType,
        LinkageAttr,
        LoopAnnotationAttr,
        LoopLICMAttr,
        OverflowAttr,
        FastMathAttr,
        ConstantRangeAttr,
        UndefAttr,
        PoisonAttr,
        ZeroAttr,
    ],
)
