"""ttc's `arith` dialect: MLIR's literal printing, op syntax with encodings, verifiers, builders."""

from __future__ import annotations

import struct

import pytest
from func_body import printed_body_lines, value_of, verify_error
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    Signedness,
    TensorType,
    f32,
    i1,
    i32,
)
from xdsl.ir import Attribute
from xdsl.parser import Parser

from ttc.dialects.context import make_context
from ttc.dialects.upstream import arith
from ttc.ir import literals

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
MMA = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"


def roundtrip(body: str, args: str = "") -> str:
    """Parse `body` inside a function, verify it, and return the printed body lines."""
    return "\n".join(line.strip() for line in printed_body_lines(body, args))


# ---------------------------------------------------------------------------------------------
# Float, integer and dense literals
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value,type,expected",
    [
        (1.0, Float32Type(), "1.000000e+00"),
        (0.0, Float32Type(), "0.000000e+00"),
        (-0.0, Float32Type(), "-0.000000e+00"),
        (0.1, Float64Type(), "1.000000e-01"),
        (struct.unpack("<f", struct.pack("<f", 0.1))[0], Float32Type(), "1.000000e-01"),
        (1.5e-7, Float64Type(), "1.500000e-07"),
        (1.0e100, Float64Type(), "1.000000e+100"),
        (0.000123, Float64Type(), "1.230000e-04"),
        (-2.5, Float16Type(), "-2.500000e+00"),
        (1.0, BFloat16Type(), "1.000000e+00"),
        # Not exact in 6 digits: APFloat's shortest form (9 digits for f32, 17 for f64).
        (struct.unpack("<f", struct.pack("<f", 1.44269504))[0], Float32Type(), "1.44269502"),
        (1.2345678, Float64Type(), "1.2345678"),
        (3.14159265358979, Float64Type(), "3.14159265358979"),
        # APFloat prints 17 significant digits for f64 (not the shortest round-tripping
        # form), switches to `E` notation below 1e-3 and never pads the exponent.
        (1.00000001e-10, Float64Type(), "1.00000001E-10"),
        (0.00012345678, Float64Type(), "1.2345678000000001E-4"),
        (0.0012345678, Float64Type(), "0.0012345678000000001"),
        (3.141592653589793, Float64Type(), "3.1415926535897931"),
        # Integral values with too many digits have no `.`: MLIR falls back to hex.
        (16777217.0, Float64Type(), "0x4170000010000000"),
        (float("-inf"), Float32Type(), "0xFF800000"),
        (float("inf"), Float32Type(), "0x7F800000"),
        (float("nan"), Float32Type(), "0x7FC00000"),
        (float("-inf"), Float16Type(), "0xFC00"),
        (float("-inf"), BFloat16Type(), "0xFF80"),
        (float("-inf"), Float64Type(), "0xFFF0000000000000"),
    ],
)
def test_format_float_matches_mlir(value: float, type: Attribute, expected: str) -> None:
    assert literals.format_float(value, type) == expected


def _parse_back(text: str, type: Attribute) -> int:
    """The bits MLIR would read from a printed literal."""
    if text.startswith("0x"):
        return int(text, 16)
    return literals.float_to_bits(float(text.replace("E", "e")), type)


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_format_float_f32_round_trips(bits: int) -> None:
    value = literals.bits_to_float(bits, Float32Type())
    text = literals.format_float(value, Float32Type())
    if value != value:  # NaN payloads print as their exact bits
        assert text == f"0x{bits:X}"
    else:
        assert _parse_back(text, Float32Type()) == bits


@settings(max_examples=400, deadline=None)
@given(st.floats(allow_nan=False))
def test_format_float_f64_round_trips(value: float) -> None:
    text = literals.format_float(value, Float64Type())
    assert _parse_back(text, Float64Type()) == literals.float_to_bits(value, Float64Type())
    assert text.startswith("0x") or "." in text


@pytest.mark.parametrize(
    "value,type,expected",
    [
        (1, i1, "true"),
        (0, i1, "false"),
        (-1, i32, "-1"),
        (4294967295, i32, "-1"),
        (2147483647, IntegerType(64), "2147483647"),
        (255, IntegerType(8, Signedness.UNSIGNED), "255"),
    ],
)
def test_format_int(value: int, type: Attribute, expected: str) -> None:
    assert literals.format_int(value, type) == expected


def test_format_dense_large_non_splat_prints_hex() -> None:
    attr = DenseIntOrFPElementsAttr.from_list(TensorType(i32, [101]), list(range(101)))
    text = literals.format_dense(attr)
    assert text.startswith('dense<"0x0000000001000000')
    assert text == 'dense<"0x' + b"".join(i.to_bytes(4, "little") for i in range(101)).hex().upper() + '">'
    small = DenseIntOrFPElementsAttr.from_list(TensorType(i32, [100]), list(range(100)))
    assert literals.format_dense(small).startswith("dense<[0, 1, 2,")


# ---------------------------------------------------------------------------------------------
# Op syntax, round-tripped exactly as MLIR prints it
# ---------------------------------------------------------------------------------------------

CONSTANTS = [
    "%c1024_i32 = arith.constant 1024 : i32",
    "%c-1_i32 = arith.constant -1 : i32",
    "%true = arith.constant true",
    "%false = arith.constant false",
    "%c0 = arith.constant 0 : index",
    "%c2147483647_i64 = arith.constant 2147483647 : i64",
    "%cst = arith.constant 1.000000e+00 : f32",
    "%cst = arith.constant 0xFF800000 : f32",
    "%cst = arith.constant 1.44269502 : f32",
    "%cst = arith.constant 0xFC00 : f16",
    f"%cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, {MMA}>",
    f"%cst = arith.constant dense<0xFF800000> : tensor<128xf32, {BLOCKED}>",
    f"%cst = arith.constant dense<32> : tensor<64x32xi32, {BLOCKED}>",
    "%cst = arith.constant dense<-2147483648> : tensor<64xi64>",
    "%cst = arith.constant dense<[0, 1]> : tensor<2xi32>",
    "%cst = arith.constant dense<[[1.000000e+00, 2.500000e+00], [3.000000e+00, 1.44269502]]> : tensor<2x2xf32>",
    "%cst = arith.constant dense<true> : tensor<4xi1>",
    "%cst = arith.constant dense<[true, false]> : tensor<2xi1>",
    "%cst = arith.constant {tt.divisibility = 16 : i32} 16 : i32",
]


@pytest.mark.parametrize("line", CONSTANTS)
def test_constant_round_trip(line: str) -> None:
    assert roundtrip("  " + line) == line


def test_constant_normalises_spelling_as_mlir_does() -> None:
    assert roundtrip("  %c = arith.constant 4294967295 : i32") == "%c = arith.constant -1 : i32"
    assert roundtrip("  %c = arith.constant 1 : i1") == "%c = arith.constant true"
    assert roundtrip("  %c = arith.constant 0.5 : f64") == "%c = arith.constant 5.000000e-01 : f64"
    assert roundtrip("  %c = arith.constant dense<[2, 2]> : tensor<2xi32>") == (
        "%c = arith.constant dense<2> : tensor<2xi32>"
    )


def test_hex_float_splat_is_read_as_bits() -> None:
    module = Parser(make_context(), "%c = arith.constant dense<0xFF800000> : tensor<4xf32>").parse_module()
    op = next(iter(module.ops))
    assert isinstance(op, arith.ConstantOp)
    assert op.value.get_values() == (float("-inf"),) * 4


T = f"tensor<64x32xi32, {BLOCKED}>"
TF = f"tensor<64x32xf32, {BLOCKED}>"
TH = f"tensor<64x32xf16, {BLOCKED}>"
TB = f"tensor<64x32xi1, {BLOCKED}>"
TP = f"tensor<64x32x!tt.ptr<f16>, {BLOCKED}>"
ARGS = f"%a: {T}, %b: {T}, %x: {TF}, %y: {TF}, %h: {TH}, %m: {TB}, %p: {TP}, %q: {TP}, %i: i32, %j: i32, %f: f32, %c: i1, %n: index"

OPS = [
    *(f"%r = arith.{op} %a, %b : {T}" for op in (
        "addi", "subi", "muli", "divsi", "divui", "ceildivsi", "floordivsi", "remsi", "remui",
        "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "minsi", "maxui", "minui",
    )),
    *(f"%r = arith.{op} %x, %y : {TF}" for op in (
        "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
    )),
    "%r = arith.addi %i, %j overflow<nsw> : i32",
    "%r = arith.muli %i, %j overflow<nsw, nuw> : i32",
    "%r = arith.addf %f, %f fastmath<fast> : f32",
    "%r = arith.mulf %f, %f fastmath<nnan,ninf> : f32",
    f"%r = arith.negf %x : {TF}",
    "%r = arith.negf %f fastmath<fast> : f32",
    f"%r = arith.cmpi slt, %a, %b : {T}",
    "%r = arith.cmpi sge, %i, %j : i32",
    f"%r = arith.cmpf olt, %x, %y : {TF}",
    "%r = arith.cmpf une, %f, %f fastmath<fast> : f32",
    f"%r = arith.select %m, %a, %b : {TB}, {T}",
    f"%r = arith.select %m, %p, %q : {TB}, {TP}",
    f"%r = arith.select %c, %p, %q : {TP}",
    "%r = arith.select %c, %i, %j : i32",
    f"%r = arith.extsi %a : {T} to tensor<64x32xi64, {BLOCKED}>",
    f"%r = arith.extui %m : {TB} to {T}",
    f"%r = arith.trunci %a : {T} to tensor<64x32xi8, {BLOCKED}>",
    f"%r = arith.extf %h : {TH} to {TF}",
    f"%r = arith.truncf %x : {TF} to {TH}",
    f"%r = arith.sitofp %a : {T} to {TF}",
    f"%r = arith.uitofp %a : {T} to {TF}",
    f"%r = arith.fptosi %x : {TF} to {T}",
    f"%r = arith.fptoui %x : {TF} to {T}",
    f"%r = arith.bitcast %x : {TF} to {T}",
    "%r = arith.bitcast %i : i32 to i32",
    "%r = arith.index_cast %i : i32 to index",
    "%r = arith.index_castui %n : index to i32",
    "%r, %s = arith.mulsi_extended %i, %j : i32",
    "%r, %s = arith.mului_extended %i, %j : i32",
]


@pytest.mark.parametrize("line", OPS)
def test_op_round_trip(line: str) -> None:
    assert roundtrip("  " + line, ARGS) == line


# ---------------------------------------------------------------------------------------------
# Verifiers
# ---------------------------------------------------------------------------------------------


def test_cmpi_result_keeps_shape_and_encoding() -> None:
    wrong = f'%r = "arith.cmpi"(%a, %b) <{{predicate = 2 : i64}}> : ({T}, {T}) -> tensor<64x32xi1>'
    assert "i1 in the operands' shape" in verify_error("  " + wrong, ARGS)
    scalar = f'%r = "arith.cmpi"(%a, %b) <{{predicate = 2 : i64}}> : ({T}, {T}) -> i1'
    assert "i1 in the operands' shape" in verify_error("  " + scalar, ARGS)


def test_cmp_operands_must_agree() -> None:
    mixed = f'%r = "arith.cmpi"(%a, %i) <{{predicate = 2 : i64}}> : ({T}, i32) -> {TB}'
    assert "same type" in verify_error("  " + mixed, ARGS)
    mixed_f = f'%r = "arith.cmpf"(%x, %f) <{{predicate = 4 : i64, fastmath = #arith.fastmath<none>}}> : ({TF}, f32) -> {TB}'
    assert "same type" in verify_error("  " + mixed_f, ARGS)


def test_select_condition_shape_must_match() -> None:
    bad = f'%r = "arith.select"(%m, %a, %b) : (tensor<64x32xi1>, {T}, {T}) -> {T}'
    assert "same shape as the result" in verify_error(f"  %m2 = arith.constant dense<true> : tensor<64x32xi1>\n  {bad.replace('%m,', '%m2,')}", ARGS)


@pytest.mark.parametrize(
    "line,message",
    [
        ("%r = arith.extsi %i : i32 to i32", "must be wider"),
        ("%r = arith.trunci %i : i32 to i64", "must be shorter"),
        ("%r = arith.extf %f : f32 to f16", "must be wider"),
        ("%r = arith.truncf %f : f32 to f64", "must be shorter"),
        ("%r = arith.bitcast %f : f32 to i16", "cast incompatible"),
        ("%r = arith.index_cast %i : i32 to i64", "cast incompatible"),
        (f"%r = arith.extsi %a : {T} to tensor<64x32xi64>", "same encoding"),
        (f"%r = arith.extf %h : {TH} to tensor<32x64xf32, {BLOCKED}>", "same shape"),
        (f"%r = arith.sitofp %a : {T} to f32", "same shape"),
    ],
)
def test_cast_verifiers(line: str, message: str) -> None:
    assert message in verify_error("  " + line, ARGS)


def test_binary_ops_reject_mismatched_encodings() -> None:
    bad = f'%r = "arith.addi"(%a, %k) <{{overflowFlags = #arith.overflow<none>}}> : ({T}, tensor<64x32xi32>) -> {T}'
    verify_error("  " + bad, ARGS + ", %k: tensor<64x32xi32>")


# ---------------------------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------------------------


def test_builders_infer_shaped_i1_results() -> None:
    enc = Parser(make_context(), BLOCKED).parse_attribute()
    tensor = TensorType(i32, [64, 32], enc)
    a, b = value_of(tensor), value_of(tensor)
    cmp = arith.CmpiOp(a, b, "slt")
    assert cmp.result.type == TensorType(i1, [64, 32], enc)
    cmp.verify()
    fcmp = arith.CmpfOp(value_of(f32), value_of(f32), "olt")
    assert fcmp.result.type == i1
    fcmp.verify()
    sel = arith.SelectOp(cmp.result, a, b)
    assert sel.result.type == tensor
    sel.verify()


def test_negf_builder_stores_fastmath_as_property() -> None:
    op = arith.NegfOp(value_of(f32), arith.FastMathFlagsAttr("fast"))
    assert op.properties["fastmath"] == arith.FastMathFlagsAttr("fast")
    op.verify()
