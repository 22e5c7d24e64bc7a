"""`tt.reduce` → LLVM: Triton's ReduceOpToLLVM (lib/Conversion/TritonGPUToLLVM/ReduceOpToLLVM.cpp).

The source layout (a linear layout) decides every step, through `ReduceGeometry`:

1. *Within a thread*: registers holding distinct elements (broadcast copies skipped) are grouped by
   their coordinates with the axis zeroed and folded in register order.
2. *Within a warp*: a butterfly of `shfl.sync.bfly` over each lane bit that moves along the axis,
   highest first (`16, 8, 4, 2, 1` for a row spread over 32 lanes); on sm_80+, a whole-warp step
   of one 32-bit-or-narrower integer add/and/or/xor/min/max is one `redux.sync` instead.
3. *Across warps* (only when warp bits move along the axis): lane 0 of each group writes its
   partial result to the scratch buffer at [warp index along the axis, other coordinates] (axis
   fastest); `bar.sync`; threads `tid < elements` load one partial each, butterfly over the warp
   count, and the first of each group writes the total back; `bar.sync`; every thread loads its
   results (a scalar from the buffer's start).

The combine region is inlined for every pair by running the registered lowering of each op in it
on scalars — so argmin/argmax-style multi-operand reductions and any elementwise combiner work.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from xdsl.dialects.builtin import IntegerType, TensorType, i32
from xdsl.ir import Operation, SSAValue

from ttc.analysis.allocation import element_type_or_self
from ttc.analysis.lowering_helpers import LANE, REGISTER, WARP, ReduceGeometry
from ttc.conversion.tritongpu_to_llvm.indices import (
    emit_indices,
    linearize,
    register_coords,
    thread_coordinates,
    thread_id,
)
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import inline_scalar_region, lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    barrier,
    from_memory,
    gep,
    load_shared,
    memory_type,
    shared_base,
    shuffle_xor,
    store_shared,
    to_memory,
)
from ttc.dialects.tt.types import bit_width
from ttc.dialects.upstream import llvm, nvvm
from ttc.layouts.linear import LayoutError, LinearLayout

Key = tuple[int, ...]


def combine(lw: FunctionLowering, op: Operation, acc: Sequence[SSAValue], cur: Sequence[SSAValue]) -> list[SSAValue]:
    """Inline `op`'s combine region on (acc..., cur...) and return what it yields."""
    return inline_scalar_region(lw, op, [*acc, *cur])


def butterfly(lw: FunctionLowering, op: Operation, acc: list[SSAValue], masks: Sequence[int]) -> list[SSAValue]:
    """Combine `acc` with the lanes `lane ^ m` for each mask in turn."""
    for mask in masks:
        acc = combine(lw, op, acc, [shuffle_xor(lw, v, mask) for v in acc])
    return acc


_REDUX_KINDS = {
    "arith.addi": "add", "arith.andi": "and", "arith.ori": "or", "arith.xori": "xor",
    "arith.minsi": "min", "arith.minui": "umin", "arith.maxsi": "max", "arith.maxui": "umax",
}  # fmt: skip


def _redux_kind(lw: FunctionLowering, op: Operation) -> str | None:
    """The `redux.sync` kind that does a whole-warp step of `op` (Triton's `matchReduxKind`):
    sm_80+, one commutative integer combiner of at most 32 bits applied to the two block
    arguments, in either order."""
    if lw.target.compute_capability < 80 or len(op.operands) != 1:
        return None
    block = op.regions[0].block
    ops = list(block.ops)
    if len(ops) != 2:
        return None
    combiner, terminator = ops
    if set(combiner.operands) != set(block.args) or list(terminator.operands) != list(combiner.results):
        return None
    result_type = combiner.results[0].type
    if not isinstance(result_type, IntegerType) or result_type.width.data > 32:
        return None
    return _REDUX_KINDS.get(combiner.name)


def _redux(lw: FunctionLowering, kind: str, value: SSAValue) -> SSAValue:
    """`redux.sync` over the full warp; narrower integers are widened to 32 bits around it
    (sign-extended for the signed min/max)."""
    width = bit_width(value.type)
    if width < 32:
        extend = llvm.SExtOp if kind in ("min", "max") else llvm.ZExtOp
        value = lw.value(extend(value, i32))
    reduced = lw.value(nvvm.ReduxOp(kind, value, lw.i32(-1)))
    return reduced if width == 32 else lw.value(llvm.TruncOp(reduced, IntegerType(width)))


def reduce_within_threads(
    lw: FunctionLowering, op: Operation, layout: LinearLayout, axis: int
) -> tuple[dict[Key, list[SSAValue]], dict[Key, int]]:
    """Per output key (coordinates with the axis zeroed): the thread's partial result and the
    first register that contributed to it."""
    regs = [lw.regs(v) for v in op.operands]
    accs: dict[Key, list[SSAValue]] = {}
    first: dict[Key, int] = {}
    seen: set[Key] = set()
    for reg in range(layout.in_dim_size(REGISTER)):
        coords = register_coords(layout, reg)
        if coords in seen:
            continue
        seen.add(coords)
        key = tuple(0 if d == axis else c for d, c in enumerate(coords))
        values = [r[reg] for r in regs]
        if key in accs:
            accs[key] = combine(lw, op, accs[key], values)
        else:
            accs[key] = values
            first[key] = reg
    return accs, first


def _result_keys(lw: FunctionLowering, op: Operation, axis: int) -> list[Key] | None:
    """For a tensor result, the key of each of its registers (None for a scalar result)."""
    result = op.results[0].type
    if not isinstance(result, TensorType):
        return None
    layout = lw.layout(result)
    keys = []
    for reg in range(layout.in_dim_size(REGISTER)):
        coords = list(register_coords(layout, reg))
        coords.insert(axis, 0)
        keys.append(tuple(coords))
    return keys


def bit_field(lw: FunctionLowering, value: SSAValue, bits: Sequence[int]) -> SSAValue:
    """The bits `bits` of `value`, packed low to high (an index along the axis)."""
    result: SSAValue | None = None
    for k, bit in enumerate(bits):
        part = lw.binary(llvm.AndOp, value, 1 << bit)
        shift = bit - k
        if shift > 0:
            part = lw.binary(llvm.LShrOp, part, shift)
        result = part if result is None else lw.value(llvm.OrOp(result, part))
    return result if result is not None else lw.i32(0)


def scratch_bases(lw: FunctionLowering, op: Operation, elements: int) -> list[SSAValue]:
    """One scratch region of `elements` slots per operand of `op` (a `tt.reduce` or `tt.scan`),
    in operand order, laid out widest element type first (Triton's `getSmemBases`).

    The regions are packed one after the other, so each starts at the byte size of the regions
    before it: widest first makes every start a multiple of its own element size (an `i32` region
    after `elements` bytes of `i8` would be misaligned whenever `elements` is not a multiple of 4).
    """
    widths = [bit_width(element_type_or_self(v.type)) for v in op.operands]
    stored = [memory_type(lw.llvm_type(v.type)) for v in op.operands]
    by_width = sorted(range(len(stored)), key=lambda i: -widths[i])
    bases: dict[int, SSAValue] = {by_width[0]: shared_base(lw, op)}
    for prev, index in zip(by_width, by_width[1:]):
        bases[index] = gep(lw, bases[prev], stored[prev], elements)
    return [bases[i] for i in range(len(stored))]


def _cross_warp(
    lw: FunctionLowering, op: Operation, geometry: ReduceGeometry,
    accs: dict[Key, list[SSAValue]], first: dict[Key, int],
) -> dict[Key, list[SSAValue]] | list[SSAValue]:
    layout = geometry.layout
    shape, order, axis = geometry.scratch_shape, geometry.scratch_order, geometry.axis
    elements = prod(shape)
    types = [lw.llvm_type(v.type) for v in op.operands]
    stored_types = [memory_type(t) for t in types]
    bases = scratch_bases(lw, op, elements)
    coords = thread_coordinates(lw)
    lane, warp = coords[LANE], coords[WARP]
    free = layout.get_free_variable_masks()
    lane_mask = free.get(LANE, 0) | sum(1 << b for b in geometry.lane_bits)
    write = lw.icmp("eq", lw.binary(llvm.AndOp, lane, lane_mask), 0) if lane_mask else None
    if free.get(WARP, 0):
        write = lw.and_(write, lw.icmp("eq", lw.binary(llvm.AndOp, warp, free[WARP]), 0))
    warp_along_axis = bit_field(lw, warp, geometry.warp_bits)
    indices = emit_indices(lw, layout)
    for key, acc in accs.items():
        index = list(indices[first[key]])
        index[axis] = warp_along_axis
        offset = linearize(lw, index, shape, order)
        for base, stored, value in zip(bases, stored_types, acc, strict=True):
            store_shared(lw, gep(lw, base, stored, offset), to_memory(lw, value), write)
    barrier(lw)

    tid = thread_id(lw)
    threads = lw.num_threads
    needed = lw.icmp("ult", tid, elements)
    group = geometry.inter_warp_size
    masks = [group >> k for k in range(1, group.bit_length())]
    first_of_group = lw.icmp("eq", lw.binary(llvm.AndOp, lane, group - 1), 0)
    write_back = lw.and_(needed, first_of_group)
    read = tid
    for round_ in range(max(elements // threads, 1)):
        if round_:
            read = lw.binary(llvm.AddOp, read, threads)
        pointers = [gep(lw, b, s, read) for b, s in zip(bases, stored_types, strict=True)]
        partial = [
            from_memory(lw, load_shared(lw, p, s, needed), t)
            for p, s, t in zip(pointers, stored_types, types, strict=True)
        ]
        total = butterfly(lw, op, partial, masks)
        for p, value in zip(pointers, total, strict=True):
            store_shared(lw, p, to_memory(lw, value), write_back)
    barrier(lw)

    result = op.results[0].type
    if not isinstance(result, TensorType):
        return [
            from_memory(lw, load_shared(lw, b, s, None), t)
            for b, s, t in zip(bases, stored_types, types, strict=True)
        ]
    result_layout = lw.layout(result)
    loaded: dict[Key, list[SSAValue]] = {}
    result_keys = _result_keys(lw, op, axis)
    assert result_keys is not None
    for reg, index in enumerate(emit_indices(lw, result_layout)):
        key = result_keys[reg]
        if key in loaded:
            continue
        full = list(index)
        full.insert(axis, lw.i32(0))
        offset = linearize(lw, full, shape, order)
        loaded[key] = [
            from_memory(lw, load_shared(lw, gep(lw, b, s, offset), s, None), t)
            for b, s, t in zip(bases, stored_types, types, strict=True)
        ]
    return loaded


@lowers("tt.reduce")
def _reduce(lw: FunctionLowering, op: Operation) -> None:
    axis = op.axis.value.data  # type: ignore[attr-defined]
    source = op.operands[0].type
    assert isinstance(source, TensorType)
    try:
        geometry = ReduceGeometry.of(source, axis)
    except LayoutError:
        raise lw.cannot_lower(op) from None
    layout = lw.layout(source)
    accs, first = reduce_within_threads(lw, op, layout, axis)
    masks = [1 << bit for bit in reversed(geometry.lane_bits)]
    redux = _redux_kind(lw, op) if len(masks) == 5 and lw.target.threads_per_warp == 32 else None
    for key in accs:
        if redux is not None:
            accs[key] = [_redux(lw, redux, accs[key][0])]
        else:
            accs[key] = butterfly(lw, op, accs[key], masks)
    results: dict[Key, list[SSAValue]] | list[SSAValue]
    if geometry.is_warp_synchronous:
        results = accs if isinstance(op.results[0].type, TensorType) else next(iter(accs.values()))
    else:
        results = _cross_warp(lw, op, geometry, accs, first)
    keys = _result_keys(lw, op, axis)
    for i, result in enumerate(op.results):
        if keys is None:
            assert isinstance(results, list)
            lw.bind(result, [results[i]])
        else:
            assert isinstance(results, dict)
            lw.bind(result, [results[key][i] for key in keys])
