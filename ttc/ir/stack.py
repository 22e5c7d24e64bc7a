"""What a compile runs under: a thread with a large stack, and rare garbage collections.

Parsing, verifying, printing and most passes recurse once or more per nesting level of the IR.
Python's default limits (1000 frames, an 8 MiB C stack) end near 300 nested `scf.if`s, so every
entry point that compiles (the command line, `ttc.compile_driver.compile_source`, the Python API,
the Triton integration's stages) runs its work through `call_with_deep_stack`: a recursion limit
of `RECURSION_LIMIT` frames on a `STACK_BYTES` thread stack (virtual memory, touched only as used),
enough for the parser's `MAX_REGION_DEPTH` levels. A call made on such a thread already runs in
place. This is what MLIR tools get from the C stack of their main thread.

A compile allocates hundreds of thousands of IR objects that stay alive until it ends, so
Python's default collector thresholds (a young collection every 700 allocations) promote them
into the old generation and start full collections that traverse the whole heap and free almost
nothing: one such collection was a sixth of a 128x128x64 matmul's compile in a process that had
ttc's dialects loaded, and costs more in a host like PyTorch with millions of objects.
`call_with_deep_stack` runs its body with `RARE_COLLECTIONS` thresholds (a young collection every
50,000 allocations; memory stays bounded) and gives the caller's back after; `ttc` sets them for
its whole process (`collect_rarely`).
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

RECURSION_LIMIT = 60_000
STACK_BYTES = 1 << 30
RARE_COLLECTIONS = (50_000, 20, 100)
"""Collector thresholds for a compile: young, middle and old generation."""


def collect_rarely() -> tuple[int, int, int]:
    """Set the collector's thresholds to `RARE_COLLECTIONS`; return the ones it had. A collector
    the caller turned off (threshold 0) stays off."""
    old = gc.get_threshold()
    if old[0] != 0:
        gc.set_threshold(*RARE_COLLECTIONS)
    return old


@contextmanager
def _rare_collections() -> Iterator[None]:
    old = collect_rarely()
    try:
        yield
    finally:
        gc.set_threshold(*old)


class _Deep(threading.local):
    """Whether the current thread is one `call_with_deep_stack` started."""

    active = False


_deep = _Deep()


def call_with_deep_stack(body: Callable[[], T]) -> T:
    """`body()` on a thread with a `STACK_BYTES` stack and a `RECURSION_LIMIT` frame limit,
    with the collector's `RARE_COLLECTIONS` thresholds.

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
            with _rare_collections():
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
