"""mbarrier ops → PTX (Triton 3.6's NVIDIA `BarrierOpToLLVM`: InitBarrierOp, InvalBarrierOp,
BarrierExpectOp, WaitBarrierOp and ArriveBarrierOp conversions).

A barrier is an `i64` in shared memory; its memdesc's base pointer is its address.

* `ttng.init_barrier %b, N` → thread 0: `mbarrier.init.shared::cta.b64 [b], N`;
  `ttng.inval_barrier` → thread 0: `mbarrier.inval.shared::cta.b64 [b]`.
* `ttng.barrier_expect %b, bytes, %pred` → `bar.sync`, then thread 0 (where `pred`):
  `mbarrier.arrive.expect_tx.shared.b64 _, [b], bytes` (an arrival that also expects `bytes`
  of asynchronous transactions).
* `ttng.arrive_barrier %b, N[, %pred]` → `bar.sync`, then thread 0 (where `pred`):
  `mbarrier.arrive.shared::cta.b64 _, [b][, N]`.
* `ttng.async_copy_mbarrier_arrive %b [{noIncrement}]` → `cp.async.mbarrier.arrive[.noinc].shared.b64
  [b]`: an arrival once this thread's earlier cp.async copies land (`noinc`: one the barrier's
  count already expects).
* `ttng.wait_barrier %b, %phase[, %pred]` → every thread spins on
  `mbarrier.try_wait.parity` (sm_90+) or `mbarrier.test_wait.parity` with a `nanosleep` (older
  targets) until the phase of parity `phase` completes; a predicate that is not a constant true
  skips the loop where false.

Arrivals start with a CTA barrier because they publish the whole CTA's work (the membar analysis
counts on it: these ops are among its `LOCAL_BARRIER_OPS`).
"""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import thread_id
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, constant_int
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import barrier
from ttc.conversion.tritongpu_to_llvm.shared_transfer import SharedView
from ttc.dialects.upstream import llvm
from ttc.ir.int_attrs import required_int_property

TRY_WAIT_MIN_CAPABILITY = 90
"""`mbarrier.try_wait` (a potentially blocking test) exists from sm_90 on."""


def barrier_address(lw: FunctionLowering, barrier_value: SSAValue) -> SSAValue:
    """The shared-memory address of the mbarrier a `!ttg.memdesc<1xi64>` views."""
    return SharedView.of(lw, barrier_value).base


def leader_thread(lw: FunctionLowering) -> SSAValue:
    """`thread id == 0`: the one thread that issues a CTA-wide barrier operation."""
    return lw.icmp("eq", thread_id(lw), 0)


def _issue(lw: FunctionLowering, instruction: str, predicate: SSAValue, address: SSAValue) -> None:
    """`@$0 <instruction with [$1]>` on `predicate`, `$1` the barrier's address."""
    asm = PtxInstruction()
    asm.input(predicate, "b")
    asm.input(address, "r")
    asm.lines.append(f"@$0 {instruction};")
    asm.launch(lw, None)


@lowers("ttng.init_barrier")
def _init_barrier(lw: FunctionLowering, op: Operation) -> None:
    address = barrier_address(lw, op.operands[0])
    count = required_int_property(op, "count")
    _issue(lw, f"mbarrier.init.shared::cta.b64 [$1], {count}", leader_thread(lw), address)


@lowers("ttng.inval_barrier")
def _inval_barrier(lw: FunctionLowering, op: Operation) -> None:
    address = barrier_address(lw, op.operands[0])
    _issue(lw, "mbarrier.inval.shared::cta.b64 [$1]", leader_thread(lw), address)


@lowers("ttng.barrier_expect")
def _barrier_expect(lw: FunctionLowering, op: Operation) -> None:
    if "fromCTA" in op.properties:
        raise lw.cannot_lower(op)
    address = barrier_address(lw, op.operands[0])
    barrier(lw)
    predicate = lw.and_(leader_thread(lw), lw.scalar(op.operands[1]))
    assert predicate is not None
    size = required_int_property(op, "size")
    _issue(lw, f"mbarrier.arrive.expect_tx.shared.b64 _, [$1], {size}", predicate, address)


@lowers("ttng.arrive_barrier")
def _arrive_barrier(lw: FunctionLowering, op: Operation) -> None:
    if "fromCTA" in op.properties or "multicastCTA" in op.properties:
        raise lw.cannot_lower(op)
    address = barrier_address(lw, op.operands[0])
    barrier(lw)
    predicate = leader_thread(lw)
    if len(op.operands) > 1:
        predicate = lw.value(llvm.AndOp(predicate, lw.scalar(op.operands[1])))
    count = required_int_property(op, "count")
    suffix = f", {count}" if count > 1 else ""
    _issue(lw, f"mbarrier.arrive.shared::cta.b64 _, [$1]{suffix}", predicate, address)


@lowers("ttng.async_copy_mbarrier_arrive")
def _async_copy_mbarrier_arrive(lw: FunctionLowering, op: Operation) -> None:
    noinc = ".noinc" if "noIncrement" in op.properties else ""
    address = barrier_address(lw, op.operands[0])
    lw.call_intrinsic(f"llvm.nvvm.cp.async.mbarrier.arrive{noinc}.shared", [address], None)


def wait_loop(capability: int, predicated: bool) -> list[str]:
    """The PTX of a phase wait: `$0` the barrier, `$1` the phase parity, `$2` the predicate."""
    if capability >= TRY_WAIT_MIN_CAPABILITY:
        test = ["mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;"]
    else:
        test = ["mbarrier.test_wait.parity.shared.b64 complete, [$0], $1;", "@!complete nanosleep.u32 20;"]
    body = [".reg .pred complete;", "waitLoop:", *test, "@!complete bra.uni waitLoop;"]
    if predicated:
        body = ["@!$2 bra.uni skipWait;", *body, "skipWait:"]
    return body


@lowers("ttng.wait_barrier")
def _wait_barrier(lw: FunctionLowering, op: Operation) -> None:
    alloc, phase = op.operands[0], op.operands[1]
    pred = op.pred  # type: ignore[attr-defined]
    asm = PtxInstruction()
    asm.input(barrier_address(lw, alloc), "r")
    asm.input(lw.scalar(phase), "r")
    predicated = pred is not None and not constant_int(lw.scalar(pred))
    if predicated:
        asm.input(lw.scalar(pred), "b")
    body = "\n\t".join(wait_loop(lw.target.compute_capability, predicated))
    asm.lines.append("\n{\n\t" + body + "\n}\n")
    asm.launch(lw, None)
