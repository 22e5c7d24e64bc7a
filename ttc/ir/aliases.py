"""Attribute and type aliases (`#blocked1 = #ttg.blocked<...>`) named and ordered as MLIR does.

Mirrors `AliasInitializer`/`AliasState` in `mlir/lib/IR/AsmPrinter.cpp`. A dry run of the printer
visits every attribute and type in print order (pre-order: an attribute before the ones nested in
it). Each visited symbol gets its alias name, if any, from:

- the attribute or type class's `alias_prefix: ClassVar[str]` (Triton's `getAlias`: `blocked`,
  `mma`, `shared`, `smem`, `linear`, ...; classes without one are never aliased), or
- `loc` for every location (MLIR's builtin dialect), visited only with `--mlir-print-debuginfo`.

Its depth is 1 for an aliased leaf, and one more than the deepest nested symbol otherwise (0 for
a plain leaf). Symbols are then stable-sorted by (depth, types before attributes, alias name), and
each name is numbered in that order: `blocked`, `blocked1`, ... (`name_1` when the name ends in a
digit). A symbol first met only as an op's trailing location may be defined after the module
("deferred"); anything reachable from a non-deferrable use is printed before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import Attribute

from ttc.ir.locations import is_location
from ttc.ir.names import sanitize_identifier

_ALIAS_PUNCT = frozenset("$_-")


def alias_prefix(attr: Attribute) -> str | None:
    """The alias name an attribute or type asks for, before numbering."""
    if is_location(attr):
        return "loc"
    prefix = getattr(type(attr), "alias_prefix", None)
    if isinstance(prefix, str) and prefix:
        return sanitize_identifier(prefix, _ALIAS_PUNCT)
    return None


@dataclass(eq=False)
class VisitInfo:
    """What the dry run learnt about one attribute or type (MLIR's `InProgressAliasInfo`)."""

    index: int
    alias: str | None
    is_type: bool
    deferrable: bool
    depth: int = 0
    children: list[VisitInfo] = field(default_factory=list["VisitInfo"])

    def mark_non_deferrable(self) -> None:
        stack = [self]
        while stack:
            info = stack.pop()
            if not info.deferrable:
                continue
            info.deferrable = False
            stack.extend(info.children)


@dataclass(frozen=True)
class Alias:
    """One numbered alias: `#name` or `!name` plus its suffix index."""

    attr: Attribute
    name: str
    suffix: int
    is_type: bool
    deferrable: bool

    def __str__(self) -> str:
        text = ("!" if self.is_type else "#") + self.name
        if self.suffix:
            if self.name[-1].isdigit():
                text += "_"
            text += str(self.suffix)
        return text


class AliasTable:
    """The numbered aliases of one print, in definition order."""

    def __init__(self, visited: dict[Attribute, VisitInfo]) -> None:
        ordered = sorted(
            ((info, attr) for attr, info in visited.items() if info.alias is not None),
            key=lambda pair: (pair[0].depth, not pair[0].is_type, pair[0].alias, pair[0].index),
        )
        used: set[str] = set()
        counts: dict[str, int] = {}
        self.aliases: list[Alias] = []
        self.text: dict[Attribute, str] = {}
        for info, attr in ordered:
            assert info.alias is not None
            suffix = _unique_suffix(info.alias, counts, used)
            alias = Alias(attr, info.alias, suffix, info.is_type, info.deferrable)
            self.aliases.append(alias)
            self.text[attr] = str(alias)

    @staticmethod
    def empty() -> AliasTable:
        return AliasTable({})


def _unique_suffix(alias: str, counts: dict[str, int], used: set[str]) -> int:
    """MLIR's `uniqueAliasNameIndex`."""
    if alias not in used:
        used.add(alias)
        return 0
    probe_base = alias + "_" if alias[-1].isdigit() else alias
    counts.setdefault(probe_base, 1)
    while True:
        index = counts[probe_base]
        counts[probe_base] = index + 1
        probe = f"{probe_base}{index}"
        if probe not in used:
            used.add(probe)
            return index

