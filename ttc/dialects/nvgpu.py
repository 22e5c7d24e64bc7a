"""Triton's NVGPU dialect (`nvg`): the NVIDIA ops between TritonGPU-to-LLVM and NVGPU-to-LLVM.

Mirrors `third_party/nvidia/include/Dialect/NVGPU/IR/NVGPUOps.td` for the ops Triton 3.6's sm90
pipeline prints between `convert-triton-gpu-to-llvm` and `convert-nv-gpu-to-llvm` (which rewrites
them into inline PTX):

- `nvg.wgmma %a, %b, %useC[, %c] {m, n, k, eltTypeA/B/C, layoutA/B} : (types) -> !llvm.struct<...>`:
  one Hopper warp-group MMA; A and B are shared-memory descriptors (`i64`) or register structs;
- `nvg.wgmma_wait_group %acc {pendings = N : i32} : !llvm.struct<...>`: wait until at most N wgmma
  groups are in flight; the result is the operand, made available;
- `nvg.cluster_id` and `nvg.warp_id`: the CTA's id in its cluster and the (uniform) warp id, `i32`;
- `nvg.warp_group_barrier_id`, `nvg.ld_acquire` (a scalar acquire load) and
  `nvg.tensor_memory_base` (the tensor-memory base pointer, `!llvm.ptr<6>`).

The element types and layouts are Triton's `WGMMAEltType` and `WGMMALayout` I32 enums, stored and
printed as `i32` attributes. As in MLIR, ops without declared memory effects (`wgmma`,
`wgmma_wait_group`) are assumed to have any effect, so no pass moves or erases them.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    AnyFloat,
    IntAttr,
    IntegerAttr,
    IntegerType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Dialect
from xdsl.irdl import (
    AnyOf,
    EqAttrConstraint,
    IRDLOperation,
    VarConstraint,
    base,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, PureOp, MemoryReadWriteOp
from ttc.dialects.tt.syntax import enum_keyword
from ttc.dialects.tt.types import MemSemantic, MemSyncScope
from ttc.dialects.upstream.llvm import LLVMStructType
from ttc.dialects.upstream.llvm_attrs import LLVMPointerType
from ttc.ir.op_definition import op_definition

WGMMA_ELT_TYPES: tuple[str, ...] = ("s8", "s32", "e4m3", "e5m2", "f16", "bf16", "tf32", "f32")
"""Triton's `WGMMAEltType` enum: the case at index i has value i."""

WGMMA_LAYOUTS: tuple[str, ...] = ("row", "col")
"""Triton's `WGMMALayout` enum: the case at index i has value i."""


WGMMA_OPERAND = AnyOf([EqAttrConstraint(i64), base(LLVMStructType)])
"""Triton's `WGMMA_OperandType`: a shared-memory descriptor (`i64`) or registers (a struct)."""


def _enum_value(op: IRDLOperation, prop: str, cases: tuple[str, ...]) -> int:
    attr = op.properties[prop]
    assert isinstance(attr, IntegerAttr)
    value = attr.value.data
    if attr.type != i32 or not 0 <= value < len(cases):
        raise VerifyException(
            f"{prop} must be an i32 case of "
            + ", ".join(f"{i} ({name})" for i, name in enumerate(cases))
            + f", got {attr}"
        )
    return value


@op_definition
class WGMMAOp(PropsInAttrDictOp):
    """`nvg.wgmma`: D = A * B (+ C when `useC`) for one m x n x k warp-group MMA (Hopper wgmma)."""

    name = "nvg.wgmma"

    op_a = operand_def(WGMMA_OPERAND)
    op_b = operand_def(WGMMA_OPERAND)
    use_c = operand_def(i1)
    op_c = opt_operand_def(LLVMStructType)
    m = prop_def(IntegerAttr)
    n = prop_def(IntegerAttr)
    k = prop_def(IntegerAttr)
    elt_type_c = prop_def(IntegerAttr, prop_name="eltTypeC")
    elt_type_a = prop_def(IntegerAttr, prop_name="eltTypeA")
    elt_type_b = prop_def(IntegerAttr, prop_name="eltTypeB")
    layout_a = prop_def(IntegerAttr, prop_name="layoutA")
    layout_b = prop_def(IntegerAttr, prop_name="layoutB")
    res = result_def(LLVMStructType)

    assembly_format = (
        "$op_a `,` $op_b `,` $use_c (`,` $op_c^)? attr-dict `:` functional-type(operands, $res)"
    )

    def verify_(self) -> None:
        for prop in ("m", "n", "k"):
            attr = self.properties[prop]
            assert isinstance(attr, IntegerAttr)
            if attr.type != i32 or attr.value.data <= 0:
                raise VerifyException(f"{prop} must be a positive i32, got {attr}")
        for prop in ("eltTypeA", "eltTypeB", "eltTypeC"):
            _enum_value(self, prop, WGMMA_ELT_TYPES)
        for prop in ("layoutA", "layoutB"):
            _enum_value(self, prop, WGMMA_LAYOUTS)
        if self.op_c is not None and self.op_c.type != self.res.type:
            raise VerifyException("the accumulator and the result must have the same type")


@op_definition
class WGMMAWaitGroupOp(PropsInAttrDictOp):
    """`nvg.wgmma_wait_group`: wait for all but `pendings` wgmma groups; the result is the input."""

    name = "nvg.wgmma_wait_group"

    T: ClassVar = VarConstraint("T", base(LLVMStructType))

    input = operand_def(T)
    pendings = prop_def(IntegerAttr)
    output = result_def(T)

    assembly_format = "$input attr-dict `:` type($input)"


class PureI32IdOp(PureOp):
    """An op without operands whose pure `i32` result is an id of the running thread's place."""

    result = result_def(i32)

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__(result_types=[i32])


@op_definition
class ClusterCTAIdOp(PureI32IdOp):
    """`nvg.cluster_id`: the linear id of this CTA within its cluster (Triton's ClusterCTAIdOp)."""

    name = "nvg.cluster_id"


@op_definition
class WarpIdOp(PureI32IdOp):
    """`nvg.warp_id`: this thread's warp id within the CTA, known uniform across the warp."""

    name = "nvg.warp_id"


@op_definition
class WarpGroupBarrierIdOp(IRDLOperation):
    """`nvg.warp_group_barrier_id`: the named barrier of the current warp group, `i32`."""

    name = "nvg.warp_group_barrier_id"

    result = result_def(i32)

    assembly_format = "attr-dict"


@op_definition
class LoadAcquireOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`nvg.ld_acquire acquire, gpu, %p[, %mask] : (!llvm.ptr<1>) -> i32`: a scalar global load
    with acquire (or other) semantics at a scope; the semantics and scope keywords and values are
    those of `tt.atomic_rmw`'s."""

    name = "nvg.ld_acquire"

    addr = operand_def(EqAttrConstraint(LLVMPointerType(IntAttr(1))))
    mask = opt_operand_def(i1)
    sem = prop_def(IntegerAttr)
    scope = prop_def(IntegerAttr)
    result = result_def()

    assembly_format = (
        "custom<MemSemantic>($sem) `,` custom<MemSyncScope>($scope) `,` $addr (`,` $mask^)? "
        "attr-dict `:` `(` type($addr) `)` `->` type($result)"
    )
    custom_directives = (enum_keyword(MemSemantic), enum_keyword(MemSyncScope))

    def verify_(self) -> None:
        result = self.result.type
        scalar = (isinstance(result, IntegerType) and result.width.data in (1, 8, 16, 32, 64)) or (
            isinstance(result, AnyFloat) and result.bitwidth >= 8
        )
        if not scalar:
            raise VerifyException(
                f"result #0 must be floating-point or integer, but got '{result}'"
            )


@op_definition
class TensorMemoryBaseOp(PureOp):
    """`nvg.tensor_memory_base`: the kernel's tensor-memory base address, `!llvm.ptr<6>`."""

    name = "nvg.tensor_memory_base"

    result = result_def(EqAttrConstraint(LLVMPointerType(IntAttr(6))))

    assembly_format = "attr-dict"


NVGPU = Dialect(
    "nvg",
    [
        WGMMAOp,
        WGMMAWaitGroupOp,
        ClusterCTAIdOp,
        WarpIdOp,
        WarpGroupBarrierIdOp,
        LoadAcquireOp,
        TensorMemoryBaseOp,
    ],
    [],
)
"""The `nvg` dialect object registered by `ttc.dialects.context.make_context`."""
