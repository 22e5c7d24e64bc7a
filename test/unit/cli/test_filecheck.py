"""The `FileCheck` console script: a user's Triton-style lit suite finds it on PATH."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ttc.cli.filecheck import arguments

REPO = Path(__file__).resolve().parents[3]

LIT_CFG = """\
import os
import lit.formats

config.name = "user-suite"
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.environ["PATH"]
config.environment["PYTHONPATH"] = os.environ.get("PYTHONPATH", "")
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
"""

PASSES = """\
// RUN: ttc opt %s -canonicalize | FileCheck %s
// CHECK-LABEL: tt.func @f
// CHECK: %[[C:.*]] = arith.constant 2 : i32
// CHECK: tt.return %[[C]]
tt.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  tt.return %b : i32
}
"""

WRONG = """\
// RUN: ttc opt %s -canonicalize | FileCheck %s
// CHECK: arith.constant 3 : i32
tt.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  tt.return %b : i32
}
"""


def console_script(bin_dir: Path, name: str, entry: str) -> None:
    """A launcher for `entry` (`module:function`), as pip writes one for a console script."""
    module, function = entry.split(":")
    path = bin_dir / name
    path.write_text(f"#!{sys.executable}\nimport sys\nfrom {module} import {function}\n"
                    f"sys.exit({function}())\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def test_the_script_is_declared_under_llvms_name() -> None:
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["FileCheck"] == "ttc.cli.filecheck:main"


def test_filecheck_opts_come_before_the_arguments() -> None:
    assert arguments(["FileCheck", "x.mlir"], {"FILECHECK_OPTS": "--enable-var-scope -v"}) == \
        ["FileCheck", "--enable-var-scope", "-v", "x.mlir"]
    assert arguments(["FileCheck", "x.mlir"], {}) == ["FileCheck", "x.mlir"]


def test_a_triton_style_lit_suite_runs(tmp_path: Path) -> None:
    pytest.importorskip("lit")
    pytest.importorskip("filecheck")
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, entry in scripts.items():
        console_script(bin_dir, name, entry)
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "lit.cfg.py").write_text(LIT_CFG)
    (suite / "passes.mlir").write_text(PASSES)
    (suite / "wrong.mlir").write_text(WRONG)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(REPO)}
    lit = [sys.executable, "-c", "import lit.main; lit.main.main()"]
    result = subprocess.run([*lit, "-v", str(suite)], env=env,
                            capture_output=True, text=True, timeout=300)
    assert "command not found" not in result.stdout
    assert "PASS: user-suite :: passes.mlir" in result.stdout, result.stdout
    assert "FAIL: user-suite :: wrong.mlir" in result.stdout, result.stdout


def test_filecheck_opts_reach_the_checker(tmp_path: Path) -> None:
    pytest.importorskip("filecheck")
    checks = tmp_path / "checks.txt"
    checks.write_text("MINE: hello\n")
    command = [sys.executable, "-c", "from ttc.cli.filecheck import main; main()", str(checks)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    without = subprocess.run(command, input="hello\n", text=True, capture_output=True, env=env)
    assert without.returncode != 0  # no CHECK: lines
    env["FILECHECK_OPTS"] = "--check-prefix=MINE"
    for text, code in (("hello\n", 0), ("goodbye\n", 1)):
        run = subprocess.run(command, input=text, text=True, capture_output=True, env=env)
        assert run.returncode == code, run.stderr
