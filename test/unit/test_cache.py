"""The compile cache (`ttc.cache`): hits, a miss for every change of the key, corrupt entries,
concurrent writers, `--no-cache` and `TTC_CACHE_DIR`, and a hit that loads no compiler."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ttc.cache import CompileCache, Entry, default_cache_dir, ttc_version
from ttc.compile_driver import Compilation, CompileOptions, compile_source
from ttc.pipelines.location import DEFAULT_PIPELINES_FILE
from ttc.targets.base import parse_target

ROOT = Path(__file__).resolve().parents[2]
ADD = ROOT / "examples" / "add.ttir"


def options(**changes: Any) -> CompileOptions:
    settings: dict[str, Any] = {"target": parse_target("cuda:90"), "until": "ttgir"}
    settings.update(changes)
    return CompileOptions(**settings)


def test_a_second_compile_is_a_hit_with_the_same_output(tmp_path: Path, runs: list[str]) -> None:
    cache = CompileCache(tmp_path)
    text = ADD.read_text()
    first = compile_source(text, "add.ttir", options(until="llvmir"), cache)
    second = compile_source(text, "add.ttir", options(until="llvmir"), cache)
    assert runs == ["llvmir"]
    assert (second.output, second.kernel, second.metadata) == \
        (first.output, first.kernel, first.metadata)
    assert second.metadata is not None and second.metadata["name"] == "add_kernel"


@pytest.mark.parametrize("change", [
    {"target": parse_target("cuda:80")}, {"until": "ttir"}, {"num_warps": 8},
    {"num_stages": 2}, {"num_ctas": 2}, {"verify_each": True},
])
def test_any_option_change_is_a_miss(tmp_path: Path, runs: list[str],
                                     change: dict[str, Any]) -> None:
    cache = CompileCache(tmp_path)
    text = ADD.read_text()
    compile_source(text, "add.ttir", options(), cache)
    compile_source(text, "add.ttir", options(**change), cache)
    assert len(runs) == 2


def test_input_name_and_pipelines_file_changes_are_misses(tmp_path: Path,
                                                         runs: list[str]) -> None:
    cache = CompileCache(tmp_path / "cache")
    text = ADD.read_text()
    pipelines = tmp_path / "pipelines.yaml"
    pipelines.write_text(DEFAULT_PIPELINES_FILE.read_text())
    compile_source(text, "add.ttir", options(pipelines_file=str(pipelines)), cache)
    compile_source(text, "add.ttir", options(pipelines_file=str(pipelines)), cache)
    assert len(runs) == 1
    compile_source(text + "\n", "add.ttir", options(pipelines_file=str(pipelines)), cache)
    compile_source(text, "other.ttir", options(pipelines_file=str(pipelines)), cache)
    assert len(runs) == 3
    pipelines.write_text(DEFAULT_PIPELINES_FILE.read_text() + "\n# edited\n")
    compile_source(text, "add.ttir", options(pipelines_file=str(pipelines)), cache)
    assert len(runs) == 4


def test_ttc_version_follows_the_sources_and_is_memoized(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import ttc.cache

    package = tmp_path / "package"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    (package / "sub" / "p.yaml").write_text("a: 1\n")
    (package / "notes.txt").write_text("not a source\n")
    memo = tmp_path / "memo"
    ttc_version.cache_clear()
    first = ttc_version(memo, package)
    assert len(list((memo / "versions").iterdir())) == 1
    # Unchanged files are recognised by their stat signature: the sources are not read again.
    ttc_version.cache_clear()
    monkeypatch.setattr(ttc.cache, "_content_version", lambda *args: pytest.fail("read again"))
    assert ttc_version(memo, package) == first
    monkeypatch.undo()
    (package / "notes.txt").write_text("still not a source\n")
    ttc_version.cache_clear()
    assert ttc_version(memo, package) == first
    (package / "sub" / "p.yaml").write_text("a: 2\n")
    ttc_version.cache_clear()
    assert ttc_version(memo, package) != first
    ttc_version.cache_clear()


def test_a_corrupt_entry_is_a_miss_and_is_rebuilt(tmp_path: Path, runs: list[str]) -> None:
    cache = CompileCache(tmp_path)
    text = ADD.read_text()
    first = compile_source(text, "add.ttir", options(), cache)
    (entry,) = [p for p in (tmp_path / "entries").rglob("*") if p.is_file()]
    whole = entry.read_bytes()
    for damaged in (whole[:-1], whole[:-5] + b"XXXXX", b"", whole[:40]):
        entry.write_bytes(damaged)
        assert compile_source(text, "add.ttir", options(), cache).output == first.output
        assert entry.read_bytes() == whole
    assert len(runs) == 5


def test_an_entry_without_stages_does_not_answer_a_dump(tmp_path: Path, runs: list[str]) -> None:
    cache = CompileCache(tmp_path / "cache")
    text = ADD.read_text()
    compile_source(text, "add.ttir", options(until="ptx"), cache)
    kept: dict[str, str | bytes] = {}
    compile_source(text, "add.ttir", options(until="ptx", keep=kept.__setitem__), cache)
    assert len(runs) == 2
    replayed: dict[str, str | bytes] = {}
    compile_source(text, "add.ttir", options(until="ptx", keep=replayed.__setitem__), cache)
    assert len(runs) == 2
    assert replayed == kept
    assert sorted(kept) == [f"add_kernel.{s}" for s in ("json", "llir", "ptx", "ttgir", "ttir")]
    compile_source(text, "add.ttir", options(until="ptx"), cache)
    assert len(runs) == 2


ENTRIES = [Entry("text output " * 1000, "k", {"shared": 0}, {"k.ttir": "stage " * 500}),
           Entry(b"\x00binary\xff" * 3000, "k", None, None)]


def _hammer(directory: str, worker: int) -> list[str]:
    """Write one key over and over (alternating entries) and read it back; report bad reads."""
    cache = CompileCache(directory)
    problems = []
    for round_ in range(60):
        cache.put("ab" + "0" * 62, ENTRIES[(worker + round_) % 2])
        found = cache.get("ab" + "0" * 62)
        if found not in ENTRIES:
            problems.append(f"worker {worker} round {round_}: {found!r:.80}")
    return problems


def test_concurrent_writers_never_leave_a_partial_entry(tmp_path: Path) -> None:
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        results = pool.starmap(_hammer, [(str(tmp_path), worker) for worker in range(4)])
    assert [problem for problems in results for problem in problems] == []
    assert CompileCache(tmp_path).get("ab" + "0" * 62) in ENTRIES
    assert [p.name for p in (tmp_path / "entries" / "ab").iterdir()] == ["ab" + "0" * 62]


def test_an_unwritable_cache_does_not_fail_the_compile(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory would be\n")
    compiled = compile_source(ADD.read_text(), "add.ttir", options(), CompileCache(blocker))
    assert "ttg.num-warps" in str(compiled.output)


def test_the_default_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TTC_CACHE_DIR", str(tmp_path / "explicit"))
    assert default_cache_dir() == tmp_path / "explicit"
    monkeypatch.delenv("TTC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "ttc"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_cache_dir() == Path.home() / ".cache" / "ttc"


def test_the_test_run_keeps_its_cache_out_of_the_users() -> None:
    assert Path(os.environ["TTC_CACHE_DIR"]).name.startswith("ttc-test-cache-")


def ttc_compile(tmp_path: Path, cache_dir: Path, *args: str,
                python: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """`ttc compile examples/add.ttir --target=cuda:90 ARGS` with `python` flags to Python."""
    env = {**os.environ, "TTC_CACHE_DIR": str(cache_dir)}
    return subprocess.run([sys.executable, *python, "-m", "ttc", "compile", str(ADD),
                           "--target=cuda:90", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)


def test_the_command_line_hit_writes_output_and_dumps_without_the_compiler(
        tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    miss = ttc_compile(tmp_path, cache_dir, "-o", "a.ptx", "--dump-dir", "d1")
    assert miss.returncode == 0, miss.stderr
    assert any((cache_dir / "entries").rglob("*"))
    hit = ttc_compile(tmp_path, cache_dir, "-o", "b.ptx", "--dump-dir", "d2",
                      python=("-X", "importtime"))
    assert hit.returncode == 0, hit.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in hit.stderr.splitlines()
                if line.startswith("import time:")}
    assert {"ttc.cache", "ttc.compile_driver"} <= imported
    assert not [name for name in imported if name.startswith(("xdsl", "llvmlite", "yaml"))]
    assert "ttc.ir.parser" not in imported
    assert (tmp_path / "b.ptx").read_bytes() == (tmp_path / "a.ptx").read_bytes()
    # dumps are named after the output: a.<kernel>.<suffix>, b.<kernel>.<suffix>
    dumped = sorted(p.name.removeprefix("b.") for p in (tmp_path / "d2").iterdir())
    assert dumped == sorted(p.name.removeprefix("a.") for p in (tmp_path / "d1").iterdir())
    for name in dumped:
        assert (tmp_path / "d2" / f"b.{name}").read_bytes() == \
            (tmp_path / "d1" / f"a.{name}").read_bytes()


def test_no_cache_neither_reads_nor_writes(tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    result = ttc_compile(tmp_path, cache_dir, "-o", "a.ttgir", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert not (cache_dir / "entries").exists()


def test_a_compile_that_warned_is_not_stored(tmp_path: Path, runs: list[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from ttc.ir.diagnostics import Diagnostic, diagnostic_handler, emit

    original = Compilation._run_stage

    def warning_stage(self: Compilation, stage: str, passes: Any, module: Any) -> None:
        emit(Diagnostic("warning", f"a warning in {stage}"))
        original(self, stage, passes, module)

    monkeypatch.setattr(Compilation, "_run_stage", warning_stage)
    cache = CompileCache(tmp_path)
    for _ in range(2):
        seen: list[Diagnostic] = []
        with diagnostic_handler(seen.append):
            compile_source(ADD.read_text(), "add.ttir", options(), cache)
        assert [d.message for d in seen] == ["a warning in ttir", "a warning in ttgir"]
    assert len(runs) == 2 and not (tmp_path / "entries").exists()
