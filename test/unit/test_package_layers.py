"""ttc's packages import only from the layers docs/architecture.md allows them.

The table below is the one in docs/architecture.md ("Packages and what each may import"); this test
reads every `import` under `ttc/` (including imports inside functions and under TYPE_CHECKING) and
fails on an edge the table does not allow, so the document and the code cannot drift apart.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[2] / "ttc"

ALLOWED_IMPORTS: dict[str, set[str]] = {
    "ttc.ir": {"ttc.dialects"},
    "ttc.dialects": {"ttc.ir", "ttc.layouts"},
    "ttc.layouts": {"ttc.ir", "ttc.dialects"},
    "ttc.pipelines": {"ttc.ir"},
    "ttc.analysis": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.transforms"},
    "ttc.transforms": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.analysis", "ttc.pipelines"},
    "ttc.conversion": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.analysis", "ttc.pipelines",
                       "ttc.transforms"},
    "ttc.targets": {"ttc.ir", "ttc.dialects"},
    "ttc.targets.*": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.analysis", "ttc.transforms",
                      "ttc.conversion", "ttc.pipelines", "ttc.targets", "ttc.cache"},
    "ttc.cache": {"ttc", "ttc.pipelines"},
    "ttc.compile_driver": {"ttc.ir", "ttc.dialects", "ttc.pipelines", "ttc.targets", "ttc.cache"},
    "ttc.api": {"ttc.ir", "ttc.pipelines", "ttc.targets", "ttc.cache", "ttc.compile_driver",
                "ttc.cli"},
    "ttc.cli": {"ttc", "ttc.ir", "ttc.layouts", "ttc.pipelines", "ttc.targets", "ttc.cache",
                "ttc.compile_driver", "ttc.triton"},
    "ttc.triton": {"ttc", "ttc.ir", "ttc.dialects", "ttc.pipelines", "ttc.transforms", "ttc.targets",
                   "ttc.targets.*", "ttc.cache", "ttc.compile_driver", "ttc.cli"},
    "ttc.__main__": {"ttc.cli"},
}
"""Package → the packages it may import (its own subpackages are always allowed)."""


def layer_of(module: str) -> str | None:
    """The package of `ttc.x.y...` that the table speaks of (`ttc.x`; a target's own package
    `ttc.targets.<name>` is `ttc.targets.*`), or None outside ttc."""
    parts = module.split(".")
    if parts[0] != "ttc":
        return None
    if parts[:2] == ["ttc", "targets"] and len(parts) > 2 \
            and (PACKAGE_ROOT / "targets" / parts[2]).is_dir():
        return "ttc.targets.*"
    return ".".join(parts[:2]) if len(parts) > 1 else "ttc"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import statement in the file."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.append((node.lineno, node.module))
    return found


SOURCES = sorted(PACKAGE_ROOT.rglob("*.py"))


def test_every_package_has_a_row() -> None:
    layers = {layer_of(module_name(path)) for path in SOURCES} - {"ttc"}
    assert layers <= set(ALLOWED_IMPORTS), sorted(layers - set(ALLOWED_IMPORTS))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE_ROOT.parent)))
def test_imports_follow_the_layers(path: Path) -> None:
    source_layer = layer_of(module_name(path))
    if source_layer == "ttc":
        return
    allowed = ALLOWED_IMPORTS[source_layer] | {source_layer}
    violations = [f"line {line}: {name}" for line, name in imported_modules(path)
                  if (layer := layer_of(name)) is not None and layer not in allowed]
    assert violations == []


LAYOUT_ALGEBRA = ("linear", "utils", "padded", "order")
"""The `ttc.layouts` modules that dialect attributes build on: they may not import a dialect."""


@pytest.mark.parametrize("name", LAYOUT_ALGEBRA)
def test_layout_algebra_imports_no_dialect(name: str) -> None:
    imported = [module for _, module in imported_modules(PACKAGE_ROOT / "layouts" / f"{name}.py")]
    assert [module for module in imported if layer_of(module) == "ttc.dialects"] == []


def test_layout_conversion_does_not_import_the_ops() -> None:
    """`from_attr` is imported by `ttc.dialects.ttg.ops`'s verifiers, so it imports only attributes."""
    imported = [module for _, module in imported_modules(PACKAGE_ROOT / "layouts" / "from_attr.py")]
    assert "ttc.dialects.ttg.ops" not in imported


def test_a_forbidden_import_is_caught(tmp_path: Path) -> None:
    """The check sees an import inside a function, where a shortcut usually hides."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from ttc.cli.opt import opt\n", encoding="utf-8")
    assert ("ttc.cli.opt" in [name for _, name in imported_modules(sample)]
            and layer_of("ttc.cli.opt") not in ALLOWED_IMPORTS["ttc.dialects"])


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE_ROOT.parent)))
def test_only_the_integration_imports_triton(path: Path) -> None:
    """Triton is an optional extra: ttc's core never imports it, only `ttc.triton` does."""
    if layer_of(module_name(path)) == "ttc.triton":
        return
    assert [name for _, name in imported_modules(path)
            if name == "triton" or name.startswith("triton.")] == []
