"""`symbol-dce`: MLIR's dead symbol elimination (mlir/lib/Transforms/SymbolDCE.cpp).

In the module's symbol table, public symbols (no `sym_visibility`, or `public`) are live; a
symbol referenced from a live symbol's body (`tt.call @f`, or any other symbol reference in an
attribute or property of a nested op) becomes live too. Private symbols left unreferenced are
erased.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Operation
from xdsl.traits import SymbolOpInterface

from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.utils import erase_op


def symbol_name(op: Operation) -> str | None:
    """The name `op` defines in its symbol table, if it is a symbol."""
    trait = op.get_trait(SymbolOpInterface)
    if trait is None:
        return None
    attr = trait.get_sym_attr_name(op)
    return attr.data if attr is not None else None


def is_private(op: Operation) -> bool:
    visibility = op.properties.get("sym_visibility", op.attributes.get("sym_visibility"))
    return isinstance(visibility, StringAttr) and visibility.data == "private"


def symbol_refs(attr: Attribute) -> Iterator[str]:
    """The root names of the symbol references in `attr` (nested in arrays and dictionaries)."""
    if isinstance(attr, SymbolRefAttr):
        yield attr.root_reference.data
    elif isinstance(attr, ArrayAttr):
        for item in attr.data:  # pyright: ignore[reportUnknownVariableType]
            yield from symbol_refs(item)  # pyright: ignore[reportUnknownArgumentType]
    elif isinstance(attr, DictionaryAttr):
        for item in attr.data.values():
            yield from symbol_refs(item)


def referenced_symbols(op: Operation) -> Iterator[str]:
    """The root names of every symbol reference in `op` and the ops nested in it."""
    for nested in walk(op):
        for attr in (*nested.properties.values(), *nested.attributes.values()):
            yield from symbol_refs(attr)


def erase_dead_symbols(module: ModuleOp) -> list[str]:
    """Erase the private symbols of `module` no live symbol references; their names."""
    symbols = {name: op for op in module.body.ops if (name := symbol_name(op)) is not None}
    live: set[str] = set()
    worklist = [name for name, op in symbols.items() if not is_private(op)]
    roots = [op for op in module.body.ops if symbol_name(op) is None]
    for root in roots:
        worklist.extend(referenced_symbols(root))
    while worklist:
        name = worklist.pop()
        if name in live or name not in symbols:
            continue
        live.add(name)
        worklist.extend(referenced_symbols(symbols[name]))
    dead = [name for name in symbols if name not in live]
    for name in dead:
        erase_op(symbols[name])
    return dead


class SymbolDcePass(TtcPass, name="symbol-dce", summary="Eliminate dead symbols"):
    """Erase unreferenced private symbols."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        erase_dead_symbols(op)
