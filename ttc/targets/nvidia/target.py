"""The NVIDIA target `cuda:<cc>`: Triton's CUDA back end (make_llir's translation, make_ptx, ...).

`cuda:80` compiles for `sm_80`, `cuda:90` for `sm_90a` (the `a` from cc 90 on, as Triton's
`sm_arch_from_capability`); 32 threads per warp. The PTX ISA version is fixed at 8.7, what Triton
3.6 emits with the ptxas it bundles (CUDA 12.8), so the PTX does not depend on the machine; the
cubin step checks that the ptxas found supports it (`ptx_version_for` of its release) before
running it. The back end is: LLVM dialect → LLVM IR (`emit_llvm_ir`, with the NVPTX data layout,
the `nvvm-reflect-ftz` flag and fp contraction, Triton's defaults), libdevice linked when the IR
calls `__nv_*` functions, O3 (`llvmir`), NVPTX code generation (`ptx`), ptxas (`cubin`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ttc.ir.errors import TtcError, UsageError
from ttc.ir.target import TargetInfo, TargetString, cuda_target
from ttc.targets.base import LLVMIR, MLIR_STAGES, Artifact, BackendStep, KernelSignature, Target

if TYPE_CHECKING:
    from pathlib import Path

    from xdsl.dialects.builtin import ModuleOp

PTX = Artifact("ptx", (".ptx",))
CUBIN = Artifact("cubin", (".cubin",), binary=True)

ARCHITECTURES: dict[int, str] = {
    80: "NVIDIA Ampere (sm_80): A100, A30; its PTX also runs on later GPUs",
    86: "NVIDIA Ampere (sm_86): A10, A40, RTX 30",
    87: "NVIDIA Ampere (sm_87): Jetson Orin",
    89: "NVIDIA Ada (sm_89): L4, L40, RTX 40",
    90: "NVIDIA Hopper (sm_90a): H100, H200",
}
"""The compute capabilities ttc compiles for, with what `ttc list targets` says of each: the one
list of CUDA targets (Blackwell needs other passes)."""

SUPPORTED_CC: tuple[int, ...] = tuple(ARCHITECTURES)

PTX_VERSION = 87
"""The PTX ISA version ttc emits (8.7): Triton 3.6's with its bundled CUDA 12.8 ptxas."""

_DEFINE = re.compile(
    r"^define\b[^@\n]*\bptx_kernel\b[^@\n]*@(\"[^\"]+\"|[\w.$]+)\((.*)\)[^(\n]*\{$", re.MULTILINE)
_REQNTID = re.compile(r'"nvvm\.(?:reqntid|maxntid)"="(\d+)((?:,\d+)*)"')


class NvidiaTarget(Target):
    """`cuda:<cc>` for cc in SUPPORTED_CC."""

    family = "cuda"
    description = "NVIDIA GPUs through PTX and ptxas"
    artifacts = (LLVMIR, PTX, CUBIN)
    lowered_dialects = frozenset({"builtin", "llvm", "nvvm"})

    def __init__(self, cc: int, ptxas: str | None = None, libdevice: str | None = None,
                 fp_fusion: bool = True, ptxas_options: tuple[str, ...] = ()) -> None:
        self.cc = cc
        self.ptxas = ptxas
        self.libdevice = libdevice
        """libdevice.10.bc to link, else it is looked for (see `ttc.targets.nvidia.libdevice`)."""
        self.fp_fusion = fp_fusion
        """Whether multiplies and adds may fuse into fma (Triton's `enable_fp_fusion`)."""
        self.ptxas_options = ptxas_options
        """More ptxas options (Triton's `ptx_options`)."""

    @classmethod
    def from_arch(cls, arch: str, tools: Mapping[str, str]) -> NvidiaTarget:
        target = TargetString(cls.family, arch)
        cc = target.number
        if cc not in SUPPORTED_CC:
            supported = ", ".join(cuda_target(cc) for cc in SUPPORTED_CC)
            raise UsageError(f"unsupported target '{target}': ttc compiles for {supported}")
        return cls(cc, tools.get("ptxas"), tools.get("libdevice"))

    @classmethod
    def examples(cls) -> list[tuple[str, str]]:
        return [(cuda_target(cc), description) for cc, description in ARCHITECTURES.items()]

    @property
    def string(self) -> str:
        return cuda_target(self.cc)

    @property
    def info(self) -> TargetInfo:
        return TargetInfo.cuda(self.cc, PTX_VERSION)

    def pipeline_variables(self, num_warps: int, num_stages: int,
                           num_ctas: int) -> dict[str, str | int | None]:
        return {"target": self.string, "num_warps": num_warps, "num_stages": num_stages,
                "num_ctas": num_ctas, "ptx_version": self.info.ptx_version}

    def translate(self, module: ModuleOp) -> str:
        from ttc.targets.llvmir import emit_llvm_ir
        from ttc.targets.nvidia.ptx import TRIPLE, nvptx_data_layout

        return emit_llvm_ir(module, triple=TRIPLE,
                            data_layout=nvptx_data_layout(self.cc, PTX_VERSION),
                            nvvm_reflect_ftz=True, fp_contract=self.fp_fusion)

    def backend_step(self, artifact: Artifact) -> BackendStep:
        if artifact == LLVMIR:
            return BackendStep(LLVMIR, "LLVM opt (O3)", self._optimize)
        if artifact == PTX:
            return BackendStep(PTX, "PTX codegen", self._ptx)
        if artifact == CUBIN:
            return BackendStep(CUBIN, "ptxas", self._cubin)
        raise UsageError(f"target {self.string} cannot produce '{artifact.name}'")

    def _optimize(self, llvm_ir: str) -> str:
        from ttc.targets.nvidia.libdevice import link_libdevice
        from ttc.targets.nvidia.ptx import optimize_llvm_ir

        return optimize_llvm_ir(link_libdevice(llvm_ir, self.ptxas, self.libdevice), cc=self.cc,
                                ptx_version=PTX_VERSION)

    def _ptx(self, llvm_ir: str) -> str:
        from ttc.targets.nvidia.ptx import llvm_ir_to_ptx

        return llvm_ir_to_ptx(llvm_ir, cc=self.cc, ptx_version=PTX_VERSION)

    def _cubin(self, ptx: str) -> bytes:
        from ttc.targets.nvidia.ptxas import (
            find_ptxas,
            ptx_to_cubin,
            ptx_version_for,
            ptxas_version,
        )

        tool = find_ptxas(self.ptxas)
        release = ptxas_version(tool)
        if ptx_version_for(release) < PTX_VERSION:
            raise TtcError(
                f"{tool} (CUDA {release[0]}.{release[1]}) cannot assemble PTX ISA "
                f"{PTX_VERSION // 10}.{PTX_VERSION % 10}: use ptxas from CUDA 12.8 or newer "
                "(--ptxas, TTC_PTXAS, or `pip install nvidia-cuda-nvcc-cu12`)")
        return ptx_to_cubin(ptx, cc=self.cc, ptxas=str(tool), fmad=self.fp_fusion,
                            extra=self.ptxas_options)

    def cache_identity(self, until: str) -> str:
        identity = super().cache_identity(until)
        if until in MLIR_STAGES:
            return identity
        from ttc.cache import file_identity
        from ttc.targets.nvidia.libdevice import find_libdevice

        tools: dict[str, Callable[[], Path]] = {
            "libdevice": lambda: find_libdevice(self.ptxas, (), self.libdevice)}
        if until == CUBIN.name:
            from ttc.targets.nvidia.ptxas import find_ptxas

            tools["ptxas"] = lambda: find_ptxas(self.ptxas)
        for name, find in tools.items():
            try:
                identity += f" {name}={file_identity(find())}"
            except TtcError as error:
                identity += f" {name}: {error.message}"
        return identity

    def describe_kernel(self, llvm_ir: str) -> KernelSignature:
        from ttc.targets.llvmir import kernel_header

        name, params = kernel_header(_DEFINE, llvm_ir, "a ptx_kernel function")
        threads = None
        if (match := _REQNTID.search(llvm_ir)) is not None:
            threads = int(match.group(1))
            for extent in filter(None, match.group(2).split(",")):
                threads *= int(extent)
        return KernelSignature(name, params, threads)
