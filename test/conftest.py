"""Settings every test run shares: the compile cache (`ttc.cache`) lives in a temporary directory
for the run, never in the user's own cache, for this process and the `ttc` processes tests start."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_previous: str | None = None
_directory: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _previous, _directory
    _previous = os.environ.get("TTC_CACHE_DIR")
    _directory = tempfile.mkdtemp(prefix="ttc-test-cache-")
    os.environ["TTC_CACHE_DIR"] = _directory


def pytest_unconfigure(config: pytest.Config) -> None:
    if _previous is None:
        os.environ.pop("TTC_CACHE_DIR", None)
    else:
        os.environ["TTC_CACHE_DIR"] = _previous
    if _directory is not None:
        shutil.rmtree(_directory, ignore_errors=True)
