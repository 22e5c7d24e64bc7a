"""`tt.print` → `vprintf` (Triton's PrintOpToLLVM.cpp and the NVIDIA `TargetInfo::printf`).

Every thread prints each element it holds, one line per element, in the format Triton writes:

    pid (%u, %u, %u) idx (%2u, %3u)<prefix>(operand 1) <value>

`idx` gives the element's coordinates, each padded to ceil(log10(dim size)) digits; `(operand n) `
appears only when the op prints several operands; a print without operands writes
`pid (..)<prefix>` once. Values are formatted by type: `%p` for pointers, `%f` for floats, `%i`/`%u`
(`%lli`/`%llu` for 64 bits) by the operand's `isSigned`, and with `hex` `0x%0Nx` (N hex digits of
the width, `ll` above 32 bits) or `%a` for floats. Rank above 27 truncates the index, since NVPTX
printf takes 32 arguments.

Each line is one `vprintf(format, buffer)` call: the format string is an internal constant global
`printfFormat_N` (ending in `\\n\\0`, shared by identical strings), and the arguments are stored
into an `llvm.alloca`'d struct, integers narrower than 32 bits extended to i32 (sign- or
zero-extended by `isSigned`) and f16/bf16/f32 extended to f64, as C varargs promote them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    IntegerType,
    SymbolRefAttr,
    TensorType,
    f64,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import emit_indices
from ttc.conversion.tritongpu_to_llvm.lowering import FLOAT_TYPES, FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.symbols import declare_function, string_pointer
from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import llvm

MAX_PRINTF_OPERANDS = 32
"""NVPTX's printf prints garbage for arguments past the 32nd."""

FORMAT_KEY = "printfFormat_"


def format_specifier(
    type: Attribute, hex: bool = False, width: int | None = None, signed: bool = False
) -> str | None:
    """The printf conversion for a value of LLVM type `type` (Triton's `getFormatSubstr`), or
    None for a type printf cannot print."""
    if isinstance(type, llvm.LLVMPointerType):
        return "%p"
    if hex and isinstance(type, FLOAT_TYPES):
        return "%a"
    if hex and isinstance(type, IntegerType):
        bits = type.width.data
        return f"0x%0{bits // 4}{'ll' if bits > 32 else ''}x"
    prefix = "%" if width is None else f"%{width}"
    if isinstance(type, FLOAT_TYPES):
        return prefix + "f"
    if isinstance(type, IntegerType):
        long = "ll" if type.width.data == 64 else ""
        return prefix + long + ("i" if signed else "u")
    return None


def index_widths(shape: Sequence[int]) -> list[int]:
    """The digits each index of a tensor of `shape` is padded to: ceil(log10(size))."""
    return [math.ceil(math.log10(size)) if size > 0 else 0 for size in shape]


def _promote(lw: FunctionLowering, value: SSAValue, signed: bool) -> SSAValue:
    """A printf argument as C varargs pass it: narrow integers to i32, floats to f64."""
    type = value.type
    if isinstance(type, IntegerType) and type.width.data < 32:
        return lw.value((llvm.SExtOp if signed else llvm.ZExtOp)(value, i32))
    if isinstance(type, Float16Type | BFloat16Type | Float32Type):
        return lw.value(llvm.FPExtOp(value, f64))
    return value


def vprintf(lw: FunctionLowering, format: SSAValue, args: Sequence[SSAValue], signed: bool) -> None:
    """`vprintf(format, buffer)` with `args` stored in an `llvm.alloca`'d struct."""
    pointer = llvm.LLVMPointerType()
    declare_function(lw, "vprintf", [pointer, pointer], i32)
    one, zero = lw.i32(1), lw.i32(0)
    if args:
        values = [_promote(lw, a, signed) for a in args]
        struct = llvm.LLVMStructType([v.type for v in values])
        buffer = lw.value(
            llvm.AllocaOp.create(
                operands=[one], result_types=[pointer], properties={"elem_type": struct}
            )
        )
        for index, value in enumerate(values):
            field = lw.value(
                llvm.GEPOp.create(
                    operands=[buffer, zero],
                    result_types=[pointer],
                    properties={
                        "rawConstantIndices": DenseArrayBase.from_list(
                            i32, [llvm.GEP_DYNAMIC_INDEX, index]
                        ),
                        "elem_type": struct,
                    },
                )
            )
            lw.emit(llvm.StoreOp.create(operands=[value, field]))
    else:
        buffer = lw.value(llvm.ZeroOp(pointer))
    lw.emit(
        llvm.CallOp.create(
            operands=[format, buffer],
            result_types=[i32],
            properties={"callee": SymbolRefAttr("vprintf")},
        )
    )


def printf(lw: FunctionLowering, message: str, args: Sequence[SSAValue], signed: bool) -> SSAValue:
    """Print `message` (a printf format; a newline is added) with `args`; returns the pointer to
    the format string for further lines."""
    format = string_pointer(lw, FORMAT_KEY, message + "\n\0")
    vprintf(lw, format, args, signed)
    return format


def _specifier(lw: FunctionLowering, op: Operation, value: SSAValue, **kwargs: object) -> str:
    spec = format_specifier(value.type, **kwargs)  # type: ignore[arg-type]
    if spec is None:
        raise lw.cannot_lower(op)
    return spec


@lowers("tt.print")
def _print(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.PrintOp)
    if lw.num_ctas != 1:
        raise lw.cannot_lower(op)
    pid = [lw.special_register(f"nvvm.read.ptx.sreg.ctaid.{axis}") for axis in "xyz"]
    pid_format = "pid (" + ", ".join(_specifier(lw, op, p) for p in pid) + ")"
    prefix = op.prefix.data
    if not op.args:
        printf(lw, pid_format + prefix, pid, signed=False)
        return
    signs = [int(s) for s in op.isSigned.get_values()]
    if len(signs) != len(op.args):
        raise lw.error(op, "isSigned must have one entry per operand")
    hex = bool(op.hex.value.data)
    for number, operand in enumerate(op.args):
        signed = signs[number] > 0
        elements = lw.regs(operand)
        if isinstance(operand.type, TensorType):
            indices = emit_indices(lw, lw.layout(operand.type))
            widths = index_widths(operand.type.get_shape())
        else:
            indices, widths = [[]], []
        format: SSAValue | None = None
        for element, index in zip(elements, indices, strict=True):
            args = list(pid)
            text = pid_format + " idx ("
            max_rank = MAX_PRINTF_OPERANDS - len(args) - 2
            for dim, coordinate in enumerate(index):
                if dim:
                    text += ", "
                if dim == max_rank:
                    text += "... (truncated)"
                    break
                text += _specifier(lw, op, coordinate, width=widths[dim])
                args.append(coordinate)
            text += ")" + prefix
            if len(op.args) > 1:
                text += f"(operand {number}) "
            text += _specifier(lw, op, element, hex=hex, signed=signed)
            args.append(element)
            if format is None:
                format = printf(lw, text, args, signed)
            else:
                vprintf(lw, format, args, signed)

