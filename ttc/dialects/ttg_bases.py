"""What the TritonGPU verifiers and printers need to know about linear-layout bases.

Triton's layout attributes store linear layouts (`#ttg.linear`, `#ttg.shared_linear`,
`#ttg.padded_shared`, `CGALayout`) and check them with `LinearLayout` queries:
`isPermutationMatrixLayout`, `isInjective`, `isSurjective`, `identityStandardND` and
`orderPerDim`. The attribute verifiers answer them directly on the basis lists they store, without
building a `ttc.layouts.linear.LinearLayout`: each basis is one value per output dimension, and
flattening a basis (output dimension 0 least significant) gives one F2 vector.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ttc.layouts.linear import is_power_of_two

Basis = Sequence[int]


def out_sizes(bases: Iterable[Basis], rank: int) -> tuple[int, ...]:
    """Per output dimension, the smallest power of two above every basis value (the sizes
    Triton's `LinearLayout(bases, outDimNames)` infers)."""
    sizes = [1] * rank
    for basis in bases:
        for dim, value in enumerate(basis):
            sizes[dim] = max(sizes[dim], 1 << value.bit_length())
    return tuple(sizes)


def flatten(bases: Iterable[Basis], sizes: Sequence[int]) -> list[int]:
    """Each basis as one integer, the output dimensions' bits side by side (dim0 lowest)."""
    shifts, total = [], 0
    for size in sizes:
        shifts.append(total)
        total += size.bit_length() - 1
    return [sum(v << s for v, s in zip(basis, shifts, strict=True)) for basis in bases]


def f2_rank(vectors: Iterable[int]) -> int:
    """The rank over F2 of integers read as bit vectors."""
    pivots: dict[int, int] = {}
    for vector in vectors:
        while vector:
            top = vector.bit_length() - 1
            if top not in pivots:
                pivots[top] = vector
                break
            vector ^= pivots[top]
    return len(pivots)


def total_bits(sizes: Sequence[int]) -> int:
    return sum(size.bit_length() - 1 for size in sizes)


def is_bijective_without_zeros(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """Leaving out all-zero (broadcast) bases, the layout is invertible: as many bases as output
    bits, spanning them all (`removeZeroBasesAlongDim(...).isInvertible()`)."""
    nonzero = [v for v in flatten(bases, sizes) if v]
    return len(nonzero) == total_bits(sizes) == f2_rank(nonzero)


def is_permutation_matrix(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """Triton's `isPermutationMatrixLayout`: bijective once broadcast bases are left out, each
    basis a single bit of the flattened output."""
    flat = flatten(bases, sizes)
    return all(v == 0 or is_power_of_two(v) for v in flat) and is_bijective_without_zeros(
        bases, sizes
    )


def is_injective(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """No two inputs reach the same output: the bases are linearly independent."""
    return f2_rank(flatten(bases, sizes)) == len(bases)


def is_surjective(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """Every output is reached: the bases span all output bits."""
    return f2_rank(flatten(bases, sizes)) == total_bits(sizes)


def identity_bases(shape: Sequence[int], order: Sequence[int]) -> list[list[int]]:
    """Triton's `identityStandardND`: one input laid over `shape`, dimension `order[0]` fastest."""
    bases: list[list[int]] = []
    for dim in order:
        for bit in range(shape[dim].bit_length() - 1):
            bases.append([1 << bit if d == dim else 0 for d in range(len(shape))])
    return bases


def order_per_dim(bases: Iterable[Basis], default: Iterable[int]) -> tuple[int, ...]:
    """Triton's `orderPerDim`: output dimensions in the order the bases first move them
    (broadcast bases skipped), then the others in `default` order."""
    order: list[int] = []
    for basis in bases:
        moved = next((i for i, v in enumerate(basis) if v), None)
        if moved is not None and moved not in order:
            order.append(moved)
    return (*order, *(d for d in default if d not in order))
