"""The SQMMA accumulator layout of MUSA PH1, in its two spellings, and its linear layout.

Mirrors FlagTree's `MthreadsMmaEncodingAttr` (Triton 3.1 era, `#triton_gpu.mthreads_sqmma`, which
ttc prints as `#ttg.mthreads_sqmma` like every `triton_gpu.` name) and the newer
`MUSASqmmaEncodingAttr` (`#ttg.musa_sqmma`), with `ph1MmaToLinearLayout` /
`musaPH1SQMMAToCLinearLayout` for the conversion.

A squad is 4 warps (128 threads) issuing one `m x n` MMA. In the 3.1 spelling `instrShape[0]` is
the per-warp M (the squad's M is `4 * instrShape[0]`); in the newer one it is the squad's M. Both
keep `instrShape = [M, N, K]` and mean the same layout once M is made logical.

Within a squad tile, lane bits 0-2 step N by 1, 2, 4 and lane bits 3-4 step M by 1, 2; register
bits first step N by 8, 16, ... (`n / 8` values) then M by 16, 32, ... (`M / 16` values); the
squad's 4 warps step M by 4, 8. Further warps tile squads along M (`warpsPerCTA[0] / 4`), then
along N (`warpsPerCTA[1]`). Tensors larger than the CTA tile repeat it in registers, N first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Dialect
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.ttg.attrs import (
    CTALayout,
    VersionedMmaEncoding,
    alias,
    int_list,
    ints,
)
from ttc.layouts.cga import combine_cta_cga_with_shape, make_cga_layout
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.utils import identity_standard_nd
from ttc.targets.musa.target import WARP_SIZE

SQUAD_WARPS = 4
"""Warps that issue one SQMMA together: a kernel using SQMMA needs a multiple of this many warps."""

PH1_VERSION = (3, 1)
"""(versionMajor, versionMinor) of PH1, the only SQMMA version."""

SUPPORTED_MN: frozenset[tuple[int, int]] = frozenset({
    (32, 32), (32, 64), (32, 128), (16, 64), (64, 16), (64, 32), (64, 64), (64, 128),
    (128, 32), (128, 64), (128, 128),
})
"""Squad-level (M, N) of PH1's SQMMA instructions (FTnew `isSupportedSqmmaInstrMN`)."""


def sqmma_to_linear(
    shape: Sequence[int],
    warps_per_cta: Sequence[int],
    instr_m: int,
    instr_n: int,
    cga: tuple[Sequence[int], Sequence[int], Sequence[int]],
) -> LinearLayout:
    """The accumulator layout of a squad-level `instr_m x instr_n` SQMMA over a 2-D `shape`."""
    if len(shape) != 2 or len(warps_per_cta) != 2:
        raise LayoutError("the SQMMA layout is 2-D")
    if warps_per_cta[0] % SQUAD_WARPS:
        raise LayoutError(f"SQMMA needs warpsPerCTA[0] to be a multiple of {SQUAD_WARPS}, "
                          f"got {list(warps_per_cta)}")
    if instr_m % 16 or instr_n % 8:
        raise LayoutError(f"no SQMMA tile of {instr_m}x{instr_n}")
    tile = (identity_standard_nd("register", [1, 1], [1, 0])  # in dims from register; outs (N, M)
            * LinearLayout.identity_1d(8, "lane", "dim1")
            * LinearLayout.identity_1d(4, "lane", "dim0")
            * LinearLayout.identity_1d(instr_n // 8, "register", "dim1")
            * LinearLayout.identity_1d(SQUAD_WARPS, "warp", "dim0")
            * LinearLayout.identity_1d(instr_m // 16, "register", "dim0"))
    squads = identity_standard_nd(
        "warp", [warps_per_cta[0] // SQUAD_WARPS, warps_per_cta[1]], [0, 1])
    cta = tile * squads.transpose_outs(tile.out_dims)
    return combine_cta_cga_with_shape(cta, make_cga_layout(*cga), shape)


class SqmmaEncoding(VersionedMmaEncoding):
    """Both spellings: parameters `versionMajor, versionMinor, warpsPerCTA, CTALayout, instrShape`
    (as written, none left out); `M_SCALE` turns the written `instrShape[0]` into the squad's M."""

    M_SCALE: ClassVar[int]

    @classmethod
    def make(cls, warps_per_cta: Sequence[int], instr_mnk: Sequence[int],
             cta_layout: CTALayout | None = None) -> SqmmaEncoding:
        """The PH1 encoding for a squad-level `[M, N, K]` instruction."""
        m, n, k = instr_mnk
        cta = cta_layout or CTALayout.default(len(warps_per_cta))
        return cls(IntAttr(PH1_VERSION[0]), IntAttr(PH1_VERSION[1]), int_list(warps_per_cta),
                   *cta.attrs(), int_list((m // cls.M_SCALE, n, k)))

    @property
    def num_lanes(self) -> int:
        return WARP_SIZE

    @property
    def instr_mnk(self) -> tuple[int, int, int]:
        """The squad-level (M, N, K) of one instruction."""
        m, n, k = ints(self.instr_shape)
        return m * self.M_SCALE, n, k

    def verify(self) -> None:
        super().verify()
        if (self.version_major.data, self.version_minor.data) != PH1_VERSION:
            raise VerifyException("only SQMMA version 3.1 (PH1) is supported")
        if self.rank != 2:
            raise VerifyException("the SQMMA layout is 2-D")
        if self.warps_per_cta.data[0].data % SQUAD_WARPS:
            raise VerifyException(f"SQMMA needs warpsPerCTA[0] to be a multiple of {SQUAD_WARPS}")
        if len(self.instr_shape.data) != 3:
            raise VerifyException("instrShape must be [M, N, K]")
        m, n, _ = self.instr_mnk
        if (m, n) not in SUPPORTED_MN:
            raise VerifyException(f"no PH1 SQMMA instruction has M = {m}, N = {n}")

    def to_linear_layout(self, shape: Sequence[int]) -> LinearLayout:
        """This encoding as a linear layout over a tensor of `shape` (ttc.layouts' protocol)."""
        cta = self.cta_layout
        m, n, _ = self.instr_mnk
        return sqmma_to_linear(shape, ints(self.warps_per_cta), m, n,
                               (cta.ctas_per_cga, cta.cta_split_num, cta.cta_order))


@alias("mma")
@irdl_attr_definition
class MthreadsSqmmaEncodingAttr(SqmmaEncoding):
    """`#ttg.mthreads_sqmma` (written `#triton_gpu.mthreads_sqmma` by Triton 3.1): M/4 in
    `instrShape[0]`."""

    name = "ttg.mthreads_sqmma"
    M_SCALE = SQUAD_WARPS


@alias("mma")
@irdl_attr_definition
class MusaSqmmaEncodingAttr(SqmmaEncoding):
    """`#ttg.musa_sqmma`: the squad's M in `instrShape[0]`."""

    name = "ttg.musa_sqmma"
    M_SCALE = 1


TTG_MUSA = Dialect("ttg", [], [MthreadsSqmmaEncodingAttr, MusaSqmmaEncodingAttr])
"""The encodings MUSA adds to the ttg dialect (a ttc.dialects.context dialect extension)."""
