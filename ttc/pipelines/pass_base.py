"""The base class of every ttc pass.

A pass mirrors one Triton/MLIR pass: its `name` is the flag triton-opt uses
(`tritongpu-coalesce`), its options are dataclass fields whose names are the option spellings with
`-` written as `_` (`num_stages` for `num-stages=3`), and `summary` is the one-line description
`ttc list passes` shows. A field's help text goes in `field(metadata={"help": "..."})`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.passes import ModulePass


@dataclass(frozen=True)
class TtcPass(ModulePass):
    """A named module pass with typed options; subclasses implement `apply(ctx, module)`."""

    name: ClassVar[str]
    summary: ClassVar[str] = ""
