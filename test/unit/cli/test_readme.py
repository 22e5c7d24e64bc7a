"""The README's set-up commands stay the ones CI runs and the ones that work."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_ci_runs_the_readme_test_command() -> None:
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r'^TEST_COMMAND="(.+)"$', script, re.MULTILINE)
    assert match is not None
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"\n    {match.group(1)}\n" in readme


SETUP_COMMAND = "ttc compile examples/add.ttir --target=cuda:90 -o add.ptx"


def test_readme_setup_command_compiles_the_example(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"\n    pip install -e . && {SETUP_COMMAND}\n" in readme
    args = SETUP_COMMAND.split()[1:]
    args[args.index("-o") + 1] = str(tmp_path / "add.ptx")
    result = subprocess.run([sys.executable, "-m", "ttc", *args], cwd=REPO, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert ".visible .entry add_kernel(" in (tmp_path / "add.ptx").read_text(encoding="utf-8")
