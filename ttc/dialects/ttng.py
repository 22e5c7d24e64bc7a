"""The TritonNvidiaGPU dialect (`ttng`): Hopper and Blackwell MMA, memory and synchronisation.

Mirrors Triton's `TritonNvidiaGPUOps.td`, `TritonNvidiaGPUAttrDefs.td` and
`TritonNvidiaGPUTypes.td`. Defined here:

- `ttng.warp_group_dot %a, %b, %c[, %useC] {inputPrecision, isAsync, maxNumImpreciseAcc}
  : A * !ttg.memdesc<B> -> tensor<C>`: a wgmma; A is a register tensor (`#ttg.dot_op`) or a
  shared-memory descriptor, B a shared-memory descriptor;
- `ttng.warp_group_dot_wait %values... {pendings = N : i32} : types`: wait until at most N
  wgmma groups are in flight; its results are its operands, made available;
- `ttng.fence_async_shared {bCluster = false}`: order generic-proxy shared-memory writes before
  async-proxy reads (wgmma, TMA);
- the mbarrier ops (`ttng.init_barrier`, `wait_barrier`, ...) of `ttc.dialects.ttng_barriers`;
- cluster launch control and `reinterpret_tensor_descriptor` of `ttc.dialects.ttng_clc`;
- the TMA copies between a tensor descriptor and shared memory of `ttc.dialects.ttng_tma`;
- tensor memory: the `#ttng.tensor_memory*` attributes of `ttc.dialects.ttng_attrs` and the
  `tmem_*` ops of `ttc.dialects.ttng_tmem`;
- Blackwell MMA (`tc_gen5_mma`, `tc_gen5_mma_scaled`, `tc_gen5_commit`) of
  `ttc.dialects.ttng_mma`;
- `fence_mbarrier_init_release_cluster` and `async_shared_store` of `ttc.dialects.ttng_cluster`;
- `tensormap_create` / `tensormap_fenceproxy_acquire` of `ttc.dialects.ttng_tensormap`;
- `packed_arith` of `ttc.dialects.ttng_packed_arith` and `!ttng.tensordesc_im2col` of
  `ttc.dialects.ttng_types`.

Legacy names (`triton_nvidia_gpu.dot_async`/`dot_wait`) resolve here through
`ttc.dialects.legacy`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, IntegerType, TensorType
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.ttg import MemDescType
from ttc.dialects.ttng_attrs import TTNG_ATTRS
from ttc.dialects.ttng_barriers import BARRIER_OPS
from ttc.dialects.ttng_clc import CLC_OPS
from ttc.dialects.ttng_cluster import CLUSTER_OPS
from ttc.dialects.ttng_mma import MMA_OPS
from ttc.dialects.ttng_packed_arith import PACKED_ARITH_OPS
from ttc.dialects.ttng_tensormap import TENSORMAP_OPS
from ttc.dialects.ttng_tma import TMA_OPS
from ttc.dialects.ttng_tmem import TMEM_OPS
from ttc.dialects.ttng_types import TTNG_TYPES


def _shape(t: Attribute) -> tuple[int, ...]:
    if isinstance(t, TensorType | MemDescType):
        return tuple(t.get_shape())
    raise VerifyException(f"expected a tensor or a !ttg.memdesc, got {t}")


def _element(t: Attribute) -> Attribute:
    if isinstance(t, TensorType):
        return t.get_element_type()
    if isinstance(t, MemDescType):
        return t.element_type
    raise VerifyException(f"expected a tensor or a !ttg.memdesc, got {t}")


@irdl_op_definition
class WarpGroupDotOp(IRDLOperation):
    """`ttng.warp_group_dot`: D = A * B + C on a warp group (Hopper wgmma)."""

    name = "ttng.warp_group_dot"

    ACC: ClassVar = VarConstraint("ACC", base(TensorType))

    a = operand_def(AnyAttr())
    b = operand_def(MemDescType)
    c = operand_def(ACC)
    use_c = opt_operand_def(IntegerType(1))
    input_precision = opt_prop_def(IntegerAttr, prop_name="inputPrecision")
    max_num_imprecise_acc = opt_prop_def(IntegerAttr, prop_name="maxNumImpreciseAcc")
    is_async = opt_prop_def(BoolAttr, prop_name="isAsync")
    d = result_def(ACC)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$a `,` $b `,` $c (`,` $use_c^)? attr-dict `:` type($a) `*` type($b) `->` type($d)"
    )

    def verify_(self) -> None:
        a_shape, b_shape = _shape(self.a.type), _shape(self.b.type)
        c_shape, d_shape = _shape(self.c.type), _shape(self.d.type)
        if len(a_shape) != 2 or len(b_shape) != 2:
            raise VerifyException("operands A and B must be rank 2")
        if a_shape[1] != b_shape[0]:
            raise VerifyException(
                f"the K dimensions of A ({a_shape[1]}) and B ({b_shape[0]}) must agree"
            )
        if c_shape != (a_shape[0], b_shape[1]) or d_shape != c_shape:
            raise VerifyException("the accumulator and result shapes must be M x N of A * B")
        if _element(self.a.type) != _element(self.b.type):
            raise VerifyException("operands A and B must have the same element type")


@irdl_op_definition
class WarpGroupDotWaitOp(IRDLOperation):
    """`ttng.warp_group_dot_wait`: wait for wgmma groups; results mirror the operands."""

    name = "ttng.warp_group_dot_wait"

    inputs = var_operand_def(AnyAttr())
    pendings = prop_def(IntegerAttr)
    outputs = var_result_def(AnyAttr())

    @classmethod
    def parse(cls, parser: Parser) -> WarpGroupDotWaitOp:
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(operands):
            parser.raise_error(f"expected {len(operands)} types, got {len(types)}")
        properties: dict[str, Attribute] = {}
        if "pendings" in attrs:
            properties["pendings"] = attrs.pop("pendings")
        return cls(
            operands=[[parser.resolve_operand(o, t) for o, t in zip(operands, types)]],
            result_types=[types],
            properties=properties,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.inputs, printer.print_operand)
        printer.print_op_attributes({"pendings": self.pendings, **self.attributes})
        printer.print_string(" : ")
        printer.print_list([v.type for v in self.inputs], printer.print_attribute)

    def verify_(self) -> None:
        if [v.type for v in self.inputs] != [r.type for r in self.outputs]:
            raise VerifyException("results must have the types of the operands")


@irdl_op_definition
class FenceAsyncSharedOp(IRDLOperation):
    """`ttng.fence_async_shared {bCluster = B}`: a fence.proxy.async on shared memory."""

    name = "ttng.fence_async_shared"

    b_cluster = prop_def(BoolAttr, prop_name="bCluster")

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"


TTNG = Dialect(
    "ttng",
    [WarpGroupDotOp, WarpGroupDotWaitOp, FenceAsyncSharedOp, *BARRIER_OPS, *CLC_OPS, *TMA_OPS, *TMEM_OPS,
     *MMA_OPS, *CLUSTER_OPS, *TENSORMAP_OPS, *PACKED_ARITH_OPS],
    [*TTNG_ATTRS, *TTNG_TYPES],
)
"""The `ttng` dialect object registered by `ttc.ir.context.make_context`."""
