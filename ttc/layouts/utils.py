"""Shape helpers for linear layouts, mirroring Triton's triton/Tools/LayoutUtils.

These fit a layout's tile to a tensor shape: a tensor larger than the tile wraps around in
registers (`ensure_layout_not_smaller_than`); a tensor smaller than the tile is broadcast, the
largest bases that overflow the shape becoming zero (`ensure_layout_not_larger_than`), so several
registers, lanes, warps or blocks then hold the same element.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two


def standard_out_dim_names(rank: int) -> tuple[str, ...]:
    """`("dim0", "dim1", ...)`: the output dimension names of a tensor layout."""
    return tuple(f"dim{i}" for i in range(rank))


def identity_standard_nd(in_dim: str, shape: Sequence[int], order: Sequence[int]) -> LinearLayout:
    """`in_dim` laid out over `shape`, the dimension `order[0]` varying fastest.

    The result's output dimensions come in `order` (most minor first), as in Triton; use
    `transpose_outs(standard_out_dim_names(rank))` for `dim0, dim1, ...`.
    """
    if len(shape) != len(order):
        raise LayoutError(f"shape {list(shape)} and order {list(order)} have different ranks")
    names = standard_out_dim_names(len(shape))
    layout = LinearLayout.empty()
    for dim in order:
        layout = layout * LinearLayout.identity_1d(shape[dim], in_dim, names[dim])
    return layout


def ensure_layout_not_larger_than(
    layout: LinearLayout, shape: Mapping[str, int], *, broadcast_registers: bool = True
) -> LinearLayout:
    """Shrink each output dimension to at most `shape[dim]` by zeroing its largest bases.

    The zeroed inputs then broadcast (hold copies). With `broadcast_registers=False`, register
    bases that overflow are removed instead of zeroed, so no register is a duplicate. Ties between
    equal basis values are broken by input dimension order, then bit index.
    """
    _check_shape(layout, shape)
    bases = layout.bases
    in_order = {name: i for i, name in enumerate(layout.in_dims)}
    dropped_registers: set[int] = set()
    for index, out_dim in enumerate(layout.out_dims):
        actual, desired = layout.out_dim_size(out_dim), shape[out_dim]
        if actual <= desired:
            continue
        candidates = sorted(
            (
                (-basis[index], in_order[in_dim], i, in_dim)
                for in_dim, dim_bases in bases.items()
                for i, basis in enumerate(dim_bases)
                if basis[index] != 0
            ),
        )
        for _, _, i, in_dim in candidates:
            if actual <= desired:
                break
            if in_dim == "register" and not broadcast_registers:
                dropped_registers.add(i)
            else:
                bases[in_dim][i][index] = 0
            actual //= 2
    if dropped_registers:
        kept = [b for i, b in enumerate(bases["register"]) if i not in dropped_registers]
        bases["register"] = kept
    return LinearLayout(bases.items(), layout.out_dims)


def ensure_layout_not_smaller_than(layout: LinearLayout, shape: Mapping[str, int]) -> LinearLayout:
    """Grow each output dimension to at least `shape[dim]` with more bases of the first input
    dimension (`register`, or `offset` for shared memory): the tile repeats in registers.

    Output dimensions are visited in the layout's order, which should be minor-to-major.
    """
    _check_shape(layout, shape)
    if not layout.in_dims:
        raise LayoutError("cannot grow a layout without input dimensions")
    minor = layout.in_dims[0]
    result = layout
    for out_dim in layout.out_dims:
        actual, desired = layout.out_dim_size(out_dim), shape[out_dim]
        if desired > actual:
            result = result * LinearLayout.identity_1d(desired // actual, minor, out_dim)
    return result


def _check_shape(layout: LinearLayout, shape: Mapping[str, int]) -> None:
    if set(shape) != set(layout.out_dims):
        raise LayoutError(
            f"shape dimensions {sorted(shape)} do not match the layout's {list(layout.out_dims)}"
        )
    for name, size in shape.items():
        if not is_power_of_two(size):
            raise LayoutError(f"tensor dimension {name} has size {size}, not a power of two")


def has_power_of_two_bases(layout: LinearLayout) -> bool:
    """Triton's `hasPowerOfTwoBases`: flattened to one input and one output dimension, every
    non-zero basis is a single bit (each basis moves one output bit, no swizzling)."""
    flat = layout.flatten_ins().flatten_outs()
    return all(
        is_power_of_two(basis[0])
        for dim_bases in flat.bases.values()
        for basis in dim_bases
        if basis[0] != 0
    )


def is_permutation_matrix_layout(layout: LinearLayout) -> bool:
    """Triton's `isPermutationMatrixLayout`: once the broadcast (all-zero) bases are removed, the
    layout is a bijection whose bases are single bits, i.e. a permutation matrix over F2."""
    if not has_power_of_two_bases(layout):
        return False
    flat = layout.flatten_ins().flatten_outs()
    if not flat.in_dims:
        return True
    return flat.remove_zero_bases_along_dim(flat.in_dims[0]).is_invertible()


def minimal_conversion(src: LinearLayout, dst: LinearLayout) -> LinearLayout:
    """Triton's `minimalCvtLayout`: dst→src, quotiented by the block, warp and lane dimensions it
    leaves in place (slowest first, stopping at the first one that moves)."""
    conversion = dst.invert_and_compose(src)
    for dim in ("block", "warp", "lane"):
        if not conversion.has_in_dim(dim) or not conversion.is_trivial_over([dim]):
            break
        conversion = conversion.quotient([dim])
    return conversion
