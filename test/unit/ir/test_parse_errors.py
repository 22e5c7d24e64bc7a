"""Malformed input fails with one located `TtcError` (file:line:col, the line's text), never a traceback."""

from __future__ import annotations

import pytest
from triton_corpus import corpus_files

from ttc.dialects.verifier import verify_module
from ttc.ir.errors import TtcError
from ttc.ir.printer import print_module
from ttc_parse import parse_module

FUNC = "module {{\n  tt.func @f(%a: i32) {{\n    {}\n    tt.return\n  }}\n}}\n"


@pytest.mark.parametrize(
    ("line", "where", "message"),
    [
        ("%0 = arith.addi %a %a : i32", "3:24", "expected ','"),
        ("%0 = arith.addi %a, %b : i32", "3:25", "use of undeclared SSA value name '%b'"),
        (
            "%0 = arith.addi %a, %a : i32\n    %0 = arith.addi %a, %a : i32",
            "4:5",
            "redefinition of SSA value '%0'",
        ),
        ("%0 = tt.foo %a : i32", "3:10", "custom op 'tt.foo' is unknown"),
        (
            '%0 = "tt.foo"(%a) : (i32) -> i32',
            "3:10",
            "operation 'tt.foo' is unknown (use --allow-unregistered-dialect to accept it)",
        ),
        ("%0 = arith.addi %a, %a : i32 loc(#loc7)", "3:38", "undefined symbol alias id 'loc7'"),
        (
            "%0 = triton_gpu.alloc_tensor : tensor<4xf16>",
            "3:10",
            "'triton_gpu.alloc_tensor' is from Triton's 2022-era shared-memory model and no "
            "longer exists; use ttg.local_alloc instead",
        ),
        (
            "%0 = arith.constant 1 : i32\n    %1 = arith.addi %a, %0 : i64",
            "4:21",
            "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'",
        ),
        (
            "%0 = ttg.convert_layout %a : i32 -> i32",
            "3:10",
            "'ttg.convert_layout' op i32 should be of base attribute tensor",
        ),
        (
            "ttg.local_store %a, %a : i32 -> i32\n    %1 = arith.addi %a, %a : i32",
            "3:5",
            "'ttg.local_store' op i32 should be of base attribute tensor",
        ),
    ],
)
def test_located_messages(line: str, where: str, message: str) -> None:
    text = FUNC.format(line)
    with pytest.raises(TtcError) as info:
        parse_module(text, "bad.mlir")
    error = info.value
    assert str(error) == f"bad.mlir:{where}: error: {message}"
    assert error.location is not None
    assert error.source_line == text.splitlines()[error.location.line - 1]
    assert error.exit_code == 1


def test_unclosed_region() -> None:
    with pytest.raises(TtcError) as info:
        parse_module("module {\n  tt.func @f() {\n    tt.return\n  }\n", "bad.mlir")
    assert str(info.value) == "bad.mlir:5:1: error: unexpected end of file: expected '}'"


def test_unregistered_ops_parse_when_allowed() -> None:
    module = parse_module(FUNC.format('%0 = "foo.bar"(%a) : (i32) -> i32'), allow_unregistered=True)
    assert '%0 = "foo.bar"(%arg0) : (i32) -> i32' in print_module(module)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "%0 = arith.addi %1, %a : i32\n    %1 = arith.addi %a, %a : i32",
            "bad.mlir:3:10: error: 'arith.addi' op operand #0 does not dominate this use",
        ),
        (
            "%0 = tt.splat %a : i32 -> tensor<4xi64>",
            "bad.mlir:3:10: error: 'tt.splat' op requires the same element type for all operands "
            "and results",
        ),
    ],
)
def test_verifier_messages(line: str, message: str) -> None:
    module = parse_module(FUNC.format(line), "bad.mlir")
    with pytest.raises(TtcError) as info:
        verify_module(module, "bad.mlir")
    assert str(info.value) == message


def test_corpus_verifies() -> None:
    for path in corpus_files():
        verify_module(parse_module(path.read_text(), str(path)), str(path))

