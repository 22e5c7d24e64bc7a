"""TritonGPU spellings of older Triton releases that parse into today's classes.

- `#triton_gpu.shared<{vec, perPhase, maxPhase, order, hasLeadingOffset}>` (≤ 3.2) becomes
  `#ttg.swizzled_shared` or, with `hasLeadingOffset = true`, `#ttg.nvmma_shared`
  (`LegacySharedEncodingAttr`);
- `triton_gpu.memdesc_subview %m[%i, %c0, %c0]` (3.1-3.4) becomes `ttg.memdesc_index` or
  `ttg.memdesc_subslice` when its offsets allow it (`LegacyMemDescSubviewOp`).

The `ttg` dialect object registers both (under the names `ttc.dialects.legacy` maps the old
prefixes to); nothing constructs them.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, i32
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.irdl import IRDLOperation, irdl_attr_definition
from xdsl.parser import AttrParser, Parser

from ttc.dialects.ttg.attrs import (
    CGA_KEYS,
    EncodingBody,
    NVMMASharedEncodingAttr,
    SwizzledSharedEncodingAttr,
)
from ttc.dialects.ttg.ops import MemDescIndexOp, MemDescSubsliceOp, MemDescType
from ttc.ir.op_definition import op_definition
from ttc.ir.values import constant_scalar

# --------------------------------------------------------------------------------------------
# #triton_gpu.shared
# --------------------------------------------------------------------------------------------


def legacy_shared_to_modern(
    vec: int,
    per_phase: int,
    max_phase: int,
    order: Sequence[int],
    has_leading_offset: bool,
    body: EncodingBody,
) -> Attribute:
    """Today's encoding for a pre-3.3 `#triton_gpu.shared`.

    Without a leading offset it is the same swizzle: `#ttg.swizzled_shared` with the same fields.
    With `hasLeadingOffset = true` (Hopper wgmma/TMA operands), Triton built the fields from the
    hardware swizzle mode: `vec = 128 / elementBitWidth`, and `perPhase`/`maxPhase` of 1/8, 2/4,
    4/2 for a 128, 64 and 32-byte swizzle (1/1 without swizzle). So
    `elementBitWidth = 128 / vec`, `swizzlingByteWidth = 16 * maxPhase` (0 when `maxPhase = 1`),
    and the layout is transposed when the fastest dimension (`order[0]`) is not the last.
    """
    rank = len(order)
    cta = body.cta_layout(rank)
    if not has_leading_offset:
        return SwizzledSharedEncodingAttr.make(vec, per_phase, max_phase, order, cta)
    if vec == 0 or 128 % vec:
        body.error(f"hasLeadingOffset = true needs vec to divide 128, got vec = {vec}")
    swizzle = 0 if max_phase == 1 else 16 * max_phase
    if swizzle not in (0, 32, 64, 128) or (swizzle and per_phase * max_phase != 8):
        body.error(
            f"perPhase = {per_phase}, maxPhase = {max_phase} is not an NVMMA swizzle "
            "(expected 1/8, 2/4, 4/2 or 1/1)"
        )
    transposed = rank >= 2 and order[0] != rank - 1
    return NVMMASharedEncodingAttr.make(swizzle, transposed, 128 // vec, False, cta)


@irdl_attr_definition
class LegacySharedEncodingAttr(ParametrizedAttribute):
    """Reads `#triton_gpu.shared<{...}>` and yields the modern attribute (never constructed).

    xDSL builds a parsed attribute with `cls.new(parse_parameters(parser))`; here the parameters
    are the finished modern attribute, which `new` returns as is.
    """

    name = "ttg.shared"

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        body = EncodingBody.parse(
            parser, ("vec", "perPhase", "maxPhase", "order", "hasLeadingOffset", *CGA_KEYS)
        )
        vec = body.uint("vec")
        per_phase = body.uint("perPhase")
        max_phase = body.uint("maxPhase")
        order = body.uint_list("order")
        has_leading_offset = body.boolean("hasLeadingOffset", False)
        modern = legacy_shared_to_modern(
            vec, per_phase, max_phase, order, has_leading_offset, body
        )
        return (modern,)

    @classmethod
    def new(cls, params: Sequence[Attribute]) -> ParametrizedAttribute:  # type: ignore[override]
        (modern,) = params
        assert isinstance(modern, ParametrizedAttribute)
        return modern


# --------------------------------------------------------------------------------------------
# triton_gpu.memdesc_subview
# --------------------------------------------------------------------------------------------


@op_definition
class LegacyMemDescSubviewOp(IRDLOperation):
    """Reads `ttg.memdesc_subview %src[%o0, ...]` (3.1-3.4) as today's ops (never constructed).

    Triton PR #7622 split it in two: a subview that drops the leading dimension at offset `%o0`
    with all other offsets zero is `ttg.memdesc_index %src[%o0]`; a same-rank subview at constant
    offsets is `ttg.memdesc_subslice %src [o0, ...]`. Other subviews have no modern equivalent.
    """

    name = "ttg.memdesc_subview"

    # Hand-written syntax: it parses into another op (memdesc_index or memdesc_subslice) chosen from the
    # operands.
    @classmethod
    def parse(cls, parser: Parser) -> Operation:  # type: ignore[override]
        start = parser.pos
        src = parser.parse_unresolved_operand()
        offsets = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        src_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        end = parser.pos
        if not isinstance(src_type, MemDescType) or not isinstance(result_type, MemDescType):
            parser.raise_error("memdesc_subview works on !ttg.memdesc types", start, end)
        offset_values = [parser.resolve_operand(o, i32) for o in offsets]
        source = parser.resolve_operand(src, src_type)
        src_rank, result_rank = len(src_type.get_shape()), len(result_type.get_shape())
        if len(offset_values) != src_rank:
            parser.raise_error("memdesc_subview needs one offset per source dimension", start, end)
        constants = [constant_scalar(v) for v in offset_values]
        if result_rank == src_rank - 1:
            if any(c != 0 for c in constants[1:]):
                parser.raise_error(
                    "memdesc_subview with non-zero trailing offsets has no modern equivalent "
                    "(ttg.memdesc_index takes only the leading index)",
                    start,
                    end,
                )
            return MemDescIndexOp(
                operands=[source, offset_values[0]], result_types=[result_type], attributes=attrs
            )
        if result_rank == src_rank and all(c is not None for c in constants):
            return MemDescSubsliceOp(
                operands=[source],
                result_types=[result_type],
                properties={"offsets": DenseArrayBase.from_list(i32, constants)},
                attributes=attrs,
            )
        parser.raise_error(
            "memdesc_subview must drop the leading dimension or use constant offsets to map to "
            "ttg.memdesc_index / ttg.memdesc_subslice",
            start,
            end,
        )


LEGACY_TTG_ATTRS: tuple[type[Attribute], ...] = (LegacySharedEncodingAttr,)
"""Attribute classes registered in the ttg dialect only to read older spellings."""

LEGACY_TTG_OPS: tuple[type[Operation], ...] = (LegacyMemDescSubviewOp,)
"""Op classes registered in the ttg dialect only to read older spellings."""
