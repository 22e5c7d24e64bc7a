"""Exact integer constants for the axis-info analysis: Triton's `ConstantEvaluator` (AxisInfo.cpp).

A constant is an APInt: a value of a given bit width, kept here as its signed reading (how Triton
prints it, so i1 `true` is -1 and an i8 255 is -1). An op of integer result whose operands are
known constants of matching widths gets an exact result, computed with the op's own semantics
(signed or unsigned, truncation, arithmetic or logical shifts) — and none when the execution is
undefined or poison: division by zero, signed-division overflow, a shift by the width or more, a
wrap that an `overflow<nsw|nuw>` flag forbids, an `exact` division or shift that drops bits, an
`nneg` extension of a negative value. Some results need only one known operand: `x * 0` is 0,
`x % 1` (and `x % -1` signed) is 0. Index and non-integer results have no constant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, Operation

from ttc.dialects.tt.types import element_type_or_self
from ttc.dialects.upstream import arith
from ttc.ir.values import constant_value, splat_scalar

Constant = tuple[int, int]
"""(signed value, bit width)."""


def integer_width(type_: Attribute) -> int:
    """Triton's `getIntegerBitWidth`: the width of an integer (element) type, else 0."""
    element = element_type_or_self(type_)
    return element.width.data if isinstance(element, IntegerType) else 0


def to_signed(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if width and value >> (width - 1) else value


def to_unsigned(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def _flags(op: Operation) -> str:
    """The overflow flags of `op` as MLIR spells them (`none`, `nsw`, `nuw`, `nsw, nuw`)."""
    attr = op.properties.get("overflowFlags")
    return str(getattr(attr, "data", "none")) if attr is not None else "none"


def _has(op: Operation, name: str) -> bool:
    return name in op.properties or name in op.attributes


def _checked(op: Operation, unsigned: int, signed: int, width: int) -> int | None:
    """The wrapped result of an overflowing op, or None when a no-wrap flag is violated (the
    exact unsigned and signed results are given)."""
    flags = _flags(op)
    if "nuw" in flags and not 0 <= unsigned < 1 << width:
        return None
    if "nsw" in flags and not -(1 << (width - 1)) <= signed < 1 << (width - 1):
        return None
    return to_signed(unsigned, width)


def _trunc_div(a: int, b: int) -> int:
    """C++ division: truncating towards zero."""
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b >= 0) else -quotient


def trailing_zeros(value: int, width: int) -> int:
    value = to_unsigned(value, width)
    return width if value == 0 else (value & -value).bit_length() - 1


Evaluator = Callable[[Operation, list["Constant | None"], int], "int | None"]
_EVALUATORS: dict[str, Evaluator] = {}


def _evaluator(*names: str) -> Callable[[Evaluator], Evaluator]:
    def register(fn: Evaluator) -> Evaluator:
        for name in names:
            _EVALUATORS[name] = fn
        return fn

    return register


def _binary(fn: Callable[[Operation, int, int, int], int | None]) -> Evaluator:
    """Both operands known, of one width: `fn(op, lhs, rhs, width)` on their signed values."""

    def evaluate(op: Operation, operands: list[Constant | None], width: int) -> int | None:
        lhs, rhs = operands[0], operands[1]
        if lhs is None or rhs is None or lhs[1] != rhs[1]:
            return None
        return fn(op, lhs[0], rhs[0], lhs[1])

    return evaluate


@_evaluator("arith.constant")
def _constant(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    value = splat_scalar(constant_value(op.results[0]))
    if value is None or isinstance(value, float):
        return None
    return to_signed(int(value), width)


@_evaluator("arith.extsi")
def _extsi(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    return None if operands[0] is None else operands[0][0]


@_evaluator("arith.extui")
def _extui(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    if operands[0] is None or (_has(op, "nonNeg") and operands[0][0] < 0):
        return None
    return to_unsigned(*operands[0])


@_evaluator("arith.trunci")
def _trunci(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    if operands[0] is None:
        return None
    value, source_width = operands[0]
    return _checked(op, to_unsigned(value, source_width), value, width)


_evaluator("arith.addi")(
    _binary(lambda o, a, b, w: _checked(o, to_unsigned(a, w) + to_unsigned(b, w), a + b, w))
)
_evaluator("arith.subi")(
    _binary(lambda o, a, b, w: _checked(o, to_unsigned(a, w) - to_unsigned(b, w), a - b, w))
)
_multiply = _binary(lambda o, a, b, w: _checked(o, to_unsigned(a, w) * to_unsigned(b, w), a * b, w))


@_evaluator("arith.muli")
def _muli(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    if any(c is not None and c[0] == 0 for c in operands):
        return 0
    return _multiply(op, operands, width)


def _divide(op: Operation, a: int, b: int, w: int) -> int | None:
    if b == 0:
        return None
    if isinstance(op, arith.DivSIOp):
        if a == -(1 << (w - 1)) and b == -1:
            return None
        if _has(op, "isExact") and a - b * _trunc_div(a, b) != 0:
            return None
        return _trunc_div(a, b)
    ua, ub = to_unsigned(a, w), to_unsigned(b, w)
    if _has(op, "isExact") and ua % ub:
        return None
    return to_signed(ua // ub, w)


_evaluator("arith.divsi", "arith.divui")(_binary(_divide))


def _remainder(op: Operation, a: int, b: int, w: int) -> int | None:
    if b == 0:
        return None
    if isinstance(op, xarith.RemSIOp):
        return a - b * _trunc_div(a, b)
    return to_signed(to_unsigned(a, w) % to_unsigned(b, w), w)


@_evaluator("arith.remsi", "arith.remui")
def _rem(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    rhs = operands[1]
    if rhs is not None and (rhs[0] == 1 or (isinstance(op, xarith.RemSIOp) and rhs[0] == -1)):
        return 0
    return _binary(_remainder)(op, operands, width)


_evaluator("arith.andi")(_binary(lambda o, a, b, w: to_signed(a & b, w)))
_evaluator("arith.ori")(_binary(lambda o, a, b, w: to_signed(a | b, w)))
_evaluator("arith.xori")(_binary(lambda o, a, b, w: to_signed(a ^ b, w)))


def _shift_left(op: Operation, a: int, b: int, w: int) -> int | None:
    shift = to_unsigned(b, w)
    if shift >= w:
        return None
    return _checked(op, to_unsigned(a, w) << shift, a << shift, w)


def _shift_right(op: Operation, a: int, b: int, w: int) -> int | None:
    shift = to_unsigned(b, w)
    if shift >= w or (_has(op, "isExact") and trailing_zeros(a, w) < shift):
        return None
    return a >> shift if isinstance(op, arith.ShRSIOp) else to_signed(to_unsigned(a, w) >> shift, w)


_evaluator("arith.shli")(_binary(_shift_left))
_evaluator("arith.shrsi", "arith.shrui")(_binary(_shift_right))
_evaluator("arith.minsi")(_binary(lambda o, a, b, w: min(a, b)))
_evaluator("arith.maxsi")(_binary(lambda o, a, b, w: max(a, b)))
_evaluator("arith.minui")(
    _binary(lambda o, a, b, w: to_signed(min(to_unsigned(a, w), to_unsigned(b, w)), w))
)
_evaluator("arith.maxui")(
    _binary(lambda o, a, b, w: to_signed(max(to_unsigned(a, w), to_unsigned(b, w)), w))
)

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def _compare(op: Operation, a: int, b: int, w: int) -> int:
    predicate = CMPI_PREDICATES[op.properties["predicate"].value.data]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    if predicate.startswith("u"):
        a, b = to_unsigned(a, w), to_unsigned(b, w)
    holds = {
        "eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
    }[predicate.lstrip("su")]  # fmt: skip
    return -1 if holds else 0  # an i1 true reads as -1


_evaluator("arith.cmpi")(_binary(_compare))


@_evaluator("arith.select")
def _select(op: Operation, operands: list[Constant | None], width: int) -> int | None:
    condition, on_true, on_false = operands
    if condition is not None:
        chosen = on_false if condition[0] == 0 else on_true
        return None if chosen is None else chosen[0]
    if on_true is not None and on_true == on_false:
        return on_true[0]
    return None


def evaluate(op: Operation, operands: Sequence[Constant | None]) -> Constant | None:
    """The exact constant `op` yields from its operands' constants, or None."""
    if len(op.results) != 1:
        return None
    width = integer_width(op.results[0].type)
    evaluator = _EVALUATORS.get(op.name)
    if not width or evaluator is None:
        return None
    value = evaluator(op, list(operands), width)
    return None if value is None else (to_signed(value, width), width)
