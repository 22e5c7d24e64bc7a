"""Base classes shared by the ops of Triton's dialects (`tt`, `ttg`, `ttng`, `nvg`, `tti`, `ttmg`)
and of the upstream dialects ttc defines (`llvm`, `nvvm`, `math`, `gpu`).

MLIR prints an op's properties (inherent attributes) that its assembly format does not spell in
the op's `attr-dict`, and reads them back from there; xDSL does so for a declarative format only
with the `ParsePropInAttrDict` option, which every Triton op with properties wants.

ODS gives most ops one of a few memory-effect trait lists (`Pure`; `MemRead`; `MemWrite`;
`MemRead, MemWrite`). An op takes its list by deriving from the base class of that name here;
xDSL gathers the traits of every base class, so an op that has further traits of its own still
declares them in `traits`, and it combines a trait base with `PropsInAttrDictOp` or another base.
"""

from __future__ import annotations

from xdsl.irdl import IRDLOperation, ParsePropInAttrDict, traits_def
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure


class PropsInAttrDictOp(IRDLOperation):
    """An op whose declarative format reads and prints its other properties in `attr-dict`."""

    irdl_options = (ParsePropInAttrDict(),)


class PureOp(IRDLOperation):
    """An op without memory effects, free to hoist, fold away or speculate (ODS `Pure`)."""

    traits = traits_def(Pure())


class MemoryReadOp(IRDLOperation):
    """An op that reads memory (ODS `MemRead`)."""

    traits = traits_def(MemoryReadEffect())


class MemoryWriteOp(IRDLOperation):
    """An op that writes memory (ODS `MemWrite`)."""

    traits = traits_def(MemoryWriteEffect())


class MemoryReadWriteOp(MemoryReadOp, MemoryWriteOp):
    """An op that reads and writes memory (ODS `MemRead, MemWrite`): atomics, barriers, waits,
    asynchronous copies, which no pass may drop or move other memory accesses across."""
