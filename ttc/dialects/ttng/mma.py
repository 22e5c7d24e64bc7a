"""Blackwell MMA (tcgen05) ops of TritonNvidiaGPU: `tc_gen5_mma`, `tc_gen5_mma_scaled` and
`tc_gen5_commit`.

Mirrors `TTNG_TCGen5MMAOp`, `TTNG_TCGen5MMAScaledOp` and `TTNG_TCGen5CommitOp` of Triton's
`TritonNvidiaGPUOps.td`, their verifiers in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`, the
`DotOpInterface` and `MMAv5OpInterface` checks:

```
%tok = ttng.tc_gen5_mma %a, %b, %d[%dep], %useD, %pred, %bar[%barPred] {is_async, two_ctas}
    : !ttg.memdesc<A>, !ttg.memdesc<B>, !ttg.memdesc<D>, !ttg.memdesc<1xi64, ...>
ttng.tc_gen5_mma_scaled %a, %b, %d, %aScale, %bScale, %useD, %pred lhs = e2m1 rhs = e4m3
    : <A>, <B>, <D>, <A scales>, <B scales>
ttng.tc_gen5_commit %bar[, %pred] [descs %a, %b] : !ttg.memdesc<1xi64, ...>[, <descs>]
```

D (the accumulator) lives in tensor memory, B in shared memory, A in either. With `two_ctas`
one instruction spans a CTA pair (`cta_group::2`), which the accumulator's encoding must say.
"""

from __future__ import annotations


from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float4E2M1FNType,
    Float6E2M3FNType,
    Float6E3M2FNType,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    UnitAttr,
    i1,
    i32,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.declarative_assembly_format import (
    CustomDirective,
    ParsingState,
    PrintingState,
    VariadicOperandVariable,
    irdl_custom_directive,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import MemoryWriteOp
from ttc.dialects.tt.ops import DotOpInterface, verify_dot_interface
from ttc.dialects.tt.syntax import enum_keyword
from ttc.dialects.tt.types import ScaleDotElemType, bit_width
from ttc.dialects.ttg.attrs import (
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    format_ints,
)
from ttc.dialects.ttg.ops import AsyncTokenType, MemDescType, module_compute_capability
from ttc.dialects.ttng.attrs import (
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TensorMemorySpaceAttr,
    encoding_cga_bases,
)
from ttc.dialects.ttng.barriers import verify_completion_barrier
from ttc.dialects.ttng.tmem import (
    memdesc_linear_layout,
    Token,
    tmem_layout,
    tmem_rows,
)
from ttc.ir.op_definition import op_definition
from ttc.layouts.cga import shape_per_cta
from ttc.layouts.linear import LinearLayout
from ttc.layouts.tmem import cga_layout, cta_split

FP8 = (ScaleDotElemType.E4M3, ScaleDotElemType.E5M2)

SCALED_OPERAND_TYPES: dict[ScaleDotElemType, Attribute] = {
    ScaleDotElemType.E4M3: Float8E4M3FNType(),
    ScaleDotElemType.E5M2: Float8E5M2Type(),
    ScaleDotElemType.E2M3: Float6E2M3FNType(),
    ScaleDotElemType.E3M2: Float6E3M2FNType(),
    ScaleDotElemType.E2M1: Float4E2M1FNType(),
    ScaleDotElemType.BF16: BFloat16Type(),
    ScaleDotElemType.FP16: Float16Type(),
}
"""Triton's `getScaledMMAOperandType`: what an integer-stored scaled operand holds."""


# --------------------------------------------------------------------------------------------
# Syntax: `custom<BarriersAndPreds>` is `(, %barrier[%pred])*`
# --------------------------------------------------------------------------------------------


@irdl_custom_directive
class BarriersAndPreds(CustomDirective):
    """Triton's `custom<BarriersAndPreds>($barriers, $barrier_preds)`: `, %bar[%pred]` for each
    completion barrier and its predicate."""

    barriers: VariadicOperandVariable
    preds: VariadicOperandVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        barriers: list[UnresolvedOperand] = []
        preds: list[UnresolvedOperand] = []
        while parser.parse_optional_punctuation(",") is not None:
            barriers.append(parser.parse_unresolved_operand())
            parser.parse_punctuation("[")
            preds.append(parser.parse_unresolved_operand())
            parser.parse_punctuation("]")
        self.barriers.set(state, barriers)
        self.preds.set(state, preds)

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        for barrier, pred in zip(self.barriers.get(op), self.preds.get(op), strict=True):
            printer.print_string(", ")
            printer.print_operand(barrier)
            printer.print_string("[")
            printer.print_operand(pred)
            printer.print_string("]")


_MMA_OPERANDS = "$a `,` $b `,` $d custom<Token>($acc_dep, type($acc_dep), type($token))"
"""The start of both tcgen05 MMA formats: the operands, then the accumulator's token."""


# --------------------------------------------------------------------------------------------
# Verification helpers
# --------------------------------------------------------------------------------------------


def _memdesc(value: SSAValue) -> MemDescType:
    assert isinstance(value.type, MemDescType)
    return value.type


def _mma_kind(t: Attribute) -> tuple[str, tuple[Attribute, ...]] | None:
    """Triton's `getMMAv5DTypeKindAndAcc`: the tcgen05 kind and the accumulators it allows."""
    f16, f32 = Float16Type(), Float32Type()
    if isinstance(t, Float32Type):
        return "tf32", (f32,)
    if isinstance(t, Float16Type):
        return "f16", (f16, f32)
    if isinstance(t, BFloat16Type):
        return "f16", (f32,)
    if isinstance(t, AnyFloat) and bit_width(t) in (4, 6, 8):
        return "f8f6f4", (f16, f32)
    if t == IntegerType(8):
        return "i8", (IntegerType(32),)
    return None


def verify_mma_dtype(a: Attribute, b: Attribute, d: Attribute) -> None:
    """Triton's `verifyMMADType` (types quoted, as MLIR's diagnostics print them)."""
    a_kind, b_kind = _mma_kind(a), _mma_kind(b)
    if a_kind is None:
        raise VerifyException(f"unsupported LHS operand dtype: '{a}'")
    if b_kind is None:
        raise VerifyException(f"unsupported RHS operand dtype: '{b}'")
    if a_kind[0] != b_kind[0]:
        raise VerifyException(
            f"LHS and RHS operand dtypes kinds don't match: LHS kind is {a_kind[0]} but RHS "
            f"kind is {b_kind[0]}"
        )
    if d not in a_kind[1] or d not in b_kind[1]:
        allowed = ", ".join(f"'{t}'" for t in a_kind[1])
        raise VerifyException(
            f"unsupported accumulator dtype for operand types '{a}' and '{b}', accumulator dtype "
            f"is '{d}' but must be one of [{allowed}]"
        )


def verify_mmav5(a: MemDescType, d: MemDescType) -> None:
    """`verifyMMAv5Op`: blockM = 64 operands must not interleave blocks in TMEM."""

    def interleaved(memdesc: MemDescType) -> bool:
        encoding = memdesc.encoding
        if not isinstance(encoding, TensorMemoryEncodingAttr) or encoding.block_m.data != 64:
            return False
        return tmem_rows(memdesc) != 64

    if interleaved(a) and interleaved(d):
        raise VerifyException("does not support blockM=64 with interleaved blocks in TMEM layout")


def _two_cta_words(two_ctas: bool) -> tuple[str, str]:
    return ("true" if two_ctas else "false"), ("twoCTA" if two_ctas else "non-twoCTA")


def _transposed(encoding: Attribute) -> bool:
    return isinstance(encoding, NVMMASharedEncodingAttr) and encoding.is_transposed


# --------------------------------------------------------------------------------------------
# tc_gen5_mma
# --------------------------------------------------------------------------------------------


def verify_mma_barriers(op: TCGen5MMAOp | TCGen5MMAScaledOp) -> None:
    """A synchronous MMA has no completion barriers; each barrier is a completion barrier."""
    if op.is_async is None and op.barriers:
        raise VerifyException("The op is synchronous but a barrier is present.")
    for barrier in op.barriers:
        verify_completion_barrier(op, barrier)


@op_definition
class TCGen5MMAOp(IRDLOperation):
    """`ttng.tc_gen5_mma`: D += A * B with tcgen05.mma, D in tensor memory."""

    name = "ttng.tc_gen5_mma"

    a = operand_def(MemDescType)
    b = operand_def(MemDescType)
    d = operand_def(MemDescType)
    acc_dep = opt_operand_def(AsyncTokenType)
    use_d = operand_def(i1)
    pred = operand_def(i1)
    barriers = var_operand_def(MemDescType)
    barrier_preds = var_operand_def(i1)
    is_async = opt_prop_def(UnitAttr)
    two_ctas = opt_prop_def(UnitAttr)
    multicast = opt_prop_def(UnitAttr)
    is_unsigned = opt_prop_def(UnitAttr)
    token = opt_result_def(AsyncTokenType)

    traits = traits_def(DotOpInterface(), MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())

    assembly_format = (
        _MMA_OPERANDS + " `,` $use_d `,` $pred custom<BarriersAndPreds>($barriers, $barrier_preds) "
        "attr-dict `:` type($a) `,` type($b) `,` type($d) (`,` type($barriers)^)?"
    )
    custom_directives = (Token, BarriersAndPreds)

    def verify_(self) -> None:
        a, b, d = _memdesc(self.a), _memdesc(self.b), _memdesc(self.d)
        a_shape, b_shape, d_shape = a.get_shape(), b.get_shape(), d.get_shape()
        verify_dot_interface(
            a_shape,
            b_shape,
            d_shape,
            dims_match=a_shape[-1] == b_shape[-2],
            output_matches=d_shape[-2:] == (a_shape[-2], b_shape[-1]),
        )
        verify_mmav5(a, d)
        verify_mma_barriers(self)
        verify_mma_dtype(a.element_type, b.element_type, d.element_type)
        for what, memdesc in (("LHS operand", a), ("RHS operand", b), ("Return operand", d)):
            if len(memdesc.get_shape()) != 2:
                raise VerifyException(f"{what} must have a rank-2 tensor")
        a_enc, b_enc, d_enc = a.encoding, b.encoding, d.encoding
        if not isinstance(
            a_enc, NVMMASharedEncodingAttr | SharedLinearEncodingAttr | TensorMemoryEncodingAttr
        ):
            raise VerifyException("LHS operand must have a NVMMAShared or TensorMemory encoding")
        if not isinstance(b_enc, NVMMASharedEncodingAttr | SharedLinearEncodingAttr):
            raise VerifyException("RHS operand must have a NVMMAShared encoding")
        if not isinstance(d_enc, TensorMemoryEncodingAttr):
            raise VerifyException("Return operand must have a TensorMemory encoding")
        if d_enc.is_fp4_padded:
            raise VerifyException("Accumulator must not be fp4_padded")
        if isinstance(a_enc, TensorMemoryEncodingAttr):
            if a_enc.col_stride.data != 1:
                raise VerifyException("The col stride of the LHS operand must be 1")
            if a_enc.is_fp4_padded:
                raise VerifyException(
                    "fp4_padded tensor memory LHS is only supported by scaled MMA"
                )
        d_bits = bit_width(d.element_type)
        if d_enc.col_stride.data != 32 // d_bits:
            raise VerifyException(
                f"The col stride of the return operand must be 32 / {d_bits} but got "
                f"{d_enc.col_stride.data}"
            )
        d_split = d_enc.cta_split()
        if min(d_enc.block_n.data, shape_per_cta(d_split, d_shape)[1]) > 256:
            raise VerifyException(
                "The block size of the return operand must be less than or equal to 256"
            )
        self._verify_ctas(a, b, d)

    def _verify_ctas(self, a: MemDescType, b: MemDescType, d: MemDescType) -> None:
        """The CGA checks: K is not split, the result's blocks follow A's rows and B's columns,
        and two-CTA mode pairs the CTAs along N."""
        a_bases, b_bases = encoding_cga_bases(a.encoding), encoding_cga_bases(b.encoding)
        d_enc = d.encoding
        assert isinstance(d_enc, TensorMemoryEncodingAttr)
        two_ctas = self.two_ctas is not None
        if a_bases is not None and cta_split(cga_layout(a_bases))[1] != 1:
            raise VerifyException(
                f"LHS CTASplit along K should be 1, but got {cta_split(cga_layout(a_bases))[1]}"
            )
        if b_bases is not None and cta_split(cga_layout(b_bases))[0] != 1:
            raise VerifyException(
                f"RHS CTASplit along K should be 1, but got {cta_split(cga_layout(b_bases))[0]}"
            )
        if two_ctas:
            if b_bases is not None and (not b_bases or b_bases[0] != (0, 1)):
                raise VerifyException(
                    "twoCTA mode expects the first basis of the cga_layout of the RHS to be "
                    "[0, 1]"
                )
            if d.get_shape()[1] // d_enc.cta_split()[1] > 256:
                raise VerifyException(
                    "We don't allow to emit more than one mma instruction along N. Reduce the "
                    "block or increase the number of warps or CTAs along N"
                )
        flag, mode = _two_cta_words(two_ctas)
        if d_enc.is_two_ctas != two_ctas:
            raise VerifyException(
                f"The returned value's encoding must have twoCTA={flag} to be used in a {mode} "
                "kernel"
            )
        if isinstance(a.encoding, TensorMemoryEncodingAttr) and a.encoding.is_two_ctas != two_ctas:
            raise VerifyException(
                f"The LHS operand's encoding must have twoCTA={flag} to be used in a {mode} kernel"
            )
        a_layout, b_layout = memdesc_linear_layout(a), memdesc_linear_layout(b)
        d_layout = tmem_layout(d)
        if a_layout is None or b_layout is None:
            return
        for i, got in enumerate(d_layout.bases.get("block", [])):
            expected = [_block_basis(a_layout, i, "dim0"), _block_basis(b_layout, i, "dim1")]
            if two_ctas and i == 0:
                expected[1] = 0
            got_dims = [got[d_layout.out_dims.index(dim)] for dim in ("dim0", "dim1")]
            if got_dims != expected:
                raise VerifyException(
                    f"expected block basis {format_ints(expected)} at result index {i}, but got "
                    f"{format_ints(got_dims)}"
                )


def _block_basis(layout: LinearLayout, index: int, dim: str) -> int:
    bases = layout.bases.get("block", [])
    return bases[index][layout.out_dims.index(dim)] if index < len(bases) else 0


# --------------------------------------------------------------------------------------------
# tc_gen5_mma_scaled
# --------------------------------------------------------------------------------------------


@op_definition
class TCGen5MMAScaledOp(IRDLOperation):
    """`ttng.tc_gen5_mma_scaled`: D += (A * A_scale) x (B * B_scale) with block scales."""

    name = "ttng.tc_gen5_mma_scaled"

    a = operand_def(MemDescType)
    b = operand_def(MemDescType)
    d = operand_def(MemDescType)
    acc_dep = opt_operand_def(AsyncTokenType)
    a_scale = operand_def(MemDescType)
    b_scale = operand_def(MemDescType)
    use_d = operand_def(i1)
    pred = operand_def(i1)
    barriers = var_operand_def(MemDescType)
    barrier_preds = var_operand_def(i1)
    a_type = prop_def(IntegerAttr[i32])
    b_type = prop_def(IntegerAttr[i32])
    two_ctas = opt_prop_def(UnitAttr)
    multicast = opt_prop_def(UnitAttr)
    is_async = opt_prop_def(UnitAttr)
    token = opt_result_def(AsyncTokenType)

    traits = traits_def(DotOpInterface(), MemoryReadEffect(), MemoryWriteEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())

    @property
    def lhs_type(self) -> ScaleDotElemType:
        return ScaleDotElemType(self.a_type.value.data)

    @property
    def rhs_type(self) -> ScaleDotElemType:
        return ScaleDotElemType(self.b_type.value.data)

    assembly_format = (
        _MMA_OPERANDS + " `,` $a_scale `,` $b_scale `,` $use_d `,` $pred `lhs` `=` "
        "custom<ScaleDotElemType>($a_type) `rhs` `=` custom<ScaleDotElemType>($b_type) "
        "custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:` type($a) `,` type($b) "
        "`,` type($d) `,` type($a_scale) `,` type($b_scale) (`,` type($barriers)^)?"
    )
    custom_directives = (Token, BarriersAndPreds, enum_keyword(ScaleDotElemType))

    def _k_and_mn(self) -> tuple[int, int, int, int, int, int]:
        """(A's K, B's K, M, N, D's M, D's N) counting packed fp4 elements twice, as Triton's
        `verifyDims` / `verifyOutputDims`."""
        a, b, d = _memdesc(self.a), _memdesc(self.b), _memdesc(self.d)
        a_shape, b_shape, d_shape = a.get_shape(), b.get_shape(), d.get_shape()
        trans_a = _transposed(a.encoding)
        trans_b = isinstance(b.encoding, NVMMASharedEncodingAttr) and not b.encoding.is_transposed
        a_fp4 = self.lhs_type == ScaleDotElemType.E2M1
        b_fp4 = self.rhs_type == ScaleDotElemType.E2M1
        a_k = a_shape[-1] * (2 if a_fp4 and not trans_a else 1)
        b_k = b_shape[len(a_shape) - 2] * (2 if b_fp4 and not trans_b else 1)
        m = a_shape[-2] * (2 if a_fp4 and trans_a else 1)
        n = b_shape[-1] * (2 if b_fp4 and trans_b else 1)
        return a_k, b_k, m, n, d_shape[-2], d_shape[-1]

    def verify_(self) -> None:
        a, b, d = _memdesc(self.a), _memdesc(self.b), _memdesc(self.d)
        a_k, b_k, m, n, d_m, d_n = self._k_and_mn()
        verify_dot_interface(
            a.get_shape(), b.get_shape(), d.get_shape(), a_k == b_k, (m, n) == (d_m, d_n)
        )
        verify_mmav5(a, d)
        verify_mma_barriers(self)
        verify_mma_dtype(
            _scaled_operand_type(a.element_type, self.lhs_type),
            _scaled_operand_type(b.element_type, self.rhs_type),
            d.element_type,
        )
        d_enc = d.encoding
        if not isinstance(d_enc, TensorMemoryEncodingAttr):
            raise VerifyException("expected accumulator layout to be a TensorMemoryLayout")
        if d_enc.is_fp4_padded:
            raise VerifyException("accumulator layout must not be fp4_padded")
        if d_enc.block_m.data != 128:
            raise VerifyException("only supports instruction shape blockM=128")
        if isinstance(a.encoding, TensorMemoryEncodingAttr):
            self._verify_tmem_lhs(a.element_type, a.encoding)
        for operand, is_a in ((self.a_scale, True), (self.b_scale, False)):
            self._verify_scales(_memdesc(operand), is_a)

    def _verify_tmem_lhs(self, element: Attribute, encoding: TensorMemoryEncodingAttr) -> None:
        """Triton's `verifyScaledLHSOperand`."""
        if self.lhs_type == ScaleDotElemType.E2M1:
            if element != IntegerType(8):
                raise VerifyException("expected e2m1 LHS operand to have i8 storage")
            if encoding.is_fp4_padded and self.rhs_type not in FP8:
                raise VerifyException("can only use fp4_padded LHS when RHS is float8")
            if self.rhs_type in FP8 and not encoding.is_fp4_padded:
                raise VerifyException(
                    "expected e2m1 LHS operand to be fp4_padded when RHS is float8"
                )
            return
        if isinstance(element, Float8E4M3FNType | Float8E5M2Type):
            if self.lhs_type not in FP8:
                raise VerifyException("expected float8 LHS operand to have e4m3 or e5m2 format")
            return
        raise VerifyException("unsupported LHS operand type for scaled MMA")

    def _verify_scales(self, scales: MemDescType, is_a: bool) -> None:
        """Scales in TMEM repeated over more than one 128x4 block along both MN and K must use
        the scales encoding with the block order the target's instruction reads."""
        if not isinstance(scales.memory_space, TensorMemorySpaceAttr):
            return
        encoding = scales.encoding
        bases = encoding_cga_bases(encoding) or ()
        rows, columns = shape_per_cta(cta_split(cga_layout(bases)), scales.get_shape()[-2:])
        relevant = rows > 128 and columns > 4
        which = "A" if is_a else "B"
        if not isinstance(encoding, TensorMemoryScalesEncodingAttr):
            if relevant:
                raise VerifyException(
                    f"{which} scales in tensor memory must use #ttng.tensor_memory_scales_encoding"
                )
            return
        if not relevant and not encoding.k_then_mn:
            return
        k_then_mn = self._expects_k_then_mn(is_a)
        if encoding.k_then_mn != k_then_mn:
            order = "kThenMn" if k_then_mn else "mnThenK"
            raise VerifyException(
                f"{which} scales in tensor memory must use "
                f"#ttng.tensor_memory_scales_encoding<blockRepOrder = {order}>"
            )

    def _expects_k_then_mn(self, is_a: bool) -> bool:
        """Triton's `getTensorMemoryScalesBlockRepOrder`: only Rubin's (cuda:107) NVFP4 x NVFP4
        A scales advance along K first."""
        rubin = module_compute_capability(self) == 107
        nvfp4 = (
            self.lhs_type == self.rhs_type == ScaleDotElemType.E2M1
            and isinstance(_memdesc(self.a_scale).element_type, Float8E4M3FNType)
            and isinstance(_memdesc(self.b_scale).element_type, Float8E4M3FNType)
        )
        return rubin and nvfp4 and is_a


def _scaled_operand_type(element: Attribute, scale_type: ScaleDotElemType) -> Attribute:
    return element if isinstance(element, AnyFloat) else SCALED_OPERAND_TYPES[scale_type]


# --------------------------------------------------------------------------------------------
# tc_gen5_commit
# --------------------------------------------------------------------------------------------


@op_definition
class TCGen5CommitOp(MemoryWriteOp):
    """`ttng.tc_gen5_commit`: arrive on an mbarrier once all prior tcgen5 ops complete."""

    name = "ttng.tc_gen5_commit"

    barrier = operand_def(MemDescType)
    pred = opt_operand_def(i1)
    descs = var_operand_def(MemDescType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$barrier (`,` $pred^)? (`descs` $descs^)? attr-dict `:` type($barrier)"
        " (`,` type($descs)^)?"
    )

    def verify_(self) -> None:
        if len(self.descs) > 4:
            raise VerifyException(f"expected 0 to 4 descriptors, got {len(self.descs)}")
        verify_completion_barrier(self, self.barrier)


MMA_OPS = (TCGen5MMAOp, TCGen5MMAScaledOp, TCGen5CommitOp)
"""The tcgen05 MMA ops, registered with the `ttng` dialect."""
