"""LLVM IR → PTX with llvmlite's NVPTX back end: Triton's `make_llir` optimisation and `make_ptx`.

Mirrors `third_party/nvidia/backend/compiler.py`: the module gets triple `nvptx64-nvidia-cuda`
and the NVPTX data layout with 32-bit shared, constant and local pointers (`-nvptx-short-ptr`).
make_llir runs LLVM's O3 pipeline on it once, with loop and SLP vectorisation and unrolling on as
Triton 3.6 sets them (Triton's O3 runs without a target machine, so its cost model is LLVM's
default; ttc's runs with the NVPTX one, which also folds libdevice's `__nvvm_reflect` early);
make_ptx (Triton's `translateLLVMIRToASM`) then only inlines what is not `noinline` and compiles
the optimised module for proc `sm_<cc>` (`sm_90a` from cc 90 on) with features `+ptx<N>` at
codegen level O3, whose IR passes include NVPTX's load/store vectoriser. The PTX text gets
Triton's fix-ups: the `.version` line states the requested PTX ISA version, the `.target` line
the exact architecture, and the `debug` target flag is dropped. llvmlite is imported here only, on
first use, so that `ttc` starts quickly.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from ttc.ir.errors import TtcError

if TYPE_CHECKING:
    from llvmlite import binding

TRIPLE = "nvptx64-nvidia-cuda"

MAX_LLVM_PTX_VERSION = 90
"""The newest PTX ISA version handed to LLVM as a feature (Triton caps it the same way)."""


def sm_arch(cc: int) -> str:
    """The PTX architecture for a compute capability: `sm_80`, `sm_90a` (Triton's rule)."""
    return f"sm_{cc}" + ("a" if cc >= 90 else "")


@cache
def _llvm() -> binding:
    from llvmlite import binding

    binding.initialize_all_targets()
    binding.initialize_all_asmprinters()
    binding.set_option("ttc", "-nvptx-mad-wide-opt")
    # 32-bit pointers for shared, constant and local memory, as Triton's make_llir sets
    # (`llvm.set_short_ptr()`): shared-memory addresses then live in 32-bit registers.
    binding.set_option("ttc", "-nvptx-short-ptr")
    return binding


def _target_machine(cc: int, ptx_version: int, opt_level: int) -> binding.TargetMachine:
    """A new NVPTX target machine. Not shared between modules: its code generator numbers call
    sequences (`// callseq N`) across every module it emits, so the PTX would depend on what
    the process compiled before."""
    llvm = _llvm()
    target = llvm.Target.from_triple(TRIPLE)
    features = f"+ptx{min(ptx_version, MAX_LLVM_PTX_VERSION)}"
    return target.create_target_machine(cpu=sm_arch(cc), features=features, opt=opt_level)


@cache
def nvptx_data_layout(cc: int = 90, ptx_version: int = 87) -> str:
    """The data layout LLVM's NVPTX back end uses (what Triton attaches to its modules), asked of
    a target machine once per process."""
    return str(_target_machine(cc, ptx_version, 3).target_data)


def optimize_llvm_ir(llvm_ir: str, *, cc: int, ptx_version: int, opt_level: int = 3) -> str:
    """Parse, verify and optimise LLVM IR as Triton's `make_llir` does; returns the new IR."""
    module, _ = _optimized_module(llvm_ir, cc, ptx_version, opt_level)
    return str(module)


def _parsed_module(
    llvm_ir: str, cc: int, ptx_version: int, opt_level: int
) -> tuple[binding.ModuleRef, binding.TargetMachine]:
    """The verified module, with the NVPTX triple and data layout, and its target machine."""
    llvm = _llvm()
    try:
        module = llvm.parse_assembly(llvm_ir)
        module.verify()
    except RuntimeError as e:
        raise TtcError(f"invalid LLVM IR: {str(e).strip()}") from None
    tm = _target_machine(cc, ptx_version, opt_level)
    module.triple = TRIPLE
    module.data_layout = nvptx_data_layout(cc, ptx_version)
    return module, tm


def _optimized_module(
    llvm_ir: str, cc: int, ptx_version: int, opt_level: int
) -> tuple[binding.ModuleRef, binding.TargetMachine]:
    llvm = _llvm()
    module, tm = _parsed_module(llvm_ir, cc, ptx_version, opt_level)
    if opt_level > 0:
        options = llvm.create_pipeline_tuning_options(speed_level=opt_level)
        options.slp_vectorization = True
        options.loop_vectorization = True
        options.loop_unrolling = True
        builder = llvm.create_pass_builder(tm, options)
        builder.getModulePassManager().run(module, builder)
    return module, tm


def fix_ptx(ptx: str, *, cc: int, ptx_version: int) -> str:
    """Triton's make_ptx fix-ups: `.version`, `.target` and no `debug` target flag."""
    version = f"{ptx_version // 10}.{ptx_version % 10}"
    ptx = re.sub(r"^\.version \d+\.\d+", f".version {version}", ptx, flags=re.MULTILINE)
    ptx = re.sub(r"^\.target sm_\w+", f".target {sm_arch(cc)}", ptx, flags=re.MULTILINE)
    return re.sub(r",\s*debug|debug,\s*", "", ptx)


def llvm_ir_to_ptx(llvm_ir: str, *, cc: int, ptx_version: int, opt_level: int = 3) -> str:
    """Compile LLVM IR that `optimize_llvm_ir` optimised to PTX for compute capability `cc`
    (80, 90, ...), as Triton's make_ptx does: every defined function not marked `noinline` is
    inlined, and the NVPTX back end emits PTX at codegen level `opt_level`; the IR pipeline does
    not run again (IR that was never optimised gives slower PTX).

    Raises TtcError when the IR does not parse or verify, or when the PTX does not hold exactly
    one kernel.
    """
    llvm = _llvm()
    module, tm = _parsed_module(llvm_ir, cc, ptx_version, opt_level)
    for function in module.functions:
        if not function.is_declaration and \
                not any(b"noinline" in attribute for attribute in function.attributes):
            function.add_function_attribute("alwaysinline")
    inliner = llvm.create_new_module_pass_manager()
    inliner.add_always_inliner_pass()
    inliner.run(module, llvm.create_pass_builder(tm, llvm.create_pipeline_tuning_options()))
    ptx = fix_ptx(tm.emit_assembly(module), cc=cc, ptx_version=ptx_version)
    ptx_kernel_name(ptx)
    return ptx


def ptx_kernel_name(ptx: str) -> str:
    """The name of the one `.visible .entry` in `ptx` (Triton's `metadata["name"]`)."""
    names = re.findall(r"^\s*\.visible\s+\.entry\s+([\w$]+)", ptx, flags=re.MULTILINE)
    if len(names) != 1:
        found = ", ".join(names) if names else "none"
        raise TtcError(f"expected exactly one kernel (.visible .entry) in the PTX, found {found}")
    return names[0]
