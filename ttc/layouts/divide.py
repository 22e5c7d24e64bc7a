"""Dividing linear layouts: is one layout a product with another on the left?

Mirrors `divideLeft` of Triton's `LinearLayout.cpp` and `factorMaximalIdentityPrefix`,
`regPermForDivide` (left division, applied) and `largestVectorisation` of its `LayoutUtils.cpp`.
They answer whether a conversion (registers -> memory coordinates) starts with a given tile, such
as a vector of consecutive offsets or a tensor-memory message, possibly after reordering registers.
"""

from __future__ import annotations

from ttc.layouts.linear import LinearLayout

REG = "register"


def starts_with_bases_of(a: LinearLayout, b: LinearLayout, in_dim: str) -> bool:
    """Whether the first bases of `in_dim` in `a` are those of `b` (`b`'s missing outputs read
    as 0, a missing `in_dim` as no bases)."""
    in_b = b.in_dim_size_log2(in_dim) if b.has_in_dim(in_dim) else 0
    if in_b > a.in_dim_size_log2(in_dim):
        return False
    return all(
        a.get_basis(in_dim, i, o) == (b.get_basis(in_dim, i, o) if b.has_out_dim(o) else 0)
        for i in range(in_b)
        for o in a.out_dims
    )


def divide_left(a: LinearLayout, b: LinearLayout) -> LinearLayout | None:
    """Triton's `divideLeft`: the C with `a == b * c`, if there is one."""
    if not set(b.in_dims) <= set(a.in_dims) or not set(b.out_dims) <= set(a.out_dims):
        return None
    out_b = {o: b.out_dim_size_log2(o) if b.has_out_dim(o) else 0 for o in a.out_dims}
    out_c = {o: a.out_dim_size_log2(o) - out_b[o] for o in a.out_dims}
    if any(v < 0 for v in out_c.values()):
        return None
    bases: list[tuple[str, list[list[int]]]] = []
    for in_dim in a.in_dims:
        if not starts_with_bases_of(a, b, in_dim):
            return None
        in_b = b.in_dim_size_log2(in_dim) if b.has_in_dim(in_dim) else 0
        vectors: list[list[int]] = []
        for i in range(in_b, a.in_dim_size_log2(in_dim)):
            vector = []
            for o in a.out_dims:
                v = a.get_basis(in_dim, i, o)
                assert isinstance(v, int)
                if v & ((1 << out_b[o]) - 1):
                    return None
                vector.append(v >> out_b[o])
            vectors.append(vector)
        bases.append((in_dim, vectors))
    return LinearLayout(bases, [(o, 1 << out_c[o]) for o in a.out_dims])


def factor_identity_prefix(
    layout: LinearLayout, in_dim: str, out_dim: str, max_size: int
) -> tuple[int, LinearLayout]:
    """Triton's `factorMaximalIdentityPrefix`: the largest `size <= max_size` such that `layout`
    starts with an identity of `size` from `in_dim` to `out_dim`, and the quotient."""
    best, quotient = 1, layout
    size = 2
    while size <= max_size:
        divided = divide_left(layout, LinearLayout.identity_1d(size, in_dim, out_dim))
        if divided is None:
            break
        best, quotient = size, divided
        size *= 2
    return best, quotient


def with_registers(layout: LinearLayout, registers: list[list[int]]) -> LinearLayout:
    bases = layout.bases
    bases[REG] = registers
    return LinearLayout(bases.items(), layout.out_dim_sizes)


def permute_for_divide(cvt: LinearLayout, tile: LinearLayout) -> LinearLayout | None:
    """`regPermForDivide(cvt, tile, left=true)` applied: the register bases of `tile` moved to
    the front of `cvt`'s, in tile order; None if some tile basis is not among them."""
    padded = LinearLayout.empty()
    for out in cvt.out_dims:
        padded = padded * LinearLayout.identity_1d(1, REG, out)
    wanted = (padded * tile).transpose_outs(cvt.out_dims).bases[REG]
    have = cvt.bases[REG]
    used = [False] * len(have)
    front: list[int] = []
    for basis in wanted:
        index = next((j for j, b in enumerate(have) if not used[j] and b == basis), None)
        if index is None:
            return None
        used[index] = True
        front.append(index)
    order = front + [j for j in range(len(have)) if not used[j]]
    return with_registers(cvt, [have[j] for j in order])


def largest_vectorisation(cvt: LinearLayout, bitwidth: int, max_elems: int | None) -> int:
    """Triton's `largestVectorisation`: the most elements (a power of two, at most 128 bits or
    `max_elems`) one access of consecutive `offset`s can move; registers may be reordered unless
    `max_elems` is given."""
    vec = max_elems if max_elems is not None else 128 // bitwidth
    while vec > 1:
        tile = LinearLayout.identity_1d(vec, REG, "offset")
        permuted = permute_for_divide(cvt, tile)
        unpermuted = max_elems is None or permuted == cvt
        if permuted is not None and unpermuted and divide_left(permuted, tile) is not None:
            return vec
        vec //= 2
    return 1
