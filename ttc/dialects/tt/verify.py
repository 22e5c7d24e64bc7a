"""Type constraints and shared verifiers of Triton's ops, with MLIR-style messages.

Mirrors the ODS type constraints of `TritonTypes.td` (`TT_PtrLike`, `TT_IntLike`, `TT_Tensor`...),
the MLIR traits Triton's ops carry (`SameOperandsAndResultShape`, `...Encoding`, `...ElementType`,
`SameTypeOperands`), and Triton's own `TensorSizeTrait` (`Traits.cpp`). Messages are the text MLIR
puts after `'<op name>' op `; xDSL's `VerifyException` carries them to ttc's diagnostics.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import IndexType, IntegerType, TensorType
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.types import (
    element_type_or_self,
    encoding_of,
    is_float,
    is_int,
    is_ptr,
    shape_of,
)
from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location
from ttc.ir.verify import VerifyErrors

MAX_TENSOR_ELEMENTS = 1048576
"""Triton's `maxTensorNumElements`."""

@dataclass(frozen=True)
class TypeConstraint:
    """An ODS type constraint: a predicate and the summary MLIR prints when it fails."""

    summary: str
    test: Callable[[Attribute], bool]

    def check(self, t: Attribute, what: str) -> None:
        if not self.test(t):
            raise VerifyException(f"{what} must be {self.summary}, but got '{t}'")


def _scalar_or_tensor_of(scalar: Callable[[Attribute], bool]) -> Callable[[Attribute], bool]:
    return lambda t: scalar(t) or (isinstance(t, TensorType) and scalar(t.element_type))


def _tensor_of(scalar: Callable[[Attribute], bool]) -> Callable[[Attribute], bool]:
    return lambda t: isinstance(t, TensorType) and scalar(t.element_type)


def _is_i1(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data == 1


def _is_width(width: int) -> Callable[[Attribute], bool]:
    return lambda t: isinstance(t, IntegerType) and t.width.data == width


def _is_value(t: Attribute) -> bool:
    return is_int(t) or is_float(t) or is_ptr(t) or isinstance(t, IndexType)


PTR = TypeConstraint("ptr", is_ptr)
PTR_LIKE = TypeConstraint("ptr or ranked tensor of ptr values", _scalar_or_tensor_of(is_ptr))
INT_LIKE = TypeConstraint(
    "integer or ranked tensor of integer values", _scalar_or_tensor_of(is_int)
)
I64_LIKE = TypeConstraint(
    "64-bit signless integer or ranked tensor of 64-bit signless integer values",
    _scalar_or_tensor_of(_is_width(64)),
)
FLOAT_LIKE = TypeConstraint(
    "floating-point or ranked tensor of floating-point values", _scalar_or_tensor_of(is_float)
)
BOOL_LIKE = TypeConstraint(
    "1-bit signless integer or ranked tensor of 1-bit signless integer values",
    _scalar_or_tensor_of(_is_i1),
)
I32 = TypeConstraint("32-bit signless integer", _is_width(32))
I64 = TypeConstraint("64-bit signless integer", _is_width(64))
TT_TYPE = TypeConstraint(
    "floating-point, integer or ptr, or ranked tensor of such values",
    _scalar_or_tensor_of(_is_value),
)
TENSOR = TypeConstraint("ranked tensor of floating-point or integer or ptr values", _tensor_of(_is_value))
INT_TENSOR = TypeConstraint("ranked tensor of integer values", _tensor_of(is_int))
FLOAT_TENSOR = TypeConstraint("ranked tensor of floating-point values", _tensor_of(is_float))
FP_INT_TENSOR = TypeConstraint(
    "ranked tensor of floating-point or integer values",
    _tensor_of(lambda t: is_float(t) or is_int(t)),
)
FLOAT_OR_I8_TENSOR = TypeConstraint(
    "ranked tensor of floating-point or 8-bit signless integer values",
    _tensor_of(lambda t: is_float(t) or _is_width(8)(t)),
)
I1_OR_I1_TENSOR = TypeConstraint(
    "1-bit signless integer or tensor of 1-bit signless integer values", BOOL_LIKE.test
)


def error_at(op: Operation, message: str) -> TtcError:
    """A verifier's error reported at the op's source location with `message` alone, as Triton's
    `emitError(getLoc())` reports it (no `'<op name>' op ` prefix)."""
    return TtcError(message, source_location(op.location))


def check_operands(op: Operation, *constraints: TypeConstraint | None) -> None:
    """Check operand i against constraint i (None skips an operand)."""
    for index, (value, constraint) in enumerate(zip(op.operands, constraints)):
        if constraint is not None:
            constraint.check(value.type, f"operand #{index}")


def check_results(op: Operation, *constraints: TypeConstraint) -> None:
    for index, (value, constraint) in enumerate(zip(op.results, constraints)):
        constraint.check(value.type, f"result #{index}")


def elementwise(op: Operation) -> None:
    """MLIR's `Elementwise` trait: scalars map to scalars, and all tensors share one shape."""
    operands = [t for t in op.operand_types if isinstance(t, TensorType)]
    results = [t for t in op.result_types if isinstance(t, TensorType)]
    if not operands and not results:
        return
    if not operands:
        raise VerifyException(
            "if a result is non-scalar, then at least one operand must be non-scalar"
        )
    if not results:
        raise VerifyException(
            "if an operand is non-scalar, then there must be at least one non-scalar result"
        )
    if len(results) != len(op.results):
        raise VerifyException("if an operand is non-scalar, then all results must be non-scalar")
    if len({t.get_shape() for t in (*operands, *results)}) > 1:
        raise VerifyException(
            "all non-scalar operands/results must have the same shape and base type"
        )


def same_shape(types: Sequence[Attribute], what: str = "all operands and results") -> None:
    """MLIR's `SameOperandsAndResultShape` (scalars have the empty shape)."""
    if len({shape_of(t) for t in types}) > 1:
        raise VerifyException(f"requires the same shape for {what}")


def same_encoding(types: Sequence[Attribute], what: str = "all operands and results") -> None:
    """Triton's `SameOperandsAndResultEncoding`: every tensor carries the same encoding."""
    encodings = {encoding_of(t) for t in types if isinstance(t, TensorType)}
    if len(encodings) > 1:
        raise VerifyException(f"requires the same encoding for {what}")


def same_element_type(types: Sequence[Attribute], what: str = "all operands and results") -> None:
    """MLIR's `SameOperandsAndResultElementType`."""
    if len({element_type_or_self(t) for t in types}) > 1:
        raise VerifyException(f"requires the same element type for {what}")


def same_type(types: Sequence[Attribute], what: str = "all operands and results") -> None:
    """MLIR's `SameOperandsAndResultType` / `SameTypeOperands`."""
    if len(set(types)) > 1:
        raise VerifyException(f"requires the same type for {what}")


def types_match(actual: Attribute, expected: Attribute, summary: str) -> None:
    """MLIR's `TypesMatchWith`: `actual` must equal the type derived from another operand."""
    if actual != expected:
        raise VerifyException(f"failed to verify that {summary}")


def tensor_sizes(op: Operation) -> None:
    """Triton's `TensorSizeTrait`: every tensor has a power-of-two element count within bounds."""
    for value in (*op.operands, *op.results):
        t = value.type
        if not isinstance(t, TensorType):
            continue
        count = 1
        for dim in t.get_shape():
            count *= dim
        if count > MAX_TENSOR_ELEMENTS:
            raise VerifyException(
                f"Maximum allowed number of elements is {MAX_TENSOR_ELEMENTS}, "
                f"but {t} has more than that"
            )
        if count & (count - 1):
            raise VerifyException(
                f"Number of elements must be power-of-two, but {t} doesn't follow the rule "
                f"({count}) elements"
            )


def _quoted(types: Sequence[Attribute]) -> str:
    return ", ".join(f"'{t}'" for t in types)


def inferred_types(
    op: Operation,
    infer: Callable[[], Sequence[Attribute]],
    compatible: Callable[[Attribute, Attribute], bool] = lambda a, b: a == b,
) -> None:
    """MLIR's `verifyInferredResultTypes` (the `InferTypeOpInterface` check): the result types
    must be compatible with those `infer` gives. `infer` raises `VerifyException` when it
    cannot infer (with the errors it reported, `VerifyErrors`); MLIR then reports those and
    `failed to infer returned types`, both at the op."""
    try:
        inferred = list(infer())
    except VerifyException as err:
        earlier = err.earlier if isinstance(err, VerifyErrors) else ()
        raise VerifyErrors("failed to infer returned types", (*earlier, str(err))) from None
    actual = list(op.result_types)
    if len(inferred) != len(actual) or not all(map(compatible, inferred, actual)):
        incompatible = (
            f"'{op.name}' op inferred type(s) {_quoted(inferred)} are incompatible with "
            f"return type(s) of operation {_quoted(actual)}"
        )
        raise VerifyErrors("failed to infer returned types", (incompatible,))


def same_type_operands(types: Sequence[Attribute]) -> None:
    """MLIR's `SameTypeOperands`."""
    if len(set(types)) > 1:
        raise VerifyException("requires all operands to have the same type")
