"""Program ids and grid sizes (Triton's SPMDOpToLLVM for NVIDIA): `tt.get_program_id` reads
`%ctaid.{x,y,z}` and `tt.get_num_programs` reads `%nctaid.{x,y,z}`; when a program is a cluster of
several CTAs (`ttg.num-ctas` > 1) they read `%clusterid` and `%nclusterid` instead."""

from __future__ import annotations

from xdsl.ir import Operation

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.tt import ops as tt

_REGISTERS = {
    "tt.get_program_id": ("ctaid", "clusterid"),
    "tt.get_num_programs": ("nctaid", "nclusterid"),
}


def program_register(lw: FunctionLowering, op_name: str, axis: str) -> str:
    """The `nvvm.read.ptx.sreg.*` op that answers `op_name` along `axis` for this target."""
    per_cta, per_cluster = _REGISTERS[op_name]
    register = per_cta if lw.num_ctas == 1 else per_cluster
    return f"nvvm.read.ptx.sreg.{register}.{axis}"


@lowers(*_REGISTERS)
def _program_axis(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.ProgramAxisOp)
    lw.bind(op.result, [lw.special_register(program_register(lw, op.name, op.dim().keyword))])
