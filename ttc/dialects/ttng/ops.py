"""The TritonNvidiaGPU dialect (`ttng`): Hopper and Blackwell MMA, memory and synchronisation.

Mirrors Triton's `TritonNvidiaGPUOps.td`, `TritonNvidiaGPUAttrDefs.td` and
`TritonNvidiaGPUTypes.td`. Defined here:

- `ttng.warp_group_dot %a, %b, %c[, %useC] {inputPrecision, isAsync, maxNumImpreciseAcc}
  : A * !ttg.memdesc<B> -> tensor<C>`: a wgmma; A is a register tensor (`#ttg.dot_op`) or a
  shared-memory descriptor, B a shared-memory descriptor; the properties print only when they
  differ from their defaults (ieee, 0, false), as MLIR prints default-valued attributes;
- `ttng.warp_group_dot_wait %values... {pendings = N : i32} : types`: wait until at most N
  wgmma groups are in flight; its results are its operands, made available;
- `ttng.fence_async_shared {bCluster = false}`: order generic-proxy shared-memory writes before
  async-proxy reads (wgmma, TMA);
- the mbarrier ops (`ttng.init_barrier`, `wait_barrier`, ...) of `ttc.dialects.ttng.barriers`;
- cluster launch control and `reinterpret_tensor_descriptor` of `ttc.dialects.ttng.clc`;
- the TMA copies between a tensor descriptor and shared memory of `ttc.dialects.ttng.tma`;
- tensor memory: the `#ttng.tensor_memory*` attributes of `ttc.dialects.ttng.attrs` and the
  `tmem_*` ops of `ttc.dialects.ttng.tmem`;
- Blackwell MMA (`tc_gen5_mma`, `tc_gen5_mma_scaled`, `tc_gen5_commit`) of
  `ttc.dialects.ttng.mma`;
- `fence_mbarrier_init_release_cluster` and `async_shared_store` of `ttc.dialects.ttng.cluster`;
- `tensormap_create` / `tensormap_fenceproxy_acquire` of `ttc.dialects.ttng.tensormap`;
- `packed_arith` of `ttc.dialects.ttng.packed_arith` and `!ttng.tensordesc_im2col` of
  `ttc.dialects.ttng.types`.

Legacy names (`triton_nvidia_gpu.dot_async`/`dot_wait`) resolve here through
`ttc.dialects.legacy`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    BoolAttr,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
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

from ttc.dialects.tt.ops import DotOpInterface, verify_dot_interface
from ttc.dialects.tt.types import InputPrecision, bit_width
from ttc.dialects.ttg.attrs import (
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
)
from ttc.dialects.ttg.mma_support import operand_supports_mma
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttg.warp_specialize import maybe_lookup_num_warps
from ttc.dialects.ttng.attrs import TTNG_ATTRS
from ttc.dialects.ttng.barriers import BARRIER_OPS
from ttc.dialects.ttng.clc import CLC_OPS
from ttc.dialects.ttng.cluster import CLUSTER_OPS
from ttc.dialects.ttng.mma import MMA_OPS
from ttc.dialects.ttng.packed_arith import PACKED_ARITH_OPS
from ttc.dialects.ttng.tensormap import TENSORMAP_OPS
from ttc.dialects.ttng.tma import TMA_OPS
from ttc.dialects.ttng.tmem import TMEM_OPS
from ttc.dialects.ttng.types import TTNG_TYPES
from ttc.ir.op_definition import op_definition


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


@op_definition
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
        """Triton's checks in MLIR's order: `TypesMatchWith`, `verifyDotOpInterface`, then
        `WarpGroupDotOp::verify`."""
        if self.d.type != self.c.type:
            raise VerifyException("failed to verify that result's type matches accumulator's type")
        a_shape, b_shape, c_shape = _shape(self.a.type), _shape(self.b.type), _shape(self.c.type)
        verify_dot_interface(
            a_shape,
            b_shape,
            c_shape,
            dims_match=a_shape[-1] == b_shape[-2],
            output_matches=c_shape[-2:] == (a_shape[-2], b_shape[-1]),
        )
        self._verify_wgmma()

    def needs_partial_accumulator(self) -> bool:
        """Triton's `WarpGroupDotOp::needsPartialAccumulator`: an fp8 dot into f32 that may
        accumulate at most `maxNumImpreciseAcc` K products in wgmma's reduced-precision
        accumulator, no more than its K extent, so partial sums go through a separate accumulator
        added to the real one in full f32 (`fadd`) every `maxNumImpreciseAcc` K."""
        fp8 = Float8E5M2Type | Float8E4M3FNType | Float8E5M2FNUZType | Float8E4M3FNUZType
        result = self.d.type
        assert isinstance(result, TensorType)
        imprecise = self.max_num_imprecise_acc
        limit = imprecise.value.data if imprecise is not None else 0
        return (
            isinstance(_element(self.a.type), fp8)
            and isinstance(result.get_element_type(), Float32Type)
            and limit <= _shape(self.a.type)[1]
        )

    def _verify_wgmma(self) -> None:
        result = self.d.type
        assert isinstance(result, TensorType)
        mma = result.encoding
        if not isinstance(mma, NvidiaMmaEncodingAttr) or mma.version_major.data != 3:
            raise VerifyException("WGMMA result layout must be Hopper NVMMA")
        a_enc = _encoding(self.a.type)
        if not isinstance(
            a_enc, NVMMASharedEncodingAttr | DotOperandEncodingAttr | SharedLinearEncodingAttr
        ):
            raise VerifyException("WGMMA A operand must have NVMMA shared or dot layout")
        if not isinstance(_encoding(self.b.type), NVMMASharedEncodingAttr | SharedLinearEncodingAttr):
            raise VerifyException("WGMMA B operand must have NVMMA shared layout")
        if (maybe_lookup_num_warps(self) or 4) % 4:
            raise VerifyException("WGMMA requires num_warps to be divisible by 4")
        split = mma.cta_layout.cta_split_num
        per_cta = [dim // min(dim, n) for dim, n in zip(result.get_shape(), split, strict=True)]
        if len(per_cta) != 2:
            raise VerifyException("WGMMA result shape must be 2D")
        if per_cta[0] % 64:
            raise VerifyException("WGMMA result M dimension must be divisible by 64")
        if per_cta[1] % 8:
            raise VerifyException("WGMMA result N dimension must be divisible by 8")
        a_element = _element(self.a.type)
        if not operand_supports_mma(a_element, 3) or not operand_supports_mma(
            _element(self.b.type), 3
        ):
            raise VerifyException("unsupported MMA version for the given operands")
        imprecise = self.max_num_imprecise_acc
        if (
            (imprecise is None or imprecise.value.data < 32)
            and isinstance(a_element, Float8E5M2Type | Float8E4M3FNType)
            and isinstance(result.get_element_type(), Float32Type)
        ):
            raise VerifyException(
                "Cannot use F32 as the accumulator element type when the max_num_imprecise_acc "
                "is less than 32"
            )
        if isinstance(self.a.type, TensorType):
            assert isinstance(a_enc, DotOperandEncodingAttr)
            k_width = 32 // bit_width(a_element)
            if a_enc.k_width.data != k_width:
                raise VerifyException(
                    f"in-register LHS operand must have a kWidth of {k_width} but got "
                    f"{a_enc.k_width.data}"
                )


@op_definition
class WarpGroupDotWaitOp(IRDLOperation):
    """`ttng.warp_group_dot_wait`: wait for wgmma groups; results mirror the operands."""

    name = "ttng.warp_group_dot_wait"

    inputs = var_operand_def(AnyAttr())
    pendings = prop_def(IntegerAttr)
    outputs = var_result_def(AnyAttr())

    # Hand-written syntax: the result types are the operand types (inferred), and `pendings` comes from
    # the attr-dict.
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


@op_definition
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
"""The `ttng` dialect object registered by `ttc.dialects.context.make_context`."""
