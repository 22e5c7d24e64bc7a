"""PTX inline assembly as Triton's `PTXBuilder` emits it.

`PtxInstruction` assembles one predicated PTX instruction with its operands numbered in order of
appearance: outputs first (`=r`), then inputs, then the address (`[ $4 + 0 ]`) and the predicate
(`@$5`, constraint `b`). Initialising moves (`mov.u32 $0, 0x0;`) come before the instruction and
are joined with `\\n\\t` as Triton does. `launch` emits the `llvm.inline_asm has_side_effects` op.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects.builtin import ArrayAttr, StringAttr, UnitAttr
from xdsl.ir import Attribute, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.dialects.upstream import llvm


@dataclass
class PtxInstruction:
    """One inline-asm statement: a list of PTX lines over numbered operands."""

    lines: list[str] = field(default_factory=list)
    constraints: list[str] = field(default_factory=list)
    inputs: list[SSAValue] = field(default_factory=list)

    def output(self, constraint: str) -> str:
        """A new output operand (`=r`); returns its `$N`."""
        assert not self.inputs, "outputs come before inputs"
        self.constraints.append(f"={constraint}")
        return f"${len(self.constraints) - 1}"

    def input(self, value: SSAValue, constraint: str) -> str:
        """A new input operand; returns its `$N`."""
        self.constraints.append(constraint)
        self.inputs.append(value)
        return f"${len(self.constraints) - 1}"

    def launch(
        self, lw: FunctionLowering, result: Attribute | None, side_effects: bool = True
    ) -> SSAValue | None:
        """Emit the statement as `llvm.inline_asm` (`has_side_effects` unless `side_effects` is
        false: a pure computation that may be moved or dropped); returns its result."""
        properties: dict[str, Attribute] = {
            "asm_string": StringAttr("\n\t".join(self.lines)),
            "constraints": StringAttr(",".join(self.constraints)),
            "asm_dialect": StringAttr("att"),
            "operand_attrs": ArrayAttr([]),
        }
        if side_effects:
            properties["has_side_effects"] = UnitAttr()
        op = lw.emit(
            llvm.InlineAsmOp.create(
                operands=list(self.inputs),
                result_types=[result if result is not None else llvm.LLVMVoidType()],
                properties=properties,
            )
        )
        return op.results[0] if result is not None else None


def operand_list(names: Sequence[str]) -> str:
    """`{ $0, $1 }`: a PTX vector operand."""
    return "{ " + ", ".join(names) + " }"
