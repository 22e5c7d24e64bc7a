"""Calls, returns and global scratch memory (Triton's ControlFlowOpToLLVM `CallOpConversion` and
`ReturnOpConversion`, `getGlobalScratchPtr`/`getProfileScratchPtr`, and MemoryOpToLLVM's
`GlobalScratchAllocOpConversion`).

A device function (a `tt.func` that is not public) takes its TTGIR arguments, each tensor packed
into one `!llvm.struct`, then three pointers Triton appends: the shared memory its caller set aside
for it, and the global-scratch and profile-scratch buffers. It returns nothing, its one result, or
a struct of its results. `tt.call` passes the callee's shared memory (the caller's stack pointer
plus the call's `allocation.offset`) and scratch (plus the call's
`ttg.global_scratch_memory_offset` / `ttg.profile_scratch_memory_offset`).

A kernel's scratch pointers are per program: when the module has a non-zero
`ttg.global_scratch_memory_size` (or profile size), the base is advanced by
`linear program id * size` bytes, with the program id linearised as Triton does (x fastest) and,
with several CTAs per program, times the CTA count plus this CTA's rank in its cluster.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr, IntegerAttr, i8, i64
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import OFFSET_ATTR, gep, shared_base
from ttc.conversion.tritongpu_to_llvm.spmd import program_register
from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.upstream import llvm
from ttc.ir.int_attrs import int_attribute

GLOBAL_SCRATCH_OFFSET = "ttg.global_scratch_memory_offset"
PROFILE_SCRATCH_OFFSET = "ttg.profile_scratch_memory_offset"
GLOBAL_SCRATCH_SIZE = "ttg.global_scratch_memory_size"
PROFILE_SCRATCH_SIZE = "ttg.profile_scratch_memory_size"


def global_pointer_type() -> Attribute:
    return llvm.LLVMPointerType(IntAttr(1))


def packed_results_type(lw: FunctionLowering, types: Sequence[Attribute]) -> Attribute | None:
    """The LLVM result of a function returning `types` (MLIR's `packFunctionResults`): none, the
    one result's type, or a struct of them."""
    if not types:
        return None
    packed = [lw.struct_type(t) for t in types]
    return packed[0] if len(packed) == 1 else llvm.LLVMStructType(packed)


def _linear_program_id(lw: FunctionLowering) -> SSAValue:
    """`(z * nprogs_y + y) * nprogs_x + x` in i64, as Triton linearises the grid (program ids are
    cluster ids when a program is a cluster of CTAs)."""
    def widened(value: SSAValue) -> SSAValue:
        return lw.value(llvm.ZExtOp(value, i64))

    ids = [lw.special_register(program_register(lw, "tt.get_program_id", axis)) for axis in "xyz"]
    counts = [lw.special_register(program_register(lw, "tt.get_num_programs", axis)) for axis in "xy"]
    linear = widened(ids[2])
    for axis in (1, 0):
        scaled = lw.binary(llvm.MulOp, linear, widened(counts[axis]))
        linear = lw.binary(llvm.AddOp, widened(ids[axis]), scaled)
    return linear


def scratch_pointer(
    lw: FunctionLowering, profile: bool, offset: int | None, current_cta: bool = True
) -> SSAValue:
    """The global-scratch (or profile-scratch) buffer of this program, plus `offset` bytes; with
    several CTAs per program, of this CTA unless `current_cta` is false."""
    assert lw.scratch_arguments is not None
    base = lw.scratch_arguments[1 if profile else 0]
    size_attr = lw.module_attributes.get(PROFILE_SCRATCH_SIZE if profile else GLOBAL_SCRATCH_SIZE)
    size = size_attr.value.data if isinstance(size_attr, IntegerAttr) else 0
    if not lw.is_kernel or size == 0:
        # Triton adds the offset here only for the profile buffer and for device functions.
        if offset is None or (lw.is_kernel and not profile):
            return base
        return gep(lw, base, i8, lw.i32(offset))
    linear = _linear_program_id(lw)
    if lw.num_ctas > 1:
        linear = lw.binary(llvm.MulOp, linear, lw.const(lw.num_ctas, i64))
        if current_cta:
            rank = lw.special_register("nvvm.read.ptx.sreg.cluster.ctarank")
            linear = lw.binary(llvm.AddOp, linear, lw.value(llvm.ZExtOp(rank, i64)))
    byte_offset = lw.binary(llvm.MulOp, linear, lw.const(size, i64))
    if offset is not None:
        byte_offset = lw.binary(llvm.AddOp, byte_offset, lw.const(offset, i64))
    return gep(lw, base, i8, byte_offset)


@lowers("tt.return")
def _return(lw: FunctionLowering, op: Operation) -> None:
    if not op.operands:
        lw.emit(llvm.ReturnOp())
        return
    if lw.is_kernel:
        raise lw.error(op, "kernel functions do not support return with operands")
    if len(op.operands) == 1:
        lw.emit(llvm.ReturnOp(lw.pack(op.operands[0])))
        return
    packed_type = packed_results_type(lw, [v.type for v in op.operands])
    assert packed_type is not None
    packed = lw.value(llvm.UndefOp(packed_type))
    for i, value in enumerate(op.operands):
        packed = lw.value(llvm.InsertValueOp(packed, lw.pack(value), [i]))
    lw.emit(llvm.ReturnOp(packed))


@lowers("tt.call")
def _call(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.CallOp)
    arguments = [lw.pack(v) for v in op.arguments]
    shared = shared_base(lw, op) if OFFSET_ATTR in op.attributes else lw.stack_pointer()
    arguments += [
        shared,
        scratch_pointer(lw, False, int_attribute(op, GLOBAL_SCRATCH_OFFSET)),
        scratch_pointer(lw, True, int_attribute(op, PROFILE_SCRATCH_OFFSET)),
    ]
    result_type = packed_results_type(lw, [r.type for r in op.results])
    call = lw.emit(
        llvm.CallOp.create(
            operands=arguments,
            result_types=[result_type] if result_type is not None else [],
            properties={"callee": op.callee},
        )
    )
    if len(op.results) == 1:
        lw.bind(op.results[0], lw.unpack(call.results[0], op.results[0].type))
    elif op.results:
        for i, result in enumerate(op.results):
            packed = lw.value(llvm.ExtractValueOp(call.results[0], [i]))
            lw.bind(result, lw.unpack(packed, result.type))


@lowers("ttg.global_scratch_alloc")
def _global_scratch_alloc(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, ttg.GlobalScratchAllocOp)
    offset = int_attribute(op, GLOBAL_SCRATCH_OFFSET)
    if offset is None:
        raise lw.error(op, f"'{op.name}' has no '{GLOBAL_SCRATCH_OFFSET}'; run "
                           "tritongpu-global-scratch-memory-allocation first")
    if "third_party_allocation" in op.attributes:
        shared = "shared_cluster_state" in op.attributes
        lw.bind(op.result, [scratch_pointer(lw, True, offset, current_cta=not shared)])
    else:
        lw.bind(op.result, [scratch_pointer(lw, False, offset)])
