"""Triton 3.6's own output as golden text for the tests: where it lives and how to read it.

Two sets of real Triton 3.6 output live in the repository: `test/corpus/triton-3.6` (vector add and a
matmul, with Triton's per-pass dumps; see its README) and the GPU-test kernels' IR in
`test/gpu/kernels/triton-3.6`.

`strip_locations` turns a dump printed with `--mlir-print-debuginfo` into what MLIR prints
without it: every `#locN = loc(...)` definition line and every ` loc(...)` suffix removed (the
suffix may nest parentheses and quote strings that contain them). `pass_dumps` cuts the
`<arch>.passes.mlir.gz` files (sm90 for the corpus kernels, sm80 for the GPU-test matmuls and
attention) into the module printed before each pass.
"""

from __future__ import annotations

import difflib
import gzip
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parents[1]
CORPUS = _REPO / "test" / "corpus" / "triton-3.6"
GPU_KERNELS = _REPO / "test" / "gpu" / "kernels" / "triton-3.6"
_LOC_DEF = re.compile(r"#loc[0-9]* = loc\(")
_DUMP_HEADER = re.compile(r"^(// -----//.*)\n", re.MULTILINE)
_PASS_HEADER = re.compile(r"IR Dump Before (\S+) \(([^)]*)\) \('([^']*)' operation")


def assert_same_text(got: str, want: str) -> None:
    """Fail, showing the unified diff from `want` to `got`, unless the texts are equal.

    A plain `assert got == want` would have pytest explain the difference with a character-level
    ndiff, which is quadratic in the texts' length and not truncated when the `CI` variable is set:
    minutes for one printed module in a failing (or xfail) golden test."""
    if got != want:
        pytest.fail("\n".join(difflib.unified_diff(want.splitlines(), got.splitlines(),
                                                    lineterm="")))


def strip_locations(text: str) -> str:
    """`text` without location definitions and ` loc(...)` suffixes."""
    lines = [line for line in text.split("\n") if not _LOC_DEF.match(line)]
    return "\n".join(_strip_line(line) for line in lines)


_STRIP_STOP = re.compile(r'["\\]| loc\(')
"""What `_strip_line` stops at: a quote, a backslash, or the start of a location suffix."""


def _strip_line(line: str) -> str:
    if " loc(" not in line:
        return line
    out: list[str] = []
    kept_from = position = 0
    in_string = False
    while (stop := _STRIP_STOP.search(line, position)) is not None:
        token = stop.group()
        position = stop.end()
        if token == "\\":
            position += in_string  # an escaped character inside a string is skipped
        elif token == '"':
            in_string = not in_string
        elif not in_string:
            out.append(line[kept_from:stop.start()])
            kept_from = position = _skip_balanced(line, position)
    out.append(line[kept_from:])
    return "".join(out)


def _skip_balanced(line: str, i: int) -> int:
    """The index just after the `)` closing a `(` that ends right before `i`."""
    depth = 1
    in_string = False
    while depth:
        ch = line[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        i += 1
    return i


def corpus_files() -> list[Path]:
    """Every TTIR and TTGIR file of the corpus and of the GPU-test kernels."""
    return sorted(
        path
        for root in (CORPUS, GPU_KERNELS)
        for pattern in ("*/*.ttir", "*/*.ttgir")
        for path in root.glob(pattern)
    )


@dataclass(frozen=True)
class PassDump:
    """The module (or the op the pass is anchored on) as printed before one pass of Triton's
    sm90 pipeline: `flag` is the pass's flag (`canonicalize`), `anchor` the op it ran on
    (`builtin.module`, `tt.func`, `llvm.func`)."""

    kernel: str
    index: int
    header: str
    flag: str
    anchor: str
    text: str
    arch: str = "sm90"

    @property
    def id(self) -> str:
        arch = "" if self.arch == "sm90" else f"-{self.arch}"
        return f"{self.kernel}{arch}-{self.index:02d}-{self.flag}"


@cache
def pass_dumps(kernel: str | None = None, arch: str = "sm90") -> tuple[PassDump, ...]:
    """The `IR Dump Before <Pass> (<flag>)` sections of every (or one kernel's) pass dump of the
    `arch` pipeline (`sm90`: the corpus kernels; `sm80`: the GPU-test matmuls and attention).

    The pipeliner's internal dumps are left out: Triton prints those with local scope (no
    aliases, no locations), which is not a mode `ttc opt` has.
    """
    dumps: list[PassDump] = []
    pattern = f"{kernel or '*'}/{arch}.passes.mlir.gz"
    for path in sorted([*CORPUS.glob(pattern), *GPU_KERNELS.glob(pattern)]):
        parts = _DUMP_HEADER.split(gzip.open(path, "rt").read())
        for index, (header, body) in enumerate(zip(parts[1::2], parts[2::2])):
            if match := _PASS_HEADER.search(header):
                dumps.append(PassDump(path.parent.name, index, header, match.group(2),
                                      match.group(3), body.rstrip("\n") + "\n", arch))
    return tuple(dumps)


def distinct_pass_dumps() -> tuple[PassDump, ...]:
    """`pass_dumps()` less each dump whose kernel and text equal an earlier one's (the input of a
    pass that follows one that changed nothing): a test that only reads a dump's text checks the
    same thing on each copy, and more than half the dumps are such copies."""
    seen: set[tuple[str, str]] = set()
    distinct: list[PassDump] = []
    for dump in pass_dumps():
        if (dump.kernel, dump.text) not in seen:
            seen.add((dump.kernel, dump.text))
            distinct.append(dump)
    return tuple(distinct)
