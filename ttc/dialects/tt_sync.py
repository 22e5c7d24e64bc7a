"""Synchronisation between programs and grids: `tt.atomic_poll` and programmatic dependent launch.

Mirrors `TT_AtomicPollOp`, `TT_GridDependencyWaitOp` and `TT_GridDependencyLaunchDependentsOp`
of Triton's `TritonOps.td` (verifier in `lib/Dialect/Triton/IR/Ops.cpp`):

- `%ok = tt.atomic_poll acquire, gpu, %p, %expected [timeout %t] : !tt.ptr<i32>, i32 -> i1`:
  load `%p` (relaxed, one thread) until it equals `%expected`, or until the timeout;
- `tt.grid_dependency_wait`: wait for the grids this one depends on and see their writes;
- `tt.grid_dependency_launch_dependents`: let dependent grids start.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, IntegerType, i1, i64
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt_syntax import parse_attr_dict, parse_enum, print_attr_dict
from ttc.dialects.tt_types import (
    MemSemantic,
    MemSyncScope,
    PointerType,
    bit_width,
    pointer_type_same_shape,
)


@irdl_op_definition
class AtomicPollOp(IRDLOperation):
    """`tt.atomic_poll`: spin on a global value until it holds the expected one."""

    name = "tt.atomic_poll"

    ptr = operand_def(PointerType)
    expected = operand_def(IntegerType)
    timeout = opt_operand_def(i64)
    sem = prop_def(IntegerAttr)
    scope = prop_def(IntegerAttr)
    result = result_def(i1)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    # Declarative format candidate: enum keywords (`enum_keyword`) and an optional `timeout $t` group.
    @classmethod
    def parse(cls, parser: Parser) -> AtomicPollOp:
        sem = parse_enum(parser, MemSemantic)
        parser.parse_punctuation(",")
        scope = parse_enum(parser, MemSyncScope)
        parser.parse_punctuation(",")
        ptr = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        expected = parser.parse_unresolved_operand()
        timeout = (
            parser.parse_unresolved_operand() if parser.parse_optional_keyword("timeout") else None
        )
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        ptr_type = parser.parse_type()
        parser.parse_punctuation(",")
        expected_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[
                parser.resolve_operand(ptr, ptr_type),
                parser.resolve_operand(expected, expected_type),
                [parser.resolve_operand(timeout, i64)] if timeout is not None else [],
            ],
            result_types=[result_type],
            properties=properties | {"sem": sem.attr(), "scope": scope.attr()},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(
            f" {MemSemantic.from_attr(self.sem).keyword}, "
            f"{MemSyncScope.from_attr(self.scope).keyword}, "
        )
        printer.print_operand(self.ptr)
        printer.print_string(", ")
        printer.print_operand(self.expected)
        if self.timeout is not None:
            printer.print_string(" timeout ")
            printer.print_operand(self.timeout)
        print_attr_dict(printer, self, elided=("sem", "scope"))
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)
        printer.print_string(", ")
        printer.print_attribute(self.expected.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if self.ptr.type != pointer_type_same_shape(self.expected.type):
            raise VerifyException("failed to verify that ptr type matches expected type")
        if MemSemantic.from_attr(self.sem) not in (MemSemantic.ACQUIRE, MemSemantic.RELAXED):
            raise VerifyException("only supports acquire and relaxed semantics")
        if bit_width(self.expected.type) not in (16, 32, 64):
            raise VerifyException("only supports integer elements with width {16, 32, 64}")


@irdl_op_definition
class GridDependencyWaitOp(IRDLOperation):
    """`tt.grid_dependency_wait`: wait for prerequisite grids and acquire their writes."""

    name = "tt.grid_dependency_wait"

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    assembly_format = "attr-dict"


@irdl_op_definition
class GridDependencyLaunchDependentsOp(IRDLOperation):
    """`tt.grid_dependency_launch_dependents`: allow dependent grids to begin."""

    name = "tt.grid_dependency_launch_dependents"

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    assembly_format = "attr-dict"


SYNC_OPS: tuple[type[IRDLOperation], ...] = (
    AtomicPollOp,
    GridDependencyWaitOp,
    GridDependencyLaunchDependentsOp,
)
"""The ops of this module, for the `tt` dialect."""
