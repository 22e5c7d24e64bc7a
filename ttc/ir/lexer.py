"""A faster MLIR lexer, token for token the same as xDSL's `MLIRLexer`.

Mirrors MLIR's `Lexer` (`mlir/lib/AsmParser/Lexer.cpp`). xDSL's lexer dispatches on the first
character in Python and builds each token through several helper calls; it spends about a third
of all parse time. This one matches a whole token with one compiled regular expression and builds
`Token`/`Span` objects without their dataclass constructors. Its string pattern also cannot
backtrack exponentially on an unterminated string literal, as xDSL's does.
"""

from __future__ import annotations

import re

from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input, Span, Token
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind, StringLiteral

_SKIP = re.compile(r"(?:[ \t\r\n\f\v]+|//[^\n]*)*")

_TOKEN = re.compile(
    r"""
    (?P<bare>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<punct>->|\.\.\.|\{-\#|\#-\}|[:,(){}\[\]<>=+/*?|-])
  | (?P<prefixed>[%\#!^](?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*))
  | (?P<number>0x[0-9A-Fa-f]+|[0-9]+(?P<fraction>\.[0-9]*(?:[eE][+-]?[0-9]+)?)?)
  | (?P<string>"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*")
  | (?P<at>@(?:[A-Za-z_][A-Za-z0-9_$.]*|"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"))
    """,
    re.VERBOSE,
)

_PUNCTUATION = {
    "->": MLIRTokenKind.ARROW,
    "...": MLIRTokenKind.ELLIPSIS,
    "{-#": MLIRTokenKind.FILE_METADATA_BEGIN,
    "#-}": MLIRTokenKind.FILE_METADATA_END,
    ":": MLIRTokenKind.COLON,
    ",": MLIRTokenKind.COMMA,
    "(": MLIRTokenKind.L_PAREN,
    ")": MLIRTokenKind.R_PAREN,
    "{": MLIRTokenKind.L_BRACE,
    "}": MLIRTokenKind.R_BRACE,
    "[": MLIRTokenKind.L_SQUARE,
    "]": MLIRTokenKind.R_SQUARE,
    "<": MLIRTokenKind.LESS,
    ">": MLIRTokenKind.GREATER,
    "=": MLIRTokenKind.EQUAL,
    "+": MLIRTokenKind.PLUS,
    "/": MLIRTokenKind.SLASH,
    "*": MLIRTokenKind.STAR,
    "?": MLIRTokenKind.QUESTION,
    "|": MLIRTokenKind.VERTICAL_BAR,
    "-": MLIRTokenKind.MINUS,
}

_PREFIXED = {
    "%": MLIRTokenKind.PERCENT_IDENT,
    "#": MLIRTokenKind.HASH_IDENT,
    "!": MLIRTokenKind.EXCLAMATION_IDENT,
    "^": MLIRTokenKind.CARET_IDENT,
}

_new = object.__new__


class _TextSpan(Span[str]):
    """A `Span` whose text was sliced once, when it was lexed."""

    text = None  # type: ignore[assignment]  # shadows Span.text: the instance holds the value


class _TextToken(Token[MLIRTokenKind, str]):
    """A `Token` whose text was sliced once, when it was lexed."""

    text = None  # type: ignore[assignment]  # shadows Token.text: the instance holds the value


def _token(kind: MLIRTokenKind, start: int, end: int, source: Input[str]) -> Token:
    text = source.content[start:end]
    span = _new(_TextSpan)
    span.__dict__.update(start=start, end=end, input=source, text=text)
    token = _new(_TextToken)
    token.__dict__.update(kind=kind, span=span, text=text)
    return token


class FastMLIRLexer(MLIRLexer):
    """`MLIRLexer` with a single-regex `lex`."""

    def lex(self) -> Token[MLIRTokenKind, str]:
        source = self.input
        content = source.content
        pos = _SKIP.match(content, self.pos).end()
        if pos >= source.len:
            self.pos = pos + 1
            return _token(MLIRTokenKind.EOF, pos, pos + 1, source)
        match = _TOKEN.match(content, pos)
        if match is None:
            self.pos = pos + 1
            if content[pos] == '"':
                raise ParseError(
                    Span(pos, pos + 1, source), "expected '\"' to end the string literal"
                )
            raise ParseError(Span(pos, pos + 1, source), f"unexpected character '{content[pos]}'")
        end = match.end()
        self.pos = end
        group = match.lastgroup
        if group == "bare":
            return _token(MLIRTokenKind.BARE_IDENT, pos, end, source)
        if group == "punct":
            return _token(_PUNCTUATION[match.group("punct")], pos, end, source)
        if group == "prefixed":
            return _token(_PREFIXED[content[pos]], pos, end, source)
        if group in ("number", "fraction"):
            kind = MLIRTokenKind.FLOAT_LIT if match.group("fraction") else MLIRTokenKind.INTEGER_LIT
            return _token(kind, pos, end, source)
        if group == "string":
            return self._string_token(pos, end)
        return _token(MLIRTokenKind.AT_IDENT, pos, end, source)

    def _string_token(self, start: int, end: int) -> Token[MLIRTokenKind, str]:
        """STRING_LIT, or BYTES_LIT when the escapes do not spell valid UTF-8 (as xDSL)."""
        source = self.input
        if "\\" not in source.content[start:end]:
            return Token(MLIRTokenKind.STRING_LIT, StringLiteral(start, end, source))
        literal = StringLiteral(start, end, source)
        contents = literal.bytes_contents
        if contents.isascii():
            return Token(MLIRTokenKind.STRING_LIT, literal)
        try:
            contents.decode("utf-8")
        except UnicodeDecodeError:
            return Token(MLIRTokenKind.BYTES_LIT, literal)
        return Token(MLIRTokenKind.STRING_LIT, literal)
