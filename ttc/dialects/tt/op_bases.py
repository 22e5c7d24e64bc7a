"""Base classes shared by the ops of Triton's dialects (`tt`, `ttg`, `ttng`, `nvg`, `tti`, `ttmg`).

MLIR prints an op's properties (inherent attributes) that its assembly format does not spell in
the op's `attr-dict`, and reads them back from there; xDSL does so for a declarative format only
with the `ParsePropInAttrDict` option, which every Triton op with properties wants.
"""

from __future__ import annotations

from xdsl.irdl import IRDLOperation, ParsePropInAttrDict


class PropsInAttrDictOp(IRDLOperation):
    """An op whose declarative format reads and prints its other properties in `attr-dict`."""

    irdl_options = (ParsePropInAttrDict(),)
