"""Inferred layouts of join, split and reshape (`ttc.dialects.ttg.layout_inference`): Triton's examples, and for
random blocked layouts the property that makes each op a renaming of registers (every thread
holds the same elements before and after)."""

from __future__ import annotations

from math import prod

from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import IntAttr

from ttc.dialects.ttg.attrs import (
    BlockedEncodingAttr,
    LinearEncodingAttr,
    SliceEncodingAttr,
)
from ttc.dialects.ttg.default_blocked import default_blocked
from ttc.dialects.ttg.layout_inference import (
    infer_join_encoding,
    infer_reshape_encoding,
    infer_split_encoding,
    layouts_equivalent,
    linear_encoding,
    reshape_decomposition,
    reshape_layout,
)
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.linear import LinearLayout

THREADS = ("lane", "warp", "block")


def blocked(spt: list[int], tpw: list[int], wpc: list[int], order: list[int]) -> BlockedEncodingAttr:
    return BlockedEncodingAttr.make(spt, tpw, wpc, order)


def test_join_of_blocked_appends_a_minor_pair() -> None:
    src = blocked([4], [32], [4], [0])
    assert infer_join_encoding(src, (512,)) == blocked([4, 2], [32, 1], [4, 1], [1, 0])


def test_split_of_a_pair_drops_the_last_dimension() -> None:
    src = blocked([1, 64, 2], [32, 1, 1], [4, 1, 1], [0, 1, 2])
    assert infer_split_encoding(src, (128, 64, 2)) == blocked([1, 64], [32, 1], [4, 1], [0, 1])


def test_split_needs_the_pair_in_registers() -> None:
    assert infer_split_encoding(blocked([1, 1], [16, 2], [4, 1], [1, 0]), (512, 2)) is None
    assert infer_split_encoding(blocked([1, 2], [32, 1], [4, 1], [1, 0]), (512, 4)) is None


def test_join_of_a_slice_of_the_new_dimension_is_its_parent() -> None:
    parent = blocked([2, 2], [32, 1], [4, 1], [1, 0])
    src = SliceEncodingAttr(IntAttr(1), parent)
    assert infer_join_encoding(src, (256,)) == parent


def test_join_and_split_of_linear_layouts() -> None:
    bases = {"register": [[1]], "lane": [[2], [4], [8], [16], [32]], "warp": [], "block": []}
    src = LinearLayout(list(bases.items()), [("dim0", 64)])
    joined = infer_join_encoding(linear_encoding(src), (64,))
    assert isinstance(joined, LinearEncodingAttr)
    assert joined.bases()["register"] == ((0, 1), (1, 0))
    split = infer_split_encoding(joined, (64, 2))
    assert split is not None and layouts_equivalent((64,), split, linear_encoding(src))


def test_reshape_decomposition() -> None:
    assert reshape_decomposition((4, 4, 32), (16, 32)) == [([0, 1], [0]), ([2], [1])]
    assert reshape_decomposition((512, 2), (1024,)) == [([0, 1], [0])]
    assert reshape_decomposition((256,), (256, 1)) == [([0], [0, 1])]
    assert reshape_decomposition((2, 1, 8), (16,)) == [([0, 1, 2], [0])]


def test_reshape_legacy_examples() -> None:
    # Merging dimensions in minor-to-major order keeps a blocked layout.
    src = blocked([4, 2], [32, 1], [4, 1], [1, 0])
    assert infer_reshape_encoding((512, 2), src, (1024,)) == blocked([8], [32], [4], [0])
    # 2x2x32 with order [1, 0, 2] -> 4x32: the merged 2x2 is major-to-minor, dst order [0, 1].
    src = blocked([1, 1, 1], [2, 2, 8], [1, 1, 4], [1, 0, 2])
    result = infer_reshape_encoding((2, 2, 32), src, (4, 32))
    assert isinstance(result, BlockedEncodingAttr)
    assert [v.data for v in result.order.data] == [0, 1]
    # A thread holding a 4x4 block of a 32x4 tensor holds 16 consecutive elements of 128.
    src = blocked([4, 4], [8, 1], [1, 1], [1, 0])
    assert infer_reshape_encoding((32, 4), src, (128,)) == blocked([16], [8], [1], [0])
    # Default to default.
    assert infer_reshape_encoding((64, 16), default_blocked((64, 16), 4, 32, 1), (1024,)) == \
        default_blocked((1024,), 4, 32, 1)


def test_reshape_falls_back_to_a_linear_layout() -> None:
    # 4x4 in column order cannot merge into one blocked dimension.
    src = blocked([1, 1], [4, 4], [1, 1], [0, 1])
    result = infer_reshape_encoding((4, 4), src, (16,))
    assert isinstance(result, LinearEncodingAttr)
    assert result.bases()["lane"] == ((4,), (8,), (1,), (2,))


def _thread_part(layout: LinearLayout) -> dict[str, list[list[int]]]:
    bases = layout.bases
    return {dim: bases.get(dim, []) for dim in THREADS}


@st.composite
def blocked_2d(draw: st.DrawFn) -> tuple[tuple[int, int], BlockedEncodingAttr]:
    shape = (1 << draw(st.integers(0, 6)), 1 << draw(st.integers(0, 6)))
    lanes0 = 1 << draw(st.integers(0, 5))
    warps0 = 1 << draw(st.integers(0, 2))
    spt = [1 << draw(st.integers(0, 2)), 1 << draw(st.integers(0, 2))]
    order = draw(st.permutations([0, 1]))
    encoding = blocked(spt, [lanes0, 32 // lanes0], [warps0, 4 // warps0], list(order))
    return shape, encoding


@settings(max_examples=150, deadline=None)
@given(blocked_2d())
def test_join_then_split_renames_registers(case: tuple[tuple[int, int], BlockedEncodingAttr]) -> None:
    shape, src = case
    joined = infer_join_encoding(src, shape)
    assert joined is not None
    src_layout = to_linear_layout(src, shape)
    joined_layout = to_linear_layout(joined, (*shape, 2))
    # The same threads hold the same elements; the new dimension is in registers.
    assert _thread_part(joined_layout) == {
        dim: [[*b, 0] for b in vectors] for dim, vectors in _thread_part(src_layout).items()
    }
    split = infer_split_encoding(joined, (*shape, 2))
    assert split is not None and layouts_equivalent(shape, split, src)


@settings(max_examples=150, deadline=None)
@given(blocked_2d(), st.integers(0, 12))
def test_reshape_is_a_renaming(case: tuple[tuple[int, int], BlockedEncodingAttr], cut: int) -> None:
    shape, src = case
    total = prod(shape).bit_length() - 1
    cut = min(cut, total)
    dst_shape = (1 << cut, 1 << (total - cut))
    dst = infer_reshape_encoding(shape, src, dst_shape)
    assert dst is not None
    src_layout = to_linear_layout(src, shape)
    dst_layout = to_linear_layout(dst, dst_shape)
    # Register r of every thread holds the element of the same row-major index before and after.
    assert reshape_layout(src_layout, dst_shape) == dst_layout
    back = infer_reshape_encoding(dst_shape, dst, shape)
    assert back is not None and layouts_equivalent(shape, back, src)


# fp4_to_fp: each i8 unpacks into two values along the axis.


def _each_thread_holds_pairs(src_layout: LinearLayout, dst_layout: LinearLayout, axis: int) -> bool:
    """Every thread holding source element e holds result elements 2e and 2e+1 along `axis`, in
    its registers 2r and 2r+1."""
    for (ins, out) in src_layout.apply_all():
        coords = dict(zip(src_layout.in_dims, ins, strict=True))
        for half in (0, 1):
            packed = dict(coords, register=coords["register"] * 2 + half)
            got = dst_layout.apply(packed)
            want = list(out)
            want[axis] = out[axis] * 2 + half
            if [got[d] for d in dst_layout.out_dims] != want:
                return False
    return True


@settings(max_examples=40, deadline=None)
@given(
    spt=st.sampled_from([[1, 1], [1, 2], [2, 1], [4, 2]]),
    tpw=st.sampled_from([[32, 1], [8, 4], [1, 32]]),
    order=st.sampled_from([[0, 1], [1, 0]]),
    axis=st.sampled_from([0, 1]),
)
def test_fp4_to_fp_forward_then_backward_is_the_identity(spt, tpw, order, axis) -> None:
    from ttc.dialects.ttg.layout_inference import infer_fp4_to_fp_encoding

    src = blocked(spt, tpw, [2, 2], order)
    shape = (64, 64)
    dst = infer_fp4_to_fp_encoding(src, shape, axis, forward=True)
    assert dst is not None
    dst_shape = tuple(n * 2 if i == axis else n for i, n in enumerate(shape))
    src_layout = to_linear_layout(src, shape)
    assert _each_thread_holds_pairs(src_layout, to_linear_layout(dst, dst_shape), axis)
    back = infer_fp4_to_fp_encoding(dst, dst_shape, axis, forward=False)
    assert back is not None and to_linear_layout(back, shape) == src_layout


def test_fp4_to_fp_legacy_rules_keep_blocked_and_dot_operand_layouts() -> None:
    from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
    from ttc.dialects.ttg.layout_inference import infer_fp4_to_fp_encoding

    src = blocked([1, 2], [4, 8], [4, 1], [1, 0])  # axis 1 first in the order
    assert infer_fp4_to_fp_encoding(src, (32, 32), 1, forward=True) == blocked([1, 4], [4, 8], [4, 1], [1, 0])
    assert infer_fp4_to_fp_encoding(src, (32, 64), 1, forward=False) == blocked([1, 1], [4, 8], [4, 1], [1, 0])
    single = blocked([1, 1], [4, 8], [4, 1], [1, 0])
    assert infer_fp4_to_fp_encoding(single, (32, 32), 1, forward=False) is None
    mma = NvidiaMmaEncodingAttr.make(2, 0, [4, 1], [16, 8])
    operand = DotOperandEncodingAttr.make(0, mma, 4)
    assert infer_fp4_to_fp_encoding(operand, (64, 64), 1, forward=True) == DotOperandEncodingAttr.make(0, mma, 8)
    assert infer_fp4_to_fp_encoding(operand, (64, 128), 1, forward=False) == DotOperandEncodingAttr.make(0, mma, 2)


def test_fp4_to_fp_backwards_needs_the_pair_in_the_first_register() -> None:
    from ttc.dialects.ttg.layout_inference import infer_fp4_to_fp_encoding

    # the first register basis steps 32 rows: no source layout unpacks into this one
    dst = linear_encoding(LinearLayout(
        [("register", [[32, 0], [1, 0]]), ("lane", [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]]),
         ("warp", []), ("block", [])],
        [("dim0", 64), ("dim1", 2)],
    ))
    assert infer_fp4_to_fp_encoding(dst, (64, 2), 0, forward=False) is None
