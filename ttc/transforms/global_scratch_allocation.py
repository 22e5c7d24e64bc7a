"""`tritongpu-global-scratch-memory-allocation`: Triton's TritonGPUGlobalScratchAllocationPass
(lib/Conversion/TritonGPUToLLVM/GlobalScratchMemoryAllocation.cpp).

Every function's global scratch is laid out in one per-program buffer: each
`ttg.global_scratch_alloc` gets `ttg.global_scratch_memory_offset` (its offset rounded up to its
alignment), and each `tt.call` an offset for its callee's whole buffer (the callee is laid out
first). Allocations marked `third_party_allocation` go to the profile-scratch buffer instead.
Each function records its totals (`ttg.global_scratch_memory_size` / `_alignment` and the
`ttg.profile_scratch_memory_*` pair, sizes rounded up to the largest alignment); the kernel's
totals are copied onto the module, where the launcher reads how much to allocate per program.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i32
from xdsl.ir import Operation

from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.ir.errors import TtcError
from ttc.ir.int_attrs import required_int_attribute
from ttc.ir.locations import source_location
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass

OFFSET = "ttg.global_scratch_memory_offset"
PROFILE_OFFSET = "ttg.profile_scratch_memory_offset"
SIZE, ALIGNMENT = "ttg.global_scratch_memory_size", "ttg.global_scratch_memory_alignment"
PROFILE_SIZE = "ttg.profile_scratch_memory_size"
PROFILE_ALIGNMENT = "ttg.profile_scratch_memory_alignment"
TOTALS = (SIZE, ALIGNMENT, PROFILE_SIZE, PROFILE_ALIGNMENT)


def _round_up(value: int, step: int) -> int:
    return -(-value // step) * step


@dataclass
class _Buffer:
    """One scratch buffer being laid out: the next free byte and the largest alignment."""

    offset: int = 0
    alignment: int = 1

    def place(self, op: Operation, nbytes: int, alignment: int, attr: str) -> None:
        if nbytes == 0:
            return
        self.offset = _round_up(self.offset, alignment)
        op.attributes[attr] = IntegerAttr(self.offset, i32)
        self.offset += nbytes
        self.alignment = max(self.alignment, alignment)

    @property
    def size(self) -> int:
        return _round_up(self.offset, self.alignment)


class _Allocator:
    def __init__(self, module: ModuleOp) -> None:
        self.functions = {f.sym_name.data: f for f in module.body.ops if isinstance(f, tt.FuncOp)}
        self.call_stack: list[str] = []

    def callee(self, call: tt.CallOp) -> tt.FuncOp:
        name = call.callee.root_reference.data
        if name not in self.functions:
            raise TtcError(f"'{name}' is not a function of this module",
                           location=source_location(call.location))
        if name in self.call_stack:
            raise TtcError(f"recursive call of '{name}': global scratch cannot be laid out",
                           location=source_location(call.location))
        return self.functions[name]

    def allocate(self, func: tt.FuncOp) -> None:
        if all(name in func.attributes for name in TOTALS):
            return
        self.call_stack.append(func.sym_name.data)
        for op in walk(func):
            if isinstance(op, tt.CallOp):
                self.allocate(self.callee(op))
        scratch, profile = _Buffer(), _Buffer()
        for op in walk(func):
            if isinstance(op, ttg.GlobalScratchAllocOp):
                buffer = profile if "third_party_allocation" in op.attributes else scratch
                buffer.place(op, op.nbytes.value.data, op.alignment.value.data, OFFSET)
            elif isinstance(op, tt.CallOp):
                callee = self.callee(op)
                scratch.place(op, required_int_attribute(callee, SIZE), required_int_attribute(callee, ALIGNMENT), OFFSET)
                profile.place(op, required_int_attribute(callee, PROFILE_SIZE), required_int_attribute(callee, PROFILE_ALIGNMENT),
                              PROFILE_OFFSET)
        self.call_stack.pop()
        for name, value in zip(TOTALS, (scratch.size, scratch.alignment, profile.size,
                                        profile.alignment), strict=True):
            func.attributes[name] = IntegerAttr(value, i32)


class GlobalScratchAllocationPass(
    TtcPass, name="tritongpu-global-scratch-memory-allocation", summary="Assign global scratch memory buffer offsets"
):
    """Assign global-scratch offsets to allocations and calls; record the per-program size."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        allocator = _Allocator(op)
        for func in allocator.functions.values():
            allocator.allocate(func)
            if func.is_kernel:
                for name in TOTALS:
                    op.attributes[name] = func.attributes[name]
