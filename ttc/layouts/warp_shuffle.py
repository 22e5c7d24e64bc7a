"""A layout conversion within each warp as register renamings and warp shuffles (Triton's
`getWarpLayoutConvertDecomposition` in lib/Analysis/Utility.cpp, used by `transferWithinWarp`).

When two layouts differ only in which register and lane hold each element (warps and CTAs
unchanged), the conversion is a permutation P of the hardware index bits (register bits r_i, lane
bits l_j): the element at (r, l) in the source is at P(r, l) in the destination. Zero bases (a
layout with fewer registers or lanes) are paired up so that P is a permutation. Walking the cycles
of P factors it as

    P = P_mixed ∘ P_lane ∘ P_reg,

where P_reg renames registers (free), P_lane permutes lane bits, and P_mixed is a product of
disjoint transpositions (r_i l_j) (Triton slices consecutive lane bits out of each mixed cycle).
Each transposition is three shears: registers by the lane bit (selects), lanes by the register bit
(shuffles), registers again.

Values narrower than 32 bits are packed `2**pack` to a 32-bit word first, so one shuffle moves
several elements; the packed register bits are the lowest ones. Where a transposition involves
such a bit, ttc conjugates it with a free upper register bit h, (r_i l_j) = (r_h r_i)(r_h l_j)
(r_h r_i): the outer swaps commute with everything else and become renamings before packing and
after unpacking (Triton instead folds them into `prmt` byte permutes).
"""

from __future__ import annotations

from dataclasses import dataclass

from ttc.layouts.linear import LayoutError, LinearLayout, log2
from ttc.layouts.swizzling import FlatLayout

WORD_BITS = 32
MAX_PACK = 4


@dataclass(frozen=True)
class WarpShuffle:
    """P = post ∘ P_mixed ∘ P_lane ∘ pre on the bits of (register, lane).

    `pre[i]` / `post[i]`: the register bit that register bit i moves to before packing / after
    unpacking; `lane[j]`: the lane bit lane bit j moves to; `transpositions`: (register bit,
    lane bit) pairs, register bits counted after packing (in words); `pack`: log2 of the elements
    per 32-bit word.
    """

    pre: tuple[int, ...]
    lane: tuple[int, ...]
    transpositions: tuple[tuple[int, int], ...]
    post: tuple[int, ...]
    pack: int

    @property
    def register_bits(self) -> int:
        return len(self.pre)

    @property
    def lane_is_identity(self) -> bool:
        return all(target == j for j, target in enumerate(self.lane))

    def lane_inverse(self) -> tuple[int, ...]:
        """inverse[k]: the lane bit that moves to bit k."""
        inverse = [0] * len(self.lane)
        for j, target in enumerate(self.lane):
            inverse[target] = j
        return tuple(inverse)


def permute_index(index: int, targets: tuple[int, ...]) -> int:
    """The index whose bit `targets[i]` is bit i of `index`."""
    return sum(1 << target for i, target in enumerate(targets) if index >> i & 1)


def _permutation(src: FlatLayout, dst: FlatLayout) -> tuple[list[int], int]:
    """P as a list over the flat bits (registers first, then lanes), and the register count."""
    n_reg = max(len(src.register), len(dst.register))
    n_lane = max(len(src.lane), len(dst.lane))

    def bits(layout: FlatLayout) -> list[int]:
        regs = list(layout.register) + [0] * (n_reg - len(layout.register))
        lanes = list(layout.lane) + [0] * (n_lane - len(layout.lane))
        return regs + lanes

    s_bits, t_bits = bits(src), bits(dst)
    where = {value: k for k, value in enumerate(t_bits) if value}
    if len(where) != sum(1 for v in t_bits if v):
        raise LayoutError("the destination layout holds an element twice in one thread")
    perm = [-1] * len(s_bits)
    src_zeros, dst_zeros = [], []
    for k, (s, t) in enumerate(zip(s_bits, t_bits, strict=True)):
        if s:
            if s not in where:
                raise LayoutError("a register or lane basis is not one of the other layout's")
            perm[k] = where[s]
        if not s and not t:
            perm[k] = k
        elif not s:
            src_zeros.append(k)
        elif not t:
            dst_zeros.append(k)
    for a, b in zip(src_zeros, dst_zeros, strict=False):
        perm[a] = b
    if sorted(perm) != list(range(len(perm))):
        raise LayoutError("the conversion is not a permutation of register and lane bits")
    return perm, n_reg


def decompose(src: LinearLayout, dst: LinearLayout, bitwidth: int) -> WarpShuffle:
    """The factorization of a warp-local conversion (layouts without broadcast registers).

    Raises `LayoutError` when the conversion is not a permutation of register and lane bits.
    """
    perm, n_reg = _permutation(FlatLayout.of(src), FlatLayout.of(dst))
    n_lane = len(perm) - n_reg
    reg = list(range(n_reg))
    lane = list(range(n_lane))
    mixed: list[tuple[int, int]] = []
    visited = [False] * len(perm)
    for start in range(len(perm)):
        if visited[start]:
            continue
        reg_start = lane_start = -1
        current = start
        while True:
            visited[current] = True
            following = perm[current]
            if current < n_reg and following < n_reg:
                reg[current] = following
            elif current >= n_reg and following >= n_reg:
                lane[current - n_reg] = following - n_reg
            elif current < n_reg:
                reg_start, lane_start = current, following - n_reg
            else:
                # (.. r_m l_j .. l_k r_i ..) = (r_i l_j) (.. r_m r_i ..) (l_j .. l_k)
                reg[reg_start] = following
                lane[current - n_reg] = lane_start
                mixed.append((following, lane_start))
            current = following
            if current == start:
                break
    pack = min(log2(min(max(WORD_BITS // bitwidth, 1), MAX_PACK)), n_reg - len(mixed))
    paired = {r for r, _ in mixed}
    free = [h for h in range(pack, n_reg) if h not in paired]
    post = list(range(n_reg))
    transpositions = []
    for r, l in mixed:
        if r >= pack:
            transpositions.append((r - pack, l))
            continue
        h = free.pop(0)
        swap = {r: h, h: r}
        reg = [swap.get(target, target) for target in reg]
        post[r], post[h] = post[h], post[r]
        transpositions.append((h - pack, l))
    return WarpShuffle(tuple(reg), tuple(lane), tuple(transpositions), tuple(post), pack)


def mixed_transpositions(src: LinearLayout, dst: LinearLayout) -> int:
    """How many register-lane transpositions the conversion takes (Triton decides between shuffles
    and shared memory on this count at 32 bits)."""
    return len(decompose(src, dst, WORD_BITS).transpositions)
