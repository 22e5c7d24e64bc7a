"""Ownership tables and their TSV, rich-table and SVG renderings."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rich.console import Console
from seed import SEED_PARAMS, seed_layout

from ttc.layouts.blocked import blocked_to_linear, slice_to_linear
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.render import (
    PALETTE,
    Owner,
    ownership,
    rich_table_width,
    to_rich_table,
    to_svg,
    to_tsv,
)


def test_tsv_of_the_seed_layout() -> None:
    lines = to_tsv(ownership(seed_layout())).splitlines()
    assert len(lines) == 16
    assert lines[0].split("\t") == [
        "T0:0", "T0:1", "T1:0", "T1:1", "T2:0", "T2:1", "T3:0", "T3:1",
        "T32:0", "T32:1", "T33:0", "T33:1", "T34:0", "T34:1", "T35:0", "T35:1",
    ]  # fmt: skip
    assert lines[15].split("\t")[-2:] == ["T63:2", "T63:3"]


def test_tsv_lists_every_holder_of_a_broadcast_element() -> None:
    layout = blocked_to_linear([64], [1], [32], [4], [0])
    (row,) = to_tsv(ownership(layout)).splitlines()
    cells = row.split("\t")
    assert cells[0] == "T0:0|T64:0"
    assert cells[63] == "T63:0|T127:0"


def test_tsv_sorts_holders_by_thread_then_register() -> None:
    layout = slice_to_linear((16,), 1, seed_layout)
    (row,) = to_tsv(ownership(layout)).splitlines()
    assert row.split("\t")[3] == "T4:1|T5:1|T6:1|T7:1|T36:1|T37:1|T38:1|T39:1"


def test_tsv_names_blocks_when_there_are_several() -> None:
    layout = blocked_to_linear([32, 32], **SEED_PARAMS, ctas_per_cga=[2, 2], cta_split_num=[2, 2], cta_order=[1, 0])  # type: ignore[arg-type]
    lines = to_tsv(ownership(layout)).splitlines()
    assert lines[0].split("\t")[15:17] == ["B0:T35:1", "B1:T0:0"]
    assert lines[16].split("\t")[0] == "B2:T0:0"


def test_owner_numbering() -> None:
    layout = LinearLayout(
        {"register": [[1]], "lane": [[2], [4]], "warp": [[8]]}, [("dim0", 16)]
    )  # 4 lanes per warp here
    table = ownership(layout)
    assert table.rows[0][9] == (Owner(block=0, thread=4, register=1, warp=1),)
    assert table.num_warps == 2 and table.num_blocks == 1


def test_ownership_rejects_what_it_cannot_draw() -> None:
    with pytest.raises(LayoutError, match="only 1-D and 2-D"):
        ownership(blocked_to_linear([2, 2, 2], [1, 1, 1], [2, 4, 4], [1, 1, 1], [2, 1, 0]))
    with pytest.raises(LayoutError, match="not surjective"):
        ownership(LinearLayout({"register": [[0]]}, [("dim0", 2)]))
    with pytest.raises(LayoutError, match="input dimensions"):
        ownership(LinearLayout({"offset": [[1]], "lane": [[0]]}, [("dim0", 2)]))


def test_labels_of_replicated_elements() -> None:
    table = ownership(blocked_to_linear([64], [1], [32], [4], [0]))
    assert table.short_label(table.rows[0][0]) == "T0:0+1"
    assert table.full_label(table.rows[0][0]) == "T0:0|T64:0"
    assert table.colour(table.rows[0][40][0]) == PALETTE[1]


def test_svg_is_well_formed_and_deterministic() -> None:
    table = ownership(seed_layout())
    svg = to_svg(table, title="16x16 <blocked>")
    assert svg == to_svg(table, title="16x16 <blocked>")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    cells = root.findall(f"{ns}g")
    assert len(cells) == 256
    first, last_of_row0 = cells[0], cells[15]
    assert first.find(f"{ns}title").text == "T0:0"
    assert first.find(f"{ns}rect").get("fill") == PALETTE[0]
    assert last_of_row0.find(f"{ns}text").text == "T35:1"
    assert last_of_row0.find(f"{ns}rect").get("fill") == PALETTE[1]
    assert "16x16 &lt;blocked&gt;" in svg


def test_rich_table_fits_its_computed_width() -> None:
    table = ownership(seed_layout())
    width = rich_table_width(table)
    console = Console(width=width, record=True, color_system=None)
    console.print(to_rich_table(table))
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) == width
    assert lines[3].split("│")[1:4] == ["  0 ", " T0:0  ", " T0:1  "]
