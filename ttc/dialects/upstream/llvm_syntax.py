"""Declarative-format pieces shared by the `llvm`, `arith` and `math` dialects.

MLIR's ODS formats of these dialects print one type and infer another from it (`arith.cmpi`'s
i1-like result from its operands' type, `llvm.extractvalue`'s result from the aggregate and the
position); `InferredType` is that `custom<...>` directive for xDSL's declarative formats.
`AttrDirective` is the base of the directives that spell one attribute their own way.
"""

from __future__ import annotations

from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    OperandsDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


@irdl_custom_directive
class InferredType(CustomDirective):
    """`T`: the one type printed; the op class's `inferred_type(T, properties)` gives the other (a
    comparison's i1 result, a vector's element, an aggregate's member, a shuffle's result). `T`
    may stand for all the operands (`type(operands)`), which then share it."""

    printed: TypeDirective
    inferred: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        printed = parser.parse_type()
        try:
            inferred = state.op_type.inferred_type(printed, state.properties)  # type: ignore[attr-defined]
        except VerifyException as e:
            parser.raise_error(str(e))
        count = 1
        if isinstance(self.printed.inner, OperandsDirective):
            count = sum(len(operands) for operands in state.operands if operands is not None)
        self.printed.set(state, [printed] * count)
        self.inferred.set(state, [inferred])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_attribute(self.printed.get(op)[0])


class AttrDirective(CustomDirective):
    """A directive that spells the one attribute `attr` (declared again by each subclass, which
    xDSL's directive decorator reads); an optional group can be anchored on it."""

    attr: AttributeVariable

    def is_present(self, op: IRDLOperation) -> bool:
        return self.attr.is_present(op)

    def is_anchorable(self) -> bool:
        return self.attr.is_anchorable()
