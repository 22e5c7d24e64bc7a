"""Queries on SSA values that passes and analyses share: the op defining a value, its users,
and the constant it holds.

Mirrors MLIR's `Value::getDefiningOp<OpTy>()` (`defined_by`), `getUsers()` (`users`, each user
once), and `matchPattern(v, m_Constant())` (`constant_value`: what a constant-like op folds to,
else its `value` attribute), plus the scalar of a scalar or splat constant (`splat_scalar`,
`constant_scalar`).
"""

from __future__ import annotations

from typing import TypeVar

from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
)
from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.traits import ConstantLike, HasFolder

from ttc.ir.traits import has_trait

Scalar = int | float
"""The value of an integer or float constant."""

OpT = TypeVar("OpT", bound=Operation)


def constant_value(value: SSAValue) -> Attribute | None:
    """The attribute of `value` when a constant-like op defines it (MLIR's `m_Constant`): what the
    op folds to (`llvm.mlir.undef` to `#llvm.undef`, ...), else its `value` attribute."""
    if not isinstance(value, OpResult):  # an exact-type test, unlike one against an op class
        return None
    owner = value.owner
    if not has_trait(owner, ConstantLike, value_if_unregistered=False):
        return None
    if has_trait(owner, HasFolder, value_if_unregistered=False):
        folded = ConstantLike.get_constant_value(value)
        if folded is not None:
            return folded
    attr = owner.properties.get("value")
    return attr if attr is not None else owner.attributes.get("value")


def splat_scalar(attr: Attribute | None) -> Scalar | None:
    """The single value of a scalar constant or of a splat dense constant, else None."""
    if attr is None:
        return None
    if isinstance(attr, IntegerAttr):
        return attr.value.data
    if isinstance(attr, FloatAttr):
        return attr.value.data
    if isinstance(attr, DenseIntOrFPElementsAttr):
        data = attr.data.data
        elem_type = attr.get_element_type()
        if isinstance(elem_type, IntegerType | IndexType | AnyFloat):
            size = elem_type.compile_time_size
            if len(data) < size or data != data[:size] * (len(data) // size):
                return None
            return elem_type.unpack(data[:size], 1)[0]
    return None


def constant_scalar(value: SSAValue) -> Scalar | None:
    """The scalar (or splat) constant that `value` holds, if any."""
    return splat_scalar(constant_value(value))


def defined_by(value: SSAValue, op_class: type[OpT]) -> OpT | None:
    """The op defining `value` when it is an `op_class` (MLIR's `getDefiningOp<OpTy>()`)."""
    owner = value.owner
    return owner if isinstance(owner, op_class) else None


def users(value: SSAValue) -> list[Operation]:
    """The ops that use `value`, each once, in use order."""
    seen: dict[Operation, None] = {}
    for use in value.uses:
        seen[use.operation] = None
    return list(seen)
