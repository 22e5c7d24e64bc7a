"""`canonicalize`: MLIR's canonicalizer over Triton's IR.

Mirrors mlir/lib/Transforms/Canonicalizer.cpp: the greedy driver (patterns/greedy.py) applies
every op's folder and canonicalization patterns (patterns/arith.py, scf.py, tt.py) top-down until
nothing changes, removes unused side-effect-free ops, uniques constants and hoists them to the
entry block of their function, and simplifies regions (erases unreachable blocks and dead ops)
unless `region-simplify=disabled`. `max-iterations` bounds the number of sweeps (MLIR's default 10).
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import apply_patterns
from ttc.transforms.patterns.greedy import GreedyConfig, RegionSimplify, apply_patterns_greedily


class CanonicalizePass(
    TtcPass, name="canonicalize", summary="Canonicalize operations (folds, patterns, constant uniquing, DCE)"
):
    """Fold, apply canonicalization patterns, and simplify regions to a fixed point."""

    region_simplify: RegionSimplify = field(
        default=RegionSimplify.NORMAL,
        metadata={"help": "how far regions are simplified (MLIR's GreedySimplifyRegionLevel)"},
    )
    max_iterations: int = field(
        default=10, metadata={"help": "maximum number of sweeps over the IR"}
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        config = GreedyConfig(
            region_simplify=self.region_simplify,
            max_iterations=self.max_iterations,
        )
        apply_patterns_greedily(ctx, op.body, apply_patterns, config)
