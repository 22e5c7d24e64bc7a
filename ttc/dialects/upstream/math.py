"""The `math` dialect as Triton's IR uses it (`math.exp`, `math.fma`, `math.erf`, ...).

Mirrors MLIR's `math` dialect (mlir/include/mlir/Dialect/Math/IR/MathOps.td). xDSL's op classes
print and parse as MLIR does (`math.exp %x fastmath<fast> : tensor<128xf32, #blocked>`) and are
reused as they are. Replaced or added here:

* `math.fma` and `math.fpowi`: xDSL's builders store the fastmath flags as an attribute, where the
  syntax and verifier expect a property.
* `math.erfc`, and the classification ops `math.isnan`/`isinf`/`isfinite`/`isnormal`, whose `i1`
  result keeps the operand's shape and encoding.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, container_of, i1
from xdsl.ir import Dialect, Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, result_def, traits_def
from xdsl.traits import Pure, SameOperandsAndResultType
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PureOp
from ttc.dialects.upstream.arith import FastMathFlagsAttr, FastMathOp, I1LikeResult, with_element_type
from ttc.dialects.upstream.llvm_syntax import InferredType
from ttc.ir.op_definition import op_definition

_float_like = container_of(AnyFloat)
_int_like = container_of(IntegerType | IndexType)
_bool_like = container_of(IntegerType(1))


@op_definition
class FmaOp(FastMathOp):
    """`math.fma %a, %b, %c : T`: fused multiply-add."""

    name = "math.fma"

    T: ClassVar = VarConstraint("T", _float_like)
    a = operand_def(T)
    b = operand_def(T)
    c = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure(), SameOperandsAndResultType())

    assembly_format = "$a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"

    def __init__(
        self,
        a: Operation | SSAValue,
        b: Operation | SSAValue,
        c: Operation | SSAValue,
        fastmath: FastMathFlagsAttr | None = None,
    ):
        super().__init__([a, b, c], fastmath)


@op_definition
class FPowIOp(PureOp, FastMathOp):
    """`math.fpowi %base, %power : f32, i32`: a float raised to an integer power."""

    name = "math.fpowi"

    T: ClassVar = VarConstraint("T", _float_like)
    lhs = operand_def(T)
    rhs = operand_def(_int_like)
    result = result_def(T)

    assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)"

    def __init__(
        self, lhs: Operation | SSAValue, rhs: Operation | SSAValue, fastmath: FastMathFlagsAttr | None = None
    ):
        super().__init__([lhs, rhs], fastmath)

    def verify_(self) -> None:
        if with_element_type(self.lhs.type, i1) != with_element_type(self.rhs.type, i1):
            raise VerifyException(f"'{self.name}' op requires the same shape for all operands and results")


@op_definition
class ErfcOp(xmath.FloatingPointLikeUnaryMathOperation):
    """`math.erfc`: the complementary error function."""

    name = "math.erfc"

    traits = traits_def(Pure(), SameOperandsAndResultType())


class _FloatClassification(PureOp, I1LikeResult, FastMathOp):
    """`math.isnan %x : T`: `i1`, or `i1` in the operand's shape and encoding."""

    operand = operand_def(_float_like)
    result = result_def(_bool_like)

    assembly_format = (
        "$operand (`fastmath` `` $fastmath^)? attr-dict `:` "
        "custom<InferredType>(type($operand), type($result))"
    )
    custom_directives = (InferredType,)

    def __init__(self, operand: Operation | SSAValue, fastmath: FastMathFlagsAttr | None = None):
        super().__init__([operand], fastmath)

    def verify_(self) -> None:
        if self.result.type != with_element_type(self.operand.type, i1):
            raise VerifyException(
                f"'{self.name}' op result must be i1 in the shape of the operand, got {self.result.type}"
            )


@op_definition
class IsNaNOp(_FloatClassification):
    """`math.isnan`."""

    name = "math.isnan"


@op_definition
class IsInfOp(_FloatClassification):
    """`math.isinf`."""

    name = "math.isinf"


@op_definition
class IsFiniteOp(_FloatClassification):
    """`math.isfinite`."""

    name = "math.isfinite"


@op_definition
class IsNormalOp(_FloatClassification):
    """`math.isnormal`."""

    name = "math.isnormal"


Math = Dialect(
    "math",
    [
        xmath.AbsFOp,
        xmath.AbsIOp,
        xmath.AcosOp,
        xmath.AcoshOp,
        xmath.AsinOp,
        xmath.AsinhOp,
        xmath.Atan2Op,
        xmath.AtanOp,
        xmath.AtanhOp,
        xmath.CbrtOp,
        xmath.CeilOp,
        xmath.CopySignOp,
        xmath.CosOp,
        xmath.CoshOp,
        xmath.CountLeadingZerosOp,
        xmath.CountTrailingZerosOp,
        xmath.CtPopOp,
        xmath.ErfOp,
        ErfcOp,
        xmath.Exp2Op,
        xmath.ExpM1Op,
        xmath.ExpOp,
        FPowIOp,
        xmath.FloorOp,
        FmaOp,
        xmath.IPowIOp,
        IsFiniteOp,
        IsInfOp,
        IsNaNOp,
        IsNormalOp,
        xmath.Log10Op,
        xmath.Log1pOp,
        xmath.Log2Op,
        xmath.LogOp,
        xmath.PowFOp,
        xmath.RoundEvenOp,
        xmath.RoundOp,
        xmath.RsqrtOp,
        xmath.SinOp,
        xmath.SinhOp,
        xmath.SqrtOp,
        xmath.TanOp,
        xmath.TanhOp,
        xmath.TruncOp,
    ],
)
