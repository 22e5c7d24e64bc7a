"""The TritonGPU verifiers' questions about stored linear-layout bases, answered by
`ttc.layouts.linear.LinearLayout`.

Triton's layout attributes store linear layouts as basis lists (`#ttg.linear`,
`#ttg.shared_linear`, `#ttg.padded_shared`, `CGALayout`) and check them with `LinearLayout`
queries: `isPermutationMatrixLayout`, `isInjective`, `isSurjective`, `identityStandardND` and
`orderPerDim`. Each function here reads one list of bases (one value per output dimension) as the
bases of a single input dimension over output dimensions of the given sizes, and asks the layout
algebra of `ttc.layouts`; nothing is computed twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ttc.layouts.linear import LinearLayout
from ttc.layouts.order import order_per_dim as layout_order_per_dim
from ttc.layouts.utils import (
    identity_standard_nd,
    is_permutation_matrix_layout,
    standard_out_dim_names,
)

Basis = Sequence[int]
IN_DIM = "bases"


def out_sizes(bases: Iterable[Basis], rank: int) -> tuple[int, ...]:
    """Per output dimension, the smallest power of two above every basis value (the sizes
    Triton's `LinearLayout(bases, outDimNames)` infers)."""
    sizes = [1] * rank
    for basis in bases:
        for dim, value in enumerate(basis):
            sizes[dim] = max(sizes[dim], 1 << value.bit_length())
    return tuple(sizes)


def as_layout(bases: Sequence[Basis], sizes: Sequence[int]) -> LinearLayout:
    """`bases` as the one input dimension of a layout onto output dimensions of `sizes`."""
    names = standard_out_dim_names(len(sizes))
    return LinearLayout({IN_DIM: [list(b) for b in bases]}, list(zip(names, sizes, strict=True)))


def is_bijective_without_zeros(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """Leaving out all-zero (broadcast) bases, the layout is invertible
    (`removeZeroBasesAlongDim(...).isInvertible()`)."""
    return as_layout(bases, sizes).remove_zero_bases_along_dim(IN_DIM).is_invertible()


def is_permutation_matrix(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """Triton's `isPermutationMatrixLayout`."""
    return is_permutation_matrix_layout(as_layout(bases, sizes))


def is_injective(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """No two inputs reach the same output."""
    return as_layout(bases, sizes).is_injective()


def is_surjective(bases: Sequence[Basis], sizes: Sequence[int]) -> bool:
    """Every output is reached."""
    return as_layout(bases, sizes).is_surjective()


def identity_bases(shape: Sequence[int], order: Sequence[int]) -> list[list[int]]:
    """Triton's `identityStandardND`: one input laid over `shape`, dimension `order[0]` fastest."""
    layout = identity_standard_nd(IN_DIM, shape, order).transpose_outs(standard_out_dim_names(len(shape)))
    return [list(basis) for basis in layout.bases[IN_DIM]]


def order_per_dim(bases: Sequence[Basis], default: Iterable[int]) -> tuple[int, ...]:
    """Triton's `orderPerDim`: output dimensions in the order the bases first move them
    (broadcast bases skipped), then the others in `default` order."""
    rank = len(bases[0]) if bases else 0
    return layout_order_per_dim(as_layout(bases, out_sizes(bases, rank)), IN_DIM, default)
