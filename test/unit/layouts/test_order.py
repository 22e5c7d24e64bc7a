"""Per-dimension runs of a thread's registers (`contig_per_thread`, Triton's
`getContigPerThread`) on blocked and linear layouts."""

from __future__ import annotations

from ttc.layouts.blocked import blocked_to_linear
from ttc.layouts.linear_encoding import linear_encoding_to_linear
from ttc.layouts.order import contig_per_thread


def test_run_along_the_fastest_dimension() -> None:
    layout = blocked_to_linear([64, 64], [1, 8], [4, 8], [4, 1], [1, 0])
    assert contig_per_thread(layout) == (1, 8)


def test_runs_in_both_dimensions_follow_the_order() -> None:
    layout = blocked_to_linear([64, 64], [2, 4], [8, 4], [4, 1], [1, 0])
    assert contig_per_thread(layout) == (2, 4)
    column_major = blocked_to_linear([64, 64], [4, 2], [4, 8], [1, 4], [0, 1])
    assert contig_per_thread(column_major) == (4, 2)


def test_repeats_beyond_the_tile_are_not_contiguous() -> None:
    # 8 registers along dim 1, but the tile repeats every 32 columns: the run is 4.
    layout = blocked_to_linear([16, 128], [1, 4], [4, 8], [4, 1], [1, 0])
    assert contig_per_thread(layout) == (1, 4)


def test_a_gap_ends_the_run() -> None:
    layout = linear_encoding_to_linear(
        {"register": [[0, 1], [0, 4]], "lane": [[0, 2], [1, 0]], "warp": [], "block": []}, [2, 8]
    )
    assert contig_per_thread(layout) == (1, 2)
