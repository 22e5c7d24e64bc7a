"""Layouts through `tt.reshape` (Triton's `inferReshapeOpEncoding`): the legacy blocked rules, their
symmetry, and the `#ttg.linear` fallback, on the reshapes of `tl.sort`."""

from __future__ import annotations

from ttc.dialects.ttg.attrs import BlockedEncodingAttr, LinearEncodingAttr, bases_attr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.transforms.tritongpu_utils import default_blocked, infer_reshape_encoding, reshape_decomposition

ROW = BlockedEncodingAttr.make([2], [32], [4], [0])
CUBE = (2,) * 8
SORTED = BlockedEncodingAttr.make(
    [1, 1, 1, 1, 1, 1, 1, 2], [1, 1, 2, 2, 2, 2, 2, 1], [2, 2, 1, 1, 1, 1, 1, 1], list(range(7, -1, -1))
)


def test_decomposition_groups_dims_holding_the_same_elements() -> None:
    assert reshape_decomposition((4, 6), (2, 2, 6)) == [([0], [0, 1]), ([1], [2])]
    assert reshape_decomposition((256,), CUBE) == [([0], list(range(8)))]


def test_a_row_of_pairs_becomes_a_cube_keeping_each_thread_s_elements() -> None:
    cube = infer_reshape_encoding((256,), ROW, CUBE)
    assert cube == SORTED
    assert infer_reshape_encoding(CUBE, SORTED, (256,)) == ROW
    # Row-major flattening of the cube's layout is the row's layout: no element changes thread.
    cube_layout = to_linear_layout(cube, CUBE)
    flattened = cube_layout.transpose_outs(list(reversed(cube_layout.out_dims))).reshape_outs(
        [("dim0", 256)]
    )
    assert flattened == to_linear_layout(ROW, (256,))


def test_default_layouts_map_to_default_layouts() -> None:
    src = default_blocked((64, 32), 4, 32, 1)
    assert infer_reshape_encoding((64, 32), src, (2048,)) == default_blocked((2048,), 4, 32, 1)


def test_a_slice_of_the_cube_falls_back_to_a_linear_layout() -> None:
    # The range [0, 2) reshaped to the cube's dim 6 (lane bit 0 of SORTED) and back.
    shape = (1, 1, 1, 1, 1, 1, 2, 1)
    got = infer_reshape_encoding(shape, SORTED, (2,))
    want = LinearEncodingAttr(
        bases_attr([[0]]), bases_attr([[1], [0], [0], [0], [0]]), bases_attr([[0], [0]]), bases_attr([])
    )
    assert got == want
