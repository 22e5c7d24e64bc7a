"""Linking NVIDIA's libdevice into kernels that call `__nv_*` functions (Triton's link_extern_libs).

Triton's lowering calls libdevice for some math (`__nv_sqrtf`, `__nv_expf` ...), and make_llir
links `libdevice.10.bc` in before O3, keeping only the functions the kernel needs. Here the
bitcode's definitions are made `linkonce_odr` before linking, so LLVM's linker brings in only
what is referenced, and O3 inlines and drops them; the `__nvvm_reflect` calls libdevice makes are
folded by NVPTX's reflect pass, using the module's `nvvm-reflect-ftz` flag.

libdevice is looked up in `TTC_LIBDEVICE`, beside the ptxas that `--ptxas`/`TTC_PTXAS` names, in
the `nvidia-cuda-nvcc` wheel, and under `/usr/local/cuda`. A kernel that calls no `__nv_*`
function needs none of this, and its IR is returned unchanged.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Sequence
from pathlib import Path

from ttc.ir.errors import TtcError

_LIBDEVICE = Path("nvvm") / "libdevice" / "libdevice.10.bc"
_DECLARED = re.compile(r"^declare\b[^@\n]*@(__nv_\w+)\(", re.MULTILINE)


def libdevice_candidates(ptxas: str | None, explicit: str | None = None) -> list[Path]:
    """Where libdevice may be, in the order they are tried (`explicit` first, when given)."""
    candidates: list[Path] = [Path(explicit)] if explicit else []
    if env := os.environ.get("TTC_LIBDEVICE"):
        candidates.append(Path(env))
    for tool in (ptxas, os.environ.get("TTC_PTXAS")):
        if tool:
            candidates.append(Path(tool).resolve().parent.parent / _LIBDEVICE)
    spec = importlib.util.find_spec("nvidia")
    if spec is not None and spec.submodule_search_locations:
        for root in spec.submodule_search_locations:
            candidates += [Path(root) / sub / _LIBDEVICE for sub in ("cuda_nvcc", "cu13", "cu12")]
    candidates.append(Path("/usr/local/cuda") / _LIBDEVICE)
    return candidates


def find_libdevice(ptxas: str | None, needed: Sequence[str] = (),
                   explicit: str | None = None) -> Path:
    """The libdevice bitcode to link; TtcError naming what to install when there is none (and
    the `needed` functions it was looked for). An `explicit` path must exist."""
    for source, value in (("the libdevice path given", explicit),
                          ("TTC_LIBDEVICE", os.environ.get("TTC_LIBDEVICE"))):
        if value and not Path(value).is_file():
            raise TtcError(f"{source} names no file: {value}")
    for path in libdevice_candidates(ptxas, explicit):
        if path.is_file():
            return path
    calls = f" (the kernel calls {', '.join(needed)})" if needed else ""
    raise TtcError(f"libdevice.10.bc not found{calls}: install the CUDA toolkit or `pip install "
                   "nvidia-cuda-nvcc-cu12`, or set TTC_LIBDEVICE to the file")


def link_libdevice(llvm_ir: str, ptxas: str | None = None, libdevice: str | None = None) -> str:
    """`llvm_ir` with the libdevice functions it calls linked in (unchanged if it calls none);
    `libdevice` names the bitcode file, else it is looked for."""
    called = sorted(set(_DECLARED.findall(llvm_ir)))
    if not called:
        return llvm_ir
    path = find_libdevice(ptxas, called, libdevice)
    from llvmlite import binding

    try:
        module = binding.parse_assembly(llvm_ir)
        library = binding.parse_bitcode(path.read_bytes())
    except (RuntimeError, OSError) as error:
        raise TtcError(f"cannot link libdevice ({path}): {str(error).strip()}") from None
    library.triple = module.triple
    library.data_layout = module.data_layout
    for function in library.functions:
        if not function.is_declaration:
            function.linkage = "linkonce_odr"
    module.link_in(library)
    missing = [name for name in called if module.get_function(name).is_declaration]
    if missing:
        raise TtcError(f"libdevice ({path}) has no function {', '.join(missing)}")
    return str(module)
