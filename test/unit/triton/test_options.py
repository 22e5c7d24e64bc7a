"""The integration's options and how `ttc run` hands them to a command (no Triton needed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ttc.ir.errors import UsageError
from ttc.triton.options import IntegrationOptions


def test_options_travel_through_the_environment(tmp_path: Path) -> None:
    pipelines = tmp_path / "p.yaml"
    pipelines.write_text("pipelines: {}\n")
    options = IntegrationOptions("cuda:80", str(pipelines), str(tmp_path / "dump"), True,
                                 str(tmp_path / "log.jsonl"))
    assert IntegrationOptions.from_environment(options.environment()) == options
    uncached = IntegrationOptions(cache=False)
    assert IntegrationOptions.from_environment(uncached.environment()) == uncached
    assert IntegrationOptions.from_environment({}).cache


@pytest.mark.parametrize(("env", "message"), [
    ({"TTC_TARGET": "musa:31"}, "NVIDIA targets only"),
    ({"TTC_TARGET": "cuda:75"}, "unsupported target 'cuda:75'"),
    ({"TTC_PIPELINES_FILE": "/no/such.yaml"}, "pipelines file not found"),
    ({"TTC_FALLBACK": "maybe"}, "TTC_FALLBACK='maybe'"),
    ({"TTC_CACHE": "sometimes"}, "TTC_CACHE='sometimes'"),
])
def test_bad_options_are_usage_errors(env: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        IntegrationOptions.from_environment(env)


def run_ttc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ttc", "run", *args], capture_output=True,
                          text=True, check=False)


def test_ttc_run_switches_the_integration_on_and_keeps_the_exit_code() -> None:
    probe = ("import os, sys; print(os.environ['TTC_TRITON'], os.environ['TTC_TARGET'], "
             "'ttc.triton.startup.on_import' in sys.modules); sys.exit(3)")
    result = run_ttc("--target", "cuda:80", "--", sys.executable, "-c", probe)
    assert result.returncode == 3
    assert result.stdout.split() == ["1", "cuda:80", "True"]


def test_ttc_run_no_cache_reaches_the_command() -> None:
    probe = "import os; print(os.environ['TTC_CACHE'])"
    assert run_ttc("--no-cache", "--", sys.executable, "-c", probe).stdout.split() == ["0"]
    assert run_ttc("--", sys.executable, "-c", probe).stdout.split() == ["1"]


def test_ttc_run_reports_usage_errors() -> None:
    result = run_ttc("--target", "cuda:7", "--", "true")
    assert result.returncode == 2 and "unsupported target 'cuda:7'" in result.stderr
    missing = run_ttc("--", "/no/such/program")
    assert missing.returncode == 2 and "cannot run '/no/such/program'" in missing.stderr
