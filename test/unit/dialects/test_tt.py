"""Round trips, legacy spellings and verifier failures of the `tt` dialect's ops.

Each case is the body of a `tt.func`; it is parsed with ttc's context, verified, printed with
xDSL's printer (which keeps the source's value names) and compared with the expected text.
"""

from __future__ import annotations

import io
import textwrap

import pytest
from xdsl.dialects.builtin import (
    Float16Type,
    IntegerType,
    NoneAttr,
    Signedness,
    StringAttr,
    TensorType,
    i8,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from ttc.dialects.context import make_context
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import TensorDescType, signless
from ttc.dialects.verifier import verify_module
from ttc.ir.diagnostics import diagnostic_handler
from ttc.ir.errors import TtcError

ARGS = (
    "%p: !tt.ptr<f16>, %f: f32, %i: i32, %i64: i64, %b: i1, "
    "%t: tensor<4x2xf32>, %m: tensor<4x2xi1>, %ti: tensor<8xi32>, "
    "%a: tensor<16x32xf16>, %w: tensor<32x8xf16>, %acc: tensor<16x8xf32>"
)


def wrap(body: str, args: str = ARGS) -> str:
    body = textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
    return f"builtin.module {{\n  tt.func @f({args}) {{\n{body}\n    tt.return\n  }}\n}}"


def parse(text: str):
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def verify_errors(text: str) -> str:
    """The errors ttc's verifier reports for `text` (parse errors included), one per line."""
    messages: list[str] = []
    try:
        module = Parser(make_context(), text).parse_module()
        with diagnostic_handler(lambda d: messages.append(d.message)):
            verify_module(module, "test.mlir")
    except ParseError as err:
        messages.append(err.msg)
    except TtcError as err:
        messages.append(err.message)
    return "\n".join(messages)


def show(module) -> str:
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


def roundtrip(body: str, args: str = ARGS) -> str:
    return show(parse(wrap(body, args)))


# ----------------------------------------------------------------------------------------------
# Today's syntax prints back unchanged
# ----------------------------------------------------------------------------------------------

TODAY = [
    "%0 = tt.get_program_id x : i32",
    "%0 = tt.get_program_id z : i32",
    "%0 = tt.get_num_programs y : i32",
    "%0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>",
    "%0 = tt.splat %i : i32 -> tensor<8xi32>",
    "%0 = tt.splat %p : !tt.ptr<f16> -> tensor<4x2x!tt.ptr<f16>>",
    "%0 = tt.expand_dims %ti {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>",
    "%0 = tt.expand_dims %ti {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>",
    """%0 = tt.expand_dims %ti {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
%1 = tt.broadcast %0 : tensor<8x1xi32> -> tensor<8x4xi32>""",
    "%0 = tt.reshape %t : tensor<4x2xf32> -> tensor<8xf32>",
    "%0 = tt.reshape %t allow_reorder : tensor<4x2xf32> -> tensor<8xf32>",
    "%0 = tt.reshape %t allow_reorder efficient_layout : tensor<4x2xf32> -> tensor<8xf32>",
    "%0 = tt.reshape %t efficient_layout : tensor<4x2xf32> -> tensor<8xf32>",
    "%0 = tt.trans %t {order = array<i32: 1, 0>} : tensor<4x2xf32> -> tensor<2x4xf32>",
    "%0 = tt.cat %t, %t : tensor<4x2xf32> -> tensor<8x2xf32>",
    "%0 = tt.join %t, %t : tensor<4x2xf32> -> tensor<4x2x2xf32>",
    "%0, %1 = tt.split %t : tensor<4x2xf32> -> tensor<4xf32>",
    """%0 = tt.reshape %t : tensor<4x2xf32> -> tensor<1x8xf32>
%1 = tt.reshape %0 : tensor<1x8xf32> -> tensor<1x1x8xf32>""",
    """%0 = tt.splat %f : f32 -> tensor<1x1xf32>
%1 = tt.unsplat %0 : tensor<1x1xf32>""",
    """%0 = tt.splat %p : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
%1 = tt.addptr %0, %ti : tensor<8x!tt.ptr<f16>>, tensor<8xi32>""",
    "%0 = tt.addptr %p, %i : !tt.ptr<f16>, i32",
    "%0 = tt.load %p : !tt.ptr<f16>",
    "%0 = tt.load %p, %b : !tt.ptr<f16>",
    """%0 = tt.splat %p : !tt.ptr<f16> -> tensor<4x2x!tt.ptr<f16>>
%1 = tt.load %0, %m : tensor<4x2x!tt.ptr<f16>>
%2 = tt.load %0, %m, %1 cacheModifier = cg evictionPolicy = evict_first {isVolatile = true} : tensor<4x2x!tt.ptr<f16>>
tt.store %0, %2, %m cacheModifier = wb evictionPolicy = evict_last : tensor<4x2x!tt.ptr<f16>>
tt.store %0, %1 : tensor<4x2x!tt.ptr<f16>>""",
    """%0 = tt.splat %p : !tt.ptr<f16> -> tensor<4x2x!tt.ptr<f16>>
%1 = tt.load %0 evictionPolicy = evict_last : tensor<4x2x!tt.ptr<f16>>""",
    """%0 = tt.int_to_ptr %i64 : i64 -> !tt.ptr<f32>
%1 = tt.atomic_rmw fadd, acq_rel, gpu, %0, %f, %b : (!tt.ptr<f32>, f32, i1) -> f32
%2 = tt.atomic_rmw exch, relaxed, sys, %0, %f : (!tt.ptr<f32>, f32) -> f32
%3 = tt.atomic_cas acquire, cta, %0, %f, %f : (!tt.ptr<f32>, f32, f32) -> f32""",
    "%0 = tt.dot %a, %w, %acc : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
    "%0 = tt.dot %a, %w, %acc, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
    "%0 = tt.dot %a, %w, %acc, inputPrecision = bf16x6 {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
    """%0 = tt.int_to_ptr %i64 : i64 -> !tt.ptr<f32>
%1 = tt.ptr_to_int %0 : !tt.ptr<f32> -> i64
%2 = tt.bitcast %0 : !tt.ptr<f32> -> !tt.ptr<i32>
%3 = tt.bitcast %f : f32 -> i32""",
    "%0 = tt.fp_to_fp %t, rounding = rtne : tensor<4x2xf32> -> tensor<4x2xf8E4M3FN>",
    "%0 = tt.fp_to_fp %a : tensor<16x32xf16> -> tensor<16x32xf32>",
    "%0 = tt.clampf %t, %t, %t, propagateNan = none : tensor<4x2xf32>",
    "%0 = tt.clampf %f, %f, %f, propagateNan = all : f32",
    "%0 = tt.precise_sqrt %t : tensor<4x2xf32>",
    "%0 = tt.precise_divf %f, %f : f32",
    "%0 = tt.mulhiui %ti, %ti : tensor<8xi32>",
    "%0 = tt.extern_elementwise %t, %t {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_fmaxf\"} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>",
    "%0 = tt.elementwise_inline_asm \"shl.b32 $0, $0, 3;\" {constraints = \"=r,r\", packed_element = 1 : i32, pure = true} %i : i32 -> i32",
    "%0, %1 = tt.elementwise_inline_asm \"mov\" {constraints = \"=r,=r,r\", packed_element = 2 : i32, pure = false} %ti : tensor<8xi32> -> tensor<8xi32>, tensor<8xi32>",
    """%0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
^bb0(%x: f32, %y: f32):
  %s = tt.precise_divf %x, %y : f32
  tt.reduce.return %s : f32
}) : (tensor<4x2xf32>) -> tensor<4xf32>""",
    """%0 = "tt.reduce"(%ti) <{axis = 0 : i32}> ({
^bb0(%x: i32, %y: i32):
  %s = tt.mulhiui %x, %y : i32
  tt.reduce.return %s : i32
}) : (tensor<8xi32>) -> i32""",
    """%0 = "tt.scan"(%t) <{axis = 0 : i32, reverse = true}> ({
^bb0(%x: f32, %y: f32):
  %s = tt.precise_divf %x, %y : f32
  tt.scan.return %s : f32
}) : (tensor<4x2xf32>) -> tensor<4x2xf32>""",
    'tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %ti : tensor<8xi32>',
    'tt.print "done" {hex = true, isSigned = array<i32>}',
    'tt.assert %m, "mask must hold" : tensor<4x2xi1>',
    'tt.assert %b, "scalar" : i1',
    "%0 = tt.histogram %ti : tensor<8xi32> -> tensor<16xi32>",
    "%0 = tt.gather %t[%m2] {axis = 0 : i32} : (tensor<4x2xf32>, tensor<8x2xi32>) -> tensor<8x2xf32>",
]


@pytest.mark.parametrize("body", TODAY)
def test_roundtrip(body: str) -> None:
    args = ARGS + (", %m2: tensor<8x2xi32>" if "%m2" in body else "")
    assert roundtrip(body, args) == wrap(body, args)


def test_func_signature_and_call_roundtrip() -> None:
    text = textwrap.dedent(
        """\
        builtin.module {
          tt.func public @k(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
            %0 = tt.call @g(%n) : (i32) -> i32
            tt.return
          }
          tt.func private @g(%z: i32) -> i32 attributes {noinline = true} {
            tt.return %z : i32
          }
          tt.func private @decl(i32) -> i32
        }"""
    )
    assert show(parse(text)) == text


def test_func_argument_locations_parse() -> None:
    text = (
        'builtin.module {\n  tt.func public @k(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32} '
        'loc("x"("k.py":3:0)), %n: i32 loc("n"("k.py":3:0))) attributes {noinline = false} {\n'
        "    tt.return\n  }\n}"
    )
    func = parse(text).body.block.first_op
    assert isinstance(func, tt.FuncOp)
    assert [a.name_hint for a in func.args] == ["x", "n"]


def test_descriptor_ops_roundtrip() -> None:
    args = "%base: !tt.ptr<f16>, %i: i32, %s: i64, %d: !tt.tensordesc<tensor<16x32xf16>>, %v: tensor<16x32xf16>"
    body = """\
%0 = tt.make_tensor_descriptor %base, [%i, %i], [%s, %s] : <f16>, <tensor<16x32xf16>>
%1 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
%2 = tt.descriptor_load %d[%i, %i] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>"""
    assert roundtrip(body, args) == wrap(body, args)


def test_signless_block_type_drops_only_integer_signedness() -> None:
    """Triton's `getSignlessBlockType`: `si8`/`ui32` blocks become `i8`/`i32`, keeping shape and
    encoding; signless and float blocks are returned as they are."""
    shared = StringAttr("enc")
    signed = TensorDescType(TensorType(IntegerType(8, Signedness.SIGNED), [2, 64], shared))
    assert signed.signless_block_type == TensorType(i8, [2, 64], shared)
    unsigned = TensorDescType(TensorType(IntegerType(32, Signedness.UNSIGNED), [128], NoneAttr()))
    assert unsigned.signless_block_type == TensorType(IntegerType(32), [128], NoneAttr())
    for block in (TensorType(i8, [4]), TensorType(Float16Type(), [4, 4])):
        assert TensorDescType(block).signless_block_type is block
    assert signless(IntegerType(64, Signedness.SIGNED)) == IntegerType(64)
    assert signless(i8) is i8


def test_dot_scaled_roundtrip() -> None:
    args = (
        "%a: tensor<128x64xf8E5M2>, %sa: tensor<128x2xi8>, %b: tensor<64x128xf8E5M2>, "
        "%sb: tensor<128x2xi8>, %c: tensor<128x128xf32>"
    )
    body = """\
%0 = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<128x64xf8E5M2>, tensor<128x2xi8> * tensor<64x128xf8E5M2>, tensor<128x2xi8> -> tensor<128x128xf32>
%1 = tt.dot_scaled %a, %b, %c lhs = e5m2 rhs = e5m2 {fastMath = true} : tensor<128x64xf8E5M2> * tensor<64x128xf8E5M2> -> tensor<128x128xf32>"""
    assert roundtrip(body, args) == wrap(body, args)


def test_generic_form_parses_into_custom_ops() -> None:
    generic = '%0 = "tt.get_program_id"() <{axis = 2 : i32}> : () -> i32'
    assert roundtrip(generic) == wrap("%0 = tt.get_program_id z : i32")


def test_reduce_accepts_axis_in_trailing_attribute_dictionary() -> None:
    body = """%0 = "tt.reduce"(%t) ({
^bb0(%x: f32, %y: f32):
  %s = tt.precise_divf %x, %y : f32
  tt.reduce.return %s : f32
}) {axis = 0 : i32} : (tensor<4x2xf32>) -> tensor<2xf32>"""
    assert '"tt.reduce"(%t) <{axis = 0 : i32}> ({' in roundtrip(body)


def test_attribute_dictionary_is_sorted_and_keeps_discardable_attributes() -> None:
    body = "%0 = tt.make_range {start = 0 : i32, end = 8 : i32, tt.note = 1 : i32} : tensor<8xi32>"
    expected = "%0 = tt.make_range {end = 8 : i32, start = 0 : i32, tt.note = 1 : i32} : tensor<8xi32>"
    assert roundtrip(body) == wrap(expected)


def test_load_derives_operand_and_result_types_from_the_pointer() -> None:
    module = parse(wrap("%0 = tt.load %p, %b, %f2 : !tt.ptr<f16>", ARGS + ", %f2: f16"))
    load = next(op for op in module.walk() if isinstance(op, tt.LoadOp))
    assert str(load.result.type) == "f16"
    assert load.mask is not None and str(load.mask.type) == "i1"
    assert load.cache_modifier() is tt.CacheModifier.NONE


# ----------------------------------------------------------------------------------------------
# Older spellings parse and print in today's form
# ----------------------------------------------------------------------------------------------

LEGACY = [
    (
        "%0 = tt.splat %i : (i32) -> tensor<8xi32>",
        "%0 = tt.splat %i : i32 -> tensor<8xi32>",
    ),
    (
        "%0 = tt.expand_dims %ti {axis = 0 : i32} : (tensor<8xi32>) -> tensor<1x8xi32>",
        "%0 = tt.expand_dims %ti {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>",
    ),
    (
        "%0 = tt.view %t : (tensor<4x2xf32>) -> tensor<8xf32>",
        "%0 = tt.reshape %t : tensor<4x2xf32> -> tensor<8xf32>",
    ),
    (
        "%0 = tt.trans %t : (tensor<4x2xf32>) -> tensor<2x4xf32>",
        "%0 = tt.trans %t {order = array<i32: 1, 0>} : tensor<4x2xf32> -> tensor<2x4xf32>",
    ),
    (
        "%0 = tt.cat %t, %t : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>",
        "%0 = tt.cat %t, %t : tensor<4x2xf32> -> tensor<8x2xf32>",
    ),
    (
        "%0 = tt.get_program_id {axis = 1 : i32} : i32",
        "%0 = tt.get_program_id y : i32",
    ),
    (
        """%0 = tt.splat %p : (!tt.ptr<f16, 1>) -> tensor<4x2x!tt.ptr<f16, 1>>
%1 = tt.load %0, %m {cache = 1 : i32, evict = 1 : i32, isVolatile = false} : tensor<4x2xf16>
%2 = tt.load %0 {cache = 3 : i32, evict = 2 : i32, isVolatile = true} : tensor<4x2xf16>
tt.store %0, %1, %m {cache = 1 : i32, evict = 1 : i32} : tensor<4x2xf16>
tt.store %0, %2 {cache = 5 : i32, evict = 3 : i32} : tensor<4x2xf16>""",
        """%0 = tt.splat %p : !tt.ptr<f16> -> tensor<4x2x!tt.ptr<f16>>
%1 = tt.load %0, %m : tensor<4x2x!tt.ptr<f16>>
%2 = tt.load %0 cacheModifier = cg evictionPolicy = evict_first {isVolatile = true} : tensor<4x2x!tt.ptr<f16>>
tt.store %0, %1, %m : tensor<4x2x!tt.ptr<f16>>
tt.store %0, %2 cacheModifier = cs evictionPolicy = evict_last : tensor<4x2x!tt.ptr<f16>>""",
    ),
    (
        "%0 = tt.load %p {cache = 1 : i32, evict = 1 : i32, isVolatile = false} : f16",
        "%0 = tt.load %p : !tt.ptr<f16>",
    ),
    (
        "%0 = tt.dot %a, %w, %acc {allowTF32 = true, maxNumImpreciseAcc = 0 : i32, transA = false, transB = false} : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
        "%0 = tt.dot %a, %w, %acc, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
    ),
    (
        "%0 = tt.dot %a, %w, %acc {allowTF32 = false} : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
        "%0 = tt.dot %a, %w, %acc : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>",
    ),
]


@pytest.mark.parametrize(("old", "today"), LEGACY)
def test_legacy_spelling(old: str, today: str) -> None:
    assert roundtrip(old) == wrap(today)


def test_legacy_dot_with_transposed_operand_is_rejected() -> None:
    body = "%0 = tt.dot %a, %w, %acc {allowTF32 = true, transA = true} : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>"
    with pytest.raises(ParseError, match="transA = true"):
        parse(wrap(body))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("%0 = tt.get_program_id w : i32", "expected ProgramIDDim to be one of: x, y, z"),
        ("%0 = tt.load %p cacheModifier = zz : !tt.ptr<f16>", "expected CacheModifier to be one of"),
        (
            "%0 = tt.load %p cacheModifier = ca cacheModifier = cg : !tt.ptr<f16>",
            "'cacheModifier' clause can appear at most once",
        ),
        (
            "%0 = tt.atomic_rmw add, weird, gpu, %p, %f : (!tt.ptr<f16>, f32) -> f32",
            "expected MemSemantic to be one of",
        ),
    ],
)
def test_syntax_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse(wrap(text))


# ----------------------------------------------------------------------------------------------
# Verifiers: one case per invariant
# ----------------------------------------------------------------------------------------------

INVALID = [
    ("%0 = tt.make_range {end = 0 : i32, start = 8 : i32} : tensor<8xi32>", "start must be less than end"),
    ("%0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<2x4xi32>", "return type must be a 1D tensor"),
    (
        "%0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<16xi32>",
        "number of elements in returned tensor, 16, must match size of range [0, 8), which has 8 elements",
    ),
    ("%0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi64>", "returned tensor must have i32 elements"),
    ("%0 = tt.splat %i : i32 -> tensor<6xi32>", "Number of elements must be power-of-two"),
    ("%0 = tt.splat %i : i32 -> tensor<8xi64>", "requires the same element type"),
    ("%0 = tt.splat %i : i32 -> i32", "invalid kind of type specified: expected builtin.tensor, but found 'i32'"),
    ("%0 = tt.expand_dims %ti {axis = 2 : i32} : tensor<8xi32> -> tensor<8x1xi32>", "axis 2 out of range"),
    ("%0 = tt.expand_dims %ti {axis = 0 : i32} : tensor<8xi32> -> tensor<8x1xi32>", "'tt.expand_dims' op inferred type(s) 'tensor<1x8xi32>' are incompatible"),
    ("%0 = tt.broadcast %t : tensor<4x2xf32> -> tensor<4x2x2xf32>", "rank of source must be same as rank of result"),
    (
        "%0 = tt.broadcast %t : tensor<4x2xf32> -> tensor<8x2xf32>",
        "Different dimensions at index 0 between source and result.  Broadcast requires the source dimension to be 1.",
    ),
    ("%0 = tt.reshape %t : tensor<4x2xf32> -> tensor<16xf32>", "number of src and dst elements of reshape must be the same"),
    ("%0 = tt.trans %t {order = array<i32: 0>} : tensor<4x2xf32> -> tensor<2x4xf32>", "order must have the same size as the source tensor"),
    ("%0 = tt.trans %t {order = array<i32: 0, 0>} : tensor<4x2xf32> -> tensor<2x4xf32>", "order must be a permutation of 0..n-1"),
    ("%0 = tt.trans %t {order = array<i32: 0, 1>} : tensor<4x2xf32> -> tensor<2x4xf32>", "result shape must match the permutation"),
    ("%0 = tt.cat %t, %t : tensor<4x2xf32> -> tensor<4x2xf32>", "result element count must equal the sum of the operand element counts, expected 16 but got 8"),
    ("%0 = tt.join %t, %t : tensor<4x2xf32> -> tensor<4x4xf32>", "result shape must be (4, 2, 2), but got 4, 4"),
    ("%0 = tt.join %t, %m : tensor<4x2xf32> -> tensor<4x2x2xf32>", "operand is used with type"),
    ("%0, %1 = tt.split %ti : tensor<8xi32> -> tensor<4xi32>", "last dimension of input tensor must be 2"),
    ("%0 = tt.unsplat %t : tensor<4x2xf32>", "source tensor must have exactly one element"),
    ("%0 = tt.addptr %i, %i : i32, i32", "operand #0 must be ptr or ranked tensor of ptr values, but got 'i32'"),
    (
        """%0 = tt.splat %p : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
%1 = tt.addptr %0, %i : tensor<8x!tt.ptr<f16>>, i32""",
        "requires the same shape for all operands and results",
    ),
    (
        '%0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<f16>) -> f32',
        "failed to verify that result matches ptr type",
    ),
    (
        '%0 = "tt.load"(%p, %b, %f) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!tt.ptr<f16>, i1, f32) -> f16',
        "failed to verify that other matches ptr type",
    ),
    (
        """%0 = tt.splat %p : !tt.ptr<f16> -> tensor<4x2x!tt.ptr<f16>>
tt.store %0, %t : tensor<4x2x!tt.ptr<f16>>""",
        "operand is used with type tensor<4x2xf16>",
    ),
    ("%0 = tt.load %p {cache = 9 : i32} : !tt.ptr<f16>", "attribute 'cache' failed to satisfy constraint"),
    ("%0 = tt.atomic_rmw add, relaxed, gpu, %p, %f : (!tt.ptr<f16>, f32) -> f32", "ptr type matches value type"),
    ("%0 = tt.dot %w, %a, %acc : tensor<32x8xf16> * tensor<16x32xf16> -> tensor<16x8xf32>", "expected the last dimension of the first operand"),
    ("%0 = tt.dot %a, %wi, %acc : tensor<16x32xf16> * tensor<32x8xi8> -> tensor<16x8xf32>", "element types of operands A and B must have same bit width"),
    ("%0 = tt.bitcast %f : f32 -> i64", "Cannot bitcast data-type of size 32 to data-type of size 64"),
    ("%0 = tt.bitcast %p : !tt.ptr<f16> -> i64", "Cannot bitcast pointer to non-pointer type"),
    ("%0 = tt.fp_to_fp %t : tensor<4x2xf32> -> tensor<4x2xf16>", "Rounding mode is required for FP downcast"),
    ("%0 = tt.int_to_ptr %i : i32 -> !tt.ptr<f32>", "operand #0 must be 64-bit signless integer"),
    ("%0 = tt.precise_sqrt %ti : tensor<8xi32>", "operand #0 must be floating-point"),
    ("%0 = tt.get_program_id x : i64", "result #0 must be 32-bit signless integer"),
    ("%0 = tt.get_program_id {axis = 3 : i32} : i32", "attribute 'axis' failed to satisfy constraint"),
    (
        """%0 = "tt.reduce"(%t) <{axis = 2 : i32}> ({
^bb0(%x: f32, %y: f32):
  tt.reduce.return %x : f32
}) : (tensor<4x2xf32>) -> tensor<4xf32>""",
        "axis out of bounds for operand rank 2",
    ),
    (
        """%0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
^bb0(%x: f32):
  tt.reduce.return %x : f32
}) : (tensor<4x2xf32>) -> tensor<4xf32>""",
        "nested block must take 2 arguments, but given block with 1 arguments",
    ),
    (
        """%0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
^bb0(%x: f32, %y: i32):
  tt.reduce.return %x : f32
}) : (tensor<4x2xf32>) -> tensor<4xf32>""",
        "type mismatch on combine operation. Expected argument 1 to have type f32 but got i32",
    ),
    (
        """%0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
^bb0(%x: f32, %y: f32):
  tt.reduce.return %x, %y : f32, f32
}) : (tensor<4x2xf32>) -> tensor<4xf32>""",
        "expected combine operation to return 1 values but got 2",
    ),
    (
        """%0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
^bb0(%x: f32, %y: f32):
  tt.reduce.return %x : f32
}) : (tensor<4x2xf32>) -> tensor<2xf32>""",
        "'tt.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'\n'tt.reduce' op failed to infer returned types",
    ),
    (
        """%0 = "tt.scan"(%t) <{axis = 0 : i32, reverse = false}> ({
^bb0(%x: f32, %y: f32):
  tt.scan.return %x : f32
}) : (tensor<4x2xf32>) -> tensor<4x2xi32>""",
        "operand types and result types must agree",
    ),
    ("tt.assert %f, \"no\" : f32", "operand #0 must be 1-bit signless integer"),
    ("%0 = tt.histogram %t : tensor<4x2xf32> -> tensor<8xi32>", "operand #0 must be ranked tensor of integer values"),
    ("%0 = tt.gather %t[%m2] {axis = 0 : i32} : (tensor<4x2xf32>, tensor<8x2xi32>) -> tensor<8x4xf32>", "indices and output shapes must match"),
    ("%0 = tt.gather %t[%m2] {axis = 2 : i32} : (tensor<4x2xf32>, tensor<8x2xi32>) -> tensor<8x2xf32>", "gather dimension must be less than the input rank"),
    ("%0 = tt.call @nowhere(%i) : (i32) -> i32", "'nowhere' does not reference a valid function"),
]


@pytest.mark.parametrize(("body", "message"), INVALID)
def test_verifier_rejects(body: str, message: str) -> None:
    args = ARGS + ", %m2: tensor<8x2xi32>, %wi: tensor<32x8xi8>"
    assert message in verify_errors(wrap(body, args))


def test_return_must_match_the_function_results() -> None:
    text = "builtin.module {\n  tt.func @f(%i: i32) -> i64 {\n    tt.return %i : i32\n  }\n}"
    with pytest.raises(VerifyException, match=r"type of return operand 0 \(i32\) doesn't match function result type \(i64\) in function @f"):
        parse(text)
    text = "builtin.module {\n  tt.func @f(%i: i32) -> i32 {\n    tt.return\n  }\n}"
    with pytest.raises(VerifyException, match=r"has 0 operands, but enclosing function \(@f\) returns 1"):
        parse(text)


def test_call_must_match_the_callee_signature() -> None:
    text = (
        "builtin.module {\n  tt.func @f(%i: i64) {\n    %0 = tt.call @g(%i) : (i64) -> i32\n"
        "    tt.return\n  }\n  tt.func private @g(i32) -> i32\n}"
    )
    with pytest.raises(VerifyException, match="operand type mismatch: expected operand type i32, but provided i64 for operand number 0"):
        parse(text)
