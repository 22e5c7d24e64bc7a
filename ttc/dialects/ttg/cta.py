"""The CTA-layout readers of Triton's TritonGPU dialect: `getCTALayout`, `getCTASplitNum` and
`getShapePerCTA(Type)` (lib/Dialect/TritonGPU/IR/Dialect.cpp).

An encoding keeps its CTA layout inline (`CTALayout`); a slice takes its parent's without the
sliced dimension, a dot operand its parent's, a tensor-memory encoding splits M and N, and an
encoding holding none describes one CTA.
"""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute

from ttc.dialects.ttg.attrs import CTALayout, SliceEncodingAttr
from ttc.dialects.ttng.attrs import TensorMemoryEncodingAttr, TensorMemoryScalesEncodingAttr
from ttc.layouts.cga import shape_per_cta


def cta_layout_of(encoding: Attribute | None, rank: int) -> CTALayout:
    """Triton's `getCTALayout` of a rank-`rank` tensor in `encoding` (one CTA when it has none)."""
    if isinstance(encoding, SliceEncodingAttr):
        parent = cta_layout_of(encoding.parent, rank + 1)
        dim = encoding.dim.data
        return CTALayout(
            tuple(v for i, v in enumerate(parent.ctas_per_cga) if i != dim),
            tuple(v for i, v in enumerate(parent.cta_split_num) if i != dim),
            tuple(o - (o > dim) for o in parent.cta_order if o != dim),
        )
    cta = getattr(encoding, "cta_layout", None)
    if isinstance(cta, CTALayout):
        return cta
    parent = getattr(encoding, "parent", None)
    if parent is not None:
        return cta_layout_of(parent, rank)
    return CTALayout.default(rank)


def cta_split_num(encoding: Attribute | None, rank: int) -> tuple[int, ...]:
    """Triton's `getCTASplitNum`: how many pieces the CTAs cut each dimension into."""
    if isinstance(encoding, TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr):
        return encoding.cta_split()
    return cta_layout_of(encoding, rank).cta_split_num


def shape_per_cta_of(type_: TensorType[Attribute]) -> tuple[int, ...]:
    """Triton's `getShapePerCTA(Type)`: the part of the tensor that one CTA holds."""
    shape = type_.get_shape()
    return shape_per_cta(cta_split_num(type_.encoding, len(shape)), shape)
