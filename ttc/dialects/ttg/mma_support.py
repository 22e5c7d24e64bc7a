"""Which dots NVIDIA tensor cores take, and the dot-encoding checks that rely on it.

Mirrors Triton's `supportMMA` (lib/Analysis/Utility.cpp) and the TritonGPU dialect's
`verifyDotOpEncodingCompatibility` and `inferDotOpEncoding` (TritonGPU/IR/Dialect.cpp), which
`tt.dot`'s verifier calls once its operands carry layouts:

- `supports_mma(dot, version)`: f32 x f32 only with `inputPrecision = tf32`; v5 (tcgen05) and
  v3 (wgmma) also need K of at least 256 bits, a 2-D result whose per-CTA shape is a multiple
  of 64 x 8, 4 or 8 warps for v5 (a multiple of 4 for v3) and operand types they take; every
  version takes f16, bf16 and fp8 operands, from v2 also f32, f64 and i8.
- `verify_dot_encodings`: A and B are both `#ttg.dot_op` (or neither) with one `kWidth`; with an
  `#ttg.nvidia_mma` anywhere, A's parent, B's parent and the result all are one, of one version,
  which must support the dot.
- `verify_dot_operand_encoding`: an operand of an MMA v3 dot is a shared layout (A may also be
  a `#ttg.dot_op` of an MMA layout); otherwise a `#ttg.dot_op` with the operand's index and the
  result's layout as parent.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    TensorType,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.types import InputPrecision, bit_width, element_type_or_self
from ttc.dialects.ttg.attrs import (
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
)
from ttc.dialects.ttg.cta import shape_per_cta_of
from ttc.dialects.ttg.warp_specialize import maybe_lookup_num_warps

FP8_TYPES = (Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType, Float8E4M3FNUZType)
"""The fp8 types every MMA version takes (promoted to f16 where the hardware has none)."""

NATIVE_FP8_TYPES = (Float8E5M2Type, Float8E4M3FNType)


def _is_int(t: Attribute, width: int | None = None) -> bool:
    return isinstance(t, IntegerType) and (width is None or t.width.data == width)


def _input_precision(dot: Operation) -> InputPrecision:
    attr = dot.properties.get("inputPrecision")
    return InputPrecision(attr.value.data) if isinstance(attr, IntegerAttr) else InputPrecision.IEEE


def operand_supports_mma(t: Attribute, version: int) -> bool:
    """Triton's `supportMMA(value, version)`."""
    return (
        isinstance(t, (*FP8_TYPES, Float16Type, BFloat16Type))
        or (isinstance(t, Float32Type | Float64Type) and version >= 2)
        or (_is_int(t, 8) and version >= 2)
    )


def _tile_fits(dot: Operation, k: int, a: Attribute, result: TensorType) -> bool:
    """K of at least 256 bits and a per-CTA result of whole 64 x 8 tiles (MMA v3 and v5)."""
    shape = shape_per_cta_of(result)
    return k >= 256 // bit_width(a) and shape[-2] % 64 == 0 and shape[-1] % 8 == 0


def supports_mma(dot: Operation, version: int) -> bool:
    """Triton's `supportMMA(dot, version)` for `tt.dot`."""
    a_type, result = dot.operands[0].type, dot.results[0].type
    assert isinstance(a_type, TensorType) and isinstance(result, TensorType)
    a, b = a_type.element_type, element_type_or_self(dot.operands[1].type)
    out = result.element_type
    both_f32 = isinstance(a, Float32Type) and isinstance(b, Float32Type)
    if both_f32 and _input_precision(dot) is not InputPrecision.TF32:
        return False
    k = a_type.get_shape()[-1]
    warps = maybe_lookup_num_warps(dot)
    if version == 5:
        if (_is_int(a) or _is_int(b) or _is_int(out)) and not (
            _is_int(a, 8) and _is_int(b, 8) and _is_int(out, 32)
        ):
            return False
        return (
            len(result.get_shape()) == 2
            and warps in (4, 8)
            and _tile_fits(dot, k, a, result)
            and not any(isinstance(t, Float64Type) for t in (a, b, out))
        )
    if version == 3:
        if len(result.get_shape()) == 3 or warps is None or warps % 4:
            return False
        if not _tile_fits(dot, k, a, result):
            return False
        if not isinstance(a, (*NATIVE_FP8_TYPES, Float16Type, BFloat16Type, Float32Type)) and not _is_int(a, 8):
            return False
        imprecise = dot.properties.get("maxNumImpreciseAcc")
        limit = imprecise.value.data if isinstance(imprecise, IntegerAttr) else 0
        if limit < 32 and isinstance(a, NATIVE_FP8_TYPES) and isinstance(out, Float32Type):
            return False
    if both_f32:
        return version >= 2
    return operand_supports_mma(a, version) and operand_supports_mma(b, version)


def verify_dot_operand_encodings(a: Attribute, b: Attribute, result: Attribute | None) -> int | None:
    """The layout part of `verifyDotOpEncodingCompatibility` for the encodings of A, B and the
    result: the MMA version they agree on, or None when they are not MMA layouts."""
    if not isinstance(a, DotOperandEncodingAttr) and not isinstance(b, DotOperandEncodingAttr):
        return None
    if not (isinstance(a, DotOperandEncodingAttr) and isinstance(b, DotOperandEncodingAttr)):
        raise VerifyException("mismatching encoding between A and B operands")
    if a.k_width.data != b.k_width.data:
        raise VerifyException("mismatching kWidth between A and B operands")
    mmas = [e if isinstance(e, NvidiaMmaEncodingAttr) else None for e in (a.parent, b.parent, result)]
    if not any(mmas):
        return None
    if not all(mmas):
        raise VerifyException("mismatching MMA encoding")
    versions = {m.version_major.data for m in mmas if m is not None}
    if len(versions) != 1:
        raise VerifyException("mismatched MMA version.")
    return versions.pop()


def verify_dot_encodings(dot: Operation, a: Attribute, b: Attribute) -> None:
    """Triton's `verifyDotOpEncodingCompatibility` for the encodings `a` and `b` of A and B."""
    result = dot.results[0].type
    assert isinstance(result, TensorType)
    version = verify_dot_operand_encodings(a, b, result.encoding)
    if version is not None and not supports_mma(dot, version):
        raise VerifyException("unsupported MMA version")


def verify_dot_operand_encoding(operand: Attribute, index: int, result: Attribute) -> None:
    """Triton's `inferDotOpEncoding`: whether operand `index` may have layout `operand`."""
    if isinstance(result, NvidiaMmaEncodingAttr) and result.version_major.data == 3:
        a_of_mma = (
            index == 0
            and isinstance(operand, DotOperandEncodingAttr)
            and operand.op_idx.data == 0
            and isinstance(operand.parent, NvidiaMmaEncodingAttr)
        )
        if not isinstance(operand, NVMMASharedEncodingAttr | SharedLinearEncodingAttr) and not a_of_mma:
            raise VerifyException("unexpected operand layout for NvidiaMmaEncodingAttr v3")
        return
    if not isinstance(operand, DotOperandEncodingAttr):
        raise VerifyException("Dot's a/b's encoding should be of DotOperandEncodingAttr")
    if operand.op_idx.data != index:
        raise VerifyException("Wrong opIdx")
    if operand.parent != result:
        raise VerifyException("Incompatible parent encoding")
