"""Location syntax in, MLIR's `--mlir-print-debuginfo` text out."""

from __future__ import annotations

import textwrap

import pytest
from xdsl.dialects.builtin import (
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    IntAttr,
    NameLoc,
    StringAttr,
    UnknownLoc,
)

from ttc.ir.errors import TtcError
from ttc.ir.locations import find_name, source_location
from ttc.ir.printer import print_module
from ttc_parse import parse_module

SOURCE = textwrap.dedent(
    """\
    module {
      func.func @f(%a: i32 loc("a"(#loc)), %b: i32) -> i32 {
        %0 = arith.addi %a, %b : i32 loc(#loc3)
        %1 = arith.addi %0, %0 : i32 loc(callsite(#loc1 at #loc2))
        %2 = arith.addi %1, %1 : i32 loc(fused<"meta">[#loc1, #loc2])
        %3 = arith.addi %2, %2 : i32 loc(fused[#loc1, "x"])
        return %3 : i32 loc(unknown)
      } loc(#loc)
    } loc(#loc)
    #loc = loc("k.py":1:0)
    #loc1 = loc("k.py":2:3)
    #loc2 = loc("k.py":3:4)
    #loc3 = loc("sum"(#loc4))
    #loc4 = loc("k.py":5:6)
    """
)


def ops_of(text: str, name: str = "locs.mlir"):
    module = parse_module(text, name)
    func = next(iter(module.body.block.ops))
    return module, func, list(func.regions[0].blocks.first.ops)


def test_aliases_defined_after_their_use() -> None:
    module, func, ops = ops_of(SOURCE)
    k = StringAttr("k.py")
    assert module.location == FileLineColLoc(k, IntAttr(1), IntAttr(0))
    assert ops[0].location == NameLoc(StringAttr("sum"), FileLineColLoc(k, IntAttr(5), IntAttr(6)))
    assert isinstance(ops[1].location, CallSiteLoc)
    assert isinstance(ops[2].location, FusedLoc) and ops[2].location.metadata == StringAttr("meta")
    assert ops[4].location == UnknownLoc()
    args = func.regions[0].blocks.first.args
    assert args[0].location == NameLoc(StringAttr("a"), FileLineColLoc(k, IntAttr(1), IntAttr(0)))
    assert args[1].location == FileLineColLoc(StringAttr("locs.mlir"), IntAttr(2), IntAttr(40))


def test_debuginfo_print() -> None:
    assert print_module(parse_module(SOURCE, "locs.mlir"), debuginfo=True) == textwrap.dedent(
        """\
        #loc = loc("k.py":1:0)
        #loc1 = loc("locs.mlir":2:40)
        #loc7 = loc("a"(#loc))
        module {
          func.func @f(%a: i32 loc("a"(#loc)), %arg1: i32 loc("locs.mlir":2:40)) -> i32 {
            %sum = arith.addi %a, %arg1 : i32 loc(#loc8)
            %0 = arith.addi %sum, %sum : i32 loc(#loc9)
            %1 = arith.addi %0, %0 : i32 loc(#loc10)
            %x = arith.addi %1, %1 : i32 loc(#loc11)
            return %x : i32 loc(#loc6)
          } loc(#loc)
        } loc(#loc)
        #loc2 = loc("k.py":5:6)
        #loc3 = loc("k.py":2:3)
        #loc4 = loc("k.py":3:4)
        #loc5 = loc("x")
        #loc6 = loc(unknown)
        #loc8 = loc("sum"(#loc2))
        #loc9 = loc(callsite(#loc3 at #loc4))
        #loc10 = loc(fused<"meta">[#loc3, #loc4])
        #loc11 = loc(fused[#loc3, #loc5])
        """
    )


def test_debuginfo_print_parses_back_to_itself() -> None:
    once = print_module(parse_module(SOURCE, "locs.mlir"), debuginfo=True)
    assert print_module(parse_module(once, "again.mlir"), debuginfo=True) == once


def test_ops_without_location_point_at_their_name() -> None:
    text = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"
    module, func, ops = ops_of(text, "in.mlir")
    assert source_location(ops[0].location) is not None
    assert str(source_location(ops[0].location)) == "in.mlir:2:8"
    assert str(source_location(ops[1].location)) == "in.mlir:3:3"
    assert str(source_location(func.location)) == "in.mlir:1:1"
    assert str(source_location(func.regions[0].blocks.first.args[0].location)) == "in.mlir:1:14"
    assert str(source_location(module.location)) == "in.mlir:1:1"


def test_block_header_argument_locations() -> None:
    text = textwrap.dedent(
        """\
        func.func @f(%a: i32) -> i32 {
          cf.br ^bb1(%a : i32)
        ^bb1(%b: i32 loc("b"("k.py":7:1))):
          return %b : i32
        }
        """
    )
    out = print_module(parse_module(text, "in.mlir"), debuginfo=True)
    assert '^bb1(%b: i32 loc("b"(#loc3))):  // pred: ^bb0' in out


def test_find_name_and_source_location_walk_in_pre_order() -> None:
    inner = FileLineColLoc(StringAttr("f.py"), IntAttr(3), IntAttr(4))
    loc = CallSiteLoc(inner, NameLoc(StringAttr("caller"), FileLineColLoc(StringAttr("g.py"), IntAttr(1), IntAttr(2))))
    assert find_name(loc) == "caller"
    assert str(source_location(loc)) == "f.py:3:4"
    assert find_name(inner) is None and source_location(UnknownLoc()) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("func.func @f() {\n  return loc(#loc9)\n}\n", "2:14: error: undefined symbol alias id 'loc9'"),
        (
            'func.func @f() {\n  return loc(#loc1)\n}\n#loc1 = loc("a"(#loc1))\n',
            "4:17: error: undefined symbol alias id 'loc1'",
        ),
    ],
)
def test_bad_aliases(text: str, message: str) -> None:
    with pytest.raises(TtcError) as info:
        parse_module(text, "bad.mlir")
    assert str(info.value) == f"bad.mlir:{message}"
