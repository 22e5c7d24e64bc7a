"""`ttc.ir.op_definition`: every registered op's assembly format compiles, and an op's format is
compiled at its first parse or print, not when the op is defined, with the same result as xDSL's
`irdl_op_definition`."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, i32
from xdsl.irdl import IRDLOperation, irdl_op_definition, result_def
from xdsl.parser import Parser
from xdsl.utils.exceptions import PyRDLOpDefinitionError

from ttc.dialects.context import DIALECT_LOADERS, PLUGIN_DIALECTS, make_context
from ttc.ir.op_definition import deferred_format, op_definition


def test_every_registered_format_compiles() -> None:
    ctx = make_context()
    for name in [*DIALECT_LOADERS, *PLUGIN_DIALECTS]:
        if name != "builtin":
            ctx.load_registered_dialect(name)
    deferred = {op.name: deferred_format(op) for op in ctx.loaded_ops}
    formats = {name: fmt for name, fmt in deferred.items() if fmt is not None}
    assert len(formats) > 100
    broken = {}
    for name, fmt in formats.items():
        try:
            fmt.program  # noqa: B018 -- compiling is the test
        except PyRDLOpDefinitionError as error:
            broken[name] = str(error.__cause__)
    assert broken == {}


FIRST_USE = textwrap.dedent(
    """\
    import json
    from ttc.dialects.context import DIALECT_LOADERS, make_context
    from ttc.ir.op_definition import deferred_format
    from ttc.ir.parser import parse_module
    from ttc.ir.printer import print_module

    ctx = make_context()
    for name in DIALECT_LOADERS:
        if name != "builtin":
            ctx.load_registered_dialect(name)
    formats = {op.name: deferred_format(op) for op in ctx.loaded_ops}
    formats = {name: fmt for name, fmt in formats.items() if fmt is not None}
    loaded = sorted(name for name, fmt in formats.items() if fmt.compiled)
    parse_module("%0 = arith.constant 1 : i32\\n%1 = arith.addi %0, %0 : i32\\n", ctx=make_context())
    parsed = sorted(name for name, fmt in formats.items() if fmt.compiled)
    print(json.dumps({"formats": len(formats), "loaded": loaded, "parsed": parsed}))
    """
)


def test_loading_every_dialect_compiles_no_format_and_a_parse_only_its_ops() -> None:
    run = subprocess.run([sys.executable, "-c", FIRST_USE], capture_output=True, text=True, check=True)
    compiled = json.loads(run.stdout)
    assert compiled["formats"] > 100
    assert compiled["loaded"] == []
    assert compiled["parsed"] == ["arith.addi"]


def _op(name: str, assembly_format: str) -> type[IRDLOperation]:
    """A new op class `name` with one result and `assembly_format`, not yet defined."""

    class FormattedOp(IRDLOperation):
        res = result_def()

    FormattedOp.name = name
    FormattedOp.assembly_format = assembly_format
    return FormattedOp


def _op_pair(assembly_format: str) -> tuple[type[IRDLOperation], type[IRDLOperation]]:
    """Two ops with `assembly_format`, `test.deferred` defined by `op_definition` and
    `test.eager` by xDSL's `irdl_op_definition`."""
    return (op_definition(_op("test.deferred", assembly_format)),
            irdl_op_definition(_op("test.eager", assembly_format)))


def test_format_is_compiled_at_the_first_parse_and_parses_and_prints_as_xdsl() -> None:
    deferred, eager = _op_pair("attr-dict `:` type($res)")
    fmt = deferred_format(deferred)
    assert fmt is not None and not fmt.compiled
    assert deferred_format(eager) is None

    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_op(deferred)
    ctx.load_op(eager)
    text = '%0 = test.{} {{answer = 42 : i32, note = "x"}} : i32'
    parsed = {op: Parser(ctx, text.format(op.name.removeprefix("test."))).parse_op() for op in (deferred, eager)}
    assert fmt.compiled
    assert isinstance(parsed[deferred], deferred)
    assert str(parsed[deferred]) == text.format("deferred")
    assert str(parsed[eager]) == text.format("eager")


def test_format_is_compiled_at_the_first_print() -> None:
    deferred, _ = _op_pair("attr-dict `:` type($res)")
    fmt = deferred_format(deferred)
    assert fmt is not None
    op = deferred(result_types=[i32])
    assert not fmt.compiled
    assert str(op) == "%0 = test.deferred : i32"
    assert fmt.compiled


def test_a_broken_format_fails_when_compiled_as_in_xdsl() -> None:
    broken = "attr-dict `:` type($missing)"
    fmt = deferred_format(op_definition(_op("test.broken", broken)))
    assert fmt is not None
    with pytest.raises(PyRDLOpDefinitionError, match="assembly format") as deferred_error:
        fmt.program  # noqa: B018 -- compiling is the test
    with pytest.raises(PyRDLOpDefinitionError) as eager_error:
        irdl_op_definition(_op("test.broken", broken))
    assert deferred_error.value.args == eager_error.value.args
