"""Elementwise ops, register by register (Triton's ElementwiseOpToLLVM, NVIDIA flavour, and
MLIR's ArithToLLVM).

Integer and float arithmetic, comparisons, `select` and casts map one-to-one onto LLVM ops
(fast-math flags carried over). Where Triton's NVIDIA lowering picks a PTX intrinsic, so does ttc:
`arith.divf` on f32 is `llvm.nvvm.div.full` (div.full.f32, Triton's default division),
`math.exp` on f32 is `x * log2(e)` then `llvm.nvvm.ex2.approx.f`; `math.exp2` is what Triton's
call of libdevice's `__nv_exp2f` becomes under its default `nvvm-reflect-ftz = 1`,
`llvm.nvvm.ex2.approx.ftz.f`;
`math.log2`/`math.log` use `llvm.nvvm.lg2.approx.f` (times ln 2 for `log`), `math.rsqrt` is
rsqrt.approx. f16/bf16 operands of these are computed in f32. The precise variants are plain LLVM:
`tt.precise_divf` is `fdiv` (div.rn) and `tt.precise_sqrt`/`math.sqrt` are `llvm.intr.sqrt`
(sqrt.rn, what libdevice's `__nv_sqrtf` does without flush-to-zero). Ops that need libdevice
(erf, sin, tanh, pow, ...) have no lowering and report `cannot lower`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import Float32Type, Float64Type, IntegerType, TensorType, f32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.traits import is_side_effect_free

from ttc.conversion.tritongpu_to_llvm.indices import register_coords
from ttc.conversion.tritongpu_to_llvm.lowering import FLOAT_TYPES, FunctionLowering, bit_width
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects import llvm
from ttc.dialects.llvm_attrs import FastMathFlag
from ttc.dialects.tt_types import PropagateNan, RoundingMode

LOG2E = math.log2(math.e)
LN2 = math.log(2.0)

_BINARY: dict[str, type[Operation]] = {
    "arith.addi": llvm.AddOp, "arith.subi": llvm.SubOp, "arith.muli": llvm.MulOp,
    "arith.divsi": llvm.SDivOp, "arith.divui": llvm.UDivOp,
    "arith.remsi": llvm.SRemOp, "arith.remui": llvm.URemOp,
    "arith.andi": llvm.AndOp, "arith.ori": llvm.OrOp, "arith.xori": llvm.XOrOp,
    "arith.shli": llvm.ShlOp, "arith.shrsi": llvm.AShrOp, "arith.shrui": llvm.LShrOp,
    "arith.addf": llvm.FAddOp, "arith.subf": llvm.FSubOp, "arith.mulf": llvm.FMulOp,
    "arith.remf": llvm.FRemOp, "tt.precise_divf": llvm.FDivOp,
}  # fmt: skip
"""Ops that are one LLVM binary op per register."""

_INTRINSICS: dict[str, str] = {
    "arith.maxsi": "smax", "arith.minsi": "smin", "arith.maxui": "umax", "arith.minui": "umin",
    "arith.maximumf": "maximum", "arith.minimumf": "minimum",
    "arith.maxnumf": "maxnum", "arith.minnumf": "minnum",
    "math.fma": "fma", "math.absf": "fabs", "math.copysign": "copysign",
    "math.floor": "floor", "math.ceil": "ceil", "math.trunc": "trunc", "math.round": "round",
    "math.roundeven": "roundeven", "math.sqrt": "sqrt", "tt.precise_sqrt": "sqrt",
    "math.ctpop": "ctpop",
}  # fmt: skip
"""Ops that are one overloaded `llvm.intr.*` per register."""

_CASTS: dict[str, type[Operation]] = {
    "arith.extsi": llvm.SExtOp, "arith.extui": llvm.ZExtOp, "arith.trunci": llvm.TruncOp,
    "arith.extf": llvm.FPExtOp, "arith.truncf": llvm.FPTruncOp,
    "arith.sitofp": llvm.SIToFPOp, "arith.uitofp": llvm.UIToFPOp,
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
    extend = llvm.SExtOp if op.name == "arith.index_cast" else llvm.ZExtOp

    def cast(a: Sequence[SSAValue]) -> SSAValue:
        width, target = bit_width(a[0].type), bit_width(to)
        if width == target:
            return a[0]
        return lw.value((extend if width < target else llvm.TruncOp)(a[0], to))

    map_registers(lw, op, cast)


@lowers("arith.cmpi", "arith.cmpf")
def _compare(lw: FunctionLowering, op: Operation) -> None:
    cls = llvm.ICmpOp if op.name == "arith.cmpi" else llvm.FCmpOp
    predicate = cls.PREDICATES[op.properties["predicate"].value.data]  # type: ignore[attr-defined]
    map_registers(lw, op, lambda a: lw.value(cls(predicate, a[0], a[1])))


@lowers("arith.select")
def _select(lw: FunctionLowering, op: Operation) -> None:
    map_registers(lw, op, lambda a: lw.value(llvm.SelectOp(a[0], a[1], a[2])))


@lowers("arith.negf")
def _negf(lw: FunctionLowering, op: Operation) -> None:
    map_registers(lw, op, lambda a: lw.value(llvm.FNegOp.create(operands=[a[0]], result_types=[a[0].type])))


@lowers("math.absi")
def _absi(lw: FunctionLowering, op: Operation) -> None:
    def absolute(a: Sequence[SSAValue]) -> SSAValue:
        negative = lw.icmp("slt", a[0], 0)
        negated = lw.value(llvm.SubOp(lw.const(0, a[0].type), a[0]))
        return lw.value(llvm.SelectOp(negative, negated, a[0]))

    map_registers(lw, op, absolute)


@lowers("arith.divf")
def _divf(lw: FunctionLowering, op: Operation) -> None:
    props = _fastmath(op)
    if isinstance(_result_type(lw, op), Float32Type):
        map_registers(lw, op, lambda a: _call(lw, "llvm.nvvm.div.full", a))
    else:
        map_registers(lw, op, lambda a: lw.value(llvm.FDivOp(a[0], a[1], props)))


def _call(lw: FunctionLowering, name: str, args: Sequence[SSAValue]) -> SSAValue:
    result = lw.call_intrinsic(name, args, args[0].type)
    assert result is not None
    return result


def _in_f32(
    lw: FunctionLowering, op: Operation, fn: Callable[[SSAValue], SSAValue]
) -> None:
    """Apply an f32-only approximation; f16/bf16 are extended to f32 and truncated back."""
    type = _result_type(lw, op)
    if isinstance(type, Float64Type) or not isinstance(type, FLOAT_TYPES):
        raise lw.cannot_lower(op)

    def apply(a: Sequence[SSAValue]) -> SSAValue:
        if isinstance(type, Float32Type):
            return fn(a[0])
        wide = fn(lw.value(llvm.FPExtOp(a[0], f32)))
        return lw.value(llvm.FPTruncOp(wide, type))

    map_registers(lw, op, apply)


@lowers("math.exp")
def _exp(lw: FunctionLowering, op: Operation) -> None:
    def exp(x: SSAValue) -> SSAValue:
        scaled = lw.value(llvm.FMulOp(x, lw.const(LOG2E, f32)))
        return _call(lw, "llvm.nvvm.ex2.approx.f", [scaled])

    _in_f32(lw, op, exp)


@lowers("math.exp2")
def _exp2(lw: FunctionLowering, op: Operation) -> None:
    _in_f32(lw, op, lambda x: _call(lw, "llvm.nvvm.ex2.approx.ftz.f", [x]))


@lowers("math.log2")
def _log2(lw: FunctionLowering, op: Operation) -> None:
    _in_f32(lw, op, lambda x: _call(lw, "llvm.nvvm.lg2.approx.f", [x]))


@lowers("math.log")
def _log(lw: FunctionLowering, op: Operation) -> None:
    def log(x: SSAValue) -> SSAValue:
        log2 = _call(lw, "llvm.nvvm.lg2.approx.f", [x])
        return lw.value(llvm.FMulOp(log2, lw.const(LN2, f32)))

    _in_f32(lw, op, log)


@lowers("math.rsqrt")
def _rsqrt(lw: FunctionLowering, op: Operation) -> None:
    if isinstance(_result_type(lw, op), Float64Type):
        map_registers(lw, op, lambda a: _call(lw, "llvm.nvvm.rsqrt.approx.d", a))
    else:
        _in_f32(lw, op, lambda x: _call(lw, "llvm.nvvm.rsqrt.approx.f", [x]))


@lowers("tt.clampf")
def _clampf(lw: FunctionLowering, op: Operation) -> None:
    propagate = PropagateNan(op.properties["propagateNan"].value.data)  # type: ignore[attr-defined]
    lower, upper = ("maximum", "minimum") if propagate is PropagateNan.ALL else ("maxnum", "minnum")
    map_registers(
        lw, op, lambda a: intrinsic(lw, upper, [intrinsic(lw, lower, [a[0], a[1]]), a[2]])
    )


@lowers("tt.mulhiui")
def _mulhiui(lw: FunctionLowering, op: Operation) -> None:
    def mulhi(a: Sequence[SSAValue]) -> SSAValue:
        width = bit_width(a[0].type)
        wide = IntegerType(2 * width)
        product = lw.value(
            llvm.MulOp(lw.value(llvm.ZExtOp(a[0], wide)), lw.value(llvm.ZExtOp(a[1], wide)))
        )
        high = lw.binary(llvm.LShrOp, product, width)
        return lw.value(llvm.TruncOp(high, a[0].type))

    map_registers(lw, op, mulhi)


@lowers("tt.fp_to_fp")
def _fp_to_fp(lw: FunctionLowering, op: Operation) -> None:
    src, dst = lw.llvm_type(op.operands[0].type), _result_type(lw, op)
    if not (isinstance(src, FLOAT_TYPES) and isinstance(dst, FLOAT_TYPES)):
        raise lw.cannot_lower(op)
    if bit_width(dst) > bit_width(src):
        map_registers(lw, op, lambda a: lw.value(llvm.FPExtOp(a[0], dst)))
        return
    rounding = op.properties.get("rounding")
    if rounding is None or RoundingMode(rounding.value.data) is not RoundingMode.RTNE:  # type: ignore[attr-defined]
        raise lw.cannot_lower(op)

    def truncate(a: Sequence[SSAValue]) -> SSAValue:
        value = a[0]
        if bit_width(dst) == bit_width(src):  # f16 <-> bf16 goes through f32
            value = lw.value(llvm.FPExtOp(value, f32))
        return lw.value(llvm.FPTruncOp(value, dst))

    map_registers(lw, op, truncate)

