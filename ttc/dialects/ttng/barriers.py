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

from xdsl.dialects.builtin import I32, BoolAttr, IntegerAttr, IntegerType, UnitAttr, i1, i32
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, MemoryWriteOp, MemoryReadWriteOp
from ttc.dialects.ttg.attrs import format_bases
from ttc.dialects.ttg.ops import MemDescType, lookup_num_ctas, memdesc_layout
from ttc.dialects.ttng.attrs import encoding_cga_bases, has_cga_layout
from ttc.ir.op_definition import op_definition


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


def verify_cluster_is_multi_cta(op: Operation) -> None:
    """Triton's `verifyClusterIsMultiCTA`: the module runs more than one CTA per cluster."""
    if lookup_num_ctas(op) <= 1:
        raise VerifyException("requires ttg.num-ctas > 1")


def _verify_count(count: IntegerAttr) -> None:
    if count.value.data < 1:
        raise VerifyException("count must be greater than or equal to 1")


def _verify_from_cta(op: Operation, from_cta: IntegerAttr | None) -> None:
    if from_cta is not None and from_cta.value.data >= lookup_num_ctas(op):
        raise VerifyException("fromCTA must be in the range [0, num_ctas - 1]")


@op_definition
class InitBarrierOp(MemoryWriteOp, PropsInAttrDictOp):
    """`ttng.init_barrier %alloc, count`: initialise an mbarrier expecting `count` arrivals."""

    name = "ttng.init_barrier"

    alloc = operand_def(MemDescType)
    count = prop_def(IntegerAttr[I32])

    assembly_format = "$alloc `,` $count attr-dict `:` type($alloc)"

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)
        _verify_count(self.count)


@op_definition
class InvalBarrierOp(MemoryWriteOp):
    """`ttng.inval_barrier %alloc : !ttg.memdesc<...>`: invalidate an mbarrier."""

    name = "ttng.inval_barrier"

    alloc = operand_def(MemDescType)

    assembly_format = "$alloc attr-dict `:` type($alloc)"

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)


@op_definition
class BarrierExpectOp(MemoryWriteOp, PropsInAttrDictOp):
    """`ttng.barrier_expect %alloc, size, %pred`: expect `size` bytes of async copies."""

    name = "ttng.barrier_expect"

    alloc = operand_def(MemDescType)
    pred = operand_def(i1)
    size = prop_def(IntegerAttr[I32])
    from_cta = opt_prop_def(IntegerAttr, prop_name="fromCTA")

    assembly_format = "$alloc `,` $size attr-dict `,` $pred `:` type($alloc)"

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)
        _verify_from_cta(self, self.from_cta)


@op_definition
class WaitBarrierOp(MemoryReadWriteOp):
    """`ttng.wait_barrier %alloc, %phase[, %pred] [deps %m...]`: wait for an mbarrier phase."""

    name = "ttng.wait_barrier"

    alloc = operand_def(MemDescType)
    phase = operand_def(i32)
    pred = opt_operand_def(i1)
    deps = var_operand_def(MemDescType)

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())

    assembly_format = (
        "$alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:` type($alloc) "
        "(`,` type($deps)^)?"
    )

    def verify_(self) -> None:
        verify_barrier_type(self, self.alloc)


@op_definition
class ArriveBarrierOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`ttng.arrive_barrier %alloc, count[, %pred]`: arrive `count` times on an mbarrier."""

    name = "ttng.arrive_barrier"

    alloc = operand_def(MemDescType)
    pred = opt_operand_def(i1)
    count = prop_def(IntegerAttr[I32])
    from_cta = opt_prop_def(IntegerAttr, prop_name="fromCTA")
    multicast_cta = opt_prop_def(
        IntegerAttr, prop_name="multicastCTA", default_value=IntegerAttr(0, i32)
    )

    assembly_format = "$alloc `,` $count (`,` $pred^)? attr-dict `:` type($alloc)"

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


@op_definition
class AsyncCopyMbarrierArriveOp(MemoryWriteOp, PropsInAttrDictOp):
    """`ttng.async_copy_mbarrier_arrive %b`: arrive once the issued cp.async copies complete."""

    name = "ttng.async_copy_mbarrier_arrive"

    barrier = operand_def(MemDescType)
    no_increment = opt_prop_def(UnitAttr, prop_name="noIncrement")

    assembly_format = "$barrier attr-dict `:` type($barrier)"


@op_definition
class ClusterBarrierOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`ttng.cluster_barrier {relaxed = true}`: synchronise every warp of the cluster."""

    name = "ttng.cluster_barrier"

    relaxed = opt_prop_def(BoolAttr)

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        verify_cluster_is_multi_cta(self)


@op_definition
class TMAStoreWaitOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`ttng.async_tma_store_wait {pendings = N : i32}`: wait until at most N TMA stores pend."""

    name = "ttng.async_tma_store_wait"

    pendings = prop_def(IntegerAttr)
    read_only = opt_prop_def(UnitAttr)

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
