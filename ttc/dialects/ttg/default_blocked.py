"""Triton's shape-based blocked-encoding builders (TritonGPU Dialect.cpp).

- `cta_layout_for_shape`: how `numCTAs` CTAs split a tensor, slowest dimensions first;
- `blocked_for_shape`: the `BlockedEncodingAttr::get(shape, sizePerThread, order, numWarps,
  threadsPerWarp, numCTAs)` builder, which spreads lanes and warps over the fastest dimensions
  first and gives the slowest dimension what is left;
- `default_blocked`: `getDefaultBlockedEncoding` (one element per thread, row-major order), the
  layout `convert-triton-to-tritongpu` gives every tensor; made once per shape and launch
  configuration (an attribute is an immutable value, uniqued as in MLIR's context).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ttc.dialects.ttg.attrs import BlockedEncodingAttr, CTALayout
from ttc.layouts.cga import shape_per_cta


def cta_layout_for_shape(
    shape: Sequence[int], size_per_thread: Sequence[int], order: Sequence[int], num_ctas: int
) -> CTALayout:
    """The CTA split of the numCTAs builder: CTAs go to the slowest dimensions first."""
    rank = len(shape)
    per_cga = [1] * rank
    split = [1] * rank
    remaining = num_ctas
    for d in range(rank - 1, -1, -1):
        i = order[d]
        per_cga[i] = max(1, min(remaining, max(1, shape[i] // size_per_thread[i])))
        split[i] = per_cga[i]
        remaining //= per_cga[i]
    per_cga[rank - 1] *= remaining
    return CTALayout(tuple(per_cga), tuple(split), tuple(order))


def blocked_for_shape(
    shape: Sequence[int],
    size_per_thread: Sequence[int],
    order: Sequence[int],
    num_warps: int,
    threads_per_warp: int,
    cta: CTALayout,
) -> BlockedEncodingAttr:
    """Triton's shape-based `BlockedEncodingAttr` builder."""
    rank = len(shape)
    per_cta = shape_per_cta(cta.cta_split_num, shape)
    lanes = [0] * rank
    warps = [0] * rank
    remaining_lanes, remaining_warps = threads_per_warp, num_warps
    remaining_threads = num_warps * threads_per_warp
    prev_lanes = prev_warps = 1
    for d in range(rank - 1):
        i = order[d]
        threads = max(1, min(remaining_threads, max(1, per_cta[i] // size_per_thread[i])))
        lanes[i] = max(1, min(threads, remaining_lanes))
        warps[i] = max(1, min(threads // lanes[i], remaining_warps))
        remaining_warps //= warps[i]
        remaining_lanes //= lanes[i]
        remaining_threads //= threads
        prev_lanes *= lanes[i]
        prev_warps *= warps[i]
    lanes[order[rank - 1]] = threads_per_warp // prev_lanes
    warps[order[rank - 1]] = num_warps // prev_warps
    return BlockedEncodingAttr.make(size_per_thread, lanes, warps, order, cta)


def default_blocked(
    shape: Sequence[int], num_warps: int, threads_per_warp: int, num_ctas: int
) -> BlockedEncodingAttr:
    """Triton's `getDefaultBlockedEncoding`: sizePerThread all 1, order rank-1..0."""
    return _default_blocked(tuple(shape), num_warps, threads_per_warp, num_ctas)


@lru_cache(maxsize=4096)
def _default_blocked(
    shape: tuple[int, ...], num_warps: int, threads_per_warp: int, num_ctas: int
) -> BlockedEncodingAttr:
    rank = len(shape)
    order = list(range(rank - 1, -1, -1))
    size_per_thread = [1] * rank
    cta = cta_layout_for_shape(shape, size_per_thread, order, num_ctas)
    return blocked_for_shape(shape, size_per_thread, order, num_warps, threads_per_warp, cta)
