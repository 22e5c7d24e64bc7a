"""The Python API (`ttc.parse`, `ttc.opt`, `ttc.compile`): results, errors, limits, laziness,
and the examples of docs/python-api.md, run as they are written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ttc
from ttc.compile_driver import Compilation
from ttc.ir.parser import MAX_REGION_DEPTH
from ttc.ir.stack import RECURSION_LIMIT

ROOT = Path(__file__).resolve().parents[2]
ADD = ROOT / "examples" / "add.ttir"

RECURSIVE = """module {
  tt.func public @self() {
    tt.call @self() : () -> ()
    tt.return
  }
}
"""


def nested_ifs(levels: int) -> str:
    """A kernel whose store sits inside `levels` nested `scf.if`s."""
    lines = ["module {", "  tt.func public @nested(%c: i1, %p: !tt.ptr<f32>) {",
             "    %x = arith.constant 1.000000e+00 : f32"]
    lines += ["    scf.if %c {"] * levels
    lines.append("      tt.store %p, %x : !tt.ptr<f32>")
    lines += ["    }"] * levels
    lines += ["    tt.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def test_parse_gives_the_module_its_kind_and_kernel() -> None:
    parsed = ttc.parse(ADD)
    assert (parsed.kind, parsed.kernel) == ("ttir", "add_kernel")
    assert parsed.module.name == "builtin.module"
    assert parsed.text() == ttc.opt(ADD).text
    assert "loc(" in parsed.text(debuginfo=True) and "loc(" not in parsed.text()
    empty = ttc.parse("module {\n}\n")
    assert (empty.kind, empty.kernel) == (None, None)


def test_sources_are_text_bytes_or_paths() -> None:
    text = ADD.read_text()
    assert ttc.parse(text).text() == ttc.parse(text.encode()).text() == ttc.parse(ADD).text()
    with pytest.raises(ttc.TtcError, match="not valid UTF-8 \\(byte 1\\)"):
        ttc.parse(b"m\xff")
    with pytest.raises(ttc.TtcError, match="could not open input file .*No such file"):
        ttc.parse(ROOT / "no-such.ttir")
    with pytest.raises(ttc.UsageError, match="not int"):
        ttc.parse(3)  # type: ignore[arg-type]


def test_parse_errors_are_located() -> None:
    with pytest.raises(ttc.TtcError) as caught:
        ttc.parse("module {\n  %0 = arith.constant 1 : i32 oops\n}\n", filename="bad.mlir")
    assert caught.value.location is not None
    assert (caught.value.location.file, caught.value.location.line) == ("bad.mlir", 2)
    assert str(caught.value).startswith("bad.mlir:2:")


def test_opt_runs_passes_and_named_pipelines() -> None:
    listed = ttc.opt(ADD, ["canonicalize", "cse"]).text
    assert listed == ttc.opt(ADD, "builtin.module(canonicalize, cse)").text
    staged = ttc.opt(ADD, pipeline="ttir", target="cuda:90", num_warps=8)
    assert "tt.func public @add_kernel" in staged.text
    converted = ttc.opt(ADD, "convert-triton-to-tritongpu{target=cuda:90 num-warps=8}")
    assert '"ttg.num-warps" = 8' in converted.text
    assert converted.module.attributes["ttg.num-warps"] is not None


def test_opt_errors() -> None:
    with pytest.raises(ttc.UsageError, match="either passes or a pipeline"):
        ttc.opt(ADD, "cse", pipeline="ttir")
    with pytest.raises(ttc.TtcError, match="invalid pass pipeline") as bad:
        ttc.opt(ADD, "cse{")
    assert bad.value.exit_code == 2
    with pytest.raises(ttc.TtcError, match="no-such-pipeline"):
        ttc.opt(ADD, pipeline="no-such-pipeline")
    with pytest.raises(ttc.CompileError) as failed:
        ttc.opt(RECURSIVE, "tritongpu-global-scratch-memory-allocation", filename="rec.mlir")
    error = failed.value
    assert "recursive call of 'self'" in error.message
    assert error.location is not None and (error.location.file, error.location.line) == \
        ("rec.mlir", 3)
    assert [d.severity for d in error.diagnostics] == ["error"]


def test_compile_gives_the_artifact_metadata_and_stages() -> None:
    result = ttc.compile(ADD, "cuda:90", output="ptx", keep_stages=True)
    assert isinstance(result.output, str) and ".visible .entry add_kernel" in result.output
    assert (result.output_kind, result.kernel) == ("ptx", "add_kernel")
    meta = result.metadata
    assert meta is not None
    assert (meta.name, meta.target, meta.num_warps, meta.threads_per_block) == \
        ("add_kernel", "cuda:90", 4, 128)
    assert (meta.shared, meta.global_scratch_size) == (0, 0)
    assert [p.name for p in meta.params][-2:] == ["global_scratch", "profile_scratch"]
    assert sorted(result.stages) == ["json", "llir", "ptx", "ttgir", "ttir"]
    assert result.stages["ptx"] == result.output
    ttgir = ttc.compile(ADD, "cuda:80", output="ttgir", num_warps=2)
    assert ttgir.metadata is None and '"ttg.num-warps" = 2' in str(ttgir.output)
    assert ttgir.stages == {}


def test_compile_takes_every_input_kind() -> None:
    ttgir = ttc.compile(ADD, "cuda:90", output="ttgir").output
    llir = ttc.compile(ADD, "cuda:90", output="llvmir").output
    assert isinstance(ttgir, str) and isinstance(llir, str)
    from_ttgir = ttc.compile(ttgir, "cuda:90", output="ptx")
    from_llir = ttc.compile(llir, "cuda:90", output="ptx")
    assert from_ttgir.output == from_llir.output == ttc.compile(ADD, "cuda:90", output="ptx").output


def test_compile_argument_errors() -> None:
    with pytest.raises(ttc.UsageError, match="cannot produce 'mubin'"):
        ttc.compile(ADD, "cuda:90", output="mubin")
    with pytest.raises(ttc.UsageError, match="unsupported target 'cuda:75'"):
        ttc.compile(ADD, "cuda:75")
    with pytest.raises(ttc.TtcError, match="cannot be compiled back to TTIR"):
        ttc.compile(ttc.compile(ADD, "cuda:90", output="ttgir").output, "cuda:90", output="ttir")


def test_compile_goes_through_the_cache(tmp_path: Path, runs: list[str]) -> None:
    first = ttc.compile(ADD, "cuda:90", output="ptx", cache=tmp_path)
    second = ttc.compile(ADD, "cuda:90", output="ptx", cache=tmp_path)
    assert runs == ["ptx"] and second == first
    ttc.compile(ADD, "cuda:90", output="ptx", cache=False)
    assert runs == ["ptx", "ptx"]


def test_the_api_takes_the_nesting_the_command_line_takes() -> None:
    parsed = ttc.parse(nested_ifs(300))
    assert parsed.text().count("scf.if") == 300
    with pytest.raises(ttc.TtcError, match=f"nested more than {MAX_REGION_DEPTH} levels deep"):
        ttc.parse(nested_ifs(MAX_REGION_DEPTH + 10))


def test_compile_source_runs_on_the_command_lines_deep_stack(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """compile_source used to run on its caller's stack, where Python's default limits made about
    a hundred nested regions "nested too deeply"; it now runs where the command line runs."""
    limits: list[int] = []
    original = Compilation.run

    def run(self: Compilation) -> Any:
        limits.append(sys.getrecursionlimit())
        return original(self)

    monkeypatch.setattr(Compilation, "run", run)
    compiled = ttc.compile(nested_ifs(130), "cuda:80", output="ttir", cache=False)
    assert str(compiled.output).count("scf.if") == 130
    assert limits == [RECURSION_LIMIT]


def test_a_bug_is_an_internal_error_with_its_cause(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("broken on purpose")

    monkeypatch.setattr("ttc.ir.verify.verify_module", broken)
    with pytest.raises(ttc.InternalError, match="internal error: ValueError: broken on purpose") \
            as caught:
        ttc.parse(ADD)
    assert isinstance(caught.value.__cause__, ValueError)


def test_import_ttc_loads_no_compiler() -> None:
    probe = ("import sys, ttc; before = set(sys.modules); ttc.parse; "
             "print(sorted(m for m in before if m.startswith(('xdsl', 'llvmlite', 'ttc.'))), "
             "'ttc.api' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == ["[]", "True"]


def doc_examples() -> list[str]:
    """The ```python blocks of docs/python-api.md, in order."""
    text = (ROOT / "docs" / "python-api.md").read_text()
    return re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def test_the_documented_examples_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    examples = doc_examples()
    assert len(examples) >= 4
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TTC_CACHE_DIR", str(tmp_path / "cache"))
    namespace: dict[str, Any] = {}
    for example in examples:
        exec(compile(example, "docs/python-api.md", "exec"), namespace)  # noqa: S102
