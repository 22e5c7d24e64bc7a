"""The parse error a dialect's own attribute or type parser raises, worded as Triton words it.

An xDSL `ParseError` (so xDSL's parser unwinds it like its own) that `ttc.ir.parser` reports
verbatim, where it rewords xDSL's generic parser messages the way MLIR prints them.
"""

from __future__ import annotations

from xdsl.utils.exceptions import ParseError


class DialectParseError(ParseError):
    """A parse error worded by a dialect's own parser (as Triton words it), reported verbatim
    rather than reworded like xDSL's generic parser messages."""
