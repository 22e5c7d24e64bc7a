"""Folders and canonicalization patterns of `arith` ops, as MLIR's ArithOps.cpp and
ArithCanonicalization.td define them.

Folders: constant folding of integer and float arithmetic, comparisons, selects and casts on
scalars and splat tensors; the algebraic identities (`x+0`, `x-x`, `x*1`, `x*0`, `x/1`, `x%1`,
`x&0`, `x&-1`, `x&x`, `x|0`, `x|-1`, `x^0`, `x^x`, `(a-b)+b`, `(a+b)-b`, min/max of equal operands
or of the type's extremes, `x<<0`), cmpi of equal operands, cmpi moving its constant to the right
(swapping the predicate), i1 comparisons with true/false, select of a constant condition or of
equal branches, `select(c, true, false)`, same-type bitcasts and cast round trips; commutative ops
move constants to the right. Patterns: the constant reassociations of addi/subi/muli, `addi(x,
muli(y, -1))`, `xori(cmpi, true)`, `cmpi` of two equal extensions, `select(not c, a, b)`, nested
selects on the same condition, and `select(c, 1, 0)` to `extui`.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.upstream import arith
from ttc.ir.literals import bits_to_float, float_to_bits
from ttc.ir.values import defined_by, Scalar, constant_scalar, splat_scalar
from ttc.transforms.patterns import IN_PLACE, FoldResult, commutative, folder, pattern
from ttc.transforms.patterns.context import active_context, emit_like
from ttc.transforms.utils import create_constant, element_type, int_width, is_constant_int, is_int_attr, normalize_int, scalar_attr, to_unsigned

commutative(
    "arith.addi", "arith.muli", "arith.andi", "arith.ori", "arith.xori",
    "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui",
    "arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf", "arith.maxnumf",
    "arith.minnumf",
)  # fmt: skip


# --------------------------------------------------------------------------------------------
# Integer arithmetic
# --------------------------------------------------------------------------------------------


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _int_binary(name: str, a: int, b: int, type_: Attribute) -> int | None:
    width = int_width(type_)
    ua, ub = to_unsigned(a, type_), to_unsigned(b, type_)
    match name:
        case "arith.addi":
            return a + b
        case "arith.subi":
            return a - b
        case "arith.muli":
            return a * b
        case "arith.divsi":
            if b == 0 or (a == -(1 << (width - 1)) and b == -1):
                return None
            return _trunc_div(a, b)
        case "arith.divui":
            return None if ub == 0 else ua // ub
        case "arith.remsi":
            return None if b == 0 else a - b * _trunc_div(a, b)
        case "arith.remui":
            return None if ub == 0 else ua % ub
        case "arith.ceildivsi":
            if b == 0 or (a == -(1 << (width - 1)) and b == -1):
                return None
            return -((-a) // b)
        case "arith.floordivsi":
            if b == 0 or (a == -(1 << (width - 1)) and b == -1):
                return None
            return a // b
        case "arith.andi":
            return ua & ub
        case "arith.ori":
            return ua | ub
        case "arith.xori":
            return ua ^ ub
        case "arith.maxsi":
            return max(a, b)
        case "arith.minsi":
            return min(a, b)
        case "arith.maxui":
            return max(ua, ub)
        case "arith.minui":
            return min(ua, ub)
        case "arith.shli":
            return None if ub >= width else ua << ub
        case "arith.shrui":
            return None if ub >= width else ua >> ub
        case "arith.shrsi":
            return None if ub >= width else a >> ub
    return None


_INT_BINARY = (
    "arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi",
    "arith.remui", "arith.ceildivsi", "arith.floordivsi", "arith.andi", "arith.ori",
    "arith.xori", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui", "arith.shli",
    "arith.shrui", "arith.shrsi",
)  # fmt: skip


def _int_operands(op: Operation, consts: list[Attribute | None]) -> tuple[int, int] | None:
    type_ = element_type(op.results[0].type)
    values = [splat_scalar(c) for c in consts]
    if any(v is None or isinstance(v, float) for v in values):
        return None
    a, b = (normalize_int(int(v), type_) for v in values if v is not None)
    return a, b


@folder(*_INT_BINARY)
def fold_int_constants(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    """Constant-fold a binary integer op on scalars or splats."""
    operands = _int_operands(op, consts)
    if operands is None:
        return None
    result = _int_binary(op.name, *operands, element_type(op.results[0].type))
    if result is None:
        return None
    return [scalar_attr(result, op.results[0].type)]


def _is_int(attr: Attribute | None, expected: int, value: SSAValue) -> bool:
    """Whether the operand constant `attr` (of `value`) is the integer `expected` (MLIR's
    `matchPattern(adaptor.getX(), m_...)` on a fold adaptor's attribute)."""
    return is_int_attr(attr, expected, value.type)


@folder("arith.addi")
def fold_addi(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if _is_int(consts[1], 0, rhs):
        return [lhs]
    if (sub := defined_by(lhs, arith.SubiOp)) is not None and sub.operands[1] is rhs:
        return [sub.operands[0]]
    if (sub := defined_by(rhs, arith.SubiOp)) is not None and sub.operands[1] is lhs:
        return [sub.operands[0]]
    return None


@folder("arith.subi")
def fold_subi(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if lhs is rhs:
        return [scalar_attr(0, op.results[0].type)]
    if _is_int(consts[1], 0, rhs):
        return [lhs]
    if (add := defined_by(lhs, arith.AddiOp)) is not None:
        if add.operands[1] is rhs:
            return [add.operands[0]]
        if add.operands[0] is rhs:
            return [add.operands[1]]
    return None


@folder("arith.muli")
def fold_muli(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if _is_int(consts[1], 0, rhs):
        return [rhs]
    if _is_int(consts[1], 1, rhs):
        return [lhs]
    return None


@folder("arith.divsi", "arith.divui", "arith.ceildivsi", "arith.floordivsi")
def fold_div_by_one(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    return [op.operands[0]] if _is_int(consts[1], 1, op.operands[1]) else None


@folder("arith.remsi", "arith.remui")
def fold_rem_by_one(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    if _is_int(consts[1], 1, op.operands[1]):
        return [scalar_attr(0, op.results[0].type)]
    return None


@folder("arith.andi")
def fold_andi(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if _is_int(consts[1], 0, rhs):
        return [rhs]
    if _is_int(consts[1], -1, rhs) or lhs is rhs:
        return [lhs]
    return None


@folder("arith.ori")
def fold_ori(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if _is_int(consts[1], 0, rhs) or lhs is rhs:
        return [lhs]
    if _is_int(consts[1], -1, rhs):
        return [rhs]
    return None


@folder("arith.xori")
def fold_xori(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if _is_int(consts[1], 0, rhs):
        return [lhs]
    if lhs is rhs:
        return [scalar_attr(0, op.results[0].type)]
    if (inner := defined_by(lhs, xarith.XOrIOp)) is not None:
        if inner.operands[1] is rhs:
            return [inner.operands[0]]
        if inner.operands[0] is rhs:
            return [inner.operands[1]]
    return None


def _int_limits(op: Operation) -> tuple[int, int, int]:
    width = int_width(element_type(op.results[0].type))
    return -(1 << (width - 1)), (1 << (width - 1)) - 1, (1 << width) - 1


@folder("arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui")
def fold_min_max(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    if lhs is rhs:
        return [lhs]
    value = splat_scalar(consts[1])
    if value is None or isinstance(value, float):
        return None
    smin, smax, umax = _int_limits(op)
    type_ = element_type(op.results[0].type)
    signed, unsigned = normalize_int(int(value), type_), to_unsigned(int(value), type_)
    absorbing = {"arith.maxsi": smax, "arith.minsi": smin, "arith.maxui": umax, "arith.minui": 0}
    identity = {"arith.maxsi": smin, "arith.minsi": smax, "arith.maxui": 0, "arith.minui": umax}
    seen = unsigned if op.name.endswith("ui") else signed
    if seen == absorbing[op.name]:
        return [rhs]
    if seen == identity[op.name]:
        return [lhs]
    return None


@folder("arith.shli", "arith.shrui", "arith.shrsi")
def fold_shift_by_zero(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    return [op.operands[0]] if _is_int(consts[1], 0, op.operands[1]) else None


# --------------------------------------------------------------------------------------------
# Comparisons and select
# --------------------------------------------------------------------------------------------

# MLIR's CmpIPredicate numbering.
EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE = range(10)
_SWAPPED = {EQ: EQ, NE: NE, SLT: SGT, SLE: SGE, SGT: SLT, SGE: SLE,
            ULT: UGT, ULE: UGE, UGT: ULT, UGE: ULE}  # fmt: skip
_INVERTED = {EQ: NE, NE: EQ, SLT: SGE, SLE: SGT, SGT: SLE, SGE: SLT,
             ULT: UGE, ULE: UGT, UGT: ULE, UGE: ULT}  # fmt: skip


def predicate_of(op: Operation) -> int:
    attr = op.properties.get("predicate", op.attributes.get("predicate"))
    value = getattr(attr, "value", None)
    assert value is not None, f"{op.name} without a predicate"
    return int(value.data)


def _with_predicate(op: Operation, predicate: int) -> Attribute:
    attr = op.properties.get("predicate", op.attributes.get("predicate"))
    assert attr is not None
    return type(attr)(predicate, attr.type)  # pyright: ignore[reportCallIssue, reportUnknownMemberType, reportAttributeAccessIssue]


def _set_predicate(op: Operation, predicate: int) -> None:
    attr = _with_predicate(op, predicate)
    if "predicate" in op.properties:
        op.properties["predicate"] = attr
    else:
        op.attributes["predicate"] = attr


def _compare(predicate: int, a: int, b: int, type_: Attribute) -> bool:
    if predicate >= ULT:
        a, b = to_unsigned(a, type_), to_unsigned(b, type_)
        predicate -= 4
    return {
        EQ: a == b, NE: a != b, SLT: a < b, SLE: a <= b, SGT: a > b, SGE: a >= b
    }[predicate]  # fmt: skip


@folder("arith.cmpi")
def fold_cmpi(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    predicate = predicate_of(op)
    result_type = op.results[0].type
    if lhs is rhs:
        return [scalar_attr(int(predicate in (EQ, SLE, SGE, ULE, UGE)), result_type)]
    operand_type = element_type(lhs.type)
    if isinstance(operand_type, IntegerType) and operand_type.width.data == 1:
        if predicate == NE and _is_int(consts[1], 0, rhs) or predicate == EQ and _is_int(
            consts[1], 1, rhs
        ):
            return [lhs]
    values = [splat_scalar(c) for c in consts]
    if values[0] is not None and values[1] is None:
        _set_predicate(op, _SWAPPED[predicate])
        op.operands = [rhs, lhs]
        return IN_PLACE
    if values[0] is None or values[1] is None:
        return None
    a, b = (normalize_int(int(v), operand_type) for v in values if v is not None)
    return [scalar_attr(int(_compare(predicate, a, b, operand_type)), result_type)]


@folder("arith.select")
def fold_select(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    cond, true_value, false_value = op.operands
    if true_value is false_value:
        return [true_value]
    chosen = splat_scalar(consts[0])
    if chosen is not None:
        return [true_value if chosen else false_value]
    result_type = op.results[0].type
    if (
        result_type == cond.type
        and _is_int(consts[1], 1, true_value)
        and _is_int(consts[2], 0, false_value)
    ):
        return [cond]
    if (cmp := defined_by(cond, arith.CmpiOp)) is not None:
        predicate = predicate_of(cmp)
        pair = list(cmp.operands)
        if pair == [true_value, false_value] or pair == [false_value, true_value]:
            if predicate == EQ:
                return [false_value]
            if predicate == NE:
                return [true_value]
    return None


# --------------------------------------------------------------------------------------------
# Casts
# --------------------------------------------------------------------------------------------


def _round_float(value: float, type_: Attribute) -> float:
    """`value` rounded to the precision of the float type `type_`."""
    if math.isnan(value) or math.isinf(value):
        return value
    try:
        if isinstance(type_, Float32Type):
            return struct.unpack("<f", struct.pack("<f", value))[0]
        if isinstance(type_, Float16Type):
            return struct.unpack("<e", struct.pack("<e", value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)
    if isinstance(type_, BFloat16Type):
        bits = struct.unpack("<I", struct.pack("<f", value))[0]
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    return value


def _cast(name: str, value: Scalar, src: Attribute, dst: Attribute) -> Scalar | None:
    match name:
        case "arith.extsi" | "arith.trunci" | "arith.index_cast":
            return normalize_int(int(value), dst)
        case "arith.extui" | "arith.index_castui":
            return to_unsigned(int(value), src)
        case "arith.sitofp":
            return _round_float(float(value), dst)
        case "arith.uitofp":
            return _round_float(float(to_unsigned(int(value), src)), dst)
        case "arith.fptosi" | "arith.fptoui":
            if math.isnan(value) or math.isinf(value):
                return None
            return normalize_int(int(value), dst)
        case "arith.extf" | "arith.truncf":
            return _round_float(float(value), dst)
    return None


_CASTS = (
    "arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui",
    "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf",
)  # fmt: skip


@folder(*_CASTS)
def fold_cast_constant(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    value = splat_scalar(consts[0])
    if value is None:
        return None
    src, dst = element_type(op.operands[0].type), element_type(op.results[0].type)
    result = _cast(op.name, value, src, dst)
    return None if result is None else [scalar_attr(result, op.results[0].type)]


@folder("arith.trunci")
def fold_trunc_of_ext(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    inner = op.operands[0].owner
    if (
        isinstance(inner, Operation)
        and isinstance(inner, (arith.ExtSIOp, arith.ExtUIOp))
        and inner.operands[0].type == op.results[0].type
    ):
        return [inner.operands[0]]
    return None


def _to_bits(value: Scalar, type_: Attribute) -> int | None:
    """The bit pattern of `value` as an element of `type_` (an unsigned number)."""
    if isinstance(type_, IntegerType | IndexType):
        return to_unsigned(int(value), type_)
    if isinstance(type_, Float16Type | BFloat16Type | Float32Type | Float64Type):
        return float_to_bits(value, type_)
    return None


def _from_bits(bits: int, type_: Attribute) -> Scalar | None:
    """The element of `type_` whose bit pattern is `bits`."""
    if isinstance(type_, IntegerType | IndexType):
        return normalize_int(bits, type_)
    if isinstance(type_, Float16Type | BFloat16Type | Float32Type | Float64Type):
        return bits_to_float(bits, type_)
    return None


@folder("arith.bitcast")
def fold_bitcast_constant(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    """`BitcastOp::fold`: a constant (or splat) is reinterpreted bit for bit."""
    value = splat_scalar(consts[0])
    if value is None:
        return None
    bits = _to_bits(value, element_type(op.operands[0].type))
    result_type = op.results[0].type
    result = None if bits is None else _from_bits(bits, element_type(result_type))
    return None if result is None else [scalar_attr(result, result_type)]


@folder("arith.index_cast", "arith.index_castui", "arith.bitcast")
def fold_cast_round_trip(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    source = op.operands[0]
    if isinstance(op, arith.BitcastOp) and source.type == op.results[0].type:
        return [source]
    inner = source.owner
    if (
        isinstance(inner, Operation)
        and inner.name == op.name
        and inner.operands[0].type == op.results[0].type
    ):
        return [inner.operands[0]]
    return None


# --------------------------------------------------------------------------------------------
# Floats
# --------------------------------------------------------------------------------------------


def _float_binary(name: str, a: float, b: float) -> float | None:
    match name:
        case "arith.addf":
            return a + b
        case "arith.subf":
            return a - b
        case "arith.mulf":
            return a * b
        case "arith.divf":
            if b == 0:
                return math.copysign(math.inf, a) * math.copysign(1, b) if a else math.nan
            return a / b
        case "arith.maximumf":
            return math.nan if math.isnan(a) or math.isnan(b) else max(a, b)
        case "arith.minimumf":
            return math.nan if math.isnan(a) or math.isnan(b) else min(a, b)
        case "arith.maxnumf":
            return b if math.isnan(a) else a if math.isnan(b) else max(a, b)
        case "arith.minnumf":
            return b if math.isnan(a) else a if math.isnan(b) else min(a, b)
    return None


@folder(
    "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf",
    "arith.maxnumf", "arith.minnumf",
)  # fmt: skip
def fold_float_constants(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    values = [splat_scalar(c) for c in consts]
    if values[0] is None or values[1] is None:
        return None
    result = _float_binary(op.name, float(values[0]), float(values[1]))
    if result is None:
        return None
    result_type = op.results[0].type
    return [scalar_attr(_round_float(result, element_type(result_type)), result_type)]


def _is_float(attr: Attribute | None, expected: float, negative_zero: bool = False) -> bool:
    got = splat_scalar(attr)
    if not isinstance(got, float) or got != expected:
        return False
    return not negative_zero or math.copysign(1.0, got) < 0


@folder("arith.addf", "arith.subf", "arith.mulf", "arith.divf")
def fold_float_identities(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    rhs = consts[1]
    identity = {
        "arith.addf": _is_float(rhs, 0.0, negative_zero=True),
        "arith.subf": _is_float(rhs, 0.0) and not _is_float(rhs, 0.0, negative_zero=True),
        "arith.mulf": _is_float(rhs, 1.0),
        "arith.divf": _is_float(rhs, 1.0),
    }[op.name]
    return [op.operands[0]] if identity else None


@folder("arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf")
def fold_float_min_max_same(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    lhs, rhs = op.operands
    return [lhs] if lhs is rhs else None


@folder("arith.negf")
def fold_negf(op: Operation, consts: list[Attribute | None]) -> FoldResult:
    value = splat_scalar(consts[0])
    if isinstance(value, float):
        return [scalar_attr(-value, op.results[0].type)]
    inner = defined_by(op.operands[0], arith.NegfOp)
    return [inner.operands[0]] if inner is not None else None


# --------------------------------------------------------------------------------------------
# Canonicalization patterns (ArithCanonicalization.td)
# --------------------------------------------------------------------------------------------


def _int_const(value: SSAValue) -> int | None:
    got = constant_scalar(value)
    if got is None or isinstance(got, float):
        return None
    return normalize_int(int(got), element_type(value.type))


def _emit_constant(rewriter: PatternRewriter, value: int, type_: Attribute) -> SSAValue:
    constant = create_constant(active_context(), scalar_attr(value, type_), type_)
    rewriter.insert(constant)
    return constant.results[0]


def _reassociate(
    op: Operation, rewriter: PatternRewriter, inner_class: type[Operation], rules: dict[tuple[bool, bool], tuple[str, Callable[[int, int], int], bool]]
) -> bool:
    """Rewrite `op(inner(x, c0) or inner(c0, x), c1)` (and `op(c1, inner(...))` for subi) into
    one op with a folded constant. `rules` maps (outer constant on the left, inner constant on
    the left) to (new op, how to combine c0 and c1, whether the new constant goes first)."""
    lhs, rhs = op.operands
    type_ = op.results[0].type
    for outer_const_left in (False, True):
        c1_value, inner_value = (lhs, rhs) if outer_const_left else (rhs, lhs)
        c1 = _int_const(c1_value)
        inner = defined_by(inner_value, inner_class)
        if c1 is None or inner is None:
            continue
        for inner_const_left in (False, True):
            rule = rules.get((outer_const_left, inner_const_left))
            if rule is None:
                continue
            c0_value, x = (
                (inner.operands[0], inner.operands[1])
                if inner_const_left
                else (inner.operands[1], inner.operands[0])
            )
            c0 = _int_const(c0_value)
            if c0 is None:
                continue
            new_name, combine, const_first = rule
            constant = _emit_constant(rewriter, combine(c0, c1), type_)
            operands = [constant, x] if const_first else [x, constant]
            new = emit_like(rewriter, op, new_name, operands)
            rewriter.replace(op, [], list(new.results))
            return True
    return False


@pattern("arith.addi")
def add_constant_reassociation(op: Operation, rewriter: PatternRewriter) -> bool:
    """addi(addi(x, c0), c1) -> addi(x, c0 + c1); addi(subi(x, c0), c1) -> addi(x, c1 - c0);
    addi(subi(c0, x), c1) -> subi(c0 + c1, x)."""
    if _reassociate(op, rewriter, arith.AddiOp, {
        (False, False): ("arith.addi", lambda c0, c1: c0 + c1, False),
    }):  # fmt: skip
        return True
    return _reassociate(op, rewriter, arith.SubiOp, {
        (False, False): ("arith.addi", lambda c0, c1: c1 - c0, False),
        (False, True): ("arith.subi", lambda c0, c1: c0 + c1, True),
    })  # fmt: skip


@pattern("arith.addi")
def add_of_negated(op: Operation, rewriter: PatternRewriter) -> bool:
    """addi(x, muli(y, -1)) -> subi(x, y), and the mirrored form."""
    lhs, rhs = op.operands
    for keep, negated in ((lhs, rhs), (rhs, lhs)):
        mul = defined_by(negated, arith.MuliOp)
        if mul is not None and _int_const(mul.operands[1]) == -1:
            new = emit_like(rewriter, op, "arith.subi", [keep, mul.operands[0]])
            rewriter.replace(op, [], list(new.results))
            return True
    return False


@pattern("arith.subi")
def sub_constant_reassociation(op: Operation, rewriter: PatternRewriter) -> bool:
    """The subi rows of ArithCanonicalization.td: a constant operand and an addi/subi operand
    holding another constant fold into one op with one constant."""
    if _reassociate(op, rewriter, arith.AddiOp, {
        (False, False): ("arith.addi", lambda c0, c1: c0 - c1, False),
        (True, False): ("arith.subi", lambda c0, c1: c1 - c0, True),
    }) or _reassociate(op, rewriter, arith.SubiOp, {
        (False, False): ("arith.subi", lambda c0, c1: c0 + c1, False),
        (False, True): ("arith.subi", lambda c0, c1: c0 - c1, True),
        (True, False): ("arith.subi", lambda c0, c1: c0 + c1, True),
        (True, True): ("arith.addi", lambda c0, c1: c1 - c0, False),
    }):  # fmt: skip
        return True
    lhs, rhs = op.operands
    type_ = op.results[0].type
    if (sub := defined_by(lhs, arith.SubiOp)) is not None and sub.operands[0] is rhs:
        return _finish(rewriter, op, "arith.subi", sub.operands[1], 0, True, type_)
    return False


def _finish(
    rewriter: PatternRewriter,
    op: Operation,
    name: str,
    x: SSAValue,
    constant: int,
    const_first: bool,
    type_: Attribute,
) -> bool:
    value = _emit_constant(rewriter, constant, type_)
    new = emit_like(rewriter, op, name, [value, x] if const_first else [x, value])
    rewriter.replace(op, [], list(new.results))
    return True


@pattern("arith.muli")
def mul_constant_reassociation(op: Operation, rewriter: PatternRewriter) -> bool:
    """muli(muli(x, c0), c1) -> muli(x, c0 * c1)."""
    return _reassociate(op, rewriter, arith.MuliOp, {
        (False, False): ("arith.muli", lambda c0, c1: c0 * c1, False),
    })  # fmt: skip


@pattern("arith.xori")
def xor_of_compare_with_true(op: Operation, rewriter: PatternRewriter) -> bool:
    """xori(cmpi(p, a, b), true) -> cmpi(not p, a, b)."""
    cmp = defined_by(op.operands[0], arith.CmpiOp)
    if cmp is None or not is_constant_int(op.operands[1], 1) or not cmp.results[0].has_one_use():
        return False
    properties = dict(cmp.properties)
    if "predicate" in properties:
        properties["predicate"] = _with_predicate(cmp, _INVERTED[predicate_of(cmp)])
    new = emit_like(rewriter, op, "arith.cmpi", list(cmp.operands), properties)
    if "predicate" not in properties:
        new.attributes["predicate"] = _with_predicate(cmp, _INVERTED[predicate_of(cmp)])
    rewriter.replace(op, [], list(new.results))
    return True


@pattern("arith.cmpi")
def compare_of_extensions(op: Operation, rewriter: PatternRewriter) -> bool:
    """cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b) for two equal extensions."""
    if predicate_of(op) not in (EQ, NE):
        return False
    lhs, rhs = (v.owner for v in op.operands)
    if not (
        isinstance(lhs, Operation)
        and isinstance(rhs, Operation)
        and lhs.name == rhs.name
        and isinstance(lhs, (arith.ExtSIOp, arith.ExtUIOp))
        and lhs.operands[0].type == rhs.operands[0].type
    ):
        return False
    new = emit_like(rewriter, op, "arith.cmpi", [lhs.operands[0], rhs.operands[0]], dict(op.properties))
    new.attributes.update(op.attributes)
    rewriter.replace(op, [], list(new.results))
    return True


@pattern("arith.select")
def select_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    """select(not c, a, b) -> select(c, b, a); select(c, select(c, a, b), d) -> select(c, a, d);
    select(c, x, select(c, a, b)) -> select(c, x, b); select(c, 1, 0) -> extui(c) for i1 c."""
    cond, true_value, false_value = op.operands
    if (xor := defined_by(cond, xarith.XOrIOp)) is not None and is_constant_int(xor.operands[1], 1):
        new = emit_like(rewriter, op, "arith.select", [xor.operands[0], false_value, true_value])
        rewriter.replace(op, [], list(new.results))
        return True
    inner = defined_by(true_value, arith.SelectOp)
    if inner is not None and inner.operands[0] is cond:
        new = emit_like(rewriter, op, "arith.select", [cond, inner.operands[1], false_value])
        rewriter.replace(op, [], list(new.results))
        return True
    inner = defined_by(false_value, arith.SelectOp)
    if inner is not None and inner.operands[0] is cond:
        new = emit_like(rewriter, op, "arith.select", [cond, true_value, inner.operands[2]])
        rewriter.replace(op, [], list(new.results))
        return True
    result_type = element_type(op.results[0].type)
    if (
        isinstance(result_type, IntegerType)
        and result_type.width.data > 1
        and cond.type == element_type(cond.type)
        and is_constant_int(true_value, 1)
        and is_constant_int(false_value, 0)
    ):
        new = emit_like(rewriter, op, "arith.extui", [cond])
        rewriter.replace(op, [], list(new.results))
        return True
    return False

