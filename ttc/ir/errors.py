"""Errors that carry an MLIR-style source location.

Every failure caused by user input (a malformed file, a verifier error, a bad pipeline) is raised
as a `TtcError`. The command-line layer turns it into one `file:line:col: error: message` diagnostic
and an exit code, never a traceback.

This module imports nothing of xDSL, so a command that never compiles (a compile-cache hit) can
report errors without loading it; the parser's own error type is in `ttc.ir.parse_errors`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SourceLocation:
    """A position in a named source buffer; line and column are 1-based, as MLIR prints them."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass
class Note:
    """A secondary diagnostic attached to an error (MLIR's `note:`)."""

    message: str
    location: SourceLocation | None = None


@dataclass
class TtcError(Exception):
    """An error in the user's input or in compiling it.

    `exit_code` is 1 for input and compile errors and 2 for command-line misuse. `source_line` is
    the text of the offending line, shown under the message with a caret at `location.column`.
    """

    message: str
    location: SourceLocation | None = None
    source_line: str | None = None
    exit_code: int = 1
    severity: str = "error"
    notes: list[Note] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        prefix = f"{self.location}: " if self.location else ""
        return f"{prefix}{self.severity}: {self.message}"


class UsageError(TtcError):
    """Command-line misuse (exit code 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=2)


class PassFailure(TtcError):
    """A pass failed; its diagnostics have already been emitted, so this one prints nothing."""

    def __init__(self, pass_name: str) -> None:
        super().__init__(f"pass '{pass_name}' failed")
