"""Parse MLIR text (Triton's `.ttir`/`.ttgir`, lit inputs) into an xDSL module.

Mirrors MLIR's `OperationParser` where xDSL's parser differs:

- `#locN = loc(...)` aliases may be defined after their first use (every Triton dump defines
  them after the module): their definitions are found by a pre-scan and parsed on first use;
- an op or block argument written without `loc(...)` gets its own position as a
  `FileLineColLoc(file, line, col)` (the op name's token, the argument's `%name`), as MLIR's
  parser does, so that verifier errors can point at it;
- `fused<metadata>[...]` locations, and `dense<0x...>` float splats read as bit patterns;
- loop arguments printed without locations get back the names they were printed with (see
  `TtcParser._recover_argument_names`), so Triton's dumps print back byte for byte;
- an alias defined twice is "redefinition of attribute alias id" at the second definition;
- regions nest at most `MAX_REGION_DEPTH` levels, types and attributes `MAX_ATTRIBUTE_DEPTH`;
  deeper input is a located error;
- every failure is a `TtcError` at `file:line:col` of the offending token with that line's
  text, with MLIR's wording where it is cheap to match; errors raised by dialect parse code
  without a location get the current token's.

Speed (about 5x xDSL's parser on Triton IR): a single-regex lexer (`ttc.ir.lexer`), types and
simple attributes spelled as before reused instead of re-parsed, `loc(#alias)` read directly,
and no cyclic garbage collection while parsing.
"""

from __future__ import annotations

import bisect
import gc
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from math import prod
from typing import Protocol, runtime_checkable

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    FusedLoc,
    IndexType,
    IntAttr,
    IntegerType,
    ModuleOp,
    NameLoc,
    NoneAttr,
    StringAttr,
    TensorType,
    VectorType,
)
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Operation,
    Region,
    SSAValue,
    TypeAttribute,
)
from xdsl.parser import AttrParser, Parser
from xdsl.parser.core import UnresolvedOperand
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Input, Span
from xdsl.utils.mlir_lexer import (
    KIND_BY_PUNCTUATION_SPELLING,
    MLIRTokenKind,
    PunctuationSpelling,
)

from ttc.ir.errors import Note, SourceLocation, TtcError
from ttc.ir.lexer import FastMLIRLexer
from ttc.ir.locations import LOCATION_CLASSES
from ttc.ir.parse_errors import DialectParseError

_ALIAS_DEF = re.compile(r"^([#!][A-Za-z_][\w$.\-]*)[ \t]*=", re.MULTILINE)
_DEFAULT_VALUE_NAME = re.compile(r"arg[0-9]+|[0-9]+")
_UNIQUED_NAME = re.compile(r"(.+)_[0-9]+")
_SUFFIX_ONLY = re.compile(r"(_[0-9]+)*")
"""A name hint that xDSL empties as it copies the hint on (each copy drops a `_<digits>` suffix)."""
_OP_NAME = re.compile(r"[A-Za-z_][\w$.\-]*")
_ANGLE_SCAN = re.compile(r'->|[<>"\n]')
_SKIP = re.compile(r"(?:[ \t\r\n\f\v]+|//[^\n]*)*")
_SCALAR_ATTR = re.compile(r"-?[0-9]+ : (?:[isu]?i[0-9]+|index)(?![A-Za-z0-9_$.])")
_LOC_ALIAS = re.compile(r"loc\((#[A-Za-z_$.-][A-Za-z0-9_$.-]*)\)")
_SPLAT = re.compile(r"dense<[ \t]*(0x[0-9A-Fa-f]+|-?[0-9]+(\.[0-9]*(?:[eE][-+]?[0-9]+)?)?|true|false)"
                    r"[ \t]*>[ \t]*:[ \t]*")
_COLON = re.compile(r"[ \t]*:[ \t]*")
_TYPE_NAME = re.compile(r"!?[A-Za-z_][A-Za-z0-9_$.]*")
_OP_NAME_TOKENS = (MLIRTokenKind.BARE_IDENT, MLIRTokenKind.STRING_LIT)

# Regions nested deeper than this are rejected with a located error. Every later stage (verifier,
# printer, passes, lowering) recurses once or more per level; `ttc.cli.common` runs commands on a
# stack sized so that this depth is safe everywhere.
MAX_REGION_DEPTH = 512
# Types and attributes nested inside one another (`[[...]]`, `!tt.ptr<!tt.ptr<...>>`): real IR
# nests a few levels; deeper input is a located error rather than a slow deep recursion.
MAX_ATTRIBUTE_DEPTH = 256


class SourceMap:
    """Offsets of one buffer mapped to MLIR's 1-based `line:col`."""

    def __init__(self, text: str, filename: str) -> None:
        self.text = text
        self.filename = filename
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._line_starts, offset) - 1
        return line + 1, offset - self._line_starts[line] + 1

    def location(self, offset: int) -> SourceLocation:
        line, col = self.line_col(offset)
        return SourceLocation(self.filename, line, col)

    def line_text(self, offset: int) -> str:
        line, _ = self.line_col(offset)
        start = self._line_starts[line - 1]
        end = self.text.find("\n", start)
        return self.text[start : end if end >= 0 else len(self.text)]

    def error(self, message: str, offset: int) -> TtcError:
        offset = max(0, min(offset, len(self.text)))
        return TtcError(message, self.location(offset), self.line_text(offset))

    def file_loc(self, offset: int) -> FileLineColLoc:
        line, col = self.line_col(offset)
        return FileLineColLoc(StringAttr(self.filename), IntAttr(line), IntAttr(col))


class TtcParser(Parser):
    """xDSL's parser with MLIR's location rules and forward `#loc` aliases."""

    def __init__(self, ctx: Context, text: str, filename: str) -> None:
        AttrParser.__init__(self, ParserState(FastMLIRLexer(Input(text, filename))), ctx)
        self.ssa_values = {}
        self.blocks = {}
        self.forward_block_references = defaultdict(list)
        self.forward_ssa_references = {}
        self.source = SourceMap(text, filename)
        self._pending_aliases: dict[str, int] = {}
        self._alias_def_starts: dict[str, int] = {}
        for match in _ALIAS_DEF.finditer(text):
            self._pending_aliases.setdefault(match.group(1), match.end())
            self._alias_def_starts.setdefault(match.group(1), match.start(1))
        self._alias_ends: dict[str, int] = {}
        self._resolving: set[str] = set()
        self._after_loc = -1
        self._forward_uses: dict[str, Span] = {}
        self._definitions: dict[SSAValue, Span] = {}
        self._custom_op_name = True
        self._op_names: list[int] = []
        self._unlocated_args: dict[BlockArgument, str] = {}
        self._type_cache: dict[str, TypeAttribute] = {}
        self._region_depth = 0
        self._attribute_depth = 0
        self._attr_cache: dict[str, Attribute] = {}

    # -- aliases -----------------------------------------------------------------------------

    def _parse_extended_type_or_attribute(self, attr_or_dialect_name: str, is_type: bool):  # type: ignore[override]
        if "." not in attr_or_dialect_name and self._current_token.kind != MLIRTokenKind.LESS:
            alias = ("!" if is_type else "#") + attr_or_dialect_name
            if alias not in self.attribute_aliases:
                if alias not in self._pending_aliases or alias in self._resolving:
                    at = self.source.text.rfind(alias, 0, self._current_token.span.start)
                    self.raise_error(
                        f"undefined symbol alias id '{attr_or_dialect_name}'",
                        at if at >= 0 else None,
                    )
                self._define_forward_alias(alias)
        return super()._parse_extended_type_or_attribute(attr_or_dialect_name, is_type)  # type: ignore[call-overload]

    def _define_forward_alias(self, alias: str) -> None:
        """Parse the definition of `alias` found by the pre-scan, then come back."""
        saved_state = self._parser_state.current_token
        saved_pos = self.lexer.pos
        self._resolving.add(alias)
        try:
            self._resume_from(self._pending_aliases[alias])
            value = self.parse_type() if alias[0] == "!" else self.parse_attribute()
            self.attribute_aliases[alias] = value
            self._alias_ends[alias] = self._current_token.span.start
        finally:
            self._resolving.discard(alias)
            self.lexer.pos = saved_pos
            self._parser_state.current_token = saved_state

    def _parse_alias_def(self) -> None:
        """A top-level alias definition; only the first definition of a name is one (MLIR)."""
        token = self._current_token
        name = token.text
        first_start = self._alias_def_starts.get(name, token.span.start)
        if first_start != token.span.start or (name in self.attribute_aliases and name not in self._alias_ends):
            kind = "type" if name[0] == "!" else "attribute"
            self.raise_error(f"redefinition of {kind} alias id '{name[1:]}'", token.span)
        end = self._alias_ends.get(name)
        if end is None:
            super()._parse_alias_def()
            return
        self._resume_from(end)

    # -- tokens ------------------------------------------------------------------------------

    def _consume_token(self, expected_kind: MLIRTokenKind | None = None):  # type: ignore[override]
        state = self._parser_state
        token = state.current_token
        state.current_token = state.lexer.lex()
        return token

    def _parse_optional_token(self, expected_kind: MLIRTokenKind):  # type: ignore[override]
        state = self._parser_state
        token = state.current_token
        if token.kind is expected_kind:
            state.current_token = state.lexer.lex()
            return token
        return None

    def parse_optional_punctuation(self, punctuation: PunctuationSpelling) -> PunctuationSpelling | None:
        if self._current_token.kind is KIND_BY_PUNCTUATION_SPELLING[punctuation]:
            self._consume_token()
            return punctuation
        return None

    def parse_punctuation(self, punctuation: PunctuationSpelling, context_msg: str = "") -> PunctuationSpelling:
        if self._current_token.kind is KIND_BY_PUNCTUATION_SPELLING[punctuation]:
            self._consume_token()
            return punctuation
        self.raise_error(f"expected '{punctuation}'{context_msg}")

    # -- types -------------------------------------------------------------------------------

    def parse_optional_type(self):  # type: ignore[override]
        """xDSL's, but a type spelled exactly as before is not parsed (or verified) again.

        Triton's IR repeats the same few tensor and pointer types on every line; types are
        immutable and aliases cannot change meaning within a buffer, so the text of a
        `name<...>` type maps to one attribute.
        """
        if self._attribute_depth >= MAX_ATTRIBUTE_DEPTH:
            self._too_deep_attribute()
        self._attribute_depth += 1
        try:
            return self._parse_optional_type_cached()
        finally:
            self._attribute_depth -= 1

    def _too_deep_attribute(self) -> None:
        self.raise_error(f"types and attributes are nested more than {MAX_ATTRIBUTE_DEPTH} levels "
                         "deep, which is ttc's limit")

    def _parse_optional_type_cached(self):  # type: ignore[no-untyped-def]
        token = self._current_token
        if token.kind is not MLIRTokenKind.BARE_IDENT and token.kind is not MLIRTokenKind.EXCLAMATION_IDENT:
            return super().parse_optional_type()
        content = self.source.text
        start = token.span.start
        close = _matching_angle(content, token.span.end)
        if close < 0:
            return super().parse_optional_type()
        key = content[start:close]
        cached = self._type_cache.get(key)
        if cached is not None:
            self._resume_from(close)
            return cached
        parsed = super().parse_optional_type()
        if parsed is not None and self._current_token.span.start == _SKIP.match(content, close).end():
            self._type_cache[key] = parsed
        return parsed

    def parse_optional_attribute(self):  # type: ignore[override]
        """xDSL's, but `dense<...> : type`, `array<...>` and `16 : i32` spelled as before are
        reused rather than parsed and verified again."""
        if self._attribute_depth >= MAX_ATTRIBUTE_DEPTH:
            self._too_deep_attribute()
        self._attribute_depth += 1
        try:
            return self._parse_optional_attribute_cached()
        finally:
            self._attribute_depth -= 1

    def _parse_optional_attribute_cached(self):  # type: ignore[no-untyped-def]
        token = self._current_token
        content = self.source.text
        kind = token.kind
        if kind is MLIRTokenKind.INTEGER_LIT or kind is MLIRTokenKind.MINUS:
            scalar = _SCALAR_ATTR.match(content, token.span.start)
            end = scalar.end() if scalar is not None else -1
        elif kind is MLIRTokenKind.BARE_IDENT and token.text in ("dense", "array"):
            end = _matching_angle(content, token.span.end)
            if end >= 0 and token.text == "dense":
                colon = _COLON.match(content, end)
                end = _type_end(content, colon.end()) if colon is not None else -1
        else:
            return super().parse_optional_attribute()
        if end < 0:
            return super().parse_optional_attribute()
        key = content[token.span.start : end]
        cached = self._attr_cache.get(key)
        if cached is not None:
            self._resume_from(end)
            return cached
        parsed = self._parse_splat() or super().parse_optional_attribute()
        if parsed is not None and self._current_token.span.start == _SKIP.match(content, end).end():
            self._attr_cache[key] = parsed
        return parsed

    def _parse_splat(self) -> DenseIntOrFPElementsAttr | None:
        """`dense<V> : type` with one literal V, built from one packed element repeated, not
        from a list of every element as xDSL's parser builds it (a 1024-element splat is common
        in TTIR). A hexadecimal literal is the element's bits, as MLIR reads it for floats. Any
        other spelling, or a value that does not fit, is left to xDSL's parser (None)."""
        start = self._current_token.span.start
        literal = _SPLAT.match(self.source.text, start)
        if literal is None:
            return None
        self._resume_from(literal.end())
        shaped = self.parse_type()
        element = shaped.get_element_type() if isinstance(shaped, TensorType | VectorType) else None
        text, is_float_literal = literal.group(1), literal.group(2) is not None
        packed = None
        if isinstance(element, AnyFloat) and text.startswith("0x"):
            bits, width = int(text, 16), element.bitwidth
            if bits >> width:
                self.raise_error(f"hexadecimal float literal does not fit in {element}", start)
            packed = bits.to_bytes(width // 8, "little")
        elif isinstance(element, AnyFloat) and is_float_literal:
            packed = element.pack([float(text)])
        elif isinstance(element, IntegerType | IndexType) and not is_float_literal:
            value = {"true": 1, "false": 0}.get(text)
            if value is None:
                value = int(text, 16) if text.startswith("0x") else int(text)
            if not isinstance(element, IntegerType) or element.normalized_value(value) is not None:
                packed = DenseIntOrFPElementsAttr.from_list(
                    TensorType(element, [1]), [value]).data.data
        if packed is None:
            self._resume_from(start)
            return None
        return DenseIntOrFPElementsAttr(shaped, BytesAttr(packed * prod(shaped.get_shape())))

    # -- locations ---------------------------------------------------------------------------

    def parse_optional_location(self):  # type: ignore[override]
        token = self._current_token
        if token.kind is not MLIRTokenKind.BARE_IDENT or token.text != "loc":
            return None
        by_alias = _LOC_ALIAS.match(self.source.text, token.span.start)
        if by_alias is not None:
            alias = by_alias.group(1)
            if (alias not in self.attribute_aliases and alias in self._pending_aliases
                    and alias not in self._resolving):
                self._define_forward_alias(alias)
            loc = self.attribute_aliases.get(alias)
            if isinstance(loc, LOCATION_CLASSES):
                self._resume_from(by_alias.end())
                self._after_loc = self._current_token.span.start
                return loc
        loc = super().parse_optional_location()
        if loc is not None:
            self._after_loc = self._current_token.span.start
        return loc

    def _parse_location(self):  # type: ignore[override]
        if self._current_token.kind == MLIRTokenKind.BARE_IDENT and self._current_token.text == "fused":
            self._consume_token()
            metadata: Attribute = NoneAttr()
            if self.parse_optional_punctuation("<") is not None:
                metadata = self.parse_attribute()
                self.parse_punctuation(">")
            locs = self.parse_comma_separated_list(self.Delimiter.SQUARE, self._parse_location)
            return FusedLoc(tuple(locs), metadata)
        if self._current_token.kind == MLIRTokenKind.HASH_IDENT:
            at = self._current_token.span.start
            loc = self.parse_attribute()
            if not isinstance(loc, LOCATION_CLASSES):
                self.raise_error("expected location attribute", at)
            return loc
        return super()._parse_location()

    # -- operations --------------------------------------------------------------------------

    def parse_operation(self) -> Operation:
        self._op_names.append(-1)
        try:
            op = super().parse_operation()
        except VerifyException as err:
            # A declarative assembly format checks operand and result types as it reads them:
            # report a violated constraint at the op, in the wording of MLIR's verifier.
            at = self._op_names[-1]
            name = _OP_NAME.match(self.source.text, at)
            self.raise_error(f"'{name.group(0) if name else 'op'}' op {err}", at)
        finally:
            name_pos = self._op_names.pop()
        explicit = self._after_loc == self._current_token.span.start
        if not explicit:
            op.location = self.source.file_loc(name_pos)
        if self._unlocated_args:
            self._recover_argument_names(op, named=explicit)
        return op

    def _recover_argument_names(self, op: Operation, *, named: bool) -> None:
        """Give region arguments their printed names back when `op` came with a location.

        MLIR's custom printers for loops (`scf.for`) print no locations for region arguments, so
        a dump made with `--mlir-print-debuginfo` shows an argument's `NameLoc` only as its name
        (`%acc_67`, `_67` from uniquing). When `op` has a location but none of a region's
        arguments has one, each argument's `NameLoc` is rebuilt around its position from the
        name it was written with, so the module prints back as it was written. Default names
        (`%arg3`, `%5`) stay unnamed.
        """
        for region in op.regions:
            entry = region.blocks.first
            if entry is None:
                continue
            written = [self._unlocated_args.pop(arg, None) for arg in entry.args]
            if not named or None in written:
                continue
            for arg, name in zip(entry.args, written):
                assert name is not None
                if _DEFAULT_VALUE_NAME.fullmatch(name):
                    continue
                base = _UNIQUED_NAME.fullmatch(name)
                if base is not None and base.group(1) in self.ssa_values:
                    name = base.group(1)
                arg.location = NameLoc(StringAttr(name), arg.location)

    def _parse_op_result_list(self) -> list[tuple[Span, int]]:
        results = super()._parse_op_result_list()
        token = self._current_token
        self._op_names[-1] = token.span.start
        self._custom_op_name = token.kind == MLIRTokenKind.BARE_IDENT
        return results

    def _get_op_by_name(self, name: str) -> type[Operation]:
        at = self._op_names[-1] if self._op_names else self._current_token.span.start
        try:
            op_type = self.ctx.get_optional_op(name, dialect_stack=self._parser_state.dialect_stack)
        except TtcError as err:
            if err.location is None:
                err.location = self.source.location(at)
                err.source_line = self.source.line_text(at)
            raise
        if op_type is not None:
            return op_type
        if self._custom_op_name:
            self.raise_error(f"custom op '{name}' is unknown", at)
        self.raise_error(
            f"operation '{name}' is unknown (use --allow-unregistered-dialect to accept it)", at
        )

    # -- block arguments ---------------------------------------------------------------------

    def _parse_optional_block_arg_list(self, block: Block):  # type: ignore[override]
        if self._current_token.kind != MLIRTokenKind.L_PAREN:
            return None

        def parse_argument() -> None:
            name = self._parse_token(MLIRTokenKind.PERCENT_IDENT, "expected SSA operand").span
            self.parse_punctuation(":")
            arg_type = self.parse_attribute()
            location = self.parse_optional_location() or self.source.file_loc(name.start)
            arg = block.insert_arg(arg_type, len(block.args), location)
            self._register_ssa_definition(name.text[1:], (arg,), name)

        self.parse_comma_separated_list(self.Delimiter.PAREN, parse_argument)
        return block

    def parse_optional_region(self, arguments: Iterable[Parser.Argument] | None = None) -> Region | None:
        if self._current_token.kind != MLIRTokenKind.L_BRACE:
            return None
        if self._region_depth >= MAX_REGION_DEPTH:
            self.raise_error(f"regions are nested more than {MAX_REGION_DEPTH} levels deep, "
                             "which is ttc's limit")
        args = list(arguments) if arguments is not None else None
        self._region_depth += 1
        try:
            region = super().parse_optional_region(args)
        finally:
            self._region_depth -= 1
        if region is not None and args is not None and region.blocks.first is not None:
            for block_arg, arg in zip(region.blocks.first.args, args):
                if arg.location is None:
                    block_arg.location = self.source.file_loc(arg.name.start)
                    self._unlocated_args[block_arg] = arg.name.text[1:]
        return region

    # -- values ------------------------------------------------------------------------------

    def resolve_operand(self, operand: UnresolvedOperand, type: Attribute) -> SSAValue:  # type: ignore[override]
        name = operand.operand_name
        if name not in self.ssa_values:
            self._forward_uses.setdefault(name, operand.span)
        value = self.ssa_values.get(name)
        if value is not None and operand.index < len(value) and value[operand.index].type != type:
            prior = value[operand.index]
            error = self.source.error(
                f"use of value '%{name}' expects different type than prior uses: "
                f"'{type}' vs '{prior.type}'",
                operand.span.start,
            )
            error.notes.append(Note("prior use here", self._prior_use(name, prior)))
            raise error
        return super().resolve_operand(operand, type)

    def _prior_use(self, name: str, value: SSAValue) -> SourceLocation | None:
        """Where MLIR's "prior use here" note points: the value's definition, or for a value not
        yet defined, its first use."""
        span = self._definitions.get(value) or self._forward_uses.get(name)
        return self.source.location(span.start) if span is not None else None

    def _register_ssa_definition(  # type: ignore[override]
        self, name: str, values: Sequence[SSAValue], span: Span
    ) -> None:
        super()._register_ssa_definition(name, values, span)
        for value in values:
            self._definitions[value] = span
            if value.name_hint is not None and _SUFFIX_ONLY.fullmatch(value.name_hint):
                # xDSL keeps a name without its `_<digits>` suffix: `%_0` (Triton's frontend names
                # values `_0`) keeps "" and `%_0_1` keeps `_0`, which becomes "" when xDSL carries
                # it to a replacing value and then fails there. Such a value gets no hint.
                value.name_hint = None

    def parse_ttc_module(self) -> ModuleOp:
        """The module in the buffer: its only top-level `module`, or an implicit one."""
        ops: list[Operation] = []
        while self._current_token.kind != MLIRTokenKind.EOF:
            kind = self._current_token.kind
            if kind in (MLIRTokenKind.HASH_IDENT, MLIRTokenKind.EXCLAMATION_IDENT):
                self._parse_alias_def()
                continue
            if kind == MLIRTokenKind.FILE_METADATA_BEGIN:
                self._parse_file_metadata_dictionary()
                continue
            if kind not in (MLIRTokenKind.PERCENT_IDENT, *_OP_NAME_TOKENS):
                self.raise_error("expected operation name")
            ops.append(self.parse_operation())
        if self.forward_ssa_references:
            name = next(iter(self.forward_ssa_references))
            span = self._forward_uses.get(name)
            self.raise_error(f"use of undeclared SSA value name '%{name}'", span)
        if len(ops) == 1 and isinstance(ops[0], ModuleOp):
            return ops[0]
        module = ModuleOp(ops)
        module.location = self.source.file_loc(0)
        return module


def _matching_angle(content: str, at: int) -> int:
    """The offset just past the `>` closing the `<` at `at`; -1 if none is at `at`, or the
    bracket holds a string, an arrow or a line break, or nests deeper than types may (such text
    is left to the full parser)."""
    if not content.startswith("<", at):
        return -1
    depth = 0
    for match in _ANGLE_SCAN.finditer(content, at):
        char = match.group()
        if char == "<":
            depth += 1
            if depth > MAX_ATTRIBUTE_DEPTH:
                return -1
        elif char == ">":
            depth -= 1
            if depth == 0:
                return match.end()
        else:
            return -1
    return -1


def _type_end(content: str, at: int) -> int:
    """The offset just past a `name` or `name<...>` type starting at `at`; -1 if none."""
    name = _TYPE_NAME.match(content, at)
    if name is None:
        return -1
    if content.startswith("<", name.end()):
        return _matching_angle(content, name.end())
    return name.end()


@runtime_checkable
class ModernizingContext(Protocol):
    """A context that brings a parsed module up to today's spelling where the names it resolves
    cannot (`ttc.dialects.context.TtcContext`: module attributes older Triton releases wrote)."""

    def modernize(self, module: ModuleOp) -> None: ...


def parse_module(text: str, filename: str = "<stdin>", *, ctx: Context) -> ModuleOp:
    """Parse one MLIR buffer with the dialects of `ctx` (`ttc.dialects.context.make_context`
    registers all of ttc's); every error is a located `TtcError`."""
    try:
        parser = TtcParser(ctx, text, filename)
    except ParseError as err:
        raise _from_parse_error(SourceMap(text, filename), err) from None
    collecting = gc.isenabled()
    gc.disable()  # the parse allocates only live objects: collections would find no garbage
    try:
        module = parser.parse_ttc_module()
    except ParseError as err:
        raise _from_parse_error(parser.source, err) from None
    except TtcError as err:
        if err.location is None:
            offset = parser._current_token.span.start
            err.location = parser.source.location(offset)
            err.source_line = parser.source.line_text(offset)
        raise
    except RecursionError:
        raise parser.source.error("the input is nested too deeply to parse (types, attributes or "
                                  "locations inside one another)",
                                  parser._current_token.span.start) from None
    except Exception as err:  # noqa: BLE001 (dialect code failing on malformed input: report, never trace)
        message = str(err) or type(err).__name__
        raise parser.source.error(message, parser._current_token.span.start) from None
    finally:
        if collecting:
            gc.enable()
    if isinstance(ctx, ModernizingContext):
        ctx.modernize(module)
    return module


def _from_parse_error(source: SourceMap, err: ParseError) -> TtcError:
    message = err.msg
    if message == " in block definition":
        at_end = err.span.start >= len(source.text.rstrip())
        message = "unexpected end of file: expected '}'" if at_end else "expected '}' or a block label"
    if not isinstance(err, DialectParseError):
        message = _mlir_wording(message)
    return source.error(message, err.span.start)


_REWORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^Expected (.+?)(?: here)?[.!]?$"), r"expected \1"),
    (re.compile(r"^'(.)' expected(.*)$"), r"expected '\1'\2"),
    (re.compile(r"^SSA value %(\S+) is already defined$"), r"redefinition of SSA value '%\1'"),
)


def _mlir_wording(message: str) -> str:
    """xDSL's messages in MLIR's style (`expected ':'`), where a rule covers them."""
    for pattern, replacement in _REWORDS:
        if pattern.match(message):
            return pattern.sub(replacement, message)
    return message
