"""Integer attributes of an op: MLIR's `op->getAttrOfType<IntegerAttr>(name)` on the discardable
attributes (`"tt.num_stages"`, `"ttg.global_scratch_memory_size"`, ...) and the ODS accessors of an
integer property (`getCount()`, `getPred()`, ...), with the value as a Python `int`."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, Operation


def _int(attr: Attribute | None) -> int | None:
    return attr.value.data if isinstance(attr, IntegerAttr) else None


def int_attribute(op: Operation, name: str) -> int | None:
    """The discardable attribute `name` of `op` if it is an integer, else None."""
    return _int(op.attributes.get(name))


def int_property(op: Operation, name: str) -> int | None:
    """The property `name` of `op` if it is an integer, else None (an optional ODS attribute)."""
    return _int(op.properties.get(name))


def required_int_attribute(op: Operation, name: str) -> int:
    """The integer attribute `name` that `op` must carry."""
    value = int_attribute(op, name)
    assert value is not None, f"{op.name} has no integer attribute {name}"
    return value


def required_int_property(op: Operation, name: str) -> int:
    """The integer property `name` that `op`'s verifier guarantees."""
    value = int_property(op, name)
    assert value is not None, f"{op.name} has no integer property {name}"
    return value
