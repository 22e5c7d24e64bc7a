"""Thread ids and element coordinates from linear layouts (Triton's `emitIndices`,
`applyLinearLayout` and `emitRedundantThreadPredicate`).

A distributed layout maps (register, lane, warp, block) to tensor coordinates linearly over F2, so
the coordinate of register `r` of the current thread is `L(r, 0, 0, 0) ^ L(0, lane, warp, block)`:
the register part is folded at compile time, and the thread part is emitted once with integer ops
on `tid.x`. Each output dimension of the thread part is an XOR of terms `(in & mask) << s` (or
`>> s`), one per input dimension and bit shift, so a blocked layout costs an `and` and a `shl`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from xdsl.ir import SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.dialects import llvm
from ttc.layouts.linear import LinearLayout

THREAD_DIMS = ("lane", "warp", "block")


def thread_id(lw: FunctionLowering) -> SSAValue:
    """`tid.x` masked to the CTA's thread count, as Triton's `getThreadId` does."""
    tid = lw.special_register("nvvm.read.ptx.sreg.tid.x")
    return lw.binary(llvm.AndOp, tid, lw.num_threads - 1)


def thread_coordinates(lw: FunctionLowering) -> dict[str, SSAValue]:
    """The runtime inputs of a distributed layout: lane, warp and block ids of this thread."""
    tid = thread_id(lw)
    warp_size = lw.target.threads_per_warp
    lane = lw.binary(llvm.URemOp, tid, warp_size)
    warp = lw.binary(llvm.UDivOp, tid, warp_size)
    if lw.num_ctas == 1:
        block = lw.i32(0)
    else:
        block = lw.special_register("nvvm.read.ptx.sreg.cluster.ctarank")
    return {"lane": lane, "warp": warp, "block": block}


def _shifted(lw: FunctionLowering, value: SSAValue, mask: int, size_log2: int, shift: int) -> SSAValue:
    if mask != (1 << size_log2) - 1:
        value = lw.binary(llvm.AndOp, value, mask)
    if shift > 0:
        value = lw.binary(llvm.ShlOp, value, shift)
    elif shift < 0:
        value = lw.binary(llvm.LShrOp, value, -shift)
    return value


def apply_layout(
    lw: FunctionLowering, layout: LinearLayout, inputs: Mapping[str, SSAValue | int]
) -> list[SSAValue]:
    """The output coordinates of `layout` at `inputs` (runtime i32 values or constants).

    Input dimensions missing from `inputs` are taken as 0.
    """
    constant_ins = {d: v if isinstance(v, int) else 0 for d, v in inputs.items()}
    constant_ins = {d: constant_ins.get(d, 0) for d in layout.in_dims}
    constant = layout.apply(constant_ins)
    outs: list[SSAValue] = []
    for out_dim in layout.out_dims:
        terms: list[SSAValue] = []
        for in_dim in layout.in_dims:
            value = inputs.get(in_dim)
            if not isinstance(value, SSAValue):
                continue
            size_log2 = layout.in_dim_size_log2(in_dim)
            masks: dict[int, int] = defaultdict(int)
            for bit in range(size_log2):
                image = layout.get_basis(in_dim, bit, out_dim)
                assert isinstance(image, int)
                for k in range(image.bit_length()):
                    if image >> k & 1:
                        masks[k - bit] |= 1 << bit
            for shift in sorted(masks):
                terms.append(_shifted(lw, value, masks[shift], size_log2, shift))
        result = terms[0] if terms else None
        for term in terms[1:]:
            result = lw.value(llvm.XOrOp(result, term))
        base = constant[out_dim]
        if result is None:
            result = lw.i32(base)
        elif base:
            result = lw.binary(llvm.XOrOp, result, base)
        outs.append(result)
    return outs


def register_coords(layout: LinearLayout, reg: int) -> tuple[int, ...]:
    """The register part of `layout`: the coordinates register `reg` holds in lane 0 of warp 0 of
    block 0, one per tensor dimension (`L(reg, 0, 0, 0)`)."""
    return tuple(layout.apply({d: reg if d == "register" else 0 for d in layout.in_dims}).values())


def linearize(lw: FunctionLowering, index: Sequence[SSAValue], shape: Sequence[int], order: Sequence[int]) -> SSAValue:
    """The offset of element `index` in a dense buffer of `shape` whose dimensions are laid out
    fastest first in `order` (row-major: the last dimension first)."""
    offset: SSAValue | None = None
    stride = 1
    for dim in order:
        term = index[dim] if stride == 1 else lw.binary(llvm.MulOp, index[dim], stride)
        offset = term if offset is None else lw.value(llvm.AddOp(offset, term))
        stride *= shape[dim]
    assert offset is not None
    return offset


def emit_indices(lw: FunctionLowering, layout: LinearLayout) -> list[list[SSAValue]]:
    """For each register, the coordinates (one i32 per tensor dimension) it holds."""
    base = apply_layout(lw, layout, thread_coordinates(lw))
    indices: list[list[SSAValue]] = []
    cache: dict[tuple[int, int], SSAValue] = {}
    for reg in range(layout.in_dim_size("register")):
        coords: list[SSAValue] = []
        for d, (offset, b) in enumerate(zip(register_coords(layout, reg), base, strict=True)):
            if offset == 0:
                coords.append(b)
                continue
            if (d, offset) not in cache:
                cache[(d, offset)] = lw.binary(llvm.XOrOp, b, offset)
            coords.append(cache[(d, offset)])
        indices.append(coords)
    return indices


def distinct_registers(layout: LinearLayout) -> tuple[list[int], list[int]]:
    """The registers holding distinct elements (Triton's unique elements: a register whose index
    has a free register bit repeats another), and for every register the distinct one it
    repeats (`getCanonicalIndex`)."""
    free = layout.get_free_variable_masks().get("register", 0)
    count = layout.in_dim_size("register")
    return [r for r in range(count) if r & free == 0], [r & ~free for r in range(count)]


def redundant_thread_predicate(
    lw: FunctionLowering, free_masks: Mapping[str, int]
) -> SSAValue | None:
    """True on the one thread of each group holding the same data (None when no thread is
    redundant): `(id & free_mask) == 0` for each of lane, warp and block."""
    coords: dict[str, SSAValue] | None = None
    predicate: SSAValue | None = None
    for dim in THREAD_DIMS:
        mask = free_masks.get(dim, 0)
        if not mask:
            continue
        if coords is None:
            coords = thread_coordinates(lw)
        masked = lw.binary(llvm.AndOp, coords[dim], mask)
        predicate = lw.and_(predicate, lw.icmp("eq", masked, 0))
    return predicate


def scalar_free_masks(lw: FunctionLowering) -> dict[str, int]:
    """Free-variable masks of a scalar: every thread holds it, so all thread bits are free."""
    return {
        "lane": lw.target.threads_per_warp - 1,
        "warp": lw.num_warps - 1,
        "block": lw.num_ctas - 1,
    }

