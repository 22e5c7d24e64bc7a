"""`ttc layout`: draw which thread and register hold each element of a tensor.

The picture Triton's documentation draws by hand for `#ttg.blocked`, computed from the encoding's
linear layout (`ttc.layouts`). The attribute is parsed with the ttg dialect's own parser, so any
spelling `ttc opt` accepts works, including legacy `#triton_gpu.*`; `#alias` names resolve against
the alias definitions of `--layout-file` (for example a `.ttgir` file).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console

from ttc.ir.errors import SourceLocation, TtcError, UsageError


def parse_shape(text: str) -> tuple[int, ...]:
    """`"16x16"` -> (16, 16); `"1024"` -> (1024,)."""
    parts = text.strip().lower().split("x")
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        raise UsageError(f"invalid --shape '{text}': expected positive sizes such as 16x16 or 1024")
    return tuple(int(p) for p in parts)


def _parse_error(error: Exception, name: str, text: str) -> TtcError:
    from xdsl.utils.exceptions import ParseError

    if isinstance(error, ParseError):
        where = error.span.get_location()
        line = text.splitlines()[where.line - 1] if text.splitlines() else ""
        return TtcError(
            error.msg,
            location=SourceLocation(name, where.line, where.col),
            source_line=line,
        )
    return TtcError(str(error))


def _aliases(layout_file: str | None) -> dict[str, object]:
    """The attribute aliases (`#blocked = ...`) defined in a layout file."""
    if layout_file is None:
        return {}
    from xdsl.parser import Parser

    from ttc.ir.context import make_context

    try:
        text = Path(layout_file).read_text()
    except OSError as error:
        raise TtcError(f"cannot read {layout_file}: {error.strerror}") from error
    parser = Parser(make_context(allow_unregistered=True), text, layout_file)
    try:
        parser.parse_module(allow_implicit_module=True)
    except Exception as error:  # xDSL raises ParseError and VerifyException for bad input
        raise _parse_error(error, layout_file, text) from error
    return dict(parser.attribute_aliases)


def parse_encoding(text: str, layout_file: str | None = None) -> object:
    """Parse an encoding attribute such as `#ttg.blocked<{...}>` (or an alias of the file)."""
    from xdsl.parser import Parser
    from xdsl.utils.mlir_lexer import MLIRTokenKind

    from ttc.ir.context import make_context

    parser = Parser(make_context(), text, "<attribute>")
    parser.attribute_aliases.update(_aliases(layout_file))  # type: ignore[arg-type]
    try:
        attribute = parser.parse_attribute()
        if parser._current_token.kind != MLIRTokenKind.EOF:
            parser.raise_error("unexpected text after the attribute")
    except Exception as error:  # xDSL raises ParseError and VerifyException for bad input
        raise _parse_error(error, "<attribute>", text) from error
    return attribute


def _fail(error: TtcError) -> NoReturn:
    click.echo(str(error), err=True)
    if error.source_line is not None and error.location is not None:
        click.echo(error.source_line, err=True)
        click.echo(" " * (error.location.column - 1) + "^", err=True)
    sys.exit(error.exit_code)


def _check_counts(layout_sizes: dict[str, int], num_warps: int | None, threads_per_warp: int) -> None:
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
    """Parse, convert and draw; raises `TtcError` for bad input."""
    from ttc.layouts.from_attr import to_linear_layout
    from ttc.layouts.render import ownership, rich_table_width, to_rich_table, to_svg, to_tsv

    encoding = parse_encoding(attr, layout_file)
    layout = to_linear_layout(encoding, shape)  # type: ignore[arg-type]
    _check_counts(layout.in_dim_sizes, num_warps, threads_per_warp)
    table = ownership(layout)
    title = f"{'x'.join(map(str, shape))} {encoding}"
    if fmt == "table":
        grid = to_rich_table(table, title=title)
        if output is None:
            console = Console()
            if console.width < rich_table_width(table):
                console = Console(width=rich_table_width(table))
            console.print(grid)
            return
        try:
            with open(output, "w") as stream:
                Console(file=stream, width=rich_table_width(table), no_color=True).print(grid)
        except OSError as error:
            raise TtcError(f"cannot write {output}: {error.strerror}") from error
        return
    text = to_tsv(table) if fmt == "tsv" else to_svg(table, title=title)
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text)
    except OSError as error:
        raise TtcError(f"cannot write {output}: {error.strerror}") from error


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
@click.option("--num-warps", type=click.IntRange(min=1), help="Check the layout uses this many warps.")
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
    B<block>: prefixes it when the layout spans several CTAs. In TSV an element held by several
    threads lists them all (T0:0|T32:0); the table and the picture show the first and +N copies.
    """
    try:
        render(attr, parse_shape(shape), fmt, num_warps, threads_per_warp, layout_file, output)
    except TtcError as error:
        _fail(error)
