"""The one registry of passes: every `TtcPass` subclass defined under the pass packages.

Passes live one per module in `ttc.transforms`, `ttc.conversion` and the target packages
(`ttc.targets.<name>`); importing those packages is how they are found, so adding a pass is adding
a module. Lookup is by Triton's flag name (`triton-combine`).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ttc.pipelines.pass_base import TtcPass

PASS_PACKAGES: tuple[str, ...] = (
    "ttc.transforms",
    "ttc.conversion",
    "ttc.targets",
)


def _subclasses(cls: type[TtcPass]) -> list[type[TtcPass]]:
    found: list[type[TtcPass]] = []
    for sub in cls.__subclasses__():
        if "name" in sub.__dict__:
            found.append(sub)
        found.extend(_subclasses(sub))
    return found


@cache
def all_passes() -> dict[str, type[TtcPass]]:
    """Every registered pass by flag name, sorted by name."""
    for package_name in PASS_PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            importlib.import_module(info.name)
    passes: dict[str, type[TtcPass]] = {}
    for cls in _subclasses(TtcPass):
        if cls.name in passes and passes[cls.name] is not cls:
            raise RuntimeError(f"two passes are named '{cls.name}'")
        passes[cls.name] = cls
    return dict(sorted(passes.items()))


def get_pass(name: str) -> type[TtcPass] | None:
    """The pass registered under `name`, or None."""
    return all_passes().get(name)
