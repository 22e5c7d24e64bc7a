"""`tt.histogram` → LLVM: Triton's HistogramOpToLLVM.cpp in its shared-memory form (each element
is one `atomicrmw add 1` on its bin in shared memory, which ptxas turns into a warp-aggregated
`ATOMS.POPC.INC`).

1. The op's scratch buffer (`max(bins, 32)` counters, `ttc.analysis.allocation`) is zeroed, each
   thread clearing the bins `tid, tid + threads, ...` (modulo the bin count); `bar.sync`.
2. Every distinct element of the input whose value is a bin (`0 <= x < bins`, unsigned compare)
   and whose mask is set is counted by an `llvm.atomicrmw add ..., 1 monotonic` in a block of its
   own. Where the input layout holds copies of an element (repeated registers, or threads holding
   the same data) only the first copy counts, so no count needs dividing afterwards.
3. `bar.sync`, then every thread loads the bins its result registers hold.
"""

from __future__ import annotations

from math import ceil

from xdsl.dialects.builtin import IntegerAttr, TensorType, i32, i64
from xdsl.ir import Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import (
    distinct_registers,
    emit_indices,
    redundant_thread_predicate,
    thread_id,
)
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import barrier, gep, shared_base
from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import llvm


def _count(lw: FunctionLowering, counter: SSAValue) -> list[SSAValue]:
    """`atomicrmw add counter, 1 monotonic` (its result unused)."""
    lw.value(
        llvm.AtomicRMWOp.create(
            operands=[counter, lw.i32(1)],
            result_types=[i32],
            properties={
                "bin_op": IntegerAttr(llvm.ATOMIC_BIN_OPS.index("add"), i64),
                "ordering": IntegerAttr(llvm.ATOMIC_ORDERINGS["monotonic"], i64),
            },
        )
    )
    return []


@lowers("tt.histogram")
def _histogram(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.HistogramOp)
    source, result = op.src.type, op.result.type
    if not (
        isinstance(source, TensorType)
        and isinstance(result, TensorType)
        and lw.llvm_type(source) == i32
        and lw.llvm_type(result) == i32
        and len(result.get_shape()) == 1
    ):
        raise lw.cannot_lower(op)
    bins = result.get_shape()[0]
    base = shared_base(lw, op)
    threads = lw.num_threads
    tid = thread_id(lw)
    for round_ in range(ceil(bins / threads)):
        bin_ = lw.binary(llvm.AddOp, tid, round_ * threads) if round_ else tid
        bin_ = lw.binary(llvm.URemOp, bin_, bins)
        lw.emit(llvm.StoreOp.create(operands=[lw.i32(0), gep(lw, base, i32, bin_)]))
    barrier(lw)

    source_layout = lw.layout(source)
    first_copy = redundant_thread_predicate(lw, source_layout.get_free_variable_masks())
    values = lw.regs(op.src)
    masks = lw.regs(op.mask) if op.mask is not None else None
    for r in distinct_registers(source_layout)[0]:
        value = values[r]
        counted = lw.icmp("ult", value, bins)
        counted = lw.and_(counted, masks[r] if masks is not None else None)
        counted = lw.and_(counted, first_copy)
        assert counted is not None
        lw.emit_if(counted, lambda value=value: _count(lw, gep(lw, base, i32, value)))
    barrier(lw)

    result_layout = lw.layout(result)
    distinct, canonical = distinct_registers(result_layout)
    indices = emit_indices(lw, result_layout)
    loaded = {
        r: lw.value(llvm.LoadOp.create(operands=[gep(lw, base, i32, indices[r][0])], result_types=[i32]))
        for r in distinct
    }
    lw.bind(op.result, [loaded[r] for r in canonical])
