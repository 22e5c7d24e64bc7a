"""`ttc layout`: exit codes and output files (the lit tests check the drawings themselves)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from seed import SEED_ATTR

from ttc.cli.main import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["layout", *args])
    return result.exit_code, result.stdout, result.stderr


def test_usage_errors_exit_2() -> None:
    code, _, err = run(SEED_ATTR, "--shape", "16by16")
    assert code == 2 and err == "error: invalid --shape '16by16': expected positive sizes such as 16x16 or 1024\n"
    code, _, _ = run(SEED_ATTR)
    assert code == 2
    code, _, _ = run(SEED_ATTR, "--shape", "16x16", "--format", "png")
    assert code == 2


def test_shapes_too_large_to_draw_exit_2() -> None:
    blocked_1d = "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
    code, out, err = run(blocked_1d, "--shape", "2147483648")
    assert (code, out) == (2, "")
    assert err == (
        "error: --shape '2147483648' has 2147483648 elements; ttc layout draws at most 65536 "
        "(for example 256x256 or 65536)\n"
    )
    code, _, err = run(SEED_ATTR, "--shape", "512x256")
    assert code == 2 and "131072 elements" in err
    code, out, _ = run(SEED_ATTR, "--shape", "256x256", "--format", "tsv")
    assert code == 0 and len(out.splitlines()) == 256


def test_input_errors_exit_1_without_traceback() -> None:
    code, out, err = run(SEED_ATTR, "--shape", "16")
    assert (code, out) == (1, "")
    assert err == "error: the layout has rank 2, but the tensor shape 16 has rank 1\n"
    code, _, err = run("#ttg.blocked<{", "--shape", "16")
    assert code == 1 and "Traceback" not in err and err.startswith("<attribute>:1:")


def test_outputs_to_files(tmp_path: Path) -> None:
    for fmt in ("tsv", "svg", "table"):
        target = tmp_path / f"seed.{fmt}"
        code, out, _ = run(SEED_ATTR, "--shape", "16x16", "--format", fmt, "-o", str(target))
        assert (code, out) == (0, "")
        text = target.read_text()
        assert "T63:3" in text and "\x1b[" not in text
    assert (tmp_path / "seed.tsv").read_text().splitlines()[2].startswith("T4:0\tT4:1\tT5:0")
    code, _, err = run(SEED_ATTR, "--shape", "16x16", "-o", str(tmp_path / "missing" / "x.txt"))
    assert code == 1 and err.startswith("error: cannot write output file")


def test_layout_file_errors(tmp_path: Path) -> None:
    code, _, err = run("#blocked", "--shape", "16", "--layout-file", str(tmp_path / "none.mlir"))
    assert code == 1 and err.startswith("error: could not open input file")
    bad = tmp_path / "bad.mlir"
    bad.write_text("#blocked = #ttg.blocked<{sizePerThread = [4]}>\n")
    code, _, err = run("#blocked", "--shape", "16", "--layout-file", str(bad))
    assert code == 1 and err.startswith(f"{bad}:1:")
