"""ttc: a Triton compiler driver (triton-opt and triton-translate as one command).

The Python API (`ttc.parse`, `ttc.opt`, `ttc.compile` and their result and error types, from
`ttc.api`; docs/python-api.md) loads on first use, so `import ttc` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_API = ("parse", "opt", "compile", "Parsed", "Optimized", "CompileResult", "LaunchMetadata",
        "KernelParam", "CompileError", "InternalError", "TtcError", "UsageError")
"""The names `ttc.api` exports through this package."""

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name not in _API:
        raise AttributeError(f"module 'ttc' has no attribute {name!r}")
    return getattr(importlib.import_module("ttc.api"), name)
