"""Parsing and printing pieces shared by the custom syntax of Triton's ops.

These mirror what MLIR's ODS assembly formats do for Triton's ops:

- `attr-dict` of an op with properties: inherent attributes (properties) and discardable ones are
  printed together, sorted by name as MLIR's `DictionaryAttr` sorts them, leaving out those the
  format spells elsewhere and default-valued ones equal to their default; when parsing, names the
  op declares as properties become properties.
- I32 enum keywords (`cacheModifier = ca`, `tt.get_program_id x`).
- the `type($src) -> type($result)` tail, which also accepts the parenthesised functional type
  `(T) -> U` that Triton ≤ 2.3 printed for splat, broadcast, expand_dims and friends.

Every printer here goes through the printer's own methods (print_operand, print_attribute,
print_op_attributes...) so that ttc's MLIR-faithful printer can name values and alias attributes.
The `llvm` and `nvvm` dialects use the attr-dict, operand/type list and functional-type pieces
too, so this module does not import Triton's types at run time.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from xdsl.dialects.builtin import FunctionType, IntegerAttr, TensorType, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    OperandsDirective,
    ParsingState,
    PrintingState,
    ResultsDirective,
    TypeDirective,
    VariadicOperandVariable,
    irdl_custom_directive,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

if TYPE_CHECKING:  # the llvm and nvvm dialects use this module without Triton's types
    from ttc.dialects.tt.types import TritonEnum

E = TypeVar("E", bound="TritonEnum")


def split_attr_dict(
    op_type: type[IRDLOperation], attributes: Mapping[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Split a parsed attribute dictionary into (properties, discardable attributes) of `op_type`."""
    declared = op_type.get_irdl_definition().properties
    properties = {k: v for k, v in attributes.items() if k in declared}
    discardable = {k: v for k, v in attributes.items() if k not in declared}
    return properties, discardable


def parse_attr_dict(
    parser: Parser, op_type: type[IRDLOperation]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Parse an optional `{...}` and split it into (properties, discardable attributes)."""
    return split_attr_dict(op_type, parser.parse_optional_attr_dict())


def print_attr_dict(
    printer: Printer,
    op: Operation,
    *,
    elided: Collection[str] = (),
    defaults: Mapping[str, Attribute] | None = None,
    keyword: bool = False,
) -> None:
    """Print an op's `attr-dict` as MLIR does (see the module docstring)."""
    defaults = defaults or {}
    merged: dict[str, Attribute] = {}
    for name, value in (*op.properties.items(), *op.attributes.items()):
        if name in elided or defaults.get(name) == value:
            continue
        merged[name] = value
    printer.print_op_attributes(dict(sorted(merged.items())), print_keyword=keyword)


def parse_optional_enum(parser: Parser, enum: type[E]) -> E | None:
    """The keyword of an I32 enum if an identifier comes next (an error if it is not one)."""
    pos = parser.pos
    word = parser.parse_optional_identifier()
    if word is None:
        return None
    member = enum.from_keyword(word)
    if member is None:
        parser.raise_error(
            f"expected {enum.__name__} to be one of: {', '.join(enum.keywords())}", pos
        )
    return member  # type: ignore[return-value]


def parse_enum(parser: Parser, enum: type[E]) -> E:
    """Parse the keyword of an I32 enum (`ca`, `evict_last`, `x`, `acq_rel`...)."""
    pos = parser.pos
    member = parse_optional_enum(parser, enum)
    if member is None:
        parser.raise_error(
            f"expected {enum.__name__} to be one of: {', '.join(enum.keywords())}", pos
        )
    return member


def enum_attr(enum: type[E], attr: Attribute | None, default: E) -> E:
    """The enum value stored in an optional `IntegerAttr` property, or `default`."""
    if isinstance(attr, IntegerAttr):
        return enum(attr.value.data)
    return default


def parse_operand_list(parser: Parser) -> list[UnresolvedOperand]:
    """A possibly empty comma-separated list of operands (`%a, %b`), no delimiters."""
    first = parser.parse_optional_unresolved_operand()
    if first is None:
        return []
    operands = [first]
    while parser.parse_optional_punctuation(","):
        operands.append(parser.parse_unresolved_operand())
    return operands


def parse_optional_operand_groups(parser: Parser, count: int) -> list[UnresolvedOperand | None]:
    """Up to `count` of MLIR's optional groups `(`,` $operand^)?` of optional operands: a comma
    opens each group and the operand after it may be missing (`%p, : type` has an empty group)."""
    groups: list[UnresolvedOperand | None] = []
    while len(groups) < count and parser.parse_optional_punctuation(","):
        groups.append(parser.parse_optional_unresolved_operand())
    return groups


def parse_bracketed_operands(parser: Parser) -> list[UnresolvedOperand]:
    """`[%a, %b]` (possibly empty)."""
    return parser.parse_comma_separated_list(
        Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )


def parse_tensor_type(parser: Parser, op_name: str) -> TensorType:
    """A type the op's ODS declares as a ranked tensor (MLIR's `parseType<RankedTensorType>`)."""
    pos = parser.pos
    t = parser.parse_type()
    if not isinstance(t, TensorType):
        parser.raise_error(
            f"custom op '{op_name}' invalid kind of type specified: expected builtin.tensor, "
            f"but found '{t}'",
            pos,
            parser.pos,
        )
    return t


def parse_arrow_types(
    parser: Parser,
    num_sources: int,
    tensor_op: str | None = None,
    tensor_sources: bool = True,
) -> tuple[list[Attribute], Attribute]:
    """`T -> U` (today) or `(T) -> U` (Triton ≤ 2.3); with `num_sources` types before the arrow.

    With `tensor_op` (the op's name), the result type must be a ranked tensor, and so must the
    source types unless `tensor_sources` is false.
    """

    def parse(tensor: bool) -> Attribute:
        return parse_tensor_type(parser, tensor_op) if tensor and tensor_op else parser.parse_type()

    pos = parser.pos
    if parser.parse_optional_punctuation("("):
        sources = [parse(tensor_sources)]
        while parser.parse_optional_punctuation(","):
            sources.append(parse(tensor_sources))
        parser.parse_punctuation(")")
    else:
        sources = [parse(tensor_sources)]
    if len(sources) not in (1, num_sources):
        parser.raise_error(f"expected {num_sources} operand types but had {len(sources)}", pos)
    parser.parse_punctuation("->")
    return sources, parse(True)


def print_operands(printer: Printer, operands: Sequence[SSAValue]) -> None:
    """`%a, %b` through the printer's operand naming."""
    printer.print_list(operands, printer.print_operand)


def print_types(printer: Printer, types: Sequence[Attribute]) -> None:
    printer.print_list(types, printer.print_attribute)


def print_functional_type(
    printer: Printer, inputs: Sequence[Attribute], outputs: Sequence[Attribute]
) -> None:
    """MLIR's `functional-type(operands, results)`: `(A, B) -> C` or `(A) -> (C, D)`."""
    printer.print_string("(")
    print_types(printer, inputs)
    printer.print_string(") -> ")
    if len(outputs) == 1 and not isinstance(outputs[0], FunctionType):
        printer.print_attribute(outputs[0])
    else:
        printer.print_string("(")
        print_types(printer, outputs)
        printer.print_string(")")


def parse_functional_type(parser: Parser) -> tuple[list[Attribute], list[Attribute]]:
    """`(A, B) -> C` or `(A) -> (C, D)`."""
    function_type = parser.parse_function_type()
    return list(function_type.inputs.data), list(function_type.outputs.data)


# --------------------------------------------------------------------------------------------
# Custom directives of the declarative formats (`custom<Name>(...)` in an `assembly_format`)
# --------------------------------------------------------------------------------------------


def _type_count(directive: TypeDirective, state: ParsingState) -> int:
    """How many types a `type(...)` directive stands for once the operands are parsed: every
    parsed operand for `type(operands)`, every result for `type(results)`, else one."""
    if isinstance(directive.inner, OperandsDirective):
        return sum(len(operands) for operands in state.operands if operands is not None)
    if isinstance(directive.inner, ResultsDirective):
        return len(state.result_types)
    return 1


def _replicate(directive: TypeDirective, state: ParsingState, types: Sequence[Attribute]) -> None:
    """Give `directive` the parsed `types`, one type standing for all it covers."""
    count = _type_count(directive, state)
    directive.set(state, list(types) if len(types) == count else [types[0]] * count)


@irdl_custom_directive
class OneType(CustomDirective):
    """`T`: one type printed for operands and results that all share it (the `: type($x)` of
    MLIR's `SameOperandsAndResultType` formats, which infer the other types)."""

    printed: TypeDirective
    inferred: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        t = parser.parse_type()
        _replicate(self.printed, state, [t])
        _replicate(self.inferred, state, [t])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_attribute(self.printed.get(op)[0])


@irdl_custom_directive
class ArrowTypes(CustomDirective):
    """`T -> U`: the first source and result types, which stand for the others of their kind;
    also accepts the parenthesised `(T) -> U` / `(T, T) -> U` of Triton ≤ 2.3.

    An op class whose ODS types are ranked tensors says so with `TENSOR_RESULT`/`TENSOR_SOURCE`
    (parsed as MLIR's `parseType<RankedTensorType>`), and may fill in what older releases left
    implicit with a class method `upgrade_properties(properties, source_type, result_type)`.
    """

    sources: TypeDirective
    results: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        op_type = state.op_type
        tensor_op = op_type.name if getattr(op_type, "TENSOR_RESULT", False) else None
        sources, result = parse_arrow_types(
            parser,
            _type_count(self.sources, state),
            tensor_op,
            getattr(op_type, "TENSOR_SOURCE", False),
        )
        _replicate(self.sources, state, sources)
        _replicate(self.results, state, [result])
        upgrade = getattr(op_type, "upgrade_properties", None)
        if upgrade is not None:
            upgrade(state.properties, sources[0], result)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_attribute(self.sources.get(op)[0])
        printer.print_string(" -> ")
        printer.print_attribute(self.results.get(op)[0])


@irdl_custom_directive
class InferredI32(CustomDirective):
    """Nothing printed: the types of a variadic operand that Triton's ODS declares `I32` (so MLIR's
    format infers them), one `i32` per operand parsed before. ttc declares such operands untyped so
    that its verifier words a wrong type as Triton's does."""

    types: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        assert isinstance(self.types.inner, VariadicOperandVariable)
        operands = state.operands[self.types.inner.index] or ()
        self.types.set(state, [i32] * len(operands))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        pass


@cache
def enum_keyword(enum: type[E]) -> type[CustomDirective]:
    """The directive `custom<EnumName>($prop)`: an I32 enum property spelled by its keyword
    (`propagateNan = all`, `rounding = rtne`), where ODS prints the enum attribute bare."""

    def parse(self: CustomDirective, parser: Parser, state: ParsingState) -> None:
        self.attr.set(state, parse_enum(parser, enum).attr())

    def print(self: CustomDirective, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_string(enum(self.attr.get(op).value.data).keyword)

    def is_present(self: CustomDirective, op: IRDLOperation) -> bool:
        return self.attr.is_present(op)

    def is_anchorable(self: CustomDirective) -> bool:
        return self.attr.is_anchorable()

    namespace = {
        "__annotations__": {"attr": AttributeVariable},
        "__doc__": f"`{enum.__name__}` keyword of an I32 enum property.",
        "parse": parse,
        "print": print,
        "is_present": is_present,
        "is_anchorable": is_anchorable,
    }
    return irdl_custom_directive(type(enum.__name__, (CustomDirective,), namespace))
