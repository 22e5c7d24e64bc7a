"""ttc's op-definition decorator: xDSL's `irdl_op_definition` with the assembly format compiled on
first use.

xDSL compiles an op's declarative `assembly_format` into a `FormatProgram` when the class is
defined, so importing a dialect pays for every op's format although a compile parses a few op
kinds and prints none (MLIR generates these parsers and printers ahead of time, so they cost it
nothing at start-up). `op_definition` builds the op exactly as `irdl_op_definition` does (its
`OpDef`, accessors, verifier and traits) but gives it a `parse` and a `print` that compile the
format the first time either is called and keep the program for the next calls.

A format that does not compile therefore fails when its op is first parsed or printed, with the
error `irdl_op_definition` raises at definition; `deferred_format` lets a test compile every op's
format up front so that a broken one is still caught without input that uses the op.
"""

from __future__ import annotations

from functools import cached_property
from typing import TypeVar

from xdsl.irdl import IRDLOperation, OpDef
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.irdl.operations import get_accessors_from_op_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, PyRDLOpDefinitionError

OpT = TypeVar("OpT", bound=IRDLOperation)


class DeferredFormat:
    """An op's assembly format and, once asked for, its compiled program."""

    def __init__(self, op_def: OpDef, assembly_format: str) -> None:
        self.op_def = op_def
        self.assembly_format = assembly_format

    @cached_property
    def program(self) -> FormatProgram:
        """The compiled format (compiled by the first call, as `irdl_op_definition` would)."""
        try:
            return FormatProgram.from_str(self.assembly_format, self.op_def)
        except ParseError as e:
            raise PyRDLOpDefinitionError(
                "Error during the parsing of the assembly format: ", e.args
            ) from e

    @property
    def compiled(self) -> bool:
        """Whether the format has been compiled."""
        return "program" in self.__dict__


_DEFERRED_FORMATS: dict[type[IRDLOperation], DeferredFormat] = {}
"""The ops `op_definition` defined with an assembly format, and their formats."""


def deferred_format(op_type: type[IRDLOperation]) -> DeferredFormat | None:
    """The format of an op `op_definition` defined with an `assembly_format`, else None."""
    return _DEFERRED_FORMATS.get(op_type)


def op_definition(cls: type[OpT]) -> type[OpT]:
    """Define the op `cls` as xDSL's `irdl_op_definition` does, deferring the compilation of its
    `assembly_format` (if it has one) to the op's first parse or print."""
    assert issubclass(cls, IRDLOperation), f"class {cls.__name__} should be a subclass of IRDLOperation"
    op_def = OpDef.from_pyrdl(cls)
    assembly_format = op_def.assembly_format
    # Hidden from xDSL's accessor builder, which would compile it; the OpDef keeps it.
    op_def.assembly_format = None
    try:
        new_attrs = get_accessors_from_op_def(op_def, getattr(cls, "verify_", None))
    finally:
        op_def.assembly_format = assembly_format
    if assembly_format is not None:
        deferred = _DEFERRED_FORMATS[cls] = DeferredFormat(op_def, assembly_format)

        def parse(op_type: type[OpT], parser: Parser) -> OpT:
            return deferred.program.parse(parser, op_type)

        def print_(op: IRDLOperation, printer: Printer) -> None:
            deferred.program.print(printer, op)

        new_attrs["parse"] = classmethod(parse)
        new_attrs["print"] = print_
    for name, value in new_attrs.items():
        setattr(cls, name, value)
    return cls
