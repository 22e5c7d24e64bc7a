"""MLIR-style diagnostics: rendering, the API passes use to emit them, and the handler stack.

A diagnostic prints as MLIR's SourceMgr handler prints it:

    add.mlir:3:8: error: 'tt.splat' op result type mismatch
      %0 = tt.splat %x : i32 -> tensor<4xi64>
           ^
    add.mlir:2:3: note: defined here

coloured with rich when stderr is a terminal (and `NO_COLOR` is unset), plain text otherwise.

Passes report through four functions, each located at an op (at `op.location`, the
`loc("file":line:col)` the parser attached or the input wrote; name and call-site locations are
unwrapped to the file position inside them):

* `emit_remark(op, message)` and `emit_warning(op, message)`: informational; the pass goes on.
* `emit_error(op, message, notes=...)`: reports an error; the runner marks the pass as failed once
  it returns, as MLIR does when a pass emits an error and signals failure.
* `op_error(op, message)`: builds a located `TtcError` for a pass to `raise` and stop at once.

Where the diagnostics go is decided by the innermost `diagnostic_handler(...)` block of the
emitting thread: `ttc opt`
prints them, and `-verify-diagnostics` collects them to match against `// expected-*` comments.
Outside any block they are printed to stderr. `carry_handlers` hands a thread's handlers to work it
runs on another thread (the deep stack of `ttc.ir.stack`), and `observe` lets a caller see what
was emitted inside a block while the handlers outside it still get everything.

Importing this module loads neither xDSL nor rich (an op's location is read, and colour
rendered, only when a diagnostic is).
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Literal, TypeVar

from ttc.ir.errors import Note, SourceLocation, TtcError

if TYPE_CHECKING:
    from xdsl.ir import Operation

T = TypeVar("T")

Severity = Literal["error", "warning", "remark", "note"]

SEVERITY_STYLES: dict[str, str] = {
    "error": "bold red",
    "warning": "bold magenta",
    "remark": "bold blue",
    "note": "bold cyan",
}


@dataclass
class Diagnostic:
    """One diagnostic, with the notes attached to it."""

    severity: Severity
    message: str
    location: SourceLocation | None = None
    source_line: str | None = None
    notes: list[Diagnostic] = field(default_factory=list)

    @classmethod
    def from_error(cls, error: TtcError) -> Diagnostic:
        """The diagnostic a `TtcError` stands for (its notes become `note` diagnostics)."""
        severity: Severity = error.severity if error.severity in SEVERITY_STYLES else "error"  # type: ignore[assignment]
        return cls(
            severity,
            error.message,
            error.location,
            error.source_line,
            [cls("note", n.message, n.location) for n in error.notes],
        )


def op_location(op: Operation) -> SourceLocation | None:
    """Where `op` came from: its `loc(...)`, unwrapped to a file position, or None if unknown."""
    from ttc.ir.locations import source_location

    return source_location(op.location)


Handler = Callable[[Diagnostic], None]


@dataclass
class _Scope:
    handler: Handler
    errors: int = 0


def _print_to_stderr(diagnostic: Diagnostic) -> None:
    DiagnosticPrinter().print(diagnostic)


_default_scope = _Scope(_print_to_stderr)


class _ThreadScopes(threading.local):
    """Each thread's handler stack: compiles on different threads (Triton compiling kernels
    from a thread pool) report to their own handlers."""

    def __init__(self) -> None:
        self.stack: list[_Scope] = []


_scopes = _ThreadScopes()


@contextmanager
def diagnostic_handler(handler: Handler) -> Iterator[_Scope]:
    """Send every diagnostic emitted inside the block to `handler`; the scope counts errors."""
    scope = _Scope(handler)
    _scopes.stack.append(scope)
    try:
        yield scope
    finally:
        _scopes.stack.remove(scope)


def _current() -> _Scope:
    return _scopes.stack[-1] if _scopes.stack else _default_scope


def carry_handlers(body: Callable[[], T]) -> Callable[[], T]:
    """`body`, made to report to the handlers in effect now on whichever thread runs it."""
    stack = list(_scopes.stack)

    def run() -> T:
        saved = _scopes.stack
        _scopes.stack = list(stack)
        try:
            return body()
        finally:
            _scopes.stack = saved

    return run


@contextmanager
def observe() -> Iterator[list[Diagnostic]]:
    """The diagnostics emitted inside the block, collected in a list as they come; each is also
    handed on to the handler in effect outside the block, which counts its errors as usual."""
    outer = _current()
    seen: list[Diagnostic] = []

    def forward(diagnostic: Diagnostic) -> None:
        seen.append(diagnostic)
        if diagnostic.severity == "error":
            outer.errors += 1
        outer.handler(diagnostic)

    with diagnostic_handler(forward):
        yield seen


def current_error_count() -> int:
    """How many errors the innermost handler has been given so far."""
    return _current().errors


def emit(diagnostic: Diagnostic) -> None:
    """Hand a diagnostic to the innermost handler (print it to stderr when there is none)."""
    scope = _current()
    if diagnostic.severity == "error":
        scope.errors += 1
    scope.handler(diagnostic)


def _at(op: Operation, severity: Severity, message: str,
        notes: Sequence[tuple[Operation | None, str]] = ()) -> Diagnostic:
    return Diagnostic(
        severity,
        message,
        op_location(op),
        notes=[Diagnostic("note", text, op_location(at) if at else None) for at, text in notes],
    )


def emit_error(op: Operation, message: str,
               notes: Sequence[tuple[Operation | None, str]] = ()) -> None:
    """Report an error at `op`; `notes` are (op or None, message) pairs shown under it."""
    emit(_at(op, "error", message, notes))


def emit_warning(op: Operation, message: str) -> None:
    """Report a warning at `op`."""
    emit(_at(op, "warning", message))


def emit_remark(op: Operation, message: str,
                notes: Sequence[tuple[Operation | None, str]] = ()) -> None:
    """Report a remark at `op` (what Triton's test passes print, e.g. alignment info); `notes`
    are (op or None, message) pairs shown under it."""
    emit(_at(op, "remark", message, notes))


def op_error(op: Operation, message: str,
             notes: Sequence[tuple[Operation | None, str]] = ()) -> TtcError:
    """A `TtcError` located at `op`, for a pass to raise."""
    return TtcError(
        message,
        op_location(op),
        notes=[Note(text, op_location(at) if at else None) for at, text in notes],
    )


def use_color(stream: IO[str]) -> bool:
    """Whether to colour output on `stream`: a terminal, and neither NO_COLOR nor TERM=dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class DiagnosticPrinter:
    """Renders diagnostics with the source line and a caret, from registered source buffers."""

    def __init__(self, stream: IO[str] | None = None, color: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.color = use_color(self.stream) if color is None else color
        self.sources: dict[str, list[str]] = {}

    def add_source(self, name: str, text: str) -> None:
        """Register the text of buffer `name`, so diagnostics located in it show their line."""
        self.sources[name] = text.splitlines()

    def _source_line(self, diagnostic: Diagnostic) -> str | None:
        if diagnostic.source_line is not None:
            return diagnostic.source_line
        loc = diagnostic.location
        if loc is None or loc.file not in self.sources:
            return None
        lines = self.sources[loc.file]
        return lines[loc.line - 1] if 1 <= loc.line <= len(lines) else None

    def _parts(self, diagnostic: Diagnostic) -> list[tuple[str, str, str, str | None, str | None]]:
        """(location prefix, severity, message, source line, caret line) for it and its notes."""
        parts: list[tuple[str, str, str, str | None, str | None]] = []
        for diag in (diagnostic, *diagnostic.notes):
            prefix = f"{diag.location}: " if diag.location else ""
            line = self._source_line(diag)
            caret = None
            if line is not None and diag.location is not None and diag.location.column >= 1:
                column = min(diag.location.column, len(line) + 1)
                lead = "".join("\t" if c == "\t" else " " for c in line[: column - 1])
                caret = lead + "^"
            parts.append((prefix, diag.severity, diag.message, line, caret))
        return parts

    def render(self, diagnostic: Diagnostic) -> str:
        """The plain-text form, ending with a newline."""
        out = []
        for prefix, severity, message, line, caret in self._parts(diagnostic):
            out.append(f"{prefix}{severity}: {message}")
            if line is not None:
                out.append(line)
                if caret is not None:
                    out.append(caret)
        return "\n".join(out) + "\n"

    def print(self, diagnostic: Diagnostic) -> None:
        """Write the diagnostic to the stream, coloured when it is a terminal."""
        if not self.color:
            self.stream.write(self.render(diagnostic))
            self.stream.flush()
            return
        from rich.console import Console
        from rich.text import Text

        console = Console(file=self.stream, highlight=False, soft_wrap=True)
        for prefix, severity, message, line, caret in self._parts(diagnostic):
            text = Text()
            text.append(prefix, style="bold")
            text.append(f"{severity}:", style=SEVERITY_STYLES[severity])
            text.append(f" {message}", style="bold")
            console.print(text)
            if line is not None:
                console.print(Text(line))
                if caret is not None:
                    console.print(Text(caret, style="bold green"))

    def print_error(self, error: TtcError) -> None:
        """Print a `TtcError` as its diagnostic."""
        self.print(Diagnostic.from_error(error))


_EXPECTED = re.compile(
    r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *"
    r"\{\{(.*)\}\}\s*$"
)


@dataclass
class Expectation:
    """One `// expected-<severity>[@designator] {{message}}` comment.

    `line` is the line the diagnostic must be on (0 for `@unknown`, i.e. no location); `comment`
    is where the comment itself is, for reporting it when nothing matched.
    """

    severity: Severity
    text: str
    line: int
    comment: SourceLocation
    pattern: re.Pattern[str] | None = None
    matched: bool = False

    def matches(self, message: str) -> bool:
        """Whether `message` contains the expected text (`{{...}}` parts being regexes)."""
        if self.pattern is None:
            return self.text in message
        return self.pattern.search(message) is not None


def _compile_expectation(text: str) -> re.Pattern[str] | None:
    """A regex for a message with `{{regex}}` fragments, or None for a plain substring."""
    if "{{" not in text:
        return None
    parts = []
    rest = text
    while (start := rest.find("{{")) >= 0:
        end = rest.find("}}", start + 2)
        if end < 0:
            break
        parts.append(re.escape(rest[:start]))
        parts.append("(?:" + rest[start + 2 : end] + ")")
        rest = rest[end + 2 :]
    parts.append(re.escape(rest))
    return re.compile("".join(parts))


def parse_expectations(text: str, filename: str) -> list[Expectation]:
    """The `expected-*` comments of a buffer, with `@+N`, `@-N`, `@above`, `@below` resolved.

    `@above` means the closest line above that holds no expectation, `@below` the closest such
    line below, as in MLIR. A malformed comment raises a `TtcError` at the comment.
    """
    expectations: list[Expectation] = []
    pending_below: list[Expectation] = []
    last_plain_line = 0
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        match = _EXPECTED.search(line)
        if match is None:
            for expectation in pending_below:
                expectation.line = number
            pending_below.clear()
            last_plain_line = number
            continue
        severity, _, _, designator, message = match.groups()
        comment = SourceLocation(filename, number, match.start() + 1)
        try:
            pattern = _compile_expectation(message)
        except re.error as error:
            raise TtcError(f"invalid regex in expected-{severity}: {error}", comment,
                           line) from None
        expectation = Expectation(severity, message, number, comment, pattern)  # type: ignore[arg-type]
        if designator is None:
            pass
        elif designator == "unknown":
            expectation.line = 0
        elif designator == "above":
            if last_plain_line == 0:
                raise TtcError(f"expected-{severity}@above has no line above it", comment, line)
            expectation.line = last_plain_line
        elif designator == "below":
            pending_below.append(expectation)
        else:
            expectation.line = number + int(designator)
        expectations.append(expectation)
    if pending_below:
        first = pending_below[0]
        raise TtcError(f"expected-{first.severity}@below has no line below it", first.comment,
                       lines[first.comment.line - 1])
    return expectations


class DiagnosticVerifier:
    """MLIR's `-verify-diagnostics`: match emitted diagnostics against `expected-*` comments.

    Use `handle` as the diagnostic handler while processing the buffer, then `problems()` gives
    the errors to report: `unexpected error: ...` for each diagnostic nothing expected (unless
    `only_expected`), and `expected error "..." was not produced` for each unmet expectation.
    """

    def __init__(self, text: str, filename: str, only_expected: bool = False) -> None:
        self.filename = filename
        self.only_expected = only_expected
        self.expectations = parse_expectations(text, filename)
        self.unexpected: list[Diagnostic] = []

    def handle(self, diagnostic: Diagnostic) -> None:
        """Record a diagnostic (and its notes) against the expectations."""
        for diag in (diagnostic, *diagnostic.notes):
            self._check(diag)

    def _check(self, diag: Diagnostic) -> None:
        loc = diag.location
        if loc is None:
            line = 0
        elif loc.file == self.filename:
            line = loc.line
        else:
            line = -1
        near_miss = None
        for expectation in self.expectations:
            if expectation.line == line and expectation.matches(diag.message):
                if expectation.severity == diag.severity:
                    expectation.matched = True
                    return
                near_miss = expectation
        if self.only_expected:
            return
        notes = []
        if near_miss is not None:
            notes.append(Diagnostic("note", f"a diagnostic of kind '{near_miss.severity}' "
                                            "was expected here", near_miss.comment))
        self.unexpected.append(Diagnostic(
            "error", f"unexpected {diag.severity}: {diag.message}", loc, diag.source_line, notes
        ))

    def problems(self) -> list[Diagnostic]:
        """The mismatches, as error diagnostics; empty when everything matched."""
        unmet = [
            Diagnostic("error", f"expected {e.severity} \"{e.text}\" was not produced", e.comment)
            for e in self.expectations if not e.matched
        ]
        return [*self.unexpected, *unmet]
