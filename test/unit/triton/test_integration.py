"""ttc inside Triton (`ttc.triton`) without a GPU: stage wiring, metadata, cache keys, errors.

Triton compiles for a named target without a device (`triton.compile(ASTSource, target=...)`),
so these tests drive Triton's real `compile()` with ttc installed; they skip where Triton is not
installed (CI). Each runs with its own empty Triton cache.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

triton = pytest.importorskip("triton")
tl = pytest.importorskip("triton.language")

from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402

import ttc.triton  # noqa: E402
from ttc.pipelines.location import DEFAULT_PIPELINES_FILE  # noqa: E402
from ttc.triton.stages import TtcCompileError, TtcFallbackWarning  # noqa: E402

HOPPER = GPUTarget("cuda", 90, 32)


@triton.jit
def scale_shift(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * 3.0 + 1.0, mask=mask)


@triton.jit
def row_sums(x_ptr, out_ptr, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :]
    tl.store(out_ptr + tl.arange(0, BLOCK), tl.sum(tl.load(x_ptr + rows), axis=1))


def source(kernel=scale_shift) -> ASTSource:
    if kernel is scale_shift:
        return ASTSource(kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32",
                                  "BLOCK": "constexpr"}, {"BLOCK": 256})
    return ASTSource(kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32", "BLOCK": "constexpr"},
                     {"BLOCK": 32})


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "cache"))
    yield
    ttc.triton.uninstall()


def test_install_sets_and_uninstall_restores_the_hook_and_keys() -> None:
    from triton import knobs
    from triton.compiler import compiler
    from triton.runtime import jit

    before = (jit.compute_cache_key, compiler.get_cache_key)
    ttc.triton.install()
    assert knobs.runtime.add_stages_inspection_hook is not None
    assert ttc.triton.installed() is not None
    assert jit.compute_cache_key({}, [("i32", None)], {}).endswith(
        knobs.runtime.add_stages_inspection_hook()[1])
    ttc.triton.uninstall()
    assert knobs.runtime.add_stages_inspection_hook is None
    assert (jit.compute_cache_key, compiler.get_cache_key) == before
    assert ttc.triton.installed() is None


def test_the_hook_called_bare_gives_a_key_and_its_hash() -> None:
    from triton import knobs

    ttc.triton.install()
    key, digest = knobs.runtime.add_stages_inspection_hook()
    assert key.startswith("ttc-") and len(digest) == 64


def test_every_stage_is_ttcs_and_the_metadata_is_filled(tmp_path: Path) -> None:
    log = tmp_path / "compiles.jsonl"
    ttc.triton.install(dump_dir=str(tmp_path / "dump"), compile_log=str(log))
    kernel = triton.compile(source(row_sums), target=HOPPER)
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert (record["kernel"], record["ok"]) == ("row_sums", True) and record["s"] > 0
    dumped = sorted(p.name for p in (tmp_path / "dump").iterdir())
    assert dumped == [f"row_sums.{s}" for s in ("cubin", "llir", "ptx", "ttgir", "ttir")]
    assert kernel.asm["ttgir"] == (tmp_path / "dump" / "row_sums.ttgir").read_text()
    assert kernel.asm["cubin"] == (tmp_path / "dump" / "row_sums.cubin").read_bytes()
    meta = kernel.metadata
    assert meta.name == "row_sums"
    assert meta.shared > 0  # the cross-warp reduction exchanges partial sums through shared memory
    assert (meta.num_warps, tuple(meta.cluster_dims), meta.tensordesc_meta) == (4, (1, 1, 1), [])
    assert (meta.global_scratch_size, meta.profile_scratch_size, meta.tmem_size) == (0, 0, 0)
    assert ".visible .entry row_sums" in kernel.asm["ptx"]


def test_triton_options_reach_ttc() -> None:
    ttc.triton.install()
    fused = triton.compile(source(), target=HOPPER)
    unfused = triton.compile(source(), target=HOPPER, options={"enable_fp_fusion": False,
                                                                "num_warps": 2})
    assert "fma.rn.f32" in fused.asm["ptx"]
    assert "fma.rn.f32" not in unfused.asm["ptx"]
    assert '"ttg.num-warps" = 2' in unfused.asm["ttgir"]
    assert unfused.metadata.num_warps == 2


def test_target_option_compiles_the_mlir_stages_for_another_capability() -> None:
    ttc.triton.install(target="cuda:80")
    kernel = triton.compile(source(), target=HOPPER)
    assert 'ttg.target = "cuda:80"' in kernel.asm["ttgir"]
    assert ".target sm_90a" in kernel.asm["ptx"]


def test_triton_and_ttc_kernels_never_share_a_cache_entry(tmp_path: Path) -> None:
    by_triton = triton.compile(source(), target=HOPPER).hash
    ttc.triton.install()
    by_ttc = triton.compile(source(), target=HOPPER).hash
    assert by_ttc != by_triton
    changed = tmp_path / "pipelines.yaml"
    changed.write_text(DEFAULT_PIPELINES_FILE.read_text() + "\n# edited\n")
    ttc.triton.install(pipelines_file=str(changed))
    assert triton.compile(source(), target=HOPPER).hash not in (by_ttc, by_triton)
    ttc.triton.uninstall()
    assert triton.compile(source(), target=HOPPER).hash == by_triton


def _broken_pipelines(tmp_path: Path) -> str:
    """A pipelines file whose llir stage forgets the conversion to the LLVM dialect."""
    text = DEFAULT_PIPELINES_FILE.read_text()
    start = text.index('      - "convert-triton-gpu-to-llvm')
    path = tmp_path / "broken.yaml"
    path.write_text(text[:start] + text[text.index("\n", start) + 1:])
    return str(path)


def test_a_failed_kernel_raises_with_its_python_line(tmp_path: Path) -> None:
    log = tmp_path / "compiles.jsonl"
    ttc.triton.install(pipelines_file=_broken_pipelines(tmp_path), compile_log=str(log))
    with pytest.raises(TtcCompileError) as caught:
        triton.compile(source(), target=HOPPER)
    error = caught.value
    assert (error.kernel, error.stage) == ("scale_shift", "llir")
    here = Path(__file__).resolve()
    assert f"{here}:" in error.diagnostics and "error:" in error.diagnostics
    assert "error: cannot lower 'tt.func' for cuda:90" in error.diagnostics
    assert "\ndef scale_shift(x_ptr, out_ptr, n, BLOCK: tl.constexpr):" in error.diagnostics
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert (record["kernel"], record["ok"], record["stage"]) == ("scale_shift", False, "llir")
    assert record["error"] == error.diagnostics


def test_fallback_warns_and_lets_triton_compile(tmp_path: Path) -> None:
    ttc.triton.install(pipelines_file=_broken_pipelines(tmp_path), fallback=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel = triton.compile(source(), target=HOPPER)
    messages = [str(w.message) for w in caught if issubclass(w.category, TtcFallbackWarning)]
    assert len(messages) == 1 and "scale_shift" in messages[0]
    assert kernel.metadata.name == "scale_shift" and kernel.asm["cubin"]


def test_an_unsupported_gpu_is_a_clear_error() -> None:
    ttc.triton.install()
    with pytest.raises(TtcCompileError, match="this GPU is sm_100"):
        triton.compile(source(), target=GPUTarget("cuda", 100, 32))


def test_another_stages_hook_is_not_overwritten() -> None:
    from triton import knobs

    from ttc.ir.errors import UsageError

    knobs.runtime.add_stages_inspection_hook = lambda *args: None
    try:
        with pytest.raises(UsageError, match="already set"):
            ttc.triton.install()
    finally:
        knobs.runtime.add_stages_inspection_hook = None


def test_ttc_run_installs_ttc_when_the_program_imports_triton() -> None:
    import subprocess
    import sys

    probe = ("import triton\nfrom ttc.triton.integration import installed\n"
             "print(installed())")
    result = subprocess.run([sys.executable, "-m", "ttc", "run", "--fallback", "--", sys.executable,
                             "-c", probe], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "IntegrationOptions(" in result.stdout and "fallback=True" in result.stdout


def _compile_counting(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> list[str]:
    """Point Triton at a fresh cache of its own and count the stages ttc really compiles."""
    from ttc.compile_driver import Compilation

    monkeypatch.setenv("TRITON_CACHE_DIR", str(cache_dir))
    compiled: list[str] = []
    original = Compilation.run_stage

    def run_stage(self: Compilation, stage: str, module: object) -> None:
        compiled.append(stage)
        original(self, stage, module)

    monkeypatch.setattr(Compilation, "run_stage", run_stage)
    return compiled


def test_ttcs_cache_answers_a_kernel_tritons_cache_has_not_seen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTC_CACHE_DIR", str(tmp_path / "ttc-cache"))
    log = tmp_path / "compiles.jsonl"
    ttc.triton.install(compile_log=str(log))
    first_run = _compile_counting(monkeypatch, tmp_path / "triton-1")
    first = triton.compile(source(row_sums), target=HOPPER)
    assert first_run == ["ttir", "ttgir", "llir"]
    ttc.triton.install(compile_log=str(log), dump_dir=str(tmp_path / "dump"))
    second_run = _compile_counting(monkeypatch, tmp_path / "triton-2")
    second = triton.compile(source(row_sums), target=HOPPER)
    assert second_run == []
    for stage in ("ttir", "ttgir", "llir", "ptx", "cubin"):
        assert second.asm[stage] == first.asm[stage]
    # Triton's own key differs (ttc's fingerprint names the dump directory); nothing else does.
    assert {**second.metadata._asdict(), "hash": ""} == {**first.metadata._asdict(), "hash": ""}
    assert (tmp_path / "dump" / "row_sums.cubin").read_bytes() == first.asm["cubin"]
    assert [json.loads(line)["ok"] for line in log.read_text().splitlines()] == [True, True]


def test_a_different_option_or_no_cache_compiles(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    cache_dir = tmp_path / "ttc-cache"
    monkeypatch.setenv("TTC_CACHE_DIR", str(cache_dir))
    ttc.triton.install(cache=False)
    compiled = _compile_counting(monkeypatch, tmp_path / "triton-1")
    triton.compile(source(), target=HOPPER)
    assert compiled == ["ttir", "ttgir", "llir"] and not (cache_dir / "entries").exists()
    ttc.triton.install()
    triton.compile(source(), target=HOPPER)
    compiled = _compile_counting(monkeypatch, tmp_path / "triton-2")
    triton.compile(source(), target=HOPPER, options={"num_warps": 2})
    assert compiled == ["ttir", "ttgir", "llir"]


def test_an_ir_override_is_compiled_and_never_stored(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    cache_dir = tmp_path / "ttc-cache"
    monkeypatch.setenv("TTC_CACHE_DIR", str(cache_dir))
    ttc.triton.install(cache=False)
    ttgir = triton.compile(source(), target=HOPPER).asm["ttgir"]
    override = tmp_path / "scale_shift.ttgir"
    override.write_text(ttgir.replace("3.000000e+00", "5.000000e+00"))
    ttc.triton.install()
    compiled = _compile_counting(monkeypatch, tmp_path / "triton-1")
    kernel = triton.compile(source(), target=HOPPER, options={"ir_override": str(override)})
    assert compiled == ["ttir", "ttgir", "llir"]
    assert "5.000000e+00" in kernel.asm["llir"] and "3.000000e+00" not in kernel.asm["llir"]
    assert not (cache_dir / "entries").exists()
