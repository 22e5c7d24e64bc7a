"""The base class of every ttc pass.

A pass mirrors one Triton/MLIR pass: its `name` is the flag triton-opt uses
(`tritongpu-coalesce`) and its `summary` the one-line description `ttc list passes` shows, both
given as class keywords (`class TritonGPUCoalesce(TtcPass, name="tritongpu-coalesce",
summary="...")`). Every subclass is made a frozen dataclass as it is defined; its options are its
fields, whose names are the option spellings with `-` written as `_` (`num_stages` for
`num-stages=3`). A field's help text goes in `field(metadata={"help": "..."})`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, dataclass_transform

from xdsl.passes import ModulePass


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
@dataclass(frozen=True)
class TtcPass(ModulePass):
    """A named module pass with typed options; subclasses implement `apply(ctx, module)`."""

    name: ClassVar[str]
    summary: ClassVar[str] = ""

    def __init_subclass__(cls, name: str | None = None, summary: str | None = None, **kwargs: object) -> None:
        """Record the class keywords `name` (the flag) and `summary` as class attributes, and make
        the subclass a frozen dataclass (what xDSL's ModulePass needs to parse options)."""
        super().__init_subclass__(**kwargs)
        if name is not None:
            cls.name = name
        if summary is not None:
            cls.summary = summary
        dataclass(frozen=True)(cls)
