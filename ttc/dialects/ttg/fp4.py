"""`ttg.fp4_to_fp`: unpack e2m1 (fp4) pairs stored in i8 into bf16 or f16.

Mirrors `TTG_Fp4ToFpOp` of Triton's `TritonGPUOps.td` and `Fp4ToFpOp::verifyFp4ToFp` in
`lib/Dialect/TritonGPU/IR/Ops.cpp`: each i8 holds two fp4 values (low nibble first) along `axis`,
so the result is twice as long there. Its layout must be the source's with one more register bit
for the pair: the source layout is inferred backwards from the result's (Triton's
`inferFp4ToFpOpEncoding`: the result's first register basis must step once along `axis`) and must
be equivalent to the source's.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    IntegerAttr,
    NoneAttr,
    TensorType,
)
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, PureOp
from ttc.dialects.ttg.layout_inference import unpacked_source_layout
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.ir.op_definition import op_definition
from ttc.layouts.linear import LayoutError


@op_definition
class Fp4ToFpOp(PureOp, PropsInAttrDictOp):
    """`ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<MxNxi8, #l> -> tensor<Mx2Nxbf16, #l2>`."""

    name = "ttg.fp4_to_fp"

    src = operand_def(TensorType)
    axis = prop_def(IntegerAttr)
    result = result_def(TensorType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def verify_(self) -> None:
        src, res = self.src.type, self.result.type
        assert isinstance(src, TensorType) and isinstance(res, TensorType)
        element = res.get_element_type()
        if not isinstance(element, BFloat16Type | Float16Type):
            raise VerifyException(f"only bf16 or f16 is supported for now, got '{element}'")
        src_shape, res_shape = src.get_shape(), res.get_shape()
        rank, axis = len(src_shape), self.axis.value.data
        if rank != len(res_shape):
            raise VerifyException(f"source rank {rank} != result rank {len(res_shape)}")
        if not 0 <= axis < rank:
            raise VerifyException(f"axis {axis} out of range for rank {rank}")
        for i, (s, r) in enumerate(zip(src_shape, res_shape)):
            if i == axis and r != 2 * s:
                raise VerifyException(
                    f"axis {axis} dimension must be 2x source dimension (src={s}, dst={r})"
                )
            if i != axis and r != s:
                raise VerifyException(
                    f"dimension {i} mismatch (src={s}, dst={r}, axis={axis})"
                )
        encoded = [not isinstance(t.encoding, NoneAttr) for t in (src, res)]
        if encoded[0] != encoded[1]:
            raise VerifyException("source and result must both have an encoding, or neither")
        if encoded[0]:
            self._verify_layouts(src, res, axis)

    @staticmethod
    def _verify_layouts(src: TensorType, res: TensorType, axis: int) -> None:
        try:
            res_layout = to_linear_layout(res.encoding, res.get_shape())
            src_layout = to_linear_layout(src.encoding, src.get_shape())
        except LayoutError:
            return
        inferred = unpacked_source_layout(res_layout, axis)
        if inferred is None:
            raise VerifyException("failed to infer encoding")
        if inferred != src_layout:
            raise VerifyException(
                f"Src and Dst encodings are not compatible:\n{inferred}\n{src_layout}"
            )


FP4_OPS: tuple[type[IRDLOperation], ...] = (Fp4ToFpOp,)
"""The ops of this module, for the `ttg` dialect."""
