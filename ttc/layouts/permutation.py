"""Permutations of tensor dimensions, as MLIR's IndexingUtils (`isPermutationVector`,
`invertPermutationVector`, `applyPermutation`) and Triton's `tt.trans` / `ttg.memdesc_trans`
`order` use them: dimension i of the result is dimension `order[i]` of the source."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def is_permutation(order: Sequence[int]) -> bool:
    """MLIR's `isPermutationVector`: `order` holds each of 0..len(order)-1 once."""
    return sorted(order) == list(range(len(order)))


def inverse_permutation(order: Sequence[int]) -> list[int]:
    """MLIR's `invertPermutationVector`: the permutation undoing `order` (`inverse[order[i]] == i`)."""
    inverse = [0] * len(order)
    for i, o in enumerate(order):
        inverse[o] = i
    return inverse


def apply_permutation(values: Sequence[T], order: Sequence[int]) -> list[T]:
    """MLIR's `applyPermutation`: `values` reordered so that entry i is `values[order[i]]` (a
    transposed shape, or the order of a `tt.trans` of a `tt.trans`)."""
    return [values[o] for o in order]
