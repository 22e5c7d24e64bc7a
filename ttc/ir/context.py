"""The xDSL context ttc parses into: every dialect Triton's IR uses, loaded lazily.

Mirrors the dialect registry of `triton-opt`: tt, ttg, ttng, nvg (Triton's NVGPU), plus the
upstream dialects (arith, math, scf, cf, func, gpu, ub, llvm, nvvm) that appear in Triton's IR.
Names written by older Triton releases (`triton_gpu.*`, `triton_nvidia_gpu.*`, `!tt.memdesc`)
resolve to today's classes through `ttc.dialects.legacy`, so old input parses and prints in today's
spelling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.context import Context
from xdsl.ir import Attribute, Dialect, Operation, TypeAttribute


def _builtin() -> Dialect:
    from xdsl.dialects.builtin import Builtin

    return Builtin


def _func() -> Dialect:
    from xdsl.dialects.func import Func

    return Func


def _arith() -> Dialect:
    from ttc.dialects.arith import Arith

    return Arith


def _math() -> Dialect:
    from ttc.dialects.math import Math

    return Math


def _scf() -> Dialect:
    from ttc.dialects.scf import Scf

    return Scf


def _cf() -> Dialect:
    from xdsl.dialects.cf import Cf

    return Cf


def _gpu() -> Dialect:
    from ttc.dialects.gpu import GPU

    return GPU


def _ub() -> Dialect:
    from xdsl.dialects.ub import UB

    return UB


def _tt() -> Dialect:
    from ttc.dialects.tt import TT

    return TT


def _ttg() -> Dialect:
    from ttc.dialects.ttg_dialect import TTG

    return TTG


def _ttng() -> Dialect:
    from ttc.dialects.ttng import TTNG

    return TTNG


def _nvgpu() -> Dialect:
    from ttc.dialects.nvgpu import NVGPU

    return NVGPU


def _llvm() -> Dialect:
    from ttc.dialects.llvm import LLVM

    return LLVM


def _nvvm() -> Dialect:
    from ttc.dialects.nvvm import NVVM

    return NVVM


DIALECT_LOADERS: dict[str, Callable[[], Dialect]] = {
    "builtin": _builtin,
    "func": _func,
    "arith": _arith,
    "math": _math,
    "scf": _scf,
    "cf": _cf,
    "gpu": _gpu,
    "ub": _ub,
    "tt": _tt,
    "ttg": _ttg,
    "ttng": _ttng,
    "nvg": _nvgpu,
    "llvm": _llvm,
    "nvvm": _nvvm,
}


class TtcContext(Context):
    """An xDSL context that also resolves the op, attribute and type names of older Triton."""

    def get_optional_op(
        self, name: str, *, dialect_stack: Sequence[str] = ()
    ) -> type[Operation] | None:
        from ttc.dialects import legacy

        legacy.reject_removed_op(name)
        return super().get_optional_op(legacy.modern_op_name(name), dialect_stack=dialect_stack)

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        from ttc.dialects import legacy

        return super().get_optional_attr(legacy.modern_attr_name(name))

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        from ttc.dialects import legacy

        return super().get_optional_type(legacy.modern_attr_name(name))


def make_context(allow_unregistered: bool = False) -> TtcContext:
    """A fresh context with every ttc dialect registered (each loads on first use)."""
    ctx = TtcContext(allow_unregistered=allow_unregistered)
    for name, loader in DIALECT_LOADERS.items():
        ctx.register_dialect(name, loader)
    ctx.load_registered_dialect("builtin")
    return ctx
