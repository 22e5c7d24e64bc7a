"""Result encodings of the view ops `tt.join`, `tt.split`, `tt.reshape`, `tt.trans` and of
`ttg.fp4_to_fp`.

Mirrors Triton's `TritonGPUInferLayoutInterface` (lib/Dialect/TritonGPU/IR/Dialect.cpp) and the
helpers it uses (`tryJoinOnAxis`, `getReshapeDecomposition`, `reshapeLayout`). Each inferred
encoding makes the op a renaming of registers: every thread holds the same elements before and
after, only their coordinates change.

- `infer_join_encoding` (`inferDefaultJoinOpEncoding`): a blocked operand gets a blocked result
  with 2 elements per thread in the new, most minor, last dimension; a slice of the last dimension
  whose parent splits back into it gives that parent; anything else a `#ttg.linear` whose first
  register basis moves along the new dimension.
- `infer_split_encoding` (`inferSplitOpEncoding`): the inverse; a blocked operand holding both
  halves in one thread loses its last dimension, otherwise the register basis along the last
  dimension is removed from the operand's linear layout.
- `infer_trans_encoding` (`inferTransOpEncoding`): blocked and shared encodings permute their
  per-dimension parameters and invert-permute their order; `#ttg.nvmma_shared` flips
  `transposed` under a 2-D transpose; other distributed encodings become the `#ttg.linear` of
  their transposed linear layout.
- `infer_reshape_encoding` (`inferReshapeOpEncoding`): the blocked result Triton's legacy rules
  find when the merged or split dimensions fill sizePerThread, threadsPerWarp and warpsPerCTA
  minor to major, else the operand's linear layout with its outputs flattened row-major and
  unflattened to the new shape, as a `#ttg.linear`.
- `infer_fp4_to_fp_encoding` (`inferFp4ToFpOpEncoding`), forwards (source to result) and
  backwards: when `axis` is at position 0 of the order, a dot operand doubles (halves) its
  kWidth and a blocked layout its sizePerThread along `axis`; otherwise the result's linear layout
  is the source's with a first register bit stepping once along `axis`
  (`packed_result_layout`, and `unpacked_source_layout` backwards).

Every function returns None where Triton's inference fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from math import prod

from xdsl.ir import Attribute

from ttc.dialects.ttg.attrs import (
    LINEAR_IN_DIMS,
    BlockedEncodingAttr,
    CTALayout,
    DistributedEncoding,
    DotOperandEncodingAttr,
    GenericLinearEncodingAttr,
    LinearEncodingAttr,
    NVMMASharedEncodingAttr,
    SliceEncodingAttr,
    SwizzledSharedEncodingAttr,
    bases_attr,
    ints,
)
from ttc.dialects.ttg.default_blocked import default_blocked
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.order import layout_order
from ttc.layouts.permutation import apply_permutation, inverse_permutation
from ttc.layouts.utils import standard_out_dim_names


def linear_encoding(layout: LinearLayout) -> LinearEncodingAttr:
    """`#ttg.linear` holding `layout`'s bases (Triton's `LinearEncodingAttr::get(ctx, ll)`)."""
    bases = layout.bases
    return LinearEncodingAttr(*(bases_attr(bases.get(dim, [])) for dim in LINEAR_IN_DIMS))


def layouts_equivalent(
    shape: Sequence[int], a: Attribute, b: Attribute, ignore_register_broadcast: bool = False
) -> bool:
    """Triton's `areLayoutsEquivalent` (`verifyLayoutsAreEqual`): both encodings give `shape`
    the same linear layout; with `ignore_register_broadcast`, registers holding copies of
    another register's element do not count."""
    if a == b:
        return True
    try:
        la, lb = to_linear_layout(a, shape), to_linear_layout(b, shape)
    except LayoutError:
        return False
    if ignore_register_broadcast:
        la = la.remove_zero_bases_along_dim("register")
        lb = lb.remove_zero_bases_along_dim("register")
    return la == lb


def _cta_layout(per_cga: Sequence[int], split: Sequence[int], order: Sequence[int]) -> CTALayout:
    """A CTA layout; a single CTA is spelled the default way, as Triton 3.6 prints it."""
    if all(n == 1 for n in per_cga):
        return CTALayout.default(len(per_cga))
    return CTALayout(tuple(per_cga), tuple(split), tuple(order))


def _linear(encoding: Attribute, shape: Sequence[int]) -> LinearLayout | None:
    try:
        return to_linear_layout(encoding, shape)
    except LayoutError:
        return None


# --------------------------------------------------------------------------------------------
# join / split
# --------------------------------------------------------------------------------------------


def infer_join_encoding(src: Attribute, shape: Sequence[int]) -> Attribute | None:
    """The result encoding of `tt.join` of two operands of `shape` with encoding `src`."""
    rank = len(shape)
    if isinstance(src, SliceEncodingAttr) and src.dim.data == rank:
        parent = src.parent
        split = infer_split_encoding(parent, (*shape, 2))
        if split is not None and layouts_equivalent(shape, split, src):
            return parent
    elif isinstance(src, BlockedEncodingAttr):
        cta = src.cta_layout
        return BlockedEncodingAttr.make(
            (*ints(src.size_per_thread), 2),
            (*ints(src.threads_per_warp), 1),
            (*ints(src.warps_per_cta), 1),
            (rank, *ints(src.order)),
            _cta_layout((*cta.ctas_per_cga, 1), (*cta.cta_split_num, 1), (rank, *cta.cta_order)),
        )
    layout = _linear(src, shape)
    if layout is None:
        return None
    names = standard_out_dim_names(rank + 1)
    bases = {dim: [[*basis, 0] for basis in vectors] for dim, vectors in layout.bases.items()}
    bases["register"] = [[0] * rank + [1], *bases.get("register", [])]
    sizes = [*(layout.out_dim_size(name) for name in layout.out_dims), 2]
    return linear_encoding(
        LinearLayout(list(bases.items()), list(zip(names, sizes, strict=True)))
    )


def infer_split_encoding(src: Attribute, shape: Sequence[int]) -> Attribute | None:
    """The encoding of both results of `tt.split` of a `shape` operand (last dimension 2)."""
    rank = len(shape)
    if rank == 0 or shape[-1] != 2:
        return None
    if isinstance(src, BlockedEncodingAttr):
        cta = src.cta_layout
        simple = (
            ints(src.size_per_thread)[-1] == 2
            and ints(src.threads_per_warp)[-1] == 1
            and ints(src.warps_per_cta)[-1] == 1
            and cta.ctas_per_cga[-1] == 1
        )
        if simple:
            if rank == 1:
                return None
            last = rank - 1
            return BlockedEncodingAttr.make(
                ints(src.size_per_thread)[:-1],
                ints(src.threads_per_warp)[:-1],
                ints(src.warps_per_cta)[:-1],
                [o for o in ints(src.order) if o != last],
                _cta_layout(
                    cta.ctas_per_cga[:-1],
                    cta.cta_split_num[:-1],
                    [o for o in cta.cta_order if o != last],
                ),
            )
    layout = _linear(src, shape)
    if layout is None or rank == 1:
        return None
    axis = rank - 1
    found = False
    bases: dict[str, list[list[int]]] = {}
    for dim, vectors in layout.bases.items():
        kept: list[list[int]] = []
        for basis in vectors:
            if dim == "register" and basis[axis] == 1:
                found = True
                continue
            kept.append(basis[:axis])
        bases[dim] = kept
    if not found:
        return None
    names = standard_out_dim_names(rank - 1)
    return linear_encoding(
        LinearLayout(list(bases.items()), list(zip(names, shape[:-1], strict=True)))
    )


# --------------------------------------------------------------------------------------------
# reshape
# --------------------------------------------------------------------------------------------


def reshape_decomposition(
    src_shape: Sequence[int], dst_shape: Sequence[int]
) -> list[tuple[list[int], list[int]]]:
    """Triton's `getReshapeDecomposition`: groups of source dimensions and the destination
    dimensions they become (equal element counts, each group non-empty on both sides), minor
    dimensions of each side last."""
    if prod(src_shape) != prod(dst_shape):
        raise ValueError(f"cannot reshape {list(src_shape)} into {list(dst_shape)}")
    chunks: list[tuple[list[int], list[int]]] = []
    if not src_shape:
        return chunks
    chunks.append(([], []))
    src_idx = dst_idx = 0
    src_elems = dst_elems = 1
    while src_idx < len(src_shape) or dst_idx < len(dst_shape):
        src_left = src_idx < len(src_shape)
        dst_left = dst_idx < len(dst_shape)
        if src_elems < dst_elems or (src_left and (src_elems == 1 or src_shape[src_idx] == 1)):
            src_elems *= src_shape[src_idx]
            chunks[-1][0].append(src_idx)
            src_idx += 1
        elif dst_elems < src_elems or (dst_left and dst_shape[dst_idx] == 1):
            dst_elems *= dst_shape[dst_idx]
            chunks[-1][1].append(dst_idx)
            dst_idx += 1
        else:
            chunks.append(([], []))
            src_elems = dst_elems = 1
    return chunks


def _check_subblocks(
    src_shape: Sequence[int], src_dims: Sequence[int], subblocks: Sequence[Sequence[int]]
) -> bool:
    """The per-chunk rule: a dimension may be split over threads only once every more minor
    dimension of its chunk is used up; only the chunk's most major one may exceed its size."""
    remaining = [src_shape[d] for d in src_dims]
    for subblock in subblocks:
        for i in range(len(src_dims) - 1, -1, -1):
            size = subblock[src_dims[i]]
            if size == 1:
                continue
            if any(remaining[j] != 1 for j in range(i + 1, len(src_dims))):
                return False
            remaining[i] = remaining[i] // size if remaining[i] >= size else 0
            if remaining[i] == 0 and i != 0:
                return False
    return True


def _legacy_reshape(
    src_shape: Sequence[int], src: Attribute, dst_shape: Sequence[int]
) -> BlockedEncodingAttr | None:
    """Triton's `inferReshapeOpLegacyEncoding` (symmetric in source and destination)."""
    if not isinstance(src, BlockedEncodingAttr):
        return None
    if tuple(src_shape) == tuple(dst_shape):
        return src
    size_per_thread = ints(src.size_per_thread)
    threads_per_warp = ints(src.threads_per_warp)
    warps_per_cta = ints(src.warps_per_cta)
    cta = src.cta_layout
    num_warps, lanes, num_ctas = prod(warps_per_cta), prod(threads_per_warp), prod(cta.ctas_per_cga)
    if src == default_blocked(src_shape, num_warps, lanes, num_ctas):
        return default_blocked(dst_shape, num_warps, lanes, num_ctas)
    if any(n != 1 for n in (*cta.ctas_per_cga, *cta.cta_split_num)):
        return None
    subblocks = (size_per_thread, threads_per_warp, warps_per_cta)
    for subblock in subblocks:
        if any(s >= b and s % b for s, b in zip(src_shape, subblock, strict=True)):
            return None
    chunks = reshape_decomposition(src_shape, dst_shape)
    src_inv_order = inverse_permutation(ints(src.order))
    for src_dims, _ in chunks:
        positions = [src_inv_order[d] for d in reversed(src_dims)]
        if any(b != a + 1 for a, b in pairwise(positions)):
            return None
    for src_dims, _ in chunks:
        if not _check_subblocks(src_shape, src_dims, subblocks):
            return None

    dst_remaining = list(dst_shape)
    dst_subblocks: list[list[int]] = []
    for subblock in subblocks:
        dst_subblock = [0] * len(dst_shape)
        for src_dims, dst_dims in chunks:
            left = prod(subblock[d] for d in src_dims)
            for d in reversed(dst_dims):
                value = min(left, dst_remaining[d])
                dst_subblock[d] = value
                left //= value
                dst_remaining[d] //= value
            # What is left is a block larger than the shape: the chunk's most major dimension.
            dst_subblock[dst_dims[0]] *= left
        dst_subblocks.append(dst_subblock)

    chunks.sort(key=lambda chunk: src_inv_order[chunk[0][0]])
    dst_inv_order = [0] * len(dst_shape)
    position = 0
    for _, dst_dims in chunks:
        for d in reversed(dst_dims):
            dst_inv_order[d] = position
            position += 1
    dst_rank = len(dst_shape)
    return BlockedEncodingAttr.make(
        *dst_subblocks,
        inverse_permutation(dst_inv_order),
        _cta_layout((1,) * dst_rank, (1,) * dst_rank, tuple(range(dst_rank))),
    )


def reshape_layout(layout: LinearLayout, shape: Sequence[int]) -> LinearLayout:
    """Triton's `reshapeLayout`: the outputs flattened row-major and split into `shape`."""
    names = standard_out_dim_names(len(shape))
    reversed_pairs = list(zip(reversed(names), reversed(shape), strict=True))
    return (
        layout.transpose_outs(list(reversed(layout.out_dims)))
        .reshape_outs(reversed_pairs)
        .transpose_outs(names)
    )


def infer_reshape_encoding(
    src_shape: Sequence[int], src: Attribute, dst_shape: Sequence[int]
) -> Attribute | None:
    """The result encoding that makes `tt.reshape` of a `src_shape` tensor a renaming."""
    if prod(src_shape) != prod(dst_shape):
        return None
    legacy = _legacy_reshape(src_shape, src, dst_shape)
    if legacy is not None:
        return legacy
    if not isinstance(src, DistributedEncoding):
        return None
    layout = _linear(src, src_shape)
    if layout is None:
        return None
    return linear_encoding(reshape_layout(layout, dst_shape))


def infer_memdesc_reshape_nvmma(
    src_shape: Sequence[int], src: NVMMASharedEncodingAttr, dst_shape: Sequence[int]
) -> NVMMASharedEncodingAttr | None:
    """The `#ttg.nvmma_shared` branch of Triton's `inferMemDescReshapeOpEncoding`: a one-CTA
    buffer reshaped keeping its contiguous dimension is viewed with the same swizzle when that
    gives the same element-to-offset map; None where Triton falls back to `#ttg.shared_linear`."""
    if prod(src_shape) != prod(dst_shape) or src.cta_layout.num_ctas != 1:
        return None
    inner = 0 if src.is_transposed else -1
    if dst_shape[inner] != src_shape[inner]:
        return None
    candidate = NVMMASharedEncodingAttr.make(
        src.swizzling_byte_width.data,
        src.is_transposed,
        src.element_bit_width.data,
        src.is_fp4_padded,
        CTALayout.default(len(dst_shape)),
    )
    source, target = _linear(src, src_shape), _linear(candidate, dst_shape)
    if source is None or target is None or reshape_layout(source, dst_shape) != target:
        return None
    return candidate


# --------------------------------------------------------------------------------------------
# trans
# --------------------------------------------------------------------------------------------


def permute_cta_layout(cta: CTALayout, order: Sequence[int]) -> CTALayout:
    """Triton's `permuteCTALayout`: the CTA layout of a tensor transposed by `order`."""
    inverse = inverse_permutation(order)
    return CTALayout(
        tuple(apply_permutation(cta.ctas_per_cga, order)),
        tuple(apply_permutation(cta.cta_split_num, order)),
        tuple(inverse[o] for o in cta.cta_order),
    )


def _transposed_cta(cta: CTALayout, order: Sequence[int]) -> CTALayout:
    """The CTA layout of a transposed encoding; a single CTA keeps the default spelling (Triton
    3.6 holds it as a linear layout, where a single CTA has no order)."""
    if all(n == 1 for n in cta.ctas_per_cga):
        return CTALayout.default(len(order))
    return permute_cta_layout(cta, order)


def permute_swizzled_shared(
    encoding: SwizzledSharedEncodingAttr, order: Sequence[int], cta: CTALayout
) -> SwizzledSharedEncodingAttr:
    """The swizzled shared encoding of a buffer transposed by `order`: the same swizzle, the
    order permuted, in CTA layout `cta`."""
    inverse = inverse_permutation(order)
    return SwizzledSharedEncodingAttr.make(
        encoding.vec.data,
        encoding.per_phase.data,
        encoding.max_phase.data,
        [inverse[o] for o in ints(encoding.order)],
        cta,
    )


def permute_blocked(encoding: BlockedEncodingAttr, order: Sequence[int]) -> BlockedEncodingAttr:
    """The blocked encoding whose dimension i is dimension `order[i]` of `encoding`."""
    inverse = inverse_permutation(order)
    return BlockedEncodingAttr.make(
        apply_permutation(ints(encoding.size_per_thread), order),
        apply_permutation(ints(encoding.threads_per_warp), order),
        apply_permutation(ints(encoding.warps_per_cta), order),
        [inverse[o] for o in ints(encoding.order)],
        _transposed_cta(encoding.cta_layout, order),
    )


def transpose_layout(layout: LinearLayout, order: Sequence[int]) -> LinearLayout:
    """Triton's `transposeLinearLayout`: output dimension i becomes the old dimension `order[i]`."""
    names = standard_out_dim_names(len(order))
    bases = {dim: [[basis[o] for o in order] for basis in vectors] for dim, vectors in layout.bases.items()}
    sizes = [layout.out_dim_size(layout.out_dims[o]) for o in order]
    return LinearLayout(list(bases.items()), list(zip(names, sizes, strict=True)))


def infer_trans_encoding(
    src: Attribute, shape: Sequence[int], order: Sequence[int]
) -> Attribute | None:
    """The result encoding that makes `tt.trans` by `order` a renaming of `src`'s registers."""
    if list(order) == list(range(len(order))):
        return src
    if len(shape) != len(order):
        return None
    if isinstance(src, SwizzledSharedEncodingAttr):
        if src.rank != len(order):
            return None
        return permute_swizzled_shared(src, order, _transposed_cta(src.cta_layout, order))
    if isinstance(src, NVMMASharedEncodingAttr) and list(order) == [1, 0]:
        return NVMMASharedEncodingAttr.make(
            src.swizzling_byte_width.data,
            not src.is_transposed,
            src.element_bit_width.data,
            src.is_fp4_padded,
            _transposed_cta(src.cta_layout, order),
        )
    if isinstance(src, BlockedEncodingAttr):
        return permute_blocked(src, order) if src.rank == len(order) else None
    if not isinstance(src, DistributedEncoding):
        return None
    layout = _linear(src, shape)
    if layout is None or layout.num_out_dims != len(order):
        return None
    return linear_encoding(transpose_layout(layout, order))


# --------------------------------------------------------------------------------------------
# fp4_to_fp
# --------------------------------------------------------------------------------------------


def unpacked_source_layout(result: LinearLayout, axis: int) -> LinearLayout | None:
    """Triton's `divideLeft(result, identity1D(2, register, dim<axis>))`: the layout whose first
    register bit, added stepping once along `axis`, gives `result`; None if there is none."""
    bases = result.bases
    registers = bases.get("register", [])
    unit = [1 if i == axis else 0 for i in range(len(result.out_dims))]
    if not registers or registers[0] != unit:
        return None
    bases["register"] = registers[1:]
    for vectors in bases.values():
        for basis in vectors:
            if basis[axis] % 2:
                return None
            basis[axis] //= 2
    sizes = [
        (name, size // 2 if i == axis else size)
        for i, (name, size) in enumerate(result.out_dim_sizes.items())
    ]
    return LinearLayout(list(bases.items()), sizes)


def packed_result_layout(source: LinearLayout, axis: int) -> LinearLayout:
    """Triton's `identity1D(2, register, dim<axis>) * source`: a new first register bit steps
    once along `axis`, and every other basis moves twice as far along it."""
    bases = {dim: [[v * 2 if i == axis else v for i, v in enumerate(b)] for b in vectors]
             for dim, vectors in source.bases.items()}
    unit = [1 if i == axis else 0 for i in range(source.num_out_dims)]
    bases["register"] = [unit, *bases.get("register", [])]
    sizes = [
        (name, size * 2 if i == axis else size)
        for i, (name, size) in enumerate(source.out_dim_sizes.items())
    ]
    return LinearLayout(list(bases.items()), sizes)


def infer_fp4_to_fp_encoding(
    encoding: Attribute,
    shape: Sequence[int],
    axis: int,
    forward: bool,
    order_shape: Sequence[int] | None = None,
) -> Attribute | None:
    """The result encoding of `ttg.fp4_to_fp` along `axis` from its source's (`forward`), or the
    source encoding from the result's; `shape` is the shape `encoding` lays out.

    Whether the blocked or dot-operand form applies depends on `encoding`'s order over
    `order_shape` (default `shape`): Triton's `Fp4ToFpOp` builder asks with the result's shape,
    where a register repetition along `axis` can make it the fastest dimension."""
    layout = _linear(encoding, shape)
    order_layout = layout if order_shape is None else _linear(encoding, order_shape)
    if layout is None or order_layout is None:
        return None
    if layout_order(order_layout)[axis] == 0:
        if isinstance(encoding, DotOperandEncodingAttr):
            k_width = encoding.k_width.data
            if not forward and k_width <= 1:
                return None
            return DotOperandEncodingAttr.make(
                encoding.op_idx.data, encoding.parent, k_width * 2 if forward else k_width // 2
            )
        if isinstance(encoding, BlockedEncodingAttr):
            per_thread = list(ints(encoding.size_per_thread))
            if not forward and per_thread[axis] <= 1:
                return None
            per_thread[axis] = per_thread[axis] * 2 if forward else per_thread[axis] // 2
            return BlockedEncodingAttr.make(
                per_thread, ints(encoding.threads_per_warp), ints(encoding.warps_per_cta),
                ints(encoding.order), encoding.cta_layout,
            )
    inferred = packed_result_layout(layout, axis) if forward else unpacked_source_layout(layout, axis)
    if inferred is None:
        return None
    if isinstance(encoding, GenericLinearEncodingAttr):
        bases = inferred.bases
        return GenericLinearEncodingAttr(*(bases_attr(bases.get(dim, [])) for dim in LINEAR_IN_DIMS))
    return linear_encoding(inferred)
