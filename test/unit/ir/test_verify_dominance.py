"""The verifier's dominance check catches values that passes leave dangling.

A pass that erases a block argument or an op while something still uses it, or moves a use out
of the definition's scope, leaves IR that prints with an undeclared name; `verify_module` (run
after every pass) reports it as MLIR does, `operand #N does not dominate this use`.
"""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import i32
from xdsl.ir import BlockArgument

from ttc.dialects.context import make_context
from ttc.dialects.verifier import verify_module
from ttc.ir.errors import TtcError
from ttc_parse import parse_module

LOOP = """\
tt.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = arith.addi %acc, %i : i32
    scf.yield %next : i32
  }
  tt.return %r : i32
}
"""


def _parse(text: str):  # noqa: ANN202 - the module type is xDSL's
    return parse_module(text, "f.mlir", ctx=make_context())


def test_well_formed_loop_verifies() -> None:
    verify_module(_parse(LOOP), "f.mlir")


def test_an_argument_removed_from_its_block() -> None:
    """What a pattern leaves when it drops a loop-carried value but not every use of its arg."""
    module = _parse(LOOP)
    add = next(op for op in module.walk() if op.name == "arith.addi")
    body = add.parent
    assert body is not None
    add.operands = [BlockArgument(i32, body, len(body.args)), add.operands[1]]
    with pytest.raises(TtcError, match=r"'arith.addi' op operand #0 does not dominate this use"):
        verify_module(module, "f.mlir")


def test_a_value_used_outside_the_region_that_defines_it() -> None:
    module = _parse(LOOP)
    add = next(op for op in module.walk() if op.name == "arith.addi")
    ret = next(op for op in module.walk() if op.name == "tt.return")
    ret.operands = [add.results[0]]
    with pytest.raises(TtcError, match=r"'tt.return' op operand #0 does not dominate this use"):
        verify_module(module, "f.mlir")


def test_a_use_before_its_definition_in_an_enclosing_block() -> None:
    module = _parse(LOOP)
    loop = next(op for op in module.walk() if op.name == "scf.for")
    c1 = next(op for op in module.walk() if op.name == "arith.constant"
              and op.results[0].name_hint == "c1")
    c1.detach()
    loop.parent.insert_op_after(c1, loop)  # the loop's step is now defined after the loop
    with pytest.raises(TtcError, match=r"'scf.for' op operand #2 does not dominate this use"):
        verify_module(module, "f.mlir")


# What the frontend makes of `if c: ...; return` followed by more code: the code after the return
# lands in blocks no branch reaches, whose uses MLIR does not check.
UNREACHABLE = """\
tt.func @f(%p: !tt.ptr<i32>, %c: i1) {
  %zero = arith.constant 0 : i32
  tt.return
^bb1:
  %one = arith.constant 1 : i32
  %sum = arith.addi %zero, %one : i32
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  tt.return
^bb3:
  tt.store %p, %sum : !tt.ptr<i32>
  cf.br ^bb4(%zero : i32)
^bb4(%v: i32):
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}
"""


def test_uses_in_unreachable_blocks_are_not_checked() -> None:
    """A value of the entry block and one of an unreachable block used in unreachable blocks."""
    verify_module(_parse(UNREACHABLE), "f.mlir")


def test_an_unreachable_block_may_use_a_value_defined_later() -> None:
    """Operand order is not checked inside an unreachable block either (MLIR skips the block)."""
    module = _parse(UNREACHABLE)
    one = next(op for op in module.walk() if op.name == "arith.constant"
               and op.results[0].name_hint == "one")
    add = next(op for op in module.walk() if op.name == "arith.addi")
    one.detach()
    add.parent.insert_op_after(one, add)
    verify_module(module, "f.mlir")


def test_a_reachable_use_of_an_unreachable_definition_fails() -> None:
    text = """\
tt.func @f(%p: !tt.ptr<i32>) {
  cf.br ^bb2
^bb1:
  %one = arith.constant 1 : i32
  cf.br ^bb2
^bb2:
  tt.store %p, %one : !tt.ptr<i32>
  tt.return
}
"""
    with pytest.raises(TtcError, match=r"'tt.store' op operand #1 does not dominate this use"):
        verify_module(_parse(text), "f.mlir")
