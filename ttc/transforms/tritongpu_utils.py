"""Layout helpers shared by the TritonGPU passes (Triton's TritonGPU Dialect.cpp and Utility.cpp).

- `blocked_for_shape`: the `BlockedEncodingAttr::get(shape, sizePerThread, order, numWarps,
  threadsPerWarp, numCTAs)` builder, which spreads lanes and warps over the fastest dimensions
  first and gives the slowest dimension what is left; `default_blocked` is Triton's
  `getDefaultBlockedEncoding` (one element per thread, row-major order).
- `infer_dst_encoding` / `infer_src_encoding`: how an encoding flows through an op forward and
  backward (elementwise and same-encoding ops keep it, `reduce` slices it, `expand_dims` undoes a
  slice, `trans` permutes it, `reshape` without reordering keeps every element in its thread:
  `infer_reshape_encoding`, Triton's `inferReshapeOpEncoding`, first by the legacy blocked rules
  of `inferReshapeOpLegacyEncoding` over `reshape_decomposition`, else as the source's linear
  layout reshaped, a `#ttg.linear`).
- `can_fold_into_conversion`, `is_expensive_load_or_store`: the predicates layout propagation and
  rematerialization share.
- `with_encoding`, `set_type`: retyping values in place.
- `new_for_op`: an `scf.for` with new iter args taking over an old loop's body;
  `replace_for_op_with_new_signature` on top of it: extra iter args (Triton's
  `replaceForOpWithNewSignature`).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IntAttr, ModuleOp, TensorType
from xdsl.context import Context
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from ttc.dialects.tt_types import PointerType, shape_of
from ttc.dialects.ttg_attrs import (
    BlockedEncodingAttr,
    CTALayout,
    LinearEncodingAttr,
    SliceEncodingAttr,
    bases_attr,
    ints,
)
from ttc.layouts.from_attr import to_linear_layout
from ttc.layouts.linear import LayoutError
from ttc.transforms.utils import is_elementwise, splat_scalar


def module_int(module: Operation | None, key: str, default: int) -> int:
    """An integer module attribute such as `"ttg.num-warps"`."""
    while module is not None and not isinstance(module, ModuleOp):
        module = module.parent_op()
    if module is None:
        return default
    attr = module.attributes.get(key)
    value = getattr(attr, "value", None)
    return value.data if value is not None else default  # pyright: ignore[reportAttributeAccessIssue]


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
    shape_per_cta = [s // min(s, n) for s, n in zip(shape, cta.cta_split_num)]
    lanes = [0] * rank
    warps = [0] * rank
    remaining_lanes, remaining_warps = threads_per_warp, num_warps
    remaining_threads = num_warps * threads_per_warp
    prev_lanes = prev_warps = 1
    for d in range(rank - 1):
        i = order[d]
        threads = max(1, min(remaining_threads, max(1, shape_per_cta[i] // size_per_thread[i])))
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
    rank = len(shape)
    order = list(range(rank - 1, -1, -1))
    size_per_thread = [1] * rank
    cta = cta_layout_for_shape(shape, size_per_thread, order, num_ctas)
    return blocked_for_shape(shape, size_per_thread, order, num_warps, threads_per_warp, cta)


def with_encoding(type_: Attribute, encoding: Attribute) -> Attribute:
    """`type_` (a tensor) with `encoding`; scalars are returned unchanged."""
    if isinstance(type_, TensorType):
        return TensorType(type_.element_type, type_.get_shape(), encoding)
    return type_


def set_type(value: SSAValue, type_: Attribute) -> None:
    """Retype `value` in place (MLIR's `Value::setType`)."""
    value._type = type_  # pyright: ignore[reportPrivateUsage]


def retype_constant(op: Operation, type_: Attribute) -> None:
    """Give a splat `arith.constant` the tensor type `type_` (its dense value follows)."""
    attr = op.properties.get("value")
    if isinstance(attr, DenseIntOrFPElementsAttr) and isinstance(type_, TensorType):
        op.properties["value"] = DenseIntOrFPElementsAttr(type_, attr.data)  # pyright: ignore[reportArgumentType]
    set_type(op.results[0], type_)


# --------------------------------------------------------------------------------------------
# Encoding inference through ops
# --------------------------------------------------------------------------------------------

SAME_ENCODING_OPS = frozenset(
    {"tt.broadcast", "tt.atomic_rmw", "tt.atomic_cas", "tt.load", "tt.store",
     "scf.while", "scf.yield", "scf.condition", "ttng.warp_group_dot_wait", "tt.scan"}
)  # fmt: skip


def keeps_encoding(op: Operation) -> bool:
    """Ops whose results carry their operands' encoding (SameOperandsAndResultEncoding,
    SameLoadStoreOperandsAndResultEncoding, Elementwise, and the structured-control-flow
    terminators)."""
    return op.name in SAME_ENCODING_OPS or is_elementwise(op)


def slice_encoding(dim: int, parent: Attribute) -> SliceEncodingAttr:
    """`#ttg.slice<{dim, parent}>`."""
    return SliceEncodingAttr(IntAttr(dim), parent)  # pyright: ignore[reportArgumentType]


def _axis(op: Operation) -> int:
    return op.properties["axis"].value.data  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]


def _trans_order(op: Operation) -> tuple[int, ...]:
    return tuple(op.properties["order"].get_values())  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownArgumentType]


def inverse_permutation(order: Sequence[int]) -> list[int]:
    """The permutation undoing `order`: `inverse[order[i]] == i`."""
    return [list(order).index(i) for i in range(len(order))]


def permute_cta_layout(cta: CTALayout, order: Sequence[int]) -> CTALayout:
    """Triton's `permuteCTALayout`: the CTA layout of a tensor transposed by `order`."""
    inverse = inverse_permutation(order)
    return CTALayout(
        tuple(cta.ctas_per_cga[o] for o in order),
        tuple(cta.cta_split_num[o] for o in order),
        tuple(inverse[o] for o in cta.cta_order),
    )


def permute_blocked(encoding: BlockedEncodingAttr, order: Sequence[int]) -> BlockedEncodingAttr:
    """Triton's transposition of a blocked encoding: dimension i of the result is dimension
    `order[i]` of the source. A single CTA keeps the default CTA layout: Triton 3.6 transposes a
    blocked layout through its linear layout, whose one CTA has no order to permute (unlike a
    shared layout's, which `permute_cta_layout` permutes)."""
    inverse = inverse_permutation(order)
    cta = encoding.cta_layout
    single = all(c == 1 for c in cta.ctas_per_cga)

    def permute(values: Sequence[int]) -> list[int]:
        return [values[o] for o in order]

    return BlockedEncodingAttr.make(
        permute(ints(encoding.size_per_thread)),
        permute(ints(encoding.threads_per_warp)),
        permute(ints(encoding.warps_per_cta)),
        [inverse[o] for o in ints(encoding.order)],
        CTALayout.default(len(order)) if single else permute_cta_layout(cta, order),
    )


def reshape_decomposition(
    src_shape: Sequence[int], dst_shape: Sequence[int]
) -> list[tuple[list[int], list[int]]]:
    """Triton's `getReshapeDecomposition`: groups of source dims that a reshape turns into
    groups of destination dims (each pair holds the same elements)."""
    groups: list[tuple[list[int], list[int]]] = []
    if not src_shape:
        return groups
    groups.append(([], []))
    src_i = dst_i = 0
    src_n = dst_n = 1
    while src_i < len(src_shape) or dst_i < len(dst_shape):
        if src_n < dst_n or (src_i < len(src_shape) and (src_n == 1 or src_shape[src_i] == 1)):
            src_n *= src_shape[src_i]
            groups[-1][0].append(src_i)
            src_i += 1
        elif dst_n < src_n or (dst_i < len(dst_shape) and dst_shape[dst_i] == 1):
            dst_n *= dst_shape[dst_i]
            groups[-1][1].append(dst_i)
            dst_i += 1
        else:
            groups.append(([], []))
            src_n = dst_n = 1
    return groups


def _legacy_reshape_encoding(
    src_shape: Sequence[int], src: BlockedEncodingAttr, dst_shape: Sequence[int]
) -> BlockedEncodingAttr | None:
    """Triton's `inferReshapeOpLegacyEncoding`: the blocked encoding of a reshape's result that
    keeps every element in its thread, when the blocked form can say it (symmetric in src/dst)."""
    if list(src_shape) == list(dst_shape):
        return src
    fields = [list(ints(src.size_per_thread)), list(ints(src.threads_per_warp)),
              list(ints(src.warps_per_cta))]  # fmt: skip
    num_warps, threads = prod(fields[2]), prod(fields[1])
    cta = src.cta_layout
    if src == default_blocked(src_shape, num_warps, threads, prod(cta.ctas_per_cga)):
        return default_blocked(dst_shape, num_warps, threads, prod(cta.ctas_per_cga))
    if any(c != 1 for c in (*cta.ctas_per_cga, *cta.cta_split_num)):
        return None
    for subblock in fields:
        if any(n >= b and n % b for n, b in zip(src_shape, subblock, strict=True)):
            return None
    groups = reshape_decomposition(src_shape, dst_shape)
    inverse_order = inverse_permutation(ints(src.order))
    for src_dims, _ in groups:
        ranks = [inverse_order[d] for d in reversed(src_dims)]
        if any(b != a + 1 for a, b in zip(ranks, ranks[1:], strict=False)):
            return None
    for src_dims, _ in groups:
        # One budget per group, used up by sizePerThread, then threadsPerWarp, then warpsPerCTA.
        remaining = [src_shape[d] for d in src_dims]
        for subblock in fields:
            for i in range(len(src_dims) - 1, -1, -1):
                size = subblock[src_dims[i]]
                if size == 1:
                    continue
                if any(remaining[j] != 1 for j in range(i + 1, len(src_dims))):
                    return None
                remaining[i] = remaining[i] // size if remaining[i] >= size else 0
                if remaining[i] == 0 and i != 0:
                    return None
    dst_remaining = list(dst_shape)
    dst_fields = []
    for subblock in fields:
        dst_sub = [1] * len(dst_shape)
        for src_dims, dst_dims in groups:
            left = prod(subblock[d] for d in src_dims)
            for i in range(len(dst_dims) - 1, -1, -1):
                value = min(left, dst_remaining[dst_dims[i]])
                dst_sub[dst_dims[i]] = value
                left //= value
                dst_remaining[dst_dims[i]] //= value
            dst_sub[dst_dims[0]] *= left
        dst_fields.append(dst_sub)
    ordered = sorted(groups, key=lambda g: inverse_order[g[0][0]])
    dst_inverse = [0] * len(dst_shape)
    position = 0
    for _, dst_dims in ordered:
        for d in reversed(dst_dims):
            dst_inverse[d] = position
            position += 1
    return BlockedEncodingAttr.make(*dst_fields, inverse_permutation(dst_inverse))


def infer_reshape_encoding(
    src_shape: Sequence[int], encoding: Attribute, dst_shape: Sequence[int]
) -> Attribute | None:
    """Triton's `inferReshapeOpEncoding` (without reordering): the blocked encoding when the
    legacy rules find one, else the source's linear layout reshaped, as `#ttg.linear`."""
    if isinstance(encoding, BlockedEncodingAttr):
        legacy = _legacy_reshape_encoding(src_shape, encoding, dst_shape)
        if legacy is not None:
            return legacy
    try:
        layout = to_linear_layout(encoding, src_shape)
    except LayoutError:
        return None
    names = layout.out_dims
    new_names = [f"dim{i}" for i in range(len(dst_shape))]
    reshaped = (
        layout.transpose_outs(list(reversed(names)))
        .reshape_outs(list(reversed(list(zip(new_names, dst_shape, strict=True)))))
        .transpose_outs(new_names)
    )
    bases = reshaped.bases
    return LinearEncodingAttr(
        *(bases_attr(bases.get(dim, [])) for dim in ("register", "lane", "warp", "block"))
    )


def _reshape_encoding(op: Operation, encoding: Attribute, forward: bool) -> Attribute | None:
    if "allow_reorder" in op.properties:
        return None
    src, dst = shape_of(op.operands[0].type), shape_of(op.results[0].type)
    return infer_reshape_encoding(src, encoding, dst) if forward else infer_reshape_encoding(dst, encoding, src)


def infer_dst_encoding(op: Operation, encoding: Attribute) -> Attribute | None:
    """Triton's `inferDstEncoding`: the result encoding when the operands have `encoding`."""
    if keeps_encoding(op):
        return encoding
    if op.name == "tt.reshape":
        return _reshape_encoding(op, encoding, forward=True)
    if op.name == "tt.reduce":
        return slice_encoding(_axis(op), encoding)
    if op.name == "tt.expand_dims":
        if isinstance(encoding, SliceEncodingAttr) and encoding.dim.data == _axis(op):
            return encoding.parent
        return None
    if op.name == "tt.trans" and isinstance(encoding, BlockedEncodingAttr):
        return permute_blocked(encoding, _trans_order(op))
    return None


def infer_src_encoding(op: Operation, encoding: Attribute) -> Attribute | None:
    """Triton's `inferSrcEncoding`: the operand encoding that gives results `encoding`."""
    if keeps_encoding(op):
        return encoding
    if op.name == "tt.reshape":
        return _reshape_encoding(op, encoding, forward=False)
    if op.name == "tt.reduce":
        if isinstance(encoding, SliceEncodingAttr) and encoding.dim.data == _axis(op):
            return encoding.parent
        return None
    if op.name == "tt.expand_dims":
        return slice_encoding(_axis(op), encoding)
    if op.name == "tt.trans" and isinstance(encoding, BlockedEncodingAttr):
        order = _trans_order(op)
        return permute_blocked(encoding, [order.index(i) for i in range(len(order))])
    return None


def is_splat_constant(op: Operation) -> bool:
    """An `arith.constant` holding a splat dense value."""
    attr = op.properties.get("value")
    return isinstance(attr, DenseIntOrFPElementsAttr) and splat_scalar(attr) is not None


def can_fold_into_conversion(op: Operation, target: Attribute) -> bool:
    """Triton's `canFoldIntoConversion`: ops that produce any layout as cheaply as their own."""
    if op.name == "ttg.convert_layout":
        return True
    if op.name == "arith.constant":
        return is_splat_constant(op)
    return op.name in ("tt.make_range", "tt.splat", "tt.histogram", "ttg.local_load")


def is_expensive_load_or_store(op: Operation) -> bool:
    """Triton's `isExpensiveLoadOrStore`: a load/store of a tensor of pointers with at least
    as many elements as the CTA has threads."""
    ptr_type = op.operands[0].type
    if isinstance(ptr_type, PointerType) and isinstance(ptr_type.pointee_type, TensorType):
        return True
    if not isinstance(ptr_type, TensorType):
        return False
    elements = 1
    for size in shape_of(ptr_type):
        elements *= size
    if elements == 1:
        return False
    num_warps = module_int(op, "ttg.num-warps", 4)
    threads = module_int(op, "ttg.threads-per-warp", 32)
    return elements >= num_warps * threads


def new_for_op(
    ctx: Context, loop: Operation, inits: Sequence[SSAValue], result_types: Sequence[Attribute]
) -> Operation:
    """A new `scf.for` before `loop` with `loop`'s bounds and step, iter args `inits` and results
    `result_types`, taking over `loop`'s body: the body gets the induction variable and arguments
    of `result_types`, and names carry over to the new arguments and results. No uses are
    replaced: the caller maps `loop`'s arguments and results, and erases it."""
    old_body = loop.regions[0].blocks.first
    assert old_body is not None and loop.parent is not None
    body = Block(arg_types=[old_body.args[0].type, *result_types])
    new_loop = ctx.get_op("scf.for").create(
        operands=[*loop.operands[:3], *inits],
        result_types=list(result_types),
        properties=dict(loop.properties),
        attributes=dict(loop.attributes),
        regions=[Region([body])],
    )
    for op in list(old_body.ops):
        old_body.detach_op(op)
        body.add_op(op)
    for old_arg, new_arg in zip(old_body.args, body.args):
        new_arg.name_hint = old_arg.name_hint
    for old_result, new_result in zip(loop.results, new_loop.results):
        new_result.name_hint = old_result.name_hint
    loop.parent.insert_op_before(new_loop, loop)
    return new_loop


def replace_for_op_with_new_signature(ctx: Context, loop: Operation, extra_inits: Sequence[SSAValue]) -> Operation:
    """Triton's `replaceForOpWithNewSignature`: a new `scf.for` before `loop` carrying `loop`'s
    iter args plus `extra_inits` (appended), with `loop`'s body moved into it and `loop`'s results
    replaced by the new loop's leading results. `loop` is left empty for the caller to erase; the
    body's terminator still yields the old values."""
    old_body = loop.regions[0].blocks.first
    assert old_body is not None
    extra_types = [v.type for v in extra_inits]
    new_loop = new_for_op(ctx, loop, [*loop.operands[3:], *extra_inits], [*loop.result_types, *extra_types])
    body = new_loop.regions[0].blocks.first
    assert body is not None
    for old_arg, new_arg in zip(old_body.args, body.args):
        old_arg.replace_all_uses_with(new_arg)
    for old_result, new_result in zip(loop.results, new_loop.results):
        old_result.replace_all_uses_with(new_result)
    return new_loop
