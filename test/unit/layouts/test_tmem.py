"""Tensor-memory linear layouts and the tcgen05.ld/st compatibility of register layouts."""

from __future__ import annotations

from xdsl.dialects.builtin import Float32Type, TensorType

from ttc.dialects.ttg.attrs import BlockedEncodingAttr
from ttc.dialects.ttng.tmem_access import TMemAccess, tmem_access
from ttc.layouts.divide import divide_left, largest_vectorisation
from ttc.layouts.linear import LinearLayout
from ttc.layouts.tmem import (
    tensor_memory_scales_to_linear,
    tensor_memory_to_linear,
    view_layout,
)


def bases(layout: LinearLayout, in_dim: str) -> list[list[int]]:
    return layout.bases[in_dim]


def test_blocks_repeat_along_columns() -> None:
    # Two 128x64 blocks side by side: rows are lanes, the second block follows in the columns.
    layout = tensor_memory_to_linear((128, 128), 128, 64, 1, (), False, False)
    assert layout.in_dims == ("row", "col", "block")
    assert bases(layout, "row") == [[1 << i, 0] for i in range(7)]
    assert bases(layout, "col") == [[0, 1 << i] for i in range(7)]


def test_block_m_64_interleaves_rows() -> None:
    # blockM = 64 uses 16 rows per warp; rows 64.. of the tensor go to TMEM row 16 of each warp.
    layout = tensor_memory_to_linear((128, 64), 64, 64, 1, (), False, False)
    assert bases(layout, "row") == [[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]]


def test_block_m_64_alone_leaves_rows_undefined() -> None:
    layout = tensor_memory_to_linear((64, 64), 64, 64, 1, (), False, False)
    assert bases(layout, "row")[4] == [0, 0]


def test_col_stride_leaves_holes() -> None:
    # 16-bit elements one per 32-bit column: the low column bit holds nothing.
    layout = tensor_memory_to_linear((128, 64), 128, 64, 2, (), False, False)
    assert bases(layout, "col")[0] == [0, 0]
    assert bases(layout, "col")[1] == [0, 1]


def test_cga_split_along_m() -> None:
    layout = tensor_memory_to_linear((256, 64), 128, 64, 1, ((1, 0),), False, False)
    assert bases(layout, "block") == [[128, 0]]


def test_scales_broadcast_over_warps() -> None:
    layout = tensor_memory_scales_to_linear((128, 4), (), False)
    assert bases(layout, "row")[5:] == [[0, 0], [0, 0]]
    assert bases(layout, "col") == [[0, 1], [0, 2], [32, 0], [64, 0]]


def test_view_trims_to_the_subview() -> None:
    allocation = tensor_memory_to_linear((128, 128), 128, 128, 1, (), False, False)
    view = view_layout(allocation, (128, 64), 32)
    assert view.out_dim_sizes == {"dim0": 128, "dim1": 64}
    assert view.in_dim_size("col") == 64


def _rows_per_thread(columns: int, warps: tuple[int, int] = (4, 1)) -> TensorType:
    encoding = BlockedEncodingAttr.make([1, columns], [32, 1], list(warps), [0, 1])
    return TensorType(Float32Type(), [128, columns], encoding)


def test_one_row_per_thread_is_a_32x32b_message() -> None:
    memory = tensor_memory_to_linear((128, 64), 128, 64, 1, (), False, False)
    assert tmem_access(_rows_per_thread(64), memory, 32, 256) == TMemAccess(unpacked=False)


def test_warps_along_columns_do_not_map_to_rows() -> None:
    memory = tensor_memory_to_linear((128, 64), 128, 64, 1, (), False, False)
    tensor = TensorType(
        Float32Type(),
        [128, 64],
        BlockedEncodingAttr.make([1, 32], [32, 1], [2, 2], [0, 1]),
    )
    result = tmem_access(tensor, memory, 32, 256)
    assert isinstance(result, str) and result.startswith("warps=1,2 must map to rows=32,64")


def test_lanes_along_columns_are_no_message() -> None:
    memory = tensor_memory_to_linear((128, 64), 128, 64, 1, (), False, False)
    tensor = TensorType(
        Float32Type(), [128, 64], BlockedEncodingAttr.make([1, 1], [1, 32], [4, 1], [1, 0])
    )
    assert isinstance(tmem_access(tensor, memory, 32, 256), str)


def test_divide_left_and_vectorisation() -> None:
    layout = LinearLayout([("register", [[1], [2], [8]]), ("lane", [[4]])], [("offset", 16)])
    quotient = divide_left(layout, LinearLayout.identity_1d(4, "register", "offset"))
    assert quotient is not None and quotient.bases == {"register": [[2]], "lane": [[1]]}
    assert largest_vectorisation(layout, 16, None) == 4  # offset 4 is another lane's
    assert largest_vectorisation(layout, 64, None) == 2  # at most 128 bits
    swapped = LinearLayout([("register", [[2], [1], [4]])], [("offset", 8)])
    assert largest_vectorisation(swapped, 16, None) == 8  # registers reordered
    assert largest_vectorisation(swapped, 16, 8) == 1  # a padded buffer keeps their order
