"""`#ttg.blocked`, `#ttg.slice` and `#ttg.linear` conversions: known Triton layouts by example, and
every blocked layout checked against an independent element-by-element formula (hypothesis)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seed import seed_layout

from ttc.layouts.blocked import blocked_to_linear, slice_parent_shape, slice_to_linear
from ttc.layouts.cga import make_cga_layout
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.linear_encoding import linear_encoding_to_linear
from ttc.layouts.order import layout_order


def owners(layout: LinearLayout) -> dict[tuple[int, ...], set[tuple[int, ...]]]:
    """Element -> set of (register, lane, warp, block) holding it."""
    table: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for ins, outs in layout.apply_all():
        table.setdefault(outs, set()).add(ins)
    return table


def holder(layout: LinearLayout, register: int, lane: int, warp: int, block: int = 0) -> tuple[int, ...]:
    out = layout.apply({"register": register, "lane": lane, "warp": warp, "block": block})
    return tuple(out[n] for n in layout.out_dims)


# ------------------------------------------------------------------------------------------------
# Known layouts


def test_vector_add_layout_wraps_registers() -> None:
    # Seed 000's vector add: sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4] on 1024
    # elements. The 512-element tile repeats once; the repeat is register bit 2.
    layout = blocked_to_linear([1024], [4], [32], [4], [0])
    assert layout.in_dim_sizes == {"register": 8, "lane": 32, "warp": 4, "block": 1}
    for thread in range(128):
        for register in range(8):
            element = 4 * thread + register % 4 + 512 * (register // 4)
            assert holder(layout, register, thread % 32, thread // 32) == (element,)
    assert layout.is_invertible()


def test_two_dim_tile_repeats_along_order_first() -> None:
    # An 8x4 tile (one element per thread) on 16x8: the repeat along dim1 (order[0]) is register 1.
    layout = blocked_to_linear([16, 8], [1, 1], [8, 4], [1, 1], [1, 0])
    assert layout.bases["register"] == [[0, 4], [8, 0]]
    assert layout.bases["lane"] == [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]]


def test_column_major_order() -> None:
    layout = blocked_to_linear([8, 8], [2, 1], [4, 8], [1, 1], [0, 1])
    assert holder(layout, 1, 0, 0) == (1, 0)
    assert holder(layout, 0, 1, 0) == (2, 0)
    assert holder(layout, 0, 4, 0) == (0, 1)
    assert layout.get_num_consecutive_in_out() == 2


def test_vector_width_along_the_contiguous_dim() -> None:
    layout = blocked_to_linear([64, 64], [1, 8], [8, 4], [4, 1], [1, 0])
    assert layout.transpose_outs(["dim1", "dim0"]).get_num_consecutive_in_out() == 8
    assert layout.get_num_consecutive_in_out() == 1


def test_smaller_tensor_broadcasts_warps() -> None:
    # 128 threads, one element each, on 64 elements: warps 2 and 3 repeat warps 0 and 1.
    layout = blocked_to_linear([64], [1], [32], [4], [0])
    assert layout.bases["warp"] == [[32], [0]]
    assert layout.get_free_variable_masks()["warp"] == 0b10
    table = owners(layout)
    assert table[(5,)] == {(0, 5, 0, 0), (0, 5, 2, 0)}


def test_smaller_tensor_broadcasts_lanes_and_registers() -> None:
    # sizePerThread = [4] on 2 elements: the largest bases go first (all lanes), then register 2.
    layout = blocked_to_linear([2], [4], [32], [1], [0])
    assert layout.bases["register"] == [[1], [0]]
    assert layout.bases["lane"] == [[0]] * 5
    assert {r for r, lane, _, _ in owners(layout)[(1,)] if lane == 0} == {1, 3}
    assert layout.get_free_variable_masks() == {"register": 0b10, "lane": 0b11111, "warp": 0, "block": 0}


def test_smaller_2d_tensor() -> None:
    layout = blocked_to_linear([4, 4], [2, 2], [8, 4], [1, 2], [1, 0])
    assert layout.bases == {
        "register": [[0, 1], [1, 0]],
        "lane": [[0, 2], [0, 0], [2, 0], [0, 0], [0, 0]],
        "warp": [[0, 0]],
        "block": [],
    }


def test_cluster_with_copies() -> None:
    # Two CTAs along dim0, but the tensor is not split: both CTAs hold all of it.
    layout = blocked_to_linear([16, 16], [2, 2], [8, 4], [1, 2], [1, 0], [2, 1], [1, 1], [1, 0])
    assert layout.bases["block"] == [[0, 0]]
    assert make_cga_layout([2, 1], [1, 1], [1, 0]).bases == {"block": [[0, 0]]}


def test_cluster_larger_than_the_tensor() -> None:
    # Four CTAs split dim1 of a tensor only 2 wide: blocks 2 and 3 repeat blocks 0 and 1.
    layout = blocked_to_linear([4, 2], [1, 1], [4, 8], [1, 1], [1, 0], [1, 4], [1, 4], [1, 0])
    assert layout.bases["block"] == [[0, 1], [0, 0]]
    assert layout.out_dim_sizes == {"dim0": 4, "dim1": 2}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"shape": [16, 16], "size_per_thread": [2]}, "has rank 1, but the tensor shape 16x16"),
        ({"shape": [12, 16]}, "not a power of two"),
        ({"order": [0, 0]}, "not a permutation"),
        ({"size_per_thread": [3, 1]}, "must hold powers of two"),
        ({"ctas_per_cga": [2, 1]}, "given together"),
        (
            {"ctas_per_cga": [2, 1], "cta_split_num": [4, 1], "cta_order": [1, 0]},
            "multiple of",
        ),
    ],
)
def test_invalid_blocked_parameters(kwargs: dict[str, object], message: str) -> None:
    params: dict[str, object] = {
        "shape": [16, 16],
        "size_per_thread": [1, 1],
        "threads_per_warp": [8, 4],
        "warps_per_cta": [1, 1],
        "order": [1, 0],
        **kwargs,
    }
    with pytest.raises(LayoutError, match=message):
        blocked_to_linear(**params)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------
# Every blocked layout against an element-by-element formula


def linearize(coords: Sequence[int], sizes: Sequence[int], order: Sequence[int]) -> int:
    """Index of `coords` in a box of `sizes`, `order[0]` fastest."""
    index, stride = 0, 1
    for dim in order:
        index += coords[dim] * stride
        stride *= sizes[dim]
    return index


def delinearize(index: int, sizes: Sequence[int], order: Sequence[int]) -> list[int]:
    coords = [0] * len(sizes)
    for dim in order:
        coords[dim] = index % sizes[dim]
        index //= sizes[dim]
    return coords


def reference_owners(
    shape: Sequence[int],
    spt: Sequence[int],
    tpw: Sequence[int],
    wpc: Sequence[int],
    order: Sequence[int],
    ctas: Sequence[int],
    split: Sequence[int],
    cta_order: Sequence[int],
) -> dict[tuple[int, ...], set[tuple[int, ...]]]:
    """The blocked layout as Triton documents it, element by element.

    Each CTA owns a `shape / pieces` part (`pieces = min(split, shape)` per dimension; CTAs beyond
    the split hold copies). Within it, the tile `spt * tpw * wpc` repeats `part / tile` times
    (register index: the sizePerThread block first, then the repeats, both along `order`), or, in
    a part smaller than the tile, wraps onto it (coordinates modulo the part).
    """
    rank = len(shape)
    pieces = [min(split[d], shape[d]) for d in range(rank)]
    part = [max(1, shape[d] // pieces[d]) for d in range(rank)]
    tile = [spt[d] * tpw[d] * wpc[d] for d in range(rank)]
    reps = [max(1, part[d] // tile[d]) for d in range(rank)]
    table: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for block in range(math.prod(ctas)):
        block_coords = delinearize(block, ctas, cta_order)
        for warp in range(math.prod(wpc)):
            warp_coords = delinearize(warp, wpc, order)
            for lane in range(math.prod(tpw)):
                lane_coords = delinearize(lane, tpw, order)
                for register in range(math.prod(spt) * math.prod(reps)):
                    elem = delinearize(register % math.prod(spt), spt, order)
                    rep = delinearize(register // math.prod(spt), reps, order)
                    element = tuple(
                        (block_coords[d] % pieces[d]) * part[d]
                        + (
                            rep[d] * tile[d]
                            + warp_coords[d] * spt[d] * tpw[d]
                            + lane_coords[d] * spt[d]
                            + elem[d]
                        )
                        % part[d]
                        for d in range(rank)
                    )
                    table.setdefault(element, set()).add((register, lane, warp, block))
    return table


def pow2(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high).map(lambda e: 1 << e)


@st.composite
def blocked_params(draw: st.DrawFn) -> dict[str, list[int]]:
    rank = draw(st.integers(1, 3))
    lane_bits = draw(st.lists(st.integers(0, 3), min_size=rank, max_size=rank).filter(lambda b: sum(b) <= 5))
    return {
        "shape": [draw(pow2(0, 5)) for _ in range(rank)],
        "size_per_thread": [draw(pow2(0, 2)) for _ in range(rank)],
        "threads_per_warp": [1 << b for b in lane_bits],
        "warps_per_cta": [draw(pow2(0, 1)) for _ in range(rank)],
        "order": list(draw(st.permutations(range(rank)))),
        "ctas_per_cga": (ctas := [draw(pow2(0, 1)) for _ in range(rank)]),
        "cta_split_num": [c if draw(st.booleans()) else 1 for c in ctas],
        "cta_order": list(draw(st.permutations(range(rank)))),
    }


@given(blocked_params())
@settings(max_examples=150, deadline=None)
def test_blocked_matches_the_reference(params: dict[str, list[int]]) -> None:
    layout = blocked_to_linear(**params)  # type: ignore[arg-type]
    expected = reference_owners(
        params["shape"],
        params["size_per_thread"],
        params["threads_per_warp"],
        params["warps_per_cta"],
        params["order"],
        params["ctas_per_cga"],
        params["cta_split_num"],
        params["cta_order"],
    )
    assert layout.out_dim_sizes == {f"dim{d}": s for d, s in enumerate(params["shape"])}
    assert layout.is_surjective()
    assert owners(layout) == expected


# ------------------------------------------------------------------------------------------------
# Slices


def test_slice_parent_shape() -> None:
    assert slice_parent_shape((16, 8), 0) == (1, 16, 8)
    assert slice_parent_shape((16, 8), 2) == (16, 8, 1)
    with pytest.raises(LayoutError, match="out of range"):
        slice_parent_shape((16,), 3)


def test_slice_dim1_keeps_the_rows() -> None:
    # Removing the columns of the seed layout: row i is held by the 4 lanes of its row group in
    # both warps, as register i % 2.
    layout = slice_to_linear((16,), 1, seed_layout)
    assert layout.bases == {
        "register": [[1]],
        "lane": [[0], [0], [2], [4], [8]],
        "warp": [[0]],
        "block": [],
    }
    for row, holders in owners(layout).items():
        threads = {warp * 32 + lane for register, lane, warp, _ in holders}
        assert threads == {4 * (row[0] // 2) + j + 32 * w for j in range(4) for w in range(2)}
        assert {register for register, *_ in holders} == {row[0] % 2}


def test_slice_dim0_keeps_the_columns() -> None:
    layout = slice_to_linear((16,), 0, seed_layout)
    assert layout.bases == {
        "register": [[1]],
        "lane": [[2], [4], [0], [0], [0]],
        "warp": [[8]],
        "block": [],
    }


def test_slice_of_a_slice() -> None:
    def parent(shape: tuple[int, ...]) -> LinearLayout:
        return blocked_to_linear(shape, [1, 2, 2], [2, 4, 4], [2, 1, 1], [2, 1, 0])

    def middle(shape: tuple[int, ...]) -> LinearLayout:
        return slice_to_linear(shape, 1, parent)

    layout = slice_to_linear((4,), 1, middle)
    full = parent((4, 1, 1))
    for (element,), holders in owners(layout).items():
        threads = {(lane, warp) for _, lane, warp, _ in holders}
        assert threads == {(lane, warp) for _, lane, warp, _ in owners(full)[(element, 0, 0)]}


@given(blocked_params().filter(lambda p: len(p["shape"]) >= 2), st.data())
@settings(max_examples=80, deadline=None)
def test_slice_holders_are_the_parents(params: dict[str, list[int]], data: st.DataObject) -> None:
    rank = len(params["shape"])
    dim = data.draw(st.integers(0, rank - 1))
    shape = tuple(s for d, s in enumerate(params["shape"]) if d != dim)
    rest = {k: v for k, v in params.items() if k != "shape"}

    def parent(parent_shape: tuple[int, ...]) -> LinearLayout:
        return blocked_to_linear(parent_shape, **rest)  # type: ignore[arg-type]

    layout = slice_to_linear(shape, dim, parent)
    full = owners(parent(slice_parent_shape(shape, dim)))
    sliced = owners(layout)
    assert set(sliced) == {tuple(e for d, e in enumerate(k) if d != dim) for k in full}
    for element, holders in sliced.items():
        parent_element = (*element[:dim], 0, *element[dim:])
        assert {h[1:] for h in holders} == {h[1:] for h in full[parent_element]}
    assert all(any(b) for b in layout.bases["register"])


# ------------------------------------------------------------------------------------------------
# #ttg.linear


def test_linear_encoding_of_the_seed_layout_is_the_blocked_layout() -> None:
    blocked = seed_layout((16, 16))
    assert linear_encoding_to_linear(blocked.bases, (16, 16)) == blocked


def test_linear_encoding_register_order() -> None:
    layout = LinearLayout({"register": [[0, 0], [2, 0], [0, 1]]}, ["dim0", "dim1"])
    assert layout_order(layout) == (0, 1)
    assert layout_order(LinearLayout({"register": []}, [("dim0", 1), ("dim1", 1)])) == (1, 0)


def test_linear_encoding_wraps_and_drops_registers() -> None:
    bases = {"register": [[0, 2]], "lane": [[0, 1], [1, 0]], "warp": [], "block": []}
    larger = linear_encoding_to_linear(bases, (4, 8))
    assert larger.bases["register"] == [[0, 2], [0, 4], [2, 0]]
    smaller = linear_encoding_to_linear(bases, (2, 2))
    assert smaller.bases == {"register": [], "lane": [[0, 1], [1, 0]], "warp": [], "block": []}
    broadcast = linear_encoding_to_linear(bases, (1, 2))
    assert broadcast.bases["lane"] == [[0, 1], [0, 0]]


def test_linear_encoding_errors() -> None:
    with pytest.raises(LayoutError, match="not surjective"):
        linear_encoding_to_linear({"register": [[0, 2]]}, (1, 4))
    with pytest.raises(LayoutError, match="has rank 2"):
        linear_encoding_to_linear({"register": [[0, 1]]}, (2,))
    with pytest.raises(LayoutError, match="at least one"):
        linear_encoding_to_linear({"register": []}, (2,))
