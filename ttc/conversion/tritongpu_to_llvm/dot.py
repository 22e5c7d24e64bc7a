"""`tt.dot` -> LLVM for NVIDIA: tensor-core `mma.sync` (Triton's DotOpToLLVM/MMAv2.cpp) and the FMA
dot (lib/Conversion/TritonGPUToLLVM/DotOpToLLVM/FMA.cpp).

**mma.sync (`#ttg.nvidia_mma` version 2).** Each warp computes its share of D = A B + C as tiles of
one instruction: `m16n8k16` for f16 and bf16 inputs, `m16n8k8` for tf32 (f32 inputs), `m16n8k32`
for 8-bit integers, accumulating in f32 (i32 for integers). The PTX ISA fixes which thread holds
which fragment element: with `g = lane / 4` and `t = lane % 4`,

    A (16 x k):  a[2i + j] = A[g + 8 (i % 2), e (i / 2) + w t + j]   (w elements of one word)
    B (k x 8):   b[2i + j] = B[e i + w t + j, g]
    C (16 x 8):  c[2i + j] = C[g + 8 i, 2 t + j]

where `w` is the number of elements in a 32-bit word (2 for 16-bit, 1 for tf32, 4 for 8-bit) and
`e = 4 w` the K extent of one word column. The operands' registers are found by their coordinates
in the tensor's linear layout: lane 0 of warp 0 holds, for each tile, the elements at `g = t = 0`,
and every other thread's registers are the same ones shifted by its lane and warp (the layouts of
A, B and C agree on those by construction). So for each tile of C the thread holds and each K
step, the lowering looks up the fragment's registers by coordinate, packs A's and B's into 32-bit
words and issues one `mma.sync` in inline PTX.

**FMA (`#ttg.blocked` parent).** Each thread holds whole rows of A and whole columns of B (K is
never split across threads), so every accumulator register is a chain of `llvm.intr.fmuladd` over
K (integer dots: multiply and add).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntegerType,
    TensorType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import register_coords
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction, operand_list
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects import llvm, tt
from ttc.dialects.tt_types import InputPrecision
from ttc.dialects.ttg_attrs import BlockedEncodingAttr, DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.layouts.linear import LinearLayout

Coord = tuple[int, ...]


@dataclass(frozen=True)
class MmaShape:
    """One `mma.sync` instruction: its shape, PTX type names and elements per 32-bit word."""

    k: int
    a_type: str
    c_type: str
    per_word: int

    @property
    def name(self) -> str:
        return (f"mma.sync.aligned.m16n8k{self.k}.row.col.{self.c_type}.{self.a_type}."
                f"{self.a_type}.{self.c_type}")


MMA_M, MMA_N = 16, 8


def mma_shape(a: Attribute, c: Attribute, precision: InputPrecision) -> MmaShape | None:
    """The mma.sync for operands of element type `a` and an accumulator of type `c`."""
    if isinstance(c, Float32Type):
        if isinstance(a, Float16Type):
            return MmaShape(16, "f16", "f32", 2)
        if isinstance(a, BFloat16Type):
            return MmaShape(16, "bf16", "f32", 2)
        if isinstance(a, Float32Type) and precision == InputPrecision.TF32:
            return MmaShape(8, "tf32", "f32", 1)
    if isinstance(c, IntegerType) and c.width.data == 32 and isinstance(a, IntegerType) \
            and a.width.data == 8:
        return MmaShape(32, "s8", "s32", 4)
    return None


def registers_by_coordinate(layout: LinearLayout) -> dict[Coord, int]:
    """Lane 0 of warp 0: the first register holding each coordinate."""
    found: dict[Coord, int] = {}
    for reg in range(layout.in_dim_size("register")):
        found.setdefault(register_coords(layout, reg), reg)
    return found


def _pack_word(lw: FunctionLowering, elems: Sequence[SSAValue]) -> SSAValue:
    """Elements of one 32-bit word as an i32 (a single 32-bit element is bit-cast)."""
    if len(elems) == 1:
        value = elems[0]
        return value if value.type == i32 else lw.value(llvm.BitcastOp(value, i32))
    vector_type = VectorType(elems[0].type, [len(elems)])
    word = lw.value(llvm.UndefOp(vector_type))
    for i, elem in enumerate(elems):
        word = lw.value(llvm.InsertElementOp.create(operands=[word, elem, lw.i32(i)],
                                                    result_types=[vector_type]))
    return lw.value(llvm.BitcastOp(word, i32))


def _lookup(lw: FunctionLowering, op: Operation, table: dict[Coord, int],
            coord: Coord) -> int:
    reg = table.get(coord)
    if reg is None:
        raise lw.error(op, f"cannot lower 'tt.dot': no register holds element {list(coord)} of "
                           "an operand, so its layout does not match the mma instruction")
    return reg


def _lower_mma(lw: FunctionLowering, op: tt.DotOp, shape: MmaShape) -> None:
    a_type, b_type, c_type = op.a.type, op.b.type, op.c.type
    assert isinstance(a_type, TensorType) and isinstance(b_type, TensorType)
    assert isinstance(c_type, TensorType)
    if len(c_type.get_shape()) != 2:
        raise lw.cannot_lower(op)
    a_regs, b_regs, c_regs = lw.regs(op.a), lw.regs(op.b), lw.regs(op.c)
    a_at = registers_by_coordinate(lw.layout(a_type))
    b_at = registers_by_coordinate(lw.layout(b_type))
    c_layout = lw.layout(c_type)
    k_size = a_type.get_shape()[1]
    w, word_k = shape.per_word, 4 * shape.per_word
    accumulator = lw.llvm_type(c_type)
    result = list(c_regs)
    origins: list[Coord] = []
    for reg in range(c_layout.in_dim_size("register")):
        m, n = register_coords(c_layout, reg)
        origin = (m - m % MMA_M, n - n % MMA_N)
        if origin not in origins:
            origins.append(origin)
    c_at = registers_by_coordinate(c_layout)
    for m0, n0 in origins:
        c_index = [_lookup(lw, op, c_at, (m0 + 8 * (i // 2), n0 + i % 2)) for i in range(4)]
        for k0 in range(0, k_size, shape.k):
            a_words = [
                _pack_word(lw, [a_regs[_lookup(lw, op, a_at, (m0 + 8 * (i % 2), k0 + word_k * (i // 2) + j))]
                                for j in range(w)])
                for i in range(shape.k // word_k * 2)
            ]
            b_words = [
                _pack_word(lw, [b_regs[_lookup(lw, op, b_at, (k0 + word_k * i + j, n0))]
                                for j in range(w)])
                for i in range(shape.k // word_k)
            ]
            asm = PtxInstruction()
            outs = [asm.output("r" if shape.c_type == "s32" else "f") for _ in range(4)]
            a_ops = [asm.input(word, "r") for word in a_words]
            b_ops = [asm.input(word, "r") for word in b_words]
            c_ops = [asm.input(result[index], "r" if shape.c_type == "s32" else "f")
                     for index in c_index]
            asm.lines.append(f"{shape.name} {operand_list(outs)}, {operand_list(a_ops)}, "
                             f"{operand_list(b_ops)}, {operand_list(c_ops)};")
            struct = asm.launch(lw, llvm.LLVMStructType([accumulator] * 4))
            assert struct is not None
            for i, index in enumerate(c_index):
                result[index] = lw.value(llvm.ExtractValueOp(struct, [i]))
    _bind_with_duplicates(lw, op, c_layout, result, c_at)


def _bind_with_duplicates(lw: FunctionLowering, op: tt.DotOp, layout: LinearLayout,
                          result: list[SSAValue], first: dict[Coord, int]) -> None:
    """Registers that repeat an element (broadcast layouts) take the computed copy."""
    regs = [result[first[register_coords(layout, reg)]]
            for reg in range(layout.in_dim_size("register"))]
    lw.bind(op.d, regs)


def _lower_fma(lw: FunctionLowering, op: tt.DotOp) -> None:
    a_type, b_type, c_type = op.a.type, op.b.type, op.c.type
    assert isinstance(a_type, TensorType) and isinstance(b_type, TensorType)
    assert isinstance(c_type, TensorType)
    if len(c_type.get_shape()) != 2:
        raise lw.cannot_lower(op)
    a_regs, b_regs, c_regs = lw.regs(op.a), lw.regs(op.b), lw.regs(op.c)
    a_at = registers_by_coordinate(lw.layout(a_type))
    b_at = registers_by_coordinate(lw.layout(b_type))
    c_layout = lw.layout(c_type)
    c_at = registers_by_coordinate(c_layout)
    k_size = a_type.get_shape()[1]
    element = lw.llvm_type(c_type)
    result = list(c_regs)
    for (m, n), index in c_at.items():
        acc = result[index]
        for k in range(k_size):
            a = a_regs[_lookup(lw, op, a_at, (m, k))]
            b = b_regs[_lookup(lw, op, b_at, (k, n))]
            if isinstance(element, IntegerType):
                acc = lw.value(llvm.AddOp(lw.value(llvm.MulOp(a, b)), acc))
            else:
                acc = lw.value(llvm.FMulAddOp.create(operands=[a, b, acc], result_types=[element]))
        result[index] = acc
    _bind_with_duplicates(lw, op, c_layout, result, c_at)


@lowers("tt.dot")
def _dot(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.DotOp)
    a_type, c_type = op.a.type, op.c.type
    if not isinstance(a_type, TensorType) or not isinstance(c_type, TensorType):
        raise lw.cannot_lower(op)
    a_encoding, c_encoding = a_type.encoding, c_type.encoding
    if not isinstance(a_encoding, DotOperandEncodingAttr):
        raise lw.cannot_lower(op)
    if isinstance(c_encoding, BlockedEncodingAttr):
        _lower_fma(lw, op)
        return
    if not isinstance(c_encoding, NvidiaMmaEncodingAttr) or c_encoding.version_major.data != 2:
        raise lw.cannot_lower(op)
    if a_type.element_type != op.b.type.element_type:  # type: ignore[union-attr]
        raise lw.cannot_lower(op)
    shape = mma_shape(a_type.element_type, c_type.element_type, op.input_precision())
    if shape is None:
        raise lw.error(op, f"cannot lower 'tt.dot' of {a_type.element_type} operands into a "
                           f"{c_type.element_type} accumulator to mma.sync for "
                           f"{lw.target.name}")
    _lower_mma(lw, op, shape)

