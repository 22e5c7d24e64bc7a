"""Verify a module as `triton-opt` does: MLIR's rules (`ttc.ir.verify`) with Triton's layout traits.

Triton's ops carry `VerifyTensorLayoutsTrait` and `VerifyMemDescLayoutsTrait`, which check each
operand's and result's layout against the op's context (warps, lanes, CTAs) before the op's own
verifier; `ttc.dialects.ttg.ops.verify_op_layouts` is that check, and the verifier here runs it
on every op. The MLIR rules know no dialect, so this is the one place that puts the two together.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from ttc.dialects.ttg.ops import verify_op_layouts
from ttc.ir import verify


def verify_module(module: ModuleOp, filename: str) -> None:
    """Raise a located `TtcError` for the first op of `module` that breaks MLIR's rules or a
    Triton layout rule (`ttc.ir.verify.verify_module`)."""
    verify.verify_module(module, filename, (verify_op_layouts,))
