"""`convert-triton-gpu-to-llvm`: the pass driver (Triton's ConvertTritonGPUToLLVM in
third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/TritonGPUToLLVM.cpp, plus FuncOpToLLVM's kernel ABI).

Each `tt.func` becomes an `llvm.func`. Blocks are lowered in reverse post-order, so every value
is lowered before its uses; each op goes to the lowering registered for its name, and an op with
none stops the pass with `cannot lower '<op>' for cuda:NN` at the op. A block argument of tensor
type becomes one `!llvm.struct` argument holding the thread's registers (as Triton does); it is
unpacked with `llvm.extractvalue` at the top of its block and packed again at each branch.

Kernel ABI (public functions): the TTGIR arguments (tensors as structs) with their attributes and
`tt.pointee_type` on pointers (a host-made TMA descriptor, a `!tt.tensordesc` argument or one
marked `tt.nv_tma_desc = 1`, is a `byval` 128-byte `nvvm.grid_constant` parameter), then
Triton's two trailing `!llvm.ptr<1>` scratch pointers (global and profile scratch),
`nvvm.kernel = 1 : ui1`, `nvvm.reqntid = array<i32: num-warps * threads-per-warp>`, and the
function's other attributes. Device functions (not public) are
`internal`, `passthrough = ["noinline"]`, and take a shared-memory pointer before the two scratch
pointers (`functions.py` lowers the calls and returns). The module gains Triton's `@global_smem`
external `addrspace(3)` array.
"""

from __future__ import annotations

from dataclasses import field, replace

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    UnitAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.rewriter import InsertPoint

from ttc.analysis.allocation import (
    TMA_DESCRIPTOR_BYTES,
    allocate_module,
    nvidia_scratch_size,
)
from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.analysis.membar import insert_barriers
from ttc.conversion.tritongpu_to_llvm.functions import packed_results_type
from ttc.conversion.tritongpu_to_llvm.lowering import (
    GLOBAL_SMEM,
    SHARED_ADDRESS_SPACE,
    FunctionLowering,
    dense_i32,
)
from ttc.conversion.tritongpu_to_llvm.registry import lowering_for
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import PointerType, TensorDescType
from ttc.dialects.ttg.ops import lookup_num_ctas, lookup_threads_per_warp
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.dialects.ttng.tmem import MAX_NREG_ATTR
from ttc.dialects.upstream import llvm
from ttc.ir.dominance import reverse_post_order
from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location
from ttc.ir.target import (
    DEFAULT_COMPUTE_CAPABILITY,
    DEFAULT_PTX_VERSION,
    TARGET_ATTR,
    TargetInfo,
)
from ttc.pipelines.pass_base import TtcPass

SCRATCH_ARGUMENTS = 2
"""Triton appends a global-scratch and a profile-scratch pointer to every kernel."""



def target_info(module: ModuleOp, compute_capability: int, ptx_version: int,
                inline_ptx: bool) -> TargetInfo:
    """The target description the pass options give, with the module's warp width; a target
    without inline PTX (MUSA) is named in messages by the module's `ttg.target`."""
    info = TargetInfo.cuda(compute_capability, ptx_version, lookup_threads_per_warp(module))
    declared = module.attributes.get(TARGET_ATTR)
    if inline_ptx:
        return info
    name = declared.data if isinstance(declared, StringAttr) else info.name
    return replace(info, name=name, inline_ptx=False)


def _function_attributes(func: tt.FuncOp, lw: FunctionLowering) -> dict[str, Attribute]:
    """A kernel's NVVM attributes, or a device function's `noinline` and `internal` marks, on top
    of the `tt.func`'s own attributes; the module's `ttg.maxnreg` becomes every function's
    `nvvm.maxnreg` (Triton's FuncOpConversion; PTX states it on the kernel's `.entry` only)."""
    attrs = dict(func.attributes)
    module = func.parent_op()
    if module is not None and (maxnreg := module.attributes.get(MAX_NREG_ATTR)) is not None:
        attrs["nvvm.maxnreg"] = maxnreg
    if func.is_kernel:
        attrs["nvvm.kernel"] = IntegerAttr(1, IntegerType(1, Signedness.UNSIGNED))
        attrs["nvvm.reqntid"] = dense_i32([lw.num_threads])
    else:
        attrs["passthrough"] = ArrayAttr([StringAttr("noinline")])
        if (num_warps := attrs.get("ttg.num-warps")) is not None:
            attrs["ws_num_warps"] = num_warps
    return attrs


TMA_DESCRIPTOR_ARGUMENT = "tt.nv_tma_desc"
"""Marks a kernel argument the host passes as a 128-byte CUtensorMap (Triton's `nvTmaDesc`)."""
TMA_DESCRIPTOR_ALIGNMENT = 64


def _tma_descriptor_attributes() -> dict[str, Attribute]:
    """A CUtensorMap passed by value in the kernel's parameter space, its address taken in place
    (Triton's `handleByvalTmaDescArgs`)."""
    return {
        "llvm.byval": llvm.LLVMArrayType(TMA_DESCRIPTOR_BYTES, IntegerType(8)),
        "nvvm.grid_constant": UnitAttr(),
        "llvm.align": IntegerAttr(TMA_DESCRIPTOR_ALIGNMENT, i32),
    }


def _argument_attributes(func: tt.FuncOp, inputs: list[Attribute], extra: int) -> ArrayAttr:
    """The TTGIR argument attributes, with `tt.pointee_type` on every pointer argument (the LLVM
    pointer forgets it), the by-value ABI on host-made TMA descriptors (`tt.nv_tma_desc = 1`,
    which a kernel's `!tt.tensordesc` arguments get, as Triton's FuncOpConversion marks them),
    and empty ones for the arguments Triton appends."""
    given = list(func.arg_attrs.data) if func.arg_attrs is not None else []
    attrs: list[DictionaryAttr] = []
    for i, type in enumerate(inputs):
        entries = dict(given[i].data) if i < len(given) else {}
        if isinstance(type, PointerType):
            entries["tt.pointee_type"] = type.pointee_type
        if func.is_kernel and isinstance(type, TensorDescType):
            entries[TMA_DESCRIPTOR_ARGUMENT] = IntegerAttr(1, i32)
        marked = entries.get(TMA_DESCRIPTOR_ARGUMENT)
        if isinstance(marked, IntegerAttr) and marked.value.data == 1:
            if not func.is_kernel:
                raise TtcError(
                    f"{TMA_DESCRIPTOR_ARGUMENT} is not supported for device functions",
                    location=source_location(func.location),
                )
            entries.update(_tma_descriptor_attributes())
        attrs.append(DictionaryAttr(entries))
    return ArrayAttr(attrs + [DictionaryAttr({}) for _ in range(extra)])


def lower_function(
    func: tt.FuncOp,
    target: TargetInfo,
    axis_info: ModuleAxisInfo | None = None,
    module_attributes: dict[str, Attribute] | None = None,
) -> llvm.FuncOp:
    """The `llvm.func` of a `tt.func`: a kernel, or a device function that kernels call."""
    region = func.body
    entry = region.blocks.first
    assert entry is not None
    lw = FunctionLowering(target, Builder(InsertPoint.at_end(Block())), axis_info,
                          num_warps=lookup_num_warps(func), num_ctas=lookup_num_ctas(func))
    lw.current = func
    lw.is_kernel = func.is_kernel
    lw.module_attributes = dict(module_attributes or {})
    outputs = list(func.function_type.outputs.data)
    global_pointer = llvm.LLVMPointerType(IntAttr(1))
    appended = [global_pointer] * SCRATCH_ARGUMENTS
    if not lw.is_kernel:
        appended.insert(0, llvm.LLVMPointerType(IntAttr(SHARED_ADDRESS_SPACE)))
    arg_types = [lw.struct_type(a.type) for a in entry.args] + appended
    result_type = packed_results_type(lw, outputs)
    order = reverse_post_order(entry)
    for block in order:
        types = arg_types if block is entry else [lw.struct_type(a.type) for a in block.args]
        lw.blocks[block] = Block(arg_types=types)
    new_entry = lw.blocks[entry]
    lw.builder = Builder(InsertPoint.at_end(new_entry))
    lw.current = None
    for arg, new in zip(entry.args, new_entry.args, strict=False):
        new.name_hint = arg.name_hint
        lw.bind(arg, lw.unpack(new, arg.type))
    extra = list(new_entry.args[len(entry.args):])
    if not lw.is_kernel:
        lw.shared_memory_argument = extra.pop(0)
    lw.scratch_arguments = (extra[0], extra[1])
    for block in order:
        new_block = lw.blocks[block]
        lw.builder = Builder(InsertPoint.at_end(new_block))
        lw.current = None
        if block is not entry:
            for arg, new in zip(block.args, new_block.args, strict=True):
                lw.bind(arg, lw.unpack(new, arg.type))
        for op in block.ops:
            lw.current = op
            lowering = lowering_for(op.name)
            if lowering is None:
                raise lw.cannot_lower(op)
            lowering(lw, op)
    properties: dict[str, Attribute] = {
        "sym_name": StringAttr(func.sym_name.data),
        "function_type": llvm.LLVMFunctionType(arg_types, result_type),
        "arg_attrs": _argument_attributes(
            func, [a.type for a in entry.args], len(appended)
        ),
    }
    if not lw.is_kernel:
        properties["linkage"] = llvm.LinkageAttr("internal")
    new_func = llvm.FuncOp.create(
        properties=properties,
        attributes=_function_attributes(func, lw),
        regions=[Region(lw.llvm_blocks(region.blocks))],
    )
    new_func.location = func.location
    return new_func


def _global_smem() -> llvm.GlobalOp:
    return llvm.GlobalOp.create(
        properties={
            "global_type": llvm.LLVMArrayType(0, IntegerType(8)),
            "sym_name": StringAttr(GLOBAL_SMEM),
            "linkage": llvm.LinkageAttr("external"),
            "alignment": IntegerAttr(16, i64),
            "addr_space": IntegerAttr(3, i32),
        },
        regions=[Region()],
    )


class ConvertTritonGPUToLLVMPass(
    TtcPass, name="convert-triton-gpu-to-llvm", summary="Lower TritonGPU IR to the LLVM dialect for NVIDIA GPUs"
):
    """Lower TTGIR (tt/ttg/arith/math/cf) to the LLVM and NVVM dialects."""

    compute_capability: int = field(default=DEFAULT_COMPUTE_CAPABILITY,
                                    metadata={"help": "the target's compute capability"})
    ptx_version: int = field(default=DEFAULT_PTX_VERSION, metadata={"help": "the PTX ISA version"})
    inline_ptx: bool = field(default=True, metadata={
        "help": "emit PTX inline assembly; false: predicated accesses as llvm.masked.* "
                "(a target without PTX, e.g. MUSA)"})

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = target_info(op, self.compute_capability, self.ptx_version, self.inline_ptx)
        # Triton runs ModuleMembarAnalysis, over the NVIDIA allocation, before lowering
        insert_barriers(op, allocate_module(op, nvidia_scratch_size(target.compute_capability)))
        axis_info = ModuleAxisInfo(op)
        body = op.body.block
        for func in list(body.ops):
            if isinstance(func, tt.FuncOp):
                lowered = lower_function(func, target, axis_info, dict(op.attributes))
                body.insert_op_before(lowered, func)
                body.erase_op(func, safe_erase=False)
            elif not _is_llvm(func):
                raise TtcError(
                    f"cannot lower '{func.name}' for {target.name}",
                    location=source_location(func.location),
                )
        if not any(isinstance(o, llvm.GlobalOp) and o.sym_name.data == GLOBAL_SMEM for o in body.ops):
            first = body.first_op
            if first is None:
                body.add_op(_global_smem())
            else:
                body.insert_op_before(_global_smem(), first)

def _is_llvm(op: Operation) -> bool:
    return op.dialect_name() in ("llvm", "nvvm")

