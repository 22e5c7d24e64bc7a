"""IdentityMemo: one computation per argument object, by identity, errors not remembered."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import IntegerType

from ttc.ir.identity import IdentityMemo


def test_each_object_is_computed_once_and_equal_objects_apart() -> None:
    calls: list[object] = []

    def width(type: IntegerType) -> int:
        calls.append(type)
        return type.width.data

    memo = IdentityMemo(width)
    first, equal = IntegerType(32), IntegerType(32)
    assert [memo(first), memo(first), memo(equal)] == [32, 32, 32]
    assert calls == [first, equal] and calls[0] is first and calls[1] is equal


def test_an_error_is_raised_each_time() -> None:
    calls: list[object] = []

    def fail(key: object) -> int:
        calls.append(key)
        raise KeyError(key)

    memo = IdentityMemo(fail)
    key = object()
    for _ in range(2):
        with pytest.raises(KeyError):
            memo(key)
    assert len(calls) == 2
