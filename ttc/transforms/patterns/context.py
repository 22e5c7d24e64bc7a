"""The xDSL context that patterns build new ops in, set for the duration of a rewrite.

Patterns and folders are plain functions keyed by op name; when one must create an op it asks
for the registered class of that name in the context the running pass was given (MLIR patterns
reach the same thing through their rewriter's `MLIRContext`). `emit_like` is the common case: a
new op of the same result type as the one being rewritten, inserted at the rewriter.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from xdsl.context import Context
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.transforms.utils import create_op

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


def emit_like(
    rewriter: PatternRewriter,
    op: Operation,
    name: str,
    operands: list[SSAValue],
    properties: dict[str, Attribute] | None = None,
) -> Operation:
    """A new op `name` with `op`'s result type, built in the active context and inserted at the
    rewriter (`op` itself is left alone)."""
    new = create_op(active_context(), name, operands, [op.results[0].type], properties)
    rewriter.insert(new)
    return new
