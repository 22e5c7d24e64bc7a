"""Install ttc into Triton as soon as a program imports `triton`, not before.

A finder at the front of `sys.meta_path` waits for the `triton` package; it lets the other finders
locate it, and wraps its loader so that `ttc.triton.install` runs right after the package's code.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType


class _InstallAfterTriton(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != "triton":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        load = spec.loader.exec_module

        def load_then_install(module: ModuleType) -> None:
            load(module)
            from ttc.triton.integration import install
            from ttc.triton.options import IntegrationOptions

            install(options=IntegrationOptions.from_environment())

        spec.loader.exec_module = load_then_install  # type: ignore[method-assign]
        return spec


def install_after_triton_import() -> None:
    """Install ttc now if Triton is already imported, else once it is."""
    if "triton" in sys.modules:
        from ttc.triton.integration import install
        from ttc.triton.options import IntegrationOptions

        install(options=IntegrationOptions.from_environment())
    elif not any(isinstance(finder, _InstallAfterTriton) for finder in sys.meta_path):
        sys.meta_path.insert(0, _InstallAfterTriton())
