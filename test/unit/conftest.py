"""Hypothesis settings for the unit tests: CI machines are small and shared, so a property test is
judged by what it checks, not by how fast its inputs are drawn (no deadline, no too-slow check)."""

from hypothesis import HealthCheck, settings

settings.register_profile("ttc", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ttc")
