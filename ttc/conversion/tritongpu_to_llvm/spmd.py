"""Program ids and grid sizes (Triton's SPMDOpToLLVM): `tt.get_program_id` reads
`%ctaid.{x,y,z}` and `tt.get_num_programs` reads `%nctaid.{x,y,z}` (single-CTA clusters; with
clusters Triton reads the cluster ids instead, which ttc does not lower)."""

from __future__ import annotations

from xdsl.ir import Operation

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects import tt

_REGISTERS = {"tt.get_program_id": "ctaid", "tt.get_num_programs": "nctaid"}


@lowers(*_REGISTERS)
def _program_axis(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.ProgramAxisOp)
    if lw.target.num_ctas != 1:
        raise lw.cannot_lower(op)
    register = f"nvvm.read.ptx.sreg.{_REGISTERS[op.name]}.{op.dim().keyword}"
    lw.bind(op.result, [lw.special_register(register)])
