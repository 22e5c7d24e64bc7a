"""Target strings: `ttc.ir.target` reads them, and no other code in ttc/ does.

The scan fails on a module outside `ttc/ir/target.py` that handles an NVIDIA target string by
itself: a string literal that is one or its prefix (`"cuda:"`, `"cuda:107"`, the `cuda:` of
`f"cuda:{cc}"`), which only code comparing, slicing or spelling target strings needs, or a target
taken apart at its colon (`target.partition(":")`). Messages and help texts that show an example
(`e.g. cuda:90`) are sentences, not target strings, and docstrings are skipped.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp, StringAttr

from ttc.dialects.ttg.ops import module_compute_capability, required_compute_capability
from ttc.ir.errors import TtcError
from ttc.ir.target import (
    TARGET_ATTR,
    TargetInfo,
    TargetString,
    cuda_compute_capability,
    cuda_target,
    parse_target_string,
)

PACKAGE_ROOT = Path(__file__).resolve().parents[3] / "ttc"
OWNER = PACKAGE_ROOT / "ir" / "target.py"

_CUDA_TEXT = re.compile(r"cuda:\d*")
_SPLITTERS = {"partition", "rpartition", "split", "rsplit"}


def target_string_readings(source: str) -> list[int]:
    """The lines of `source` that read or spell a target string themselves."""
    tree = ast.parse(source)
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in prose:
            if _CUDA_TEXT.fullmatch(node.value) or node.value.endswith("cuda:"):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in _SPLITTERS and len(node.args) == 1 \
                and isinstance(node.args[0], ast.Constant) and node.args[0].value == ":" \
                and "target" in ast.unparse(node.func.value).lower():
            lines.append(node.lineno)
    return sorted(lines)


SOURCES = sorted(path for path in PACKAGE_ROOT.rglob("*.py") if path != OWNER)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE_ROOT.parent)))
def test_only_the_owner_reads_target_strings(path: Path) -> None:
    assert target_string_readings(path.read_text(encoding="utf-8")) == []


def test_the_scan_sees_each_way_of_reading_one() -> None:
    sample = '''
"""A docstring may say ttg.target = "cuda:NN"."""
HELP = "the target, e.g. cuda:80 or cuda:90"
rubin = text == "cuda:107"
nvidia = text.startswith("cuda:")
string = f"cuda:{cc}"
cc = int(settings.target.partition(":")[2])
'''
    assert target_string_readings(sample) == [4, 5, 6, 7]


def test_target_strings_are_family_and_architecture() -> None:
    assert parse_target_string("cuda:90") == TargetString("cuda", "90")
    assert parse_target_string("musa:ph1") == TargetString("musa", "ph1")
    assert parse_target_string("musa:ph1").number is None  # type: ignore[union-attr]
    assert [parse_target_string(text) for text in ("cuda", "cuda:", "CUDA:90", " cuda:90")] \
        == [None] * 4
    assert str(TargetString("cuda", "90")) == cuda_target(90) == "cuda:90"


def test_only_cuda_targets_have_a_compute_capability() -> None:
    assert [cuda_compute_capability(text) for text in ("cuda:90", "cuda:107", "musa:31",
                                                       "cuda:sm90", "")] \
        == [90, 107, None, None, None]


def test_a_module_names_its_target() -> None:
    named = ModuleOp([], attributes={TARGET_ATTR: StringAttr("cuda:89")})
    assert module_compute_capability(named) == required_compute_capability(named) == 89
    unnamed = ModuleOp([])
    assert module_compute_capability(unnamed) is None
    with pytest.raises(TtcError, match='expected a ttg.target = "cuda:NN" module attribute'):
        required_compute_capability(unnamed)


def test_the_nvidia_description() -> None:
    info = TargetInfo.cuda(90, 87)
    assert (info.name, info.compute_capability, info.ptx_version, info.threads_per_warp,
            info.inline_ptx) == ("cuda:90", 90, 87, 32, True)
