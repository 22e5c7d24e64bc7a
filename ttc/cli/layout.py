"""`ttc layout`: draw which thread and register hold each element of a tensor (for a shared
layout: at which offset of the buffer each element is stored).

The picture Triton's documentation draws by hand for `#ttg.blocked`, computed from the encoding's
linear layout (`ttc.layouts`). The attribute is parsed with the ttg dialect's own parser, so any
spelling `ttc opt` accepts works, including legacy `#triton_gpu.*`; `#alias` names resolve against
the alias definitions of `--layout-file` (for example a `.ttgir` file).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TypeVar

import click
from rich.console import Console
from xdsl.ir import Attribute

from ttc.cli.common import read_input, run_command
from ttc.ir.errors import TtcError, UsageError
from ttc.ir.parser import TtcParser
from ttc.outputs import write_output

T = TypeVar("T")


MAX_DRAWN_ELEMENTS = 1 << 16
"""The most cells a picture has (256x256): a drawing lists every element, so its time and memory
grow with the shape, not with the layout's bases."""


def parse_shape(text: str) -> tuple[int, ...]:
    """`"16x16"` -> (16, 16); `"1024"` -> (1024,). A shape with more elements than a picture
    can show is a usage error."""
    parts = text.strip().lower().split("x")
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        raise UsageError(f"invalid --shape '{text}': expected positive sizes such as 16x16 or 1024")
    shape = tuple(int(p) for p in parts)
    elements = 1
    for size in shape:
        elements *= size
    if elements > MAX_DRAWN_ELEMENTS:
        raise UsageError(
            f"--shape '{text}' has {elements} elements; ttc layout draws at most "
            f"{MAX_DRAWN_ELEMENTS} (for example 256x256 or 65536)"
        )
    return shape


def _parse(parser: TtcParser, parse: Callable[[], T]) -> T:
    """Run one parse step, turning xDSL's exceptions into a located `TtcError`."""
    from xdsl.utils.exceptions import ParseError

    try:
        return parse()
    except ParseError as error:
        raise parser.source.error(error.msg, error.span.start) from None
    except TtcError:
        raise
    except Exception as error:  # noqa: BLE001 - attribute verifiers raise VerifyException etc.
        message = str(error) or type(error).__name__
        raise parser.source.error(message, parser._current_token.span.start) from None


def _aliases(layout_file: str | None) -> dict[str, Attribute]:
    """The attribute aliases (`#blocked = ...`) defined in a layout file (an MLIR file)."""
    if layout_file is None:
        return {}
    from ttc.dialects.context import make_context

    text, name = read_input(layout_file)
    parser = TtcParser(make_context(allow_unregistered=True), text, name)
    _parse(parser, parser.parse_ttc_module)
    return dict(parser.attribute_aliases)


def parse_encoding(text: str, layout_file: str | None = None) -> Attribute:
    """Parse an encoding attribute such as `#ttg.blocked<{...}>` (or an alias of the file)."""
    from xdsl.utils.mlir_lexer import MLIRTokenKind

    from ttc.dialects.context import make_context

    parser = TtcParser(make_context(), text, "<attribute>")
    parser.attribute_aliases.update(_aliases(layout_file))

    def parse_all() -> Attribute:
        attribute = parser.parse_attribute()
        if parser._current_token.kind != MLIRTokenKind.EOF:
            parser.raise_error("unexpected text after the attribute")
        return attribute

    return _parse(parser, parse_all)


def _check_counts(
    layout_sizes: dict[str, int], num_warps: int | None, threads_per_warp: int
) -> None:
    lanes = layout_sizes.get("lane", 1)
    if lanes != threads_per_warp:
        raise TtcError(
            f"the layout has {lanes} threads per warp, but --threads-per-warp is {threads_per_warp}"
        )
    warps = layout_sizes.get("warp", 1)
    if num_warps is not None and warps != num_warps:
        raise TtcError(f"the layout has {warps} warps, but --num-warps is {num_warps}")


def render(
    attr: str,
    shape: Sequence[int],
    fmt: str,
    num_warps: int | None,
    threads_per_warp: int,
    layout_file: str | None,
    output: str | None,
) -> None:
    """Parse, convert and draw (to `output`, or stdout); raises `TtcError` for bad input."""
    from ttc.dialects.ttg.linear_layouts import to_linear_layout
    from ttc.layouts.render import ownership, rich_table_width, to_rich_table, to_svg, to_tsv

    encoding = parse_encoding(attr, layout_file)
    layout = to_linear_layout(encoding, shape)  # type: ignore[arg-type]
    if "offset" not in layout.in_dims:
        _check_counts(layout.in_dim_sizes, num_warps, threads_per_warp)
    table = ownership(layout)
    title = f"{'x'.join(map(str, shape))} {encoding}"
    if fmt == "table":
        grid = to_rich_table(table, title=title)
        width = rich_table_width(table)
        if output is None:
            console = Console()
            Console(width=max(console.width, width)).print(grid)
            return
        buffer = io.StringIO()
        Console(file=buffer, width=width, no_color=True).print(grid)
        write_output(output, buffer.getvalue())
        return
    write_output(output or "-", to_tsv(table) if fmt == "tsv" else to_svg(table, title=title))


@click.command("layout")
@click.argument("attr")
@click.option("--shape", required=True, help="Tensor shape, e.g. 16x16 or 1024 (1-D or 2-D).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "tsv", "svg"]),
    default="table",
    show_default=True,
    help="table: coloured terminal table; tsv: T<thread>:<register> cells, one row per line; "
    "svg: a picture coloured by warp.",
)
@click.option(
    "--num-warps", type=click.IntRange(min=1), help="Check the layout uses this many warps."
)
@click.option(
    "--threads-per-warp",
    type=click.IntRange(min=1),
    default=32,
    show_default=True,
    help="Threads per warp (thread id = warp * this + lane); the layout must agree.",
)
@click.option(
    "--layout-file",
    type=click.Path(dir_okay=False),
    help="An MLIR file whose alias definitions (#blocked = ...) ATTR may name.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here, not stdout.")
def layout(
    attr: str,
    shape: str,
    fmt: str,
    num_warps: int | None,
    threads_per_warp: int,
    layout_file: str | None,
    output: str | None,
) -> None:
    """Draw which thread and register hold each element of a tensor with layout ATTR.

    ATTR is an encoding such as '#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4],
    warpsPerCTA = [1, 2], order = [1, 0]}>', a #ttg.slice or #ttg.linear, or #NAME defined in
    --layout-file. A cell T5:2 is register 2 of thread 5 (warp * threads-per-warp + lane);
    for a shared layout (#ttg.swizzled_shared, #ttg.nvmma_shared, #ttg.shared_linear) a cell @17
    is the element's offset in the CTA's buffer;
    B<block>: prefixes it when the layout spans several CTAs. In TSV an element held by several
    threads lists them all (T0:0|T32:0); the table and the picture show the first and +N copies.
    """

    def body() -> int:
        render(attr, parse_shape(shape), fmt, num_warps, threads_per_warp, layout_file, output)
        return 0

    run_command(body)
