"""`#ttg.blocked` and `#ttg.slice` as linear layouts (Triton's BlockedEncodingAttr and
SliceEncodingAttr `toLinearLayout`).

A blocked layout gives each thread a `sizePerThread` block of elements, `threadsPerWarp` threads
per warp and `warpsPerCTA` warps per CTA, each counted along `order` (`order[0]` fastest). As a
linear layout that is three identity maps multiplied together — registers, then lanes, then warps,
each filling the tensor dimensions in `order` — fitted to the tensor's shape together with the
cluster's `block` dimension (see `ttc.layouts.cga`). A slice layout is its parent with one tensor
dimension (of size 1 in the parent) projected away; registers that only served that dimension are
dropped.

These functions take plain parameters, never attribute objects: `ttc.dialects.ttg.linear_layouts` adapts
the `ttg` attributes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttc.layouts.cga import combine_cta_cga_with_shape, make_cga_layout
from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two
from ttc.layouts.utils import identity_standard_nd, standard_out_dim_names


def blocked_to_linear(
    shape: Sequence[int],
    size_per_thread: Sequence[int],
    threads_per_warp: Sequence[int],
    warps_per_cta: Sequence[int],
    order: Sequence[int],
    ctas_per_cga: Sequence[int] | None = None,
    cta_split_num: Sequence[int] | None = None,
    cta_order: Sequence[int] | None = None,
) -> LinearLayout:
    """The linear layout of `#ttg.blocked` for a tensor of `shape`.

    Inputs are `register, lane, warp, block`; outputs `dim0, dim1, ...` with the tensor's sizes.
    The cluster parameters are given all together or not at all; absent, the tensor lives in one
    CTA (`CTAsPerCGA = CTASplitNum = [1, ...]`, `CTAOrder = [rank-1, ..., 0]`, Triton's default).
    """
    rank = len(shape)
    fields = {
        "sizePerThread": size_per_thread,
        "threadsPerWarp": threads_per_warp,
        "warpsPerCTA": warps_per_cta,
        "order": order,
    }
    given = [p is not None for p in (ctas_per_cga, cta_split_num, cta_order)]
    if any(given) and not all(given):
        raise LayoutError(
            "CTAsPerCGA, CTASplitNum and CTAOrder must be given together or not at all"
        )
    ones = [1] * rank
    cluster = {
        "CTAsPerCGA": ones if ctas_per_cga is None else ctas_per_cga,
        "CTASplitNum": ones if cta_split_num is None else cta_split_num,
        "CTAOrder": list(range(rank - 1, -1, -1)) if cta_order is None else cta_order,
    }
    for name, values in {**fields, **cluster}.items():
        if len(values) != rank:
            raise LayoutError(
                f"{name} {list(values)} has rank {len(values)}, but the tensor shape "
                f"{'x'.join(map(str, shape))} has rank {rank}"
            )
    for name in ("sizePerThread", "threadsPerWarp", "warpsPerCTA"):
        for value in fields[name]:
            if not is_power_of_two(value):
                raise LayoutError(f"{name} {list(fields[name])} must hold powers of two")
    if sorted(order) != list(range(rank)):
        raise LayoutError(f"order {list(order)} is not a permutation of 0..{rank - 1}")
    _check_shape(shape)
    cta = (
        identity_standard_nd("register", size_per_thread, order)
        * identity_standard_nd("lane", threads_per_warp, order)
        * identity_standard_nd("warp", warps_per_cta, order)
    )
    cga = make_cga_layout(cluster["CTAsPerCGA"], cluster["CTASplitNum"], cluster["CTAOrder"])
    return combine_cta_cga_with_shape(cta, cga, shape)


def slice_parent_shape(shape: Sequence[int], dim: int) -> tuple[int, ...]:
    """The shape the parent of `#ttg.slice<{dim}>` is evaluated at: `shape` with a 1 at `dim`."""
    if not 0 <= dim <= len(shape):
        raise LayoutError(f"slice dim {dim} is out of range for a rank-{len(shape) + 1} parent")
    return (*shape[:dim], 1, *shape[dim:])


def slice_to_linear(
    shape: Sequence[int], dim: int, parent: Callable[[tuple[int, ...]], LinearLayout]
) -> LinearLayout:
    """The linear layout of `#ttg.slice<{dim, parent}>` for a tensor of `shape`.

    `parent` computes the parent encoding's layout for a given shape (any encoding: blocked,
    another slice, ...). It is evaluated at `slice_parent_shape(shape, dim)`; output `dim` (now of
    size 1) is removed and the remaining outputs renumbered; register bases that became zero are
    dropped, as Triton does, so each thread keeps one register per distinct element.
    """
    _check_shape(shape)
    parent_layout = parent(slice_parent_shape(shape, dim))
    parent_names = standard_out_dim_names(len(shape) + 1)
    if parent_layout.out_dims != parent_names:
        raise LayoutError(
            f"the parent layout has outputs {list(parent_layout.out_dims)}, expected "
            f"{list(parent_names)}"
        )
    kept = [d for i, d in enumerate(parent_names) if i != dim]
    projected = parent_layout.sublayout(parent_layout.in_dims, kept)
    renamed = LinearLayout(
        projected.bases.items(),
        list(zip(standard_out_dim_names(len(shape)), (projected.out_dim_size(d) for d in kept))),
    )
    if not renamed.has_in_dim("register"):
        return renamed
    return renamed.remove_zero_bases_along_dim("register")


def _check_shape(shape: Sequence[int]) -> None:
    for size in shape:
        if not is_power_of_two(size):
            shape_text = "x".join(map(str, shape))
            raise LayoutError(
                f"tensor shape {shape_text} has a dimension that is not a power of two"
            )
