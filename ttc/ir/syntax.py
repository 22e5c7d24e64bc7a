"""Spellings that changed between Triton releases, and which of them a printed module uses.

A few types are written differently by different Triton releases:

* tensor descriptors: `!tt.tensordesc<tensor<128x64xf16, #shared>>` up to Triton 3.7, the bare
  `!tt.tensordesc<128x64xf16, #shared>` from 3.8 on;
* pointer address spaces: an integer (`!tt.ptr<i8, 0>`) up to 3.8, a name
  (`!tt.ptr<i8, "descriptor">`) later.

ttc reads every spelling. It prints what the input used, so a file round-trips in the dialect of
the Triton that wrote it: the parser records each newer spelling it meets in the context's
`TritonSyntax`, and the printer follows that record. IR built from nothing, or from input that
never used a newer spelling, prints as Triton 3.6 does.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TritonSyntax:
    """Which newer spellings the input used (and so the output uses)."""

    bare_tensor_descriptors: bool = False
    named_address_spaces: bool = False


TRITON_3_6 = TritonSyntax()
"""The spelling of Triton 3.6, used unless the input says otherwise."""


def parsing_syntax(parser: object) -> TritonSyntax | None:
    """The record the parser's context keeps of the spellings met (None outside a ttc context)."""
    return getattr(getattr(parser, "ctx", None), "syntax", None)


def printing_syntax(printer: object) -> TritonSyntax:
    """The spellings `printer` uses (Triton 3.6's unless it was given others)."""
    return getattr(printer, "triton_syntax", TRITON_3_6)
