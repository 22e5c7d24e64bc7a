"""Dimension orders and per-thread counts of a distributed layout, read off its linear layout
(Triton's `LinearEncodingAttr::getOrder`, `getThreadOrder`, `getWarpOrder`, `getElemsPerThread`).

* `layout_order`: tensor dimensions in the order register bases first move them, the rest from
  `rank-1` down;
* `thread_order` / `warp_order`: the same over lane / warp bases, falling back to `layout_order`;
* `elems_per_thread`: per dimension, two to the number of register bases moving it, broadcast
  (zero) bases counted on dimension 0, as Triton does;
* `contig_per_thread`: per dimension, the run of consecutive elements a thread holds there
  (`getContigPerThread`);
* `bases_per_dim`: per dimension, two to the number of (non-broadcast) bases of an input
  dimension moving it, e.g. the threads per warp or warps per CTA along each dimension.
"""

from __future__ import annotations

from collections.abc import Iterable

from ttc.layouts.linear import LinearLayout


def order_per_dim(layout: LinearLayout, in_dim: str, default: Iterable[int]) -> tuple[int, ...]:
    """Triton's `orderPerDim`: output dimensions in the order the bases of `in_dim` first move
    them (broadcast bases skipped), then the others in `default` order."""
    order: list[int] = []
    for basis in layout.bases.get(in_dim, []):
        moved = next((i for i, v in enumerate(basis) if v), None)
        if moved is not None and moved not in order:
            order.append(moved)
    order += [d for d in default if d not in order]
    return tuple(order)


def layout_order(layout: LinearLayout) -> tuple[int, ...]:
    """Triton's `getOrder` of a distributed layout: the dimensions register bases first move, then
    the rest high to low (`orderPerDim(register, [rank-1, ..., 0])`)."""
    return order_per_dim(layout, "register", range(layout.num_out_dims - 1, -1, -1))


def thread_order(layout: LinearLayout) -> tuple[int, ...]:
    """Triton's `getThreadOrder` (lane bases first, then `layout_order`)."""
    return order_per_dim(layout, "lane", layout_order(layout))


def elems_per_thread(layout: LinearLayout) -> tuple[int, ...]:
    """Triton's `getElemsPerThread`: registers per dimension, broadcast ones counted on dim 0."""
    counts = [1] * layout.num_out_dims
    for basis in layout.bases.get("register", []):
        moved = next((i for i, v in enumerate(basis) if v), 0)
        counts[moved] *= 2
    return tuple(counts)


def bases_per_dim(layout: LinearLayout, in_dim: str) -> tuple[int, ...]:
    """Triton's `basesPerDim` (broadcast bases skipped): `getThreadsPerWarp` for "lane",
    `getWarpsPerCTA` for "warp"."""
    counts = [1] * layout.num_out_dims
    for basis in layout.bases.get(in_dim, []):
        moved = next((i for i, v in enumerate(basis) if v), None)
        if moved is not None:
            counts[moved] *= 2
    return tuple(counts)


def warp_order(layout: LinearLayout) -> tuple[int, ...]:
    """Triton's `getWarpOrder` (warp bases first, then `layout_order`)."""
    return order_per_dim(layout, "warp", layout_order(layout))


def contig_per_thread(layout: LinearLayout) -> tuple[int, ...]:
    """Triton's `getContigPerThread`: taking dimensions in `layout_order`, each leading register
    basis that steps the current dimension by its run so far doubles that run; the first basis
    that does not moves on to the next dimension."""
    contig = [1] * layout.num_out_dims
    bases = iter(layout.bases.get("register", []))
    basis = next(bases, None)
    for dim in layout_order(layout):
        while basis is not None and list(basis) == [contig[dim] if d == dim else 0 for d in range(len(contig))]:
            contig[dim] *= 2
            basis = next(bases, None)
    return tuple(contig)
