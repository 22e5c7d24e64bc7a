"""Synchronisation between programs and grids: `tt.atomic_poll` and programmatic dependent launch.

Mirrors `TT_AtomicPollOp`, `TT_GridDependencyWaitOp` and `TT_GridDependencyLaunchDependentsOp`
of Triton's `TritonOps.td` (verifier in `lib/Dialect/Triton/IR/Ops.cpp`):

- `%ok = tt.atomic_poll acquire, gpu, %p, %expected [timeout %t] : !tt.ptr<i32>, i32 -> i1`:
  load `%p` (relaxed, one thread) until it equals `%expected`, or until the timeout;
- `tt.grid_dependency_wait`: wait for the grids this one depends on and see their writes;
- `tt.grid_dependency_launch_dependents`: let dependent grids start.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, IntegerType, i1, i64
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, MemoryReadWriteOp
from ttc.dialects.tt.syntax import enum_keyword
from ttc.dialects.tt.types import (
    MemSemantic,
    MemSyncScope,
    PointerType,
    bit_width,
    pointer_type_same_shape,
)
from ttc.ir.op_definition import op_definition


@op_definition
class AtomicPollOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`tt.atomic_poll`: spin on a global value until it holds the expected one."""

    name = "tt.atomic_poll"

    ptr = operand_def(PointerType)
    expected = operand_def(IntegerType)
    timeout = opt_operand_def(i64)
    sem = prop_def(IntegerAttr)
    scope = prop_def(IntegerAttr)
    result = result_def(i1)

    assembly_format = (
        "custom<MemSemantic>($sem) `,` custom<MemSyncScope>($scope) `,` $ptr `,` $expected "
        "(`timeout` $timeout^)? attr-dict `:` type($ptr) `,` type($expected) `->` type($result)"
    )
    custom_directives = (enum_keyword(MemSemantic), enum_keyword(MemSyncScope))

    def verify_(self) -> None:
        if self.ptr.type != pointer_type_same_shape(self.expected.type):
            raise VerifyException("failed to verify that ptr type matches expected type")
        if MemSemantic.from_attr(self.sem) not in (MemSemantic.ACQUIRE, MemSemantic.RELAXED):
            raise VerifyException("only supports acquire and relaxed semantics")
        if bit_width(self.expected.type) not in (16, 32, 64):
            raise VerifyException("only supports integer elements with width {16, 32, 64}")


@op_definition
class GridDependencyWaitOp(MemoryReadWriteOp):
    """`tt.grid_dependency_wait`: wait for prerequisite grids and acquire their writes."""

    name = "tt.grid_dependency_wait"

    assembly_format = "attr-dict"


@op_definition
class GridDependencyLaunchDependentsOp(MemoryReadWriteOp):
    """`tt.grid_dependency_launch_dependents`: allow dependent grids to begin."""

    name = "tt.grid_dependency_launch_dependents"

    assembly_format = "attr-dict"


SYNC_OPS: tuple[type[IRDLOperation], ...] = (
    AtomicPollOp,
    GridDependencyWaitOp,
    GridDependencyLaunchDependentsOp,
)
"""The ops of this module, for the `tt` dialect."""
