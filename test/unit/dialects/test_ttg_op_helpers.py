"""Helpers behind the TritonGPU op verifiers: the warps a partition runs on, the fp4 unpacking
layout, the contiguous offsets a subview owns, and the pipelining prefix of a memdesc shape."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import f16

from ttc.dialects.ttg.attrs import SwizzledSharedEncodingAttr
from ttc.dialects.ttg.layout_inference import unpacked_source_layout
from ttc.dialects.ttg.ops import MemDescType, layout_dims, memdesc_layout
from ttc.dialects.ttg.reinterpret import _contiguous_from_zero, _owned_offsets
from ttc.dialects.ttg.warp_specialize import (
    WarpSpecializeOp,
    lookup_num_warps,
    maybe_lookup_num_warps,
)
from ttc.dialects.upstream.arith import ConstantOp
from ttc.ir.errors import TtcError
from ttc.layouts.linear import LinearLayout
from ttc_parse import parse_module

PARTITIONS = """
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @k() attributes {"ttg.num-warps" = 4 : i32} {
    ttg.warp_specialize()
    default {
      %d = arith.constant 0 : i32
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      %p = arith.constant 1 : i32
      ttg.warp_return
    }
    partition1() num_warps(1) {
      %q = arith.constant 2 : i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
"""


def test_partitions_run_on_their_own_warps() -> None:
    module = parse_module(PARTITIONS)
    (specialize,) = [op for op in module.walk() if isinstance(op, WarpSpecializeOp)]
    constants = [op for op in module.walk() if op.name == "arith.constant"]
    assert [lookup_num_warps(op) for op in constants] == [4, 2, 1]
    assert lookup_num_warps(specialize) == 4  # the function overrides the module
    assert specialize.num_warps() == (2, 1)


def test_an_unknown_warp_count_is_an_error_at_the_op() -> None:
    module = parse_module("tt.func @k() {\n  %c = arith.constant 0 : i32\n  tt.return\n}")
    (constant,) = [op for op in module.walk() if isinstance(op, ConstantOp)]
    assert maybe_lookup_num_warps(constant) is None
    with pytest.raises(TtcError, match="'arith.constant' op is not contained within a context "
                                       "that specifies the number of warps"):
        lookup_num_warps(constant)


def _layout(register: list[list[int]], lane: list[list[int]], shape: list[int]) -> LinearLayout:
    names = [f"dim{i}" for i in range(len(shape))]
    return LinearLayout([("register", register), ("lane", lane)], list(zip(names, shape)))


def test_unpacking_removes_the_pair_register() -> None:
    result = _layout([[0, 1], [0, 2], [1, 0]], [[0, 4], [2, 0]], [4, 8])
    source = unpacked_source_layout(result, axis=1)
    assert source == _layout([[0, 1], [1, 0]], [[0, 2], [2, 0]], [4, 4])


def test_unpacking_needs_the_pair_in_the_first_register() -> None:
    assert unpacked_source_layout(_layout([[1, 0], [0, 1]], [], [2, 2]), axis=1) is None
    assert unpacked_source_layout(_layout([], [[0, 1]], [1, 2]), axis=1) is None


def test_an_odd_step_along_the_axis_cannot_be_halved() -> None:
    assert unpacked_source_layout(_layout([[0, 1], [0, 3]], [], [1, 4]), axis=1) is None


def test_contiguous_offsets_from_zero() -> None:
    assert _contiguous_from_zero([1, 2, 4], 8) == 8
    assert _contiguous_from_zero([1, 4], 8) == 2
    assert _contiguous_from_zero([3, 1], 8) == 4  # span {1, 2, 3}
    assert _contiguous_from_zero([2], 8) == 1


def test_a_row_subview_owns_its_rows_contiguously() -> None:
    encoding = SwizzledSharedEncodingAttr.make(1, 1, 1, [1, 0])
    layout = memdesc_layout(MemDescType.make([16, 16], f16, encoding))
    assert layout is not None
    top_rows = _owned_offsets(layout, (8, 16), "offset")
    left_columns = _owned_offsets(layout, (16, 8), "offset")
    assert _contiguous_from_zero(top_rows, 256) == 128
    assert _contiguous_from_zero(left_columns, 256) == 8


def test_layout_dims_drop_the_pipelining_prefix() -> None:
    encoding = SwizzledSharedEncodingAttr.make(1, 1, 1, [1, 0])
    assert layout_dims((3, 16, 32), encoding) == (16, 32)
    assert layout_dims((16, 32), encoding) == (16, 32)

