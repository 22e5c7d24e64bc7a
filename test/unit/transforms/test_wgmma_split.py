"""Splitting a register-operand wgmma along K (Triton's `splitLhs`): the transpose order of A's
M x 2 x ... x 2 x newK view and the chunk layouts it leads to."""

from __future__ import annotations

from xdsl.dialects.builtin import Float16Type, TensorType

from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.transforms.wgmma_pipeline import registers_split_types, split_order


def test_split_order_puts_the_chunk_first_and_the_slowest_half_last() -> None:
    assert split_order(2, 1) == [0, 2, 1]
    assert split_order(2, 3) == [0, 4, 3, 2, 1]


def test_every_chunk_keeps_the_operand_layout_of_its_k_columns() -> None:
    mma = NvidiaMmaEncodingAttr.make(3, 0, [4, 1], [16, 64, 16])
    operand = DotOperandEncodingAttr.make(0, mma, 2)
    a_type = TensorType(Float16Type(), [64, 128], operand)
    types = registers_split_types(a_type, 16)
    assert types is not None
    shapes = [list(t.get_shape()) for t in types]
    assert shapes == [[64, 2, 2, 2, 16], [64, 16, 2, 2, 2], [64, 16, 2, 2], [64, 16, 2], [64, 16], [64, 16]]
    assert types[-1].encoding == operand
    # The chunks' layout holds the same registers as the operand's layout of a 64 x 16 tile.
    chunk = to_linear_layout(types[-2].encoding, [64, 16])
    assert chunk == to_linear_layout(operand, [64, 16])
