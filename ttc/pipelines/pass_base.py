"""The base class of every ttc pass.

A pass mirrors one Triton/MLIR pass: its `name` is the flag triton-opt uses
(`tritongpu-coalesce`) and its `summary` the one-line description `ttc list passes` shows, both
given as class keywords (`class TritonGPUCoalesce(TtcPass, name="tritongpu-coalesce",
summary="...")`); its options are dataclass fields whose names are the option spellings with `-`
written as `_` (`num_stages` for `num-stages=3`). A field's help text goes in
`field(metadata={"help": "..."})`.
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

    def __init_subclass__(cls, name: str | None = None, summary: str | None = None, **kwargs: object) -> None:
        """Record the class keywords `name` (the flag) and `summary` as class attributes."""
        super().__init_subclass__(**kwargs)
        if name is not None:
            cls.name = name
        if summary is not None:
            cls.summary = summary
