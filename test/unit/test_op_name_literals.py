"""Every op name the passes, analyses and lowerings still spell as a string is an op ttc registers.

Passes test ops by class or trait; where a name string is left (tables keyed by name, generic
builders such as `create_op`), a misspelt or wrong-dialect name would never match and fail
silently, as `"tt.fp4_to_fp"` (the op is `ttg.fp4_to_fp`) once did in accelerate-matmul. This
test reads the sources under `ttc/transforms`, `ttc/conversion` and `ttc/analysis` and checks
the strings in op-name positions against the registered op names of ttc's context:

- strings compared with an op's `.name` (`==`, `!=`, `in`, `not in`, also inside a literal
  tuple, list or set);
- string arguments of the calls that take op names (`OP_NAME_CALLS`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from ttc.dialects.context import DIALECT_LOADERS, make_context

PACKAGE_ROOT = Path(__file__).resolve().parents[1].parent / "ttc"
SOURCES = sorted(
    path for package in ("transforms", "conversion", "analysis") for path in (PACKAGE_ROOT / package).rglob("*.py")
)

OP_NAME_CALLS = frozenset(
    {
        "create_op",  # ttc.transforms.utils: the generic builder
        "get_op",  # xDSL's Context.get_op
        "get_optional_op",
        "emit_like",  # canonicalization: a new op at another op's place
        "replace_with_new",
        "folder",  # canonicalization registry, keyed by op name
        "pattern",
        "commutative",
        "canonicalization_patterns",
        "lowers",  # TritonGPU -> LLVM lowering registry
        "_visitor",  # axis-info registry
        "_evaluator",  # axis-constant registry
        "special_register",  # tt.get_program_id and tt.get_num_programs lowering
        "program_register",
        "value",  # the passes' small builders: op name first
        "op",
        "binary",
        "cast",
    }
)
"""Calls whose string arguments are op names."""

UNMODELED_OPS = frozenset({"scf.index_switch", "scf.parallel"})
"""Ops ttc has no class for, named only to reject them with a clear message."""


@cache
def registered_op_names() -> frozenset[str]:
    ctx = make_context()
    for name in DIALECT_LOADERS:
        if name != "builtin":
            ctx.load_registered_dialect(name)
    return frozenset(op.name for op in ctx.loaded_ops)


def _strings(node: ast.expr) -> Iterator[ast.Constant]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _strings(element)


def _is_name_of_op(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "name"


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def op_name_literals(path: Path) -> Iterator[ast.Constant]:
    """The string literals of `path` in op-name positions."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_name_of_op(side) for side in sides):
                for side in sides:
                    yield from _strings(side)
        elif isinstance(node, ast.Call) and _callee(node) in OP_NAME_CALLS:
            for argument in node.args:
                yield from _strings(argument)


def test_the_scan_sees_the_op_names() -> None:
    found = {literal.value for path in SOURCES for literal in op_name_literals(path)}
    assert {"tt.dot", "ttg.convert_layout", "arith.constant"} <= found


def test_the_scan_catches_a_wrong_dialect(tmp_path: Path) -> None:
    source = tmp_path / "pass.py"
    source.write_text('def f(op):\n    return op.name in ("tt.load", "tt.fp4_to_fp")\n', encoding="utf-8")
    unknown = {literal.value for literal in op_name_literals(source)} - registered_op_names()
    assert unknown == {"tt.fp4_to_fp"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE_ROOT.parent)))
def test_op_names_are_registered(path: Path) -> None:
    known = registered_op_names() | UNMODELED_OPS
    unknown = [f"{path.name}:{literal.lineno}: {literal.value!r}"
               for literal in op_name_literals(path) if literal.value not in known]
    assert not unknown, "not an op ttc registers: " + ", ".join(unknown)
