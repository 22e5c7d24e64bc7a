"""MLIR-format diagnostics, the pass-facing emit API, and -verify-diagnostics matching."""

from __future__ import annotations

import io

import pytest
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, NameLoc, StringAttr, UnknownLoc
from xdsl.dialects.test import TestOp as XdslTestOp

from ttc.ir.diagnostics import (
    Diagnostic,
    DiagnosticPrinter,
    DiagnosticVerifier,
    current_error_count,
    diagnostic_handler,
    emit_error,
    emit_remark,
    emit_warning,
    op_error,
    parse_expectations,
)
from ttc.ir.errors import Note, SourceLocation, TtcError


def _loc(line: int, column: int, file: str = "t.mlir") -> SourceLocation:
    return SourceLocation(file, line, column)


def _op_at(line: int, column: int) -> XdslTestOp:
    op = XdslTestOp()
    op.location = NameLoc(StringAttr("x"), FileLineColLoc(StringAttr("t.mlir"), IntAttr(line),
                                                          IntAttr(column)))
    return op


def test_render_with_source_line_caret_and_note() -> None:
    printer = DiagnosticPrinter(io.StringIO(), color=False)
    printer.add_source("t.mlir", "module {\n\t%0 = tt.splat %x : i32\n}\n")
    diag = Diagnostic("error", "bad splat", _loc(2, 7),
                      notes=[Diagnostic("note", "see module", _loc(1, 1))])
    assert printer.render(diag) == (
        "t.mlir:2:7: error: bad splat\n"
        "\t%0 = tt.splat %x : i32\n"
        "\t     ^\n"
        "t.mlir:1:1: note: see module\n"
        "module {\n"
        "^\n"
    )


def test_render_without_location_or_source() -> None:
    printer = DiagnosticPrinter(io.StringIO(), color=False)
    assert printer.render(Diagnostic("error", "no input")) == "error: no input\n"
    assert printer.render(Diagnostic("remark", "r", _loc(9, 2, "k.py"))) == "k.py:9:2: remark: r\n"


def test_error_source_line_wins_and_colour_output_has_the_same_text() -> None:
    stream = io.StringIO()
    printer = DiagnosticPrinter(stream, color=True)
    error = TtcError("unexpected token", _loc(1, 3), "a b c", notes=[Note("here", None)])
    printer.print_error(error)
    assert "t.mlir:1:3:" in stream.getvalue() and "error:" in stream.getvalue()
    plain = DiagnosticPrinter(io.StringIO(), color=False).render(Diagnostic.from_error(error))
    assert plain == "t.mlir:1:3: error: unexpected token\na b c\n  ^\nnote: here\n"


def test_emit_api_goes_to_the_innermost_handler_and_counts_errors() -> None:
    seen: list[Diagnostic] = []
    with diagnostic_handler(seen.append):
        op = _op_at(4, 5)
        emit_remark(op, "r")
        emit_warning(op, "w")
        assert current_error_count() == 0
        emit_error(op, "e", notes=[(None, "n")])
        assert current_error_count() == 1
    assert [(d.severity, d.message, d.location) for d in seen] == [
        ("remark", "r", _loc(4, 5)), ("warning", "w", _loc(4, 5)), ("error", "e", _loc(4, 5))]
    assert seen[2].notes[0].message == "n" and seen[2].notes[0].location is None
    raised = op_error(op, "stop")
    assert raised.location == _loc(4, 5) and raised.message == "stop"
    unknown = XdslTestOp()
    unknown.location = UnknownLoc()
    assert op_error(unknown, "x").location is None


SOURCE = """\
// expected-error @below {{first}}
line two
// expected-remark @+2 {{value {{[0-9]+}} is even}}
// expected-warning @above {{two}}
line five
line six // expected-note {{six}}
line seven
// expected-error @-1 {{seven}}
// expected-error-re @unknown {{no loc {{[a-z]+}}}}
"""


def test_parse_expectations_resolves_designators() -> None:
    expectations = parse_expectations(SOURCE, "t.mlir")
    assert [(e.severity, e.line) for e in expectations] == [
        ("error", 2), ("remark", 5), ("warning", 2), ("note", 6), ("error", 7), ("error", 0)]
    assert expectations[0].comment == _loc(1, 4)
    assert expectations[1].matches("value 42 is even")
    assert not expectations[1].matches("value x is even")
    assert expectations[5].matches("so no loc here")
    assert not expectations[5].matches("no loc 42")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("// expected-error @above {{x}}\n", "has no line above"),
        ("a\n// expected-error @below {{x}}\n", "has no line below"),
        ("a\n// expected-error {{bad {{[}}}}\n", "invalid regex"),
    ],
)
def test_malformed_expectations(text: str, message: str) -> None:
    with pytest.raises(TtcError, match=message):
        parse_expectations(text, "t.mlir")


def _verify(diagnostics: list[Diagnostic], only_expected: bool = False) -> list[str]:
    verifier = DiagnosticVerifier(SOURCE, "t.mlir", only_expected)
    for diag in diagnostics:
        verifier.handle(diag)
    return [f"{p.location}: {p.message}" if p.location else p.message
            for p in verifier.problems()]


ALL_EXPECTED = [
    Diagnostic("error", "the first one", _loc(2, 1)),
    Diagnostic("remark", "value 12 is even", _loc(5, 3)),
    Diagnostic("warning", "number two", _loc(2, 6),
               notes=[Diagnostic("note", "line six", _loc(6, 1))]),
    Diagnostic("error", "seven", _loc(7, 1)),
    Diagnostic("error", "no loc at all"),
]


def test_all_expectations_met() -> None:
    assert _verify(ALL_EXPECTED) == []


def test_unmet_and_unexpected_are_reported_like_mlir() -> None:
    problems = _verify([*ALL_EXPECTED[:3], Diagnostic("error", "stray", _loc(5, 1)),
                        Diagnostic("remark", "elsewhere", _loc(7, 1, "other.py"))])
    assert problems == [
        "t.mlir:5:1: unexpected error: stray",
        "other.py:7:1: unexpected remark: elsewhere",
        't.mlir:8:4: expected error "seven" was not produced',
        "t.mlir:9:4: expected error \"no loc {{[a-z]+}}\" was not produced",
    ]


def test_wrong_severity_is_unexpected_with_a_note() -> None:
    verifier = DiagnosticVerifier(SOURCE, "t.mlir")
    verifier.handle(Diagnostic("warning", "first", _loc(2, 1)))
    problems = verifier.problems()
    assert problems[0].message == "unexpected warning: first"
    assert problems[0].notes[0].message == "a diagnostic of kind 'error' was expected here"


def test_only_expected_ignores_unexpected() -> None:
    assert _verify([*ALL_EXPECTED, Diagnostic("remark", "extra", _loc(1, 1))],
                   only_expected=True) == []
    assert _verify(ALL_EXPECTED[1:], only_expected=True) == [
        't.mlir:1:4: expected error "first" was not produced']
