"""`#ttg.partitioned_shared` as a linear layout (Triton's `partitionedSharedToLinearLayout`): which
tensor element each (offset, partition) slot holds, checked against the pieces written out by hand."""

from __future__ import annotations

import pytest

from ttc.cli.layout import parse_encoding
from ttc.dialects.ttg.linear_layouts import to_linear_layout

ROW_MAJOR = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"


def partitioned(partitions: int, groups: int, dim: int, inner: str = ROW_MAJOR):
    return parse_encoding(
        f"#ttg.partitioned_shared<{{numPartitions = {partitions}, numGroups = {groups}, "
        f"partitionDim = {dim}, partitionLayout = {inner}}}>"
    )


def by_hand(shape: tuple[int, int], partitions: int, groups: int, dim: int) -> dict[tuple[int, int], tuple[int, int]]:
    """Cut `shape` along `dim` into `partitions * groups` pieces; piece `k` goes to buffer
    `k % partitions`, as its group `k // partitions`; each piece is stored row-major."""
    pieces = partitions * groups
    piece_shape = list(shape)
    piece_shape[dim] //= pieces
    piece_elements = piece_shape[0] * piece_shape[1]
    slots = {}
    for piece in range(pieces):
        partition, group = piece % partitions, piece // partitions
        for r in range(piece_shape[0]):
            for c in range(piece_shape[1]):
                coords = [r, c]
                coords[dim] += piece * piece_shape[dim]
                offset = group * piece_elements + r * piece_shape[1] + c
                slots[(offset, partition)] = (coords[0], coords[1])
    return slots


@pytest.mark.parametrize(
    ("shape", "partitions", "groups", "dim"),
    [((128, 32), 2, 4, 0), ((64, 32), 4, 1, 1), ((32, 16), 2, 1, 0), ((16, 64), 2, 2, 1)],
)
def test_each_buffer_holds_every_other_piece(shape, partitions, groups, dim) -> None:
    layout = to_linear_layout(partitioned(partitions, groups, dim), shape)
    assert layout.in_dim_size("partition") == partitions
    assert layout.in_dim_size("offset") * partitions == shape[0] * shape[1]
    for (offset, partition), coords in by_hand(shape, partitions, groups, dim).items():
        out = layout.apply({"offset": offset, "partition": partition, "block": 0})
        assert (out["dim0"], out["dim1"]) == coords


def test_padded_pieces_contribute_their_linear_component() -> None:
    inner = "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 8]}>"
    layout = to_linear_layout(partitioned(4, 1, 1, inner), (32, 32))
    # buffer 2 holds columns 16..23; its offset 9 is row 1, column 1 of that piece
    out = layout.apply({"offset": 9, "partition": 2, "block": 0})
    assert (out["dim0"], out["dim1"]) == (1, 17)
