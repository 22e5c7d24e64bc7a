"""The fast lexer yields xDSL's tokens, and fails fast on an unterminated string."""

from __future__ import annotations

import time

import pytest
from triton_corpus import corpus_files, pass_dumps
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from ttc.ir.errors import TtcError
from ttc.ir.lexer import FastMLIRLexer
from ttc_parse import parse_module

SAMPLES = [
    '%a = "x\\n\\22y" 0x1F 0xi32 1.5e-3 3. @"s" @f ... {-# #-} -> - 1x2x!tt.ptr<f32>',
    "^bb0 #loc12 !t.x // comment\n x$y.z %0#1 %arg3:2 <{a = -7 : i64}> [?, 4] | * / + = ",
]


def tokens(lexer: MLIRLexer) -> list[tuple[object, int, int]]:
    out = []
    while True:
        token = lexer.lex()
        out.append((token.kind, token.span.start, token.span.end))
        if token.kind is MLIRTokenKind.EOF:
            return out


@pytest.mark.parametrize(
    "text",
    SAMPLES
    + [path.read_text() for path in corpus_files()]
    + [dump.text for dump in pass_dumps()[::10]],
)
def test_same_tokens_as_xdsl(text: str) -> None:
    assert tokens(FastMLIRLexer(Input(text, "t"))) == tokens(MLIRLexer(Input(text, "t")))


def test_utf8_escapes_are_strings() -> None:
    token = FastMLIRLexer(Input('"caf\\C3\\A9"', "t")).lex()
    assert token.kind is MLIRTokenKind.STRING_LIT
    assert FastMLIRLexer(Input('"\\FF"', "t")).lex().kind is MLIRTokenKind.BYTES_LIT


def test_unterminated_string_fails_fast() -> None:
    text = 'module {\n  %0 = "' + "a b c d " * 4000 + "\n}\n"
    with pytest.raises(ParseError):
        tokens(FastMLIRLexer(Input(text, "t")))
    start = time.perf_counter()
    with pytest.raises(TtcError) as info:
        parse_module(text, "bad.mlir")
    assert time.perf_counter() - start < 2
    assert str(info.value).startswith("bad.mlir:2:8: error: expected '\"'")
