"""The MUSA toolchain: the vendor `llc` (with the `mtgpu` back end) and `ld.lld`.

Mirrors FlagTree's `MUSATranslation.cpp` / `make_mubin`: `llc -march=mtgpu -mcpu=mp_<cap>
--opaque-pointers -O2 -filetype=obj`, then `ld.lld -flavor gnu -shared` to the `.mubin` (an ELF
shared object). The tools are looked for where the vendor installs them: the paths given
(`TTC_MUSA_LLC`, `TTC_MUSA_LLD`), `$MUSA_HOME/bin`, then `/usr/local/musa/bin`. An `llc` counts
only if it has the `mtgpu` back end; upstream LLVM's does not.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from ttc.ir.errors import TtcError

DEFAULT_BIN = Path("/usr/local/musa/bin")


def search_dirs() -> list[Path]:
    """The directories searched for the vendor tools, in order."""
    dirs = []
    if home := os.environ.get("MUSA_HOME"):
        dirs.append(Path(home) / "bin")
    dirs.append(DEFAULT_BIN)
    return dirs


def _has_mtgpu(llc: Path) -> bool:
    try:
        result = subprocess.run([str(llc), "--version"], capture_output=True, text=True,
                                timeout=60, check=False)
    except OSError:
        return False
    return "mtgpu" in result.stdout


def find_tools(llc: str | None = None, lld: str | None = None) -> tuple[Path, Path]:
    """(llc, ld.lld) of a MUSA toolchain; TtcError naming both and where they were looked for."""
    llc = llc or os.environ.get("TTC_MUSA_LLC")
    lld = lld or os.environ.get("TTC_MUSA_LLD")
    dirs = search_dirs()
    llc_candidates = [Path(llc)] if llc else [d / "llc" for d in dirs]
    lld_candidates = [Path(lld)] if lld else [d / "ld.lld" for d in dirs]
    found_llc = next((p for p in llc_candidates if p.is_file() and _has_mtgpu(p)), None)
    found_lld = next((p for p in lld_candidates if p.is_file()), None)
    if found_llc is None or found_lld is None:
        where = ", ".join(str(d) for d in dirs)
        raise TtcError(
            "a mubin needs the MUSA toolchain's llc (with the mtgpu back end) and ld.lld, which "
            f"were not found (looked in TTC_MUSA_LLC / TTC_MUSA_LLD, {where}); "
            "write LLVM IR instead (-o kernel.ll)")
    return found_llc, found_lld


def llvm_ir_to_mubin(llvm_ir: str, cpu: str, llc: str | None = None,
                     lld: str | None = None) -> bytes:
    """Compile LLVM IR to a `.mubin` with the vendor llc and ld.lld."""
    llc_path, lld_path = find_tools(llc, lld)
    with tempfile.TemporaryDirectory() as tmp:
        source, obj, mubin = (Path(tmp) / name for name in ("k.ll", "k.o", "k.mubin"))
        source.write_text(llvm_ir, encoding="utf-8")
        for command in (
            [str(llc_path), str(source), "-march=mtgpu", f"-mcpu={cpu}", "--opaque-pointers",
             "-O2", "-filetype=obj", "-o", str(obj)],
            [str(lld_path), "-flavor", "gnu", "-shared", str(obj), "-o", str(mubin)],
        ):
            result = subprocess.run(command, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise TtcError(f"{Path(command[0]).name} failed:\n{result.stderr.strip()}")
        return mubin.read_bytes()
