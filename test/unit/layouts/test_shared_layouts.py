"""Shared-memory encodings as linear layouts, checked against the XOR swizzle written out by hand:
element (row, col) of a swizzled buffer sits at `row * cols + (col ^ vec * ((row / perPhase) %
maxPhase))`."""

from __future__ import annotations

import pytest

from ttc.cli.layout import parse_encoding
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.linear import LayoutError
from ttc.layouts.render import ownership, to_tsv
from ttc.layouts.shared import nvmma_shared_to_linear, swizzled_shared_to_linear

ONE_CTA_2D = ((1, 1), (1, 1), (1, 0))


def offsets_of(layout) -> dict[tuple[int, ...], int]:
    """element coordinates -> offset, for a single-CTA shared layout."""
    assert layout.in_dims[0] == "offset"
    found: dict[tuple[int, ...], int] = {}
    for ins, outs in layout.apply_all():
        assert ins[1:] == (0,) * (len(ins) - 1)
        assert outs not in found, f"element {outs} stored twice"
        found[outs] = ins[0]
    return found


@pytest.mark.parametrize(
    ("shape", "vec", "per_phase", "max_phase"),
    [((64, 32), 8, 2, 4), ((32, 64), 8, 1, 8), ((16, 16), 4, 1, 4), ((8, 8), 1, 1, 1), ((128, 16), 8, 4, 2)],
)
def test_swizzled_shared_row_major_is_the_xor_formula(shape, vec, per_phase, max_phase) -> None:
    rows, cols = shape
    layout = swizzled_shared_to_linear(shape, vec, per_phase, max_phase, (1, 0), ONE_CTA_2D)
    offsets = offsets_of(layout)
    for r in range(rows):
        for c in range(cols):
            phase = (r // per_phase) % max_phase
            assert offsets[(r, c)] == r * cols + (c ^ (vec * phase) % cols), (r, c)


def test_swizzled_shared_column_major_swizzles_dim0() -> None:
    layout = swizzled_shared_to_linear((32, 16), 4, 1, 4, (0, 1), ((1, 1), (1, 1), (0, 1)))
    offsets = offsets_of(layout)
    for r in range(32):
        for c in range(16):
            assert offsets[(r, c)] == c * 32 + (r ^ 4 * (c % 4))


def test_swizzled_shared_rank3_strides_the_outer_dimension() -> None:
    cga = ((1, 1, 1), (1, 1, 1), (2, 1, 0))
    layout = swizzled_shared_to_linear((2, 16, 32), 8, 1, 4, (2, 1, 0), cga)
    offsets = offsets_of(layout)
    assert offsets[(1, 3, 5)] == 512 + 3 * 32 + (5 ^ 24)


def test_swizzled_shared_split_across_ctas_has_a_block_dimension() -> None:
    layout = swizzled_shared_to_linear((64, 32), 8, 1, 4, (1, 0), ((2, 1), (2, 1), (1, 0)))
    assert layout.in_dim_size("offset") == 32 * 32
    assert layout.apply({"offset": 0, "block": 1}) == {"dim0": 32, "dim1": 0}


@pytest.mark.parametrize(("swizzle", "per_phase", "max_phase"), [(128, 1, 8), (64, 2, 4), (32, 4, 2)])
def test_nvmma_shared_fp16_core_matrices(swizzle, per_phase, max_phase) -> None:
    layout = nvmma_shared_to_linear((64, 128), swizzle, False, 16, False, ONE_CTA_2D)
    offsets = offsets_of(layout)
    width = swizzle // 2  # elements per swizzled row
    for r in range(64):
        for c in range(128):
            tile, col = divmod(c, width)
            phase = (r // per_phase) % max_phase
            assert offsets[(r, c)] == tile * 64 * width + r * width + (col ^ 8 * phase), (r, c)


def test_nvmma_shared_transposed_swaps_the_contiguous_dimension() -> None:
    plain = offsets_of(nvmma_shared_to_linear((64, 32), 64, False, 16, False, ONE_CTA_2D))
    flipped = offsets_of(nvmma_shared_to_linear((32, 64), 64, True, 16, False, ONE_CTA_2D))
    assert all(flipped[(c, r)] == offset for (r, c), offset in plain.items())


def test_nvmma_shared_without_swizzle_is_row_major() -> None:
    offsets = offsets_of(nvmma_shared_to_linear((16, 32), 0, False, 16, False, ONE_CTA_2D))
    assert all(offset == r * 32 + c for (r, c), offset in offsets.items())
    flipped = offsets_of(nvmma_shared_to_linear((16, 32), 0, True, 16, False, ONE_CTA_2D))
    assert all(offset == c * 16 + r for (r, c), offset in flipped.items())


def test_nvmma_shared_rejects_a_block_narrower_than_the_swizzle() -> None:
    with pytest.raises(LayoutError, match="too small for the swizzle byte size 128"):
        nvmma_shared_to_linear((64, 32), 128, False, 16, False, ONE_CTA_2D)


def test_attributes_dispatch_to_the_shared_conversions() -> None:
    swizzled = parse_encoding("#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>")
    assert to_linear_layout(swizzled, (64, 32)) == swizzled_shared_to_linear(
        (64, 32), 8, 2, 4, (1, 0), ONE_CTA_2D
    )
    nvmma = parse_encoding("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>")
    assert to_linear_layout(nvmma, (64, 64)) == nvmma_shared_to_linear((64, 64), 128, False, 16, False, ONE_CTA_2D)
    linear = parse_encoding("#ttg.shared_linear<{offset = [[1, 0], [0, 1]]}, alignment = 16>")
    assert offsets_of(to_linear_layout(linear, (2, 2))) == {(0, 0): 0, (1, 0): 1, (0, 1): 2, (1, 1): 3}
    with pytest.raises(LayoutError, match="covers 2x2, not the buffer shape 4x2"):
        to_linear_layout(linear, (4, 2))


def test_a_shared_layout_draws_offsets() -> None:
    encoding = parse_encoding("#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>")
    lines = to_tsv(ownership(to_linear_layout(encoding, (4, 8)))).splitlines()
    assert lines[0].split("\t") == [f"@{i}" for i in range(8)]
    assert lines[1].split("\t") == ["@10", "@11", "@8", "@9", "@14", "@15", "@12", "@13"]
