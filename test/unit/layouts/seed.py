"""The layout the seed documents draw (and Triton's own documentation): a `#ttg.blocked` with
`sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]`, as
`blocked_to_linear` parameters, as attribute text, and as a linear layout over a shape."""

from __future__ import annotations

from ttc.layouts.blocked import blocked_to_linear
from ttc.layouts.linear import LinearLayout

SEED_PARAMS = {
    "size_per_thread": [2, 2],
    "threads_per_warp": [8, 4],
    "warps_per_cta": [1, 2],
    "order": [1, 0],
}
SEED_ATTR = "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>"


def seed_layout(shape: tuple[int, ...] = (16, 16)) -> LinearLayout:
    """The seed layout over a tensor of `shape`."""
    return blocked_to_linear(shape, **SEED_PARAMS)  # type: ignore[arg-type]
