"""PTX → cubin with NVIDIA's `ptxas`: Triton's `make_cubin`, and finding the tool.

`ptxas` is looked up, in order, from the `--ptxas` argument, the `TTC_PTXAS` environment variable,
the `nvidia-cuda-nvcc` wheel (`pip install nvidia-cuda-nvcc-cu12`, or the cu13 variant), `PATH`, and
`/usr/local/cuda/bin`. It runs with Triton's flags (`-lineinfo -v --regAllocOptLevel=2
--gpu-name=sm_<cc>[a]`) after the `debug` target flag is removed, since ptxas refuses to optimise
PTX that asks for debugging. The PTX ISA version a given ptxas supports follows Triton's
`ptx_get_version`.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ttc.ir.errors import TtcError
from ttc.targets.nvidia.ptx import sm_arch

INSTALL_HINT = (
    "install the CUDA toolkit, or `pip install nvidia-cuda-nvcc-cu12` (or -cu13), "
    "or name the binary with --ptxas or the TTC_PTXAS environment variable"
)


def _wheel_candidates() -> list[Path]:
    """Where the `nvidia-cuda-nvcc` wheels put ptxas, for each `nvidia` package directory."""
    spec = importlib.util.find_spec("nvidia")
    if spec is None or not spec.submodule_search_locations:
        return []
    return [
        Path(root) / sub / "bin" / "ptxas"
        for root in spec.submodule_search_locations
        for sub in ("cuda_nvcc", "cu13", "cu12")
    ]


def find_ptxas(explicit: str | None = None) -> Path:
    """The ptxas to run; raises TtcError naming what to install when there is none."""
    for source, value in (("--ptxas", explicit), ("TTC_PTXAS", os.environ.get("TTC_PTXAS"))):
        if value:
            path = Path(value)
            if not (path.is_file() and os.access(path, os.X_OK)):
                raise TtcError(f"ptxas given by {source} is not an executable file: {value}")
            return path
    candidates = [*_wheel_candidates()]
    if (on_path := shutil.which("ptxas")) is not None:
        candidates.append(Path(on_path))
    candidates.append(Path("/usr/local/cuda/bin/ptxas"))
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    raise TtcError(f"ptxas not found; {INSTALL_HINT}")


def ptxas_version(ptxas: Path) -> tuple[int, int]:
    """The CUDA (major, minor) release of a ptxas binary, from `ptxas --version`."""
    result = subprocess.run([str(ptxas), "--version"], capture_output=True, text=True, check=False)
    match = re.search(r"release (\d+)\.(\d+)", result.stdout)
    if result.returncode != 0 or match is None:
        raise TtcError(f"cannot read the version of {ptxas}: {result.stderr.strip()}")
    return int(match.group(1)), int(match.group(2))


def ptx_version_for(cuda: tuple[int, int]) -> int:
    """The PTX ISA version (87 = 8.7) a CUDA release supports, by Triton's `ptx_get_version`."""
    major, minor = cuda
    if major >= 13:
        return 90 + (major - 13) * 10 + minor
    if major == 12:
        return 80 + minor if minor < 6 else 80 + minor - 1
    if major == 11:
        return 70 + minor
    raise TtcError(f"CUDA {major}.{minor} is too old: ptxas from CUDA 11 or newer is needed")


def ptxas_arguments(cc: int, ptx_file: Path, cubin_file: Path, fmad: bool = True,
                    extra: Sequence[str] = ()) -> list[str]:
    """Triton's make_cubin flags (line info kept, verbose, register allocation level 2,
    `--fmad=false` when multiplies and adds must not fuse, then the `extra` options a user gave,
    Triton's `ptx_options`)."""
    return [
        "-lineinfo",
        *([] if fmad else ["--fmad=false"]),
        "-v",
        "--regAllocOptLevel=2",
        *extra,
        f"--gpu-name={sm_arch(cc)}",
        str(ptx_file),
        "-o",
        str(cubin_file),
    ]


def strip_debug_target(ptx: str) -> str:
    """Remove `debug` from the `.target` line (ptxas refuses optimised debugging)."""
    return re.sub(
        r"^(\.target[^\n]*)",
        lambda m: re.sub(r",\s*debug|debug,\s*", "", m.group(1)),
        ptx,
        flags=re.MULTILINE,
    )


def ptx_to_cubin(ptx: str, *, cc: int, ptxas: str | None = None, fmad: bool = True,
                 extra: Sequence[str] = ()) -> bytes:
    """Assemble PTX into a cubin for compute capability `cc`; raises TtcError on failure.
    `fmad=False` keeps ptxas from fusing multiplies and adds (Triton's `enable_fp_fusion`);
    `extra` options are passed on (Triton's `ptx_options`)."""
    tool = find_ptxas(ptxas)
    with tempfile.TemporaryDirectory(prefix="ttc-ptxas-") as tmp:
        ptx_file = Path(tmp) / "kernel.ptx"
        cubin_file = Path(tmp) / "kernel.cubin"
        ptx_file.write_text(strip_debug_target(ptx))
        result = subprocess.run(
            [str(tool), *ptxas_arguments(cc, ptx_file, cubin_file, fmad, extra)],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            log = (result.stderr or result.stdout).strip().replace(str(ptx_file), "<ptx>")
            raise TtcError(f"ptxas failed (exit {result.returncode}):\n{log}")
        return cubin_file.read_bytes()
