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
    I32,
    IndexType,
    IntegerAttr,
    SignlessIntegerConstraint,
    i1,
)
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import HasParent, IsTerminator, Pure, ReturnLike

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, PureOp
from ttc.ir.op_definition import op_definition


@op_definition
class PredicateStageOp(PureOp, PropsInAttrDictOp):
    """`ttg.predicate_stage`: the predicate of one pipeline stage at one iteration."""

    name = "ttg.predicate_stage"

    T: ClassVar = VarConstraint("T", base(IndexType) | SignlessIntegerConstraint)
    iv = operand_def(T)
    ub = operand_def(T)
    step = operand_def(T)
    max_stage = prop_def(IntegerAttr[I32], prop_name="maxStage")
    stage = prop_def(IntegerAttr[I32])
    result = result_def(i1)

    assembly_format = (
        "$iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:` type($iv) `->` "
        "type($result)"
    )


@op_definition
class MaskOp(IRDLOperation):
    """`ttg.mask`: a single-block region run under a predicate, yielding its results."""

    name = "ttg.mask"

    pred = operand_def(i1)
    results_ = var_result_def()
    region = region_def("single_block")


@op_definition
class MaskReturnOp(IRDLOperation):
    """`ttg.mask.return %v : T`: the terminator of `ttg.mask`."""

    name = "ttg.mask.return"

    result = var_operand_def()

    traits = traits_def(HasParent(MaskOp), Pure(), IsTerminator(), ReturnLike())
    assembly_format = "$result attr-dict `:` type($result)"


PIPELINE_OPS: tuple[type[IRDLOperation], ...] = (PredicateStageOp, MaskOp, MaskReturnOp)
"""The ops of this module, for the `ttg` dialect."""
