"""The `musa` target: its target strings, registration, artifacts and toolchain errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttc.ir.errors import TtcError, UsageError
from ttc.targets.base import (
    BUILTIN_TARGETS,
    known_targets,
    parse_target,
    target_classes,
)
from ttc.targets.musa.llvm_ir import DATA_LAYOUT, TRIPLE
from ttc.targets.musa.target import MUBIN, MusaTarget
from ttc.targets.musa.toolchain import find_tools


@pytest.mark.parametrize("text", ["musa:31", "musa:ph1", "musa:mp_31"])
def test_every_spelling_is_ph1(text: str) -> None:
    target = parse_target(text)
    assert isinstance(target, MusaTarget)
    assert (target.string, target.cpu, target.threads_per_warp) == ("musa:31", "mp_31", 32)


@pytest.mark.parametrize("text", ["musa:22", "musa:32", "musa:ph2"])
def test_other_capabilities_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError, match="ttc compiles for musa:31, musa:ph1, musa:mp_31"):
        parse_target(text)


def test_registered_beside_nvidia() -> None:
    assert BUILTIN_TARGETS["musa"] == "ttc.targets.musa.target:MusaTarget"
    assert target_classes()["musa"] is MusaTarget
    assert ("musa:31" in [string for string, _ in known_targets()])
    pyproject = (Path(__file__).resolve().parents[4] / "pyproject.toml").read_text()
    assert 'musa = "ttc.targets.musa.target:MusaTarget"' in pyproject


def test_artifacts_have_no_ptx_or_cubin() -> None:
    target = parse_target("musa:31")
    assert [a.name for a in target.artifacts] == ["llvmir", "mubin"]
    with pytest.raises(UsageError, match="cannot produce 'cubin'"):
        target.artifact("cubin")
    assert target.stage_pipeline("ttgir") == "musa-ttgir"
    assert target.stage_pipeline("llir") == "musa-llir"


def test_triple_and_data_layout() -> None:
    assert TRIPLE == "mtgpu-mt-musa"
    assert "p3:32:32" in DATA_LAYOUT and DATA_LAYOUT.startswith("e-p:64:64:64:64-p1:64:64:64:64")


def test_missing_toolchain_names_llc_and_lld(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUSA_HOME", str(tmp_path))
    monkeypatch.delenv("TTC_MUSA_LLC", raising=False)
    monkeypatch.delenv("TTC_MUSA_LLD", raising=False)
    with pytest.raises(TtcError, match=r"llc \(with the mtgpu back end\) and ld\.lld") as err:
        find_tools()
    assert str(tmp_path / "bin") in str(err.value)
    with pytest.raises(TtcError, match="ld.lld"):
        parse_target("musa:31").check_tools(MUBIN.name)
    parse_target("musa:31").check_tools("llvmir")  # LLVM IR needs no vendor tool


def test_an_llc_without_mtgpu_does_not_count(tmp_path: Path) -> None:
    llc = tmp_path / "llc"
    llc.write_text("#!/bin/sh\necho 'Registered Targets: nvptx64'\n")
    llc.chmod(0o755)
    lld = tmp_path / "ld.lld"
    lld.write_text("#!/bin/sh\n")
    lld.chmod(0o755)
    with pytest.raises(TtcError, match="mtgpu"):
        find_tools(str(llc), str(lld))
    llc.write_text("#!/bin/sh\necho '    mtgpu - MTGPU'\n")
    assert find_tools(str(llc), str(lld)) == (llc, lld)


def test_mubin_runs_llc_then_lld(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a toolchain found, the mubin is what ld.lld links from llc's object (stand-in tools
    that record their arguments)."""
    log = tmp_path / "log"
    llc = tmp_path / "llc"
    llc.write_text(f"#!/bin/sh\n[ \"$1\" = --version ] && {{ echo '  mtgpu - MTGPU'; exit 0; }}\n"
                   f"echo llc \"$@\" >> {log}\nwhile [ $# -gt 1 ]; do [ \"$1\" = -o ] && "
                   "printf OBJ > \"$2\"; shift; done\n")
    lld = tmp_path / "ld.lld"
    lld.write_text(f"#!/bin/sh\necho lld \"$@\" >> {log}\nwhile [ $# -gt 1 ]; do "
                   "[ \"$1\" = -o ] && out=\"$2\"; shift; done\nprintf MUBIN > \"$out\"\n")
    for tool in (llc, lld):
        tool.chmod(0o755)
    monkeypatch.setenv("TTC_MUSA_LLC", str(llc))
    monkeypatch.setenv("TTC_MUSA_LLD", str(lld))
    target = parse_target("musa:ph1")
    assert target.backend_step(MUBIN).run("; empty module\n") == b"MUBIN"
    calls = log.read_text().splitlines()
    assert calls[0].startswith("llc ") and "-march=mtgpu -mcpu=mp_31 --opaque-pointers" in calls[0]
    assert calls[1].startswith("lld -flavor gnu -shared ")
