"""`ttc translate`: inputs by content, PTX/cubin from Triton's LLVM IR, targets, and error paths."""

from __future__ import annotations

import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from nvidia_tools import needs_libdevice, needs_ptxas
from triton_corpus import CORPUS, GPU_KERNELS

from ttc.cli.main import cli
from ttc.targets import mlir_bindings
from ttc.targets.nvidia import ptxas

KERNELS = GPU_KERNELS
LLIR = sorted(KERNELS.glob("*/sm*.llir")) + sorted(CORPUS.glob("*/sm*.llir"))


def translate(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["translate", *args], input=stdin)


def hide_ptxas(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No ptxas anywhere: empty PATH, no TTC_PTXAS, no wheel, no /usr/local/cuda."""
    monkeypatch.delenv("TTC_PTXAS", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(ptxas, "_wheel_candidates", lambda: [])
    real_is_file = Path.is_file
    monkeypatch.setattr(Path, "is_file", lambda self: str(self) != "/usr/local/cuda/bin/ptxas"
                        and real_is_file(self))


@pytest.mark.parametrize("path", LLIR, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_triton_llvm_ir_to_ptx(path: Path) -> None:
    cc = int(path.stem[2:])
    result = translate(str(path), "--to=ptx", f"--target=cuda:{cc}")
    assert result.exit_code == 0, result.output
    triton = (path.parent / f"sm{cc}.ptx").read_text()
    assert re.search(r"^\.version 8\.7$", result.stdout, re.MULTILINE)
    assert re.search(rf"^\.target sm_{cc}{'a' if cc >= 90 else ''}$", result.stdout, re.MULTILINE)
    entry = r"^\.visible \.entry (\w+)\("
    assert re.findall(entry, result.stdout, re.M) == re.findall(entry, triton, re.M)
    assert re.findall(r"^\.reqntid \d+", result.stdout, re.M) == \
        re.findall(r"^\.reqntid \d+", triton, re.M)


def test_llvm_ir_is_recognised_by_content_on_stdin() -> None:
    text = (KERNELS / "add" / "sm80.llir").read_text()
    result = translate("-", "--to=llvmir", "--target=cuda:80", stdin=text)
    assert result.exit_code == 0, result.output
    assert 'target triple = "nvptx64-nvidia-cuda"' in result.stdout
    assert re.search(r"^define ptx_kernel void @add_kernel\(", result.stdout, re.M)


def test_ttgir_runs_the_llir_stage(tmp_path: Path) -> None:
    output = tmp_path / "add.ll"
    result = translate(str(KERNELS / "add" / "sm90.ttgir"), "--to=llvmir", "--target=cuda:90",
                       "-o", str(output))
    assert result.exit_code == 0, result.output
    assert re.search(r'"nvvm\.reqntid"="128"', output.read_text())


def test_ttir_is_refused_with_a_hint() -> None:
    result = translate(str(KERNELS / "add" / "sm90.ttir"), "--to=ptx", "--target=cuda:90")
    assert result.exit_code == 1
    assert "error: the input is TTIR; this command takes TTGIR, the LLVM dialect, LLVM IR " \
           "(`ttc compile` starts from TTIR)" in result.stderr


def test_target_mismatch_with_the_module() -> None:
    result = translate(str(KERNELS / "add" / "sm90.ttgir"), "--to=ptx", "--target=cuda:80")
    assert result.exit_code == 1
    assert "compiled for cuda:90 (module attribute ttg.target) but --target is cuda:80" \
        in result.stderr


@pytest.mark.parametrize(("target", "message"), [
    ("cuda:75", "unsupported target 'cuda:75': ttc compiles for cuda:80, cuda:86, cuda:87, "
                "cuda:89, cuda:90"),
    ("rocm:90", "unknown target family 'rocm' in 'rocm:90' (known targets: cuda:80, cuda:86, "
                "cuda:87, cuda:89, cuda:90, musa:31)"),
    ("cuda", "invalid target 'cuda': expected FAMILY:ARCH"),
])
def test_bad_target_is_a_usage_error(target: str, message: str) -> None:
    result = translate(str(KERNELS / "add" / "sm90.llir"), "--to=ptx", f"--target={target}")
    assert result.exit_code == 2
    assert message in result.stderr


def test_unknown_output_kind_is_a_usage_error() -> None:
    result = translate(str(KERNELS / "add" / "sm90.llir"), "--to=sass", "--target=cuda:90")
    assert result.exit_code == 2
    assert "target cuda:90 cannot produce 'sass' (it produces llvmir, ptx, cubin)" in result.stderr


def test_binary_to_stdout_is_refused_without_o() -> None:
    result = translate(str(KERNELS / "add" / "sm90.llir"), "--to=cubin", "--target=cuda:90")
    assert result.exit_code == 2
    assert "refusing to write a binary cubin to standard output" in result.stderr
    assert result.stdout == ""


def test_invalid_llvm_ir_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ll"
    bad.write_text("define void @k() {\n  %1 = add i32 %0, 1\n  ret void\n}\n")
    output = tmp_path / "out.ptx"
    result = translate(str(bad), "--to=ptx", "--target=cuda:90", "-o", str(output))
    assert result.exit_code == 1
    assert "error: invalid LLVM IR" in result.stderr
    assert not output.exists()


def test_missing_ptxas_names_what_to_install(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    hide_ptxas(monkeypatch, tmp_path)
    output = tmp_path / "add.cubin"
    result = translate(str(KERNELS / "add" / "sm90.llir"), "--to=cubin", "--target=cuda:90",
                       "-o", str(output))
    assert result.exit_code == 1
    assert "ptxas not found; install the CUDA toolkit, or `pip install nvidia-cuda-nvcc-cu12`" \
        in result.stderr
    assert not output.exists() and list(tmp_path.iterdir()) == []


def test_ptxas_too_old_for_ptx_8_7(tmp_path: Path) -> None:
    tool = tmp_path / "ptxas"
    tool.write_text("#!/bin/sh\necho 'Cuda compilation tools, release 12.4, V12.4.131'\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    result = translate(str(KERNELS / "add" / "sm90.llir"), "--to=cubin", "--target=cuda:90",
                       "-o", str(tmp_path / "add.cubin"), "--ptxas", str(tool))
    assert result.exit_code == 1
    assert "(CUDA 12.4) cannot assemble PTX ISA 8.7: use ptxas from CUDA 12.8 or newer" \
        in result.stderr


@needs_ptxas
@pytest.mark.parametrize("cc", [80, 90])
def test_cubin_from_triton_llvm_ir(cc: int, tmp_path: Path) -> None:
    output = tmp_path / "k.cubin"
    result = translate(str(KERNELS / "layer_norm" / f"sm{cc}.llir"), "--to=cubin",
                       f"--target=cuda:{cc}", "-o", str(output))
    assert result.exit_code == 0, result.output
    assert output.read_bytes()[:4] == b"\x7fELF"


@needs_ptxas
def test_binary_to_stdout_with_explicit_dash() -> None:
    result = subprocess.run([sys.executable, "-m", "ttc", "translate",
                             str(KERNELS / "add" / "sm90.llir"), "--to=cubin", "--target=cuda:90",
                             "-o", "-"], capture_output=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout[:4] == b"\x7fELF"


@needs_libdevice
def test_libdevice_calls_are_linked(tmp_path: Path) -> None:
    source = tmp_path / "k.ll"
    source.write_text(
        "declare float @__nv_sqrtf(float)\n"
        "define ptx_kernel void @k(ptr addrspace(1) %p, float %x) {\n"
        "  %y = call float @__nv_sqrtf(float %x)\n"
        "  store float %y, ptr addrspace(1) %p\n  ret void\n}\n")
    result = translate(str(source), "--to=ptx", "--target=cuda:90")
    assert result.exit_code == 0, result.output
    assert "sqrt." in result.stdout and "__nv" not in result.stdout


def test_via_mlir_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mlir_bindings, "mlir_bindings_available", lambda: False)
    result = translate(str(KERNELS / "add" / "sm90.ttgir"), "--to=ptx", "--target=cuda:90",
                       "--via=mlir")
    assert result.exit_code == 2
    assert "--via=mlir needs upstream MLIR's Python bindings: pip install 'ttc[mlir]'" \
        in result.stderr


@pytest.mark.skipif(not mlir_bindings.mlir_bindings_available(),
                    reason="the mlir extra (xtc-mlir-python-bindings) is not installed")
@pytest.mark.parametrize("kernel", ["add", "row_sum", "layer_norm"])
def test_via_mlir_gives_the_same_ptx(kernel: str, tmp_path: Path) -> None:
    """ttc's emitter and MLIR's agree once ttc's `contract` flags (Triton's fp fusion, which MLIR's
    translation does not add) are dropped. softmax is left out: it calls
    `llvm.nvvm.ex2.approx.f`, Triton's spelling, which the extra's MLIR 22 no longer knows."""
    source = str(KERNELS / kernel / "sm90.ttgir")
    ptx = []
    for via in ("ttc", "mlir"):
        llvm_ir = tmp_path / f"{via}.ll"
        result = translate(source, "--to=llvmir", "--target=cuda:90", f"--via={via}",
                           "-o", str(llvm_ir))
        assert result.exit_code == 0, result.output
        llvm_ir.write_text(llvm_ir.read_text().replace(" contract ", " "))
        result = translate(str(llvm_ir), "--to=ptx", "--target=cuda:90")
        assert result.exit_code == 0, result.output
        ptx.append(result.stdout)
    assert ptx[0] == ptx[1]


def test_add_module_flag_extends_or_creates_the_list() -> None:
    created = mlir_bindings.add_module_flag("define void @f() {\n  ret void\n}\n", "x", 1)
    assert created.endswith('\n!llvm.module.flags = !{!0}\n!0 = !{i32 4, !"x", i32 1}\n')
    extended = mlir_bindings.add_module_flag(
        '!llvm.module.flags = !{!0}\n!0 = !{i32 2, !"Debug Info Version", i32 3}\n', "x", 1)
    assert "!llvm.module.flags = !{!0, !1}\n" in extended
    assert extended.endswith('!1 = !{i32 4, !"x", i32 1}\n')
