"""`tritonmusa-accelerate-matmul`: put `tt.dot`s on MUSA PH1's squad-level MMA (SQMMA).

Mirrors FlagTree's `AccelerateMUSAMatmul` (FTnew `lib/TritonMUSAGPUTransforms`, with
`selectSqmmaConfig` and `isSupportedSqmma` of `MMAContractUtils.h`):

- a 2-D `tt.dot` whose operand and accumulator types a PH1 SQMMA takes (f16 or bf16 into f32;
  f32 with `inputPrecision = tf32`; i8 into i32; fp8 into f32), in a module of a multiple of 4
  warps, becomes `ttmg.squad_dot`: both operands are stored to shared memory (`ttg.local_alloc`,
  unswizzled `#ttg.swizzled_shared` in the operand's register order: the physical swizzle lives
  in the TME and SQMMA descriptors), the accumulator is converted to `#ttg.musa_sqmma` and the
  result converted back;
- the instruction shape is the one that needs the fewest instructions per squad
  (`(M / tileM) * (N / tileN) * (K / instK)`), over squad shapes M, N in 128, 64, 32, 16 (those
  PH1 has), K from the instruction's choices, and `warpsPerCTA = [4j, numWarps / 4j]`;
- every other dot stays on the FMA path, its operands promoted to the accumulator's type
  (Triton's `decomposeMixedModeDotOp`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import Float32Type, IntegerType, ModuleOp, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import InputPrecision, encoding_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import SwizzledSharedEncodingAttr
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.layouts.order import layout_order
from ttc.pipelines.pass_base import TtcPass
from ttc.targets.musa.dialect import sqmma_k_choices
from ttc.targets.musa.sqmma_encoding import (
    SQUAD_WARPS,
    SUPPORTED_MN,
    MusaSqmmaEncodingAttr,
)
from ttc.transforms.patterns.context import active_context
from ttc.transforms.patterns.greedy import (
    GreedyConfig,
    PatternSet,
    apply_patterns_greedily,
)
from ttc.transforms.tritongpu_accelerate_matmul import (
    DOT_PROPERTIES,
    promote_operands,
)
from ttc.transforms.tritongpu_utils import with_encoding
from ttc.transforms.utils import create_op

SQUAD_MN_CHOICES = (128, 64, 32, 16)


@dataclass(frozen=True)
class SqmmaConfig:
    """One way to cover a dot with SQMMA: the squad instruction and the warps' arrangement."""

    instr_mnk: tuple[int, int, int]
    warps_per_cta: tuple[int, int]


def _element(value: SSAValue) -> Attribute:
    type_ = value.type
    assert isinstance(type_, TensorType)
    return type_.get_element_type()


def _accumulator_ok(a: Attribute, acc: Attribute) -> bool:
    if a == IntegerType(8):
        return acc == IntegerType(32)
    return isinstance(acc, Float32Type)


def select_sqmma_config(shape_mnk: Sequence[int], k_choices: Sequence[int],
                        num_warps: int) -> SqmmaConfig | None:
    """FTnew's `selectSqmmaConfig`: the config with the fewest instructions per squad, or None."""
    m, n, k = shape_mnk
    best: tuple[int, SqmmaConfig] | None = None
    for warps_m in range(SQUAD_WARPS, num_warps + 1, SQUAD_WARPS):
        if num_warps % warps_m:
            continue
        warps = (warps_m, num_warps // warps_m)
        for tile_m in SQUAD_MN_CHOICES:
            for tile_n in SQUAD_MN_CHOICES:
                cta_m, cta_n = tile_m * warps[0] // SQUAD_WARPS, tile_n * warps[1]
                if (tile_m, tile_n) not in SUPPORTED_MN or m % cta_m or n % cta_n:
                    continue
                for inst_k in sorted(k_choices, reverse=True):
                    if k % inst_k:
                        continue
                    count = (m // cta_m) * (n // cta_n) * (k // inst_k)
                    if best is None or count < best[0]:
                        best = (count, SqmmaConfig((tile_m, tile_n, inst_k), warps))
    return None if best is None else best[1]


def sqmma_config(dot: Operation) -> SqmmaConfig | None:
    """The SQMMA config of `dot`, or None when it stays on the FMA path."""
    d_type = dot.results[0].type
    assert isinstance(d_type, TensorType)
    if len(d_type.get_shape()) != 2:
        return None
    a, b = _element(dot.operands[0]), _element(dot.operands[1])
    precision = dot.properties.get("inputPrecision")
    tf32 = precision is not None and precision.value.data == InputPrecision.TF32.value  # type: ignore[attr-defined]
    if a != b or not _accumulator_ok(a, d_type.get_element_type()):
        return None
    num_warps = lookup_num_warps(dot)
    if num_warps % SQUAD_WARPS:
        return None
    a_shape = dot.operands[0].type.get_shape()  # type: ignore[attr-defined]
    m, n = d_type.get_shape()
    return select_sqmma_config((m, n, a_shape[1]), sqmma_k_choices(a, tf32), num_warps)


def _register_source(value: SSAValue) -> SSAValue:
    """`value` before the layout conversions that made it a dot operand."""
    while isinstance(value.owner, ttg.ConvertLayoutOp):
        value = value.owner.operands[0]
    return value


def _to_shared(rewriter: PatternRewriter, operand: SSAValue) -> SSAValue:
    """A `ttg.local_alloc` of `operand` (taken before its layout conversions), unswizzled, in
    its register order."""
    source = _register_source(operand)
    type_ = source.type
    assert isinstance(type_, TensorType)
    shape = tuple(type_.get_shape())
    encoding = encoding_of(type_)
    order = layout_order(to_linear_layout(encoding, shape)) if encoding is not None else (1, 0)
    shared = SwizzledSharedEncodingAttr.make(1, 1, 1, order, cta_layout_of(encoding, len(shape)))
    memdesc = MemDescType.make(shape, type_.get_element_type(), shared)
    alloc = ttg.LocalAllocOp(memdesc, source)
    return rewriter.insert(alloc).results[0]


def blocked_to_sqmma() -> PatternSet:
    """Rewrite each SQMMA-able `tt.dot` into `ttmg.squad_dot` (see the module docstring)."""

    def rewrite(dot: Operation, rewriter: PatternRewriter) -> bool:
        if not isinstance(dot, tt.DotOp):
            return False
        config = sqmma_config(dot)
        result_type = dot.results[0].type
        assert isinstance(result_type, TensorType)
        encoding = encoding_of(result_type)
        if config is None or encoding is None:
            return False
        sqmma = MusaSqmmaEncodingAttr.make(config.warps_per_cta, config.instr_mnk,
                                           cta_layout_of(encoding, 2))
        sqmma_type = with_encoding(result_type, sqmma)
        a, b = (_to_shared(rewriter, operand) for operand in dot.operands[:2])
        convert = ttg.ConvertLayoutOp(dot.operands[2], sqmma_type)
        acc = rewriter.insert(convert).results[0]
        properties = {k: v for k, v in dot.properties.items() if k in DOT_PROPERTIES}
        squad_dot = create_op(active_context(), "ttmg.squad_dot", [a, b, acc], [sqmma_type],
                              properties)
        rewriter.insert(squad_dot)
        back = ttg.ConvertLayoutOp(squad_dot.results[0], result_type)
        rewriter.replace(dot, [back])
        return True

    return rewrite


class TritonMusaAccelerateMatmulPass(
    TtcPass, name="tritonmusa-accelerate-matmul", summary="Use MUSA PH1's squad MMA (SQMMA) for tt.dot"
):
    """Rewrite `tt.dot`s into SQMMA (`ttmg.squad_dot`), or promote their operands for FMA."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(ctx, op.body, blocked_to_sqmma(), GreedyConfig(top_down=False))
        promote_operands(op, 0)
