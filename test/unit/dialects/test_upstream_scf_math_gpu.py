"""ttc's `scf`, `math` and `gpu` dialects: MLIR's syntax and elision rules, verifiers, builders."""

from __future__ import annotations

import pytest
from func_body import printed_body_lines, value_of, verify_error
from xdsl.dialects.builtin import IndexType, TensorType, f32, i1
from xdsl.parser import Parser

from ttc.dialects.context import make_context
from ttc.dialects.upstream import arith, gpu, math, scf

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
TF = f"tensor<64x32xf32, {BLOCKED}>"
TP = f"tensor<64x32x!tt.ptr<f16>, {BLOCKED}>"
ARGS = f"%lb: i32, %ub: i32, %st: i32, %n: index, %x: f32, %c: i1, %t: {TF}, %p: {TP}"


def roundtrip(body: str, args: str = ARGS) -> str:
    return "\n".join(line[4:] for line in printed_body_lines(body, args))


CANONICAL = [
    # iter_args with a non-index induction variable: two spaces before `: i32`, explicit yield.
    f"""%r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %t, %b = %p) -> ({TF}, {TP})  : i32 {{
  scf.yield %a, %b : {TF}, {TP}
}}""",
    # No iter_args: no `-> (...)`, the empty yield is implicit, loop attributes after the region.
    """scf.for %i = %lb to %ub step %st  : i32 {
  %y = arith.addi %i, %i : i32
} {tt.num_stages = 2 : i32}""",
    # An index loop omits the type; an empty body prints as `{` `}`.
    """scf.for %i = %n to %n step %n {
}""",
    """scf.for unsigned %i = %lb to %ub step %st  : i32 {
}""",
    f"""%r = scf.if %c -> ({TF}) {{
  scf.yield %t : {TF}
}} else {{
  scf.yield %t : {TF}
}}""",
    """scf.if %c {
  %y = arith.addf %x, %x : f32
}""",
    """scf.if %c {
} else {
}""",
    """%r = scf.while (%a = %lb) : (i32) -> i32 {
  %k = arith.cmpi slt, %a, %ub : i32
  scf.condition(%k) %a : i32
} do {
^bb0(%b: i32):
  %y = arith.addi %b, %st : i32
  scf.yield %y : i32
}""",
    """scf.while : () -> () {
  scf.condition(%c)
} do {
  scf.yield
} attributes {tt.loop}""",
    """%r = scf.execute_region -> f32 {
  scf.yield %x : f32
}""",
    """%r:2 = scf.execute_region -> (f32, i32) {
  scf.yield %x, %lb : f32, i32
}""",
]


def _multi_results(text: str) -> str:
    """xDSL's printer spells `%r:2 =` as `%r, %r_1 =`; that is the MLIR printer's business."""
    return text.replace("%r, %r_1 =", "%r:2 =")


@pytest.mark.parametrize("text", CANONICAL)
def test_scf_round_trip(text: str) -> None:
    body = "\n".join("  " + line for line in text.splitlines())
    assert _multi_results(roundtrip(body)) == text


@pytest.mark.parametrize(
    "source,printed",
    [
        # MLIR accepts `-> T` without parentheses and prints `-> (T)`.
        (
            "%r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> f32 {\n  scf.yield %a : f32\n}",
            "%r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {\n  scf.yield %a : f32\n}",
        ),
        (
            "%r = scf.if %c -> f32 {\n  scf.yield %x : f32\n} else {\n  scf.yield %x : f32\n}",
            "%r = scf.if %c -> (f32) {\n  scf.yield %x : f32\n} else {\n  scf.yield %x : f32\n}",
        ),
        # An explicit empty yield is elided like MLIR's implicit terminator.
        ("scf.if %c {\n  scf.yield\n}", "scf.if %c {\n}"),
        ("scf.for %i = %lb to %ub step %st : i32 {\n  scf.yield\n}", "scf.for %i = %lb to %ub step %st  : i32 {\n}"),
    ],
)
def test_scf_alternative_spellings(source: str, printed: str) -> None:
    body = "\n".join("  " + line for line in source.splitlines())
    assert roundtrip(body) == printed


@pytest.mark.parametrize(
    "body,message",
    [
        (
            "  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (f32)  : i32 {\n    scf.yield %lb : i32\n  }",
            "must match loop-carried variable types",
        ),
        (
            '  %r = "scf.if"(%c) ({\n    "scf.yield"(%x) : (f32) -> ()\n  }, {\n  }) : (i1) -> f32',
            "must have an else block if defining values",
        ),
        (
            "  %r = scf.if %c -> (f32) {\n    scf.yield %lb : i32\n  } else {\n    scf.yield %x : f32\n  }",
            "region #0 yields",
        ),
        (
            "  %r = scf.while (%a = %lb) : (i32) -> f32 {\n    scf.condition(%c) %a : i32\n  } do {\n  ^bb0(%b: f32):\n    scf.yield %lb : i32\n  }",
            "'scf.condition' operands to match the results",
        ),
        (
            "  scf.while (%a = %lb) : (i32) -> () {\n    scf.condition(%c)\n  } do {\n    scf.yield %x : f32\n  }",
            "'scf.yield' operands to match the operands",
        ),
    ],
)
def test_scf_verifiers(body: str, message: str) -> None:
    assert message in verify_error(body, ARGS)


def test_for_builder_gets_implicit_terminator_on_parse() -> None:
    text = "func.func @f(%n: index) {\n  scf.for %i = %n to %n step %n {\n  }\n  func.return\n}"
    module = Parser(make_context(), text).parse_module()
    loop = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    assert isinstance(loop.body.block.last_op, scf.YieldOp)
    assert loop.body.block.args[0].type == IndexType()


MATH = [
    *(f"%r = math.{op} %t : {TF}" for op in (
        "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "absf", "floor", "ceil",
        "erf", "erfc", "tanh", "trunc", "round",
    )),
    f"%r = math.exp2 %t fastmath<fast> : {TF}",
    f"%r = math.fma %t, %t, %t : {TF}",
    "%r = math.fma %x, %x, %x fastmath<contract> : f32",
    "%r = math.absi %lb : i32",
    "%r = math.fpowi %x, %lb : f32, i32",
    f"%r = math.isnan %t : {TF}",
    "%r = math.isinf %x fastmath<fast> : f32",
    "gpu.barrier",
    "%r = gpu.thread_id x",
    "%r = gpu.block_id z",
    "%r = gpu.block_dim y upper_bound 128",
    "%r = gpu.grid_dim x",
]


@pytest.mark.parametrize("line", MATH)
def test_math_gpu_round_trip(line: str) -> None:
    assert roundtrip("  " + line) == line


def test_math_builders_store_fastmath_as_property() -> None:
    v = value_of(f32)
    fma = math.FmaOp(v, v, v, arith.FastMathFlagsAttr("fast"))
    assert fma.properties["fastmath"] == arith.FastMathFlagsAttr("fast")
    fma.verify()
    math.FPowIOp(v, value_of(i1)).verify()


def test_classification_result_keeps_shape_and_encoding() -> None:
    enc = Parser(make_context(), BLOCKED).parse_attribute()
    op = math.IsNaNOp(value_of(TensorType(f32, [64, 32], enc)))
    assert op.result.type == TensorType(i1, [64, 32], enc)
    op.verify()
    bad = f'%r = "math.isnan"(%t) <{{fastmath = #arith.fastmath<none>}}> : ({TF}) -> i1'
    assert "i1 in the shape of the operand" in verify_error("  " + bad, ARGS)


def test_gpu_builders() -> None:
    op = gpu.ThreadIdOp("y", upper_bound=64)
    assert op.result.type == IndexType()
    op.verify()
    gpu.BarrierOp().verify()
