"""A pytest plugin that runs a test suite's Triton kernels through ttc: `pytest -p ttc.triton.pytest_plugin`.

ttc is installed when pytest configures itself (in each pytest-xdist worker too), with the options
of the `TTC_*` environment variables (`ttc.triton.options`), and uninstalled when the session ends.
The report header says that ttc compiles the kernels.
"""

from __future__ import annotations

from typing import Any

from ttc.triton.integration import install, installed, uninstall
from ttc.triton.options import IntegrationOptions


def pytest_configure(config: Any) -> None:
    install(options=IntegrationOptions.from_environment())


def pytest_report_header(config: Any) -> str:
    options = installed()
    return f"ttc compiles Triton's kernels: {options}"


def pytest_unconfigure(config: Any) -> None:
    uninstall()
