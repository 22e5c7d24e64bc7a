"""What the GPU tests share: a kernel case, building it with ttc, and numpy helpers for 16-bit floats.

A `Case` names a kernel of kernels/triton-3.6/ (Triton 3.6's IR of every stage, made by
kernels/generate.py from kernels/triton_sources.py), its parameters in Triton's signature types,
its launch configuration, the sizes to try and the check to run at each. `build` makes its binary
for cuda:80 (PTX, which the driver JIT-compiles on newer GPUs) or cuda:90 (cubin) from one of
three sources:

* `ttir`: Triton's TTIR through the whole of `ttc compile` (our passes, lowering and back end);
* `ttgir`: Triton's TTGIR through `ttc compile` (our lowering and back end only);
* `llir`: Triton's LLVM IR through `ttc translate` (our back end only; this checks the launcher).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

KERNELS = Path(__file__).resolve().parent / "kernels" / "triton-3.6"
OUTPUT_SUFFIX = {80: ".ptx", 90: ".cubin"}
SCRATCH = [{"name": "global_scratch", "type": "*i8"}, {"name": "profile_scratch", "type": "*i8"}]


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True)
class Case:
    """A kernel: its IR folder, function, parameters, launch configuration, sizes and check."""

    name: str
    params: tuple[tuple[str, str], ...]
    num_warps: int
    sizes: tuple[Any, ...]
    check: Callable[[Any, Any, np.random.Generator], None]
    function: str = ""
    num_stages: int = 3

    @property
    def kernel_name(self) -> str:
        return self.function or f"{self.name}_kernel"

    def signature(self) -> list[dict[str, str]]:
        return [{"name": n, "type": t} for n, t in self.params] + SCRATCH


def ttc(*args: str) -> None:
    """Run the ttc CLI; a failure fails the test with ttc's diagnostics."""
    result = subprocess.run([sys.executable, "-m", "ttc", *args], capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        pytest.fail(f"ttc {' '.join(args)} exited {result.returncode}:\n{result.stderr}",
                    pytrace=False)


def build(case: Case, source: str, cc: int, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """The binary for `case` from `source` (ttir, ttgir, llir) for cuda:<cc>, and its metadata."""
    stem = KERNELS / case.name / f"sm{cc}"
    binary = tmp_path / f"{case.name}{OUTPUT_SUFFIX[cc]}"
    if source == "llir":
        ttc("translate", f"{stem}.llir", f"--to={OUTPUT_SUFFIX[cc][1:]}", f"--target=cuda:{cc}",
            "-o", str(binary))
        triton = json.loads(Path(f"{stem}.meta.json").read_text())
        metadata = {"name": triton["name"], "threads_per_block": 32 * triton["num_warps"],
                    "shared": triton["shared"], "params": case.signature(),
                    "global_scratch_size": triton.get("global_scratch_size", 0)}
        return binary, metadata
    dump = tmp_path / "dump"
    ttc("compile", f"{stem}.{source}", f"--target=cuda:{cc}", f"--num-warps={case.num_warps}",
        f"--num-stages={case.num_stages}", "-o", str(binary), "--dump-dir", str(dump))
    metadata = json.loads((dump / f"{binary.stem}.{case.kernel_name}.json").read_text())
    assert metadata["params"] == case.signature()
    assert metadata["threads_per_block"] == 32 * case.num_warps
    return binary, metadata


def skip_without_hopper(cc: int, compute_capability: int) -> None:
    """Skip the test when it needs an sm_90a cubin and the GPU is not a Hopper."""
    if cc == 90 and compute_capability // 10 != 9:
        pytest.skip(f"an sm_90a cubin needs a Hopper GPU (this one is sm_{compute_capability})")


def build_and_check(case: Case, source: str, cc: int, compute_capability: int,
                    tmp_path: Path) -> None:
    """Build `case` from `source` for cuda:<cc>, load it and run its check at every size (a
    cuda:90 cubin is skipped on a GPU that is not a Hopper)."""
    skip_without_hopper(cc, compute_capability)
    from launch import load

    binary, metadata = build(case, source, cc, tmp_path)
    assert binary.suffix == OUTPUT_SUFFIX[cc]
    kernel = load(binary, metadata)
    rng = np.random.default_rng(0)
    for size in case.sizes:
        case.check(kernel, size, rng)


def to_bfloat16_bits(values: np.ndarray) -> np.ndarray:
    """float32 values rounded to bfloat16 (nearest, ties to even), as uint16 bit patterns."""
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def from_bfloat16_bits(bits: np.ndarray) -> np.ndarray:
    """bfloat16 bit patterns (uint16) as float32 values."""
    return (bits.astype(np.uint32) << 16).view(np.float32)


def to_tf32(values: np.ndarray) -> np.ndarray:
    """float32 values with the mantissa cut to TF32's 10 bits (rounded to nearest), as float32."""
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0xFFF + ((bits >> 13) & 1)) >> 13) << 13
    return rounded.astype(np.uint32).view(np.float32)
