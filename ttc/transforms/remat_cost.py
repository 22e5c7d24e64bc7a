"""Whether rematerializing a backward slice beats keeping its conversion: Triton's
`isRematBeneficial` cost model (RemoveLayoutConversions.cpp), in milli-SM-cycles.

* A conversion costs nothing when it only moves registers within each thread; otherwise it is
  assumed to round-trip through shared memory: 32 cycles per byte, counting at least 32 elements
  of at least 32 bits (`getConvertCost`).
* Rematerializing costs the new conversions it needs plus, per op of the slice: nothing for a
  constant; for arith/math ops their result bytes (times 8 for the expensive ones that use the
  special function unit), times how many more unique elements each thread holds in the new
  layout, minus the copy that disappears when the op is used only inside the slice. An op used
  outside the slice (it stays, so the slice duplicates it) adds its cost: a load 8 per loaded byte
  (assumed L1-cached), a reduction its intra-warp and 8 times its inter-warp reduced size; a
  floating-point sum or product over more than two elements is not associative, and duplicating
  it would change results, so the slice is not rematerialized at all.
* Values flowing through `scf.yield` into loop arguments or `scf.if` results used only inside the
  slice (or not at all) do not count as uses outside it; what feeds a value used outside the slice
  is, transitively, used outside it too.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects import arith as xarith
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import AnyFloat, IntegerType, TensorType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from ttc.analysis.lowering_helpers import ConversionKind, conversion_kind, tensor_layout
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import bit_width, encoding_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.upstream import arith, math, scf
from ttc.ir.walk import walk
from ttc.layouts.linear import LayoutError
from ttc.layouts.order import bases_per_dim

EXPENSIVE_MATH = (
    xarith.DivfOp,
    math.ErfcOp,
    xmath.SinhOp,
    xmath.CoshOp,
    xmath.TanhOp,
    xmath.AsinhOp,
    xmath.AcoshOp,
    xmath.AtanhOp,
    xmath.CtPopOp,
    xmath.CountLeadingZerosOp,
    xmath.CountTrailingZerosOp,
    xmath.ExpOp,
    xmath.Exp2Op,
    xmath.ExpM1Op,
    xmath.LogOp,
    xmath.Log2Op,
    xmath.Log10Op,
    xmath.Log1pOp,
    xmath.SinOp,
    xmath.CosOp,
    xmath.TanOp,
    xmath.AsinOp,
    xmath.AcosOp,
    xmath.AtanOp,
    xmath.Atan2Op,
    xmath.PowFOp,
    xmath.SqrtOp,
    xmath.RsqrtOp,
    xmath.ErfOp,
    xmath.CbrtOp,
)
"""Ops of several instructions or below 16 per cycle per SM (CUDA's arithmetic throughput table)."""

REGION_BRANCH_OPS = (scf.ForOp, scf.IfOp, scf.WhileOp)


def byte_count(value: SSAValue, min_elements: int = 0, min_bits: int = 0) -> int:
    """Triton's `getByteCount`: elements times element bits (pointers count no bits), each at
    least its minimum, in bytes."""
    elements = bits = 0
    type_ = value.type
    if isinstance(type_, TensorType):
        elements = 1
        for size in type_.get_shape():
            elements *= size
        element = type_.get_element_type()
        if isinstance(element, IntegerType | AnyFloat):
            bits = bit_width(element)
    return (max(elements, min_elements) * max(bits, min_bits)) >> 3


def convert_cost(src: SSAValue, encoding: Attribute) -> int:
    """Triton's `getConvertCost`: converting `src` to `encoding`."""
    type_ = src.type
    assert isinstance(type_, TensorType)
    dst = TensorType(type_.get_element_type(), type_.get_shape(), encoding)
    try:
        if conversion_kind(tensor_layout(type_), tensor_layout(dst)) is ConversionKind.REGISTERS:
            return 0
    except LayoutError:
        pass
    return 32 * byte_count(src, 32, 32)


def unique_elements_per_thread(encoding: Attribute, shape: Iterable[int]) -> int:
    """Triton's `getUniqueElemsPerThread`: registers of a thread holding distinct elements."""
    layout = to_linear_layout(encoding, list(shape)).remove_zero_bases_along_dim("register")
    return layout.in_dim_size("register")


def cost_factor(result: SSAValue, encoding: Attribute) -> int:
    """Triton's `getCostFactor`: how many times the work per thread grows in `encoding`."""
    type_ = result.type
    assert isinstance(type_, TensorType) and type_.encoding is not None
    shape = type_.get_shape()
    old = unique_elements_per_thread(type_.encoding, shape)
    return max(1, unique_elements_per_thread(encoding, shape) // old)


def _yield_targets(user: Operation, index: int) -> list[SSAValue] | None:
    """The values an operand of a region-branch op or of its `scf.yield` flows into
    (MLIR's successor operand-input mapping), or None where it flows into none."""
    if isinstance(user, scf.YieldOp):
        parent = user.parent_op()
        assert parent is not None
        if isinstance(parent, scf.ForOp):
            body = parent.regions[0].blocks.first
            assert body is not None
            return [body.args[index + 1], parent.results[index]]
        if isinstance(parent, scf.IfOp):
            return [parent.results[index]]
        return None
    if isinstance(user, scf.ForOp) and index >= 3:
        body = user.regions[0].blocks.first
        assert body is not None
        return [body.args[index - 2], user.results[index - 3]]
    return None


def _feeding_operands(value: SSAValue) -> list[SSAValue] | None:
    """The operands flowing into a result or loop argument of a region-branch op (MLIR's inverse
    mapping), or None where `value` is not fed that way."""
    if isinstance(value, BlockArgument):
        loop = value.block.parent_op()
        if not isinstance(loop, scf.ForOp) or value.index == 0:
            return None
        position = value.index - 1
    else:
        owner = value.owner
        assert isinstance(owner, Operation)
        position = value.index  # pyright: ignore[reportAttributeAccessIssue]
        loop = owner
    yields = [region.blocks.first.last_op for region in loop.regions if region.blocks.first]
    if isinstance(loop, scf.ForOp):
        return [loop.operands[3 + position], yields[0].operands[position]]  # pyright: ignore[reportOptionalMemberAccess]
    if isinstance(loop, scf.IfOp):
        return [y.operands[position] for y in yields if y is not None]
    return None


def used_outside(cvt: Operation, slice_: Iterable[SSAValue]) -> dict[SSAValue, None]:
    """The values of the slice that survive its rematerialization: used outside the slice (other
    than by the conversion), or feeding such a value."""
    values = dict.fromkeys(slice_)
    slice_ops = {v.owner for v in values if isinstance(v.owner, Operation)}
    outside: dict[SSAValue, None] = {}
    for value in values:
        for use in value.uses:
            user = use.operation
            if user is cvt or user in slice_ops:
                continue
            targets = _yield_targets(user, use.index)
            if targets is not None and all(t in values or not t.uses for t in targets):
                continue
            outside[value] = None
            break
    queue = list(outside)
    while queue:
        value = queue.pop()
        owner = value.owner if isinstance(value.owner, Operation) else value.block.parent_op()  # pyright: ignore[reportAttributeAccessIssue]
        assert isinstance(owner, Operation)
        feeding = _feeding_operands(value) if isinstance(owner, REGION_BRANCH_OPS) else None
        for operand in feeding if feeding is not None else owner.operands:
            if operand in values and operand not in outside:
                outside[operand] = None
                queue.append(operand)
    return outside


def _reduce_cost(op: Operation) -> int | None:
    """What duplicating a reduction costs, or None when it must not be duplicated."""
    src = op.operands[0].type
    assert isinstance(src, TensorType) and src.encoding is not None
    axis = op.properties["axis"].value.data  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    shape = src.get_shape()
    float_sum = isinstance(src.get_element_type(), AnyFloat) and shape[axis] > 2 and any(
        isinstance(nested, (xarith.AddfOp, xarith.MulfOp)) for nested in walk(op)
    )
    if float_sum:
        return None
    layout = to_linear_layout(src.encoding, list(shape))
    return bases_per_dim(layout, "lane")[axis] + 8 * bases_per_dim(layout, "warp")[axis]


def is_remat_beneficial(
    cvt: Operation, slice_: Iterable[SSAValue], layout: dict[SSAValue, Attribute],
    new_cvt_cost: int, disable_splitting: bool,
) -> bool:
    """Triton's `isRematBeneficial`: rematerializing `slice_` in `layout` (adding conversions
    costing `new_cvt_cost`) is no dearer than `cvt`; with `disable_splitting`, only when nothing
    of the slice survives."""
    values = list(slice_)
    outside = used_outside(cvt, values)
    if disable_splitting and outside:
        return False
    target = encoding_of(cvt.results[0].type)
    assert target is not None
    convert = convert_cost(cvt.operands[0], target)
    remat = new_cvt_cost
    ops = dict.fromkeys(v.owner for v in values if isinstance(v.owner, Operation))
    for op in ops:
        survives = any(r in outside for r in op.results)
        if isinstance(op, arith.ConstantOp):
            continue
        if op.name.startswith(("arith.", "math.")):
            multiplier = 8 if isinstance(op, EXPENSIVE_MATH) else 1
            for result in op.results:
                factor = cost_factor(result, layout[result]) - (0 if survives else 1)
                remat += multiplier * byte_count(result) * factor
            continue
        if not survives:
            continue
        if isinstance(op, (tt.LoadOp, ttg.LocalLoadOp)):
            remat += sum(8 * byte_count(r) for r in op.results)
        elif isinstance(op, tt.ReduceOp):
            cost = _reduce_cost(op)
            if cost is None:
                return False
            remat += cost
    return convert >= remat
