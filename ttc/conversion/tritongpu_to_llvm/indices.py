"""Thread ids and element coordinates from linear layouts (Triton's `emitIndices`,
`applyLinearLayout` and `emitRedundantThreadPredicate`).

A distributed layout maps (register, lane, warp, block) to tensor coordinates linearly over F2, so
the coordinate of register `r` of the current thread is `L(r, 0, 0, 0) ^ L(0, lane, warp, block)`:
the register part is folded at compile time, and the thread part is emitted once with integer ops
on `tid.x`: the lane and warp ids are concatenated back into one word (the thread id), and each
output dimension is a matrix-vector product over it, one term `(tid & mask) >> s` per diagonal of
the matrix, so a blocked layout's coordinate is one `and` and one shift of `tid`, the same
arithmetic as Triton's, which LLVM then strength-reduces the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, constant_int
from ttc.dialects.upstream import llvm
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


def _or(lw: FunctionLowering, a: SSAValue, b: SSAValue, disjoint: bool) -> SSAValue:
    properties = {"isDisjoint": UnitAttr()} if disjoint else None
    return lw.value(llvm.OrOp(a, b, properties))


def _tree(
    terms: list[SSAValue], combine: Callable[[SSAValue, SSAValue], SSAValue]
) -> SSAValue | None:
    """`terms` combined pairwise, level by level (Triton's `treeReduce`); None when empty."""
    while len(terms) > 1:
        paired = [combine(terms[i], terms[i + 1]) for i in range(0, len(terms) - 1, 2)]
        terms = paired + terms[len(terms) - len(terms) % 2:]
    return terms[0] if terms else None


def matrix_vector_product(
    lw: FunctionLowering, columns: Sequence[int], num_rows: int, x: SSAValue
) -> SSAValue | None:
    """`A · x` over F2 for the matrix whose column `c` is `columns[c]` (Triton's
    `matrixVectorProd`); None when `A` is zero.

    The matrix is read along its diagonals: diagonal `i` (column - row) becomes one term
    `(x & mask) >> i`. A column left alone on a diagonal once the others are taken out becomes a
    `select` of its image on its bit. Terms whose rows no other column reaches are joined with
    `or disjoint`, the others with `xor`. `x` holds `len(columns)` bits: a mask of all of them
    and a shift by 0 are left out.
    """
    rows_unique = 0
    for row in range(num_rows):
        if sum(column >> row & 1 for column in columns) == 1:
            rows_unique |= 1 << row

    def diagonal(i: int) -> tuple[int, bool]:
        mask, all_unique = 0, True
        row, col = max(-i, 0), max(i, 0)
        while row < num_rows and col < len(columns):
            mask |= (columns[col] >> row & 1) << col
            all_unique &= bool(rows_unique >> row & 1)
            row, col = row + 1, col + 1
        return mask, all_unique

    diagonals = range(-num_rows + 1, len(columns))
    explicit = 0
    changed = True
    while changed:
        changed = False
        for i in diagonals:
            rest = diagonal(i)[0] & ~explicit
            if rest and rest & (rest - 1) == 0:
                explicit |= rest
                changed = True

    ors: list[SSAValue] = []
    xors: list[SSAValue] = []
    for i in diagonals:
        mask, all_unique = diagonal(i)
        mask &= ~explicit
        if not mask:
            continue
        term = x if mask == (1 << len(columns)) - 1 else lw.binary(llvm.AndOp, x, mask)
        if i > 0:
            term = lw.binary(llvm.LShrOp, term, i)
        elif i < 0:
            term = lw.binary(llvm.ShlOp, term, -i)
        (ors if all_unique else xors).append(term)
    for col, image in enumerate(columns):
        if not explicit >> col & 1 or not image:
            continue
        bit_is_zero = lw.icmp("eq", lw.binary(llvm.AndOp, x, 1 << col), 0)
        term = lw.value(llvm.SelectOp(bit_is_zero, lw.i32(0), lw.i32(image)))
        (ors if rows_unique & image == image else xors).append(term)

    or_part = _tree(ors, lambda a, b: _or(lw, a, b, disjoint=True))
    xor_part = _tree(xors, lambda a, b: lw.value(llvm.XOrOp(a, b)))
    if or_part is None or xor_part is None:
        return or_part or xor_part
    return _or(lw, or_part, xor_part, disjoint=True)


def apply_layout(
    lw: FunctionLowering, layout: LinearLayout, inputs: Mapping[str, SSAValue | int]
) -> list[SSAValue]:
    """The output coordinates of `layout` at `inputs` (runtime i32 values or constants), as
    Triton's `applyLinearLayout` computes them.

    Input dimensions missing from `inputs` are taken as 0. Constant inputs are folded; the
    runtime ones are concatenated into one word `x` (the first input dimension in the low bits),
    and each output coordinate is the constant part XOR the matrix-vector product of the
    flattened sublayout with `x`. For a thread's lane and warp ids, `x` is `tid` itself, so each
    field of a coordinate is one `(tid & mask) >> s`.
    """
    constant_ins = {d: 0 for d in layout.in_dims}
    runtime: list[str] = []
    x: SSAValue | None = None
    width = 0
    for dim in layout.in_dims:
        value = inputs.get(dim, 0)
        known = value if isinstance(value, int) else constant_int(value)
        if known is not None:
            constant_ins[dim] = known
            continue
        assert isinstance(value, SSAValue)
        size_log2 = layout.in_dim_size_log2(dim)
        if size_log2 == 0:
            continue
        runtime.append(dim)
        shifted = lw.binary(llvm.ShlOp, value, width) if width else value
        x = shifted if x is None else _or(lw, x, shifted, disjoint=False)
        width += size_log2
    assert width <= 32, "the runtime inputs of a layout must fit in 32 bits"
    constant = layout.apply(constant_ins)
    outs: list[SSAValue] = []
    for out_dim in layout.out_dims:
        product = None
        if x is not None:
            columns = layout.sublayout(runtime, [out_dim]).columns()
            product = matrix_vector_product(lw, columns, layout.out_dim_size_log2(out_dim), x)
        base = constant[out_dim]
        if product is None:
            outs.append(lw.i32(base))
        else:
            outs.append(lw.binary(llvm.XOrOp, product, base) if base else product)
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

