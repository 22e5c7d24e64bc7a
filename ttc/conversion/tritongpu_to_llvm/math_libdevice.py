"""`math.*` functions, `tt.extern_elementwise` and `tt.mulhiui`: calls of libdevice's `__nv_*`
functions, and the approximations Triton's NVIDIA lowering uses instead of some of them.

Mirrors how Triton's `convert-triton-gpu-to-llvm` treats these ops. Its own patterns come first:
`math.exp` on f32 is `x * log2(e)` then `ex2.approx.f32` (ExpOpConversionApprox), `tt.mulhiui`
calls `__nv_umulhi`/`__nv_umul64hi` (TargetInfo::getMulhiFuncName) and `tt.extern_elementwise`
calls its `symbol`, declared `llvm.func @symbol(...) attributes {libname, libpath}`
(`appendOrGetExternFuncOp`). Every other float function is left as a scalar `math` op that MLIR's
libdevice patterns (`populateLibDeviceConversionPatterns`, through GPUToNVVM) turn into a call:
`__nv_<name>f` on f32, `__nv_<name>` on f64, the `__nv_fast_*f` variant on f32 when the op carries
the `afn` fast-math flag, and f16/bf16 extended to f32 around the f32 call. `math.exp2` on
f32/f16/bf16 is emitted directly as what `__nv_exp2f` becomes under `nvvm-reflect-ftz = 1`,
`llvm.nvvm.ex2.approx.ftz.f`. The back end links libdevice in (`ttc.targets.nvidia.libdevice`).

Each external function is declared once (`symbols.declare_function`), just before the function
being lowered, as Triton's `appendOrGetExternFuncOp` and MLIR's `appendOrGetFuncOp` place it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    StringAttr,
    SymbolRefAttr,
    f32,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.elementwise import map_registers
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.symbols import declare_function
from ttc.dialects.tt.ops import ExternElementwiseOp
from ttc.dialects.upstream import llvm

LOG2E = math.log2(math.e)

LIBDEVICE: dict[str, tuple[str, str]] = {
    "math.acos": ("__nv_acosf", "__nv_acos"), "math.acosh": ("__nv_acoshf", "__nv_acosh"),
    "math.asin": ("__nv_asinf", "__nv_asin"), "math.asinh": ("__nv_asinhf", "__nv_asinh"),
    "math.atan": ("__nv_atanf", "__nv_atan"), "math.atan2": ("__nv_atan2f", "__nv_atan2"),
    "math.atanh": ("__nv_atanhf", "__nv_atanh"), "math.cbrt": ("__nv_cbrtf", "__nv_cbrt"),
    "math.ceil": ("__nv_ceilf", "__nv_ceil"), "math.copysign": ("__nv_copysignf", "__nv_copysign"),
    "math.cos": ("__nv_cosf", "__nv_cos"), "math.cosh": ("__nv_coshf", "__nv_cosh"),
    "math.erf": ("__nv_erff", "__nv_erf"), "math.erfc": ("__nv_erfcf", "__nv_erfc"),
    "math.exp": ("__nv_expf", "__nv_exp"), "math.exp2": ("__nv_exp2f", "__nv_exp2"),
    "math.expm1": ("__nv_expm1f", "__nv_expm1"), "math.floor": ("__nv_floorf", "__nv_floor"),
    "math.log": ("__nv_logf", "__nv_log"), "math.log10": ("__nv_log10f", "__nv_log10"),
    "math.log1p": ("__nv_log1pf", "__nv_log1p"), "math.log2": ("__nv_log2f", "__nv_log2"),
    "math.powf": ("__nv_powf", "__nv_pow"), "math.fpowi": ("__nv_powif", "__nv_powi"),
    "math.round": ("__nv_roundf", "__nv_round"), "math.roundeven": ("__nv_rintf", "__nv_rint"),
    "math.rsqrt": ("__nv_rsqrtf", "__nv_rsqrt"), "math.sin": ("__nv_sinf", "__nv_sin"),
    "math.sinh": ("__nv_sinhf", "__nv_sinh"), "math.sqrt": ("__nv_sqrtf", "__nv_sqrt"),
    "math.tan": ("__nv_tanf", "__nv_tan"), "math.tanh": ("__nv_tanhf", "__nv_tanh"),
}  # fmt: skip
"""Each `math` op MLIR lowers to libdevice: its (f32, f64) function."""

FAST_LIBDEVICE: dict[str, str] = {
    "math.cos": "__nv_fast_cosf", "math.exp": "__nv_fast_expf", "math.log": "__nv_fast_logf",
    "math.log10": "__nv_fast_log10f", "math.log2": "__nv_fast_log2f",
    "math.powf": "__nv_fast_powf", "math.sin": "__nv_fast_sinf", "math.tan": "__nv_fast_tanf",
}  # fmt: skip
"""The f32 function used instead when the op has the `afn` (approximate functions) flag."""

MULHI: dict[int, str] = {32: "__nv_umulhi", 64: "__nv_umul64hi"}
"""`tt.mulhiui`'s libdevice function by integer width."""


# -- external functions -------------------------------------------------------------------------


def call_function(
    lw: FunctionLowering,
    name: str,
    args: Sequence[SSAValue],
    result: Attribute,
    attributes: dict[str, Attribute] | None = None,
) -> SSAValue:
    """`llvm.call @name(args)`, declaring `name` (with `attributes`) before the function being
    lowered on first use."""
    declare_function(lw, name, [a.type for a in args], result, attributes=attributes,
                     before_function=True)
    return lw.value(
        llvm.CallOp.create(
            operands=list(args), result_types=[result],
            properties={"callee": SymbolRefAttr(name)},
        )
    )


# -- math functions -----------------------------------------------------------------------------


def _has_afn(op: Operation) -> bool:
    flags = getattr(op.properties.get("fastmath"), "data", None) or ()
    return any(flag.value in ("afn", "fast") for flag in flags)


def libdevice_call(lw: FunctionLowering, op: Operation, args: Sequence[SSAValue]) -> SSAValue:
    """The libdevice call computing `op` on one register of each operand (MLIR's
    OpToFuncCallLowering): f16/bf16 operands are extended to f32 and the result truncated back."""
    type = args[0].type
    f32_name, f64_name = LIBDEVICE[op.name]
    if isinstance(type, Float64Type):
        return call_function(lw, f64_name, args, type)
    if isinstance(type, Float16Type | BFloat16Type):
        wide = [lw.value(llvm.FPExtOp(a, f32)) if a.type == type else a for a in args]
        return lw.value(llvm.FPTruncOp(libdevice_call(lw, op, wide), type))
    assert isinstance(type, Float32Type)
    name = FAST_LIBDEVICE.get(op.name, f32_name) if _has_afn(op) else f32_name
    return call_function(lw, name, args, type)


def _float_result(lw: FunctionLowering, op: Operation) -> Attribute:
    """The op's element type, which must be a float type libdevice (or f32 around it) covers."""
    type = lw.llvm_type(op.results[0].type)
    if not isinstance(type, Float16Type | BFloat16Type | Float32Type | Float64Type):
        raise lw.cannot_lower(op)
    return type


@lowers(*(name for name in LIBDEVICE if name not in ("math.exp", "math.exp2")))
def _libdevice(lw: FunctionLowering, op: Operation) -> None:
    _float_result(lw, op)
    map_registers(lw, op, lambda a: libdevice_call(lw, op, a))


def _approx_in_f32(lw: FunctionLowering, op: Operation, fn: Callable[[SSAValue], SSAValue]) -> None:
    """Apply an f32 approximation; f16/bf16 registers are extended to f32 and truncated back."""
    type = _float_result(lw, op)

    def apply(a: Sequence[SSAValue]) -> SSAValue:
        if isinstance(type, Float32Type):
            return fn(a[0])
        return lw.value(llvm.FPTruncOp(fn(lw.value(llvm.FPExtOp(a[0], f32))), type))

    map_registers(lw, op, apply)


def _intrinsic_call(lw: FunctionLowering, name: str, x: SSAValue) -> SSAValue:
    result = lw.call_intrinsic(name, [x], x.type)
    assert result is not None
    return result


@lowers("math.exp")
def _exp(lw: FunctionLowering, op: Operation) -> None:
    if not isinstance(_float_result(lw, op), Float32Type):
        map_registers(lw, op, lambda a: libdevice_call(lw, op, a))
        return

    def exp(x: SSAValue) -> SSAValue:
        scaled = lw.value(llvm.FMulOp(x, lw.const(LOG2E, f32)))
        return _intrinsic_call(lw, "llvm.nvvm.ex2.approx.f", scaled)

    _approx_in_f32(lw, op, exp)


@lowers("math.exp2")
def _exp2(lw: FunctionLowering, op: Operation) -> None:
    if isinstance(_float_result(lw, op), Float64Type):
        map_registers(lw, op, lambda a: libdevice_call(lw, op, a))
        return
    _approx_in_f32(lw, op, lambda x: _intrinsic_call(lw, "llvm.nvvm.ex2.approx.ftz.f", x))


# -- Triton's external calls --------------------------------------------------------------------


@lowers("tt.extern_elementwise")
def _extern_elementwise(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ExternElementwiseOp)
    result = lw.llvm_type(op.result.type)
    attributes: dict[str, Attribute] = {"libname": op.libname, "libpath": op.libpath}
    map_registers(lw, op, lambda a: call_function(lw, op.symbol.data, a, result, attributes))


@lowers("tt.mulhiui")
def _mulhiui(lw: FunctionLowering, op: Operation) -> None:
    type = lw.llvm_type(op.results[0].type)
    if not isinstance(type, IntegerType) or type.width.data not in MULHI:
        raise lw.cannot_lower(op)
    attributes: dict[str, Attribute] = {"libname": StringAttr(""), "libpath": StringAttr("")}
    name = MULHI[type.width.data]
    map_registers(lw, op, lambda a: call_function(lw, name, a, type, attributes))
