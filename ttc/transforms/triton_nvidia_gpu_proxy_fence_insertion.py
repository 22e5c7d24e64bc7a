"""`triton-nvidia-gpu-proxy-fence-insertion`: fences between generic and async-proxy shared memory.

Mirrors Triton 3.6's TritonGPUProxyFenceInsertion (ProxFenceInsertion.cpp), which runs after
shared-memory allocation, just before the lowering to LLVM, on sm_90 and later. From Hopper on,
TMA loads write shared memory through the async proxy, which is not ordered with the generic
proxy's accesses: when a TMA load (`ttng.async_tma_copy_global_to_local`, `ttng.async_tma_gather`)
writes a buffer whose bytes a generic access since the last fence has read or written, a
`ttng.fence_async_shared {bCluster = false}` goes before the load.

The analysis is the barrier analysis's (`ttc.analysis.membar`: forward over the CFG and the
structured ops, joined at merges, callees summarised first), on whole buffers (their allocated
byte intervals) rather than slices, with its own update: a fence clears the pending accesses; a
scratch op reads its scratch (a `ttng.tensormap_create` builds its descriptor there); the
pending accesses of async-proxy ops (wgmma, the TMA copies and reductions) and of the mbarrier ops
(`init`, `inval`, `wait`, `arrive`) never call for a fence.
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i1
from xdsl.ir import Operation, SSAValue

from ttc.analysis.allocation import allocate_module
from ttc.analysis.membar import BlockInfo, _Membar
from ttc.analysis.membar_slices import Slice
from ttc.dialects.tt import ops as tt
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.ttng.barriers import ArriveBarrierOp, InitBarrierOp, InvalBarrierOp, WaitBarrierOp
from ttc.dialects.ttng.mma import TCGen5MMAOp, TCGen5MMAScaledOp
from ttc.dialects.ttng.ops import FenceAsyncSharedOp
from ttc.dialects.ttng.tma import (
    AsyncTMACopyGlobalToLocalOp,
    AsyncTMAGatherOp,
    AsyncTMAReduceOp,
    AsyncTMAScatterOp,
)
from ttc.dialects.ttng.tmem import TMEMCopyOp
from ttc.ir.target import FENCE_DEFAULT_COMPUTE_CAPABILITY
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.triton_nvidia_gpu_fence_insertion import FENCE_MIN_COMPUTE_CAPABILITY

ASYNC_PROXY_WRITES = (AsyncTMACopyGlobalToLocalOp, AsyncTMAGatherOp)
ASYNC_PROXY_READS = (
    ttng.WarpGroupDotOp,
    TCGen5MMAOp,
    TCGen5MMAScaledOp,
    AsyncTMACopyGlobalToLocalOp,
    AsyncTMAScatterOp,
    AsyncTMAReduceOp,
)
IGNORED = (
    *ASYNC_PROXY_READS,
    *ASYNC_PROXY_WRITES,
    ArriveBarrierOp,
    TMEMCopyOp,
    WaitBarrierOp,
    InitBarrierOp,
    InvalBarrierOp,
)
"""Ops whose pending accesses never call for a fence (Triton's `ignoreOpForProxyFence`)."""


class ProxyFenceAnalysis(_Membar):
    """Triton's `ProxyFenceAnalysis`: the barrier analysis's walk with a fence-placing update."""

    def _buffers(self, value: SSAValue) -> set[Slice]:
        return {Slice(*buffer.interval) for buffer in self.plan.value_buffers_of(value)}

    def _whole_buffers(self, info: BlockInfo) -> BlockInfo:
        return BlockInfo({Slice(s.start, s.end) for s in info.reads}, {Slice(s.start, s.end) for s in info.writes})

    def _update(self, op: Operation, info: BlockInfo) -> None:
        if isinstance(op, FenceAsyncSharedOp):
            info.sync()
            return
        current, proxy = BlockInfo(), BlockInfo()
        if isinstance(op, tt.CallOp):
            current = self._whole_buffers(self._accesses(op))
        elif isinstance(op, ASYNC_PROXY_WRITES):
            proxy.writes |= self._buffers(op.operands[-2])
        elif not isinstance(op, IGNORED):
            current = self._whole_buffers(self._accesses(op))
        scratch = self._scratch(op)
        if scratch is not None:
            current.reads.add(Slice(*scratch.interval))
        if isinstance(op, (*ASYNC_PROXY_WRITES, *ASYNC_PROXY_READS)) and proxy.conflicts_with(info):
            fence = FenceAsyncSharedOp.build(properties={"bCluster": IntegerAttr(0, i1)})
            fence.location = op.location
            block = op.parent_block()
            assert block is not None
            block.insert_op_before(fence, op)
            info.sync()
        info.join(current)


class TritonGPUProxyFenceInsertionPass(
    TtcPass, name="triton-nvidia-gpu-proxy-fence-insertion", summary="Insert fences across generic and async proxy"
):
    """Insert async-proxy fences before TMA loads into memory the generic proxy touched."""

    compute_capability: int = field(default=FENCE_DEFAULT_COMPUTE_CAPABILITY,
                                    metadata={"help": "device compute capability"})

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.compute_capability < FENCE_MIN_COMPUTE_CAPABILITY:
            return
        allocation = allocate_module(op)
        summaries: dict[str, BlockInfo] = {}
        for name, plan in allocation.functions.items():  # callees before callers
            summaries[name] = ProxyFenceAnalysis(plan, summaries).run()
