"""ttc inside Triton: every `@triton.jit` kernel of a Python program compiled by ttc.

Triton's frontend still turns each kernel's Python into TTIR, and Triton's runtime still launches
the result; everything between (Triton's `make_ttir`, `make_ttgir`, `make_llir`, PTX and the
cubin) is ttc's, run from pipelines.yaml. Three ways to switch it on:

    import ttc.triton; ttc.triton.install()          # in a program (uninstall() switches it off)
    pytest -p ttc.triton.pytest_plugin ...           # for a test suite
    ttc run -- python train.py                       # for any command, unmodified

This package is the only part of ttc that imports Triton, and it does so only when switched on.
Its names load on first use, so `ttc run`'s start-up hook costs a process nothing until it
imports Triton.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "install": "ttc.triton.integration",
    "installed": "ttc.triton.integration",
    "uninstall": "ttc.triton.integration",
    "IntegrationOptions": "ttc.triton.options",
    "TtcCompileError": "ttc.triton.stages",
    "TtcFallbackWarning": "ttc.triton.stages",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'ttc.triton' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)
