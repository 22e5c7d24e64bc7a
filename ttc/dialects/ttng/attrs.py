"""Tensor-memory attributes of the TritonNvidiaGPU dialect (`#ttng.*`).

Mirrors Triton's `TritonNvidiaGPUAttrDefs.td` and the attribute verifiers of
`lib/Dialect/TritonNvidiaGPU/IR/Dialect.cpp`:

- `#ttng.tensor_memory`: the memory space of a `!ttg.memdesc` in Blackwell tensor memory;
- `#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1[, CGALayout = [[..]]]
  [, twoCTAs = true][, fp4Padded = true]>` (alias `#tmem`): an accumulator-like TMEM layout;
- `#ttng.tensor_memory_scales_encoding<[CGALayout = [[..]]][, blockRepOrder = kThenMn]>` (alias
  `#tmem_scales`): the layout tcgen05 reads block scales in;
- the enums `#ttng.redOp<min|max>` (the reduction of `ttng.tmem_load`) and
  `#ttng.blockRepOrder<mnThenK|kThenMn>`.

The encodings are written in MLIR's `struct(params)` form: `key = value` pairs in any order,
defaulted ones omitted when printing. Their CGA layout is kept as its `block` bases.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IntAttr, IntegerAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Span

from ttc.dialects.ttg.attrs import (
    Bases,
    CTALayout,
    LayoutEncoding,
    alias,
    bases_attr,
    bases_of,
    format_bases,
)
from ttc.ir.parse_errors import DialectParseError
from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two
from ttc.layouts.tmem import (
    cga_layout,
    cta_split,
    tensor_memory_scales_to_linear,
    tensor_memory_to_linear,
)
from ttc.layouts.utils import is_permutation_matrix_layout

BLOCK_REP_ORDERS = ("mnThenK", "kThenMn")
"""`TensorMemoryScalesBlockRepOrder`, by value."""

RED_OPS = {1: "min", 2: "max"}
"""`TMEMLoadReduceModifier`, by value."""


@irdl_attr_definition
class TensorMemorySpaceAttr(ParametrizedAttribute):
    """`#ttng.tensor_memory`: the memory space of a buffer in tensor memory."""

    name = "ttng.tensor_memory"


class _StructParser:
    """MLIR's `struct(params)` syntax: `key = value` pairs in any order, each at most once."""

    def __init__(self, parser: AttrParser, fields: dict[str, Callable[[AttrParser], object]]):
        self.parser = parser
        self.start = parser.pos
        self.values: dict[str, object] = {}
        parser.parse_punctuation("<")
        if parser.parse_optional_punctuation(">") is not None:
            return
        while True:
            key_pos = parser.pos
            key = parser.parse_identifier()
            if key not in fields or key in self.values:
                parser.raise_error(
                    f"duplicate or unknown struct parameter name: {key}", key_pos, parser.pos
                )
            parser.parse_punctuation("=")
            self.values[key] = fields[key](parser)
            if parser.parse_optional_punctuation(",") is None:
                break
        parser.parse_punctuation(">")

    def get(self, key: str, default: object = None) -> object:
        if key in self.values:
            return self.values[key]
        if default is None:
            self.error(f"struct is missing required parameter: {key}")
        return default

    def error(self, message: str) -> None:
        raise DialectParseError(Span(self.start, self.parser.pos, self.parser.lexer.input), message)

    def build(self, cls: type[ParametrizedAttribute], params: Sequence[Attribute]) -> Sequence[Attribute]:
        """Run the verifier now, so that its errors point at the attribute (Triton's getChecked)."""
        try:
            cls.new(params)
        except VerifyException as err:
            self.error(str(err))
        return params


def _unsigned(parser: AttrParser) -> int:
    return parser.parse_integer(allow_boolean=False, allow_negative=False)


def _bool(parser: AttrParser) -> bool:
    if parser.parse_optional_keyword("true") is not None:
        return True
    parser.parse_keyword("false", "expected 'true' or 'false'")
    return False


def _cga_bases(parser: AttrParser) -> tuple[tuple[int, ...], ...]:
    """Triton's `parseCGALayoutRankTwo`: an array of rank-2 `block` bases."""
    start = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, ArrayAttr):
        parser.raise_error("expected array value for 'CGALayout'", start, parser.pos)
    bases: list[tuple[int, ...]] = []
    for basis in attr.data:
        if not isinstance(basis, ArrayAttr) or not all(
            isinstance(v, IntegerAttr) and v.value.data >= 0 for v in basis.data
        ):
            parser.raise_error("expected an array of unsigned integers in CGALayout entry", start, parser.pos)
        if len(basis.data) != 2:
            parser.raise_error("'CGALayout' entry length does not match rank 2", start, parser.pos)
        bases.append(tuple(v.value.data for v in basis.data))  # type: ignore[union-attr]
    try:
        layout = cga_layout(bases)
    except LayoutError as err:
        parser.raise_error(str(err), start, parser.pos)
    if not is_permutation_matrix_layout(layout):
        parser.raise_error(
            "After removing broadcast bases the CGA encoding must be a permutation matrix",
            start,
            parser.pos,
        )
    return tuple(bases)


def _enum(names: Sequence[str], what: str, first: int = 0) -> Callable[[AttrParser], int]:
    """A keyword of `names`, as the value `first + its index`."""

    def parse(parser: AttrParser) -> int:
        start = parser.pos
        keyword = parser.parse_identifier()
        if keyword not in names:
            parser.raise_error(
                f"expected {what} to be one of: {', '.join(names)}", start, parser.pos
            )
        return first + list(names).index(keyword)

    return parse


class _TensorMemoryEncoding(LayoutEncoding):
    """What the two TMEM encodings share: rank 2 and a CGA layout kept as `block` bases (the
    parameter `cga` of each subclass)."""

    @property
    def rank(self) -> int:
        return 2

    @property
    def _cga(self) -> Bases:
        return self.cga

    def cga_bases(self) -> tuple[tuple[int, ...], ...]:
        return bases_of(self._cga)

    def cga_layout(self) -> LinearLayout:
        return cga_layout(self.cga_bases())

    @property
    def num_ctas(self) -> int:
        return 1 << len(self._cga.data)

    def cta_split(self) -> tuple[int, int]:
        """Triton's `getCTASplitNum` of the CGA layout."""
        return cta_split(self.cga_layout())

    def _cga_part(self) -> list[str]:
        return [f"CGALayout = {format_bases(self.cga_bases())}"] if self._cga.data else []


@alias("tmem")
@irdl_attr_definition
class TensorMemoryEncodingAttr(_TensorMemoryEncoding):
    """`#ttng.tensor_memory_encoding`: blockM x blockN blocks, `colStride` columns per element."""

    name = "ttng.tensor_memory_encoding"

    block_m: IntAttr
    block_n: IntAttr
    col_stride: IntAttr
    cga: Bases
    two_ctas: IntAttr
    fp4_padded: IntAttr

    @staticmethod
    def make(
        block_m: int,
        block_n: int,
        col_stride: int,
        cga_bases: Sequence[Sequence[int]] = (),
        two_ctas: bool = False,
        fp4_padded: bool = False,
    ) -> TensorMemoryEncodingAttr:
        return TensorMemoryEncodingAttr(
            IntAttr(block_m),
            IntAttr(block_n),
            IntAttr(col_stride),
            bases_attr(cga_bases),
            IntAttr(int(two_ctas)),
            IntAttr(int(fp4_padded)),
        )

    @property
    def is_two_ctas(self) -> bool:
        return bool(self.two_ctas.data)

    @property
    def is_fp4_padded(self) -> bool:
        return bool(self.fp4_padded.data)

    def verify(self) -> None:
        """Triton's `TensorMemoryEncodingAttr::verify`, word for word."""
        block_m, block_n, col_stride = self.block_m.data, self.block_n.data, self.col_stride.data
        cga = self.cga_bases()
        if self.is_two_ctas and (not cga or list(cga[0]) != [1, 0]):
            raise VerifyException(
                "twoCTAs layout requires the first CGALayout block basis to be [1, 0]"
            )
        if block_m not in (64, 128):
            raise VerifyException(f"blockM must be 64 or 128 but got {block_m}")
        if not is_power_of_two(block_n):
            raise VerifyException(f"blockN must be a power of 2 but got {block_n}")
        if block_n > 512:
            raise VerifyException(f"blockN must be less than or equal to 512 but got {block_n}")
        if col_stride not in (1, 2, 4):
            raise VerifyException(f"colStride must be 1, 2, or 4 but got but got {col_stride}")
        if self.is_fp4_padded and col_stride != 1:
            raise VerifyException(
                f"fp4Padded tensor memory layout requires colStride 1 but got {col_stride}"
            )

    def to_linear_layout(self, shape: Sequence[int]) -> LinearLayout:
        return tensor_memory_to_linear(
            shape,
            self.block_m.data,
            self.block_n.data,
            self.col_stride.data,
            self.cga_bases(),
            self.is_two_ctas,
            self.is_fp4_padded,
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = _StructParser(
            parser,
            {
                "blockM": _unsigned,
                "blockN": _unsigned,
                "colStride": _unsigned,
                "CGALayout": _cga_bases,
                "twoCTAs": _bool,
                "fp4Padded": _bool,
            },
        )
        return body.build(
            cls,
            (
                IntAttr(body.get("blockM")),  # type: ignore[arg-type]
                IntAttr(body.get("blockN")),  # type: ignore[arg-type]
                IntAttr(body.get("colStride")),  # type: ignore[arg-type]
                bases_attr(body.get("CGALayout", ())),  # type: ignore[arg-type]
                IntAttr(int(body.get("twoCTAs", False))),  # type: ignore[arg-type]
                IntAttr(int(body.get("fp4Padded", False))),  # type: ignore[arg-type]
            ),
        )

    def print_parameters(self, printer: Printer) -> None:
        parts = [
            f"blockM = {self.block_m.data}",
            f"blockN = {self.block_n.data}",
            f"colStride = {self.col_stride.data}",
            *self._cga_part(),
        ]
        if self.is_two_ctas:
            parts.append("twoCTAs = true")
        if self.is_fp4_padded:
            parts.append("fp4Padded = true")
        printer.print_string(f"<{', '.join(parts)}>")


@alias("tmem_scales")
@irdl_attr_definition
class TensorMemoryScalesEncodingAttr(_TensorMemoryEncoding):
    """`#ttng.tensor_memory_scales_encoding`: block scales as tcgen05.mma reads them."""

    name = "ttng.tensor_memory_scales_encoding"

    cga: Bases
    block_rep_order: IntAttr

    @staticmethod
    def make(
        cga_bases: Sequence[Sequence[int]] = (), k_then_mn: bool = False
    ) -> TensorMemoryScalesEncodingAttr:
        return TensorMemoryScalesEncodingAttr(bases_attr(cga_bases), IntAttr(int(k_then_mn)))

    @property
    def k_then_mn(self) -> bool:
        return self.block_rep_order.data == BLOCK_REP_ORDERS.index("kThenMn")

    def to_linear_layout(self, shape: Sequence[int]) -> LinearLayout:
        return tensor_memory_scales_to_linear(shape, self.cga_bases(), self.k_then_mn)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = _StructParser(
            parser,
            {
                "CGALayout": _cga_bases,
                "blockRepOrder": _enum(
                    BLOCK_REP_ORDERS, "::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder"
                ),
            },
        )
        return body.build(
            cls,
            (
                bases_attr(body.get("CGALayout", ())),  # type: ignore[arg-type]
                IntAttr(body.get("blockRepOrder", 0)),  # type: ignore[arg-type]
            ),
        )

    def print_parameters(self, printer: Printer) -> None:
        parts = self._cga_part()
        if self.k_then_mn:
            parts.append("blockRepOrder = kThenMn")
        printer.print_string(f"<{', '.join(parts)}>")


class _KeywordEnumAttr(ParametrizedAttribute):
    """An MLIR `EnumAttr` printed `#ttng.<mnemonic><keyword>`: `KEYWORDS` maps value -> keyword,
    `ENUM` names the C++ enum (for the parse error)."""

    value: IntAttr

    KEYWORDS: ClassVar[dict[int, str]]
    ENUM: ClassVar[str]

    def verify(self) -> None:
        if self.value.data not in self.KEYWORDS:
            raise VerifyException(f"unknown {self.ENUM} value {self.value.data}")

    @property
    def keyword(self) -> str:
        return self.KEYWORDS[self.value.data]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        start = parser.pos
        keyword = parser.parse_identifier()
        by_keyword = {k: v for v, k in cls.KEYWORDS.items()}
        if keyword not in by_keyword:
            parser.raise_error(
                f"expected {cls.ENUM} to be one of: {', '.join(cls.KEYWORDS.values())}",
                start,
                parser.pos,
            )
        parser.parse_punctuation(">")
        return (IntAttr(by_keyword[keyword]),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.keyword}>")


@irdl_attr_definition
class TMEMLoadReduceModifierAttr(_KeywordEnumAttr):
    """`#ttng.redOp<min|max>`: the reduction `ttng.tmem_load` fuses along N."""

    name = "ttng.redOp"

    value: IntAttr

    KEYWORDS: ClassVar[dict[int, str]] = RED_OPS
    ENUM: ClassVar[str] = "::mlir::triton::nvidia_gpu::TMEMLoadReduceModifier"


@irdl_attr_definition
class TensorMemoryScalesBlockRepOrderAttr(_KeywordEnumAttr):
    """`#ttng.blockRepOrder<mnThenK|kThenMn>`: the block order of TMEM scales, as an attribute."""

    name = "ttng.blockRepOrder"

    value: IntAttr

    KEYWORDS: ClassVar[dict[int, str]] = dict(enumerate(BLOCK_REP_ORDERS))
    ENUM: ClassVar[str] = "::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder"


def encoding_cga_bases(encoding: Attribute) -> tuple[tuple[int, ...], ...] | None:
    """The `block` bases of an encoding's CGA layout (Triton's `getCGALayout`), if ttc has it."""
    if isinstance(encoding, TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr):
        return encoding.cga_bases()
    cta = getattr(encoding, "cta_layout", None)
    if cta is not None:
        return tuple(tuple(b) for b in cta.cga_bases())
    return None


def has_cga_layout(encoding: Attribute, bases: Sequence[Sequence[int]]) -> bool:
    """The encoding's CGA layout is the one with these `block` bases (True when ttc cannot tell).

    Encodings keeping Triton 3.6's three CTA arrays hold the layout only up to the order of its
    bases, so they are compared in that form."""
    cta = getattr(encoding, "cta_layout", None)
    if isinstance(cta, CTALayout):
        rank = len(cta.cta_order)
        return all(len(b) == rank for b in bases) and cta == CTALayout.from_cga_bases(bases, rank)
    actual = encoding_cga_bases(encoding)
    return actual is None or actual == tuple(tuple(b) for b in bases)


TTNG_ATTRS: tuple[type[Attribute], ...] = (
    TensorMemorySpaceAttr,
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TMEMLoadReduceModifierAttr,
    TensorMemoryScalesBlockRepOrderAttr,
)
"""The attribute classes of this module, registered with the `ttng` dialect."""
