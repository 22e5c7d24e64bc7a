"""Cluster launch control (Blackwell) and raw tensor descriptors in TritonNvidiaGPU.

Mirrors `TTNG_CLCTryCancelSyncOp`, `TTNG_CLCTryCancelOp`, `TTNG_CLCLoadResultOp`,
`TTNG_CLCIsCanceledOp`, `TTNG_CLCGetProgramIdOp` and `TTNG_ReinterpretTensorDescOp` of Triton's
`TritonNvidiaGPUOps.td` (verifiers in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`):

- `%r = ttng.clc_try_cancel_sync : tensor<2xi64>`: ask to cancel a pending cluster, wait for the
  16-byte response;
- `ttng.clc_try_cancel %buf, %bar : !ttg.memdesc<2xi64, ...>, !ttg.memdesc<1xi64, ...>`: the
  same, the response written to `%buf` and signalled on the mbarrier `%bar`;
- `%r = ttng.clc_load_result %buf : !ttg.memdesc<2xi64, ...> -> i128`, then
  `ttng.clc_is_canceled %r : i128 -> i1` and `ttng.clc_get_program_id %r, x : i128 -> i32`;
- `%d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<...>`.

Triton's check that the response buffer is not split over CTAs needs CGA layouts of memdesc
encodings, which these verifiers do not look at yet.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, IntegerType, TensorType, i1, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import (
    PropsInAttrDictOp,
    PureOp,
    MemoryReadOp,
    MemoryWriteOp,
    MemoryReadWriteOp,
)
from ttc.dialects.tt.syntax import enum_keyword
from ttc.dialects.tt.types import PointerType, ProgramIDDim, TensorDescType
from ttc.dialects.tt.verify import error_at
from ttc.dialects.ttg.attrs import format_bases
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttng.attrs import encoding_cga_bases
from ttc.dialects.ttng.barriers import verify_completion_barrier
from ttc.ir.op_definition import op_definition

I128 = IntegerType(128)


def _verify_response_buffer(op: IRDLOperation, buffer: SSAValue) -> None:
    """Triton's `verifyCLCResultMemdesc` of the shared buffer `buffer` (an error at the op,
    without the op prefix)."""
    memdesc = buffer.type
    assert isinstance(memdesc, MemDescType)
    if memdesc.element_type != IntegerType(64):
        raise error_at(
            op, f"Expected CLC result buffer to have type int64, but got{memdesc.element_type}"
        )
    if memdesc.get_shape() != (2,):
        raise error_at(
            op,
            "Expected CLC result buffer to have rank 1 and a single dimension equal to 2, but got "
            f"{', '.join(map(str, memdesc.get_shape()))}.",
        )
    bases = encoding_cga_bases(memdesc.encoding) or ()
    if any(any(basis) for basis in bases):
        raise error_at(
            op,
            f"Expected CLC result buffer cga_layout bases to be all zeros. Got {format_bases(bases)}",
        )


@op_definition
class CLCTryCancelSyncOp(MemoryReadWriteOp):
    """`ttng.clc_try_cancel_sync : tensor<2xi64>`."""

    name = "ttng.clc_try_cancel_sync"

    response = result_def(TensorType)

    assembly_format = "attr-dict `:` type($response)"

    def verify_(self) -> None:
        response = self.response.type
        assert isinstance(response, TensorType)
        if len(response.get_shape()) != 1:
            raise VerifyException("response must be a rank-one tensor")
        if response.get_shape() != (2,):
            raise VerifyException("response must have shape [2]")
        if response.get_element_type() != IntegerType(64):
            raise VerifyException("response element type must be i64")


@op_definition
class CLCTryCancelOp(MemoryWriteOp):
    """`ttng.clc_try_cancel %buf, %bar`: the asynchronous cancellation request."""

    name = "ttng.clc_try_cancel"

    result = operand_def(MemDescType)
    mbarrier = operand_def(MemDescType)

    assembly_format = "$result `,` $mbarrier attr-dict `:` type($result) `,` type($mbarrier)"

    def verify_(self) -> None:
        _verify_response_buffer(self, self.result)
        verify_completion_barrier(self, self.mbarrier)


@op_definition
class CLCLoadResultOp(MemoryReadOp):
    """`ttng.clc_load_result %buf : !ttg.memdesc<2xi64, ...> -> i128`."""

    name = "ttng.clc_load_result"

    src = operand_def(MemDescType)
    clc_result = result_def(I128)

    assembly_format = "$src attr-dict `:` type($src) `->` type($clc_result)"

    def verify_(self) -> None:
        _verify_response_buffer(self, self.src)


@op_definition
class CLCIsCanceledOp(PureOp):
    """`ttng.clc_is_canceled %r : i128 -> i1`."""

    name = "ttng.clc_is_canceled"

    clc_result = operand_def(I128)
    is_canceled = result_def(i1)

    assembly_format = "$clc_result attr-dict `:` type($clc_result) `->` type($is_canceled)"


@op_definition
class CLCGetProgramIdOp(PureOp, PropsInAttrDictOp):
    """`ttng.clc_get_program_id %r, x : i128 -> i32`: a program id of the cancelled cluster."""

    name = "ttng.clc_get_program_id"

    clc_result = operand_def(I128)
    dim = prop_def(IntegerAttr)
    result = result_def(i32)

    assembly_format = (
        "$clc_result `,` custom<ProgramIDDim>($dim) attr-dict `:` type($clc_result) `->` "
        "type($result)"
    )
    custom_directives = (enum_keyword(ProgramIDDim),)


@op_definition
class ReinterpretTensorDescOp(PureOp):
    """`ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<...>`."""

    name = "ttng.reinterpret_tensor_descriptor"

    raw_desc = operand_def(PointerType)
    result = result_def(TensorDescType)

    assembly_format = "$raw_desc attr-dict `:` type($raw_desc) `to` type($result)"


CLC_OPS: tuple[type[IRDLOperation], ...] = (
    CLCTryCancelSyncOp,
    CLCTryCancelOp,
    CLCLoadResultOp,
    CLCIsCanceledOp,
    CLCGetProgramIdOp,
    ReinterpretTensorDescOp,
)
"""The ops of this module, for the `ttng` dialect."""
