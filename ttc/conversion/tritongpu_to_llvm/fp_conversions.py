"""Float conversions with their own instruction sequences: `tt.fp_to_fp` (fp8, f16, bf16, f32 with
a rounding mode), `ttg.fp4_to_fp` (e2m1 pairs to bf16/f16) and `arith.sitofp` from i8 to bf16
(Triton's FpToFpOpConversion and SIToFPOpConversion in the NVIDIA ElementwiseOpToLLVM.cpp, and
its Fp4ToFpOpToLLVM.cpp).

Packed conversions work on groups of a thread's distinct registers (broadcast copies are
converted once), in register order, the last group padded with `undef`: the group's elements are
packed into 16- or 32-bit words (`insertelement` into a vector, `bitcast`), converted by one
side-effect-free `llvm.inline_asm` whose outputs are vectors (a struct of them when there are
several), and unpacked with `extractelement`.

`tt.fp_to_fp`:

* f16 → f32 and other widenings are `fpext`; f32 → f16 is `cvt.{rn,rz}.f16.f32` in inline PTX,
  f32 → bf16 the `llvm.nvvm.f2bf16.{rn,rz}` intrinsic; other narrowings round to nearest even
  (`fptrunc`, through f32 between f16 and bf16).
* fp8 (f8E4M3FN, f8E5M2) from sm_89 on: pairs go through
  `cvt.rn.satfinite.{e4m3,e5m2}x2.{f32,f16x2}` and `cvt.rn.f16x2.{e4m3,e5m2}x2`: f32 → fp8
  directly from sm_90 on, before that (and when rounding toward zero) through f16 rounded toward
  zero, as Triton does; fp8 → f32/bf16 through f16; bf16 → fp8 through its exact f32 value.
  Rounding toward zero to f8E5M2 keeps the f16's high byte. f8E4M3FN has no rounding toward
  zero, and f16/bf16 → fp8 round to nearest even only.
* Before sm_89 only f8E5M2 converts, with integer operations as Triton's software forms do
  (f8E4M3FN is a located error, as in Triton): an f8E5M2 is the high byte of the f16 of the same
  value, so f8E5M2 → f16 puts a zero byte below each byte, four at a time (then on to f32/bf16 as
  above), and f16 → f8E5M2 rounds by adding 0x80 to the f16's bits with the lowest bit cleared
  (ties away from zero, past the largest finite value to infinity) and keeping the high byte;
  f32 goes through f16 rounded toward zero first. bf16 → f8E5M2 clamps the bf16's magnitude
  bits, rounds, rebases its exponent and keeps eight bits (Triton's clamping software form, bit
  for bit).

`ttg.fp4_to_fp` (Triton's Fp4ToFpOpToLLVM.cpp) unpacks the two e2m1 values of each i8 register
into bf16 or f16 with integer operations (`E2m1Decoding`: zero, the subnormal 0.5, or the code
shifted into exponent and mantissa and rebiased; the sign moved to bit 15), which LLVM vectorizes;
Triton uses a `prmt` lookup in inline PTX for the same values.

`arith.sitofp` from i8 to bf16 converts four values per inline PTX statement (each byte
sign-extended with `bfe.s32`, converted exactly to f32 and cut to its upper half); a thread's last
one to three values, or a thread with fewer than four, use `sitofp` like every other sitofp.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerType,
    TensorType,
    VectorType,
    bf16,
    f16,
    f32,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.elementwise import constant_runs, map_registers
from ttc.conversion.tritongpu_to_llvm.lowering import (
    FLOAT_TYPES,
    FunctionLowering,
    bit_width,
    is_fp8,
    pack_vector,
    unpack_vector,
)
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.tt.types import RoundingMode
from ttc.dialects.upstream import llvm

I8 = IntegerType(8)
I16 = IntegerType(16)

Converter = Callable[[Sequence[SSAValue]], list[SSAValue]]
"""Converts a group of registers (in register order) to as many result registers."""


@dataclass(frozen=True)
class PackedPtx:
    """One inline PTX statement converting `count` elements packed into `in_bits`-wide words to
    `out_bits`-wide words; `$0...` are the outputs, then the inputs, in element order."""

    template: str
    in_bits: int
    out_bits: int
    count: int


def _fp8_name(type: Attribute) -> str:
    return "e4m3" if isinstance(type, Float8E4M3FNType) else "e5m2"


def to_fp8_from_f32(fp8: Attribute) -> PackedPtx:
    # cvt ... d, a, b puts a in the upper byte: the second element is $2, the first $1.
    return PackedPtx(f"cvt.rn.satfinite.{_fp8_name(fp8)}x2.f32 $0, $2, $1;", 32, 16, 2)


def to_fp8_from_f16(fp8: Attribute) -> PackedPtx:
    return PackedPtx(f"cvt.rn.satfinite.{_fp8_name(fp8)}x2.f16x2 $0, $1;", 32, 16, 2)


def fp8_to_f16(fp8: Attribute) -> PackedPtx:
    return PackedPtx(f"cvt.rn.f16x2.{_fp8_name(fp8)}x2 $0, $1;", 16, 32, 2)


S8_TO_BF16 = PackedPtx(
    "{\n"
    ".reg .b32 i<4>;\n"
    ".reg .f32 f<4>;\n"
    "bfe.s32 i0, $2, 0, 8;\n"
    "bfe.s32 i1, $2, 8, 8;\n"
    "bfe.s32 i2, $2, 16, 8;\n"
    "bfe.s32 i3, $2, 24, 8;\n"
    "cvt.rn.f32.s32 f0, i0;\n"
    "cvt.rn.f32.s32 f1, i1;\n"
    "cvt.rn.f32.s32 f2, i2;\n"
    "cvt.rn.f32.s32 f3, i3;\n"
    "prmt.b32 $0, f0, f1, 0x7632;\n"
    "prmt.b32 $1, f2, f3, 0x7632;\n"
    "}",
    32, 32, 4,
)
"""Four i8 → four bf16: every i8 is exact in f32 and in bf16, so its f32's upper half is its bf16."""


def run_packed(
    lw: FunctionLowering, ptx: PackedPtx, src: Attribute, dst: Attribute,
    values: Sequence[SSAValue],
) -> list[SSAValue]:
    """Convert `ptx.count` values of LLVM type `src` to `dst` with one inline PTX statement."""
    assert len(values) == ptx.count
    in_width, out_width = ptx.in_bits // bit_width(src), ptx.out_bits // bit_width(dst)
    words = [
        lw.value(llvm.BitcastOp(pack_vector(lw, values[i:i + in_width]), IntegerType(ptx.in_bits)))
        for i in range(0, ptx.count, in_width)
    ]
    asm = PtxInstruction([ptx.template])
    outputs = ptx.count // out_width
    for _ in range(outputs):
        asm.output("h" if ptx.out_bits == 16 else "r")
    for word in words:
        asm.input(word, "h" if ptx.in_bits == 16 else "r")
    vector = VectorType(dst, [out_width])
    if outputs == 1:
        result = asm.launch(lw, vector, side_effects=False)
        assert result is not None
        packed = [result]
    else:
        struct = asm.launch(lw, llvm.LLVMStructType([vector] * outputs), side_effects=False)
        assert struct is not None
        packed = [lw.value(llvm.ExtractValueOp(struct, [i])) for i in range(outputs)]
    return [
        lw.value(
            llvm.ExtractElementOp.create(
                operands=[packed[i // out_width], lw.i32(i % out_width)], result_types=[dst]
            )
        )
        for i in range(ptx.count)
    ]


def map_groups(lw: FunctionLowering, op: Operation, size: int, convert: Converter,
               rest: Callable[[SSAValue], SSAValue] | None = None) -> None:
    """Bind the result of a one-operand op by converting the operand's distinct registers in
    groups of `size` (Triton's ElementwiseOpConversionBase over unique elements).

    With `rest`, the last incomplete group is converted one register at a time by `rest`;
    without, it is padded with `undef`. Copies of a register (zero register bases) reuse its
    result, and so do registers that axis info proves equal (`constant_runs`).
    """
    source, result = op.operands[0], op.results[0]
    regs = lw.regs(source)
    count = lw.num_regs(result.type)
    copies = 0
    if isinstance(result.type, TensorType):
        copies = lw.layout(result.type).get_free_variable_masks()["register"]
    distinct = [r for r in range(count) if r & copies == 0]
    converted: dict[int, SSAValue] = {}
    for start in range(0, len(distinct), size):
        group = distinct[start:start + size]
        if len(group) < size and rest is not None:
            converted.update((r, rest(regs[r])) for r in group)
            continue
        values = [regs[r] for r in group]
        if len(group) < size:
            values += [lw.value(llvm.UndefOp(values[0].type))] * (size - len(group))
        converted.update(zip(group, convert(values), strict=False))
    by_register = [converted[r & ~copies] for r in range(count)]
    same_as = constant_runs(lw, op, count)
    lw.bind(result, [by_register[same_as[r]] for r in range(count)])


# -- tt.fp_to_fp --------------------------------------------------------------------------------


def _cvt_f32_to_f16(lw: FunctionLowering, x: SSAValue, rounding: RoundingMode) -> SSAValue:
    mode = "rn" if rounding is RoundingMode.RTNE else "rz"
    asm = PtxInstruction([f"cvt.{mode}.f16.f32 $0, $1;"])
    asm.output("h")
    asm.input(x, "r")
    result = asm.launch(lw, f16, side_effects=False)
    assert result is not None
    return result


def _f32_to_bf16(lw: FunctionLowering, x: SSAValue, rounding: RoundingMode) -> SSAValue:
    mode = "rn" if rounding is RoundingMode.RTNE else "rz"
    result = lw.call_intrinsic(f"llvm.nvvm.f2bf16.{mode}", [x], bf16)
    assert result is not None
    return result


def _refuse(lw: FunctionLowering, op: Operation, reason: str) -> Exception:
    """`cannot lower '<op>' for cuda:NN: <reason>` at the op."""
    return lw.error(op, f"cannot lower '{op.name}' for {lw.target.name}: {reason}")


def _one_by_one(fn: Callable[[SSAValue], SSAValue]) -> Converter:
    return lambda values: [fn(v) for v in values]


def _then(first: Converter, fn: Callable[[SSAValue], SSAValue]) -> Converter:
    return lambda values: [fn(v) for v in first(values)]


def fp8_converter(
    lw: FunctionLowering, op: Operation, src: Attribute, dst: Attribute,
    rounding: RoundingMode | None,
) -> tuple[Converter, int]:
    """The conversion of groups of registers between `src` and `dst`, one of them fp8, and the
    group size; located errors for what the target or Triton cannot convert."""
    cc = lw.target.compute_capability
    fp8 = dst if is_fp8(dst) else src
    if not isinstance(fp8, Float8E4M3FNType | Float8E5M2Type):
        raise _refuse(lw, op, f"{fp8} has no conversion on NVIDIA GPUs")
    native = cc >= 89
    if not native and not isinstance(fp8, Float8E5M2Type):
        raise _refuse(lw, op, f"converting {src} to {dst} needs the fp8 cvt instructions of "
                                 "sm_89 and newer")
    if is_fp8(src):
        to_f16: Converter
        if native:
            def to_f16(values: Sequence[SSAValue]) -> list[SSAValue]:
                return run_packed(lw, fp8_to_f16(src), I8, f16, values)

            size = 2
        else:
            def to_f16(values: Sequence[SSAValue]) -> list[SSAValue]:
                return _e5m2_to_f16(lw, values)

            size = E5M2_GROUP
        if isinstance(dst, Float16Type):
            return to_f16, size
        if isinstance(dst, Float32Type):
            return _then(to_f16, lambda v: lw.value(llvm.FPExtOp(v, f32))), size
        if isinstance(dst, BFloat16Type):
            widen = _then(to_f16, lambda v: lw.value(llvm.FPExtOp(v, f32)))
            return _then(widen, lambda v: lw.value(llvm.FPTruncOp(v, bf16))), size
        raise _refuse(lw, op, f"no conversion from {src} to {dst}")
    if rounding is None:
        raise lw.cannot_lower(op)
    if rounding is RoundingMode.RTZ:
        if not isinstance(src, Float32Type) or not isinstance(dst, Float8E5M2Type):
            raise _refuse(lw, op, f"{src} to {dst} rounds to nearest even only")
        return _one_by_one(lambda v: _high_byte(lw, _cvt_f32_to_f16(lw, v, RoundingMode.RTZ))), 1
    if not native:
        if isinstance(src, Float32Type):
            return _one_by_one(lambda v: _f16_to_e5m2(lw, _cvt_f32_to_f16(
                lw, v, RoundingMode.RTZ))), 1
        if isinstance(src, Float16Type):
            return _one_by_one(lambda v: _f16_to_e5m2(lw, v)), 1
        if isinstance(src, BFloat16Type):
            return _one_by_one(lambda v: _bf16_to_e5m2(lw, v)), 1
        raise _refuse(lw, op, f"no conversion from {src} to {dst}")
    if isinstance(src, Float32Type):
        if cc >= 90:
            return lambda values: run_packed(lw, to_fp8_from_f32(dst), f32, I8, values), 2
        return lambda values: run_packed(
            lw, to_fp8_from_f16(dst), f16, I8,
            [_cvt_f32_to_f16(lw, v, RoundingMode.RTZ) for v in values]), 2
    if isinstance(src, Float16Type):
        return lambda values: run_packed(lw, to_fp8_from_f16(dst), f16, I8, values), 2
    if isinstance(src, BFloat16Type):
        return lambda values: run_packed(
            lw, to_fp8_from_f32(dst), f32, I8,
            [lw.value(llvm.FPExtOp(v, f32)) for v in values]), 2
    raise _refuse(lw, op, f"no conversion from {src} to {dst}")


E5M2_GROUP = 4
"""f8E5M2 values widened to f16 together: the bytes of one 32-bit register."""


def _e5m2_to_f16(lw: FunctionLowering, bytes_: Sequence[SSAValue]) -> list[SSAValue]:
    """The f16s of E5M2_GROUP f8E5M2s (i8 registers): each byte as an f16's high byte, a zero
    byte below it. One `shufflevector` interleaving the packed bytes with zeros, which NVPTX
    selects as two `prmt` (as Triton's inline-PTX form does), instead of a shift per value."""
    group = VectorType(I8, [len(bytes_)])
    spread = lw.value(llvm.ShuffleVectorOp(
        lw.value(llvm.ZeroOp(group)), pack_vector(lw, bytes_),
        [index for byte in range(len(bytes_)) for index in (0, len(bytes_) + byte)]))
    return unpack_vector(lw, lw.value(llvm.BitcastOp(spread, VectorType(f16, [len(bytes_)]))))


def _f16_to_e5m2(lw: FunctionLowering, half: SSAValue) -> SSAValue:
    """An f16 rounded to f8E5M2 without fp8 instructions: 0x80 added to its bits with the
    lowest bit cleared, the high byte kept."""
    bits = lw.value(llvm.BitcastOp(half, I16))
    rounded = lw.binary(llvm.AddOp, lw.binary(llvm.AndOp, bits, -2), 0x80)
    return lw.value(llvm.TruncOp(lw.binary(llvm.LShrOp, rounded, 8), I8))


BF16_E5M2_EXPONENT_OFFSET = (127 - 15) << 7
"""The bf16 bits of the exponent-bias difference between bf16 and f8E5M2 (0x3800)."""

BF16_E5M2_CLAMP_HIGH = BF16_E5M2_EXPONENT_OFFSET + (0xFF << 5)
"""Triton's upper clamp of a bf16's magnitude bits (0x57e0): eight bits of fp8 above the offset."""


def _bf16_to_e5m2(lw: FunctionLowering, value: SSAValue) -> SSAValue:
    """A bf16 to f8E5M2 without fp8 instructions, as Triton's software form computes it: the
    magnitude bits clamped to [0x3800, 0x57e0] (below 2**-15 becomes zero), 0x10 added (round
    to nearest, ties away), rebased by the exponent offset 0x3800, bits 5-12 kept and the sign
    put back. Like Triton's, nothing saturates at f8E5M2's largest finite value (the clamp is
    eight bits wide): larger magnitudes give infinity, then NaN codes, and from 1.875 * 2**16
    on bytes whose top bit, the sign's place, is set; subnormal results become zero."""
    bits = lw.value(llvm.BitcastOp(value, I16))
    sign = lw.binary(llvm.LShrOp, lw.binary(llvm.AndOp, bits, 0x8000), 8)
    magnitude = lw.binary(llvm.AndOp, bits, 0x7FFF)
    low = lw.const(BF16_E5M2_EXPONENT_OFFSET, I16)
    high = lw.const(BF16_E5M2_CLAMP_HIGH, I16)
    magnitude = lw.call_intrinsic("llvm.umax.i16", [magnitude, low], I16)
    magnitude = lw.call_intrinsic("llvm.umin.i16", [magnitude, high], I16)
    rebased = lw.binary(llvm.SubOp, lw.binary(llvm.AddOp, magnitude, 0x10), BF16_E5M2_EXPONENT_OFFSET)
    byte = lw.binary(llvm.OrOp, lw.binary(llvm.LShrOp, rebased, 5), sign)
    return lw.value(llvm.TruncOp(byte, I8))


def _high_byte(lw: FunctionLowering, half: SSAValue) -> SSAValue:
    """The upper 8 bits of an f16: the f8E5M2 it rounds to toward zero."""
    bits = lw.value(llvm.BitcastOp(half, I16))
    return lw.value(llvm.TruncOp(lw.binary(llvm.LShrOp, bits, 8), I8))


def float_converter(
    lw: FunctionLowering, op: Operation, src: Attribute, dst: Attribute,
    rounding: RoundingMode | None,
) -> Callable[[SSAValue], SSAValue]:
    """The register-by-register conversion between two of f16, bf16, f32 and f64."""
    if bit_width(dst) > bit_width(src):
        return lambda v: lw.value(llvm.FPExtOp(v, dst))
    if rounding is None:
        raise lw.cannot_lower(op)
    if isinstance(src, Float32Type) and isinstance(dst, Float16Type):
        return lambda v: _cvt_f32_to_f16(lw, v, rounding)
    if isinstance(src, Float32Type) and isinstance(dst, BFloat16Type):
        return lambda v: _f32_to_bf16(lw, v, rounding)
    if rounding is not RoundingMode.RTNE:
        raise _refuse(lw, op, f"{src} to {dst} rounds to nearest even only")
    if bit_width(dst) == bit_width(src):  # f16 <-> bf16 goes through f32, exactly
        return lambda v: lw.value(llvm.FPTruncOp(lw.value(llvm.FPExtOp(v, f32)), dst))
    return lambda v: lw.value(llvm.FPTruncOp(v, dst))


@lowers("tt.fp_to_fp")
def _fp_to_fp(lw: FunctionLowering, op: Operation) -> None:
    src_elem = op.operands[0].type
    dst_elem = op.results[0].type
    src = src_elem.element_type if isinstance(src_elem, TensorType) else src_elem
    dst = dst_elem.element_type if isinstance(dst_elem, TensorType) else dst_elem
    attr = op.properties.get("rounding")
    rounding = RoundingMode.from_attr(attr) if attr is not None else None  # type: ignore[arg-type]
    if is_fp8(src) or is_fp8(dst):
        convert, size = fp8_converter(lw, op, src, dst, rounding)
        map_groups(lw, op, size, convert)
        return
    if not isinstance(src, FLOAT_TYPES) or not isinstance(dst, FLOAT_TYPES):
        raise lw.cannot_lower(op)
    one = float_converter(lw, op, src, dst, rounding)
    map_registers(lw, op, lambda a: one(a[0]))


# -- arith.sitofp -------------------------------------------------------------------------------


@lowers("arith.sitofp")
def _sitofp(lw: FunctionLowering, op: Operation) -> None:
    src, dst = lw.llvm_type(op.operands[0].type), lw.llvm_type(op.results[0].type)

    def one(v: SSAValue) -> SSAValue:
        return lw.value(llvm.SIToFPOp(v, dst))

    if src == I8 and isinstance(dst, BFloat16Type):
        map_groups(lw, op, 4, lambda values: run_packed(lw, S8_TO_BF16, I8, bf16, values), one)
    else:
        map_registers(lw, op, lambda a: one(a[0]))


# -- ttg.fp4_to_fp ------------------------------------------------------------------------------


@dataclass(frozen=True)
class E2m1Decoding:
    """How an e2m1 magnitude code (`em`, 3 bits: exponent 2, mantissa 1) becomes the bits of a
    16-bit float with `mantissa_bits` and exponent `bias`: code 0 is zero, code 1 the subnormal
    0.5 (`half`, the bits of 0.5), any other code `(em << shift) + half`, which puts em's
    exponent bits on the exponent (one above 0.5's) and its mantissa bit on the top mantissa
    bit. The sign bit moves to bit 15."""

    mantissa_bits: int
    bias: int

    @property
    def shift(self) -> int:
        return self.mantissa_bits - 1

    @property
    def half(self) -> int:
        return (self.bias - 1) << self.mantissa_bits

    def bits(self, nibble: int) -> int:
        """The 16-bit pattern of the e2m1 value `nibble` (the reference for the emitted code)."""
        em, sign = nibble & 0x7, (nibble & 0x8) << 12
        magnitude = (em << self.shift) + self.half if em >= 2 else (self.half if em == 1 else 0)
        return magnitude | sign


E2M1_DECODING = {BFloat16Type: E2m1Decoding(7, 127), Float16Type: E2m1Decoding(10, 15)}
"""The decoding of e2m1 into each type `ttg.fp4_to_fp` produces."""


def _decode_e2m1(lw: FunctionLowering, nibble: SSAValue, decoding: E2m1Decoding, dst: Attribute) -> SSAValue:
    """`decoding.bits` of an i16 holding an e2m1 code in its low 4 bits, as a `dst` value."""
    em = lw.binary(llvm.AndOp, nibble, 0x7)
    sign = lw.binary(llvm.ShlOp, lw.binary(llvm.AndOp, nibble, 0x8), 12)
    normal = lw.binary(llvm.AddOp, lw.binary(llvm.ShlOp, em, decoding.shift), decoding.half)
    small = lw.value(llvm.SelectOp(lw.icmp("eq", em, 0), lw.const(0, I16), lw.const(decoding.half, I16)))
    magnitude = lw.value(llvm.SelectOp(lw.icmp("ult", em, 2), small, normal))
    return lw.value(llvm.BitcastOp(lw.binary(llvm.OrOp, magnitude, sign), dst))


@lowers("ttg.fp4_to_fp")
def _fp4_to_fp(lw: FunctionLowering, op: Operation) -> None:
    """Each i8 register holds two e2m1 values along `axis`, the first in its low nibble; the
    result layout adds a first register bit along `axis`, so register `i` of the source becomes
    registers `2i` (low nibble) and `2i + 1` (high nibble) of the result."""
    dst = lw.llvm_type(op.results[0].type)
    decoding = E2M1_DECODING.get(type(dst))
    if decoding is None:
        raise lw.cannot_lower(op)
    results: list[SSAValue] = []
    for packed in lw.regs(op.operands[0]):
        wide = lw.value(llvm.ZExtOp(packed, I16))
        high = lw.binary(llvm.LShrOp, wide, 4)
        results += [_decode_e2m1(lw, wide, decoding, dst), _decode_e2m1(lw, high, decoding, dst)]
    lw.bind(op.results[0], results)
