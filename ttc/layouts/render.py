"""Pictures of a distributed layout: which thread and register hold each tensor element.

The drawing Triton's documentation uses for `#ttg.blocked` (the 16x16 tensor over 2 warps), made
from a linear layout: every (register, lane, warp, block) input is applied and recorded at the
element it lands on. A thread is numbered `warp * threads_per_warp + lane` within its CTA; with
more than one CTA the block id is shown as well.

Three renderings of the same `OwnershipTable`:

- TSV: one tensor row per line, cells separated by tabs, each cell `T<thread>:<register>`
  (`B<block>:T<thread>:<register>` when the layout spans several CTAs). An element held by several
  threads or registers (broadcasting) lists every holder, ordered by block, thread, then register,
  joined with `|`: `T0:0|T32:0`.
- a rich table for the terminal, and an SVG picture, both coloured by warp. These show the first
  holder of a replicated element followed by `+N`, the number of further copies (the SVG lists them
  all in the cell's tooltip).

A shared-memory layout (input dimensions `offset` and `block`) is drawn the same way, each cell
giving the element's offset in its CTA's buffer, `@<offset>` (`B<block>:@<offset>`), coloured by
the buffer row the offset falls in (the row's length is the tensor's last dimension), so a swizzle
shows as rows scattered across colours.

A 1-D tensor is drawn as one row.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from rich.table import Table
from rich.text import Text

from ttc.layouts.linear import LayoutError, LinearLayout

# Background colours, one per warp (cycling), light enough for black text.
PALETTE = (
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
    "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f", "#a6cee3", "#b2df8a", "#fdbf6f", "#cab2d6",
)  # fmt: skip


@dataclass(frozen=True, order=True)
class Owner:
    """One holder of an element: a register of a thread (of a CTA), or for a shared layout
    (`in_memory`) the offset `register` of the CTA's buffer, `warp` then being its buffer row."""

    block: int
    thread: int
    register: int
    warp: int
    in_memory: bool = False

    def label(self, with_block: bool) -> str:
        core = f"@{self.register}" if self.in_memory else f"T{self.thread}:{self.register}"
        return f"B{self.block}:{core}" if with_block else core


@dataclass(frozen=True)
class OwnershipTable:
    """For each element of a 1-D or 2-D tensor, its holders, sorted (block, thread, register)."""

    rows: tuple[tuple[tuple[Owner, ...], ...], ...]
    num_warps: int
    num_blocks: int

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0]) if self.rows else 0

    def colour(self, owner: Owner) -> str:
        """The background colour of a holder: its warp, counted across all CTAs."""
        return PALETTE[(owner.block * self.num_warps + owner.warp) % len(PALETTE)]

    def short_label(self, cell: tuple[Owner, ...]) -> str:
        """The first holder, with `+N` for the other copies."""
        first = cell[0].label(self.num_blocks > 1)
        return f"{first}+{len(cell) - 1}" if len(cell) > 1 else first

    def full_label(self, cell: tuple[Owner, ...]) -> str:
        """Every holder, joined by `|`."""
        return "|".join(owner.label(self.num_blocks > 1) for owner in cell)


def ownership(layout: LinearLayout) -> OwnershipTable:
    """Tabulate a distributed layout with outputs `dim0` (rows) and, for 2-D, `dim1` (columns).

    Input dimensions are register, lane, warp and block (a distributed layout) or offset and block
    (a shared one); missing ones count as size 1. Every element must be held by someone (the
    layout is surjective).
    """
    in_memory = "offset" in layout.in_dims
    allowed = {"offset", "block"} if in_memory else {"register", "lane", "warp", "block"}
    extra = set(layout.in_dims) - allowed
    if extra:
        raise LayoutError(f"cannot draw a layout with input dimensions {sorted(extra)}")
    rank = layout.num_out_dims
    if rank not in (1, 2) or layout.out_dims != ("dim0", "dim1")[:rank]:
        raise LayoutError(
            f"only 1-D and 2-D tensors can be drawn; the layout has outputs {list(layout.out_dims)}"
        )
    sizes = layout.in_dim_sizes
    threads_per_warp = sizes.get("lane", 1)
    n_rows, n_cols = (1, layout.out_dim_size("dim0")) if rank == 1 else (
        layout.out_dim_size("dim0"),
        layout.out_dim_size("dim1"),
    )
    cells: list[list[list[Owner]]] = [[[] for _ in range(n_cols)] for _ in range(n_rows)]
    positions = {name: i for i, name in enumerate(layout.in_dims)}

    def coordinate(ins: tuple[int, ...], name: str) -> int:
        return ins[positions[name]] if name in positions else 0

    for ins, outs in layout.apply_all():
        row, col = (0, outs[0]) if rank == 1 else outs
        block = coordinate(ins, "block")
        if in_memory:
            offset = coordinate(ins, "offset")
            owner = Owner(block, thread=0, register=offset, warp=offset // n_cols, in_memory=True)
        else:
            lane, warp = coordinate(ins, "lane"), coordinate(ins, "warp")
            owner = Owner(block, warp * threads_per_warp + lane, coordinate(ins, "register"), warp)
        cells[row][col].append(owner)
    if any(not cell for row_cells in cells for cell in row_cells):
        raise LayoutError("the layout leaves some elements without a holder (not surjective)")
    return OwnershipTable(
        rows=tuple(tuple(tuple(sorted(cell)) for cell in row_cells) for row_cells in cells),
        num_warps=n_rows if in_memory else sizes.get("warp", 1),
        num_blocks=sizes.get("block", 1),
    )


def to_tsv(table: OwnershipTable) -> str:
    """One line per tensor row, tab-separated cells listing every holder (`T0:0|T32:0`)."""
    return "".join(
        "\t".join(table.full_label(cell) for cell in row) + "\n" for row in table.rows
    )


def to_rich_table(table: OwnershipTable, title: str | None = None) -> Table:
    """A rich table with row and column indices, each cell on its warp's colour."""
    grid = Table(title=title, show_lines=False, padding=(0, 1), header_style="bold")
    grid.add_column("", justify="right", style="bold")
    for col in range(table.shape[1]):
        grid.add_column(str(col), justify="center", no_wrap=True)
    for index, row in enumerate(table.rows):
        grid.add_row(
            str(index),
            *(
                Text(table.short_label(cell), style=f"black on {table.colour(cell[0])}")
                for cell in row
            ),
        )
    return grid


def rich_table_width(table: OwnershipTable) -> int:
    """The number of terminal columns `to_rich_table` needs to draw without wrapping."""
    n_rows, n_cols = table.shape
    widths = [len(str(max(n_rows - 1, 0)))] + [
        max([len(str(col))] + [len(table.short_label(row[col])) for row in table.rows])
        for col in range(n_cols)
    ]
    return sum(w + 2 for w in widths) + len(widths) + 1


CELL_HEIGHT = 20
CHAR_WIDTH = 7
FONT = "font-family=\"monospace\" font-size=\"11\""


def to_svg(table: OwnershipTable, title: str | None = None) -> str:
    """A self-contained SVG picture: one rectangle per element, coloured by warp, labelled with
    its first holder (and `+N` copies); the tooltip lists every holder."""
    n_rows, n_cols = table.shape
    labels = [[table.short_label(cell) for cell in row] for row in table.rows]
    cell_width = CHAR_WIDTH * max([len(str(n_cols - 1))] + [len(s) for r in labels for s in r]) + 10
    left = CHAR_WIDTH * len(str(n_rows - 1)) + 12
    top = CELL_HEIGHT * (2 if title else 1)
    width = left + n_cols * cell_width + 1
    height = top + n_rows * CELL_HEIGHT + 1
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if title:
        out.append(f'<text x="4" y="14" {FONT} font-weight="bold">{escape(title)}</text>')
    header_y = top - 6
    for col in range(n_cols):
        x = left + col * cell_width + cell_width // 2
        out.append(f'<text x="{x}" y="{header_y}" {FONT} text-anchor="middle">{col}</text>')
    for index, row in enumerate(table.rows):
        y = top + index * CELL_HEIGHT
        out.append(
            f'<text x="{left - 6}" y="{y + 14}" {FONT} text-anchor="end">{index}</text>'
        )
        for col, cell in enumerate(row):
            x = left + col * cell_width
            out.append(
                f'<g><title>{escape(table.full_label(cell))}</title>'
                f'<rect x="{x}" y="{y}" width="{cell_width}" height="{CELL_HEIGHT}" '
                f'fill="{table.colour(cell[0])}" stroke="#555555" stroke-width="0.5"/>'
                f'<text x="{x + cell_width // 2}" y="{y + 14}" {FONT} text-anchor="middle">'
                f"{escape(labels[index][col])}</text></g>"
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"

