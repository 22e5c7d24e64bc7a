"""Trait queries answered once per op class (xDSL's `Operation.has_trait`, memoised).

In xDSL an op's traits belong to its class, and `has_trait` scans the class's trait list on
every call; the pass drivers ask the same questions (is it a constant, a terminator, isolated
from above?) for every op they visit, many times per compile. Unregistered ops answer with the
caller's `value_if_unregistered`, as in xDSL; that too is decided once per class, since an
`isinstance` test against xDSL's abstract op classes runs Python-level `ABCMeta` code each time.
"""

from __future__ import annotations

from functools import cache

from xdsl.dialects.builtin import UnregisteredOp
from xdsl.ir import Operation
from xdsl.traits import OpTrait


@cache
def _class_has_trait(cls: type[Operation], trait: type[OpTrait] | OpTrait) -> bool | None:
    """Whether the ops of `cls` have `trait`; None for unregistered ops (asked of the class here,
    once, because `isinstance` against xDSL's abstract op classes is slow)."""
    if issubclass(cls, UnregisteredOp):
        return None
    return cls.get_trait(trait) is not None


def has_trait(op: Operation, trait: type[OpTrait] | OpTrait, *,
              value_if_unregistered: bool = True) -> bool:
    """Whether `op` has `trait` (a trait class, or a trait with its parameters)."""
    answer = _class_has_trait(type(op), trait)
    return value_if_unregistered if answer is None else answer
