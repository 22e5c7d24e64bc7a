"""Layout and memory attributes of the TritonGPU dialect (`#ttg.*`), read and printed as Triton.

Mirrors the encodings of Triton's `TritonGPUAttrDefs.td` / `Dialect.cpp`:

- distributed layouts (which thread holds which tensor element): `#ttg.blocked`, `#ttg.slice`,
  `#ttg.nvidia_mma`, `#ttg.dot_op`, `#ttg.linear`, `#ttg.generic_linear`;
- shared-memory layouts: `#ttg.swizzled_shared`, `#ttg.nvmma_shared`, `#ttg.shared_linear`
  (the padded and partitioned ones are in `ttc.dialects.ttg.shared_attrs`);
- the shared-memory space `#ttg.shared_memory`.

Each encoding keeps its CTA layout as Triton 3.6's three arrays `CTAsPerCGA`, `CTASplitNum` and
`CTAOrder` (`CTALayout`). Input may use them or today's `CGALayout = [[...]]` (the block bases of
a linear layout, converted with Triton's rules); output is today's `CGALayout`, printed only for
more than one CTA (Triton's `CGAEncodingAttr::fromSplitParams`).

Each aliased attribute class names its MLIR alias prefix in `alias_prefix` (from Triton's
`getAlias`): `#blocked`, `#mma`, `#shared`, `#linear`, `#generic_linear`, `#smem`. `#ttg.slice`
and `#ttg.dot_op` have `alias_prefix = None`: Triton never aliases them.

Verification mirrors the attribute verifiers of Triton; errors raised while parsing point at the
attribute text.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import prod
from typing import ClassVar, NoReturn, TypeVar

from xdsl.dialects.builtin import ArrayAttr, IntAttr, IntegerAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Span

from ttc.dialects.ttg.bases import (
    is_bijective_without_zeros,
    is_permutation_matrix,
    is_surjective,
    out_sizes,
)
from ttc.ir.parse_errors import DialectParseError
from ttc.layouts.cga import shape_per_cta
from ttc.layouts.linear import is_power_of_two
from ttc.layouts.permutation import is_permutation
from ttc.layouts.shared import nvmma_swizzle_bytes

AttrT = TypeVar("AttrT", bound=Attribute)

IntList = ArrayAttr[IntAttr]
Bases = ArrayAttr[ArrayAttr[IntAttr]]


def int_list(values: Iterable[int]) -> IntList:
    """An `ArrayAttr` of `IntAttr`, the storage of every integer-array parameter here.

    Made once per list of values and shared, as MLIR uniques attributes in its context (they are
    immutable): the layout builders ask for the same few lists thousands of times per kernel."""
    return _int_list(tuple(map(int, values)))


@lru_cache(maxsize=4096)
def _int_list(values: tuple[int, ...]) -> IntList:
    return ArrayAttr([IntAttr(v) for v in values])


def ints(values: IntList) -> tuple[int, ...]:
    """The Python integers of an integer-array parameter."""
    return tuple(v.data for v in values.data)


def bases_attr(bases: Iterable[Iterable[int]]) -> Bases:
    """Linear-layout bases (a list of integer vectors) as an attribute parameter."""
    return ArrayAttr([int_list(basis) for basis in bases])


def bases_of(attr: Bases) -> tuple[tuple[int, ...], ...]:
    return tuple(ints(basis) for basis in attr.data)


def format_ints(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in values)


def format_bases(bases: Iterable[Iterable[int]]) -> str:
    return "[" + ", ".join(f"[{format_ints(b)}]" for b in bases) + "]"


# --------------------------------------------------------------------------------------------
# CTA layout (Triton's CTALayoutAttr, stored inline in each encoding)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CTALayout:
    """How the CTAs of a cluster (CGA) split a tensor: Triton 3.6's CTALayoutAttr."""

    ctas_per_cga: tuple[int, ...]
    cta_split_num: tuple[int, ...]
    cta_order: tuple[int, ...]

    @staticmethod
    def default(rank: int) -> CTALayout:
        """One CTA: all ones, order rank-1..0 (Triton's `CTALayoutAttr::getDefault`)."""
        return CTALayout((1,) * rank, (1,) * rank, tuple(range(rank - 1, -1, -1)))

    @staticmethod
    def from_cga_bases(bases: Sequence[Sequence[int]], rank: int) -> CTALayout:
        """The three arrays equivalent to a 3.7+ `CGALayout` (block bases of a linear layout).

        A basis moving along dimension d doubles both the CTA count and the split of d; an all-zero
        basis (CTAs holding copies) doubles only the CTA count of the last dimension moved along.
        The order lists dimensions in their first appearance, then the rest from rank-1 down.
        """
        per_cga = [1] * rank
        split = [1] * rank
        order: list[int] = []
        last_dim = 0
        for basis in bases:
            moving = [i for i, v in enumerate(basis) if v != 0]
            if moving:
                last_dim = moving[0]
                per_cga[last_dim] *= 2
                split[last_dim] *= 2
                if last_dim not in order:
                    order.append(last_dim)
            else:
                per_cga[last_dim] *= 2
        order += [d for d in range(rank - 1, -1, -1) if d not in order]
        return CTALayout(tuple(per_cga), tuple(split), tuple(order))

    def attrs(self) -> tuple[IntList, IntList, IntList]:
        return int_list(self.ctas_per_cga), int_list(self.cta_split_num), int_list(self.cta_order)

    def verify(self) -> None:
        """Triton's `CTALayoutAttr::verify`."""
        if not (len(self.ctas_per_cga) == len(self.cta_split_num) == len(self.cta_order)):
            raise VerifyException(
                "CTAsPerCGA, CTASplitNum, and CTAOrder must all have the same rank."
            )
        if not is_permutation(self.cta_order):
            raise VerifyException(
                "CTAOrder must be a permutation of 0..(rank-1), but was "
                f"[{format_ints(self.cta_order)}]"
            )
        if any(x == 0 for x in self.ctas_per_cga):
            raise VerifyException("Every element in CTAsPerCGA must be greater than 0.")
        if any(x == 0 for x in self.cta_split_num):
            raise VerifyException("Every element in CTASplitNum must be greater than 0.")

    @property
    def num_ctas(self) -> int:
        return prod(self.ctas_per_cga)

    def cga_bases(self) -> list[list[int]]:
        """The block bases of the equivalent CGA layout (Triton's `CGAEncodingAttr::
        fromSplitParams`): along each dimension of `CTAOrder`, first the CTAs that split it, then
        those holding copies (zero bases)."""
        rank = len(self.cta_order)
        bases: list[list[int]] = []
        for dim in self.cta_order:
            split, total = self.cta_split_num[dim], self.ctas_per_cga[dim]
            bases += [[1 << k if d == dim else 0 for d in range(rank)] for k in range(_log2(split))]
            bases += [[0] * rank for _ in range(_log2(total // split))]
        return bases

    def suffix(self) -> str:
        """`, CGALayout = [[..]]`, as Triton prints it, or "" for one CTA."""
        if self.num_ctas == 1:
            return ""
        return f", CGALayout = {format_bases(self.cga_bases())}"


def _log2(value: int) -> int:
    return value.bit_length() - 1


CTA_KEYS = ("CTAsPerCGA", "CTASplitNum", "CTAOrder")
CGA_KEYS = (*CTA_KEYS, "CGALayout")


# --------------------------------------------------------------------------------------------
# Parsing helpers: Triton encodings are written as `<{key = value, ...}>`
# --------------------------------------------------------------------------------------------


class EncodingBody:
    """The `{key = value}` dictionary of an encoding being parsed, with Triton's value checks."""

    def __init__(
        self,
        parser: AttrParser,
        entries: dict[str, Attribute],
        start: int,
        keys: Iterable[str],
    ) -> None:
        self.parser = parser
        self.entries = entries
        self.start = start
        for key in entries:
            if key not in keys:
                self.error(f"unexpected key: {key}")

    @staticmethod
    def parse(parser: AttrParser, keys: Iterable[str]) -> EncodingBody:
        """Parse `<{...}>`; a key outside `keys` is an error, as in Triton's parsers."""
        start = parser.pos
        parser.parse_punctuation("<")
        entries = parser.parse_optional_dictionary_attr_dict()
        parser.parse_punctuation(">")
        return EncodingBody(parser, entries, start, tuple(keys))

    def error(self, message: str) -> NoReturn:
        """Fail with Triton's `message`, pointing at the whole attribute body."""
        span = Span(self.start, self.parser.pos, self.parser.lexer.input)
        raise DialectParseError(span, message)

    def has(self, key: str) -> bool:
        return key in self.entries

    def _value(self, key: str) -> Attribute | None:
        return self.entries.get(key)

    def _int(self, attr: Attribute, desc: str) -> int:
        if not isinstance(attr, IntegerAttr):
            self.error(f"expected an integer type in {desc}")
        value = attr.value.data
        if value < 0:
            self.error(f"expected an unsigned integer in {desc}")
        return value

    def uint(self, key: str, default: int | None = None) -> int:
        value = self._value(key)
        if value is None:
            if default is None:
                self.error(f"missing key: {key}")
            return default
        return self._int(value, key)

    def boolean(self, key: str, default: bool) -> bool:
        value = self._value(key)
        if value is None:
            return default
        if not isinstance(value, IntegerAttr) or value.type.width.data != 1:
            self.error(f"expected a bool type in {key}")
        return bool(value.value.data)

    def uint_list(self, key: str, default: Sequence[int] | None = None) -> tuple[int, ...]:
        value = self._value(key)
        if value is None:
            if default is None:
                self.error(f"missing key: {key}")
            return tuple(default)
        if not isinstance(value, ArrayAttr):
            self.error(f"expected an array for {key}")
        return tuple(self._int(v, key) for v in value.data)

    def bases(self, key: str) -> tuple[tuple[int, ...], ...]:
        """The bases of input dimension `key` (Triton's `parseLinearLayout`, one dimension)."""
        value = self._value(key)
        if value is None:
            self.error(f"Expected basis of '{key}' not found")
        if not isinstance(value, ArrayAttr):
            self.error(f"Expected array of arrays for basis of '{key}'")
        result: list[tuple[int, ...]] = []
        for basis in value.data:
            if not isinstance(basis, ArrayAttr):
                self.error(f"Expected array of integers in basis for '{key}'")
            values: list[int] = []
            for v in basis.data:
                if not isinstance(v, IntegerAttr):
                    self.error(f"Expected integer in basis for '{key}'")
                if v.value.data < 0:
                    self.error(f"expected an unsigned integer value in basis for '{key}'")
                values.append(v.value.data)
            result.append(tuple(values))
        return tuple(result)

    def attribute(self, key: str) -> Attribute:
        value = self._value(key)
        if value is None:
            self.error(f"missing key: {key}")
        return value

    def cta_layout(self, rank: int) -> CTALayout:
        """The CTA layout: the three 3.6 arrays, the 3.7+ `CGALayout`, or the default."""
        present = [k for k in CTA_KEYS if self.has(k)]
        if self.has("CGALayout"):
            if present:
                self.error("CGALayout cannot be combined with CTAsPerCGA, CTASplitNum, CTAOrder")
            bases = self.bases("CGALayout")
            if any(len(b) != rank for b in bases):
                self.error(f"'CGALayout' entry length does not match rank {rank}")
            if not is_permutation_matrix(bases, out_sizes(bases, rank)):
                self.error(
                    "After removing broadcast bases the CGA encoding must be a permutation matrix"
                )
            return CTALayout.from_cga_bases(bases, rank)
        if not present:
            return CTALayout.default(rank)
        if len(present) != len(CTA_KEYS):
            self.error("CTAsPerCGA, CTASplitNum, and CTAOrder must all be present or all be absent")
        return CTALayout(*(self.uint_list(k) for k in CTA_KEYS))

    def build(
        self, cls: type[ParametrizedAttribute], params: Sequence[Attribute]
    ) -> Sequence[Attribute]:
        """Run the attribute's verifier now, so that its errors point at the source text."""
        try:
            cls.new(params)
        except VerifyException as err:
            self.error(str(err))
        return params


def alias(prefix: str | None) -> Callable[[type[AttrT]], type[AttrT]]:
    """Set the class's `alias_prefix` (a class variable; set after xDSL's definition decorator,
    which only accepts upper-case class variables in the class body)."""

    def set_prefix(cls: type[AttrT]) -> type[AttrT]:
        setattr(cls, "alias_prefix", prefix)
        return cls

    return set_prefix


def verify_order(order: Sequence[int]) -> None:
    """Triton's check that a layout's `order` (fastest-varying dimension first) is a
    permutation of its dimensions."""
    if not is_permutation(order):
        raise VerifyException(
            f"order must be a permutation of 0..(rank-1), but was [{format_ints(order)}]"
        )


# --------------------------------------------------------------------------------------------
# Encoding base classes
# --------------------------------------------------------------------------------------------


class LayoutEncoding(ParametrizedAttribute):
    """Any TritonGPU tensor or memory encoding (Triton's `LayoutEncodingTrait`)."""

    @property
    def rank(self) -> int:
        """The rank of the tensors this encoding applies to."""
        raise NotImplementedError(type(self).__name__)

    @property
    def num_ctas(self) -> int:
        """The CTAs of the cluster the encoding spreads over (Triton's `getNumCTAs`)."""
        raise NotImplementedError(type(self).__name__)


class DistributedEncoding(LayoutEncoding):
    """A register layout: which lane of which warp holds which element (Triton's
    DistributedEncodingTrait)."""

    @property
    def num_lanes(self) -> int:
        """Threads per warp: the size of the `lane` input of the encoding's linear layout."""
        raise NotImplementedError(type(self).__name__)

    @property
    def num_warps(self) -> int:
        """Warps per CTA: the size of the `warp` input of the encoding's linear layout."""
        raise NotImplementedError(type(self).__name__)


class MmaEncoding(DistributedEncoding):
    """The accumulator layout of a matrix instruction (Triton's `MmaEncodingTrait`):
    `#ttg.nvidia_mma`, and targets' own (MUSA's SQMMA layout)."""


class SharedEncoding(LayoutEncoding):
    """A shared-memory layout (Triton's `SharedEncodingTrait`)."""



class _WithCTALayout(LayoutEncoding):
    """An encoding that carries CTAsPerCGA / CTASplitNum / CTAOrder as its last three parameters."""

    @property
    def cta_layout(self) -> CTALayout:
        return CTALayout(
            ints(getattr(self, "ctas_per_cga")),
            ints(getattr(self, "cta_split_num")),
            ints(getattr(self, "cta_order")),
        )

    @property
    def num_ctas(self) -> int:
        return self.cta_layout.num_ctas


# --------------------------------------------------------------------------------------------
# Distributed encodings
# --------------------------------------------------------------------------------------------


@alias("blocked")
@irdl_attr_definition
class BlockedEncodingAttr(DistributedEncoding, _WithCTALayout):
    """`#ttg.blocked`: each thread holds a `sizePerThread` block, tiled over lanes and warps."""

    name = "ttg.blocked"

    size_per_thread: IntList
    threads_per_warp: IntList
    warps_per_cta: IntList
    order: IntList
    ctas_per_cga: IntList
    cta_split_num: IntList
    cta_order: IntList

    @staticmethod
    def make(
        size_per_thread: Sequence[int],
        threads_per_warp: Sequence[int],
        warps_per_cta: Sequence[int],
        order: Sequence[int],
        cta_layout: CTALayout | None = None,
    ) -> BlockedEncodingAttr:
        cta = cta_layout or CTALayout.default(len(size_per_thread))
        return BlockedEncodingAttr(
            int_list(size_per_thread),
            int_list(threads_per_warp),
            int_list(warps_per_cta),
            int_list(order),
            *cta.attrs(),
        )

    @property
    def rank(self) -> int:
        return len(self.size_per_thread.data)

    @property
    def num_lanes(self) -> int:
        return prod(ints(self.threads_per_warp))

    @property
    def num_warps(self) -> int:
        return prod(ints(self.warps_per_cta))

    def verify(self) -> None:
        lengths = {len(p.data) for p in (self.size_per_thread, self.threads_per_warp,
                                         self.warps_per_cta, self.order)}
        if len(lengths) != 1:
            raise VerifyException(
                "sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank."
            )
        for key, values in (
            ("sizePerThread", self.size_per_thread),
            ("threadsPerWarp", self.threads_per_warp),
            ("warpsPerCTA", self.warps_per_cta),
        ):
            if not all(is_power_of_two(v) for v in ints(values)):
                raise VerifyException(f"Every element in {key} must be a power of two.")
        cta = self.cta_layout
        cta.verify()
        if len(cta.cta_split_num) != self.rank:
            raise VerifyException(
                "BlockedEncodingAttr and CGALayout's fields must have the same rank."
            )
        verify_order(ints(self.order))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(
            parser, ("sizePerThread", "threadsPerWarp", "warpsPerCTA", "order", *CGA_KEYS)
        )
        size = body.uint_list("sizePerThread")
        threads = body.uint_list("threadsPerWarp")
        warps = body.uint_list("warpsPerCTA")
        order = body.uint_list("order")
        cta = body.cta_layout(len(size))
        return body.build(
            cls,
            (int_list(size), int_list(threads), int_list(warps), int_list(order), *cta.attrs()),
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<{{sizePerThread = [{format_ints(ints(self.size_per_thread))}]"
            f", threadsPerWarp = [{format_ints(ints(self.threads_per_warp))}]"
            f", warpsPerCTA = [{format_ints(ints(self.warps_per_cta))}]"
            f", order = [{format_ints(ints(self.order))}]"
            f"{self.cta_layout.suffix()}}}>"
        )


class _ParentEncoding(DistributedEncoding):
    """A register layout derived from the distributed encoding `parent` (a slice of it, an
    operand of a dot that yields it), spread over the parent's CTAs, lanes and warps.

    Each concrete class declares the parameter `parent` itself, in its place among the others
    (xDSL orders parameters by first declaration, base classes first)."""

    @property
    def num_ctas(self) -> int:
        return self.parent.num_ctas

    @property
    def num_lanes(self) -> int:
        return self.parent.num_lanes

    @property
    def num_warps(self) -> int:
        return self.parent.num_warps

    @staticmethod
    def distributed_parent(body: EncodingBody, parent: Attribute) -> DistributedEncoding:
        """The parsed `parent`, which must be a distributed encoding."""
        if not isinstance(parent, DistributedEncoding):
            body.error("expected a distributed encoding trait")
        return parent


@alias(None)
@irdl_attr_definition
class SliceEncodingAttr(_ParentEncoding):
    """`#ttg.slice`: the parent layout with dimension `dim` removed (never aliased)."""

    name = "ttg.slice"

    dim: IntAttr
    parent: DistributedEncoding

    @property
    def rank(self) -> int:
        return self.parent.rank - 1

    def verify(self) -> None:
        parent_rank = self.parent.rank
        if parent_rank <= 1:
            raise VerifyException("parent layout must have at least rank >= 2")
        if self.dim.data >= parent_rank:
            raise VerifyException(
                f"slice dim={self.dim.data} must be less than the parent rank={parent_rank}"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(parser, ("dim", "parent"))
        dim = body.uint("dim")
        parent = cls.distributed_parent(body, body.attribute("parent"))
        return body.build(cls, (IntAttr(dim), parent))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{{dim = {self.dim.data}, parent = ")
        printer.print_attribute(self.parent)
        printer.print_string("}>")


def _default_instr_shape(version_major: int, rank: int) -> tuple[int, ...]:
    """instrShape for IR written before Triton recorded it: mma.sync m16n8 for MMA v2."""
    if version_major == 2:
        return (1,) * (rank - 2) + (16, 8)
    return ()


class VersionedMmaEncoding(MmaEncoding, _WithCTALayout):
    """An MMA accumulator layout written `<{versionMajor, versionMinor, warpsPerCTA, <CGA layout>,
    instrShape}>`: `#ttg.nvidia_mma` and the SQMMA layouts of MUSA.

    `DEFAULT_MINOR` and `default_instr_shape` give what the text may leave out (None: nothing)."""

    DEFAULT_MINOR: ClassVar[int | None] = None

    version_major: IntAttr
    version_minor: IntAttr
    warps_per_cta: IntList
    ctas_per_cga: IntList
    cta_split_num: IntList
    cta_order: IntList
    instr_shape: IntList

    @classmethod
    def default_instr_shape(cls, version_major: int, rank: int) -> Sequence[int] | None:
        """`instrShape` when the text leaves it out (None: it may not)."""
        return None

    @property
    def rank(self) -> int:
        return len(self.warps_per_cta.data)

    @property
    def num_warps(self) -> int:
        return prod(ints(self.warps_per_cta))

    def verify(self) -> None:
        cta = self.cta_layout
        cta.verify()
        if len(cta.cta_order) != self.rank:
            raise VerifyException("warpsPerCTA and CTALayout's fields must have the same rank.")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(
            parser, ("versionMajor", "versionMinor", "warpsPerCTA", "instrShape", *CGA_KEYS)
        )
        major = body.uint("versionMajor")
        minor = body.uint("versionMinor", cls.DEFAULT_MINOR)
        warps = body.uint_list("warpsPerCTA")
        cta = body.cta_layout(len(warps))
        instr = body.uint_list("instrShape", cls.default_instr_shape(major, len(warps)))
        return body.build(
            cls,
            (IntAttr(major), IntAttr(minor), int_list(warps), *cta.attrs(), int_list(instr)),
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<{{versionMajor = {self.version_major.data}"
            f", versionMinor = {self.version_minor.data}"
            f", warpsPerCTA = [{format_ints(ints(self.warps_per_cta))}]"
            f"{self.cta_layout.suffix()}"
            f", instrShape = [{format_ints(ints(self.instr_shape))}]}}>"
        )


@alias("mma")
@irdl_attr_definition
class NvidiaMmaEncodingAttr(VersionedMmaEncoding):
    """`#ttg.nvidia_mma`: accumulator layout of mma.sync (v2, Ampere) or wgmma (v3, Hopper).

    Old IR (`#triton_gpu.mma`, Triton 2.x) may omit `versionMinor` (default 0, as Triton parses
    it) and `instrShape`; for version 2 the missing shape is `[16, 8]` (with leading 1s for a
    batch dimension), the only shape Triton ever assigned to MMA v2. Other versions keep
    Triton's parse default, an empty shape.
    """

    name = "ttg.nvidia_mma"
    DEFAULT_MINOR: ClassVar[int | None] = 0

    version_major: IntAttr
    version_minor: IntAttr
    warps_per_cta: IntList
    ctas_per_cga: IntList
    cta_split_num: IntList
    cta_order: IntList
    instr_shape: IntList

    @staticmethod
    def make(
        version_major: int,
        version_minor: int,
        warps_per_cta: Sequence[int],
        instr_shape: Sequence[int],
        cta_layout: CTALayout | None = None,
    ) -> NvidiaMmaEncodingAttr:
        cta = cta_layout or CTALayout.default(len(warps_per_cta))
        return NvidiaMmaEncodingAttr(
            IntAttr(version_major),
            IntAttr(version_minor),
            int_list(warps_per_cta),
            *cta.attrs(),
            int_list(instr_shape),
        )

    @classmethod
    def default_instr_shape(cls, version_major: int, rank: int) -> Sequence[int]:
        return _default_instr_shape(version_major, rank)

    @property
    def num_lanes(self) -> int:
        return 32

    @property
    def is_ampere(self) -> bool:
        return self.version_major.data == 2

    @property
    def is_hopper(self) -> bool:
        return self.version_major.data == 3


@alias(None)
@irdl_attr_definition
class DotOperandEncodingAttr(_ParentEncoding):
    """`#ttg.dot_op`: layout of operand `opIdx` (0 = A, 1 = B) of a dot whose result has `parent`.

    `kWidth` (elements per thread along K) is printed only when non-zero; never aliased.
    """

    name = "ttg.dot_op"

    op_idx: IntAttr
    parent: DistributedEncoding
    k_width: IntAttr

    @staticmethod
    def make(op_idx: int, parent: DistributedEncoding, k_width: int = 0) -> DotOperandEncodingAttr:
        return DotOperandEncodingAttr(IntAttr(op_idx), parent, IntAttr(k_width))

    @property
    def rank(self) -> int:
        return self.parent.rank

    def verify(self) -> None:
        op_idx, k_width, parent = self.op_idx.data, self.k_width.data, self.parent
        if op_idx not in (0, 1):
            raise VerifyException(f"ttg.dot_op opIdx parameter can be 0 or 1, got: {op_idx}")
        if isinstance(parent, NvidiaMmaEncodingAttr):
            modern = parent.is_ampere or parent.is_hopper
            if k_width != 0 and not modern:
                raise VerifyException(
                    "ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA "
                    "parent"
                )
            if k_width == 0 and modern:
                raise VerifyException(
                    "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent"
                )
            if op_idx != 0 and parent.is_hopper:
                raise VerifyException(
                    "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper "
                    "WGMMA only allows first operand to be in registers"
                )
            return
        if isinstance(parent, BlockedEncodingAttr):
            if k_width != 0:
                raise VerifyException(
                    "ttg.dot_op kWidth parameter is not supported when the parent is a blocked "
                    "layout"
                )
            return
        raise VerifyException(f"ttg.dot_op unexpected parent layout: {parent}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(parser, ("opIdx", "parent", "kWidth"))
        op_idx = body.uint("opIdx")
        parent = body.attribute("parent")
        k_width = body.uint("kWidth", 0)
        return body.build(cls, (IntAttr(op_idx), cls.distributed_parent(body, parent), IntAttr(k_width)))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{{opIdx = {self.op_idx.data}, parent = ")
        printer.print_attribute(self.parent)
        if self.k_width.data != 0:
            printer.print_string(f", kWidth = {self.k_width.data}")
        printer.print_string("}>")


LINEAR_IN_DIMS = ("register", "lane", "warp", "block")


def check_basis_lengths(bases: dict[str, tuple[tuple[int, ...], ...]], rank: int) -> None:
    for dim, vectors in bases.items():
        for basis in vectors:
            if len(basis) != rank:
                raise VerifyException(
                    f"every basis of '{dim}' must have {rank} entries, got [{format_ints(basis)}]"
                )


def _bases_rank(bases: Iterable[Sequence[Sequence[int]]]) -> int:
    for vectors in bases:
        if vectors:
            return len(vectors[0])
    return 0


class _LinearBasesEncoding(DistributedEncoding):
    """A distributed layout given directly by the bases of its linear layout over F2: for each
    input dimension register, lane, warp and block, one vector over the tensor dimensions.

    Each concrete class declares the parameters `register`, `lane`, `warp` and `block` itself:
    xDSL compares and hashes an attribute by the parameters of its own definition."""

    register: Bases
    lane: Bases
    warp: Bases
    block: Bases

    def bases(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """The bases of each input dimension, in Triton's order."""
        return {dim: bases_of(getattr(self, dim)) for dim in LINEAR_IN_DIMS}

    @property
    def rank(self) -> int:
        return _bases_rank(self.bases().values())

    @property
    def num_ctas(self) -> int:
        return 1 << len(self.block.data)

    @property
    def num_lanes(self) -> int:
        return 1 << len(self.lane.data)

    @property
    def num_warps(self) -> int:
        return 1 << len(self.warp.data)

    def _all_bases(self) -> list[tuple[int, ...]]:
        if self.rank == 0:
            raise VerifyException("Empty Layout not supported")
        check_basis_lengths(self.bases(), self.rank)
        return [b for vectors in self.bases().values() for b in vectors]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(parser, LINEAR_IN_DIMS)
        params = tuple(bases_attr(body.bases(dim)) for dim in LINEAR_IN_DIMS)
        return body.build(cls, params)

    def print_parameters(self, printer: Printer) -> None:
        body = ", ".join(f"{dim} = {format_bases(b)}" for dim, b in self.bases().items())
        printer.print_string(f"<{{{body}}}>")


@alias("linear")
@irdl_attr_definition
class LinearEncodingAttr(_LinearBasesEncoding):
    """`#ttg.linear`: a linear layout that is a permutation once broadcast bases are left out
    (Triton's `LinearEncodingAttr`)."""

    name = "ttg.linear"

    register: Bases
    lane: Bases
    warp: Bases
    block: Bases

    def verify(self) -> None:
        bases = self._all_bases()
        if not is_permutation_matrix(bases, out_sizes(bases, self.rank)):
            raise VerifyException(
                "LinearEncodingAttr requires a permutation matrix layout after removing broadcast "
                "bases"
            )


@alias("generic_linear")
@irdl_attr_definition
class GenericLinearEncodingAttr(_LinearBasesEncoding):
    """`#ttg.generic_linear`: any surjective linear layout whose warp bases may be swizzled
    (Triton's `GenericLinearEncodingAttr`)."""

    name = "ttg.generic_linear"

    register: Bases
    lane: Bases
    warp: Bases
    block: Bases

    def verify(self) -> None:
        bases = self._all_bases()
        for dim in ("register", "lane", "block"):
            if any(sum(1 for v in basis if v) > 1 for basis in self.bases()[dim]):
                raise VerifyException(
                    "In a generic linear layout, register, lane, and block bases must move in at "
                    f"most one dimension. Swizzled bases found in '{dim}'."
                )
        if not is_surjective(bases, out_sizes(bases, self.rank)):
            raise VerifyException(
                "Generic linear layout must be surjective, i.e. all output values must be "
                "covered by some input."
            )


# --------------------------------------------------------------------------------------------
# Shared-memory encodings
# --------------------------------------------------------------------------------------------


@alias("shared")
@irdl_attr_definition
class SwizzledSharedEncodingAttr(SharedEncoding, _WithCTALayout):
    """`#ttg.swizzled_shared`: rows XOR-swizzled in `vec`-element units (Triton's mma swizzle)."""

    name = "ttg.swizzled_shared"

    vec: IntAttr
    per_phase: IntAttr
    max_phase: IntAttr
    order: IntList
    ctas_per_cga: IntList
    cta_split_num: IntList
    cta_order: IntList

    @staticmethod
    def make(
        vec: int,
        per_phase: int,
        max_phase: int,
        order: Sequence[int],
        cta_layout: CTALayout | None = None,
    ) -> SwizzledSharedEncodingAttr:
        cta = cta_layout or CTALayout.default(len(order))
        return SwizzledSharedEncodingAttr(
            IntAttr(vec), IntAttr(per_phase), IntAttr(max_phase), int_list(order), *cta.attrs()
        )

    @property
    def rank(self) -> int:
        return len(self.order.data)

    def verify(self) -> None:
        cta = self.cta_layout
        cta.verify()
        if self.rank != len(cta.cta_order):
            raise VerifyException(
                f"order size ({self.rank}) must match CGALayout rank ({len(cta.cta_order)})"
            )
        verify_order(ints(self.order))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(parser, ("vec", "perPhase", "maxPhase", "order", *CGA_KEYS))
        vec = body.uint("vec")
        per_phase = body.uint("perPhase")
        max_phase = body.uint("maxPhase")
        order = body.uint_list("order")
        cta = body.cta_layout(len(order))
        return body.build(
            cls,
            (IntAttr(vec), IntAttr(per_phase), IntAttr(max_phase), int_list(order), *cta.attrs()),
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<{{vec = {self.vec.data}, perPhase = {self.per_phase.data}"
            f", maxPhase = {self.max_phase.data}, order = [{format_ints(ints(self.order))}]"
            f"{self.cta_layout.suffix()}}}>"
        )


NVMMA_SWIZZLE_WIDTHS = (0, 32, 64, 128)


@alias("shared")
@irdl_attr_definition
class NVMMASharedEncodingAttr(SharedEncoding, _WithCTALayout):
    """`#ttg.nvmma_shared`: the layout wgmma and TMA read, a 32/64/128-byte hardware swizzle.

    `fp4Padded` is printed only when true; the CTA layout is rank 2 by default, as in Triton 3.6.
    """

    name = "ttg.nvmma_shared"

    swizzling_byte_width: IntAttr
    transposed: IntAttr
    element_bit_width: IntAttr
    fp4_padded: IntAttr
    ctas_per_cga: IntList
    cta_split_num: IntList
    cta_order: IntList

    @staticmethod
    def make(
        swizzling_byte_width: int,
        transposed: bool,
        element_bit_width: int,
        fp4_padded: bool = False,
        cta_layout: CTALayout | None = None,
    ) -> NVMMASharedEncodingAttr:
        cta = cta_layout or CTALayout.default(2)
        return NVMMASharedEncodingAttr(
            IntAttr(swizzling_byte_width),
            IntAttr(int(transposed)),
            IntAttr(element_bit_width),
            IntAttr(int(fp4_padded)),
            *cta.attrs(),
        )

    @staticmethod
    def for_shape(
        shape: Sequence[int],
        order: Sequence[int],
        cta_layout: CTALayout,
        element_bit_width: int,
        fp4_padded: bool = False,
    ) -> NVMMASharedEncodingAttr:
        """Triton's shape-based builder: the swizzle the per-CTA tile's contiguous dimension
        allows, transposed when dimension 0 is the contiguous one."""
        per_cta = shape_per_cta(cta_layout.cta_split_num, shape)
        swizzle = nvmma_swizzle_bytes(per_cta, order, element_bit_width, fp4_padded)
        transposed = len(order) > 1 and order[0] == 0
        return NVMMASharedEncodingAttr.make(
            swizzle, transposed, element_bit_width, fp4_padded, cta_layout
        )

    @property
    def rank(self) -> int:
        return len(self.cta_order.data)

    @property
    def is_transposed(self) -> bool:
        return bool(self.transposed.data)

    @property
    def is_fp4_padded(self) -> bool:
        return bool(self.fp4_padded.data)

    def verify(self) -> None:
        self.cta_layout.verify()
        if self.element_bit_width.data == 0:
            raise VerifyException("elementBitWidth must be non-zero")
        if self.swizzling_byte_width.data not in NVMMA_SWIZZLE_WIDTHS:
            raise VerifyException("swizzlingByteWidth must be 0, 32, 64, or 128")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(
            parser,
            ("swizzlingByteWidth", "transposed", "elementBitWidth", "fp4Padded", "rank", *CGA_KEYS),
        )
        swizzle = body.uint("swizzlingByteWidth")
        transposed = body.boolean("transposed", False)
        width = body.uint("elementBitWidth")
        fp4 = body.boolean("fp4Padded", False)
        cta = body.cta_layout(_nvmma_rank(body))
        return body.build(
            cls,
            (IntAttr(swizzle), IntAttr(int(transposed)), IntAttr(width), IntAttr(int(fp4)),
             *cta.attrs()),
        )

    def print_parameters(self, printer: Printer) -> None:
        fp4 = ", fp4Padded = true" if self.is_fp4_padded else ""
        printer.print_string(
            f"<{{swizzlingByteWidth = {self.swizzling_byte_width.data}"
            f", transposed = {'true' if self.is_transposed else 'false'}"
            f", elementBitWidth = {self.element_bit_width.data}{fp4}"
            f"{_nvmma_rank_suffix(self.cta_layout)}}}>"
        )


def _nvmma_rank(body: EncodingBody) -> int:
    """The rank of an `#ttg.nvmma_shared`: its `rank` key, else that of its CTA layout, else 2."""
    if body.has("rank"):
        return body.uint("rank")
    if body.has("CGALayout"):
        bases = body.bases("CGALayout")
        if bases:
            return len(bases[0])
    if body.has("CTAOrder"):
        return len(body.uint_list("CTAOrder"))
    return 2


def _nvmma_rank_suffix(cta: CTALayout) -> str:
    """Triton prints `rank = N` for a one-CTA layout of a rank other than 2, else the CGA."""
    rank = len(cta.cta_order)
    if cta.num_ctas == 1 and rank != 2:
        return f", rank = {rank}"
    return cta.suffix()


SHARED_LINEAR_IN_DIMS = ("offset", "block")


@alias("shared")
@irdl_attr_definition
class SharedLinearEncodingAttr(SharedEncoding):
    """`#ttg.shared_linear`: a shared layout given as a linear layout from (offset, block).

    Printed `<{offset = [..], block = [..]}, alignment = N>`; `block` is omitted when empty.
    """

    name = "ttg.shared_linear"

    offset: Bases
    block: Bases
    alignment: IntAttr

    def bases(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        return {dim: bases_of(getattr(self, dim)) for dim in SHARED_LINEAR_IN_DIMS}

    def shape(self) -> tuple[int, ...]:
        """The buffer shape the layout covers: each dimension as large as its bases reach."""
        return out_sizes((b for vectors in self.bases().values() for b in vectors), self.rank)

    @property
    def rank(self) -> int:
        return _bases_rank(self.bases().values())

    @property
    def num_ctas(self) -> int:
        return 1 << len(self.block.data)

    def verify(self) -> None:
        align = self.alignment.data
        if align <= 0 or align & (align - 1):
            raise VerifyException("alignment must be a positive power of two")
        if self.rank == 0:
            raise VerifyException(
                "SharedLinearEncodingAttr requires at least one output dimension."
            )
        check_basis_lengths(self.bases(), self.rank)
        bases = [b for vectors in self.bases().values() for b in vectors]
        sizes = self.shape()
        if not is_surjective(bases, sizes):
            raise VerifyException("The layout must be surjective")
        if not is_bijective_without_zeros(bases, sizes):
            raise VerifyException("After removing the zero bases the layout must be bijective")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        parser.parse_punctuation("<")
        entries = parser.parse_optional_dictionary_attr_dict()
        body = EncodingBody(parser, entries, start, (*SHARED_LINEAR_IN_DIMS, "alignment"))
        if body.has("alignment"):
            body.error("alignment must be specified outside of the linear layout braces")
        parser.parse_punctuation(",")
        parser.parse_keyword("alignment")
        parser.parse_punctuation("=")
        alignment = parser.parse_integer(allow_boolean=False, allow_negative=False)
        parser.parse_punctuation(">")
        offset = body.bases("offset")
        block = body.bases("block") if body.has("block") else ()
        return body.build(cls, (bases_attr(offset), bases_attr(block), IntAttr(alignment)))

    def print_parameters(self, printer: Printer) -> None:
        bases = self.bases()
        parts = [f"offset = {format_bases(bases['offset'])}"]
        if bases["block"]:
            parts.append(f"block = {format_bases(bases['block'])}")
        printer.print_string(f"<{{{', '.join(parts)}}}, alignment = {self.alignment.data}>")


# --------------------------------------------------------------------------------------------
# Memory spaces
# --------------------------------------------------------------------------------------------


@alias("smem")
@irdl_attr_definition
class SharedMemorySpaceAttr(ParametrizedAttribute):
    """`#ttg.shared_memory`: the memory space of a `!ttg.memdesc` living in shared memory."""

    name = "ttg.shared_memory"


ENCODING_ATTRS: tuple[type[Attribute], ...] = (
    BlockedEncodingAttr,
    SliceEncodingAttr,
    NvidiaMmaEncodingAttr,
    DotOperandEncodingAttr,
    LinearEncodingAttr,
    GenericLinearEncodingAttr,
    SwizzledSharedEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
)
"""Every attribute class of this module, in the order the TTG dialect registers them."""
