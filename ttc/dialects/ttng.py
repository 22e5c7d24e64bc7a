"""The TritonNvidiaGPU dialect (`ttng`): Hopper warp-group MMA and its synchronisation.

Mirrors Triton's `TritonNvidiaGPUOps.td` for the ops the sm90 pipeline produces on a matmul:

- `ttng.warp_group_dot %a, %b, %c[, %useC] {inputPrecision, isAsync, maxNumImpreciseAcc}
  : A * !ttg.memdesc<B> -> tensor<C>`: a wgmma; A is a register tensor (`#ttg.dot_op`) or a
  shared-memory descriptor, B a shared-memory descriptor; the properties print only when they
  differ from their defaults (ieee, 0, false), as MLIR prints default-valued attributes;
- `ttng.warp_group_dot_wait %values... {pendings = N : i32} : types`: wait until at most N
  wgmma groups are in flight; its results are its operands, made available;
- `ttng.fence_async_shared {bCluster = false}`: order generic-proxy shared-memory writes before
  async-proxy reads (wgmma, TMA);
- the mbarrier ops (`ttng.init_barrier`, `wait_barrier`, ...) of `ttc.dialects.ttng_barriers`;
- cluster launch control and `reinterpret_tensor_descriptor` of `ttc.dialects.ttng_clc`;
- the TMA copies between a tensor descriptor and shared memory of `ttc.dialects.ttng_tma`;
- device-side descriptor creation (`ttng.tensormap_create`, ...) of `ttc.dialects.ttng_tensormap`.

Legacy names (`triton_nvidia_gpu.dot_async`/`dot_wait`) resolve here through
`ttc.dialects.legacy`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    BFloat16Type,
    BoolAttr,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    TensorType,
)
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
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt import DotOpInterface
from ttc.dialects.tt_types import InputPrecision, bit_width
from ttc.dialects.ttg import MemDescType
from ttc.dialects.ttg_attrs import (
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
)
from ttc.dialects.ttg_warp_specialize import lookup_num_warps
from ttc.dialects.ttng_barriers import BARRIER_OPS
from ttc.dialects.ttng_clc import CLC_OPS
from ttc.dialects.ttng_tensormap import TENSORMAP_OPS
from ttc.dialects.ttng_tma import TMA_OPS


def _shape(t: Attribute) -> tuple[int, ...]:
    if isinstance(t, TensorType | MemDescType):
        return tuple(t.get_shape())
    raise VerifyException(f"expected a tensor or a !ttg.memdesc, got {t}")


def _encoding(t: Attribute) -> Attribute:
    if isinstance(t, TensorType | MemDescType):
        return t.encoding
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
    input_precision = opt_prop_def(
        IntegerAttr, default_value=InputPrecision.IEEE.attr(), prop_name="inputPrecision"
    )
    max_num_imprecise_acc = opt_prop_def(
        IntegerAttr, default_value=IntegerAttr(0, 32), prop_name="maxNumImpreciseAcc"
    )
    is_async = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False), prop_name="isAsync")
    d = result_def(ACC)

    traits = traits_def(DotOpInterface())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$a `,` $b `,` $c (`,` $use_c^)? attr-dict `:` type($a) `*` type($b) `->` type($d)"
    )

    def verify_(self) -> None:
        """Triton's `verifyDotOpInterface`, then `WarpGroupDotOp::verify`."""
        a_shape, b_shape = _shape(self.a.type), _shape(self.b.type)
        c_shape, d_shape = _shape(self.c.type), _shape(self.d.type)
        if len(a_shape) not in (2, 3):
            raise VerifyException("expected operands to be 2d or 3d")
        if len(a_shape) != len(b_shape) or len(a_shape) != len(c_shape):
            raise VerifyException("expected all operands to have the same rank")
        if a_shape[-1] != b_shape[-2]:
            raise VerifyException(
                "expected the last dimension of the first operand to be equal to the "
                "second-to-last dimension of the second operand"
            )
        if len(a_shape) == 3 and (a_shape[0] != c_shape[0] or b_shape[0] != c_shape[0]):
            raise VerifyException(
                "expected the first dimension of the first operand to be equal to the first "
                "dimension of the result"
            )
        if d_shape != (*a_shape[:-1], b_shape[-1]):
            raise VerifyException(
                "expected the output shape to be the concatenation of the last dimension of "
                "the first operand and the last dimension of the second "
            )
        self._verify_wgmma()

    def _verify_wgmma(self) -> None:
        """Triton's `WarpGroupDotOp::verify`: what one wgmma can compute."""
        result = self.d.type
        assert isinstance(result, TensorType)
        mma = result.encoding
        if not isinstance(mma, NvidiaMmaEncodingAttr) or not mma.is_hopper:
            raise VerifyException("WGMMA result layout must be Hopper NVMMA")
        a_encoding = _encoding(self.a.type)
        if not isinstance(a_encoding, NVMMASharedEncodingAttr | DotOperandEncodingAttr | SharedLinearEncodingAttr):
            raise VerifyException("WGMMA A operand must have NVMMA shared or dot layout")
        if not isinstance(_encoding(self.b.type), NVMMASharedEncodingAttr | SharedLinearEncodingAttr):
            raise VerifyException("WGMMA B operand must have NVMMA shared layout")
        num_warps = lookup_num_warps(self)
        if num_warps is not None and num_warps % 4:
            raise VerifyException("WGMMA requires num_warps to be divisible by 4")
        shape = [dim // split for dim, split in zip(result.get_shape(), mma.cta_layout.cta_split_num)]
        if len(shape) != 2:
            raise VerifyException("WGMMA result shape must be 2D")
        if shape[0] % 64:
            raise VerifyException("WGMMA result M dimension must be divisible by 64")
        if shape[1] % 8:
            raise VerifyException("WGMMA result N dimension must be divisible by 8")
        a_element = _element(self.a.type)
        fp8 = isinstance(a_element, Float8E5M2Type | Float8E4M3FNType)
        if not (fp8 or isinstance(a_element, Float16Type | BFloat16Type | Float32Type)
                or (isinstance(a_element, IntegerType) and a_element.width.data == 8)):
            raise VerifyException(
                "WGMMA result element type must be F16, BF16, F32, F8E5M2, F8E4M3FN, or integer type"
            )
        if self.max_num_imprecise_acc.value.data < 32 and fp8 and isinstance(result.get_element_type(), Float32Type):
            raise VerifyException(
                "Cannot use F32 as the accumulator element type when the max_num_imprecise_acc "
                "is less than 32"
            )
        if isinstance(a_encoding, DotOperandEncodingAttr):
            k_width = 32 // bit_width(a_element)
            if a_encoding.k_width.data != k_width:
                raise VerifyException(
                    f"in-register LHS operand must have a kWidth of {k_width} but got "
                    f"{a_encoding.k_width.data}"
                )


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
    [WarpGroupDotOp, WarpGroupDotWaitOp, FenceAsyncSharedOp, *BARRIER_OPS, *CLC_OPS, *TMA_OPS, *TENSORMAP_OPS],
    [],
)
"""The `ttng` dialect object registered by `ttc.ir.context.make_context`."""
