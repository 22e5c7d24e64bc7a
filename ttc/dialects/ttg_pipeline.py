"""Ops the TritonGPU software pipeliner emits: stage predicates and masked regions.

Mirrors `TTG_PredicateStageOp`, `TTG_MaskOp` and `TTG_MaskReturnOp` of Triton's
`TritonGPUOps.td`:

- `%p = ttg.predicate_stage %iv, %ub, %step maxStage 3 stage 1 : i32 -> i1`: whether loop stage
  `stage` of a loop pipelined into `maxStage` stages runs at iteration `%iv`;
- `"ttg.mask"(%p) ({ ... ttg.mask.return %v : T }) : (i1) -> T`: a region executed under the
  predicate `%p` (the op has no custom syntax; its terminator has).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    SignlessIntegerConstraint,
    i1,
    i32,
)
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsTerminator, Pure, ReturnLike

from ttc.dialects.tt_syntax import parse_attr_dict, print_attr_dict


@irdl_op_definition
class PredicateStageOp(IRDLOperation):
    """`ttg.predicate_stage`: the predicate of one pipeline stage at one iteration."""

    name = "ttg.predicate_stage"

    T: ClassVar = VarConstraint("T", base(IndexType) | SignlessIntegerConstraint)
    iv = operand_def(T)
    ub = operand_def(T)
    step = operand_def(T)
    max_stage = prop_def(IntegerAttr, prop_name="maxStage")
    stage = prop_def(IntegerAttr)
    result = result_def(i1)

    traits = traits_def(Pure())

    # Declarative format candidate: bare i32 integers after `maxStage`/`stage` and `type($iv) ->
    # type($result)` with inferred ub/step types.
    @classmethod
    def parse(cls, parser: Parser) -> PredicateStageOp:
        operands = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        parser.parse_keyword("maxStage")
        max_stage = parser.parse_integer()
        parser.parse_keyword("stage")
        stage = parser.parse_integer()
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        iv_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(o, iv_type) for o in operands],
            result_types=[result_type],
            properties=properties
            | {"maxStage": IntegerAttr(max_stage, i32), "stage": IntegerAttr(stage, i32)},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list((self.iv, self.ub, self.step), printer.print_operand)
        printer.print_string(
            f" maxStage {self.max_stage.value.data} stage {self.stage.value.data}"
        )
        print_attr_dict(printer, self, elided=("maxStage", "stage"))
        printer.print_string(" : ")
        printer.print_attribute(self.iv.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)


@irdl_op_definition
class MaskOp(IRDLOperation):
    """`ttg.mask`: a single-block region run under a predicate, yielding its results."""

    name = "ttg.mask"

    pred = operand_def(i1)
    results_ = var_result_def()
    region = region_def("single_block")


@irdl_op_definition
class MaskReturnOp(IRDLOperation):
    """`ttg.mask.return %v : T`: the terminator of `ttg.mask`."""

    name = "ttg.mask.return"

    result = var_operand_def()

    traits = traits_def(HasParent(MaskOp), Pure(), IsTerminator(), ReturnLike())
    assembly_format = "$result attr-dict `:` type($result)"


PIPELINE_OPS: tuple[type[IRDLOperation], ...] = (PredicateStageOp, MaskOp, MaskReturnOp)
"""The ops of this module, for the `ttg` dialect."""
