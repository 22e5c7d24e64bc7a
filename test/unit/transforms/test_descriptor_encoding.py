"""How the accesses of one tensor descriptor combine (Triton's `combineEncodings`) and how a CTA
layout is fitted to another rank (`updateCTALayoutForShape`)."""

from __future__ import annotations

import itertools

from ttc.dialects.ttg.attrs import CTALayout, NVMMASharedEncodingAttr
from ttc.transforms.tma_utils import cta_layout_for_rank
from ttc.transforms.triton_nvidia_optimize_descriptor_encoding import (
    EncodingInfo,
    combine,
)

NV32 = NVMMASharedEncodingAttr.make(32, False, 16)
NV64 = NVMMASharedEncodingAttr.make(64, False, 16)
SPLIT = CTALayout((2, 1), (2, 1), (1, 0))
INFOS = [
    EncodingInfo(),
    EncodingInfo(NV32, CTALayout.default(2), (64, 32)),
    EncodingInfo(NV64, CTALayout.default(2), (32, 64)),
    EncodingInfo(None, SPLIT, (16, 64)),
    EncodingInfo(forced_to_default=True),
]


def test_combining_is_commutative() -> None:
    for lhs, rhs in itertools.product(INFOS, repeat=2):
        assert combine(lhs, rhs, 2) == combine(rhs, lhs, 2)


def test_shapes_meet_per_dimension_and_one_request_wins() -> None:
    merged = combine(INFOS[1], INFOS[3], 2)
    assert merged.shape == (16, 32)
    assert merged.desired == NV32
    assert merged.cta == CTALayout.default(2)  # two CTA layouts disagree


def test_conflicts_and_forced_values_fall_back_to_the_default() -> None:
    assert combine(INFOS[1], INFOS[2], 2).forced_to_default
    assert combine(INFOS[1], INFOS[4], 2) == EncodingInfo(forced_to_default=True)
    assert combine(EncodingInfo(), INFOS[2], 2) == INFOS[2]


def test_cta_layouts_grow_and_shrink_at_the_front() -> None:
    grown = cta_layout_for_rank(SPLIT, 3)
    assert grown == CTALayout((1, 2, 1), (1, 2, 1), (2, 1, 0))
    assert cta_layout_for_rank(grown, 2) == SPLIT
    assert cta_layout_for_rank(SPLIT, 2) == SPLIT
