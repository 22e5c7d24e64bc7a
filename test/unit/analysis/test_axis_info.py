"""Axis info (Triton's AxisInfo analysis): transfer rules on hand-written IR, and properties of
the lattice (join) and of the divisibility helpers checked with hypothesis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

from ttc.analysis.axis_info import (
    MAX_DIVISOR,
    AxisInfo,
    ModuleAxisInfo,
    gcd,
    highest_pow2_divisor,
)
from ttc.dialects.context import make_context
from ttc_parse import parse_module


def infos(body: str, args: str = "") -> dict[str, AxisInfo]:
    """The axis info of every op result in `body`, keyed by the result's SSA name."""
    module = parse_module(f"tt.func @f({args}) {{\n{body}\n  tt.return\n}}", "t.mlir", ctx=make_context())
    assert isinstance(module, ModuleOp)
    analysis = ModuleAxisInfo(module)
    found: dict[str, AxisInfo] = {}
    for op in module.walk():
        for result in op.results:
            if result.name_hint:
                found[result.name_hint] = analysis.get(result)
    return found


def triple(info: AxisInfo) -> tuple[list[int], list[int], list[int]]:
    return list(info.contiguity), list(info.divisibility), list(info.constancy)


def test_block_offsets() -> None:
    got = infos(
        """
  %c128 = arith.constant 128 : i32
  %pid = tt.get_program_id x : i32
  %start = arith.muli %pid, %c128 : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %s = tt.splat %start : i32 -> tensor<128xi32>
  %offs = arith.addi %s, %r : tensor<128xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %a = tt.addptr %p, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>""",
        "%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}",
    )
    assert got["c128"].constant == (128, 32)
    assert triple(got["start"]) == ([1], [128], [1])
    assert triple(got["r"]) == ([128], [1 << 30], [1])
    assert triple(got["s"]) == ([1], [128], [128])
    assert triple(got["offs"]) == ([128], [128], [1])
    # addptr scales the offset's divisibility by the element size (4 bytes), capped by the base.
    assert triple(got["a"]) == ([128], [16], [1])


def test_division_and_remainder_by_constants() -> None:
    got = infos(
        """
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c16 = arith.constant dense<16> : tensor<64xi32>
  %c1 = arith.constant dense<1> : tensor<64xi32>
  %q = arith.divsi %r, %c16 : tensor<64xi32>
  %m = arith.remsi %r, %c16 : tensor<64xi32>
  %z = arith.remsi %r, %c1 : tensor<64xi32>
  %same = arith.divsi %r, %c1 : tensor<64xi32>"""
    )
    assert triple(got["q"]) == ([1], [1], [16])
    assert triple(got["m"]) == ([16], [16], [1])
    assert got["z"].constant == (0, 32) and got["z"].divisibility == (MAX_DIVISOR,)
    assert triple(got["same"]) == ([64], [1 << 30], [1])


def test_compare_against_a_bound_is_constant_in_aligned_runs() -> None:
    got = infos(
        """
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %b = tt.splat %n : i32 -> tensor<256xi32>
  %lt = arith.cmpi slt, %r, %b : tensor<256xi32>
  %eq = arith.cmpi eq, %r, %b : tensor<256xi32>
  %ge = arith.cmpi sge, %b, %r : tensor<256xi32>""",
        "%n: i32 {tt.divisibility = 8 : i32}",
    )
    assert got["lt"].constancy == (8,)
    assert got["eq"].constancy == (1,)
    assert got["ge"].constancy == (1,)


def test_two_dimensional_tile() -> None:
    got = infos(
        """
  %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %s = tt.splat %stride : i32 -> tensor<16x1xi32>
  %rs = arith.muli %r, %s : tensor<16x1xi32>
  %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  %cb = tt.broadcast %c : tensor<1x32xi32> -> tensor<16x32xi32>
  %sum = arith.addi %rb, %cb : tensor<16x32xi32>""",
        "%stride: i32 {tt.divisibility = 16 : i32}",
    )
    assert triple(got["r"]) == ([16, 1], [1 << 30, 1], [1, 1])
    assert triple(got["rs"]) == ([1, 1], [16, 16], [1, 1])
    assert triple(got["rb"]) == ([1, 1], [16, 16], [1, 32])
    assert triple(got["sum"]) == ([1, 32], [1, 16], [1, 1])


def test_loop_carried_value_reaches_a_fixed_point() -> None:
    got = infos(
        """
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %init = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %step = arith.constant dense<64> : tensor<64xi32>
  %out = scf.for %i = %c0 to %n step %c4 iter_args(%acc = %init) -> (tensor<64xi32>) : i32 {
    %next = arith.addi %acc, %step : tensor<64xi32>
    scf.yield %next : tensor<64xi32>
  }""",
        "%n: i32",
    )
    assert triple(got["out"]) == ([64], [64], [1])
    assert triple(got["next"]) == ([64], [64], [1])


def test_op_hints_override_the_rules() -> None:
    got = infos(
        """
  %v = arith.addi %a, %a {tt.divisibility = dense<[32]> : tensor<1xi32>} : i32""",
        "%a: i32",
    )
    assert got["v"].divisibility == (32,)


def test_remark_text() -> None:
    assert AxisInfo((4,), (16,), (1,)).remark() == (
        "contiguity = [4], divisibility = [16], constancy = [1], constant_value = <none>"
    )
    assert AxisInfo((1,), (8,), (1,), (8, 32)).remark().endswith("constant_value = 8")
    # an i1 true, like every constant, reads signed
    assert AxisInfo((1,), (1,), (1,), (-1, 1)).remark().endswith("constant_value = -1")


powers = st.integers(min_value=0, max_value=40).map(lambda e: 1 << e)
infos_1d = st.builds(
    lambda c, d, k: AxisInfo((c,), (d,), (k,)), powers, powers, powers
)


@given(infos_1d, infos_1d)
def test_join_is_commutative_and_never_gains_information(a: AxisInfo, b: AxisInfo) -> None:
    joined = a.join(b)
    assert joined == b.join(a)
    assert joined.contiguity[0] <= min(a.contiguity[0], b.contiguity[0])
    assert joined.constancy[0] <= min(a.constancy[0], b.constancy[0])
    assert joined.divisibility[0] <= min(a.divisibility[0], b.divisibility[0])


@given(infos_1d)
def test_join_with_nothing_is_identity(a: AxisInfo) -> None:
    assert a.join(AxisInfo()) == a and AxisInfo().join(a) == a


@given(st.integers(min_value=-(1 << 40), max_value=1 << 40).filter(lambda v: v != 0))
def test_highest_power_of_two_divides(value: int) -> None:
    divisor = highest_pow2_divisor(value)
    assert value % divisor == 0 and (value // divisor) % 2 != 0


def test_gcd_ignores_zero() -> None:
    assert gcd(0, 12) == 12 and gcd(12, 0) == 12 and gcd(8, 12, 0, 20) == 4
