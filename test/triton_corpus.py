"""Triton 3.6's own output as golden text for the parser and printer tests.

`strip_locations` turns a dump printed with `--mlir-print-debuginfo` into what MLIR prints
without it: every `#locN = loc(...)` definition line and every ` loc(...)` suffix removed (the
suffix may nest parentheses and quote strings that contain them).
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path("/work/shared/corpus/triton-3.6")
GPU_KERNELS = Path(__file__).resolve().parents[2] / "gpu" / "kernels" / "triton-3.6"
_LOC_DEF = re.compile(r"#loc[0-9]* = loc\(")
_DUMP_HEADER = re.compile(r"^(// -----//.*)\n", re.MULTILINE)


def strip_locations(text: str) -> str:
    """`text` without location definitions and ` loc(...)` suffixes."""
    lines = [line for line in text.split("\n") if not _LOC_DEF.match(line)]
    return "\n".join(_strip_line(line) for line in lines)


def _strip_line(line: str) -> str:
    out: list[str] = []
    i = 0
    in_string = False
    while i < len(line):
        ch = line[i]
        if in_string:
            out.append(ch)
            if ch == "\\":
                out.append(line[i + 1])
                i += 1
            elif ch == '"':
                in_string = False
            i += 1
            continue
        if ch == '"':
            in_string = True
        elif line.startswith(" loc(", i):
            i = _skip_balanced(line, i + len(" loc("))
            continue
        out.append(ch)
        i += 1
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
    """Every TTIR and TTGIR file of the shared corpus and of the GPU-test kernels."""
    return sorted(
        path
        for root in (CORPUS, GPU_KERNELS)
        for pattern in ("*/*.ttir", "*/*.ttgir")
        for path in root.glob(pattern)
    )


@dataclass(frozen=True)
class PassDump:
    """The module as printed before one pass of Triton's sm90 pipeline."""

    kernel: str
    index: int
    header: str
    text: str

    @property
    def id(self) -> str:
        name = re.search(r"\(([\w-]+)\)", self.header)
        return f"{self.kernel}-{self.index:02d}-{name.group(1) if name else 'internal'}"


def pass_dumps() -> list[PassDump]:
    """The `IR Dump Before` sections of every `sm90.passes.mlir.gz`.

    The pipeliner's internal dumps are left out: Triton prints those with local scope (no
    aliases, no locations), which is not a mode `ttc opt` has.
    """
    dumps: list[PassDump] = []
    for path in sorted(CORPUS.glob("*/sm90.passes.mlir.gz")):
        parts = _DUMP_HEADER.split(gzip.open(path, "rt").read())
        for index, (header, body) in enumerate(zip(parts[1::2], parts[2::2])):
            if "IR Dump Before" in header:
                dumps.append(PassDump(path.parent.name, index, header, body.rstrip("\n") + "\n"))
    return dumps
