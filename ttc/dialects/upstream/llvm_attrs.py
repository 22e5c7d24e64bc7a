"""The LLVM dialect's pointer and void types and its linkage, overflow, fast-math and constant
value attributes.

Mirrors `LLVMTypes.td` (`!llvm.ptr`, `!llvm.ptr<N>`, `!llvm.void`) and `LLVMAttrDefs.td`
(`#llvm.linkage<external>`, `#llvm.overflow<nsw, nuw>`, `#llvm.fastmath<fast>`, and `#llvm.undef`,
`#llvm.poison`, `#llvm.zero`: the values that `llvm.mlir.undef/poison/zero` fold to; and the loop
metadata `#llvm.loop_annotation<licm = #llvm.loop_licm<disable = true>>` that `tl.range(...,
disable_licm=True)` puts on a loop), spelled as MLIR prints them. They are defined here rather than taken from `xdsl.dialects.llvm`, whose import
(every xDSL llvm op class) costs a noticeable share of `ttc compile`'s start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr
from xdsl.dialects.utils import BitEnumAttribute
from xdsl.dialects.utils.fast_math import FastMathAttrBase, FastMathFlag
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

__all__ = [
    "LoopAnnotationAttr",
    "LoopLICMAttr",
    "FastMathAttr",
    "FastMathFlag",
    "LLVMPointerType",
    "LLVMVoidType",
    "LINKAGES",
    "LinkageAttr",
    "OverflowAttr",
    "OverflowFlag",
    "PoisonAttr",
    "UndefAttr",
    "ZeroAttr",
]


@irdl_attr_definition
class LLVMPointerType(ParametrizedAttribute, TypeAttribute):
    """An opaque pointer, `!llvm.ptr` (address space 0) or `!llvm.ptr<N>`."""

    name = "llvm.ptr"

    addr_space: IntAttr | NoneAttr

    def __init__(self, addr_space: IntAttr | NoneAttr = NoneAttr()):
        super().__init__(addr_space)

    def print_parameters(self, printer: Printer) -> None:
        if isinstance(self.addr_space, IntAttr):
            printer.print_string(f"<{self.addr_space.data}>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntAttr | NoneAttr]:
        if parser.parse_optional_characters("<") is None:
            return (NoneAttr(),)
        space = parser.parse_integer()
        parser.parse_characters(">", " to end the address space of llvm.ptr")
        return (IntAttr(space),)


@irdl_attr_definition
class LLVMVoidType(ParametrizedAttribute, TypeAttribute):
    """`!llvm.void`, the result type of functions that return nothing."""

    name = "llvm.void"


LINKAGES = frozenset({
    "private", "internal", "available_externally", "linkonce", "weak", "common", "appending",
    "extern_weak", "linkonce_odr", "weak_odr", "external",
})


@irdl_attr_definition
class LinkageAttr(ParametrizedAttribute):
    """`#llvm.linkage<external>`; the name may also be written as a string."""

    name = "llvm.linkage"

    linkage: StringAttr

    def __init__(self, linkage: str | StringAttr) -> None:
        super().__init__(StringAttr(linkage) if isinstance(linkage, str) else linkage)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.linkage.data}>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[StringAttr]:
        parser.parse_characters("<", " before the linkage name")
        linkage = parser.parse_optional_str_literal() or parser.parse_identifier()
        parser.parse_characters(">", " after the linkage name")
        return (StringAttr(linkage),)

    def verify(self) -> None:
        if self.linkage.data not in LINKAGES:
            raise VerifyException(f"unknown linkage '{self.linkage.data}'")


class OverflowFlag(StrEnum):
    """The wrap flags of integer arithmetic and casts."""

    NO_SIGNED_WRAP = "nsw"
    NO_UNSIGNED_WRAP = "nuw"


@irdl_attr_definition(init=False)
@dataclass(frozen=True, init=False)
class OverflowAttr(BitEnumAttribute[OverflowFlag]):
    """`#llvm.overflow<nsw, nuw>`; in op syntax the flags follow the keyword `overflow`."""

    name = "llvm.overflow"
    none_value = "none"

    @classmethod
    def parse(cls, parser: Parser) -> OverflowAttr:
        """The optional `overflow<...>` clause of an op (no flags when it is absent)."""
        if parser.parse_optional_keyword("overflow") is None:
            return OverflowAttr("none")
        return OverflowAttr(OverflowAttr.parse_parameter(parser))


@irdl_attr_definition(init=False)
class FastMathAttr(FastMathAttrBase):
    """`#llvm.fastmath<...>`: the fast-math flags of floating-point ops."""

    name = "llvm.fastmath"


@irdl_attr_definition
class UndefAttr(ParametrizedAttribute):
    """`#llvm.undef`: the constant value of `llvm.mlir.undef`."""

    name = "llvm.undef"


@irdl_attr_definition
class PoisonAttr(ParametrizedAttribute):
    """`#llvm.poison`: the constant value of `llvm.mlir.poison`."""

    name = "llvm.poison"


@irdl_attr_definition
class ZeroAttr(ParametrizedAttribute):
    """`#llvm.zero`: the constant value of `llvm.mlir.zero`."""

    name = "llvm.zero"


class _KeywordParameters(ParametrizedAttribute):
    """An attribute written `<key = value, ...>` with optional keys in a fixed order (MLIR's
    struct-like assembly format); `entries` holds `[key, value]` pairs as written."""

    KEYS: ClassVar[tuple[str, ...]] = ()

    entries: ArrayAttr

    def __init__(self, entries: dict[str, Attribute]) -> None:
        super().__init__(ArrayAttr([ArrayAttr([StringAttr(k), v]) for k, v in entries.items()]))

    @property
    def values(self) -> dict[str, Attribute]:
        """The entries by key."""
        return {pair.data[0].data: pair.data[1] for pair in self.entries.data}  # type: ignore[attr-defined]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        for index, (key, value) in enumerate(self.values.items()):
            printer.print_string(f"{', ' if index else ''}{key} = ")
            printer.print_attribute(value)
        printer.print_string(">")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[ArrayAttr]:
        entries: list[Attribute] = []
        parser.parse_characters("<")
        while True:
            key = parser.parse_identifier()
            parser.parse_characters("=", f" after '{key}'")
            entries.append(ArrayAttr([StringAttr(key), parser.parse_attribute()]))
            if parser.parse_optional_characters(",") is None:
                break
        parser.parse_characters(">")
        return (ArrayAttr(entries),)

    def verify(self) -> None:
        keys = list(self.values)
        unknown = [k for k in keys if k not in self.KEYS]
        if unknown:
            raise VerifyException(f"unknown parameter '{unknown[0]}' of #{self.name}")
        if keys != [k for k in self.KEYS if k in keys]:
            raise VerifyException(f"the parameters of #{self.name} are out of order")


@irdl_attr_definition
class LoopLICMAttr(_KeywordParameters):
    """`#llvm.loop_licm<disable = true, versioningDisable = true>`."""

    name = "llvm.loop_licm"
    KEYS = ("disable", "versioningDisable")


@irdl_attr_definition
class LoopAnnotationAttr(_KeywordParameters):
    """`#llvm.loop_annotation<licm = #llvm.loop_licm<...>, ...>`, the metadata of a loop's
    back edge (LLVM's `!llvm.loop`)."""

    name = "llvm.loop_annotation"
    KEYS = ("disableNonforced", "vectorize", "interleave", "unroll", "unrollAndJam", "licm",
            "distribute", "pipeline", "peeled", "unswitch", "mustProgress", "isVectorized",
            "startLoc", "endLoc", "parallelAccesses")


# The names MLIR's LLVM dialect gives their aliases (set after xDSL's definition decorator, which
# only accepts upper-case class variables in a class body).
LoopLICMAttr.alias_prefix = "loop_licm"  # type: ignore[attr-defined]
LoopAnnotationAttr.alias_prefix = "loop_annotation"  # type: ignore[attr-defined]
