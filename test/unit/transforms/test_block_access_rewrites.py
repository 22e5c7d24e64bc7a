"""triton-rewrite-tensor-pointer and triton-rewrite-tensor-descriptor-to-pointer reproduce Triton
3.6's output byte for byte on ttc's own cases (triton36/<flag>.mlir), whose expected files were
made by running Triton 3.6.0's passes through its Python bindings; and the pieces of their logic:
the types block pointers and descriptors expand to, and the atomics a descriptor reduction uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from triton_corpus import assert_same_text
from xdsl.dialects.builtin import IntegerType, Signedness, TensorType, f16, f32, i1, i8, i32, i64

from ttc.dialects.context import make_context
from ttc.dialects.tt.types import DescriptorReduceKind, PointerType, RMWOp, TensorDescType
from ttc.ir.printer import print_module
from ttc.pipelines.registry import get_pass
from ttc.transforms.triton_rewrite_tensor_descriptor_to_pointer import (
    converted_types,
    descriptor_part_types,
    reduce_kind_to_rmw,
)
from ttc.transforms.triton_rewrite_tensor_pointer import expanded_types
from ttc_parse import parse_module

DATA = Path(__file__).resolve().parent / "triton36"
FLAGS = ("triton-rewrite-tensor-pointer", "triton-rewrite-tensor-descriptor-to-pointer")


def _chunks(path: Path) -> list[str]:
    """The `// -----` separated cases of a file, its comment lines dropped."""
    lines = path.read_text().splitlines(keepends=True)
    body = "".join(ln for ln in lines if not ln.startswith("// ") or ln.startswith("// -----"))
    return [c for c in body.split("// -----\n") if c.strip()]


CASES = [
    (flag, i, source, expected)
    for flag in FLAGS
    for i, (source, expected) in enumerate(
        zip(_chunks(DATA / f"{flag}.mlir"), _chunks(DATA / f"{flag}.expected.mlir"), strict=True)
    )
]


@pytest.mark.parametrize(("flag", "index", "source", "expected"), CASES, ids=[f"{c[0]}-{c[1]:02d}" for c in CASES])
def test_matches_triton36(flag: str, index: int, source: str, expected: str) -> None:
    ctx = make_context()
    module = parse_module(source, f"{flag}-{index}", ctx=ctx)
    cls = get_pass(flag)
    assert cls is not None
    cls().apply(ctx, module)
    got = print_module(module).strip()
    want = expected.strip()
    assert_same_text(got, want)


def test_block_pointers_expand_to_one_offset_per_dimension() -> None:
    block = PointerType(TensorType(f16, [64, 32]))
    assert expanded_types([i32, block, PointerType(TensorType(f32, [8, 4, 2])), f32]) == [
        i32, i64, i64, i64, i64, i64, f32,
    ]  # fmt: skip
    assert expanded_types([PointerType(f16)]) == [PointerType(f16)]


def test_descriptor_parts_are_signless_pointer_sizes_strides_and_flag() -> None:
    si8 = IntegerType(8, Signedness.SIGNED)
    desc = TensorDescType(TensorType(si8, [2, 8, 64]))
    assert descriptor_part_types(desc) == [PointerType(i8), i64, i64, i64, i64, i64, i64, i1]
    rank1 = TensorDescType(TensorType(f32, [16]))
    assert converted_types([i32, rank1, rank1]) == [i32, *[PointerType(f32), i64, i64, i1] * 2]


@pytest.mark.parametrize(
    ("kind", "element", "expected"),
    [
        (DescriptorReduceKind.ADD, f32, RMWOp.FADD),
        (DescriptorReduceKind.ADD, i32, RMWOp.ADD),
        (DescriptorReduceKind.MIN, IntegerType(32, Signedness.SIGNED), RMWOp.MIN),
        (DescriptorReduceKind.MAX, IntegerType(32, Signedness.SIGNED), RMWOp.MAX),
        (DescriptorReduceKind.MIN, IntegerType(32, Signedness.UNSIGNED), RMWOp.UMIN),
        (DescriptorReduceKind.MAX, IntegerType(32, Signedness.UNSIGNED), RMWOp.UMAX),
        (DescriptorReduceKind.MIN, i32, None),
        (DescriptorReduceKind.MAX, f32, None),
        (DescriptorReduceKind.AND, i32, RMWOp.AND),
        (DescriptorReduceKind.OR, i32, RMWOp.OR),
        (DescriptorReduceKind.XOR, i32, RMWOp.XOR),
        (DescriptorReduceKind.INC, i32, None),
        (DescriptorReduceKind.DEC, i32, None),
    ],
)
def test_reduce_kind_to_atomic(kind: DescriptorReduceKind, element: object, expected: RMWOp | None) -> None:
    assert reduce_kind_to_rmw(kind, element) is expected  # pyright: ignore[reportArgumentType]


def test_while_loop_carries_block_pointer_offsets() -> None:
    """ttc's extension: a block pointer carried by scf.while (Triton stops) becomes its offset."""
    source = """
tt.func @f(%p: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<16xf32> {
  %bp = tt.make_tensor_ptr %p, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<16xf32>>
  %w = scf.while (%x = %bp) : (!tt.ptr<tensor<16xf32>>) -> !tt.ptr<tensor<16xf32>> {
    %c = arith.cmpi slt, %o, %o : i32
    scf.condition(%c) %x : !tt.ptr<tensor<16xf32>>
  } do {
  ^bb0(%y: !tt.ptr<tensor<16xf32>>):
    %z = tt.advance %y, [%o] : <tensor<16xf32>>
    scf.yield %z : !tt.ptr<tensor<16xf32>>
  }
  %v = tt.load %w : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}
"""
    ctx = make_context()
    module = parse_module(source, "while", ctx=ctx)
    cls = get_pass("triton-rewrite-tensor-pointer")
    assert cls is not None
    cls().apply(ctx, module)
    module.verify()
    text = print_module(module)
    assert "!tt.ptr<tensor" not in text and "tt.advance" not in text
    assert "scf.while (%arg3 = %0) : (i64) -> i64" in text
