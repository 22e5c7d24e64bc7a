"""Elementwise ops, register by register (Triton's ElementwiseOpToLLVM, NVIDIA flavour, and
MLIR's ArithToLLVM).

Integer and float arithmetic, comparisons, `select` and casts map one-to-one onto LLVM ops
(fast-math flags carried over). Where Triton's NVIDIA lowering picks something else, so does ttc:
`arith.divf` is `llvm.nvvm.div.full` on f32 (div.full.f32, Triton's default division) and
`llvm.nvvm.div.rn.d` on f64; `tt.precise_divf`/`tt.precise_sqrt` are `llvm.nvvm.div.rn.*` and
`llvm.nvvm.sqrt.rn.*`; `math.absi` is `llvm.intr.abs` with INT_MIN not poison; `tt.clampf` is
max then min, or from sm_90 on, for a range symmetric by construction (Triton's isClipPattern),
one `llvm.nvvm.fmin[.nan].xorsign.abs`. Float functions that libdevice computes are in
`math_libdevice`, float conversions with their own instruction sequences in `fp_conversions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntegerType,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.traits import is_side_effect_free

from ttc.conversion.tritongpu_to_llvm.indices import register_coords
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, bit_width
from ttc.conversion.tritongpu_to_llvm.registry import inline_scalar_region, lowers
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.map_elementwise import MapElementwiseOp
from ttc.dialects.tt.types import PropagateNan
from ttc.dialects.upstream import arith, llvm
from ttc.dialects.upstream.llvm_attrs import FastMathFlag
from ttc.ir.literals import dense_is_splat
from ttc.ir.values import defined_by

_BINARY: dict[str, type[Operation]] = {
    "arith.addi": llvm.AddOp, "arith.subi": llvm.SubOp, "arith.muli": llvm.MulOp,
    "arith.divsi": llvm.SDivOp, "arith.divui": llvm.UDivOp,
    "arith.remsi": llvm.SRemOp, "arith.remui": llvm.URemOp,
    "arith.andi": llvm.AndOp, "arith.ori": llvm.OrOp, "arith.xori": llvm.XOrOp,
    "arith.shli": llvm.ShlOp, "arith.shrsi": llvm.AShrOp, "arith.shrui": llvm.LShrOp,
    "arith.addf": llvm.FAddOp, "arith.subf": llvm.FSubOp, "arith.mulf": llvm.FMulOp,
    "arith.remf": llvm.FRemOp,
}  # fmt: skip
"""Ops that are one LLVM binary op per register."""

_INTRINSICS: dict[str, str] = {
    "arith.maxsi": "smax", "arith.minsi": "smin", "arith.maxui": "umax", "arith.minui": "umin",
    "arith.maximumf": "maximum", "arith.minimumf": "minimum",
    "arith.maxnumf": "maxnum", "arith.minnumf": "minnum",
    "math.fma": "fma", "math.trunc": "trunc", "math.ctpop": "ctpop",
}  # fmt: skip
"""Ops that are one overloaded `llvm.intr.*` per register."""

_CASTS: dict[str, type[Operation]] = {
    "arith.extsi": llvm.SExtOp, "arith.extui": llvm.ZExtOp, "arith.trunci": llvm.TruncOp,
    "arith.extf": llvm.FPExtOp, "arith.truncf": llvm.FPTruncOp, "arith.uitofp": llvm.UIToFPOp,
    "arith.fptosi": llvm.FPToSIOp, "arith.fptoui": llvm.FPToUIOp,
    "arith.bitcast": llvm.BitcastOp, "tt.bitcast": llvm.BitcastOp,
    "tt.int_to_ptr": llvm.IntToPtrOp, "tt.ptr_to_int": llvm.PtrToIntOp,
}  # fmt: skip
"""Casts that are one LLVM cast per register."""


def _fastmath(op: Operation) -> dict[str, Attribute]:
    """The op's arith fast-math flags as the `fastmathFlags` property of an LLVM float op."""
    flags = op.properties.get("fastmath")
    data = getattr(flags, "data", None)
    if not data:
        return {}
    return {"fastmathFlags": llvm.FastMathAttr([FastMathFlag(f.value) for f in data])}


def map_registers(
    lw: FunctionLowering, op: Operation, fn: Callable[[Sequence[SSAValue]], SSAValue]
) -> None:
    """Bind the op's one result to `fn(operand registers)` for each register.

    An operand with a single register (a scalar `select` condition) is used for every register.
    Registers that axis info proves equal to an earlier one reuse it (`constant_runs`).
    """
    result = op.results[0]
    count = lw.num_regs(result.type)
    operands = [lw.regs(v) for v in op.operands]
    same_as = constant_runs(lw, op, count)
    regs: list[SSAValue] = []
    for i in range(count):
        regs.append(regs[same_as[i]] if same_as[i] != i else
                    fn([o[i] if len(o) > 1 else o[0] for o in operands]))
    lw.bind(result, regs)


def constant_runs(lw: FunctionLowering, op: Operation, count: int) -> list[int]:
    """For each register of `op`'s result, the first register certain to hold the same value.

    Mirrors Triton's `maybeDeduplicate`: when axis info gives the result a constancy of c along a
    dimension (aligned runs of c equal values), registers whose coordinates in lane 0 of warp 0
    agree once the low log2(c) bits of each dimension are cleared are computed once. That holds in
    every thread, whatever the layout: a thread's coordinates are the register's XOR-ed with the
    thread's own, and XOR with the same value keeps two coordinates in one aligned run or not.
    Only side-effect-free ops are deduplicated.
    """
    identity = list(range(count))
    result = op.results[0]
    if lw.axis_info is None or count < 2 or not isinstance(result.type, TensorType) \
            or not is_side_effect_free(op):
        return identity
    runs = list(lw.axis_info.get(result).constancy)
    if all(run == 1 for run in runs):
        return identity
    layout = lw.layout(result.type)
    first: dict[tuple[int, ...], int] = {}
    same_as = []
    for reg in range(count):
        key = tuple(coord - coord % run for coord, run in zip(register_coords(layout, reg), runs))
        same_as.append(first.setdefault(key, reg))
    return same_as


def _result_type(lw: FunctionLowering, op: Operation) -> Attribute:
    return lw.llvm_type(op.results[0].type)


def intrinsic(lw: FunctionLowering, name: str, args: Sequence[SSAValue], **props: Attribute) -> SSAValue:
    """`llvm.intr.<name>(args)`, typed by the first argument."""
    cls = llvm.INTRINSIC_OPS[f"llvm.intr.{name}"]
    return lw.value(cls.create(operands=list(args), result_types=[args[0].type], properties=props))


@lowers(*_BINARY)
def _binary(lw: FunctionLowering, op: Operation) -> None:
    cls = _BINARY[op.name]
    props = _fastmath(op)
    map_registers(lw, op, lambda a: lw.value(cls(a[0], a[1], props)))  # type: ignore[call-arg]


@lowers(*_INTRINSICS)
def _intrinsic(lw: FunctionLowering, op: Operation) -> None:
    name = _INTRINSICS[op.name]
    props = _fastmath(op)
    map_registers(lw, op, lambda a: intrinsic(lw, name, a, **props))


@lowers(*_CASTS)
def _cast(lw: FunctionLowering, op: Operation) -> None:
    cls = _CASTS[op.name]
    to = _result_type(lw, op)
    map_registers(lw, op, lambda a: a[0] if a[0].type == to else lw.value(cls(a[0], to)))  # type: ignore[call-arg]


@lowers("arith.index_cast", "arith.index_castui")
def _index_cast(lw: FunctionLowering, op: Operation) -> None:
    to = _result_type(lw, op)
    extend = llvm.SExtOp if isinstance(op, arith.IndexCastOp) else llvm.ZExtOp

    def cast(a: Sequence[SSAValue]) -> SSAValue:
        width, target = bit_width(a[0].type), bit_width(to)
        if width == target:
            return a[0]
        return lw.value((extend if width < target else llvm.TruncOp)(a[0], to))

    map_registers(lw, op, cast)


@lowers("arith.cmpi", "arith.cmpf")
def _compare(lw: FunctionLowering, op: Operation) -> None:
    cls = llvm.ICmpOp if isinstance(op, arith.CmpiOp) else llvm.FCmpOp
    predicate = cls.PREDICATES[op.properties["predicate"].value.data]  # type: ignore[attr-defined]
    map_registers(lw, op, lambda a: lw.value(cls(predicate, a[0], a[1])))


@lowers("arith.select")
def _select(lw: FunctionLowering, op: Operation) -> None:
    map_registers(lw, op, lambda a: lw.value(llvm.SelectOp(a[0], a[1], a[2])))


@lowers("arith.ceildivsi")
def _ceildivsi(lw: FunctionLowering, op: Operation) -> None:
    """MLIR's `CeilDivSIOpConverter` (populateCeilFloorDivExpandOpsPatterns, which Triton's
    lowering adds): `q = a / b`, plus one when the division is inexact and a and b have the same
    sign."""

    def expand(a: Sequence[SSAValue]) -> SSAValue:
        lhs, rhs = a[0], a[1]
        zero, one = lw.const(0, lhs.type), lw.const(1, lhs.type)
        quotient = lw.value(llvm.SDivOp(lhs, rhs))
        inexact = lw.icmp("ne", lhs, lw.value(llvm.MulOp(quotient, rhs)))
        same_sign = lw.icmp("eq", lw.icmp("slt", lhs, zero), lw.icmp("slt", rhs, zero))
        cond = lw.value(llvm.AndOp(inexact, same_sign))
        return lw.value(llvm.SelectOp(cond, lw.value(llvm.AddOp(quotient, one)), quotient))

    map_registers(lw, op, expand)


@lowers("arith.negf")
def _negf(lw: FunctionLowering, op: Operation) -> None:
    map_registers(lw, op, lambda a: lw.value(llvm.FNegOp.create(operands=[a[0]], result_types=[a[0].type])))


@lowers("math.absf")
def _absf(lw: FunctionLowering, op: Operation) -> None:
    """`llvm.intr.fabs`, or on fp8, which lives in i8 registers, the sign bit masked off (as
    Triton's AbsFOpConversion does)."""
    props = _fastmath(op)

    def absolute(a: Sequence[SSAValue]) -> SSAValue:
        if not isinstance(a[0].type, IntegerType):
            return intrinsic(lw, "fabs", a, **props)
        width = bit_width(a[0].type)
        return lw.value(llvm.AndOp(a[0], lw.const((1 << (width - 1)) - 1, a[0].type)))

    map_registers(lw, op, absolute)


@lowers("math.absi")
def _absi(lw: FunctionLowering, op: Operation) -> None:
    map_registers(lw, op, lambda a: lw.value(llvm.AbsOp(a[0], is_int_min_poison=False)))


@lowers("arith.divf")
def _divf(lw: FunctionLowering, op: Operation) -> None:
    type = _result_type(lw, op)
    if isinstance(type, Float32Type | Float64Type):
        name = "llvm.nvvm.div.full" if isinstance(type, Float32Type) else "llvm.nvvm.div.rn.d"
        map_registers(lw, op, lambda a: _call(lw, name, a))
    else:
        props = _fastmath(op)
        map_registers(lw, op, lambda a: lw.value(llvm.FDivOp(a[0], a[1], props)))


def _call(lw: FunctionLowering, name: str, args: Sequence[SSAValue]) -> SSAValue:
    result = lw.call_intrinsic(name, args, args[0].type)
    assert result is not None
    return result


_PRECISE: dict[str, tuple[str, str]] = {
    "tt.precise_divf": ("llvm.nvvm.div.rn.f", "llvm.nvvm.div.rn.d"),
    "tt.precise_sqrt": ("llvm.nvvm.sqrt.rn.f", "llvm.nvvm.sqrt.rn.d"),
}
"""The IEEE round-to-nearest NVVM intrinsics of the precise ops, on f32 and f64."""


@lowers(*_PRECISE)
def _precise(lw: FunctionLowering, op: Operation) -> None:
    type = _result_type(lw, op)
    if not isinstance(type, Float32Type | Float64Type):
        raise lw.cannot_lower(op)
    name = _PRECISE[op.name][isinstance(type, Float64Type)]
    map_registers(lw, op, lambda a: _call(lw, name, a))


def _splat_constant(value: SSAValue) -> float | None:
    """The float a value is known to hold everywhere: a splat `arith.constant` or a scalar one."""
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp):
        return None
    attr = owner.properties.get("value") or owner.attributes.get("value")
    if isinstance(attr, FloatAttr):
        return attr.value.data
    if isinstance(attr, DenseIntOrFPElementsAttr) and dense_is_splat(attr):
        first = attr.get_values()[0]
        return float(first) if isinstance(first, float) else None
    return None


def is_clip(op: Operation) -> bool:
    """Whether `tt.clampf x, lo, hi` has `lo == -hi` by construction (Triton's isClipPattern):
    `lo = negf hi`, both splats of a scalar and its `negf`, `lo = 0.0 - hi`, or constants."""
    _, lo, hi = op.operands
    if (neg := defined_by(lo, arith.NegfOp)) is not None and neg.operands[0] == hi:
        return True
    lo_splat, hi_splat = defined_by(lo, tt.SplatOp), defined_by(hi, tt.SplatOp)
    if lo_splat is not None and hi_splat is not None:
        neg = defined_by(lo_splat.operands[0], arith.NegfOp)
        if neg is not None and neg.operands[0] == hi_splat.operands[0]:
            return True
    if (sub := defined_by(lo, xarith.SubfOp)) is not None and sub.operands[1] == hi \
            and _splat_constant(sub.operands[0]) == 0.0:
        return True
    low, high = _splat_constant(lo), _splat_constant(hi)
    return low is not None and high is not None and low == -high


@lowers("tt.clampf")
def _clampf(lw: FunctionLowering, op: Operation) -> None:
    """max then min (maximum/minimum when NaNs propagate); from sm_90 on, a clamp to a symmetric
    range is one `min.xorsign.abs` of x and the bound, as Triton's ClampFOpConversion."""
    propagate = PropagateNan(op.properties["propagateNan"].value.data)  # type: ignore[attr-defined]
    type = _result_type(lw, op)
    if lw.target.compute_capability >= 90 and isinstance(type, Float32Type | Float16Type) \
            and is_clip(op):
        name = "llvm.nvvm.fmin" + (".nan" if propagate is PropagateNan.ALL else "") \
            + ".xorsign.abs" + (".f" if isinstance(type, Float32Type) else ".f16")
        map_registers(lw, op, lambda a: _call(lw, name, [a[0], a[2]]))
        return
    lower, upper = ("maximum", "minimum") if propagate is PropagateNan.ALL else ("maxnum", "minnum")
    map_registers(
        lw, op, lambda a: intrinsic(lw, upper, [intrinsic(lw, lower, [a[0], a[1]]), a[2]])
    )


@lowers("tt.map_elementwise")
def _map_elementwise(lw: FunctionLowering, op: Operation) -> None:
    """Triton's MapElementwiseOpConversion: the scalar region inlined once per `pack` registers,
    on `pack` consecutive registers of each operand (operand-major); it yields `pack` registers of
    each result in turn."""
    assert isinstance(op, MapElementwiseOp)
    pack = op.pack.value.data
    operands = [lw.regs(v) for v in op.operands]
    count = len(operands[0])
    if count % pack:
        raise lw.error(op, f"pack size must be a divisor of the number of elements per thread, "
                           f"but got pack = {pack}, elements per thread = {count}")
    results: list[list[SSAValue]] = [[] for _ in op.results]
    for start in range(0, count, pack):
        args = [regs[start + k] for regs in operands for k in range(pack)]
        yielded = inline_scalar_region(lw, op, args)
        for index, regs in enumerate(results):
            regs += yielded[index * pack:(index + 1) * pack]
    for result, regs in zip(op.results, results, strict=True):
        lw.bind(result, regs)
