"""Triton's own TTIR/TTGIR prints back byte for byte: the printer's golden tests.

For every corpus file (the shared corpus and the GPU-test kernels' IR) and every distinct `IR Dump Before` section of the sm90 pass dumps:
`print_module(parse_module(text))` equals the text with locations dropped,
`print_module(..., debuginfo=True)` equals the text itself, and the generic form parses back to
the same module.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from triton_corpus import PassDump, corpus_files, distinct_pass_dumps, strip_locations

from ttc.ir.printer import print_module
from ttc_parse import parse_module

FILES = [
    pytest.param(path, id=f"{path.parents[2].name}/{path.parent.name}/{path.name}")
    for path in corpus_files()
]
DUMPS = [pytest.param(dump, id=dump.id) for dump in distinct_pass_dumps()]


def test_corpus_is_present() -> None:
    assert sum(1 for path in corpus_files() if "corpus" in path.parts) == 8
    assert len(FILES) >= 8
    assert len(DUMPS) > 100


@pytest.mark.parametrize("path", FILES)
def test_file_prints_back_without_locations(path: Path) -> None:
    text = path.read_text()
    assert print_module(parse_module(text, str(path))) == strip_locations(text)


@pytest.mark.parametrize("path", FILES)
def test_file_prints_back_with_debuginfo(path: Path) -> None:
    text = path.read_text()
    assert print_module(parse_module(text, str(path)), debuginfo=True) == text


@pytest.mark.parametrize("path", FILES)
def test_file_generic_form_parses_back(path: Path) -> None:
    text = path.read_text()
    generic = print_module(parse_module(text, str(path)), generic=True, debuginfo=True)
    assert '"tt.func"' in generic and '"builtin.module"' in generic
    reparsed = parse_module(generic, "generic.mlir")
    assert print_module(reparsed) == strip_locations(text)
    assert print_module(reparsed, generic=True, debuginfo=True) == generic


@pytest.mark.parametrize("dump", DUMPS)
def test_pass_dump_prints_back(dump: PassDump) -> None:
    module = parse_module(dump.text, f"{dump.kernel}.mlir")
    assert print_module(module, debuginfo=True) == dump.text
    assert print_module(module) == strip_locations(dump.text)
