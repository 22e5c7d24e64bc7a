"""Every arith/math/scf/cf/gpu op in Triton 3.6's real output prints back as Triton printed it.

Parses the corpus (TTIR, TTGIR, and the IR before each pass of the sm90 pipeline) with ttc's
context, prints it with xDSL's printer, and compares the upstream-dialect op lines one by one.
SSA and block names, attribute aliases and the multi-result spelling belong to the printer, not
to these dialects, so both sides are normalised for those before comparing.
"""

from __future__ import annotations

import gzip
import io
import re
from pathlib import Path

import pytest
from xdsl.parser import Parser
from xdsl.printer import Printer

from ttc.ir.context import TtcContext, make_context

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "triton-3.6"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpus/triton-3.6")

UPSTREAM_OP = re.compile(r"^\s*(?:%[^=]+=\s*)?(arith|math|scf|cf|gpu)\.")
SECTION = re.compile(r"^// -----// IR Dump Before (\S+).*$", re.MULTILINE)


def strip_locations(text: str) -> str:
    """Drop `#locN = ...` lines and every ` loc(...)` suffix (balanced parentheses, quoted strings)."""
    text = "\n".join(line for line in text.splitlines() if not line.startswith("#loc"))
    out: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith(" loc(", i):
            depth, j = 0, i + 4
            while True:
                ch = text[j]
                if ch == '"':
                    j = text.index('"', j + 1)
                elif ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out) + "\n"


def expand_aliases(text: str) -> str:
    """Replace `#alias` uses by their definitions and drop the definition lines."""
    aliases: dict[str, str] = {}
    body: list[str] = []
    for line in text.splitlines():
        match = re.match(r"^(#[\w.]+) = (.*)$", line)
        if match:
            aliases[match.group(1)] = match.group(2)
        else:
            body.append(line)
    result = "\n".join(body)
    pattern = re.compile("|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True)) + r"(?![\w.])")
    while aliases and pattern.search(result):
        result = pattern.sub(lambda m: aliases[m.group(0)], result)
    return result


def normalise(line: str) -> str:
    line = line.strip()
    line = re.sub(r"^(%[^=]+)=", lambda m: "%_ =" if m.group(1) else "", line)
    line = re.sub(r"%[\w$.-]+(#\d+)?", "%_", line)
    line = re.sub(r"\^bb\d+", "^_", line)
    return line


def upstream_lines(text: str) -> list[str]:
    return [normalise(line) for line in text.splitlines() if UPSTREAM_OP.match(line)]


def corpus_cases() -> list[tuple[str, str]]:
    cases: list[tuple[str, str]] = []
    if not CORPUS.is_dir():
        return cases
    for path in sorted(CORPUS.glob("*/*.tt*ir")):
        cases.append((f"{path.parent.name}/{path.name}", path.read_text()))
    for path in sorted(CORPUS.glob("*/sm90.passes.mlir.gz")):
        text = gzip.decompress(path.read_bytes()).decode()
        starts = [m.start() for m in SECTION.finditer(text)] + [len(text)]
        for index, (start, end) in enumerate(zip(starts, starts[1:])):
            section = text[start:end]
            header = section.splitlines()[0]
            # Stages from the LLVM conversion on use the llvm/nvvm dialects, which are not tested here.
            if "llvm." in section or "nvvm." in section or "'builtin.module' operation" not in header:
                continue
            cases.append((f"{path.parent.name}/passes#{index}:{SECTION.match(header).group(1)}", section))
    return cases


CASES = corpus_cases()


def context() -> TtcContext:
    """ttc's context; Triton's inliner output also holds `ub.poison`, taken from xDSL if missing."""
    ctx = make_context()
    if "ub" not in ctx.registered_dialect_names:
        from xdsl.dialects.ub import UB

        ctx.register_dialect("ub", lambda: UB)
    return ctx


@pytest.mark.skipif(not CASES, reason="the Triton corpus is not present")
@pytest.mark.parametrize("name,text", CASES, ids=[name for name, _ in CASES])
def test_upstream_ops_print_as_triton(name: str, text: str) -> None:
    source = strip_locations(text)
    module = Parser(context(), source, name).parse_module()
    module.verify()
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    expected = upstream_lines(expand_aliases(source))
    assert expected, "the case holds no upstream op"
    assert upstream_lines(stream.getvalue()) == expected
