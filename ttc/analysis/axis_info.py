"""Axis info: contiguity, divisibility and constancy of integer and pointer values, per dimension.

Mirrors Triton's `AxisInfo` analysis (lib/Analysis/AxisInfo.cpp), a sparse forward data-flow
analysis whose lattice element for a value of rank R holds three R-vectors and an optional
constant:

- `contiguity[d]`: the length of the shortest run of consecutive integers along dimension d;
- `divisibility[d]`: the largest power of two dividing the first element of every such run;
- `constancy[d]`: the length of the shortest run of equal values along dimension d;
- `constant`: the value when the whole value is one known integer constant, with its bit width
  (`ttc.analysis.axis_constants`, printed signed as Triton prints an APInt).

Scalars have rank 1. A zero has divisibility 2^62 (Triton's `highestPowOf2Divisor<int64_t>(0)`),
a `make_range` starting at 0 has 2^30 (the same for `uint32`); every dimension's divisibility is
at least the best one of a dimension without contiguity (the *global* divisibility). An op whose
integer result the constant evaluator can fold exactly gets the constant's state (constancy the
whole shape); otherwise its visitor applies, rule by rule as Triton's (integer casts, pointer
`bitcast`, `make_range`, add/sub/`addptr`, mul, div, rem, `splat`, `load`, `expand_dims`,
`broadcast`, `reshape`, `trans`, `cmpi`, `select`, and/or/xor, shifts, max/min), and a constant a
shape op forwards is refreshed for the result's shape. Any other op — index and float constants
included — is pessimistic (all ones). Results are joined into what earlier visits found, as the
MLIR solver does, loops (`scf.for`/`scf.while`) iterate until their block arguments stop
changing, and the branch of an `scf.if` a known condition never takes is left unvisited.
Hints come from `tt.contiguity` / `tt.divisibility` / `tt.constancy` on function arguments and
on ops.

`ModuleAxisInfo` analyses a module's functions callers first and, as Triton's
`ModuleAxisInfoAnalysis` does, writes what each call site knows about an argument of rank 1 onto
the callee's argument as i64 hints (the gcd over all call sites), so a `noinline` function sees its
arguments' alignment. It also answers Triton's `getContiguity`, `getAlignment` and
`getMaskAlignment` queries, which read the value's layout order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import gcd as _gcd

from xdsl.dialects import cf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from ttc.analysis.axis_constants import (
    CMPI_PREDICATES,
    Constant,
    evaluate,
    integer_width,
    to_unsigned,
    trailing_zeros,
)
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import PointerType, bit_width, element_type_or_self, shape_of
from ttc.dialects.ttg.warp_specialize import WarpSpecializePartitionsOp
from ttc.dialects.upstream import arith, scf
from ttc.ir.walk import walk

MAX_DIVISOR = 1 << 62
"""Triton's `kMaxDivisor`: `highestPowOf2Divisor<int64_t>(0)`."""

MAX_DIVISOR_LOG2 = 62

MAX_DIVISOR_32 = 1 << 30
"""`highestPowOf2Divisor<uint32_t>(0)`, what a `make_range` starting at 0 gets."""

_INT64_MASK = (1 << 64) - 1


def _to_int64(value: int) -> int:
    value &= _INT64_MASK
    return value - (1 << 64) if value >= 1 << 63 else value


def gcd(*values: int) -> int:
    """Triton's `gcd`: a zero argument is ignored (gcd(0, b) = b)."""
    result = 0
    for value in values:
        if result == 0:
            result = value
        elif value != 0:
            result = _gcd(result, value)
    return result


def highest_pow2_divisor(value: int, max_divisor: int = MAX_DIVISOR) -> int:
    """Triton's `highestPowOf2Divisor`: the largest power of two dividing `value`."""
    if value == 0:
        return max_divisor
    return _to_int64(value & -value)


def multiply_divisor(lhs: int, rhs: int) -> int:
    """Triton's `multiplyDivisor`: `lhs * rhs`, saturated at the maximum divisor."""
    if lhs > MAX_DIVISOR // rhs:
        return MAX_DIVISOR
    return lhs * rhs


@dataclass(frozen=True)
class AxisInfo:
    """One lattice element; rank 0 means "not computed yet".

    `constant` is an exact integer constant as (signed value, bit width), Triton's APInt. As in
    Triton's constructor, every dimension's divisibility is raised to the *global* divisibility:
    the best one along a dimension without contiguity holds for every element, so for every
    dimension.
    """

    contiguity: tuple[int, ...] = ()
    divisibility: tuple[int, ...] = ()
    constancy: tuple[int, ...] = ()
    constant: Constant | None = None

    def __post_init__(self) -> None:
        best = self.global_divisibility
        if any(d < best for d in self.divisibility):
            object.__setattr__(self, "divisibility", tuple(max(d, best) for d in self.divisibility))

    @property
    def rank(self) -> int:
        return len(self.contiguity)

    @property
    def global_divisibility(self) -> int:
        """Triton's `getGlobalDivisibility`: the best divisibility of a non-contiguous dimension."""
        return max((v for c, v in zip(self.contiguity, self.divisibility) if c == 1), default=1)

    @staticmethod
    def uniform(rank: int, value: int) -> AxisInfo:
        return AxisInfo((value,) * rank, (value,) * rank, (value,) * rank)

    def without_constant(self) -> AxisInfo:
        return AxisInfo(self.contiguity, self.divisibility, self.constancy)

    def join(self, other: AxisInfo) -> AxisInfo:
        """Triton's `AxisInfo::join`: the information both values share."""
        if self.rank == 0:
            return other
        if other.rank == 0:
            return self
        return AxisInfo(
            tuple(gcd(a, b) for a, b in zip(self.contiguity, other.contiguity)),
            tuple(_divisibility_from_contiguity(self, other, d) for d in range(self.rank)),
            tuple(gcd(a, b) for a, b in zip(self.constancy, other.constancy)),
            self.constant if self.constant == other.constant else None,
        )

    def remark(self) -> str:
        """The text of Triton's `-test-print-alignment` remark (the constant read signed)."""

        def fmt(values: tuple[int, ...]) -> str:
            return "[" + ", ".join(str(v) for v in values) + "]"

        constant = "<none>" if self.constant is None else str(self.constant[0])
        return (
            f"contiguity = {fmt(self.contiguity)}, divisibility = {fmt(self.divisibility)}, "
            f"constancy = {fmt(self.constancy)}, constant_value = {constant}"
        )


def constant_state(type_: Attribute, constant: Constant) -> AxisInfo:
    """Triton's `getConstantValueState`: a splat of one known value over `type_`."""
    shape = tuple(type_.get_shape()) if isinstance(type_, TensorType) else (1,)
    value, width = constant
    zeros = trailing_zeros(value, width)
    divisibility = MAX_DIVISOR if zeros == width else 1 << min(zeros, MAX_DIVISOR_LOG2)
    rank = len(shape)
    return AxisInfo((1,) * rank, (divisibility,) * rank, shape, constant)


def _divisibility_from_contiguity(lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    lc, rc = lhs.contiguity[d], rhs.contiguity[d]
    if lc == rc or lc == MAX_DIVISOR or rc == MAX_DIVISOR:
        return gcd(lhs.divisibility[d], rhs.divisibility[d])
    return gcd(lhs.divisibility[d], rhs.divisibility[d], lc, rc)


def value_rank(type_: Attribute) -> int:
    """The lattice rank of a value of `type_` (scalars have rank 1)."""
    if isinstance(type_, TensorType):
        return len(type_.get_shape())
    if isinstance(type_, PointerType) and isinstance(type_.pointee_type, TensorType):
        return len(type_.pointee_type.get_shape())
    return 1


def _hint(attr: Attribute | None) -> tuple[int, ...] | None:
    """Triton's `initDimVectorFromHint`: an integer is a 1-vector, a dense array is the vector."""
    if isinstance(attr, IntegerAttr):
        return (attr.value.data & _INT64_MASK,)
    if isinstance(attr, DenseIntOrFPElementsAttr):
        return tuple(int(v) for v in attr.get_values())  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    return None


HINTS = ("tt.contiguity", "tt.divisibility", "tt.constancy")


def _with_hints(info: AxisInfo, hints: Sequence[Attribute | None]) -> AxisInfo:
    vectors = [info.contiguity, info.divisibility, info.constancy]
    for i, attr in enumerate(hints):
        hint = _hint(attr)
        if hint is not None:
            vectors[i] = hint
    return AxisInfo(vectors[0], vectors[1], vectors[2], info.constant)


def _func_arg_hints(arg: BlockArgument) -> list[Attribute | None] | None:
    """The hint attributes of a function argument, or None when `arg` is not one."""
    block = arg.block
    parent = block.parent_op()
    if not isinstance(parent, tt.FuncOp) or block is not parent.regions[0].blocks.first:
        return None
    arg_attrs = parent.properties.get("arg_attrs") or parent.attributes.get("arg_attrs")
    if arg_attrs is None:
        return [None, None, None]
    entry = arg_attrs.data[arg.index]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    data = entry.data  # pyright: ignore[reportUnknownMemberType]
    return [data.get(name) for name in HINTS]  # pyright: ignore[reportUnknownMemberType]


REGION_BRANCH_OPS = (scf.ForOp, scf.IfOp, scf.WhileOp, scf.ExecuteRegionOp)


def pessimistic(value: SSAValue) -> AxisInfo:
    """Triton's `getPessimisticValueState`: ones, unknown (2^62) for control-flow values, or the
    hints of a function argument or of the defining op."""
    rank = value_rank(value.type)
    info = AxisInfo.uniform(rank, 1)
    if isinstance(value, BlockArgument):
        hints = _func_arg_hints(value)
        if hints is not None:
            return _with_hints(info, hints)
        parent = value.block.parent_op()
        is_entry = value.block.parent is not None and value.block.parent.blocks.first is value.block
        if isinstance(parent, REGION_BRANCH_OPS) and is_entry:
            return AxisInfo.uniform(rank, MAX_DIVISOR)
        return info
    op = value.owner
    assert isinstance(op, Operation)
    if isinstance(op, REGION_BRANCH_OPS):
        info = AxisInfo.uniform(rank, MAX_DIVISOR)
    return _with_hints(info, [op.attributes.get(name) for name in HINTS])


# --------------------------------------------------------------------------------------------
# Transfer functions (Triton's AxisInfoVisitor subclasses)
# --------------------------------------------------------------------------------------------

Visitor = Callable[[Operation, list[AxisInfo]], AxisInfo]
_VISITORS: dict[str, Visitor] = {}


def _visitor(*names: str) -> Callable[[Visitor], Visitor]:
    def register(fn: Visitor) -> Visitor:
        for name in names:
            _VISITORS[name] = fn
        return fn

    return register


def _shape(op: Operation) -> tuple[int, ...] | None:
    """The result shape when the op yields a tensor, else None."""
    type_ = op.results[0].type
    return type_.get_shape() if isinstance(type_, TensorType) else None


def _is_contiguous_dim(info: AxisInfo, shape: Sequence[int], d: int) -> bool:
    return info.contiguity[d] == shape[d]


def _is_constant_dim(info: AxisInfo, shape: Sequence[int], d: int) -> bool:
    return info.constancy[d] == shape[d]


@_visitor("arith.extsi", "arith.extui", "arith.trunci")
def _integer_cast(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    # An exact cast is the constant evaluator's; an unproven or poison one keeps no constant.
    return infos[0].without_constant()


@_visitor("ttg.convert_layout")
def _identity(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    return infos[0]


@_visitor("tt.bitcast")
def _bitcast(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    """A pointer bitcast to another element width: every former element starts a group."""
    info = infos[0]
    source, result = op.operands[0].type, op.results[0].type
    if not isinstance(element_type_or_self(source), PointerType):
        return info
    src_bytes, dst_bytes = _pointee_bytes_of(source), _pointee_bytes_of(result)
    if src_bytes == dst_bytes:
        return info
    divisibility = tuple(
        gcd(v, src_bytes) if c > 1 else v for c, v in zip(info.contiguity, info.divisibility)
    )
    return AxisInfo((1,) * info.rank, divisibility, info.constancy, info.constant)


@_visitor("builtin.unrealized_conversion_cast")
def _unrealized_cast(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    if len(op.operands) != 1 or len(op.results) != 1:
        return AxisInfo()
    result = op.results[0]
    if isinstance(result.type, TensorType) and len(result.type.get_shape()) != infos[0].rank:
        return pessimistic(result)
    if op.operands[0].type == result.type:
        return infos[0]
    return infos[0].without_constant()


@_visitor("tt.make_range")
def _make_range(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    start = op.properties["start"].value.data  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    end = op.properties["end"].value.data  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    return AxisInfo((end - start,), (highest_pow2_divisor(start, MAX_DIVISOR_32),), (1,))


@_visitor("ub.poison")
def _poison(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    return AxisInfo.uniform(value_rank(op.results[0].type), MAX_DIVISOR)


def _binary(
    contiguity: Callable[[Operation, AxisInfo, AxisInfo, int], int],
    divisibility: Callable[[Operation, AxisInfo, AxisInfo, int], int],
    constancy: Callable[[Operation, AxisInfo, AxisInfo, int], int] | None = None,
) -> Visitor:
    """Triton's `BinaryOpVisitorImpl` (constancy defaults to the gcd of the operands')."""
    constancy_rule = constancy or _gcd_constancy

    def visit(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
        lhs, rhs = infos[0], infos[1]
        rank = lhs.rank
        return AxisInfo(
            tuple(contiguity(op, lhs, rhs, d) for d in range(rank)),
            tuple(divisibility(op, lhs, rhs, d) for d in range(rank)),
            tuple(constancy_rule(op, lhs, rhs, d) for d in range(rank)),
        )

    return visit


def _one(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    return 1


def _gcd_constancy(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    return gcd(lhs.constancy[d], rhs.constancy[d])


def _value(info: AxisInfo) -> int | None:
    return None if info.constant is None else info.constant[0]


def _pointee_bytes_of(type_: Attribute) -> int:
    """`max(1, getPointeeBitWidth(type) / 8)`."""
    pointer = element_type_or_self(type_)
    assert isinstance(pointer, PointerType)
    return max(1, bit_width(element_type_or_self(pointer.pointee_type)) // 8)


def _add_sub_contiguity(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    if isinstance(op, arith.SubiOp):
        return gcd(lhs.contiguity[d], rhs.constancy[d])
    return max(gcd(lhs.constancy[d], rhs.contiguity[d]), gcd(lhs.contiguity[d], rhs.constancy[d]))


def _add_sub_divisibility(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    element = _pointee_bytes_of(op.operands[0].type) if isinstance(op, tt.AddPtrOp) else 1
    lhs_div = lhs.divisibility[d]
    rhs_div = multiply_divisor(rhs.divisibility[d], element) if isinstance(op, tt.AddPtrOp) else rhs.divisibility[d]
    lc, rc = lhs.contiguity[d], rhs.contiguity[d]
    if lc > 1 and rc > 1:
        # Two runs added: only the parity of their starts is known.
        if isinstance(op, arith.SubiOp) and lc == rc:
            return gcd(lhs_div, rhs_div)
        return 2 if lhs_div % 2 == 0 and rhs_div % 2 == 0 else 1
    if lc > 1 or rc > 1:
        return gcd(lhs_div, rhs_div, multiply_divisor(_add_sub_contiguity(op, lhs, rhs, d), element))
    return gcd(lhs_div, rhs_div)


_visitor("tt.addptr", "arith.addi", "arith.subi")(_binary(_add_sub_contiguity, _add_sub_divisibility))


def _mul_contiguity(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    lhs_contiguity = lhs.contiguity[d] if _value(rhs) == 1 else 1
    rhs_contiguity = rhs.contiguity[d] if _value(lhs) == 1 else 1
    return max(lhs_contiguity, rhs_contiguity)


def _mul_divisibility(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    lhs_div = 1 if lhs.contiguity[d] > 1 and _value(rhs) != 1 else lhs.divisibility[d]
    rhs_div = 1 if rhs.contiguity[d] > 1 and _value(lhs) != 1 else rhs.divisibility[d]
    return multiply_divisor(lhs_div, rhs_div)


_visitor("arith.muli")(_binary(_mul_contiguity, _mul_divisibility))


def _div_contiguity(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    return lhs.contiguity[d] if _value(rhs) == 1 else 1


def _div_constancy(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    constancy = gcd(lhs.constancy[d], rhs.constancy[d])
    shape = _shape(op)
    if shape is not None and _is_contiguous_dim(lhs, shape, d) and _is_constant_dim(rhs, shape, d):
        constancy = max(constancy, gcd(lhs.contiguity[d], lhs.divisibility[d], rhs.divisibility[d]))
    return constancy


def _div_divisibility(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    if _value(lhs) == 0 or _value(rhs) == 1:
        return lhs.divisibility[d]
    if rhs.constant is not None and lhs.contiguity[d] == 1:
        value, width = rhs.constant
        divisor = abs(value) if isinstance(op, arith.DivSIOp) else to_unsigned(value, width)
        if divisor and divisor & (divisor - 1) == 0:
            shift = min(divisor.bit_length() - 1, MAX_DIVISOR_LOG2)
            return max(1, lhs.divisibility[d] >> shift)
    return 1


_visitor("arith.divsi", "arith.divui")(_binary(_div_contiguity, _div_divisibility, _div_constancy))


def _rem_contiguity(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    shape = _shape(op)
    if shape is not None and _is_contiguous_dim(lhs, shape, d) and _is_constant_dim(rhs, shape, d):
        return gcd(lhs.contiguity[d], lhs.divisibility[d], rhs.divisibility[d])
    return 1


def _rem_divisibility(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    if rhs.constancy[d] > 1:
        return gcd(lhs.divisibility[d], rhs.divisibility[d])
    return 1


_visitor("arith.remsi", "arith.remui")(_binary(_rem_contiguity, _rem_divisibility))


@_visitor("tt.splat")
def _splat(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    shape = shape_of(op.results[0].type)
    rank = len(shape)
    return AxisInfo((1,) * rank, (infos[0].divisibility[0],) * rank, tuple(shape), infos[0].constant)


@_visitor("tt.load")
def _load(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    ptr = infos[0]
    mask = infos[1] if len(infos) > 1 else None
    return AxisInfo(
        (1,) * ptr.rank,
        (1,) * ptr.rank,
        tuple(gcd(ptr.constancy[d], mask.constancy[d] if mask else 0) for d in range(ptr.rank)),
    )


@_visitor("tt.expand_dims")
def _expand_dims(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    src = infos[0]
    if src.constant is not None:
        return constant_state(op.results[0].type, src.constant)
    axis = op.properties["axis"].value.data  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    new_div = 0
    for d in range(src.rank):
        part = 1 if src.contiguity[d] > 1 else src.divisibility[d]
        new_div = part if d == 0 else gcd(new_div, part)
    new_div = new_div or 1

    def insert(values: tuple[int, ...], value: int) -> tuple[int, ...]:
        return values[:axis] + (value,) + values[axis:]

    return AxisInfo(insert(src.contiguity, 1), insert(src.divisibility, new_div), insert(src.constancy, 1))


@_visitor("tt.broadcast")
def _broadcast(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    src = infos[0]
    src_shape = shape_of(op.operands[0].type)
    dst_shape = shape_of(op.results[0].type)
    return AxisInfo(
        tuple(1 if src_shape[d] == 1 else src.contiguity[d] for d in range(len(dst_shape))),
        src.divisibility,
        tuple(dst_shape[d] if src_shape[d] == 1 else src.constancy[d] for d in range(len(dst_shape))),
        src.constant,
    )


def _suffix_products(shape: Sequence[int]) -> list[int]:
    products = [1] * (len(shape) + 1)
    for d in range(len(shape) - 1, -1, -1):
        products[d] = products[d + 1] * shape[d]
    return products


@_visitor("tt.reshape")
def _reshape(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    """Each result dimension inherits from the source dimension its stride falls in: contiguity
    when it starts at that dimension's low boundary, constancy while inside a constant run."""
    src = infos[0]
    if src.constant is not None:
        return constant_state(op.results[0].type, src.constant)
    src_shape, dst_shape = shape_of(op.operands[0].type), shape_of(op.results[0].type)
    src_products, dst_products = _suffix_products(src_shape), _suffix_products(dst_shape)
    best = src.global_divisibility
    rank = len(dst_shape)
    contiguity, divisibility, constancy = [1] * rank, [best] * rank, [1] * rank
    for dst_dim in range(rank):
        dst_stride = dst_products[dst_dim + 1]
        src_dim = next(
            (d for d in range(len(src_shape)) if src_products[d + 1] <= dst_stride < src_products[d]), 0
        )
        src_stride = src_products[src_dim + 1]
        if src.contiguity[src_dim] > 1:
            if dst_stride == src_stride:
                run = min(src.contiguity[src_dim], dst_shape[dst_dim])
                contiguity[dst_dim] = run
                dst_div = src.divisibility[src_dim] if run == src.contiguity[src_dim] else min(
                    src.divisibility[src_dim], run
                )
                divisibility[dst_dim] = max(best, dst_div)
            continue
        constancy_end = src_stride * src.constancy[src_dim]
        if dst_stride <= constancy_end:
            dst_constancy = min(dst_shape[dst_dim], constancy_end // dst_stride)
            remaining = dst_shape[dst_dim] // dst_constancy
            dim = src_dim - 1
            while src.constancy[src_dim] == src_shape[src_dim] and dim >= 0 and remaining > 1:
                piece = min(src_shape[dim], remaining)
                piece_constancy = min(src.constancy[dim], piece)
                dst_constancy *= piece_constancy
                if piece_constancy < piece:
                    break
                remaining //= piece
                dim -= 1
            constancy[dst_dim] = dst_constancy
    return AxisInfo(tuple(contiguity), tuple(divisibility), tuple(constancy))


@_visitor("tt.trans")
def _trans(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    src = infos[0]
    order = [int(v) for v in op.properties["order"].get_values()]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownArgumentType]
    return AxisInfo(
        tuple(src.contiguity[d] for d in order),
        tuple(src.divisibility[d] for d in order),
        tuple(src.constancy[d] for d in order),
        src.constant,
    )


@_visitor("arith.cmpi")
def _cmpi(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    shape = _shape(op)
    if shape is None:
        return AxisInfo()
    lhs, rhs = infos[0], infos[1]
    predicate = CMPI_PREDICATES[op.properties["predicate"].value.data]  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    constancy: list[int] = []
    for d in range(len(shape)):
        hint = gcd(lhs.constancy[d], rhs.constancy[d])
        if predicate in ("sgt", "ugt", "sle", "ule") and _is_constant_dim(lhs, shape, d):
            hint = max(hint, gcd(rhs.contiguity[d], lhs.divisibility[d], rhs.divisibility[d]))
        elif predicate in ("slt", "ult", "sge", "uge") and _is_constant_dim(rhs, shape, d):
            hint = max(hint, gcd(lhs.contiguity[d], lhs.divisibility[d], rhs.divisibility[d]))
        constancy.append(hint)
    rank = len(shape)
    return AxisInfo((1,) * rank, (1,) * rank, tuple(constancy))


@_visitor("arith.select")
def _select(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    cond, lhs, rhs = infos
    if cond.constant is not None:
        return rhs if cond.constant[0] == 0 else lhs
    if isinstance(op.operands[0].type, IntegerType):
        return lhs.join(rhs)
    contiguity: list[int] = []
    divisibility: list[int] = []
    constancy: list[int] = []
    for d in range(lhs.rank):
        constancy.append(gcd(lhs.constancy[d], rhs.constancy[d], cond.constancy[d]))
        contiguity.append(gcd(lhs.contiguity[d], rhs.contiguity[d], cond.constancy[d]))
        divisibility.append(gcd(_divisibility_from_contiguity(lhs, rhs, d), contiguity[-1]))
    return AxisInfo(tuple(contiguity), tuple(divisibility), tuple(constancy))


_visitor("arith.andi", "arith.ori", "arith.xori")(_binary(_one, _one))


def _shift_contiguity(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    return lhs.contiguity[d] if _value(rhs) == 0 else 1


def _shift_amount(op: Operation, rhs: AxisInfo) -> int | None:
    """The known shift amount, read unsigned; None when unknown."""
    return None if rhs.constant is None else to_unsigned(*rhs.constant)


def _shl_divisibility(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    amount = _shift_amount(op, rhs)
    lhs_div = 1 if lhs.contiguity[d] > 1 and amount != 0 else lhs.divisibility[d]
    if amount is None:
        return lhs_div
    if amount >= integer_width(op.results[0].type):
        return 1
    return multiply_divisor(lhs_div, 1 << min(amount, MAX_DIVISOR_LOG2))


def _shr_divisibility(op: Operation, lhs: AxisInfo, rhs: AxisInfo, d: int) -> int:
    amount = _shift_amount(op, rhs)
    if amount is None or amount >= integer_width(op.results[0].type):
        return 1
    lhs_div = 1 if lhs.contiguity[d] > 1 and amount != 0 else lhs.divisibility[d]
    return max(1, lhs_div >> min(amount, MAX_DIVISOR_LOG2))


_visitor("arith.shli")(_binary(_shift_contiguity, _shl_divisibility))
_visitor("arith.shrui", "arith.shrsi")(_binary(_shift_contiguity, _shr_divisibility))


@_visitor("arith.maxsi", "arith.maxui", "arith.minsi", "arith.minui")
def _max_min(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    return infos[0].join(infos[1])


def visit_op(op: Operation, infos: list[AxisInfo]) -> AxisInfo:
    """Triton's `AxisInfoAnalysis::visitOperation` before hints: an exact constant when the
    evaluator finds one, else the op's visitor, a forwarded constant refreshed for the result's
    shape (or dropped when the width changed)."""
    constant = evaluate(op, [info.constant for info in infos])
    if constant is not None:
        return constant_state(op.results[0].type, constant)
    visitor = _VISITORS.get(op.name)
    info = visitor(op, infos) if visitor else AxisInfo()
    if info.constant is not None:
        if len(op.results) == 1 and integer_width(op.results[0].type) == info.constant[1]:
            return constant_state(op.results[0].type, info.constant)
        return info.without_constant()
    return info


# --------------------------------------------------------------------------------------------
# The analysis
# --------------------------------------------------------------------------------------------


def _branch_operands(term: Operation) -> list[tuple[Block, Sequence[SSAValue]]]:
    """(successor, operands passed to it) for `cf.br`/`cf.cond_br`; other terminators pass none."""
    if isinstance(term, cf.BranchOp):
        return [(term.successors[0], term.operands)]
    if isinstance(term, cf.ConditionalBranchOp):
        then_block, else_block = term.successors
        return [
            (then_block, term.then_arguments),  # pyright: ignore[reportAttributeAccessIssue]
            (else_block, term.else_arguments),  # pyright: ignore[reportAttributeAccessIssue]
        ]
    return []


class AxisInfoAnalysis:
    """Axis info of every value of one function (Triton's AxisInfoAnalysis run by the solver)."""

    def __init__(self, func: Operation) -> None:
        self.values: dict[SSAValue, AxisInfo] = {}
        self._changed = False
        for arg in func.regions[0].blocks.first.args if func.regions[0].blocks.first else ():
            self.values[arg] = pessimistic(arg)
        self._visit_region_blocks(func.regions[0].blocks)

    def get(self, value: SSAValue) -> AxisInfo:
        """The info of `value` (pessimistic when the analysis never reached it)."""
        info = self.values.get(value)
        if info is None or info.rank == 0:
            return pessimistic(value)
        return info

    def _join(self, value: SSAValue, info: AxisInfo) -> None:
        old = self.values.get(value, AxisInfo())
        new = old.join(info)
        if new != old:
            self.values[value] = new
            self._changed = True

    def _operand(self, value: SSAValue) -> AxisInfo:
        info = self.values.get(value)
        if info is None or info.rank == 0:
            info = pessimistic(value)
            self.values[value] = info
        return info

    def _visit_region_blocks(self, blocks: Sequence[Block] | object) -> None:
        blocks = list(blocks)  # pyright: ignore[reportGeneralTypeIssues, reportUnknownArgumentType]
        if len(blocks) > 1:
            self._fixpoint(lambda: self._visit_cfg(blocks))
            return
        for block in blocks:
            for op in block.ops:
                self._visit(op)

    def _visit_cfg(self, blocks: list[Block]) -> None:
        """One sweep over a CFG (after convert-scf-to-cf): a block argument joins the operands
        every branch passes to it, as the data-flow solver does through `BranchOpInterface`."""
        for block in blocks:
            for op in block.ops:
                self._visit(op)
            term = block.last_op
            if term is None:
                continue
            for successor, operands in _branch_operands(term):
                for arg, value in zip(successor.args, operands):
                    self._join(arg, self._operand(value))

    def _visit(self, op: Operation) -> None:
        if isinstance(op, scf.ForOp):
            self._visit_for(op)
        elif isinstance(op, scf.IfOp):
            self._visit_if(op)
        elif isinstance(op, scf.WhileOp):
            self._visit_while(op)
        elif isinstance(op, WarpSpecializePartitionsOp):
            self._visit_partitions(op)
        elif op.regions and not isinstance(op, (tt.ReduceOp, tt.ScanOp)):
            for region in op.regions:
                self._visit_region_blocks(region.blocks)
            self._visit_plain(op)
        else:
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.args:
                        self._join(arg, pessimistic(arg))
                self._visit_region_blocks(region.blocks)
            self._visit_plain(op)

    def _visit_partitions(self, op: Operation) -> None:
        """Each partition's arguments are the explicit captures of its `ttg.warp_specialize`."""
        captures = [self._operand(v) for v in op.operands]
        for region in op.regions:
            block = region.blocks.first
            if block is None:
                continue
            for arg, info in zip(block.args, captures):
                self._join(arg, info)
            self._visit_region_blocks(region.blocks)

    def _visit_plain(self, op: Operation) -> None:
        if not op.results:
            return
        info = visit_op(op, [self._operand(v) for v in op.operands])
        if info.rank == 0:
            for result in op.results:
                self._join(result, pessimistic(result))
            return
        info = _with_hints(info, [op.attributes.get(name) for name in HINTS])
        for result in op.results:
            self._join(result, info)

    def _fixpoint(self, body: Callable[[], None]) -> None:
        """Run `body` until the lattice stops changing (loop-carried values)."""
        while True:
            outer, self._changed = self._changed, False
            body()
            changed, self._changed = self._changed, outer or self._changed
            if not changed:
                return

    def _visit_for(self, op: Operation) -> None:
        body = op.regions[0].blocks.first
        assert body is not None
        lb, step = self._operand(op.operands[0]), self._operand(op.operands[2])
        self._join(body.args[0], AxisInfo((1,), (gcd(lb.divisibility[0], step.divisibility[0]),), (1,)))
        inits = op.operands[3:]
        for arg, init in zip(body.args[1:], inits):
            self._join(arg, self._operand(init))

        # The body's values follow from its arguments and from values defined before the loop
        # (fixed meanwhile), so it is visited again only when a yielded value widened an
        # iter_arg: an enclosing loop's second visit then costs one pass over a nest, not one
        # pass per level of it.
        while True:
            self._visit_region_blocks([body])
            yield_op = body.last_op
            assert yield_op is not None
            before = [self.values.get(arg) for arg in body.args[1:]]
            for arg, value in zip(body.args[1:], yield_op.operands):
                self._join(arg, self._operand(value))
            if all(self.values.get(arg) == old for arg, old in zip(body.args[1:], before)):
                break
        yield_op = body.last_op
        assert yield_op is not None
        for result, init, value in zip(op.results, inits, yield_op.operands):
            self._join(result, self._operand(init))
            self._join(result, self._operand(value))

    def _visit_if(self, op: Operation) -> None:
        """Both branches, or only the live one when the condition is a known constant: as with
        MLIR's dead-code analysis, the ops of a dead branch are never visited and keep the
        pessimistic state."""
        condition = self._operand(op.operands[0]).constant
        regions = list(op.regions)
        if condition is not None:
            regions = regions[:1] if condition[0] else regions[1:]
        for region in regions:
            self._visit_region_blocks(region.blocks)
            block = region.blocks.first
            if block is None or block.last_op is None:
                continue
            for result, value in zip(op.results, block.last_op.operands):
                self._join(result, self._operand(value))

    def _visit_while(self, op: Operation) -> None:
        before, after = op.regions[0].blocks.first, op.regions[1].blocks.first
        assert before is not None and after is not None
        for arg, init in zip(before.args, op.operands):
            self._join(arg, self._operand(init))

        def iterate() -> None:
            self._visit_region_blocks([before])
            condition = before.last_op
            assert condition is not None
            for arg, value in zip(after.args, condition.operands[1:]):
                self._join(arg, self._operand(value))
            self._visit_region_blocks([after])
            yield_op = after.last_op
            assert yield_op is not None
            for arg, value in zip(before.args, yield_op.operands):
                self._join(arg, self._operand(value))

        self._fixpoint(iterate)
        condition = before.last_op
        assert condition is not None
        for result, value in zip(op.results, condition.operands[1:]):
            self._join(result, self._operand(value))


def _callee_name(call: Operation) -> str:
    return call.properties["callee"].root_reference.data  # pyright: ignore[reportAttributeAccessIssue]


def _callers_first(functions: dict[str, Operation]) -> list[Operation]:
    """The functions with every caller before its callees (Triton walks the call graph post-order
    from its roots and analyses in reverse), the rest in module order."""
    called = {
        _callee_name(op) for func in functions.values() for op in walk(func) if isinstance(op, tt.CallOp)
    }
    post_order: list[Operation] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen or name not in functions:
            return
        seen.add(name)
        for op in walk(functions[name]):
            if isinstance(op, tt.CallOp):
                visit(_callee_name(op))
        post_order.append(functions[name])

    for name in functions:
        if name not in called:
            visit(name)
    for name in functions:
        visit(name)
    return post_order[::-1]


def _forward_to_callee(caller: AxisInfoAnalysis, call: Operation, callee: Operation) -> None:
    """Triton's `ModuleAxisInfoAnalysis::update`: each argument of rank 1 hands its contiguity,
    divisibility and constancy to the callee's argument as i64 hints, combined (gcd) with what
    other call sites gave."""
    arg_attrs = callee.properties.get("arg_attrs")
    count = len(call.operands)
    entries = [dict(d.data) for d in arg_attrs.data] if isinstance(arg_attrs, ArrayAttr) else []  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType, reportUnknownArgumentType]
    entries += [{} for _ in range(count - len(entries))]
    for index, value in enumerate(call.operands):
        info = caller.get(value)
        if info.rank != 1:
            continue
        for name, given in zip(HINTS, (info.contiguity[0], info.divisibility[0], info.constancy[0]),
                               strict=True):
            previous = entries[index].get(name)
            current = previous.value.data if isinstance(previous, IntegerAttr) else MAX_DIVISOR
            entries[index][name] = IntegerAttr(gcd(given, current), IntegerType(64))
    callee.properties["arg_attrs"] = ArrayAttr([DictionaryAttr(e) for e in entries])  # pyright: ignore[reportUnknownArgumentType]


class ModuleAxisInfo:
    """Axis info for every function of a module, with Triton's alignment queries."""

    def __init__(self, module: ModuleOp) -> None:
        self.functions: list[AxisInfoAnalysis] = []
        self._owner: dict[SSAValue, AxisInfoAnalysis] = {}
        functions = {
            op.properties["sym_name"].data: op  # pyright: ignore[reportAttributeAccessIssue]
            for op in walk(module)
            if isinstance(op, tt.FuncOp) and op.regions[0].blocks.first is not None
        }
        for func in _callers_first(functions):
            analysis = AxisInfoAnalysis(func)
            self.functions.append(analysis)
            for value in analysis.values:
                self._owner[value] = analysis
            for call in walk(func):
                callee = functions.get(_callee_name(call)) if isinstance(call, tt.CallOp) else None
                if callee is not None:
                    _forward_to_callee(analysis, call, callee)

    def get(self, value: SSAValue) -> AxisInfo:
        analysis = self._owner.get(value)
        return analysis.get(value) if analysis else pessimistic(value)

    def alignment(self, value: SSAValue, order0: int, element_bits: int) -> int:
        """Triton's `getAlignment`: how many elements along `order0` start aligned and
        contiguous (pointer divisibility counts bytes)."""
        info = self.get(value)
        divisibility = info.divisibility[order0]
        if isinstance(element_type_or_self(value.type), PointerType):
            divisibility = max(divisibility // max(element_bits // 8, 1), 1)
        return min(divisibility, info.contiguity[order0])

    def contiguity(self, value: SSAValue, order0: int, contig_per_thread: int, element_bits: int) -> int:
        """Triton's `getContiguity`: the alignment, capped by the elements one thread holds
        contiguously along the fastest dimension of its layout."""
        return min(self.alignment(value, order0, element_bits), contig_per_thread)

    def mask_alignment(self, mask: SSAValue, order0: int) -> int:
        """Triton's `getMaskAlignment`: the mask's constancy along the fastest dimension."""
        if not isinstance(mask.type, TensorType):
            return 1
        return max(self.get(mask).constancy[order0], 1)
