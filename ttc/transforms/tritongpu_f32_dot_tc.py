"""`tritongpu-F32DotTC`: emulate precise f32 dots with several tensor-core dots.

Mirrors Triton 3.6's F32DotTC.cpp, whose two patterns run under the greedy driver (bottom-up):

- `BF16xN`, for f32 x f32 dots with `inputPrecision = bf16x3` or `bf16x6`: each operand is split
  into bf16 parts (`hi = bf16(x)`, `mid = bf16(x - hi)`, and for bf16x6 `lo = bf16(x - hi - mid)`)
  and the products are summed from the smallest up into a zero accumulator with plain (ieee) bf16
  dots: bf16x6 adds mid*mid, lo*hi and hi*lo, both add mid*hi and hi*mid; NaNs of these partial
  products are replaced by zeros (an infinity times a zero low part must not poison the result),
  hi*hi comes last and the original accumulator is added at the end.
- `TF32x3`, with `emu-tf32` (Triton sets it from sm_80 on), for `inputPrecision = tf32x3`: each
  operand splits into a tf32-rounded big part (`cvt.rna.tf32.f32` inline assembly) and the f32
  remainder; small*big and big*small accumulate into zero, NaNs become zeros, big*big is added
  (all as tf32 dots keeping `maxNumImpreciseAcc`), then the original accumulator.

Zero accumulators are `tt.splat`s of an f32 zero, which the driver folds into dense constants.
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.arith import CMPF_COMPARISON_OPERATIONS
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    TensorType,
    f32,
    i1,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import InputPrecision
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import GreedyConfig, PatternSet, apply_patterns_greedily
from ttc.transforms.utils import create_constant, create_op

BF16_PARTS = {InputPrecision.BF16x3: 2, InputPrecision.BF16x6: 3}
"""How many bf16 parts each operand is split into (bf16x3 needs only hi and mid)."""
TF32_ROUND_ASM = "cvt.rna.tf32.f32 $0, $1;"
UNORDERED = CMPF_COMPARISON_OPERATIONS.index("uno")


class DotBuilder:
    """Creates the ops of a decomposition before the dot being replaced."""

    def __init__(self, rewriter: PatternRewriter) -> None:
        self.rewriter = rewriter

    def op(self, name: str, operands: list[SSAValue], result: Attribute, **properties: Attribute) -> SSAValue:
        new = create_op(active_context(), name, operands, [result], properties)
        self.rewriter.insert(new)
        return new.results[0]

    def cast(self, name: str, value: SSAValue, element: Attribute) -> SSAValue:
        type_ = value.type
        assert isinstance(type_, TensorType)
        return self.op(name, [value], TensorType(element, type_.get_shape(), type_.encoding))

    def binary(self, name: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.op(name, [lhs, rhs], lhs.type)

    def zero_like(self, value: SSAValue) -> SSAValue:
        """Triton's `zeroLike`: a splat of an f32 zero in `value`'s type."""
        constant = create_constant(active_context(), FloatAttr(0.0, f32), f32)
        self.rewriter.insert(constant)
        return self.op("tt.splat", [constant.results[0]], value.type)

    def dot(
        self, a: SSAValue, b: SSAValue, acc: SSAValue,
        precision: InputPrecision = InputPrecision.IEEE, max_num_imprecise_acc: int = 0,
    ) -> SSAValue:  # fmt: skip
        return self.op(
            "tt.dot", [a, b, acc], acc.type,
            inputPrecision=precision.attr(),
            maxNumImpreciseAcc=IntegerAttr(max_num_imprecise_acc, i32),
        )  # fmt: skip

    def nans_to_zeros(self, value: SSAValue) -> SSAValue:
        """Triton's `replaceNansWithZeros`: `select(value != value, 0, value)`."""
        type_ = value.type
        assert isinstance(type_, TensorType)
        mask_type = TensorType(i1, type_.get_shape(), type_.encoding)
        nans = self.op("arith.cmpf", [value, value], mask_type, predicate=IntegerAttr(UNORDERED, 64))
        return self.op("arith.select", [nans, self.zero_like(value), value], type_)

    def split_bf16(self, value: SSAValue, parts: int) -> list[SSAValue]:
        """Triton's `splitF32`: `parts` bf16 values summing (in f32) to about `value`."""
        result: list[SSAValue] = []
        for i in range(parts):
            part = self.cast("arith.truncf", value, BFloat16Type())
            if i != parts - 1:
                value = self.binary("arith.subf", value, self.cast("arith.extf", part, f32))
            result.append(part)
        return result

    def round_to_tf32(self, value: SSAValue) -> SSAValue:
        return self.op(
            "tt.elementwise_inline_asm", [value], value.type,
            asm_string=StringAttr(TF32_ROUND_ASM), constraints=StringAttr("=r,r"),
            pure=IntegerAttr.from_bool(True), packed_element=IntegerAttr(1, i32),
        )  # fmt: skip


def _is_f32(value: SSAValue) -> bool:
    type_ = value.type
    return isinstance(type_, TensorType) and isinstance(type_.get_element_type(), Float32Type)


def _precision(dot: Operation) -> InputPrecision:
    attr = dot.properties.get("inputPrecision")
    return InputPrecision(attr.value.data) if attr is not None else InputPrecision.IEEE  # pyright: ignore[reportAttributeAccessIssue]


def _max_num_imprecise_acc(dot: Operation) -> int:
    attr = dot.properties.get("maxNumImpreciseAcc")
    return attr.value.data if attr is not None else 0  # pyright: ignore[reportAttributeAccessIssue]


def bf16xn(dot: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `BF16xN`: a bf16x3/bf16x6 f32 dot as 3 or 6 bf16 dots."""
    precision = _precision(dot)
    parts = BF16_PARTS.get(precision, 0)
    a, b, c = dot.operands
    if not parts or not _is_f32(a) or not _is_f32(b):
        return False
    build = DotBuilder(rewriter)
    hi, mid, lo = 0, 1, 2
    lhs, rhs = build.split_bf16(a, parts), build.split_bf16(b, parts)
    result = build.zero_like(c)
    if precision is InputPrecision.BF16x6:
        result = build.dot(lhs[mid], rhs[mid], result)
        result = build.dot(lhs[lo], rhs[hi], result)
        result = build.dot(lhs[hi], rhs[lo], result)
    result = build.dot(lhs[mid], rhs[hi], result)
    result = build.dot(lhs[hi], rhs[mid], result)
    result = build.nans_to_zeros(result)
    result = build.dot(lhs[hi], rhs[hi], result)
    result = build.binary("arith.addf", result, c)
    rewriter.replace(dot, [], [result])
    return True


def tf32x3(dot: Operation, rewriter: PatternRewriter) -> bool:
    """Triton's `TF32x3`: a tf32x3 f32 dot as three tf32 dots on big and small parts."""
    a, b, c = dot.operands
    if _precision(dot) is not InputPrecision.TF32x3 or not _is_f32(a) or not _is_f32(b):
        return False
    build = DotBuilder(rewriter)
    acc_limit = _max_num_imprecise_acc(dot)
    a_big = build.round_to_tf32(a)
    a_small = build.binary("arith.subf", a, a_big)
    b_big = build.round_to_tf32(b)
    b_small = build.binary("arith.subf", b, b_big)
    zero = build.zero_like(c)
    small = build.dot(a_small, b_big, zero, InputPrecision.TF32, acc_limit)
    small = build.dot(a_big, b_small, small, InputPrecision.TF32, acc_limit)
    small = build.nans_to_zeros(small)
    result = build.dot(a_big, b_big, small, InputPrecision.TF32, acc_limit)
    result = build.binary("arith.addf", result, c)
    rewriter.replace(dot, [], [result])
    return True


def f32_dot_patterns(emu_tf32: bool) -> PatternSet:
    """The pass's pattern set: TF32x3 (with `emu-tf32`) and BF16xN, for `tt.dot`s."""

    def apply(op: Operation, rewriter: PatternRewriter) -> bool:
        if not isinstance(op, tt.DotOp):
            return False
        return (emu_tf32 and tf32x3(op, rewriter)) or bf16xn(op, rewriter)

    return apply


class TritonGPUF32DotTCPass(
    TtcPass, name="tritongpu-F32DotTC", summary="Emulate dot-product tensor core precision using TF32s or BF16s"
):
    """Decompose f32 dots of tf32x3/bf16x3/bf16x6 precision into tf32 or bf16 dots."""

    emu_tf32: bool = field(
        default=False, metadata={"help": "whether to handle InputPrecision TF32xN for Nvidia GPUs"}
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, f32_dot_patterns(self.emu_tf32), GreedyConfig(top_down=False))
