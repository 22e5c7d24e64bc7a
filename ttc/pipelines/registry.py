"""The one registry of passes: Triton's flag name → the module and class that implement it.

Passes live one per module in `ttc.transforms`, `ttc.conversion` and the target packages
(`ttc.targets.<name>`). `PASSES` names each one's module and class, so resolving the few flags a
compile runs imports those passes' modules only, not every pass (a cold `ttc compile` pays for
what it runs); `all_passes()` imports them all, for `ttc list passes` and for warming a process up
before it forks workers. `test/unit/pipelines/test_registry.py` imports every module of the pass
packages and checks that `PASSES` lists exactly the `TtcPass` classes defined there, so the table
cannot fall behind the code.
"""

from __future__ import annotations

import importlib
from functools import cache

from ttc.pipelines.pass_base import TtcPass

PASS_PACKAGES: tuple[str, ...] = (
    "ttc.transforms",
    "ttc.conversion",
    "ttc.targets",
)
"""The packages whose modules define passes."""

PASSES: dict[str, tuple[str, str]] = {
    "allocate-shared-memory": ("ttc.transforms.allocate_shared_memory", "AllocateSharedMemoryPass"),
    "allocate-shared-memory-nv":
        ("ttc.transforms.allocate_shared_memory", "AllocateSharedMemoryNvPass"),
    "canonicalize": ("ttc.transforms.canonicalize", "CanonicalizePass"),
    "convert-nvvm-to-musa": ("ttc.targets.musa.nvvm_to_musa", "ConvertNVVMToMusaPass"),
    "convert-scf-to-cf": ("ttc.conversion.scf_to_cf", "ConvertScfToCfPass"),
    "convert-triton-gpu-to-llvm":
        ("ttc.conversion.tritongpu_to_llvm.convert", "ConvertTritonGPUToLLVMPass"),
    "convert-triton-to-tritongpu":
        ("ttc.conversion.triton_to_tritongpu", "ConvertTritonToTritonGPUPass"),
    "cse": ("ttc.transforms.cse", "CsePass"),
    "inline": ("ttc.transforms.inline", "InlinePass"),
    "loop-invariant-code-motion": ("ttc.transforms.licm", "LoopInvariantCodeMotionPass"),
    "reconcile-unrealized-casts":
        ("ttc.conversion.reconcile_unrealized_casts", "ReconcileUnrealizedCastsPass"),
    "sccp": ("ttc.transforms.sccp", "SccpPass"),
    "symbol-dce": ("ttc.transforms.symbol_dce", "SymbolDcePass"),
    "test-print-alignment": ("ttc.transforms.test_print_alignment", "TestPrintAlignmentPass"),
    "test-print-allocation": ("ttc.transforms.test_print_allocation", "TestPrintAllocationPass"),
    "test-print-membar": ("ttc.transforms.test_print_membar", "TestPrintMembarPass"),
    "triton-combine": ("ttc.transforms.triton_combine", "TritonCombinePass"),
    "triton-licm": ("ttc.transforms.triton_licm", "TritonLicmPass"),
    "triton-loop-aware-cse": ("ttc.transforms.triton_loop_aware_cse", "TritonLoopAwareCsePass"),
    "triton-loop-unroll": ("ttc.transforms.triton_loop_unroll", "TritonLoopUnrollPass"),
    "triton-nvidia-gpu-fence-insertion":
        ("ttc.transforms.triton_nvidia_gpu_fence_insertion", "TritonGPUFenceInsertionPass"),
    "triton-nvidia-gpu-proxy-fence-insertion":
        ("ttc.transforms.triton_nvidia_gpu_proxy_fence_insertion", "TritonGPUProxyFenceInsertionPass"),
    "triton-nvidia-optimize-descriptor-encoding":
        ("ttc.transforms.triton_nvidia_optimize_descriptor_encoding", "TritonNvidiaGPUOptimizeDescriptorEncodingPass"),
    "triton-nvidia-tma-lowering":
        ("ttc.transforms.triton_nvidia_tma_lowering", "TritonNvidiaGPUTMALoweringPass"),
    "triton-reorder-broadcast":
        ("ttc.transforms.triton_reorder_broadcast", "TritonReorderBroadcastPass"),
    "triton-rewrite-tensor-descriptor-to-pointer":
        ("ttc.transforms.triton_rewrite_tensor_descriptor_to_pointer", "TritonRewriteTensorDescriptorToPointer"),
    "triton-rewrite-tensor-pointer":
        ("ttc.transforms.triton_rewrite_tensor_pointer", "TritonRewriteTensorPointer"),
    "tritongpu-F32DotTC": ("ttc.transforms.tritongpu_f32_dot_tc", "TritonGPUF32DotTCPass"),
    "tritongpu-accelerate-matmul":
        ("ttc.transforms.tritongpu_accelerate_matmul", "TritonGPUAccelerateMatmulPass"),
    "tritongpu-assign-latencies":
        ("ttc.transforms.tritongpu_assign_latencies", "TritonGPUAssignLatencies"),
    "tritongpu-coalesce": ("ttc.transforms.tritongpu_coalesce", "TritonGPUCoalescePass"),
    "tritongpu-coalesce-async-copy":
        ("ttc.transforms.tritongpu_coalesce_async_copy", "TritonGPUCoalesceAsyncCopy"),
    "tritongpu-combine-tensor-select-and-if":
        ("ttc.transforms.tritongpu_combine_tensor_select_and_if", "TritonGPUCombineTensorSelectAndIfPass"),
    "tritongpu-fuse-nested-loops":
        ("ttc.transforms.tritongpu_fuse_nested_loops", "TritonGPUFuseNestedLoops"),
    "tritongpu-global-scratch-memory-allocation":
        ("ttc.transforms.global_scratch_allocation", "GlobalScratchAllocationPass"),
    "tritongpu-optimize-dot-operands":
        ("ttc.transforms.tritongpu_optimize_dot_operands", "TritonGPUOptimizeDotOperandsPass"),
    "tritongpu-optimize-thread-locality":
        ("ttc.transforms.tritongpu_optimize_thread_locality", "TritonGPUOptimizeThreadLocalityPass"),
    "tritongpu-pipeline": ("ttc.transforms.tritongpu_pipeline", "TritonGPUPipeline"),
    "tritongpu-prefetch": ("ttc.transforms.tritongpu_prefetch", "TritonGPUPrefetch"),
    "tritongpu-reduce-data-duplication":
        ("ttc.transforms.tritongpu_reduce_data_duplication", "TritonGPUReduceDataDuplicationPass"),
    "tritongpu-remove-layout-conversions":
        ("ttc.transforms.tritongpu_remove_layout_conversions", "TritonGPURemoveLayoutConversionsPass"),
    "tritongpu-reorder-instructions":
        ("ttc.transforms.tritongpu_reorder_instructions", "TritonGPUReorderInstructionsPass"),
    "tritongpu-schedule-loops":
        ("ttc.transforms.tritongpu_schedule_loops", "TritonGPUScheduleLoops"),
    "tritonmusa-accelerate-matmul":
        ("ttc.targets.musa.accelerate_matmul", "TritonMusaAccelerateMatmulPass"),
    "tritonmusa-tme-lowering": ("ttc.targets.musa.tme_lowering", "TritonMusaTMELoweringPass"),
}
"""Every pass by flag (sorted): the module that defines it and the class's name there."""


@cache
def get_pass(name: str) -> type[TtcPass] | None:
    """The pass registered under `name` (its module imported now), or None."""
    if name not in PASSES:
        return None
    module_name, class_name = PASSES[name]
    pass_cls: type[TtcPass] = getattr(importlib.import_module(module_name), class_name)
    return pass_cls


def all_passes() -> dict[str, type[TtcPass]]:
    """Every registered pass by flag name, sorted by name (imports every pass module)."""
    passes: dict[str, type[TtcPass]] = {}
    for name in PASSES:
        pass_cls = get_pass(name)
        assert pass_cls is not None
        passes[name] = pass_cls
    return passes
