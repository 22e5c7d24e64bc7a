"""The xDSL context that patterns build new ops in, set for the duration of a rewrite.

Patterns and folders are plain functions keyed by op name; when one must create an op it asks
for the registered class of that name in the context the running pass was given (MLIR patterns
reach the same thing through their rewriter's `MLIRContext`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from xdsl.context import Context

_ACTIVE: ContextVar[Context | None] = ContextVar("ttc_pattern_context", default=None)


@contextmanager
def using_context(ctx: Context) -> Iterator[None]:
    """Make `ctx` the context patterns create ops in, within the `with` block."""
    token = _ACTIVE.set(ctx)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def active_context() -> Context:
    """The context of the running rewrite."""
    ctx = _ACTIVE.get()
    if ctx is None:
        raise RuntimeError("no pattern context is active: run patterns through a ttc pass")
    return ctx
