"""Room for deeply nested IR: running a compile on a thread with a large stack.

Parsing, verifying, printing and most passes recurse once or more per nesting level of the IR.
Python's default limits (1000 frames, an 8 MiB C stack) end near 300 nested `scf.if`s, so every
entry point that compiles (the command line, `ttc.compile_driver.compile_source`, the Python API,
the Triton integration's stages) runs its work through `call_with_deep_stack`: a recursion limit
of `RECURSION_LIMIT` frames on a `STACK_BYTES` thread stack (virtual memory, touched only as used),
enough for the parser's `MAX_REGION_DEPTH` levels. A call made on such a thread already runs in
place. This is what MLIR tools get from the C stack of their main thread.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

RECURSION_LIMIT = 60_000
STACK_BYTES = 1 << 30


class _Deep(threading.local):
    """Whether the current thread is one `call_with_deep_stack` started."""

    active = False


_deep = _Deep()


def call_with_deep_stack(body: Callable[[], T]) -> T:
    """`body()` on a thread with a `STACK_BYTES` stack and a `RECURSION_LIMIT` frame limit.

    What `body` raises is raised again here; Ctrl-C still reaches the calling (main) thread,
    and the worker is a daemon, so the process can exit without waiting for it. On a thread this
    function started, `body` runs in place.
    """
    if _deep.active:
        return body()
    outcome: dict[str, object] = {}

    def run() -> None:
        _deep.active = True
        try:
            outcome["value"] = body()
        except BaseException as error:  # noqa: BLE001 - handed back to the calling thread
            outcome["error"] = error

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    sys.setrecursionlimit(max(old_limit, RECURSION_LIMIT))
    threading.stack_size(STACK_BYTES)
    try:
        worker = threading.Thread(target=run, name="ttc", daemon=True)
        worker.start()
    finally:
        threading.stack_size(old_stack)
    try:
        worker.join()
    finally:
        sys.setrecursionlimit(old_limit)
    if "error" in outcome:
        error = outcome["error"]
        assert isinstance(error, BaseException)
        raise error
    return outcome["value"]  # type: ignore[return-value]
