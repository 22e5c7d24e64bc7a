"""How the tests parse MLIR text: `ttc.ir.parser.parse_module` in a fresh context that registers
every ttc dialect (`ttc.dialects.context.make_context`), unless the test passes its own."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttc.dialects.context import make_context
from ttc.ir import parser


def parse_module(text: str, filename: str = "<stdin>", *, ctx: Context | None = None,
                 allow_unregistered: bool = False) -> ModuleOp:
    """Parse one buffer as `ttc opt` does; errors are located `TtcError`s."""
    return parser.parse_module(text, filename, ctx=ctx or make_context(allow_unregistered))
