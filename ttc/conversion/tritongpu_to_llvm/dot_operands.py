"""What the `tt.dot` lowerings (`dot_mma.py`, `dot_fma.py`) ask of the operands' linear layouts.

Both lowerings pair registers of A, B and the accumulator that hold matching elements in the same
thread. Rather than assuming how Triton numbers the registers of each encoding, they read the
layouts: `RegisterTable` maps the coordinates a register holds in lane 0 of warp 0
(`L(register, 0, 0, 0)`) back to the register, and `threads_agree` checks that the thread part of
an operand's layout (its lane, warp and block bases) moves along M (or N) exactly as the
accumulator's does and not at all along K, so that equal register coordinates mean equal elements
in every thread.
"""

from __future__ import annotations

from collections.abc import Sequence

from typing import Generic, TypeVar

from ttc.conversion.tritongpu_to_llvm.indices import register_coords
from ttc.layouts.linear import LinearLayout

V = TypeVar("V")


class RegisterTable(Generic[V]):
    """The registers of one tensor value, found by the coordinates they hold in thread 0.

    Without `regs` the table only answers which coordinates the registers hold (`coords`)."""

    def __init__(self, layout: LinearLayout, regs: Sequence[V] = ()) -> None:
        self.coords = [register_coords(layout, r) for r in range(layout.in_dim_size("register"))]
        self.regs = list(regs)
        self._index: dict[tuple[int, ...], int] = {}
        for r, coords in enumerate(self.coords):
            self._index.setdefault(coords, r)

    def get(self, coords: tuple[int, ...]) -> V | None:
        """The register holding `coords` in thread 0 (the first of its copies), or None."""
        r = self._index.get(coords)
        return None if r is None else self.regs[r]

    def distinct(self) -> list[tuple[int, ...]]:
        """The coordinates held, each once, in register order."""
        return list(self._index)


def threads_agree(
    operand: LinearLayout,
    result: LinearLayout,
    dim_map: Sequence[int | None],
    in_dims: Sequence[str],
) -> bool:
    """True if, for each input dimension in `in_dims`, every basis of `operand` equals the
    matching basis of `result` on the dimensions the two share and is zero on the others.

    `dim_map[d]` is the result dimension that operand dimension `d` is (None for K).
    """
    for in_dim in in_dims:
        if operand.in_dim_size(in_dim) != result.in_dim_size(in_dim):
            return False
        for op_basis, res_basis in zip(operand.bases[in_dim], result.bases[in_dim], strict=True):
            for d, value in enumerate(op_basis):
                expected = 0 if dim_map[d] is None else res_basis[dim_map[d]]
                if value != expected:
                    return False
    return True
