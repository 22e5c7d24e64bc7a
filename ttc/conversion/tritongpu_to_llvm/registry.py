"""The lowering registry: which function lowers which op (Triton's pattern list of
`populate*OpToLLVMPatterns`).

A lowering is a plain function `(lowering: FunctionLowering, op: Operation) -> None` registered
for one or more op names with `@lowers("tt.splat", ...)`. It reads the per-thread registers of the
op's operands (`lowering.regs(v)`), emits LLVM-dialect ops through `lowering.emit(...)` and binds
the registers of each result (`lowering.bind(result, regs)`). A new op family is a new module in
this package; importing the package imports every module, so registration needs no other edit.
The lowerings of a target's own dialect live in its package and are named by its `PluginDialect`
(`ttc.dialects.context`): they are imported when the first op of that dialect is lowered.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from ttc.dialects.context import plugin_dialects

if TYPE_CHECKING:
    from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering

Lowering = Callable[["FunctionLowering", Operation], None]

_LOWERINGS: dict[str, Lowering] = {}


def lowers(*op_names: str) -> Callable[[Lowering], Lowering]:
    """Register the decorated function as the lowering of each op in `op_names`."""

    def register(fn: Lowering) -> Lowering:
        for name in op_names:
            if name in _LOWERINGS and _LOWERINGS[name] is not fn:
                raise RuntimeError(f"two lowerings are registered for '{name}'")
            _LOWERINGS[name] = fn
        return fn

    return register


def lowering_for(op_name: str) -> Lowering | None:
    """The lowering registered for `op_name` (a plugin dialect's lowerings are imported on its
    first op), or None."""
    if op_name not in _LOWERINGS:
        plugin = plugin_dialects().get(op_name.partition(".")[0])
        for module in plugin.lowerings if plugin is not None else ():
            importlib.import_module(module)
    return _LOWERINGS.get(op_name)


def lowered_ops() -> list[str]:
    """The names of every op that has a lowering, sorted."""
    return sorted(_LOWERINGS)


def inline_scalar_region(lw: FunctionLowering, op: Operation,
                         args: Sequence[SSAValue]) -> list[SSAValue]:
    """Lower `op`'s one-block region in place on the scalar registers `args` (its block
    arguments), op by op through the registry; return the registers its terminator yields
    (Triton's `inlineRegion` in a lowering: reduce and scan combiners, map_elementwise)."""
    block = op.regions[0].block
    for arg, value in zip(block.args, args, strict=True):
        lw.values[arg] = [value]
    owner = lw.current
    try:
        for inner in block.ops:
            if inner is block.last_op:
                return [lw.scalar(v) for v in inner.operands]
            lw.current = inner
            lowering = lowering_for(inner.name)
            if lowering is None:
                raise lw.cannot_lower(inner)
            lowering(lw, inner)
    finally:
        lw.current = owner
    raise lw.cannot_lower(op)
