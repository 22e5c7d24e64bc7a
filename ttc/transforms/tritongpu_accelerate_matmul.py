"""`tritongpu-accelerate-matmul`: put `tt.dot`s on NVIDIA tensor cores (wgmma, mma.sync).

Mirrors Triton 3.6's AccelerateMatmul.cpp for NVIDIA targets (`ttg.target = "cuda:NN"`):

1. Under the greedy driver (bottom-up, as `applyPatternsGreedily`), `BlockedToMMA` gives each
   `tt.dot` whose result is in a non-MMA layout the MMA version `mma_version` picks
   (`getMMAVersionSafe`): wgmma (MMA v3) on cc 9x when the dot allows it (`supports_mma(dot, 3)`:
   a 2-D result of whole 64 x 8 tiles per CTA, a multiple of 4 warps, K of at least 256 bits,
   f16, bf16, tf32, fp8 or i8 operands), else mma.sync (MMA v2) from cc 80, with Triton's remark
   where wgmma was not possible. The `mma-choice` option (`ttc.transforms.mma_choice`) may put a
   dot wgmma could take on mma.sync instead, with a remark: `wgmma` (the default) is Triton's
   rule, `auto` ttc's measured cost model, `mma-sync` the cc 80 path for every dot:
   - the accumulator is converted into `#ttg.nvidia_mma<{versionMajor, warpsPerCTA, instrShape}>`
     first; the dot is rebuilt in that layout and its result converted back;
   - MMA v2: A and B are converted into `#ttg.dot_op<{opIdx, parent = #mma, kWidth}>` with
     `kWidth = max(32 / bits, 1)` for the narrowest element width the operands were loaded with
     (`loaded_bit_width`); `instrShape` is `[16, 8]` (f64 included, as in Triton 3.6), with a
     leading 1 for a batched 3-D dot; `warpsPerCTA` follows
     `warpsPerTileV2` (`mma_v2_warps_per_cta`);
   - MMA v3: the dot becomes a `ttng.warp_group_dot`; B, and A when it comes from a load or a
     block argument, are stored by a `ttg.local_alloc` into an `#ttg.nvmma_shared` buffer right
     after they are defined; any other A (e.g. the softmax of attention feeding its second dot)
     stays in registers as `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 32 / bits}>`;
     `instrShape = [16, n, k]` and `warpsPerCTA` in warp groups come from
     `ttc.transforms.mma_v3_layout`.
2. Afterwards (`decomposeMixedModeDotOp`) operands a `tt.dot` cannot take natively are promoted:
   fp8 operands of an MMA v2 dot to f16 (`tt.fp_to_fp`) unless the target has fp8 mma.sync (cc 89
   and 12x), and the operands of a dot left on the FMA path to the accumulator's element type
   (`arith.extf`, or `tt.fp_to_fp` from fp8).

Dots stay on the FMA path below cc 80 (Triton's remark says so from cc 70), for f64 off the
f64-tensor-core targets (cc 80 and 90), and for operand types mma.sync does not take.

Scaled dots (`tt.dot_scaled`) are first transposed when only B is scaled, then decomposed into a
`tt.dot` of upcast, scaled operands (`ttc.transforms.decompose_scaled_dot`: Triton's
`transposeDots` and `DecomposeScaledBlocked`, the path of every NVIDIA target without scaled MMA),
which the same greedy run puts on the tensor cores.

ttc has no tcgen05 (MMA v5) path yet, so cc 10x and later get mma.sync where Triton would use
tcgen05, and scaled dots are decomposed there too (Triton would keep them whole on tcgen05 and
sm_120's block-scaled mma.sync).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float64Type,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import bit_width, encoding_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr, ints
from ttc.dialects.ttg.cta import cta_layout_of, shape_per_cta_of
from ttc.dialects.ttg.fp4 import Fp4ToFpOp
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.mma_support import FP8_TYPES, NATIVE_FP8_TYPES, supports_mma
from ttc.dialects.ttg.ops import required_compute_capability
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.upstream import arith
from ttc.ir.diagnostics import emit_remark, op_error
from ttc.ir.target import MmaChoice
from ttc.ir.walk import walk
from ttc.layouts.order import layout_order
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.decompose_scaled_dot import decompose_scaled_dot, transpose_scaled_dots
from ttc.transforms.mma_choice import choose_mma_sync
from ttc.transforms.mma_v3_layout import (
    comes_from_load_or_block_arg,
    mma_v3_instr_shape,
    mma_v3_warps_per_cta,
    shared_mma_operand,
)
from ttc.transforms.patterns.greedy import (
    GreedyConfig,
    PatternSet,
    apply_patterns_greedily,
)
from ttc.transforms.tritongpu_utils import with_encoding
from ttc.transforms.utils import is_elementwise, is_memory_effect_free, value_location

"""The fp8 types mma.sync takes directly where the target has fp8 tensor cores."""
DOT_OPS = (tt.DotOp, tt.DotScaledOp)
DOT_PROPERTIES = ("inputPrecision", "maxNumImpreciseAcc")
VIEW_OPS = (tt.ExpandDimsOp, tt.ReshapeOp, tt.TransOp, tt.JoinOp, tt.SplitOp)


# --------------------------------------------------------------------------------------------
# Target and version choice
# --------------------------------------------------------------------------------------------


def mma_versions(compute_capability: int) -> tuple[int, ...]:
    """The MMA versions `compute_capability` offers, preferred first (Triton's list, without
    tcgen05, which ttc does not have: cc 10x and later keep mma.sync)."""
    if compute_capability < 75:
        return (1,)
    if 90 <= compute_capability < 100:
        return (3, 2)
    return (2,)


def mma_version(compute_capability: int, dot: Operation, choice: MmaChoice = "wgmma") -> int:
    """Triton's `getMMAVersionSafe`: the MMA version `dot` is lowered with on
    `compute_capability` (0: none, the FMA path), with a remark when wgmma was possible on the
    target but not for this dot. `choice` (`ttc.transforms.mma_choice`) may put a dot wgmma
    could take on mma.sync instead, with a remark that says why."""
    for version in mma_versions(compute_capability):
        if supports_mma(dot, version):
            reason = choose_mma_sync(choice, dot) if version == 3 else None
            if reason is None:
                return version
            emit_remark(dot, f"mma.sync (MMA v2) chosen over wgmma (MMA v3): {reason}.")
        elif version == 3:
            emit_remark(
                dot,
                "MMA version 3 acceleration not applied due to unsupported shapes or data types.",
                [(dot, f"Target compute capability ({compute_capability}) supports MMA v3.")],
            )
    return 0


def _element_type(value: SSAValue) -> Attribute:
    type_ = value.type
    assert isinstance(type_, TensorType)
    return type_.get_element_type()


# --------------------------------------------------------------------------------------------
# The MMA v2 layout of a dot
# --------------------------------------------------------------------------------------------


def mma_v2_instr_shape(rank: int) -> tuple[int, ...]:
    """Triton 3.6's `mmaVersionToInstrShape` for version 2: m16n8 for every element type (f64
    too: its lowering covers a 16 x 8 tile with m16n8k16.f64 on sm_90 and pairs of
    m8n8k4.f64 on sm_80), batch dims 1."""
    return (1,) * (rank - 2) + (16, 8)


def balanced_mma_v2_warps(shape: Sequence[int], num_warps: int) -> tuple[int, ...]:
    """Triton's `getMmaV2WarpsPerCTA`: all warps on the batch of a 3-D dot; for a 2-D dot,
    double the warps along whichever of M and N has more m16n8 tiles per warp left (M on ties,
    since an A tile holds more registers than a B tile)."""
    if len(shape) == 3:
        return (num_warps, 1, 1)
    reps = [-(-shape[0] // 16), -(-shape[1] // 8)]
    warps = [1, 1]
    while warps[0] * warps[1] < num_warps:
        if reps[0] >= reps[1]:
            warps[0] *= 2
            if reps[0] != 1:
                reps[0] //= 2
        else:
            warps[1] *= 2
            reps[1] //= 2
    return tuple(warps)


def _in_dot_slice(dot: Operation, op: Operation) -> bool:
    return op.parent_region() is dot.parent_region() and not isinstance(op, tt.TransOp)


def connected_ops(dot: Operation) -> list[Operation]:
    """MLIR's `getSlice(dot)` with Triton's filter (ops of the dot's region, `tt.trans` cut):
    everything reachable from `dot` through operands and users, in program order."""
    seen: set[Operation] = {dot}
    stack = [dot]
    while stack:
        op = stack.pop()
        neighbours = [v.owner for v in op.operands if isinstance(v.owner, Operation)]
        neighbours += [use.operation for result in op.results for use in result.uses]
        for other in neighbours:
            if other not in seen and _in_dot_slice(dot, other):
                seen.add(other)
                stack.append(other)
    region = dot.parent_region()
    assert region is not None
    return [op for block in region.blocks for op in block.ops if op in seen]


def mma_v2_warps_per_cta(dot: Operation, shape: Sequence[int], num_warps: int) -> tuple[int, ...]:
    """Triton's `warpsPerTileV2`. A dot connected to other dots of its rank (the chained dots of
    attention) takes the warps of the first one already in an MMA layout, or else puts every
    warp along its longer dimension (M on ties) so that row reductions stay inside a warp;
    other dots balance M against N (`balanced_mma_v2_warps`)."""
    rank = len(shape)
    if rank == 3:
        return balanced_mma_v2_warps(shape, num_warps)
    chained = False
    for op in connected_ops(dot):
        if op is dot or not isinstance(op, DOT_OPS):
            continue
        result = op.results[0].type
        assert isinstance(result, TensorType)
        if len(result.get_shape()) != rank:
            continue
        if isinstance(result.encoding, NvidiaMmaEncodingAttr):
            return ints(result.encoding.warps_per_cta)
        chained = True
    if chained:
        return (num_warps, 1) if shape[0] >= shape[1] else (1, num_warps)
    return balanced_mma_v2_warps(shape, num_warps)


# --------------------------------------------------------------------------------------------
# Operand element width (kWidth)
# --------------------------------------------------------------------------------------------


def _follows_loaded_value(op: Operation) -> bool:
    """Triton's `bwdFilter`: ops through which an operand's loaded element width is traced."""
    if is_elementwise(op) and is_memory_effect_free(op):
        return True
    return isinstance(
        op, (Fp4ToFpOp, *VIEW_OPS, tt.LoadOp, tt.DescriptorLoadOp, tt.BroadcastOp, ttg.ConvertLayoutOp)
    )


def operand_producers(value: SSAValue) -> list[Operation]:
    """MLIR's `getBackwardSlice(value)` under `_follows_loaded_value`, block arguments omitted:
    the ops `value` is computed from, stopping at ops the filter rejects."""
    owner = value.owner
    root = owner if isinstance(owner, Operation) else owner.parent_op()
    if root is None or not _follows_loaded_value(root):
        return []
    seen: dict[Operation, None] = {}
    stack = [root]
    while stack:
        op = stack.pop()
        for operand in op.operands:
            producer = operand.owner
            if (
                isinstance(producer, Operation)
                and producer is not root
                and producer not in seen
                and _follows_loaded_value(producer)
            ):
                seen[producer] = None
                stack.append(producer)
    return list(seen)


def _joins_pack_last_dim(op: Operation, loaded_bits: int) -> bool:
    """A `tt.join` of `loaded_bits`-wide halves into twice-as-wide elements whose appended
    dimension and previous last dimension are the two fastest (Triton's `canWidenKWidthForJoin`)."""
    if not isinstance(op, tt.JoinOp):
        return False
    type_ = op.results[0].type
    assert isinstance(type_, TensorType)
    rank = len(type_.get_shape())
    if rank < 2 or bit_width(type_.get_element_type()) != 2 * loaded_bits:
        return False
    order = layout_order(to_linear_layout(type_.encoding, type_.get_shape()))
    return order[0] == rank - 1 and order[1] == rank - 2


def loaded_bit_width(value: SSAValue) -> int:
    """Triton's `computeOrigBitWidth`: the narrowest element width `value` was loaded with (4
    when it was unpacked from fp4), halved when a join packs pairs of loaded elements along K
    (the refined join rule of later Triton: 3.6 halved for any join)."""
    producers = operand_producers(value)
    if any(isinstance(op, Fp4ToFpOp) for op in producers):
        return 4
    bits = bit_width(_element_type(value))
    for op in producers:
        if isinstance(op, (tt.LoadOp, tt.DescriptorLoadOp)) and isinstance(op.results[0].type, TensorType):
            bits = min(bits, bit_width(op.results[0].type.get_element_type()))
    if any(_joins_pack_last_dim(op, bits) for op in producers):
        bits //= 2
    return bits


def mma_operand_k_width(bits: int) -> int:
    """The `kWidth` of Triton's `DotOperandEncodingAttr` builder for an MMA v2/v3 parent:
    32 bits of K per thread and register."""
    return max(32 // bits, 1)


# --------------------------------------------------------------------------------------------
# BlockedToMMA
# --------------------------------------------------------------------------------------------


def _convert(rewriter: PatternRewriter, value: SSAValue, type_: Attribute) -> SSAValue:
    """A `ttg.convert_layout` of `value` to `type_` at the rewriter's insertion point, at
    `value`'s location."""
    convert = ttg.ConvertLayoutOp(value, type_)
    convert.location = value_location(value)
    return rewriter.insert(convert).results[0]


def _replace_dot(
    rewriter: PatternRewriter,
    dot: Operation,
    dot_class: type[tt.DotOp | ttng.WarpGroupDotOp],
    operands: Sequence[SSAValue],
    mma_type: Attribute,
) -> None:
    """Replace `dot` by a `dot_class` (`tt.dot` or `ttng.warp_group_dot`) of `operands` in
    the MMA layout, with `dot`'s precision properties, converted back to `dot`'s layout."""
    properties = {k: v for k, v in dot.properties.items() if k in DOT_PROPERTIES}
    new_dot = dot_class.create(operands=list(operands), result_types=[mma_type], properties=properties)
    back = ttg.ConvertLayoutOp(new_dot.results[0], dot.results[0].type)
    new_dot.location = back.location = dot.location
    rewriter.insert(new_dot)
    rewriter.replace(dot, [back])


def _mma_v3_operands(
    rewriter: PatternRewriter, dot: Operation, mma_type: TensorType[Attribute]
) -> tuple[SSAValue, SSAValue]:
    """A and B of the `ttng.warp_group_dot` replacing `dot`: B in shared memory, A too when it
    comes from a load or a block argument, else in registers as a dot operand of the MMA."""
    a, b = dot.operands[0], dot.operands[1]
    element = _element_type(a)
    allow_transpose = isinstance(element, Float16Type | BFloat16Type)
    if comes_from_load_or_block_arg(a):
        a = shared_mma_operand(a, rewriter, 0, allow_transpose, dot)
    else:
        operand_encoding = DotOperandEncodingAttr.make(0, mma_type.encoding, mma_operand_k_width(bit_width(element)))
        a = _convert(rewriter, a, with_encoding(a.type, operand_encoding))
    return a, shared_mma_operand(b, rewriter, 1, allow_transpose, dot)


def blocked_to_mma(compute_capability: int, choice: MmaChoice = "wgmma") -> PatternSet:
    """Triton's `BlockedToMMA` pattern for targets of `compute_capability`, wgmma or mma.sync
    on Hopper as `choice` says."""

    def rewrite(dot: Operation, rewriter: PatternRewriter) -> bool:
        if not isinstance(dot, tt.DotOp) or compute_capability < 70:
            return False
        if compute_capability < 80:
            emit_remark(
                dot,
                f"Dot op using MMA for compute capability {compute_capability} has been "
                "deprecated. It falls back to the FMA path.",
            )
            return False
        result_type = dot.results[0].type
        assert isinstance(result_type, TensorType)
        encoding = encoding_of(result_type)
        if encoding is None or isinstance(encoding, NvidiaMmaEncodingAttr):
            return False
        elements = [_element_type(v) for v in (dot.operands[0], dot.operands[1], dot.results[0])]
        if any(isinstance(t, Float64Type) for t in elements) and compute_capability not in (80, 90):
            return False
        version = mma_version(compute_capability, dot, choice)
        if version not in (2, 3):
            return False
        shape = shape_per_cta_of(result_type)
        num_warps = lookup_num_warps(dot)
        if version == 3:
            instr_shape = mma_v3_instr_shape(shape, elements[0], num_warps)
            warps = mma_v3_warps_per_cta(dot, shape, num_warps, instr_shape)
        else:
            instr_shape = mma_v2_instr_shape(len(shape))
            warps = mma_v2_warps_per_cta(dot, shape, num_warps)
        mma = NvidiaMmaEncodingAttr.make(version, 0, warps, instr_shape, cta_layout_of(encoding, len(shape)))
        mma_type = with_encoding(result_type, mma)
        acc = _convert(rewriter, dot.operands[2], mma_type)
        if version == 3:
            _replace_dot(rewriter, dot, ttng.WarpGroupDotOp, [*_mma_v3_operands(rewriter, dot, mma_type), acc], mma_type)
            return True
        k_width = mma_operand_k_width(
            min(loaded_bit_width(dot.operands[0]), loaded_bit_width(dot.operands[1]))
        )
        operands: list[SSAValue] = []
        for op_idx, operand in enumerate(dot.operands[:2]):
            operand_encoding = DotOperandEncodingAttr.make(op_idx, mma, k_width)
            operands.append(_convert(rewriter, operand, with_encoding(operand.type, operand_encoding)))
        _replace_dot(rewriter, dot, tt.DotOp, [*operands, acc], mma_type)
        return True

    return rewrite


# --------------------------------------------------------------------------------------------
# Operand promotion (decomposeMixedModeDotOp)
# --------------------------------------------------------------------------------------------


def has_fp8_mma(compute_capability: int) -> bool:
    """Whether mma.sync takes fp8 operands natively: cc 89 and 12x (elsewhere PTX emulates them
    with f16 MMAs, so Triton converts them to f16 itself)."""
    return compute_capability == 89 or compute_capability // 10 == 12


def promoted_element_type(dot: Operation, compute_capability: int) -> Attribute | None:
    """The element type `dot`'s operands must be converted to, or None when they are fine."""
    a = _element_type(dot.operands[0])
    d = dot.results[0].type
    assert isinstance(d, TensorType)
    mma = encoding_of(d)
    if isinstance(mma, NvidiaMmaEncodingAttr):
        if not isinstance(a, NATIVE_FP8_TYPES) or has_fp8_mma(compute_capability) or mma.is_hopper:
            return None
        return Float16Type()
    accumulator = d.get_element_type()
    return None if a == accumulator else accumulator


def promote_operand(dot: Operation, index: int, element: Attribute) -> None:
    """Convert operand `index` of `dot` to `element` right before it (`tt.fp_to_fp` from fp8,
    else `arith.extf`)."""
    operand = dot.operands[index]
    source = _element_type(operand)
    if not isinstance(source, FP8_TYPES) and not (
        isinstance(source, AnyFloat) and isinstance(element, AnyFloat) and source.bitwidth < element.bitwidth
    ):
        raise op_error(dot, f"cannot convert the {source} operands of this dot to {element} for the FMA path")
    cast_class = tt.FpToFpOp if isinstance(source, FP8_TYPES) else arith.ExtFOp
    operand_type = operand.type
    assert isinstance(operand_type, TensorType)
    promoted_type = TensorType(element, operand_type.get_shape(), operand_type.encoding)
    cast = cast_class.create(operands=[operand], result_types=[promoted_type])
    parent = dot.parent
    assert parent is not None
    parent.insert_op_before(cast, dot)
    dot.operands = [*dot.operands[:index], cast.results[0], *dot.operands[index + 1 :]]


def promote_operands(module: ModuleOp, compute_capability: int) -> None:
    """Triton's `decomposeMixedModeDotOp` over every `tt.dot` of `module`."""
    for dot in [op for op in walk(module) if isinstance(op, tt.DotOp)]:
        element = promoted_element_type(dot, compute_capability)
        if element is not None:
            promote_operand(dot, 0, element)
            promote_operand(dot, 1, element)


class TritonGPUAccelerateMatmulPass(
    TtcPass, name="tritongpu-accelerate-matmul", summary="Use tensor cores (wgmma, mma.sync) for tt.dot on NVIDIA GPUs"
):
    """Rewrite `tt.dot`s into NVIDIA MMA v3 or v2 form, or promote their operands for FMA."""

    mma_choice: MmaChoice = field(
        default="wgmma",
        metadata={"help": "on Hopper: wgmma wherever a dot allows it (Triton), auto (ttc's "
                          "measured cost model) or mma-sync for every dot"},
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        compute_capability = required_compute_capability(op)
        transpose_scaled_dots(ctx, op)
        to_mma = blocked_to_mma(compute_capability, self.mma_choice)

        def patterns(dot: Operation, rewriter: PatternRewriter) -> bool:
            return to_mma(dot, rewriter) or decompose_scaled_dot(dot, rewriter)

        apply_patterns_greedily(ctx, op.body, patterns, GreedyConfig(top_down=False))
        promote_operands(op, compute_capability)
