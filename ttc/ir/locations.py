"""Source locations: MLIR's `LocationAttr` family as ttc reads, walks and reports it.

Mirrors `mlir/IR/Location.h`: `FileLineColLoc`, `NameLoc`, `CallSiteLoc`, `FusedLoc` and
`UnknownLoc` (xDSL's builtin classes), `Location::findInstanceOf<NameLoc>` (the pre-order walk
the printer uses to name SSA values after `loc("name"(...))`), and the diagnostic engine's choice
of the `file:line:col` an error points at.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import (
    ArrayAttr,
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    NameLoc,
    NoneAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute

from ttc.ir.errors import SourceLocation

LOCATION_CLASSES = (UnknownLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc)


def is_location(attr: Attribute) -> bool:
    """True for the builtin location attributes."""
    return isinstance(attr, LOCATION_CLASSES)


def child_locations(loc: Attribute) -> list[Attribute]:
    """The locations nested directly in `loc`, in MLIR's sub-element order."""
    if isinstance(loc, NameLoc):
        return [] if isinstance(loc.location, NoneAttr | UnknownLoc) else [loc.location]
    if isinstance(loc, CallSiteLoc):
        return [loc.callee, loc.caller]
    if isinstance(loc, FusedLoc):
        locs = loc.locations
        return list(locs.data) if isinstance(locs, ArrayAttr) else []
    return []


def walk_preorder(loc: Attribute) -> Iterator[Attribute]:
    """Every location in `loc`, itself first (MLIR's `LocationAttr::walk<PreOrder>`)."""
    stack = [loc]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(child_locations(current)))


def find_name(loc: Attribute) -> str | None:
    """The name of the first `NameLoc` in a pre-order walk of `loc`, if any."""
    if isinstance(loc, NameLoc):
        return loc.desc.data
    if isinstance(loc, FileLineColLoc | UnknownLoc):
        return None
    for nested in walk_preorder(loc):
        if isinstance(nested, NameLoc):
            return nested.desc.data
    return None


def source_location(loc: Attribute) -> SourceLocation | None:
    """The `file:line:col` a diagnostic at `loc` points to: its first file location."""
    for nested in walk_preorder(loc):
        if isinstance(nested, FileLineColLoc):
            return SourceLocation(nested.filename.data, nested.line.data, nested.column.data)
    return None
