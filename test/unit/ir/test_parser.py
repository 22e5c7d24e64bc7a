"""Parser behaviour beyond the corpus: implicit modules, legacy spellings, reuse of parsed types."""

from __future__ import annotations

import textwrap

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr

from ttc.ir.printer import print_module
from ttc_parse import parse_module


def test_empty_input_is_an_empty_module() -> None:
    assert print_module(parse_module("", "empty.mlir")) == "module {\n}\n"


def test_top_level_ops_get_an_implicit_module() -> None:
    text = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n"
    assert print_module(parse_module(text)) == (
        "module {\n  func.func @a() {\n    return\n  }\n  func.func @b() {\n    return\n  }\n}\n"
    )


def test_legacy_module_attributes_are_modernized() -> None:
    text = 'module attributes {"triton_gpu.num-warps" = 4 : i32, "triton_gpu.num-ctas" = 1 : i32} {\n}\n'
    assert print_module(parse_module(text)) == (
        'module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {\n}\n'
    )


def test_attribute_dictionaries_print_sorted() -> None:
    text = "func.func @f() attributes {zeta = 1 : i32, alpha, mid = \"x\"} {\n  return\n}\n"
    assert 'attributes {alpha, mid = "x", zeta = 1 : i32}' in print_module(parse_module(text))


def test_repeated_types_and_attributes_are_one_object() -> None:
    text = textwrap.dedent(
        """\
        func.func @f(%a: tensor<4x!tt.ptr<f32>>, %b: tensor<4x!tt.ptr<f32>>) {
          %c = arith.constant dense<1> : tensor<4xi32>
          %d = arith.constant dense<1> : tensor<4xi32>
          return
        }
        """
    )
    func = next(iter(parse_module(text).body.block.ops))
    entry = func.regions[0].blocks.first
    assert entry.args[0].type is entry.args[1].type
    c, d, _ = entry.ops
    assert c.properties["value"] is d.properties["value"]


def test_hex_float_splats_are_bit_patterns_everywhere() -> None:
    text = '%0 = "arith.constant"() <{value = dense<0xFF800000> : tensor<4xf32>}> : () -> tensor<4xf32>\n'
    module = parse_module(text)
    value = next(iter(module.body.block.ops)).properties["value"]
    assert isinstance(value, DenseIntOrFPElementsAttr)
    assert value.get_values() == (float("-inf"),) * 4
    assert "dense<0xFF800000> : tensor<4xf32>" in print_module(module)


def test_comments_are_skipped() -> None:
    text = "// leading\nfunc.func @f() { // trailing\n  return // here\n}\n"
    assert print_module(parse_module(text)) == "module {\n  func.func @f() {\n    return\n  }\n}\n"


def test_names_made_only_of_numbered_suffixes_get_no_hint() -> None:
    """xDSL drops a `_<digits>` suffix each time it sets or copies a hint, so `_0` (a name
    Triton's frontend gives) and its uniqued forms would end as an empty hint that xDSL refuses to
    copy when the value is replaced; other names keep their hint."""
    text = textwrap.dedent(
        """\
        tt.func @f(%_3: i32, %x_1: i32) -> i32 {
          %_0 = arith.muli %_3, %x_1 : i32
          %_0_1 = arith.addi %_0, %_0 : i32
          %_0_1_2 = arith.addi %_0_1, %_0_1 : i32
          %_c0 = arith.addi %_0_1_2, %_0_1_2 : i32
          tt.return %_c0 : i32
        }
        """
    )
    func = parse_module(text).body.block.first_op
    assert func is not None
    entry = func.regions[0].blocks.first
    assert entry is not None
    hints = [arg.name_hint for arg in entry.args]
    hints += [op.results[0].name_hint for op in entry.ops if op.results]
    assert hints == [None, "x", None, None, None, "_c0"]
