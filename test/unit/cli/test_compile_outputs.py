"""`ttc compile` in scripts: `-o -` with `--to`, `-MD`/`-MF` depfiles, dump names apart."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from triton_corpus import GPU_KERNELS

from ttc.cli.depfile import default_depfile, make_rule
from ttc.cli.main import cli
from ttc.pipelines.location import default_pipelines_file

ADD = GPU_KERNELS / "add" / "sm90.ttir"
SOFTMAX = GPU_KERNELS / "softmax" / "sm90.ttir"


def compile_(*args: str) -> Result:
    return CliRunner().invoke(cli, ["compile", *args])


@pytest.mark.parametrize(("to", "suffix"), [("ttgir", ".ttgir"), ("llvmir", ".llir"),
                                            ("ptx", ".ptx")])
def test_stdout_gets_what_the_file_would(to: str, suffix: str, tmp_path: Path) -> None:
    output = tmp_path / f"add{suffix}"
    assert compile_(str(ADD), "--target=cuda:90", "-o", str(output)).exit_code == 0
    result = compile_(str(ADD), "--target=cuda:90", "-o", "-", "--to", to)
    assert result.exit_code == 0, result.output
    assert result.stdout == output.read_text()


def test_llvm_mlir_is_the_llvm_dialect_after_the_llir_stage() -> None:
    result = compile_(str(ADD), "--target=cuda:90", "-o", "-", "--to", "llvm-mlir")
    assert result.exit_code == 0, result.output
    assert "llvm.func @add_kernel" in result.stdout and "tt.func" not in result.stdout


def test_to_wins_over_the_suffix(tmp_path: Path) -> None:
    output = tmp_path / "add.txt"
    result = compile_(str(ADD), "--target=cuda:90", "-o", str(output), "--to", "ptx")
    assert result.exit_code == 0, result.output
    assert ".visible .entry add_kernel" in output.read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["-o", "-"], "--to is needed to say what to write to standard output (-o -): one of ttir, "
                  "ttgir, llvm-mlir, llvmir, ptx, cubin"),
    (["-o", "-", "--to", "mubin"], "--to=mubin: target cuda:90 produces ttir, ttgir, llvm-mlir, "
                                   "llvmir, ptx, cubin"),
    (["-o", "-", "--to", "ptx", "-MD"], "-MD/-MF need -o FILE"),
    ([], "missing the output: -o FILE"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    result = compile_(str(ADD), "--target=cuda:90", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_md_writes_a_make_rule_beside_the_output(tmp_path: Path) -> None:
    output = tmp_path / "add.ptx"
    result = compile_(str(ADD), "--target=cuda:90", "-o", str(output), "-MD")
    assert result.exit_code == 0, result.output
    assert Path(f"{output}.d").read_text() == f"{output}: {ADD} {default_pipelines_file()}\n"


def test_mf_names_the_depfile_and_the_pipelines_file_given(tmp_path: Path) -> None:
    pipelines = tmp_path / "my pipelines.yaml"
    pipelines.write_text(default_pipelines_file().read_text())
    output, depfile = tmp_path / "add.ptx", tmp_path / "deps" / "add.dep"
    depfile.parent.mkdir()
    result = compile_(str(ADD), "--target=cuda:90", "-o", str(output), "-MF", str(depfile),
                      "--pipelines-file", str(pipelines))
    assert result.exit_code == 0, result.output
    assert depfile.read_text() == f"{output}: {ADD} {tmp_path}/my\\ pipelines.yaml\n"
    assert not Path(f"{output}.d").exists()


def test_a_failed_compile_writes_no_depfile(tmp_path: Path) -> None:
    source = tmp_path / "bad.ttir"
    source.write_text("module {\n  tt.func public @k() {\n    tt.bogus\n  }\n}\n")
    output = tmp_path / "bad.ptx"
    result = compile_(str(source), "--target=cuda:90", "-o", str(output), "-MD")
    assert result.exit_code == 1
    assert not output.exists() and not Path(f"{output}.d").exists()


def test_make_rule_escapes_as_make_reads_it() -> None:
    assert make_rule("out dir/k.ptx", ["a#1.ttir", "$HOME/p.yaml"]) == \
        "out\\ dir/k.ptx: a\\#1.ttir $$HOME/p.yaml\n"
    assert default_depfile("build/k.cubin") == "build/k.cubin.d"


def test_dumps_of_two_builds_of_one_kernel_do_not_collide(tmp_path: Path) -> None:
    dump = tmp_path / "dump"
    for cc in (80, 90):
        result = compile_(str(ADD), f"--target=cuda:{cc}", "-o", str(tmp_path / f"add{cc}.ptx"),
                          "--dump-dir", str(dump))
        assert result.exit_code == 0, result.output
    assert sorted(path.name for path in dump.iterdir()) == [
        f"add{cc}.add_kernel.{suffix}" for cc in (80, 90)
        for suffix in ("json", "llir", "ptx", "ttgir", "ttir")]
    for cc in (80, 90):
        assert (dump / f"add{cc}.add_kernel.ptx").read_text() == \
            (tmp_path / f"add{cc}.ptx").read_text()


def test_stdout_builds_are_named_after_the_input(tmp_path: Path) -> None:
    dump = tmp_path / "dump"
    result = compile_(str(SOFTMAX), "--target=cuda:90", "-o", "-", "--to=ttgir", "--dump-dir",
                      str(dump))
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in dump.iterdir()) == [
        "sm90.softmax_kernel.ttgir", "sm90.softmax_kernel.ttir"]
    result = CliRunner().invoke(cli, ["compile", "--target=cuda:90", "-o", "-", "--to=ttir",
                                      "--dump-dir", str(tmp_path / "stdin")],
                                input=ADD.read_text())
    assert result.exit_code == 0, result.output
    assert [path.name for path in (tmp_path / "stdin").iterdir()] == ["add_kernel.ttir"]
