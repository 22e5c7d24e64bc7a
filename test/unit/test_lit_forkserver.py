"""The lit suite's fork server (test/lit/tools/forkserver.py): a command run through it gets the
client's arguments, standard streams, directory and environment and hands back its exit code; the
server stops when its lifeline closes; without a server the client runs the fallback command."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "lit" / "tools" / "forkserver.py"
MODULE = "tt.func @f(%x: i32) -> i32 {\n  tt.return %x : i32\n}\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A running server's socket path."""
    socket_path = tmp_path_factory.mktemp("forkserver") / "socket"
    process = subprocess.Popen([sys.executable, str(SCRIPT), "serve", str(socket_path)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    assert process.stdout.readline() == b"ready\n"
    yield socket_path
    process.stdin.close()
    assert process.wait(timeout=60) == 0
    assert not socket_path.exists()


def call(socket_path: Path, program: str, *arguments: str, cwd: Path, stdin: str = "",
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-S", "-I", str(SCRIPT), "call", str(socket_path),
                           program, "echo fallback", *arguments],
                          input=stdin, capture_output=True, text=True, cwd=cwd, env=env,
                          check=False, timeout=120)


def test_stdin_and_stdout_are_the_clients(server: Path, tmp_path: Path) -> None:
    result = call(server, "ttc", "opt", "-", cwd=tmp_path, stdin=MODULE)
    assert (result.returncode, result.stderr) == (0, "")
    assert "tt.return %arg0 : i32" in result.stdout


def test_exit_code_stderr_and_directory_are_the_clients(server: Path, tmp_path: Path) -> None:
    (tmp_path / "bad.mlir").write_text("tt.func @f() {\n  tt.bogus\n}\n")
    result = call(server, "ttc", "opt", "bad.mlir", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("bad.mlir:2:")
    assert result.stdout == ""


def test_environment_is_the_clients(server: Path, tmp_path: Path) -> None:
    pipelines = tmp_path / "pipelines.yaml"
    pipelines.write_text("pipelines:\n  mine:\n    passes: [cse]\n")
    environment = {"PATH": "/usr/bin:/bin", "TTC_PIPELINES_FILE": str(pipelines)}
    result = call(server, "ttc", "opt", "-", "--pipeline=mine", cwd=tmp_path, stdin=MODULE,
                  env=environment)
    assert (result.returncode, result.stderr) == (0, "")
    assert call(server, "ttc", "opt", "-", "--pipeline=mine", cwd=tmp_path,
                stdin=MODULE).returncode == 2


def test_filecheck_is_served(server: Path, tmp_path: Path) -> None:
    checks = tmp_path / "checks.txt"
    checks.write_text("CHECK: tt.return\n")
    assert call(server, "filecheck", str(checks), cwd=tmp_path, stdin=MODULE).returncode == 0
    failed = call(server, "filecheck", str(checks), cwd=tmp_path, stdin="nothing\n")
    assert failed.returncode == 1 and "error" in failed.stderr


def test_without_a_server_the_fallback_runs(tmp_path: Path) -> None:
    result = call(tmp_path / "no-socket", "ttc", "opt", "-", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "fallback opt -\n")
