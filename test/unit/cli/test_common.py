"""Reading input (files and stdin) and writing output whole or not at all."""

from __future__ import annotations

import io
import os
import stat
import sys
from pathlib import Path

import pytest

from ttc.cli.common import read_input, run_command
from ttc.ir.errors import TtcError, UsageError
from ttc.outputs import write_output


def test_read_file_and_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.mlir"
    path.write_text("module {}\n", encoding="utf-8")
    assert read_input(str(path)) == ("module {}\n", str(path))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\n")))
    assert read_input("-") == ("x\n", "<stdin>")


def test_read_errors(tmp_path: Path) -> None:
    with pytest.raises(TtcError, match="could not open input file .*No such file"):
        read_input(str(tmp_path / "missing.mlir"))
    with pytest.raises(TtcError, match="Is a directory"):
        read_input(str(tmp_path))
    bad = tmp_path / "bad.mlir"
    bad.write_bytes(b"ok\xff")
    with pytest.raises(TtcError, match="not valid UTF-8 \\(byte 2\\)"):
        read_input(str(bad))


def test_write_replaces_whole_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.mlir"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    write_output(str(target), "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.mlir"]


def test_write_to_a_device_writes_in_place() -> None:
    write_output(os.devnull, "discarded\n")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_failed_write_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(TtcError, match="cannot write output file"):
        write_output(str(tmp_path / "no" / "such" / "dir.mlir"), "x")
    target = tmp_path / "out.mlir"
    with pytest.raises(TypeError):
        write_output(str(target), None)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_run_command_exit_codes(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    def usage() -> int:
        raise UsageError("bad flag")

    def crash() -> int:
        raise KeyError("k")

    for body, code in ((lambda: 0, 0), (usage, 2), (crash, 1)):
        with pytest.raises(SystemExit) as info:
            run_command(body)
        assert info.value.code == code
    err = capsys.readouterr().err
    assert "error: bad flag" in err
    assert "internal error: KeyError: 'k' (set TTC_DEBUG=1 for a traceback)" in err
    assert "Traceback" not in err
    monkeypatch.setenv("TTC_DEBUG", "1")
    with pytest.raises(SystemExit):
        run_command(crash)
    assert "Traceback" in capsys.readouterr().err
