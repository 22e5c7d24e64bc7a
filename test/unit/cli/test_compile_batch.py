"""`ttc compile a.ttir b.ttir ... --out-dir DIR --to FORMAT -j N`: batches in a process pool."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from triton_corpus import GPU_KERNELS

from ttc.cli.batch import longest_first
from ttc.cli.jobs import Job
from ttc.cli.main import cli

REPO = Path(__file__).resolve().parents[3]
GOOD = ("add", "softmax", "row_sum")
BAD_TTIR = "module {\n  tt.func public @k() {\n    tt.bogus\n  }\n}\n"


def compile_(*args: str) -> Result:
    return CliRunner().invoke(cli, ["compile", *args])


@pytest.fixture
def inputs(tmp_path: Path) -> list[Path]:
    """Three kernels and, second, one that does not parse."""
    paths = []
    for kernel in GOOD:
        path = tmp_path / "in" / f"{kernel}.ttir"
        path.parent.mkdir(exist_ok=True)
        path.write_text((GPU_KERNELS / kernel / "sm90.ttir").read_text())
        paths.append(path)
    bad = tmp_path / "in" / "bad.ttir"
    bad.write_text(BAD_TTIR)
    paths.insert(1, bad)
    return paths


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_failures_are_all_reported_and_the_rest_is_written(inputs: list[Path], tmp_path: Path,
                                                           jobs: str) -> None:
    out = tmp_path / "out"
    result = compile_(*map(str, inputs), "--target=cuda:90", "--to=ptx", "--out-dir", str(out),
                      "-j", jobs, "-MD")
    assert result.exit_code == 1
    assert sorted(path.name for path in out.iterdir()) == sorted(
        name for kernel in GOOD for name in (f"{kernel}.ptx", f"{kernel}.ptx.d"))
    bad = inputs[1]
    assert result.stderr == (
        f"{bad}:3:5: error: custom op 'tt.bogus' is unknown\n    tt.bogus\n    ^\n"
        f"error: 1 of 4 inputs failed: {bad}\n")
    for kernel in GOOD:
        single = tmp_path / f"{kernel}.ptx"
        assert compile_(str(inputs[0].parent / f"{kernel}.ttir"), "--target=cuda:90", "-o",
                        str(single)).exit_code == 0
        assert (out / f"{kernel}.ptx").read_text() == single.read_text()
        assert (out / f"{kernel}.ptx.d").read_text().startswith(
            f"{out / kernel}.ptx: {inputs[0].parent / kernel}.ttir ")


def test_every_failure_is_printed_in_input_order(inputs: list[Path], tmp_path: Path) -> None:
    second = tmp_path / "in" / "also_bad.ttir"
    second.write_text("module {\n  tt.func public @k() {\n    tt.worse\n  }\n}\n")
    result = compile_(*map(str, inputs), str(second), "--target=cuda:90", "--to=ttgir",
                      "--out-dir", str(tmp_path / "out"), "-j", "2")
    assert result.exit_code == 1
    assert result.stderr.index("tt.bogus") < result.stderr.index("tt.worse")
    assert result.stderr.endswith(f"error: 2 of 5 inputs failed: {inputs[1]}, {second}\n")


def test_a_clean_batch_is_silent_off_a_terminal(inputs: list[Path], tmp_path: Path) -> None:
    del inputs[1]
    result = compile_(*map(str, inputs), "--target=cuda:80", "--to=ttgir", "--out-dir",
                      str(tmp_path / "out"), "-j", "3")
    assert result.exit_code == 0 and result.stderr == "" and result.stdout == ""
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        f"{kernel}.ttgir" for kernel in sorted(GOOD)]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_terminal_gets_a_progress_bar(inputs: list[Path], tmp_path: Path, jobs: str) -> None:
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "ttc", "compile", *map(str, inputs), "--target=cuda:80",
               "--to=ttir", "--out-dir", str(tmp_path / "out"), "-j", jobs]
    env = {**os.environ, "PYTHONPATH": str(REPO), "TERM": "xterm", "COLUMNS": "80"}
    env.pop("NO_COLOR", None)
    process = subprocess.run(command, stderr=follower, stdout=subprocess.DEVNULL, env=env,
                             timeout=300)
    os.close(follower)
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    os.close(leader)
    assert process.returncode == 1
    assert b"compiling" in drawn and b"4/4" in drawn
    # the failure's diagnostic comes after the bar is gone, in one piece
    report = drawn[drawn.rindex(b"4/4"):].replace(b"\r\n", b"\n")
    assert f"{inputs[1]}:3:5: error: custom op 'tt.bogus' is unknown\n    tt.bogus\n    ^\n".encode() \
        in report
    assert b"compiling" not in report


@pytest.mark.parametrize(("args", "message"), [
    (["-o", "x.ptx"], "-o names one output but 2 inputs were given: use --out-dir DIR"),
    (["--out-dir", "o", "-o", "x.ptx"], "-o and --out-dir cannot both be given"),
    (["--out-dir", "o"], "--to is needed to say what to write to --out-dir"),
    (["--out-dir", "o", "--to=ptx", "-MF", "deps"], "-MF names one depfile but 2 inputs"),
    (["--out-dir", "o", "--to=ptx", "-j", "0"], "Invalid value for '-j'"),
])
def test_batch_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    add = GPU_KERNELS / "add"
    result = compile_(str(add / "sm90.ttir"), str(add / "sm80.ttir"), "--target=cuda:90", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_two_inputs_of_one_name_are_refused(tmp_path: Path) -> None:
    result = compile_(str(GPU_KERNELS / "add" / "sm90.ttir"),
                      str(GPU_KERNELS / "softmax" / "sm90.ttir"), "--target=cuda:90", "--to=ptx",
                      "--out-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "would both be compiled to" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_stdin_has_no_name_for_out_dir(tmp_path: Path) -> None:
    result = compile_("-", "--target=cuda:90", "--to=ptx", "--out-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "standard input ('-') has no name" in result.stderr


def test_an_output_over_its_input_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "add.ttir"
    source.write_text((GPU_KERNELS / "add" / "sm90.ttir").read_text())
    result = compile_(str(source), "--target=cuda:90", "--to=ttir", "--out-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "is the input" in result.stderr
    assert source.read_text() == (GPU_KERNELS / "add" / "sm90.ttir").read_text()


def test_largest_input_goes_first(tmp_path: Path) -> None:
    sizes = {"a": 10, "b": 300, "c": 10, "d": 50}
    jobs = []
    for name, size in sizes.items():
        (tmp_path / name).write_text("x" * size)
        jobs.append(Job(str(tmp_path / name), "out"))
    jobs.append(Job(str(tmp_path / "missing"), "out"))
    assert longest_first(jobs) == [1, 3, 0, 2, 4]
