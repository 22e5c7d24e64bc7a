"""The README's set-up commands stay the ones CI runs and the ones that work."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_ci_runs_the_readme_test_command() -> None:
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r'^TEST_COMMAND="(.+)"$', script, re.MULTILINE)
    assert match is not None
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"\n    {match.group(1)}\n" in readme


def test_readme_example_input_exists() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "ttc opt examples/add.ttir --pipeline=ttir" in readme
    assert (REPO / "examples" / "add.ttir").is_file()
