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


def test_nothing_in_the_repository_reaches_outside_it() -> None:
    """The repository stands alone: no shipped file names the folder beside a checkout."""
    outside = "../" + "shared"
    offenders = [
        str(path.relative_to(REPO))
        for top in ("README.md", "docs", "ttc", "test", "bench", "examples", ".ci")
        for path in ([REPO / top] if (REPO / top).is_file() else sorted((REPO / top).rglob("*")))
        if path.is_file() and path.suffix not in (".pyc", ".gz")
        and outside in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert offenders == []


def test_documentation_links_resolve() -> None:
    """Every relative link in the README and docs/ names a file that exists."""
    link = re.compile(r"\]\(([^)#:]+)(?:#[^)]*)?\)")
    broken = [
        f"{page.relative_to(REPO)}: {target}"
        for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
        for target in link.findall(page.read_text(encoding="utf-8"))
        if not (page.parent / target).exists()
    ]
    assert (REPO / "docs" / "architecture.md").is_file() and broken == []
