"""Deeply nested input through the real `ttc` process: it works up to the parser's limits and is
a located error past them, never a Python recursion message or a hang.

The commands run as subprocesses, as a user runs them; the deep stack that makes this work
(`ttc.ir.stack.call_with_deep_stack`) is also what the Python API runs on (test_api.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ttc.ir.parser import MAX_ATTRIBUTE_DEPTH, MAX_REGION_DEPTH

HANG_SECONDS = 300


def nested_ifs(levels: int) -> str:
    """A kernel whose store sits inside `levels` nested `scf.if`s."""
    lines = ["module {", "  tt.func public @nested(%c: i1, %p: !tt.ptr<f32>) {",
             "    %x = arith.constant 1.000000e+00 : f32"]
    lines += [" " * (4 + level % 8) + "scf.if %c {" for level in range(levels)]
    lines.append("      tt.store %p, %x : !tt.ptr<f32>")
    lines += [" " * (4 + level % 8) + "}" for level in reversed(range(levels))]
    lines += ["    tt.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def run_ttc(tmp_path: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "deep.mlir"
    source.write_text(text)
    return subprocess.run([sys.executable, "-m", "ttc", *args, source.name], cwd=tmp_path,
                          capture_output=True, text=True, timeout=HANG_SECONDS, check=False)


def test_300_nested_ifs_parse_transform_and_print(tmp_path: Path) -> None:
    result = run_ttc(tmp_path, nested_ifs(300), "opt", "-canonicalize", "-cse")
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.count("scf.if %arg0 {") == 300
    assert result.stdout.count("tt.store") == 1


def test_256_nested_ifs_compile_to_llvm_ir(tmp_path: Path) -> None:
    result = run_ttc(tmp_path, nested_ifs(256), "compile", "--target=cuda:80", "-o", "deep.ll")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "st.global.b32" in (tmp_path / "deep.ll").read_text()


def test_regions_deeper_than_the_limit_are_a_located_error(tmp_path: Path) -> None:
    result = run_ttc(tmp_path, nested_ifs(MAX_REGION_DEPTH + 10), "opt")
    assert result.returncode == 1
    # The module and the function hold the first two regions.
    line = 3 + MAX_REGION_DEPTH - 1
    assert result.stderr.startswith(f"deep.mlir:{line}:")
    assert f"nested more than {MAX_REGION_DEPTH} levels deep, which is ttc's limit" in result.stderr
    assert "recursion" not in result.stderr


def test_deeply_nested_attributes_and_types_are_a_located_error(tmp_path: Path) -> None:
    depth = 20 * MAX_ATTRIBUTE_DEPTH
    for value in ("[" * depth + "]" * depth, "!tt.ptr<" * depth + "f32" + ">" * depth):
        result = run_ttc(tmp_path, f"module attributes {{x = {value}}} {{\n}}\n", "opt")
        assert result.returncode == 1, result.stderr[:500]
        assert result.stderr.startswith("deep.mlir:1:")
        assert f"nested more than {MAX_ATTRIBUTE_DEPTH} levels deep" in result.stderr
        assert "recursion" not in result.stderr
