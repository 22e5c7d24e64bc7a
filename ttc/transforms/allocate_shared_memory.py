"""`allocate-shared-memory` and `allocate-shared-memory-nv`: Triton's AllocateSharedMemory passes.

Both run the shared-memory allocation (`ttc.analysis.allocation`) over the module and record it
the way the LLVM lowering reads it back: every op owning a buffer — a scratch op, a `tt.call`, or a
`ttg.local_alloc` — gets `allocation.offset = N : i32` (an array, one per buffer, for a
`#ttg.partitioned_shared` allocation), a scratch op (not a call, whose buffer is
virtual) also `allocation.size = N : i32`, its bytes, and the module gets `ttg.shared = N : i32`,
the bytes of shared memory the kernel needs (Triton's `attachAllocationSizeAndOffsetAttr`).

The NVIDIA variant takes the target's `compute-capability` and `ptx-version` as Triton's does: a
layout conversion's buffer is swizzled for the ldmatrix/stmatrix instructions the target offers
(`nvidia_scratch_size`), which can change how many rounds it takes and so its size.
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, i32

from ttc.analysis.allocation import (
    BufferKind,
    ModuleAllocation,
    allocate_module,
    nvidia_scratch_size,
)
from ttc.ir.target import DEFAULT_COMPUTE_CAPABILITY, DEFAULT_PTX_VERSION
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass

OFFSET_ATTR = "allocation.offset"
SIZE_ATTR = "allocation.size"
SHARED_ATTR = "ttg.shared"


def attach_allocation(module: ModuleOp, allocation: ModuleAllocation) -> None:
    """Write `allocation.offset` on every op that owns a buffer and `ttg.shared` on the module."""
    for plan in allocation.functions.values():
        for op in walk(plan.function):
            offsets = plan.offsets_of(op)
            if len(offsets) == 1:
                op.attributes[OFFSET_ATTR] = IntegerAttr(offsets[0], i32)
            elif offsets:
                op.attributes[OFFSET_ATTR] = ArrayAttr([IntegerAttr(o, i32) for o in offsets])
            scratch = plan.scratch_buffer(op)
            if scratch is not None and scratch.kind is BufferKind.SCRATCH:
                op.attributes[SIZE_ATTR] = IntegerAttr(scratch.size, i32)
    module.attributes[SHARED_ATTR] = IntegerAttr(allocation.shared_memory_size, i32)


class AllocateSharedMemoryPass(
    TtcPass, name="allocate-shared-memory", summary="Add metadata for shared memory allocation"
):
    """Plan shared memory with the target-independent scratch sizes."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        attach_allocation(op, allocate_module(op))


class AllocateSharedMemoryNvPass(
    TtcPass, name="allocate-shared-memory-nv", summary="Add metadata for shared memory allocation for NVIDIA targets"
):
    """Plan shared memory for an NVIDIA target."""

    compute_capability: int = field(default=DEFAULT_COMPUTE_CAPABILITY,
                                    metadata={"help": "device compute capability"})
    ptx_version: int = field(default=DEFAULT_PTX_VERSION, metadata={"help": "PTX version"})

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        attach_allocation(op, allocate_module(op, nvidia_scratch_size(self.compute_capability)))
