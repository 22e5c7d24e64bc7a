"""mbarriers and cluster synchronisation in TritonNvidiaGPU.

Mirrors the barrier ops of Triton's `TritonNvidiaGPUOps.td` and their verifiers in
`lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp` (with `verifyBarrierType` of TritonGPU's utilities):

- `ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, ...>` / `ttng.inval_barrier %b : ...`;
- `ttng.barrier_expect %b, 16384 {fromCTA = 0 : i32}, %pred : ...`: expect that many bytes;
- `ttng.wait_barrier %b, %phase[, %pred] [deps %m, ...] : ..., <deps types>`: wait for a phase;
- `ttng.arrive_barrier %b, 1[, %pred] : ...`;
- `ttng.async_copy_mbarrier_arrive %b : ...`: arrive once the issued cp.async copies complete;
- `ttng.cluster_barrier {relaxed = true}` and `ttng.async_tma_store_wait {pendings = 0 : i32}`.

A barrier is an `Nxi64` shared buffer, N at most the number of CTAs; when it is spread over the
CTAs of a cluster, its `block` bases are 1, 2, 4, ... (zero bases allowed between).
"""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, IntegerType, UnitAttr, i1, i32
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt_syntax import parse_attr_dict, print_attr_dict
from ttc.dialects.ttg import MemDescType, lookup_num_ctas, memdesc_layout
from ttc.dialects.ttg_attrs import format_bases
from ttc.dialects.ttng_attrs import encoding_cga_bases, has_cga_layout


def verify_barrier_type(op: Operation, barrier: SSAValue) -> None:
    """Triton's `verifyBarrierType`."""
    memdesc = barrier.type
    assert isinstance(memdesc, MemDescType)
    shape = memdesc.get_shape()
    if not (
        memdesc.element_type == IntegerType(64) and len(shape) == 1
        and shape[0] <= lookup_num_ctas(op)
    ):
        raise VerifyException(
            "barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs"
        )
    layout = memdesc_layout(memdesc)
    if layout is None:
        return
    step = 0
    for basis in layout.flatten_outs().bases.get("block", []):
        if basis[0] not in (0, 1 << step):
            raise VerifyException(
                "broadcasted cluster barriers require bases to be the sequence1, 2, 4, 8, ... "
                "perhaps with zero bases interleaved."
            )
        if basis[0]:
            step += 1


def verify_completion_barrier(op: Operation, barrier: SSAValue) -> None:
    """`verifyBarrierType` and `verifyCompletionBarrierLayout`: one barrier per CTA."""
    verify_barrier_type(op, barrier)
    assert isinstance(barrier.type, MemDescType)
    encoding = barrier.type.encoding
    num_ctas = lookup_num_ctas(op)
    expected = tuple((1 << i,) for i in range(num_ctas.bit_length() - 1))
    if not has_cga_layout(encoding, expected):
        raise VerifyException(
            f"completion barrier cga_layout must be {format_bases(expected)}, got "
            f"{format_bases(encoding_cga_bases(encoding) or ())}"
        )


def _verify_count(count: IntegerAttr) -> None:
    if count.value.data < 1:
        raise VerifyException("count must be greater than or equal to 1")


def _verify_from_cta(op: Operation, from_cta: IntegerAttr | None) -> None:
    if from_cta is not None and from_cta.value.data >= lookup_num_ctas(op):
        raise VerifyException("fromCTA must be in the range [0, num_ctas - 1]")


def _parse_int_attr(parser: Parser) -> IntegerAttr:
    return IntegerAttr(parser.parse_integer(allow_boolean=False), i32)


@irdl_op_definition
class InitBarrierOp(IRDLOperation):
    """`ttng.init_barrier %alloc, count`: initialise an mbarrier expecting `count` arrivals."""

    name = "ttng.init_barrier"

    alloc = operand_def(MemDescType)
    count = prop_def(IntegerAttr)

    traits = traits_def(MemoryWriteEffect())

    # Hand-written syntax: the count is a bare integer without its type, parsed with its own range
    # diagnostics (`_parse_int_attr`).
    @classmethod
    def parse(cls, parser: Parser) -> InitBarrierOp:
        alloc = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        count = _parse_int_attr(parser)
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        alloc_type = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(alloc, alloc_type)],
            properties=properties | {"count": count},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.alloc)
        printer.print_string(f", {self.count.value.data}")
        print_attr_dict(printer, self, elided=("count",))
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)
        _verify_count(self.count)


@irdl_op_definition
class InvalBarrierOp(IRDLOperation):
    """`ttng.inval_barrier %alloc : !ttg.memdesc<...>`: invalidate an mbarrier."""

    name = "ttng.inval_barrier"

    alloc = operand_def(MemDescType)

    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$alloc attr-dict `:` type($alloc)"

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)


@irdl_op_definition
class BarrierExpectOp(IRDLOperation):
    """`ttng.barrier_expect %alloc, size, %pred`: expect `size` bytes of async copies."""

    name = "ttng.barrier_expect"

    alloc = operand_def(MemDescType)
    pred = operand_def(i1)
    size = prop_def(IntegerAttr)
    from_cta = opt_prop_def(IntegerAttr, prop_name="fromCTA")

    traits = traits_def(MemoryWriteEffect())

    # Hand-written syntax: the size is a bare integer (`_parse_int_attr`) and the attr-dict sits between
    # operands.
    @classmethod
    def parse(cls, parser: Parser) -> BarrierExpectOp:
        alloc = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        size = _parse_int_attr(parser)
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(",")
        pred = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        alloc_type = parser.parse_type()
        return cls.build(
            operands=[parser.resolve_operand(alloc, alloc_type), parser.resolve_operand(pred, i1)],
            properties=properties | {"size": size},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.alloc)
        printer.print_string(f", {self.size.value.data}")
        print_attr_dict(printer, self, elided=("size",))
        printer.print_string(", ")
        printer.print_operand(self.pred)
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)
        _verify_from_cta(self, self.from_cta)


@irdl_op_definition
class WaitBarrierOp(IRDLOperation):
    """`ttng.wait_barrier %alloc, %phase[, %pred] [deps %m...]`: wait for an mbarrier phase."""

    name = "ttng.wait_barrier"

    alloc = operand_def(MemDescType)
    phase = operand_def(i32)
    pred = opt_operand_def(i1)
    deps = var_operand_def(MemDescType)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    # Declarative format candidate: optional `, $pred` and `deps` groups with `(`,` type($deps)^)?`, as
    # upstream.
    @classmethod
    def parse(cls, parser: Parser) -> WaitBarrierOp:
        alloc = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        phase = parser.parse_unresolved_operand()
        pred = parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") else None
        deps = []
        if parser.parse_optional_keyword("deps"):
            deps = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_unresolved_operand
            )
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        alloc_type = parser.parse_type()
        dep_types = []
        if deps:
            parser.parse_punctuation(",")
            dep_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        return cls.build(
            operands=[
                parser.resolve_operand(alloc, alloc_type),
                parser.resolve_operand(phase, i32),
                [parser.resolve_operand(pred, i1)] if pred is not None else [],
                parser.resolve_operands(deps, dep_types, parser.pos),
            ],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.alloc)
        printer.print_string(", ")
        printer.print_operand(self.phase)
        if self.pred is not None:
            printer.print_string(", ")
            printer.print_operand(self.pred)
        if self.deps:
            printer.print_string(" deps ")
            printer.print_list(self.deps, printer.print_operand)
        print_attr_dict(printer, self, elided=("operandSegmentSizes",))
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)
        if self.deps:
            printer.print_string(", ")
            printer.print_list([d.type for d in self.deps], printer.print_attribute)

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)


@irdl_op_definition
class ArriveBarrierOp(IRDLOperation):
    """`ttng.arrive_barrier %alloc, count[, %pred]`: arrive `count` times on an mbarrier."""

    name = "ttng.arrive_barrier"

    alloc = operand_def(MemDescType)
    pred = opt_operand_def(i1)
    count = prop_def(IntegerAttr)
    from_cta = opt_prop_def(IntegerAttr, prop_name="fromCTA")
    multicast_cta = opt_prop_def(IntegerAttr, prop_name="multicastCTA")

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    # Hand-written syntax: the count is a bare integer (`_parse_int_attr`) followed by an optional
    # predicate.
    @classmethod
    def parse(cls, parser: Parser) -> ArriveBarrierOp:
        alloc = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        count = _parse_int_attr(parser)
        pred = parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") else None
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        alloc_type = parser.parse_type()
        return cls.build(
            operands=[
                parser.resolve_operand(alloc, alloc_type),
                [parser.resolve_operand(pred, i1)] if pred is not None else [],
            ],
            properties=properties | {"count": count},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.alloc)
        printer.print_string(f", {self.count.value.data}")
        if self.pred is not None:
            printer.print_string(", ")
            printer.print_operand(self.pred)
        print_attr_dict(
            printer, self, elided=("count",), defaults={"multicastCTA": IntegerAttr(0, i32)}
        )
        printer.print_string(" : ")
        printer.print_attribute(self.alloc.type)

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)
        _verify_count(self.count)
        multicast = self.multicast_cta.value.data if self.multicast_cta is not None else 0
        num_ctas = lookup_num_ctas(self)
        if multicast:
            if num_ctas <= 1:
                raise VerifyException("multicast arrive requires num_ctas > 1")
            if multicast > num_ctas - 1:
                raise VerifyException("multicastCTA exceeds numCTAs - 1")
        _verify_from_cta(self, self.from_cta)
        if multicast and self.from_cta is not None and self.from_cta.value.data != num_ctas - 1:
            raise VerifyException("fromCTA cannot be combined with multicast arrive")


@irdl_op_definition
class AsyncCopyMbarrierArriveOp(IRDLOperation):
    """`ttng.async_copy_mbarrier_arrive %b`: arrive once the issued cp.async copies complete."""

    name = "ttng.async_copy_mbarrier_arrive"

    barrier = operand_def(MemDescType)
    no_increment = opt_prop_def(UnitAttr, prop_name="noIncrement")

    traits = traits_def(MemoryWriteEffect())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$barrier attr-dict `:` type($barrier)"


@irdl_op_definition
class ClusterBarrierOp(IRDLOperation):
    """`ttng.cluster_barrier {relaxed = true}`: synchronise every warp of the cluster."""

    name = "ttng.cluster_barrier"

    relaxed = opt_prop_def(BoolAttr)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"

    def verify_(self) -> None:
        if lookup_num_ctas(self) <= 1:
            raise VerifyException("requires ttg.num-ctas > 1")


@irdl_op_definition
class TMAStoreWaitOp(IRDLOperation):
    """`ttng.async_tma_store_wait {pendings = N : i32}`: wait until at most N TMA stores pend."""

    name = "ttng.async_tma_store_wait"

    pendings = prop_def(IntegerAttr)
    read_only = opt_prop_def(UnitAttr)

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"


BARRIER_OPS: tuple[type[IRDLOperation], ...] = (
    InitBarrierOp,
    InvalBarrierOp,
    BarrierExpectOp,
    WaitBarrierOp,
    ArriveBarrierOp,
    AsyncCopyMbarrierArriveOp,
    ClusterBarrierOp,
    TMAStoreWaitOp,
)
"""The ops of this module, for the `ttng` dialect."""
