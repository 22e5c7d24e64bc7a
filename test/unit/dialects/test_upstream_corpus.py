"""Every arith/math/scf/cf/gpu op in Triton 3.6's real output prints back as Triton printed it.

Parses the corpus (TTIR, TTGIR, and the IR before each pass of the sm90 pipeline) with ttc's
context, prints it with xDSL's printer, and compares the upstream-dialect op lines one by one.
SSA and block names, attribute aliases and the multi-result spelling belong to the printer, not
to these dialects, so both sides are normalised for those before comparing.
"""

from __future__ import annotations

import io
import re

import pytest
from triton_corpus import CORPUS, distinct_pass_dumps, strip_locations
from xdsl.parser import Parser
from xdsl.printer import Printer

from ttc.dialects.context import make_context

UPSTREAM_OP = re.compile(r"^\s*(?:%[^=]+=\s*)?(arith|math|scf|cf|gpu)\.")


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
    for path in sorted(CORPUS.glob("*/*.tt*ir")):
        cases.append((f"{path.parent.name}/{path.name}", path.read_text()))
    for dump in distinct_pass_dumps():
        # Stages from the LLVM conversion on use the llvm/nvvm dialects, which are not tested here.
        if "llvm." in dump.text or "nvvm." in dump.text or dump.anchor != "builtin.module":
            continue
        cases.append((f"{dump.kernel}/passes#{dump.index}:{dump.flag}", dump.text))
    return cases


CASES = corpus_cases()


@pytest.mark.parametrize("name,text", CASES, ids=[name for name, _ in CASES])
def test_upstream_ops_print_as_triton(name: str, text: str) -> None:
    source = strip_locations(text)
    module = Parser(make_context(), source, name).parse_module()
    module.verify()
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    expected = upstream_lines(expand_aliases(source))
    assert expected, "the case holds no upstream op"
    assert upstream_lines(stream.getvalue()) == expected
