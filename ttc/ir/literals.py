"""MLIR's literal printing for builtin attributes: floats (AsmPrinter's `printFloatValue` and
APFloat's `toString`: the shortest decimal that round-trips, else upper-case hexadecimal bits),
integers (`true`/`false` for i1, unsigned for `ui*`) and `dense<...>` elements (splat, nested
lists, or hexadecimal past 100 elements).

The printer uses it for `FloatAttr`s anywhere in the IR; `arith.constant` prints and parses its
value with it; passes that fold constants convert between float values and their bits with it.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Sequence
from fractions import Fraction

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute

# (storage bits, explicit mantissa bits) of the IEEE-like formats MLIR prints in decimal.
FLOAT_FORMATS: dict[type[Attribute], tuple[int, int]] = {
    Float16Type: (16, 10),
    BFloat16Type: (16, 7),
    Float32Type: (32, 23),
    Float64Type: (64, 52),
}
_DOUBLE_MANTISSA_BITS = 52


# (float, unsigned integer) `struct` codes of each format and the shift of its bits within them:
# bf16 is the top half of an f32.
_STRUCT_PACKING: dict[type[Attribute], tuple[str, str, int]] = {
    Float16Type: ("<e", "<H", 0),
    BFloat16Type: ("<f", "<I", 16),
    Float32Type: ("<f", "<I", 0),
    Float64Type: ("<d", "<Q", 0),
}


def _float_format(type: Attribute) -> tuple[int, int]:
    fmt = FLOAT_FORMATS.get(type.__class__)
    if fmt is None:
        raise ValueError(f"no bit layout known for {type}")
    return fmt


def float_to_bits(value: float, type: Attribute) -> int:
    """The bit pattern (unsigned) of `value` as an f16/bf16/f32/f64; bf16 keeps the top half of the
    f32 pattern. A NaN keeps its sign and the top of its payload, signalling or not (a hardware
    narrowing would set the quiet bit), so NaNs from `bits_to_float` come back unchanged."""
    fmt = _float_format(type)
    if math.isnan(value) and not isinstance(type, Float64Type):
        return _narrow_nan_bits(value, *fmt)
    float_code, int_code, shift = _STRUCT_PACKING[type.__class__]
    return struct.unpack(int_code, struct.pack(float_code, value))[0] >> shift


def bits_to_float(bits: int, type: Attribute) -> float:
    """The f16/bf16/f32/f64 value whose bit pattern is `bits` (the inverse of `float_to_bits`); a
    NaN's payload is widened bit for bit into the double."""
    total_bits, mantissa_bits = _float_format(type)
    mantissa = bits & ((1 << mantissa_bits) - 1)
    exponent_all_ones = ((1 << (total_bits - 1 - mantissa_bits)) - 1) << mantissa_bits
    if mantissa and bits & exponent_all_ones == exponent_all_ones and total_bits < 64:
        sign = bits >> (total_bits - 1)
        double = sign << 63 | 0x7FF << _DOUBLE_MANTISSA_BITS | mantissa << (_DOUBLE_MANTISSA_BITS - mantissa_bits)
        return struct.unpack("<d", struct.pack("<Q", double))[0]
    float_code, int_code, shift = _STRUCT_PACKING[type.__class__]
    return struct.unpack(float_code, struct.pack(int_code, bits << shift))[0]


def _narrow_nan_bits(value: float, total_bits: int, mantissa_bits: int) -> int:
    """The pattern of NaN `value` in a narrower format: its sign and the top `mantissa_bits` of its
    payload (the quiet bit, should that leave nothing)."""
    double = struct.unpack("<Q", struct.pack("<d", value))[0]
    mantissa = (double & ((1 << _DOUBLE_MANTISSA_BITS) - 1)) >> (_DOUBLE_MANTISSA_BITS - mantissa_bits)
    exponent_all_ones = ((1 << (total_bits - 1 - mantissa_bits)) - 1) << mantissa_bits
    sign = (double >> 63) << (total_bits - 1)
    return sign | exponent_all_ones | (mantissa or 1 << (mantissa_bits - 1))


def _decimal_digits(value: Fraction, precision: int) -> tuple[str, int]:
    """Digits and exponent of `value > 0`, rounded half-up to `precision` significant digits.

    Trailing zeros are dropped, so `value ~= int(digits) * 10**exp` (APFloat::toString's buffer).
    """
    digits, exponent = _exact_digits(value)
    if len(digits) > precision:
        kept, first_dropped = digits[:precision], digits[precision]
        exponent += len(digits) - precision
        if first_dropped >= "5":
            rounded = str(int(kept) + 1)
            if len(rounded) > precision:
                rounded = rounded[:-1]
                exponent += 1
            kept = rounded
        digits = kept
    stripped = digits.rstrip("0")
    return stripped, exponent + len(digits) - len(stripped)


def _exact_digits(value: Fraction) -> tuple[str, int]:
    """The exact decimal expansion of a dyadic rational `value > 0` as (digits, exponent)."""
    numerator, denominator = value.numerator, value.denominator
    exponent = 0
    # A binary float has a power-of-two denominator: multiply by 5**k to make it a power of ten.
    twos = denominator.bit_length() - 1
    if twos:
        numerator *= 5**twos
        exponent = -twos
    digits = str(numerator)
    stripped = digits.rstrip("0")
    return stripped, exponent + len(digits) - len(stripped)


def _scientific(digits: str, exponent: int, pad_to: int | None) -> str:
    """`d.ddd` + exponent. `pad_to` fractional digits with `e+NN` (MLIR's first try), else `E+N`."""
    exp10 = exponent + len(digits) - 1
    mantissa = digits[0] + "." + (digits[1:] or ("0" if pad_to is None else ""))
    if pad_to is not None:
        mantissa += "0" * (pad_to - (len(digits) - 1))
        return f"{mantissa}e{'+' if exp10 >= 0 else '-'}{abs(exp10):02d}"
    return f"{mantissa}E{'+' if exp10 >= 0 else '-'}{abs(exp10)}"


def _default_format(digits: str, exponent: int, precision: int) -> str:
    """APFloat::toString with its default arguments (precision from the format, padding 3)."""
    ndigits = len(digits)
    if exponent >= 0:
        scientific = exponent > 3 or ndigits + exponent > precision
    else:
        msd = exponent + ndigits - 1
        scientific = msd < 0 and -msd > 3
    if scientific:
        return _scientific(digits, exponent, None)
    if exponent >= 0:
        return digits + "0" * exponent
    whole = exponent + ndigits
    if whole > 0:
        return digits[:whole] + "." + digits[whole:]
    return "0." + "0" * -whole + digits


def _round_trips(candidate: Fraction, bits: int, type: Attribute) -> bool:
    """Whether the decimal `candidate` (positive) parses back to the float with these bits."""
    value = Fraction(bits_to_float(bits, type))
    below = Fraction(bits_to_float(bits - 1, type)) if bits > 0 else -value
    total_bits, mantissa_bits = FLOAT_FORMATS[type.__class__]
    max_finite_bits = ((1 << (total_bits - 1 - mantissa_bits)) - 2) << mantissa_bits
    max_finite_bits |= (1 << mantissa_bits) - 1
    if bits >= max_finite_bits:
        above = value + (value - below)
    else:
        above = Fraction(bits_to_float(bits + 1, type))
    low, high = (value + below) / 2, (value + above) / 2
    if low < candidate < high:
        return True
    return (candidate == low or candidate == high) and bits % 2 == 0


def format_float(value: float, type: Attribute) -> str:
    """Print `value` of float type `type` exactly as MLIR's AsmPrinter does.

    First a 6-significant-digit scientific form (`1.000000e+00`) if it parses back to the same
    bits, then APFloat's default shortest form (`1.44269502`) if it has a `.`, else the bit
    pattern in upper-case hex (`0xFF800000`, used for inf and NaN).
    """
    fmt = FLOAT_FORMATS.get(type.__class__)
    if fmt is None:
        raise ValueError(f"no MLIR float printing for {type}")
    bits = float_to_bits(value, type)
    total_bits, mantissa_bits = fmt
    sign_bit = 1 << (total_bits - 1)
    exponent_all_ones = ((1 << (total_bits - 1 - mantissa_bits)) - 1) << mantissa_bits
    magnitude_bits = bits & (sign_bit - 1)
    if (magnitude_bits & exponent_all_ones) != exponent_all_ones:
        sign = "-" if bits & sign_bit else ""
        if magnitude_bits == 0:
            return sign + "0.000000e+00"
        magnitude = Fraction(bits_to_float(magnitude_bits, type))
        digits, exponent = _decimal_digits(magnitude, 6)
        if _round_trips(Fraction(int(digits)) * Fraction(10) ** exponent, magnitude_bits, type):
            return sign + _scientific(digits, exponent, 6)
        precision = 2 + (mantissa_bits + 1) * 59 // 196
        digits, exponent = _decimal_digits(magnitude, precision)
        text = _default_format(digits, exponent, precision)
        if "." in text:
            return sign + text
    return f"0x{bits:X}"


def format_int(value: int, type: Attribute) -> str:
    """Print an integer as MLIR does: `true`/`false` for i1, unsigned for `ui*`, else signed."""
    if isinstance(type, IntegerType):
        width = type.width.data
        if width == 1 and type.signedness.data == Signedness.SIGNLESS:
            return "true" if value & 1 else "false"
        value &= (1 << width) - 1
        if type.signedness.data != Signedness.UNSIGNED and value >= 1 << (width - 1):
            value -= 1 << width
    return str(value)


_HEX_ELEMENTS_THRESHOLD = 100


def dense_is_splat(attr: DenseIntOrFPElementsAttr) -> bool:
    """Whether every element of `attr` has the first one's bits (MLIR's `isSplat`; xDSL's
    `is_splat` compares values, so a NaN splat is not one to it)."""
    data = attr.data.data
    count = len(attr.get_values())
    if count == 0:
        return False
    size = len(data) // count
    return data == data[:size] * count


def format_dense(attr: DenseIntOrFPElementsAttr) -> str:
    """`dense<...>` as MLIR prints it: splat, nested lists, or hex for more than 100 elements."""
    element_type = attr.get_element_type()
    values = attr.get_values()
    if isinstance(element_type, AnyFloat):
        fmt: Callable[[int | float], str] = lambda v: format_float(float(v), element_type)
    else:
        fmt = lambda v: format_int(int(v), element_type)
    if len(values) == 0:
        return "dense<>"
    if dense_is_splat(attr):
        return f"dense<{fmt(values[0])}>"
    if len(values) > _HEX_ELEMENTS_THRESHOLD:
        return f'dense<"0x{attr.data.data.hex().upper()}">'
    shape = attr.get_shape()
    return "dense<" + _nested(values, list(shape), fmt) + ">"


def _nested(values: Sequence[int | float], shape: list[int], fmt: Callable[[int | float], str]) -> str:
    if not shape:
        return fmt(values[0])
    if len(shape) == 1:
        return "[" + ", ".join(fmt(v) for v in values) + "]"
    stride = len(values) // shape[0] if shape[0] else 0
    rows = (_nested(values[i * stride : (i + 1) * stride], shape[1:], fmt) for i in range(shape[0]))
    return "[" + ", ".join(rows) + "]"


def can_format(type: Attribute) -> bool:
    """Whether MLIR prints values of `type` with the rules here (integers, index, f16/bf16/f32/f64)."""
    return isinstance(type, IntegerType | IndexType) or type.__class__ in FLOAT_FORMATS
