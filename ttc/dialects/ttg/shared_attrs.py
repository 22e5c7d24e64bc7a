"""The padded and partitioned shared-memory encodings of the TritonGPU dialect.

Mirrors Triton's `PaddedSharedEncodingAttr` and `PartitionedSharedEncodingAttr`
(`TritonGPUAttrDefs.td`, parsers, printers and verifiers in `TritonGPU/IR/Dialect.cpp`):

- `#ttg.padded_shared<[I0:+P0, I1:+P1, ...] {offset = [[..]], block = [[..]]}>`: a linear component
  from (`offset`, `block`) to tensor coordinates plus padding (`P_k` elements after every `I_k`);
  the short form `{order = [..], shape = [..]}` is the identity along `order`, and is how Triton
  prints every component that is one (`ttc.layouts.padded` maps offsets to padded addresses);
- `#ttg.partitioned_shared<{numPartitions, numGroups, partitionDim, partitionLayout}>`: a tensor
  cut along `partitionDim` into `numPartitions * numGroups` pieces held in `numPartitions`
  separate buffers, each piece laid out by the shared encoding `partitionLayout`.

Both are shared encodings (aliased `#shared`) and may describe a `!ttg.memdesc`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.ttg.attrs import (
    Bases,
    EncodingBody,
    IntList,
    SharedEncoding,
    alias,
    bases_attr,
    bases_of,
    check_basis_lengths,
    format_bases,
    format_ints,
    int_list,
    ints,
)
from ttc.dialects.ttg.bases import (
    identity_bases,
    is_injective,
    order_per_dim,
    out_sizes,
)
from ttc.layouts.linear import is_power_of_two
from ttc.layouts.permutation import is_permutation

OFFSET = "offset"
BLOCK = "block"
PADDED_IN_DIMS = (OFFSET, BLOCK)


@alias("shared")
@irdl_attr_definition
class PaddedSharedEncodingAttr(SharedEncoding):
    """`#ttg.padded_shared`: a linear component (stored as its bases and output `shape`) with
    interval-padding pairs."""

    name = "ttg.padded_shared"

    intervals: IntList
    paddings: IntList
    offset: Bases
    block: Bases
    shape: IntList

    @staticmethod
    def make(
        intervals: Sequence[int],
        paddings: Sequence[int],
        bases: dict[str, Sequence[Sequence[int]]],
        shape: Sequence[int],
    ) -> PaddedSharedEncodingAttr:
        """From the linear component's `offset` and `block` bases and the `shape` it covers."""
        return PaddedSharedEncodingAttr(
            int_list(intervals),
            int_list(paddings),
            bases_attr(bases[OFFSET]),
            bases_attr(bases[BLOCK]),
            int_list(shape),
        )

    @staticmethod
    def identity(
        intervals: Sequence[int], paddings: Sequence[int], shape: Sequence[int], order: Sequence[int]
    ) -> PaddedSharedEncodingAttr:
        """The short form `{order, shape}`: `shape` laid out along `order`, one CTA."""
        bases = {OFFSET: identity_bases(shape, order), BLOCK: []}
        return PaddedSharedEncodingAttr.make(intervals, paddings, bases, shape)

    @property
    def rank(self) -> int:
        return len(self.shape.data)

    @property
    def num_ctas(self) -> int:
        return 1 << len(self.block.data)

    def bases(self) -> dict[str, tuple[tuple[int, ...], ...]]:
        """The bases of the linear component, from (offset, block) to tensor coordinates."""
        return {OFFSET: bases_of(self.offset), BLOCK: bases_of(self.block)}

    def order(self) -> tuple[int, ...]:
        """Triton's `getOrder`: dimensions as the offset bases first move them, then rank-1..0."""
        return order_per_dim(bases_of(self.offset), range(self.rank - 1, -1, -1))

    def is_identity(self) -> bool:
        """True when the component prints in the short form: no CTA bases, and the offsets are
        the identity of its shape along its own order."""
        identity = identity_bases(ints(self.shape), self.order())
        return not self.block.data and [list(b) for b in bases_of(self.offset)] == identity

    def verify(self) -> None:
        intervals, paddings = ints(self.intervals), ints(self.paddings)
        if len(intervals) != len(paddings):
            raise VerifyException(
                f"intervals size ({len(intervals)}) must match paddings size ({len(paddings)})"
            )
        if not intervals:
            raise VerifyException("must have at least one interval-padding pair")
        if not all(is_power_of_two(i) for i in intervals):
            raise VerifyException("interval values must all be power of two")
        if not all(is_power_of_two(p) for p in paddings):
            raise VerifyException("padding values must all be power of two")
        if len(set(intervals)) != len(intervals):
            raise VerifyException("interval values cannot have duplicates")
        bases, shape = self.bases(), ints(self.shape)
        check_basis_lengths(bases, self.rank)
        reach = out_sizes((b for vectors in bases.values() for b in vectors), self.rank)
        if not all(is_power_of_two(d) for d in shape) or any(
            r > d for r, d in zip(reach, shape, strict=True)
        ):
            raise VerifyException(
                f"the linear component does not fit its shape [{format_ints(shape)}]"
            )
        if not is_injective(bases[OFFSET], shape):
            raise VerifyException("Broadcasting in offset dimension is not supported.")
        for vectors in bases.values():
            if any(sum(1 for v in basis if v) > 1 for basis in vectors):
                raise VerifyException("Each offset basis must move in at most one dimension.")
            if any(v and not is_power_of_two(v) for basis in vectors for v in basis):
                raise VerifyException("Each offset basis must be 0 or a power of two.")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        parser.parse_punctuation("<")
        parser.parse_punctuation("[")
        pairs = parser.parse_comma_separated_list(parser.Delimiter.NONE, lambda: _pair(parser))
        parser.parse_punctuation("]")
        entries = parser.parse_optional_dictionary_attr_dict()
        # Which keys may appear depends on the form; `_unexpected_keys` words Triton's error.
        body = EncodingBody(parser, entries, start, tuple(entries))
        if body.has(OFFSET) or body.has(BLOCK):
            bases, shape = _parse_bases_form(body)
        else:
            bases, shape = _parse_short_form(body)
        parser.parse_punctuation(">")
        params = (
            int_list(i for i, _ in pairs),
            int_list(p for _, p in pairs),
            bases_attr(bases[OFFSET]),
            bases_attr(bases[BLOCK]),
            int_list(shape),
        )
        return body.build(cls, params)

    def print_parameters(self, printer: Printer) -> None:
        pairs = ", ".join(
            f"{i}:+{p}" for i, p in zip(ints(self.intervals), ints(self.paddings), strict=True)
        )
        if self.is_identity():
            body = (
                f"order = [{format_ints(self.order())}], "
                f"shape = [{format_ints(ints(self.shape))}]"
            )
        else:
            body = ", ".join(f"{dim} = {format_bases(b)}" for dim, b in self.bases().items())
        printer.print_string(f"<[{pairs}] {{{body}}}>")


def _pair(parser: AttrParser) -> tuple[int, int]:
    """`interval:+padding`."""
    interval = parser.parse_integer(allow_boolean=False, allow_negative=False)
    parser.parse_punctuation(":")
    parser.parse_punctuation("+")
    padding = parser.parse_integer(allow_boolean=False, allow_negative=False)
    return interval, padding


def _unexpected_keys(body: EncodingBody, allowed: Sequence[str]) -> None:
    for key in body.entries:
        if key not in allowed:
            body.error(f'Unexpected attribute "{key}" found')


Component = tuple[dict[str, Sequence[Sequence[int]]], tuple[int, ...]]


def _parse_bases_form(body: EncodingBody) -> Component:
    """`{offset = [[..]], block = [[..]]}`: both keys required, nothing else allowed; the shape is
    what the bases reach."""
    _unexpected_keys(body, PADDED_IN_DIMS)
    bases = {dim: body.bases(dim) for dim in PADDED_IN_DIMS}
    rank = next((len(b[0]) for b in bases.values() if b), 0)
    if rank == 0:
        body.error("Empty Layout not supported")
    try:
        check_basis_lengths(bases, rank)
    except VerifyException as err:
        body.error(str(err))
    return bases, out_sizes((b for vectors in bases.values() for b in vectors), rank)


def _parse_short_form(body: EncodingBody) -> Component:
    """`{order = [..], shape = [..]}`: the identity of `shape` along `order`."""
    _unexpected_keys(body, ("order", "shape"))
    order = body.uint_list("order", ())
    shape = body.uint_list("shape", ())
    if len(order) != len(shape):
        body.error("Mismatch of shape and order ranks in padded layout")
    if not is_permutation(order):
        body.error(f"order must be a permutation of 0..(rank-1), but was [{format_ints(order)}]")
    if not all(is_power_of_two(d) for d in shape):
        body.error(f"shape must have power-of-2 dimensions, got [{format_ints(shape)}]")
    return {OFFSET: identity_bases(shape, order), BLOCK: []}, shape


@alias("shared")
@irdl_attr_definition
class PartitionedSharedEncodingAttr(SharedEncoding):
    """`#ttg.partitioned_shared`: `numPartitions * numGroups` pieces along `partitionDim`, each laid
    out by `partitionLayout`, spread over `numPartitions` buffers."""

    name = "ttg.partitioned_shared"

    num_partitions: IntAttr
    num_groups: IntAttr
    partition_dim: IntAttr
    partition_layout: SharedEncoding

    @property
    def rank(self) -> int:
        return self.partition_layout.rank

    @property
    def num_ctas(self) -> int:
        return self.partition_layout.num_ctas

    @property
    def num_logical_pieces(self) -> int:
        return self.num_partitions.data * self.num_groups.data

    def verify(self) -> None:
        partitions, groups = self.num_partitions.data, self.num_groups.data
        if partitions < 2 or not is_power_of_two(partitions):
            raise VerifyException("numPartitions must be a power of 2 and at least 2")
        if not is_power_of_two(groups):
            raise VerifyException("numGroups must be a power of 2 and greater than 0")
        if self.partition_dim.data >= self.rank:
            raise VerifyException(
                f"partitionDim ({self.partition_dim.data}) must be less than the layout rank "
                f"({self.rank})"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(
            parser, ("numPartitions", "numGroups", "partitionDim", "partitionLayout")
        )
        values = [body.uint(key, 0) for key in ("numPartitions", "numGroups", "partitionDim")]
        if not body.has("partitionLayout"):
            body.error("missing partitionLayout")
        layout = body.attribute("partitionLayout")
        if not isinstance(layout, SharedEncoding):
            body.error("partitionLayout must be a SharedEncodingTrait")
        return body.build(cls, (*(IntAttr(v) for v in values), layout))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<{{numPartitions = {self.num_partitions.data}, numGroups = {self.num_groups.data}"
            f", partitionDim = {self.partition_dim.data}, partitionLayout = "
        )
        printer.print_attribute(self.partition_layout)
        printer.print_string("}>")


SHARED_ATTRS: tuple[type[Attribute], ...] = (PaddedSharedEncodingAttr, PartitionedSharedEncodingAttr)
"""The attribute classes of this module, registered with the TTG dialect."""
