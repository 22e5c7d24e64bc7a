"""Helpers for the upstream-dialect tests: ops written as the body of `func.func @f(<args>)`,
parsed with ttc's dialects and printed back with xDSL's printer, or checked for a verifier error;
and stand-in SSA values of a given type for the builder tests."""

from __future__ import annotations

import io

import pytest
from xdsl.dialects import test as xdsl_test
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.context import make_context


def parse_func_body(body: str, args: str) -> ModuleOp:
    """`body` parsed inside `func.func @f(args)` (not verified)."""
    text = f"func.func @f({args}) {{\n{body}\n  func.return\n}}\n"
    return Parser(make_context(), text).parse_module()


def printed_body_lines(body: str, args: str) -> list[str]:
    """Parse `body` inside a function, verify it, and return the printed lines of the body (as
    printed, indented)."""
    module = parse_func_body(body, args)
    module.verify()
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue().splitlines()[2:-3]


def verify_error(body: str, args: str) -> str:
    """The message of the `VerifyException` that `body` (inside a function) must raise."""
    module = parse_func_body(body, args)
    with pytest.raises(VerifyException) as info:
        module.verify()
    return str(info.value)


def value_of(type: Attribute) -> SSAValue:
    """A fresh SSA value of `type` (the result of a `test.op`)."""
    return xdsl_test.TestOp(result_types=[type]).results[0]
