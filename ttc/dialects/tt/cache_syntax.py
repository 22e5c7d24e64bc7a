"""The `cacheModifier = X evictionPolicy = Y` clauses of Triton's memory ops.

Triton's ODS spells them `oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)`:
each clause at most once, in either order, printed only when not the default (`none`,
`evict_normal`). `tt.load`, `tt.store`, `tt.descriptor_load`, `ttg.async_copy_global_to_local`
and `ttng.async_tma_copy_global_to_local` share them; xDSL 0.74's declarative format has no
`oilist`, so the formats use `custom<CacheAndEvict>($cache, $evict)`.
"""

from __future__ import annotations

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from ttc.dialects.tt.syntax import enum_attr, parse_enum
from ttc.dialects.tt.types import CacheModifier, EvictionPolicy


def parse_cache_and_evict(parser: Parser) -> dict[str, Attribute]:
    """The clauses present, as the `cache`/`evict` properties they set."""
    found: dict[str, Attribute] = {}
    clauses = {"cacheModifier": ("cache", CacheModifier), "evictionPolicy": ("evict", EvictionPolicy)}
    while True:
        pos = parser.pos
        word = parser.parse_optional_keyword_in(tuple(clauses))
        if word is None:
            return found
        prop, enum = clauses[word]
        if prop in found:
            parser.raise_error(f"'{word}' clause can appear at most once in the expansion of the oilist directive", pos)
        parser.parse_punctuation("=")
        found[prop] = parse_enum(parser, enum).attr()


def print_cache_and_evict(printer: Printer, cache: Attribute | None, evict: Attribute | None) -> None:
    """Prints the non-default clauses of the `cache`/`evict` properties (MLIR's oilist order)."""
    modifier = enum_attr(CacheModifier, cache, CacheModifier.NONE)
    policy = enum_attr(EvictionPolicy, evict, EvictionPolicy.NORMAL)
    if modifier is not CacheModifier.NONE:
        printer.print_string(f" cacheModifier = {modifier.keyword}")
    if policy is not EvictionPolicy.NORMAL:
        printer.print_string(f" evictionPolicy = {policy.keyword}")


@irdl_custom_directive
class CacheAndEvict(CustomDirective):
    """`custom<CacheAndEvict>($cache, $evict)`: the clauses, in a declarative format."""

    cache: AttributeVariable
    evict: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        clauses = parse_cache_and_evict(parser)
        for variable in (self.cache, self.evict):
            if variable.name in clauses:
                variable.set(state, clauses[variable.name])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        print_cache_and_evict(printer, self.cache.get(op), self.evict.get(op))
