"""The MUSA target `musa:<cap>`: FlagTree's `MUSABackend` (third_party/mthreads/backend/compiler.py).

`musa:31` (also spelled `musa:ph1` and `musa:mp_31`, as Triton's `musa:` target strings and the
vendor's `-mcpu=mp_31`) is Moore Threads' PH1: 32 threads per warp, and squad-level MMA (SQMMA),
which four warps issue together. Stages are `ttir → ttgir → llir`, then LLVM IR for the triple
`mtgpu-mt-musa` with MUSA's data layout, and a `.mubin` when the vendor llc and ld.lld exist.
There is no PTX-like stage: NVIDIA's `ptx` and `cubin` are not artifacts of this target.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ttc.ir.errors import TtcError, UsageError
from ttc.ir.target import TargetInfo
from ttc.targets.base import LLVMIR, Artifact, BackendStep, KernelSignature, Target

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

MUBIN = Artifact("mubin", (".mubin",), binary=True)

CAPABILITY_NAMES: dict[str, int] = {"31": 31, "ph1": 31, "mp_31": 31}
"""The spellings of each supported capability after `musa:`."""

WARP_SIZE = 32
"""Threads per warp on MUSA."""


_DEFINE = re.compile(r"^define\b[^@\n]*\bcc 102\b[^@\n]*@(\"[^\"]+\"|[\w.$]+)\((.*)\)[^(\n]*\{$",
                     re.MULTILINE)
_MAXNTID = re.compile(r'!\{ptr @[\w.$"]+, !"maxntidx", i32 (\d+)\}')


class MusaTarget(Target):
    """`musa:<cap>` for the capabilities of CAPABILITY_NAMES."""

    family = "musa"
    description = "Moore Threads MUSA GPUs (SQMMA) through the vendor LLVM"
    artifacts = (LLVMIR, MUBIN)
    lowered_dialects = frozenset({"builtin", "llvm"})

    def __init__(self, capability: int, llc: str | None = None, lld: str | None = None) -> None:
        self.capability = capability
        self.llc = llc
        self.lld = lld

    @classmethod
    def from_arch(cls, arch: str, tools: Mapping[str, str]) -> MusaTarget:
        if arch not in CAPABILITY_NAMES:
            spellings = ", ".join(f"musa:{name}" for name in CAPABILITY_NAMES)
            raise UsageError(f"unsupported target 'musa:{arch}': ttc compiles for {spellings}")
        return cls(CAPABILITY_NAMES[arch], tools.get("musa-llc"), tools.get("musa-lld"))

    @classmethod
    def examples(cls) -> list[tuple[str, str]]:
        return [("musa:31", "Moore Threads PH1 (mp_31, also musa:ph1), SQMMA; LLVM IR or mubin")]

    @property
    def string(self) -> str:
        return f"musa:{self.capability}"

    @property
    def cpu(self) -> str:
        """The vendor llc's `-mcpu`."""
        return f"mp_{self.capability}"

    @property
    def info(self) -> TargetInfo:
        """No PTX: the shared lowering's compute capability and PTX version are 0 (what the
        `musa-llir` pipeline gives convert-triton-gpu-to-llvm), and no inline PTX."""
        return TargetInfo(self.string, 0, 0, WARP_SIZE, inline_ptx=False)

    def stage_pipeline(self, stage: str) -> str:
        return stage if stage == "ttir" else f"musa-{stage}"

    def pipeline_variables(self, num_warps: int, num_stages: int,
                           num_ctas: int) -> dict[str, str | int | None]:
        return {"target": self.string, "num_warps": num_warps, "num_stages": num_stages,
                "num_ctas": num_ctas, "ptx_version": None}

    def translate(self, module: ModuleOp) -> str:
        from ttc.targets.musa.llvm_ir import emit_musa_llvm_ir

        return emit_musa_llvm_ir(module)

    def backend_step(self, artifact: Artifact) -> BackendStep:
        if artifact == LLVMIR:
            return BackendStep(LLVMIR, "LLVM IR (LLVM 14 compatible)", lambda text: text)
        if artifact == MUBIN:
            return BackendStep(MUBIN, "MUSA llc and ld.lld", self._mubin)
        raise UsageError(f"target {self.string} cannot produce '{artifact.name}'")

    def check_tools(self, until: str) -> None:
        if until == MUBIN.name:
            from ttc.targets.musa.toolchain import find_tools

            find_tools(self.llc, self.lld)

    def cache_identity(self, until: str) -> str:
        identity = super().cache_identity(until)
        if until != MUBIN.name:
            return identity
        from ttc.cache import file_identity
        from ttc.targets.musa.toolchain import find_tools

        try:
            tools = " ".join(file_identity(tool) for tool in find_tools(self.llc, self.lld))
        except TtcError as error:
            tools = error.message
        return f"{identity} {tools}"

    def _mubin(self, llvm_ir: str) -> bytes:
        from ttc.targets.musa.toolchain import llvm_ir_to_mubin

        return llvm_ir_to_mubin(llvm_ir, self.cpu, self.llc, self.lld)

    def describe_kernel(self, llvm_ir: str) -> KernelSignature:
        from ttc.targets.llvmir import kernel_header

        name, params = kernel_header(_DEFINE, llvm_ir, "a cc 102 function")
        match = _MAXNTID.search(llvm_ir)
        return KernelSignature(name, params, int(match.group(1)) if match else None)
