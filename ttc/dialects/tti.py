"""The TritonInstrument dialect (`tti`): ops Triton's sanitizers insert (only `tti.dot_i8` so far).

Mirrors `TTI_DotI8Op` of Triton's `TritonInstrumentOps.td` (verifier in
`lib/Dialect/TritonInstrument/IR/Ops.cpp`): a wrapping i8 x i8 -> i32 matrix product on NVIDIA
MMAv2 layouts, each operand signed or not, which the floating-point sanitizer uses.

```
%d = tti.dot_i8 %a, %b, %c, aSigned = true, bSigned = false
    : tensor<16x32xi8, #ttg.dot_op<...>> * tensor<32x8xi8, #ttg.dot_op<...>> -> tensor<16x8xi32, #mma>
```

The dialect's other ops (the concurrency and floating-point sanitizers' bookkeeping) are not in
ttc yet.
"""

from __future__ import annotations

from xdsl.dialects.builtin import BoolAttr, IntegerType, TensorType
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp, PureOp
from ttc.dialects.tt.syntax import OneType
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.mma_support import verify_dot_operand_encodings
from ttc.ir.op_definition import op_definition


def _int_tensor(value_type: Attribute, width: int, index: int, what: str) -> TensorType:
    element = value_type.get_element_type() if isinstance(value_type, TensorType) else None
    if element != IntegerType(width):
        raise VerifyException(
            f"{what} #{index} must be ranked tensor of {width}-bit signless integer values, but "
            f"got '{value_type}'"
        )
    assert isinstance(value_type, TensorType)
    return value_type


@op_definition
class DotI8Op(PureOp, PropsInAttrDictOp):
    """`tti.dot_i8`: D = A * B + C with wrapping i8 products into i32 (NVIDIA MMAv2)."""

    name = "tti.dot_i8"

    a = operand_def(TensorType)
    b = operand_def(TensorType)
    c = operand_def(TensorType)
    a_signed = prop_def(BoolAttr, prop_name="aSigned")
    b_signed = prop_def(BoolAttr, prop_name="bSigned")
    d = result_def(TensorType)

    assembly_format = (
        "$a `,` $b `,` $c `,` `aSigned` `=` $aSigned `,` `bSigned` `=` $bSigned attr-dict `:` "
        "type($a) `*` type($b) `->` custom<OneType>(type($d), type($c))"
    )
    custom_directives = (OneType,)

    def verify_(self) -> None:
        a = _int_tensor(self.a.type, 8, 0, "operand")
        b = _int_tensor(self.b.type, 8, 1, "operand")
        _int_tensor(self.c.type, 32, 2, "operand")
        d = _int_tensor(self.d.type, 32, 0, "result")
        if self.c.type != d:
            raise VerifyException("failed to verify that result's type matches accumulator's type")
        a_enc, b_enc = a.encoding, b.encoding
        if not isinstance(a_enc, DotOperandEncodingAttr) or not isinstance(
            b_enc, DotOperandEncodingAttr
        ):
            raise VerifyException("requires dot operand encodings for A and B")
        mmas = (a_enc.parent, b_enc.parent, d.encoding)
        if not all(isinstance(m, NvidiaMmaEncodingAttr) and m.version_major.data == 2 for m in mmas):
            raise VerifyException("requires NVIDIA MMAv2 operand and result layouts")
        if mmas[0] != mmas[1] or mmas[0] != mmas[2]:
            raise VerifyException("requires matching NVIDIA MMAv2 layouts")
        verify_dot_operand_encodings(a_enc, b_enc, d.encoding)


TTI = Dialect("tti", [DotI8Op], [])
"""The `tti` dialect object registered by `ttc.dialects.context.make_context`."""
