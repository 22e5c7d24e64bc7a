"""Hypothesis settings for the unit tests: CI machines are small and shared, so a property test is
judged by what it checks, not by how fast its inputs are drawn (no deadline, no too-slow check);
and the `runs` fixture the cache and API tests share."""

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from ttc.compile_driver import Compilation

settings.register_profile("ttc", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ttc")


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The until-stage of every compile that really ran (a cache hit runs none)."""
    seen: list[str] = []
    original = Compilation.run

    def run(self: Compilation) -> Any:
        seen.append(self.options.until)
        return original(self)

    monkeypatch.setattr(Compilation, "run", run)
    return seen
