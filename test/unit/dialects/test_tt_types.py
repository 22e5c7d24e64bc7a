"""`!tt.ptr`, `!tt.tensordesc`, the I32 enums of TritonAttrDefs.td and the pointer/value type relations."""

from __future__ import annotations

import io

import pytest
from xdsl.dialects.builtin import TensorType, f16, f32, i1, i32
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from ttc.dialects.context import make_context
from ttc.dialects.tt.types import (
    CacheModifier,
    EvictionPolicy,
    InputPrecision,
    MemSemantic,
    MemSyncScope,
    PaddingOption,
    PointerType,
    RMWOp,
    i1_same_shape,
    is_tensor_ptr,
    pointee_type,
    pointer_type_same_shape,
)


def parse_type(text: str):
    return Parser(make_context(), text).parse_type()


def show(attr) -> str:
    stream = io.StringIO()
    Printer(stream=stream).print_attribute(attr)
    return stream.getvalue()


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("!tt.ptr<f32>", "!tt.ptr<f32>"),
        ("!tt.ptr<f32, 1>", "!tt.ptr<f32>"),
        ('!tt.ptr<f32, "global">', "!tt.ptr<f32>"),
        ('!tt.ptr<i8, "descriptor">', "!tt.ptr<i8, 0>"),
        ('!tt.ptr<f16, "constant">', "!tt.ptr<f16, 4>"),
        ("!tt.ptr<f16, 3>", "!tt.ptr<f16, 3>"),
        ("tensor<1024x!tt.ptr<f32, 1>>", "tensor<1024x!tt.ptr<f32>>"),
        ("!tt.tensordesc<tensor<128x64xf16>>", "!tt.tensordesc<tensor<128x64xf16>>"),
        ("!tt.tensordesc<128x64xf16>", "!tt.tensordesc<tensor<128x64xf16>>"),
    ],
)
def test_type_spellings(text: str, printed: str) -> None:
    assert show(parse_type(text)) == printed


def test_integer_and_named_address_spaces_are_the_same_type() -> None:
    assert parse_type('!tt.ptr<f32, "global">') == parse_type("!tt.ptr<f32>") == PointerType(f32)
    assert parse_type('!tt.ptr<i8, "descriptor">') == PointerType(parse_type("i8"), 0)


def test_block_pointer_types() -> None:
    block = parse_type("!tt.ptr<tensor<128x64xf16>>")
    assert isinstance(block, PointerType) and is_tensor_ptr(block)
    assert not is_tensor_ptr(parse_type("!tt.ptr<f16>"))
    assert not is_tensor_ptr(parse_type("tensor<4x!tt.ptr<f16>>"))


def test_tensordesc_forms_are_the_same_type() -> None:
    old = parse_type("!tt.tensordesc<tensor<64x32xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>>>")
    new = parse_type("!tt.tensordesc<64x32xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>>")
    assert old == new


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('!tt.ptr<f32, "shared">', "invalid pointer address space 'shared'"),
        ("!tt.ptr<index>", "must point to integer or floating-point types"),
        ("!tt.ptr<!tt.ptr<f32>>", "must point to integer or floating-point types"),
        ("!tt.ptr<tensor<128x64xindex>>", "must point to integer or floating-point types"),
        ("!tt.ptr<f32, -1>", "Expected integer literal"),
        ("!tt.tensordesc<?x64xf16>", "static block shape"),
    ],
)
def test_malformed_types(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_type(text)


@pytest.mark.parametrize(
    ("value", "member", "keyword"),
    [
        (1, CacheModifier.NONE, "none"),
        (2, CacheModifier.CA, "ca"),
        (3, CacheModifier.CG, "cg"),
        (4, CacheModifier.WB, "wb"),
        (5, CacheModifier.CS, "cs"),
        (6, CacheModifier.WT, "wt"),
        (7, CacheModifier.CV, "cv"),
    ],
)
def test_legacy_cache_integers_map_to_todays_keywords(value: int, member: CacheModifier, keyword: str) -> None:
    assert CacheModifier(value) is member
    assert member.keyword == keyword
    assert CacheModifier.from_keyword(keyword) is member


def test_enum_spellings_that_differ_from_the_member_name() -> None:
    assert [e.keyword for e in EvictionPolicy] == ["evict_normal", "evict_first", "evict_last"]
    assert MemSemantic.ACQUIRE_RELEASE.keyword == "acq_rel"
    assert MemSyncScope.SYSTEM.keyword == "sys"
    assert RMWOp.XCHG.keyword == "exch"
    assert InputPrecision.TF32x3.keyword == "tf32x3"
    assert PaddingOption.PAD_NAN.keyword == "nan"
    assert EvictionPolicy.from_keyword("evict_sometimes") is None


def test_enum_attribute_is_an_i32_integer_attr() -> None:
    attr = CacheModifier.CG.attr()
    assert show(attr) == "3 : i32"
    assert CacheModifier.from_attr(attr) is CacheModifier.CG


def test_pointer_relations_keep_shape_and_encoding() -> None:
    ptrs = parse_type("tensor<4x8x!tt.ptr<f16>, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>")
    assert isinstance(ptrs, TensorType)
    values = pointee_type(ptrs)
    assert values == TensorType(f16, [4, 8], ptrs.encoding)
    assert i1_same_shape(values) == TensorType(i1, [4, 8], ptrs.encoding)
    assert pointer_type_same_shape(values) == ptrs
    assert pointee_type(PointerType(i32)) == i32
    with pytest.raises(VerifyException, match="expected a pointer"):
        pointee_type(f32)
