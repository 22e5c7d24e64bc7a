"""The permutation helpers of `ttc.layouts.permutation` (MLIR's `isPermutationVector`,
`invertPermutationVector` and `applyPermutation`, as `tt.trans` orders use them)."""

from __future__ import annotations

import itertools

import pytest

from ttc.layouts.permutation import apply_permutation, inverse_permutation, is_permutation


@pytest.mark.parametrize(
    ("order", "expected"),
    [([], True), ([0], True), ([1, 0], True), ([2, 0, 1], True), ([0, 0], False), ([1, 2], False), ([0, 2], False)],
)
def test_is_permutation(order: list[int], expected: bool) -> None:
    assert is_permutation(order) is expected


def test_inverse_permutation_undoes_the_order() -> None:
    assert inverse_permutation([2, 0, 1]) == [1, 2, 0]
    for order in itertools.permutations(range(4)):
        inverse = inverse_permutation(order)
        assert all(inverse[o] == i for i, o in enumerate(order))
        assert apply_permutation(apply_permutation(list("abcd"), order), inverse) == list("abcd")


def test_apply_permutation_is_a_transpose() -> None:
    # `tt.trans` of a 2 x 3 x 4 tensor by [2, 0, 1] is 4 x 2 x 3.
    assert apply_permutation([2, 3, 4], [2, 0, 1]) == [4, 2, 3]
    # A `tt.trans` of a `tt.trans` is one `tt.trans` by the inner order permuted by the outer.
    inner, outer = [1, 2, 0], [2, 0, 1]
    shape = [5, 6, 7]
    composed = apply_permutation(inner, outer)
    assert apply_permutation(apply_permutation(shape, inner), outer) == apply_permutation(shape, composed)
