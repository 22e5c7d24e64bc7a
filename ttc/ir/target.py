"""The target: the one reader of target strings, and the description passes and lowerings get.

A target string is `FAMILY:ARCH` (`cuda:90`, `musa:31`): what `--target` names, and what Triton
writes into every TTGIR module as `ttg.target` (convert-triton-to-tritongpu's `target` option) for
later passes to read back (Triton's `getNVIDIAComputeCapability`). This module is the only code
that takes one apart (`parse_target_string`, `cuda_compute_capability`; the readers of a module's
`ttg.target` in `ttc.dialects.ttg.ops` call the latter) or spells an NVIDIA one (`cuda_target`); it
imports no xDSL, so the command line can use it before any IR exists.
`test/unit/ir/test_target.py` holds the rest of ttc to that.

`TargetInfo`, the target description, is what passes and lowerings know of the target (Triton's
`TargetInfo`): the compute capability, the PTX ISA version, the threads per warp and whether
inline PTX is allowed. A `Target` of `ttc.targets` builds it once (`Target.info`) and fills the
pipelines' `{target}` (hence `{cc}`) and `{ptx_version}` from it; a pass receives it as Triton's
`compute-capability` and `ptx-version` options and rebuilds it with `TargetInfo.cuda`. An option
that is not given takes its default from the constants below: Triton 3.6's triton-opt defaults,
which Triton's lit RUN lines rely on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal


TARGET_ATTR = "ttg.target"
"""The module attribute naming the target a TTGIR module was made for."""

CUDA = "cuda"
"""The family of NVIDIA target strings."""

DEFAULT_COMPUTE_CAPABILITY = 80
"""`compute-capability` of allocate-shared-memory-nv and convert-triton-gpu-to-llvm when unset
(Triton 3.6's third_party/nvidia/include/TritonNVIDIAGPUToLLVM/Passes.td)."""

DEFAULT_PTX_VERSION = 80
"""`ptx-version` of allocate-shared-memory-nv and convert-triton-gpu-to-llvm when unset (same
file)."""

FENCE_DEFAULT_COMPUTE_CAPABILITY = 90
"""`compute-capability` of triton-nvidia-gpu-fence-insertion and
triton-nvidia-gpu-proxy-fence-insertion when unset (Triton 3.6's
include/triton/Dialect/TritonNvidiaGPU/Transforms/Passes.td): the fences exist from Hopper on."""

MmaChoice = Literal["wgmma", "auto", "mma-sync"]
"""How a cuda:9x target picks the MMA instruction of a dot that wgmma could take: Triton's choice
(wgmma), ttc's measured cost model (`ttc.transforms.mma_choice`) or mma.sync, the cuda:80 path.
The values of `tritongpu-accelerate-matmul{mma-choice=...}` and of the `--mma` flags."""

MMA_CHOICES: tuple[MmaChoice, ...] = ("wgmma", "auto", "mma-sync")

_TARGET_STRING = re.compile(r"([a-z][a-z0-9_]*):([0-9a-z_]+)")


@dataclass(frozen=True)
class TargetString:
    """A target string taken apart: `cuda:90` is family `cuda`, architecture `90`."""

    family: str
    arch: str

    @property
    def number(self) -> int | None:
        """The architecture as a number (`90` of `cuda:90`), None when it is a name (`ph1`)."""
        return int(self.arch) if self.arch.isdigit() else None

    def __str__(self) -> str:
        return f"{self.family}:{self.arch}"


def parse_target_string(text: str) -> TargetString | None:
    """`text` as `FAMILY:ARCH`, or None when it is not one."""
    match = _TARGET_STRING.fullmatch(text)
    return None if match is None else TargetString(*match.groups())


def cuda_target(compute_capability: int) -> str:
    """The NVIDIA target string of `compute_capability` (`cuda:90`)."""
    return str(TargetString(CUDA, str(compute_capability)))


def cuda_compute_capability(text: str) -> int | None:
    """NN of `cuda:NN` (Triton's `getNVIDIAComputeCapability`); None for any other text."""
    target = parse_target_string(text)
    return target.number if target is not None and target.family == CUDA else None


@dataclass(frozen=True)
class TargetInfo:
    """The target description: what passes and lowerings know of the target (Triton's
    `TargetInfo`)."""

    name: str
    """The target string, for messages (`cannot lower '<op>' for cuda:90`)."""
    compute_capability: int
    ptx_version: int
    threads_per_warp: int = 32
    inline_ptx: bool = True
    """Whether the target takes PTX inline assembly; without it (MUSA) predicated memory
    accesses are `llvm.masked.*` intrinsics."""

    @classmethod
    def cuda(cls, compute_capability: int, ptx_version: int,
             threads_per_warp: int = 32) -> TargetInfo:
        """The NVIDIA GPU of `compute_capability`, given PTX ISA `ptx_version`."""
        return cls(cuda_target(compute_capability), compute_capability, ptx_version,
                   threads_per_warp)
