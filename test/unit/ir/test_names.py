"""SSA and block names follow MLIR's `SSANameState` with name locations as prefixes."""

from __future__ import annotations

import textwrap

import pytest

from ttc.ir.names import sanitize_identifier
from ttc.ir.printer import print_module
from ttc_parse import parse_module

LOC = '#l = loc("k.py":1:1)\n'


def roundtrip(body: str) -> str:
    return print_module(parse_module(textwrap.dedent(body) + LOC, "names.mlir"))


def body_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()[2:-2]]


def test_one_conflict_counter_per_scope() -> None:
    out = roundtrip(
        """
        func.func @f(%a: i32) -> i32 {
          %0 = arith.addi %a, %a : i32 loc("offs"(#l))
          %1 = arith.addi %0, %0 : i32 loc("offs"(#l))
          %2 = arith.addi %1, %1 : i32 loc("mask"(#l))
          %3 = arith.addi %2, %2 : i32 loc("offs"(#l))
          %4 = arith.addi %3, %3 : i32 loc("mask"(#l))
          %5 = arith.addi %4, %4 : i32
          return %5 : i32
        }
        """
    )
    assert body_lines(out) == [
        "%offs = arith.addi %arg0, %arg0 : i32",
        "%offs_0 = arith.addi %offs, %offs : i32",
        "%mask = arith.addi %offs_0, %offs_0 : i32",
        "%offs_1 = arith.addi %mask, %mask : i32",
        "%mask_2 = arith.addi %offs_1, %offs_1 : i32",
        "%0 = arith.addi %mask_2, %mask_2 : i32",
        "return %0 : i32",
    ]


def test_nested_region_continues_from_the_whole_parent_region() -> None:
    out = roundtrip(
        """
        func.func @f(%n: index, %a: i32) -> i32 {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %a) -> (i32) {
            %x = arith.addi %s, %s : i32 loc("x"(#l))
            %y = arith.addi %x, %x : i32
            scf.yield %y : i32
          }
          %z = arith.addi %r, %r : i32 loc("x"(#l))
          %w = arith.addi %z, %z : i32
          return %w : i32
        }
        """
    )
    assert body_lines(out) == [
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        "%0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %arg1) -> (i32) {",
        "%x_0 = arith.addi %arg3, %arg3 : i32",
        "%2 = arith.addi %x_0, %x_0 : i32",
        "scf.yield %2 : i32",
        "}",
        "%x = arith.addi %0, %0 : i32",
        "%1 = arith.addi %x, %x : i32",
        "return %1 : i32",
    ]


def test_sibling_regions_do_not_see_each_other() -> None:
    out = roundtrip(
        """
        func.func @f(%c: i1, %a: i32) -> i32 {
          %r = scf.if %c -> (i32) {
            %t = arith.addi %a, %a : i32 loc("t"(#l))
            %u = arith.addi %t, %t : i32
            scf.yield %u : i32
          } else {
            %t = arith.muli %a, %a : i32 loc("t"(#l))
            %u = arith.muli %t, %t : i32
            scf.yield %u : i32
          }
          return %r : i32
        }
        """
    )
    lines = body_lines(out)
    assert "%t = arith.addi %arg1, %arg1 : i32" in lines
    assert "%t = arith.muli %arg1, %arg1 : i32" in lines
    assert "%1 = arith.addi %t, %t : i32" in lines
    assert "%1 = arith.muli %t, %t : i32" in lines


def test_entry_arguments_count_named_ones_too() -> None:
    out = roundtrip(
        """
        func.func @f(%a: i32 loc("a"(#l)), %b: i32, %n: index) -> i32 {
          %c0 = arith.constant 0 : index
          %r = scf.for %i = %c0 to %n step %c0 iter_args(%s = %b) -> (i32) {
            scf.yield %s : i32
          }
          return %r : i32
        }
        """
    )
    assert "func.func @f(%a: i32, %arg1: i32, %arg2: index) -> i32 {" in out
    assert "scf.for %arg3 = %c0 to %arg2 step %c0 iter_args(%arg4 = %arg1)" in out


def test_non_entry_block_arguments_are_numbered() -> None:
    out = roundtrip(
        """
        func.func @f(%a: i32) -> i32 {
          %b = arith.addi %a, %a : i32
          cf.br ^next(%b : i32)
        ^next(%c: i32):
          %d = arith.addi %c, %c : i32
          return %d : i32
        }
        """
    )
    assert body_lines(out) == [
        "%0 = arith.addi %arg0, %arg0 : i32",
        "cf.br ^bb1(%0 : i32)",
        "^bb1(%1: i32):  // pred: ^bb0",
        "%2 = arith.addi %1, %1 : i32",
        "return %2 : i32",
    ]


def test_constant_names() -> None:
    out = roundtrip(
        """
        func.func @f() {
          %a = arith.constant 1024 : i32
          %b = arith.constant -1 : i32
          %c = arith.constant 0 : index
          %d = arith.constant true
          %e = arith.constant false
          %f = arith.constant 1.5 : f32
          %g = arith.constant dense<0.000000e+00> : tensor<4xf32>
          %h = arith.constant 0 : i32
          %i = arith.constant 0 : i32
          %j = arith.constant 7 : i64 loc("k"(#l))
          %k = arith.constant 4294967295 : i32
          return
        }
        """
    )
    assert [line.split(" = ")[0] for line in body_lines(out)[:-1]] == [
        "%c1024_i32",
        "%c-1_i32",
        "%c0",
        "%true",
        "%false",
        "%cst",
        "%cst_0",
        "%c0_i32",
        "%c0_i32_1",
        "%k",
        "%c-1_i32_2",
    ]


def test_result_groups() -> None:
    out = roundtrip(
        """
        func.func @f(%n: index, %a: i32) -> i32 {
          %c0 = arith.constant 0 : index
          %r:2 = scf.for %i = %c0 to %n step %c0 iter_args(%s = %a, %t = %a) -> (i32, i32) {
            scf.yield %t, %s : i32, i32
          }
          %q:2 = scf.for %i = %c0 to %n step %c0 iter_args(%s = %a, %t = %a) -> (i32, i32) {
            scf.yield %t, %s : i32, i32
          } loc("acc"(#l))
          %x = arith.addi %r#1, %q#0 : i32
          return %x : i32
        }
        """
    )
    assert "%0:2 = scf.for" in out
    assert "%acc:2 = scf.for" in out
    assert "%1 = arith.addi %0#1, %acc#0 : i32" in out


@pytest.mark.parametrize(
    ("loc", "name"),
    [
        ('"my var"(#l)', "%my_var"),
        ('"1x"(#l)', "%_1x"),
        ('"a/b"(#l)', "%a2Fb"),
        ('callsite(#l at "caller"(#l))', "%caller"),
        ('fused[#l, "inner"(#l)]', "%inner"),
        ('"outer"("inner"(#l))', "%outer"),
        ("#l", "%0"),
        ('""(#l)', "%0"),
    ],
)
def test_names_from_locations(loc: str, name: str) -> None:
    out = roundtrip(
        f"""
        func.func @f(%a: i32) -> i32 {{
          %0 = arith.addi %a, %a : i32 loc({loc})
          return %0 : i32
        }}
        """
    )
    assert body_lines(out)[0] == f"{name} = arith.addi %arg0, %arg0 : i32"


def test_no_locations_gives_plain_mlir_opt_names() -> None:
    out = roundtrip(
        """
        func.func @f(%x: i32, %y: i32) -> i32 {
          %sum = arith.addi %x, %y : i32
          %prod = arith.muli %sum, %y : i32
          return %prod : i32
        }
        """
    )
    assert body_lines(out) == [
        "%0 = arith.addi %arg0, %arg1 : i32",
        "%1 = arith.muli %0, %arg1 : i32",
        "return %1 : i32",
    ]


def test_printed_names_of_a_loop_with_a_location_come_back() -> None:
    """A dump's `scf.for` arguments keep the names their dropped `NameLoc`s gave them."""
    out = roundtrip(
        """
        func.func @f(%n: index, %a: i32) -> i32 {
          %c0 = arith.constant 0 : index
          %acc = arith.addi %a, %a : i32 loc("acc"(#l))
          %acc_0 = scf.for %k = %c0 to %n step %c0 iter_args(%acc_1 = %acc) -> (i32) {
            scf.yield %acc_1 : i32
          } loc("acc"(#l))
          return %acc_0 : i32
        }
        """
    )
    assert "%acc_0 = scf.for %k = %c0 to %arg0 step %c0 iter_args(%acc_1 = %acc)" in out


@pytest.mark.parametrize(
    ("raw", "clean"),
    [("x", "x"), ("a.b$c-d_e", "a.b$c-d_e"), ("9lives", "_9lives"), ("a b", "a_b"), ("é", "_C3A9"), ("x/y", "x2Fy")],
)
def test_sanitize_identifier(raw: str, clean: str) -> None:
    assert sanitize_identifier(raw) == clean
