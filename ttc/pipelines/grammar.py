"""MLIR's textual pass-pipeline grammar, and the conversion of pass options to typed pass instances.

Two spellings reach this module:

* a pipeline, as `mlir-opt --pass-pipeline=` takes it and as `pipelines.yaml` entries are written:
  `builtin.module(canonicalize, tt.func(cse), convert-triton-to-tritongpu{num-warps=4 target=cuda:90 })`,
  or the bare comma-separated list `canonicalize, cse`;
* an option string, the text after the first `=` of a pass flag (`-tritongpu-pipeline=num-stages=3`,
  `-convert-triton-to-tritongpu='target=cuda:80 num-warps=2'`).

Options are `key=value` pairs separated by white space. A value is bare (up to white space or `}`),
quoted with `"` or `'`, or wrapped in `{...}`; a key without a value means `true`. Keys may use `-` or
`_` (AMD's RUN lines write `num_stages=2`); both name the dataclass field with `_`.

Nesting anchors (`builtin.module(...)`, `tt.func(...)`, `llvm.func(...)`, `func.func(...)`) are
recorded on each pass spec, but every ttc pass runs on the whole module: a function-anchored pass in
MLIR visits each function, which a module pass does by walking them all.

`build_pass` turns a spec into a pass instance, converting each value to its field's type (bool from
true/false/1/0, int, float, str, enums, `Literal` choices and tuples of those) and reporting unknown
passes (with close matches), unknown options and bad values as `PipelineError`.
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any

from ttc.pipelines.pass_base import TtcPass
from ttc.pipelines.registry import PASSES, get_pass

OptionValue = str | int | bool | float


class PipelineError(Exception):
    """A malformed pipeline or option string, an unknown pass, or a bad option.

    `offset` is the 0-based character offset in the text being parsed where the problem starts
    (None when it has no position, e.g. an option given as a YAML mapping).
    """

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


@dataclass(frozen=True)
class PassSpec:
    """One pass named in a pipeline: its flag, its raw options in order, and where it was written.

    `anchor` is the nesting path of op names around it (`("builtin.module", "tt.func")`), and
    `offset` the 0-based position of the pass name in the text it was parsed from.
    """

    name: str
    options: tuple[tuple[str, OptionValue], ...] = ()
    anchor: tuple[str, ...] = ()
    offset: int | None = None


_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


class _Cursor:
    """A position in a pipeline string with the few scanning helpers the grammar needs."""

    def __init__(self, text: str, base: int = 0) -> None:
        self.text = text
        self.pos = 0
        self.base = base

    def error(self, message: str, pos: int | None = None) -> PipelineError:
        return PipelineError(message, self.base + (self.pos if pos is None else pos))

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def name(self, what: str) -> str:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _NAME_CHARS:
            self.pos += 1
        if start == self.pos:
            found = repr(self.peek()) if self.peek() else "end of input"
            raise self.error(f"expected {what}, found {found}")
        return self.text[start : self.pos]


def parse_pipeline(text: str) -> list[PassSpec]:
    """Parse `builtin.module(a, b{x=1}, tt.func(c))` or `a, b{x=1}` into pass specs, in order."""
    cursor = _Cursor(text)
    return _parse_elements(cursor, (), closing="")


def _parse_elements(cursor: _Cursor, anchor: tuple[str, ...], closing: str) -> list[PassSpec]:
    specs: list[PassSpec] = []
    cursor.skip_space()
    if cursor.at_end() or cursor.peek() == closing:
        return specs
    while True:
        cursor.skip_space()
        start = cursor.pos
        name = cursor.name("a pass or op name")
        cursor.skip_space()
        if cursor.peek() == "(":
            cursor.pos += 1
            specs.extend(_parse_elements(cursor, (*anchor, name), closing=")"))
            cursor.skip_space()
            if cursor.peek() != ")":
                found = repr(cursor.peek()) if cursor.peek() else "end of input"
                raise cursor.error(f"expected ')' to close '{name}(', found {found}")
            cursor.pos += 1
        else:
            options: tuple[tuple[str, OptionValue], ...] = ()
            if cursor.peek() == "{":
                close = _matching_brace(cursor.text, cursor.pos)
                if close is None:
                    raise cursor.error(f"unterminated '{{' in the options of '{name}'")
                body = cursor.text[cursor.pos + 1 : close]
                options = parse_options(body, base=cursor.base + cursor.pos + 1)
                cursor.pos = close + 1
            specs.append(PassSpec(name, options, anchor, cursor.base + start))
        cursor.skip_space()
        if cursor.peek() == ",":
            cursor.pos += 1
            continue
        if cursor.at_end() or cursor.peek() == closing:
            return specs
        raise cursor.error(f"expected ',' or {repr(closing) if closing else 'end of input'}"
                           f" after '{name}', found {cursor.peek()!r}")


def _matching_brace(text: str, open_pos: int) -> int | None:
    """The index of the `}` closing the `{` at `open_pos`, skipping quoted text; None if none."""
    depth = 0
    pos = open_pos
    while pos < len(text):
        char = text[pos]
        if char in "\"'":
            end = text.find(char, pos + 1)
            if end < 0:
                return None
            pos = end
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return pos
        pos += 1
    return None


def parse_options(text: str, base: int = 0) -> tuple[tuple[str, OptionValue], ...]:
    """Parse `a=1 b="x y" c={...} flag` into ((key, value), ...); a bare key means `true`."""
    cursor = _Cursor(text, base)
    options: list[tuple[str, OptionValue]] = []
    while True:
        cursor.skip_space()
        if cursor.at_end():
            return tuple(options)
        key_start = cursor.pos
        key = cursor.name("an option name")
        if cursor.peek() != "=":
            if cursor.at_end() or cursor.peek().isspace():
                options.append((key, "true"))
                continue
            raise cursor.error(f"expected '=' after option '{key}', found {cursor.peek()!r}")
        cursor.pos += 1
        options.append((key, _parse_value(cursor, key, key_start)))


def _parse_value(cursor: _Cursor, key: str, key_start: int) -> str:
    char = cursor.peek()
    if char in ("\"", "'"):
        end = cursor.text.find(char, cursor.pos + 1)
        if end < 0:
            raise cursor.error(f"unterminated quoted value of option '{key}'", key_start)
        value = cursor.text[cursor.pos + 1 : end]
        cursor.pos = end + 1
        return value
    if char == "{":
        close = _matching_brace(cursor.text, cursor.pos)
        if close is None:
            raise cursor.error(f"unterminated '{{' in the value of option '{key}'", key_start)
        value = cursor.text[cursor.pos + 1 : close]
        cursor.pos = close + 1
        return value
    start = cursor.pos
    while not cursor.at_end() and not cursor.peek().isspace():
        cursor.pos += 1
    if start == cursor.pos:
        raise cursor.error(f"missing value for option '{key}'", key_start)
    return cursor.text[start : cursor.pos]


def close_matches(name: str, choices: typing.Iterable[str]) -> list[str]:
    """Up to three names from `choices` that look like `name`, best first."""
    return difflib.get_close_matches(name, list(choices), n=3, cutoff=0.6)


def unknown_pass_message(name: str) -> str:
    """`unknown pass 'x'`, with close matches when there are some."""
    message = f"unknown pass '{name}'"
    matches = close_matches(name, PASSES)
    if matches:
        message += "; did you mean " + " or ".join(f"'{m}'" for m in matches) + "?"
    else:
        message += " (`ttc list passes` lists them)"
    return message


@cache
def option_fields(pass_cls: type[TtcPass]) -> dict[str, tuple[dataclasses.Field[Any], Any]]:
    """The pass's options: field name -> (field, resolved type), in declaration order (resolved
    once per class: every compile builds its passes from their specs)."""
    hints = typing.get_type_hints(pass_cls)
    return {
        f.name: (f, hints[f.name]) for f in dataclasses.fields(pass_cls) if f.init
    }


def option_default(field: dataclasses.Field[Any]) -> Any:
    """The default of an option field, or `dataclasses.MISSING`."""
    if field.default is not dataclasses.MISSING:
        return field.default
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return dataclasses.MISSING


def type_name(tp: Any) -> str:
    """How `ttc list passes` and error messages spell an option type."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return " | ".join(type_name(a) for a in args)
    if origin is typing.Literal:
        return "|".join(str(a) for a in typing.get_args(tp))
    if origin is tuple:
        return f"list of {type_name(typing.get_args(tp)[0])}"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "|".join(str(m.value) for m in tp)
    return getattr(tp, "__name__", str(tp))


_TRUE = frozenset({"true", "1", "on", "yes"})
_FALSE = frozenset({"false", "0", "off", "no"})


def convert_value(value: OptionValue, tp: Any) -> Any:
    """Convert a raw option value to type `tp`; raise ValueError with what was expected."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arg in typing.get_args(tp):
            if arg is type(None):
                continue
            try:
                return convert_value(value, arg)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(" or ".join(errors))
    if origin is typing.Literal:
        for choice in typing.get_args(tp):
            if str(choice) == str(value):
                return choice
        raise ValueError("one of " + ", ".join(str(c) for c in typing.get_args(tp)))
    if origin is tuple:
        element = typing.get_args(tp)[0]
        items = value.split(",") if isinstance(value, str) else [value]
        return tuple(convert_value(item.strip() if isinstance(item, str) else item, element)
                     for item in items if item != "")
    if tp is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ValueError("true, false, 1 or 0")
    if tp is int:
        if isinstance(value, bool):
            raise ValueError("an integer")
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip(), 0)
        except ValueError:
            try:
                return int(str(value).strip(), 10)
            except ValueError:
                raise ValueError("an integer") from None
    if tp is float:
        if isinstance(value, bool):
            raise ValueError("a number")
        try:
            return float(value)
        except ValueError:
            raise ValueError("a number") from None
    if tp is str:
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        for member in tp:
            if str(value) in (str(member.value), member.name):
                return member
        raise ValueError("one of " + ", ".join(str(m.value) for m in tp))
    raise ValueError(f"a value of unsupported type {tp!r}")


def build_pass(spec: PassSpec) -> TtcPass:
    """Instantiate the pass `spec` names with its options converted to the fields' types."""
    pass_cls = get_pass(spec.name)
    if pass_cls is None:
        raise PipelineError(unknown_pass_message(spec.name), spec.offset)
    fields = option_fields(pass_cls)
    values: dict[str, Any] = {}
    for key, raw in spec.options:
        field_name = key.replace("-", "_")
        if field_name not in fields:
            spelled = [f.replace("_", "-") for f in fields]
            known = ", ".join(spelled) if spelled else "none"
            hint = close_matches(key.replace("_", "-"), spelled)
            suggestion = f"; did you mean '{hint[0]}'?" if hint else f" (its options: {known})"
            raise PipelineError(
                f"pass '{spec.name}' has no option '{key}'{suggestion}", spec.offset
            )
        _, tp = fields[field_name]
        try:
            values[field_name] = convert_value(raw, tp)
        except ValueError as error:
            raise PipelineError(
                f"invalid value '{raw}' for option '{key}' of pass '{spec.name}': "
                f"expected {error}",
                spec.offset,
            ) from None
    missing = [
        name.replace("_", "-")
        for name, (f, _) in fields.items()
        if name not in values and option_default(f) is dataclasses.MISSING
    ]
    if missing:
        raise PipelineError(
            f"pass '{spec.name}' needs option(s) {', '.join(missing)}", spec.offset
        )
    return pass_cls(**values)


def pass_to_string(instance: TtcPass) -> str:
    """The pipeline spelling of a pass instance: `name{opt=value ...}` for non-default options."""
    parts = []
    for name, (f, _) in option_fields(type(instance)).items():
        value = getattr(instance, name)
        if value == option_default(f):
            continue
        parts.append(f"{name.replace('_', '-')}={_format_value(value)}")
    return instance.name + ("{" + " ".join(parts) + "}" if parts else "")


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(_format_value(v) for v in value)
    text = str(value)
    return f"\"{text}\"" if any(c.isspace() for c in text) else text
