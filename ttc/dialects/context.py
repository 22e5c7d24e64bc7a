"""The xDSL context ttc parses into: every dialect Triton's IR uses, loaded lazily.

Mirrors the dialect registry of `triton-opt`: tt, ttg, ttng, nvg (Triton's NVGPU), tti (its
instrumentation ops), plus the
upstream dialects (arith, math, scf, cf, func, gpu, ub, llvm, nvvm) that appear in Triton's IR.
Names written by older Triton releases (`triton_gpu.*`, `triton_nvidia_gpu.*`, `!tt.memdesc`)
resolve to today's classes through `ttc.dialects.legacy`, so old input parses and prints in today's
spelling; once a module is parsed, `TtcContext.modernize` rewrites the module attributes they wrote.
`ttc.ir`'s parser takes whatever context it is given; this module, above every dialect, is where
ttc's own is made (`make_context`).

Targets extend the context without editing this module's loaders (docs/adding-a-target.md):

- a *plugin dialect* (`PluginDialect`: a `module:Dialect` spec and the older prefixes its ops were
  written under) is registered by name like the dialects above;
- a *dialect extension* adds attributes or ops under an existing dialect's prefix (a target's own
  `#ttg.*` layout) when that dialect loads.

Both come from the built-in tables below and from the entry-point groups `ttc.dialects` (name =
`module:Dialect`) and `ttc.dialect_extensions` (name = the dialect extended, value =
`module:Dialect` holding the extra classes).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Dialect, Operation, TypeAttribute

from ttc.dialects import legacy
from ttc.ir.syntax import TritonSyntax

T = TypeVar("T")


def _builtin() -> Dialect:
    from xdsl.dialects.builtin import Builtin

    return Builtin


def _func() -> Dialect:
    from xdsl.dialects.func import Func

    return Func


def _arith() -> Dialect:
    from ttc.dialects.upstream.arith import Arith

    return Arith


def _math() -> Dialect:
    from ttc.dialects.upstream.math import Math

    return Math


def _scf() -> Dialect:
    from ttc.dialects.upstream.scf import Scf

    return Scf


def _cf() -> Dialect:
    from xdsl.dialects.cf import Cf

    return Cf


def _gpu() -> Dialect:
    from ttc.dialects.upstream.gpu import GPU

    return GPU


def _ub() -> Dialect:
    from xdsl.dialects.ub import UB

    return UB


def _tt() -> Dialect:
    from ttc.dialects.tt.ops import TT

    return TT


def _ttg() -> Dialect:
    from ttc.dialects.ttg.dialect import TTG

    return TTG


def _tti() -> Dialect:
    from ttc.dialects.tti import TTI

    return TTI


def _ttng() -> Dialect:
    from ttc.dialects.ttng.ops import TTNG

    return TTNG


def _nvgpu() -> Dialect:
    from ttc.dialects.nvgpu import NVGPU

    return NVGPU


def _llvm() -> Dialect:
    from ttc.dialects.upstream.llvm import LLVM

    return LLVM


def _nvvm() -> Dialect:
    from ttc.dialects.upstream.nvvm import NVVM

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
    "tti": _tti,
    "nvg": _nvgpu,
    "llvm": _llvm,
    "nvvm": _nvvm,
}


@dataclass(frozen=True)
class PluginDialect:
    """A dialect a target defines: where it is (`module:attribute`), the prefixes (`old.`) older
    IR wrote its ops under, the ops since renamed (old name → today's, both unprefixed), and the
    modules whose `@lowers` functions lower its ops to the LLVM dialect (imported when the first
    of its ops is lowered, as MLIR attaches a dialect's ConvertToLLVM interface)."""

    spec: str
    legacy_prefixes: tuple[str, ...] = ()
    renamed_ops: tuple[tuple[str, str], ...] = ()
    lowerings: tuple[str, ...] = ()


PLUGIN_DIALECTS: dict[str, PluginDialect] = {
    "ttmg": PluginDialect("ttc.targets.musa.dialect:TTMG", ("triton_mthreads_gpu.",),
                          (("barrier_arrive", "arrive_barrier"),), ("ttc.targets.musa.lowering",)),
}
"""Dialects of the built-in targets, by name."""

DIALECT_EXTENSIONS: dict[str, tuple[str, ...]] = {
    "ttg": ("ttc.targets.musa.sqmma_encoding:TTG_MUSA",),
}
"""Dialect name → `module:Dialect` specs whose attributes and ops join that dialect when it loads."""


def _load_spec(spec: str) -> Dialect:
    module_name, _, attr = spec.partition(":")
    dialect: Dialect = getattr(importlib.import_module(module_name), attr)
    return dialect


@cache
def plugin_dialects() -> dict[str, PluginDialect]:
    """The built-in plugin dialects and those of the `ttc.dialects` entry points."""
    import importlib.metadata

    found = dict(PLUGIN_DIALECTS)
    for entry in importlib.metadata.entry_points(group="ttc.dialects"):
        found.setdefault(entry.name, PluginDialect(entry.value))
    return found


@cache
def dialect_extensions() -> dict[str, tuple[str, ...]]:
    """The built-in dialect extensions and those of the `ttc.dialect_extensions` entry points."""
    import importlib.metadata

    found = {name: list(specs) for name, specs in DIALECT_EXTENSIONS.items()}
    for entry in importlib.metadata.entry_points(group="ttc.dialect_extensions"):
        if entry.value not in found.setdefault(entry.name, []):
            found[entry.name].append(entry.value)
    return {name: tuple(specs) for name, specs in found.items()}


def _plugin_op_name(name: str, plugins: dict[str, PluginDialect]) -> str:
    for dialect_name, plugin in plugins.items():
        for prefix in plugin.legacy_prefixes:
            if name.startswith(prefix):
                op = dict(plugin.renamed_ops).get(name[len(prefix):], name[len(prefix):])
                return f"{dialect_name}.{op}"
    return name


@dataclass
class TtcContext(Context):
    """An xDSL context that also resolves the op, attribute and type names of older Triton, and
    loads the extensions targets add to a dialect together with it. `syntax` records the newer
    release spellings the parsed input used (`ttc.ir.syntax`).

    What installed packages add through entry points (`ttc.dialects`, `ttc.dialect_extensions`)
    is looked for only when a name is not found without it (or when unregistered names are
    allowed, which would hide a miss), so that input in ttc's own dialects never pays for reading
    every package's metadata. `plugins` holds the plugin dialects registered so far."""

    syntax: TritonSyntax = field(default_factory=TritonSyntax)
    plugins: dict[str, PluginDialect] = field(default_factory=lambda: dict(PLUGIN_DIALECTS))
    installed_extensions: bool = False
    """Whether the installed plugin dialects and extensions are registered and loaded."""

    def register_plugin(self, name: str, plugin: PluginDialect) -> None:
        """Register a plugin dialect (loaded on first use, as the others are)."""
        self.plugins[name] = plugin
        self.register_dialect(name, lambda: _load_spec(plugin.spec))

    def _add_installed(self) -> None:
        """Register the installed plugin dialects; load the installed extensions of the dialects
        loaded so far (those loaded later get theirs as they load)."""
        self.installed_extensions = True
        for name, plugin in plugin_dialects().items():
            if name not in self.plugins:
                self.register_plugin(name, plugin)
        for dialect in list(self.loaded_dialects):
            built_in = DIALECT_EXTENSIONS.get(dialect.name, ())
            for spec in dialect_extensions().get(dialect.name, ()):
                if spec not in built_in:
                    self._load_extension(spec)

    def _load_extension(self, spec: str) -> None:
        extension = _load_spec(spec)
        for op in extension.operations:
            self.load_op(op)
        for attr in extension.attributes:
            self.load_attr_or_type(attr)

    def _find(self, find: Callable[[], T | None]) -> T | None:
        """`find()`, retried with what installed packages add when it finds nothing."""
        if self.allow_unregistered and not self.installed_extensions:
            self._add_installed()
        found = find()
        if found is None and not self.installed_extensions:
            self._add_installed()
            found = find()
        return found

    def load_registered_dialect(self, name: str) -> None:
        super().load_registered_dialect(name)
        extensions = dialect_extensions() if self.installed_extensions else DIALECT_EXTENSIONS
        for spec in extensions.get(name, ()):
            self._load_extension(spec)

    def modernize(self, module: ModuleOp) -> None:
        """Today's spelling of the module attributes older releases wrote (the parser calls it
        once a module is read)."""
        legacy.modernize_module_attributes(module)

    def get_optional_op(
        self, name: str, *, dialect_stack: Sequence[str] = ()
    ) -> type[Operation] | None:
        legacy.reject_removed_op(name)
        return self._find(lambda: super(TtcContext, self).get_optional_op(
            legacy.modern_op_name(_plugin_op_name(name, self.plugins)),
            dialect_stack=dialect_stack))

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        return self._find(lambda: super(TtcContext, self).get_optional_attr(
            legacy.modern_attr_name(name)))

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        return self._find(lambda: super(TtcContext, self).get_optional_type(
            legacy.modern_attr_name(name)))


def make_context(allow_unregistered: bool = False) -> TtcContext:
    """A fresh context with every ttc dialect registered (each loads on first use)."""
    ctx = TtcContext(allow_unregistered=allow_unregistered)
    for name, loader in DIALECT_LOADERS.items():
        ctx.register_dialect(name, loader)
    for name, plugin in PLUGIN_DIALECTS.items():
        ctx.register_plugin(name, plugin)
    ctx.load_registered_dialect("builtin")
    return ctx
