"""ttc's packages import only from the layers docs/architecture.md allows them, and no imports
form a cycle.

The table below is the one in docs/architecture.md ("Packages and what each may import"); this test
reads every `import` under `ttc/` (including imports inside functions and under TYPE_CHECKING, and
`importlib.import_module` of a literal name) and fails on an edge the table does not allow, so the
document and the code cannot drift apart. The table itself has no two-way pair, and the modules'
imports, all of them, form no cycle: no import inside a function hides one.
"""

from __future__ import annotations

import ast
from collections.abc import Container, Mapping
from pathlib import Path

import pytest

PACKAGE_ROOT = Path(__file__).resolve().parents[2] / "ttc"

ALLOWED_IMPORTS: dict[str, set[str]] = {
    "ttc.ir": set(),
    "ttc.layouts": {"ttc.ir"},
    "ttc.dialects": {"ttc.ir", "ttc.layouts"},
    "ttc.pipelines": {"ttc.ir"},
    "ttc.analysis": {"ttc.ir", "ttc.dialects", "ttc.layouts"},
    "ttc.transforms": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.analysis", "ttc.pipelines"},
    "ttc.conversion": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.analysis", "ttc.pipelines",
                       "ttc.transforms"},
    "ttc.targets": {"ttc.ir", "ttc.dialects"},
    "ttc.targets.*": {"ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.analysis", "ttc.transforms",
                      "ttc.conversion", "ttc.pipelines", "ttc.targets", "ttc.cache"},
    "ttc.outputs": {"ttc.ir"},
    "ttc.cache": {"ttc", "ttc.pipelines"},
    "ttc.compile_driver": {"ttc.ir", "ttc.dialects", "ttc.pipelines", "ttc.targets", "ttc.cache"},
    "ttc.api": {"ttc.ir", "ttc.dialects", "ttc.pipelines", "ttc.targets", "ttc.cache",
                "ttc.compile_driver", "ttc.cli"},
    "ttc.triton": {"ttc", "ttc.ir", "ttc.dialects", "ttc.pipelines", "ttc.transforms", "ttc.targets",
                   "ttc.targets.*", "ttc.cache", "ttc.compile_driver", "ttc.outputs"},
    "ttc.cli": {"ttc", "ttc.ir", "ttc.dialects", "ttc.layouts", "ttc.pipelines", "ttc.targets",
                "ttc.cache", "ttc.compile_driver", "ttc.outputs", "ttc.triton"},
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
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif _is_import_module_call(node) and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found.append((node.lineno, node.args[0].value))
    return found


def _is_import_module_call(node: ast.AST) -> bool:
    """`importlib.import_module(...)` with at least one argument."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module" and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "importlib" and bool(node.args))


SOURCES = sorted(PACKAGE_ROOT.rglob("*.py"))
MODULES = {module_name(path): path for path in SOURCES}


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
                  if (layer := layer_of(resolve(name, MODULES) or name)) is not None
                  and layer not in allowed]
    assert violations == []


def test_no_two_way_package_pair() -> None:
    pairs = sorted((a, b) for a, allowed in ALLOWED_IMPORTS.items() for b in allowed
                   if a < b and a in ALLOWED_IMPORTS.get(b, set()))
    assert pairs == []


def resolve(name: str, modules: Container[str]) -> str | None:
    """The module of `ttc` that importing `name` runs (`a.b.func` is module `a.b`), else None."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(sources: Mapping[str, Path]) -> dict[str, set[str]]:
    """Module → the ttc modules importing it runs: what it names, and the packages above those
    that it is not inside itself (their `__init__` runs first)."""
    graph: dict[str, set[str]] = {module: set() for module in sources}
    for module, path in sources.items():
        for _, name in imported_modules(path):
            target = resolve(name, sources)
            while target is not None and target != module and not module.startswith(target + "."):
                graph[module].add(target)
                parent = target.rpartition(".")[0]
                target = parent if parent in sources else None
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str]:
    """One import cycle of `graph` (its modules in order, the first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    for root in sorted(graph):
        if root in state:
            continue
        path: list[str] = [root]
        pending = [iter(sorted(graph[root]))]
        state[root] = 1
        while pending:
            nxt = next(pending[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                pending.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                pending.append(iter(sorted(graph.get(nxt, ()))))
    return []


def test_no_import_cycle() -> None:
    """Imports inside functions count: a lazy import may save start-up time, never hide a cycle."""
    assert find_cycle(import_graph(MODULES)) == []


def test_a_cycle_is_found(tmp_path: Path) -> None:
    """The check sees a cycle closed by an import inside a function."""
    (tmp_path / "a.py").write_text("import ttc.b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f():\n    from ttc.a import g\n", encoding="utf-8")
    sources = {"ttc.a": tmp_path / "a.py", "ttc.b": tmp_path / "b.py"}
    assert find_cycle(import_graph(sources)) == ["ttc.a", "ttc.b", "ttc.a"]


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
