"""A function's results memoised by the identity of its argument, for xDSL attributes and types.

MLIR uniques attributes and types, so a pass compares and hashes them by pointer. xDSL builds a
new object for each and recomputes an attribute's hash and equality from its parameters on every
call: an `!llvm.struct` of 128 members costs as much as hashing or spelling 128 types. Within one
pass or one translation the same few type objects are asked about thousands of times, so
`IdentityMemo` answers each object once. It keeps the objects it has seen alive, so an `id` is
never reused while the memo lives; make one per run, not per process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityMemo(Generic[K, V]):
    """`compute(key)`, computed once per key object (what `compute` raises is not memoised)."""

    def __init__(self, compute: Callable[[K], V]) -> None:
        self._compute = compute
        self._known: dict[int, tuple[K, V]] = {}

    def __call__(self, key: K) -> V:
        known = self._known.get(id(key))
        if known is None:
            known = self._known[id(key)] = (key, self._compute(key))
        return known[1]
