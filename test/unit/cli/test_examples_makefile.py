"""examples/Makefile: PTX with depfiles, incremental, cubins only when ptxas is there."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "examples"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    variables = [f"PYTHON={sys.executable}", f"TTC={sys.executable} -m ttc",
                 f"BUILD={tmp_path / 'build'}"]
    environment = {**os.environ, "PYTHONPATH": str(REPO), **env}
    return subprocess.run(["make", "-C", str(tmp_path / "examples"), *variables, *args],
                          env=environment, capture_output=True, text=True, timeout=600)


def test_ptx_with_depfiles_rebuilt_only_when_an_input_changes(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    no_ptxas = {"TTC_PTXAS": str(tmp_path / "no-ptxas")}
    first = make(tmp_path, **no_ptxas)
    assert first.returncode == 0, first.stderr
    build = tmp_path / "build"
    kernels = sorted(path.stem for path in EXAMPLES.glob("*.ttir"))
    assert kernels and sorted(path.name for path in build.iterdir()) == sorted(
        name for kernel in kernels for name in (f"{kernel}.ptx", f"{kernel}.ptx.d"))
    assert (build / "add.ptx.d").read_text().startswith(f"{build / 'add.ptx'}: add.ttir ")
    assert make(tmp_path, "--question", **no_ptxas).returncode == 0  # nothing to do
    source = tmp_path / "examples" / "add.ttir"
    os.utime(source, (source.stat().st_atime, (build / "add.ptx").stat().st_mtime + 10))
    assert make(tmp_path, "--question", **no_ptxas).returncode == 1
    second = make(tmp_path, **no_ptxas)
    assert second.returncode == 0 and "add.ptx -MD" in second.stdout


def test_the_pipelines_file_is_a_dependency(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    pipelines = tmp_path / "pipelines.yaml"
    pipelines.write_text((REPO / "ttc" / "pipelines" / "pipelines.yaml").read_text())
    env = {"TTC_PTXAS": str(tmp_path / "no-ptxas"), "TTC_PIPELINES_FILE": str(pipelines)}
    assert make(tmp_path, **env).returncode == 0
    assert f" {pipelines}\n" in (tmp_path / "build" / "add.ptx.d").read_text()
    ptx = tmp_path / "build" / "add.ptx"
    os.utime(pipelines, (pipelines.stat().st_atime, ptx.stat().st_mtime + 10))
    assert make(tmp_path, "--question", **env).returncode == 1
