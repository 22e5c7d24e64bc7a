"""`tt.dot` → LLVM: tensor-core `mma.sync` for a `#ttg.nvidia_mma` version 2 result (Triton's
third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/DotOpToLLVM/MMAv2.cpp), and the dispatch to the FMA
lowering (`dot_fma.py`) for a `#ttg.blocked` result.

One `mma.sync.aligned.m16n8kK.row.col` multiplies a 16 x K tile of A by a K x 8 tile of B into a
16 x 8 tile of the accumulator; K is 8 32-bit registers' worth of elements (16 for f16/bf16, 8
for tf32, 32 for i8 and the fp8 types e5m2/e4m3, which may be mixed). In the PTX ISA's fragments, with `g = lane / 4` and `t = lane % 4`, i32
register `j` of A holds row `g + 8 * (j % 2)` and the elements of columns
`t * v + 4 * v * (j / 2) + [0, v)` (`v` elements per register), register `j` of B holds
column `g` and rows `t * v + 4 * v * j + [0, v)`, and accumulator element `i` is row
`g + 8 * (i / 2)`, column `2 * t + i % 2`.

The operands come in the layouts of `ttc.layouts.mma` (`kWidth` consecutive K elements per
thread, 4 lanes along K): the lowering checks that their lanes are the fragments' and that their
warps agree with the accumulator's, then finds each fragment register by the coordinates it holds
in thread 0 (`dot_operands.RegisterTable`), so it depends on no register numbering. With
`kWidth` larger than `v` a tile of `8 * kWidth` K elements takes `kWidth / v` instructions, the
s-th using elements `[s * v, (s + 1) * v)` of each thread's `kWidth`-runs, as Triton does.
Instructions follow Triton's order: batch, K steps, M tiles, N tiles; each is inline PTX in the
form of Triton's `PTXBuilder` (outputs, then the accumulator tied to them, then A and B).

f64 (Triton 3.6's fp64 path, operands with `kWidth = 1`) covers a 16 x 8 x 16 tile per step: A
has 8 registers of one f64 (register `j`: row `g + 8 * (j % 2)`, K `t + 4 * (j / 2)`), B has 4
(K `t + 4 * j`, column `g`), all with constraint `d`. On sm_90 the step is one
`mma.sync.aligned.m16n8k16...f64`; elsewhere it is eight `m8n8k4.f64` in one statement, for each
group of 4 K the upper rows into c0 c1 and the lower rows into c2 c3 (Triton's
`callMmaAmpereFp64`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float64Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float32Type,
    IntegerType,
    TensorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.dot_fma import lower_fma_dot
from ttc.conversion.tritongpu_to_llvm.dot_operands import RegisterTable, threads_agree
from ttc.conversion.tritongpu_to_llvm.load_store import pack_word
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, bit_width, pack_vector, unpack_vector
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction, operand_list
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import InputPrecision
from ttc.dialects.ttg.attrs import BlockedEncodingAttr, DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.upstream import llvm
from ttc.layouts.linear import LinearLayout

TILE_M, TILE_N = 16, 8
Coords = tuple[int, ...]


@dataclass(frozen=True)
class MmaInstruction:
    """One `mma.sync` variant: its PTX name and how its accumulator travels."""

    name: str
    acc_constraint: str
    """`f` for f32, `r` for i32 and for f16 pairs."""
    acc_pairs: bool = False
    """f16 accumulators: c0 c1 and c2 c3 each packed in one `vector<2xf16>` register."""
    k_regs: int = 2
    """B registers per instruction (A has twice as many): 2 words of 32 bits, or 4 f64 for the
    16 x 8 x 16 f64 tile (Triton's `numRegisters.k`)."""
    m8n8k4: bool = False
    """f64 on sm_80: the 16 x 8 x 16 tile as eight `m8n8k4`, the upper and lower 8 rows for each
    group of 4 K (Triton's `callMmaAmpereFp64`), in one statement."""

    @property
    def operand_constraint(self) -> str:
        """`d` for f64 operands (one element a register), `r` for 32-bit words."""
        return "d" if self.acc_constraint == "d" else "r"


def _instruction(
    a: Attribute, b: Attribute, d: Attribute, precision: InputPrecision, compute_capability: int
) -> MmaInstruction | None:
    """Triton's `getMmaTypeDot` and its Ampere instruction table (fp8 operands need sm_89); f64
    takes the Hopper table's m16n8k16 on sm_90 and the Ampere table's m8n8k4 elsewhere."""
    prefix = "mma.sync.aligned"
    fp8 = {Float8E5M2Type: "e5m2", Float8E4M3FNType: "e4m3"}
    if isinstance(d, Float32Type) and type(a) in fp8 and type(b) in fp8:
        if compute_capability < 89:
            return None
        return MmaInstruction(
            f"{prefix}.m16n8k32.row.col.f32.{fp8[type(a)]}.{fp8[type(b)]}.f32", "f"
        )
    if type(a) is not type(b) or (isinstance(a, IntegerType) and a != b):
        return None
    if isinstance(d, Float32Type):
        if isinstance(a, Float16Type):
            return MmaInstruction(f"{prefix}.m16n8k16.row.col.f32.f16.f16.f32", "f")
        if isinstance(a, BFloat16Type):
            return MmaInstruction(f"{prefix}.m16n8k16.row.col.f32.bf16.bf16.f32", "f")
        if isinstance(a, Float32Type) and precision is InputPrecision.TF32:
            return MmaInstruction(f"{prefix}.m16n8k8.row.col.f32.tf32.tf32.f32", "f")
    if isinstance(d, Float16Type) and isinstance(a, Float16Type):
        return MmaInstruction(f"{prefix}.m16n8k16.row.col.f16.f16.f16.f16", "r", acc_pairs=True)
    if d == IntegerType(32) and a == IntegerType(8):
        return MmaInstruction(f"{prefix}.m16n8k32.row.col.satfinite.s32.s8.s8.s32", "r")
    if isinstance(d, Float64Type) and isinstance(a, Float64Type):
        if compute_capability == 90:  # Triton's isHopperF64
            return MmaInstruction(f"{prefix}.m16n8k16.row.col.f64.f64.f64.f64", "d", k_regs=4)
        return MmaInstruction(f"{prefix}.m8n8k4.row.col.f64.f64.f64.f64", "d", k_regs=4, m8n8k4=True)
    return None


def fragment_lanes(rank: int, outer: int, inner: int, inner_step: int,
                   shape: Sequence[int] | None = None) -> list[list[int]]:
    """The lane bases of an mma.sync fragment: lanes 1, 2 step `inner_step` along `inner`, lanes
    4, 8, 16 step 1, 2, 4 along `outer`. In a tensor of `shape` smaller than the fragment, a step
    that leaves the tensor is 0: those lanes hold copies (the layout broadcasts)."""
    bases = []
    for bit in range(5):
        basis = [0] * rank
        if bit < 2:
            basis[inner] = inner_step << bit
        else:
            basis[outer] = 1 << (bit - 2)
        if shape is not None:
            basis = [step if step < size else 0 for step, size in zip(basis, shape, strict=True)]
        bases.append(basis)
    return bases


@dataclass(frozen=True)
class MmaStep:
    """One instruction, by the coordinates its registers hold in thread 0: `a` has four i32
    words and `b` two, each a tuple of `32 / bits` consecutive K elements (f64: eight and four
    single elements); `acc` the four accumulator elements c0..c3."""

    a: tuple[tuple[Coords, ...], ...]
    b: tuple[tuple[Coords, ...], ...]
    acc: tuple[Coords, ...]


def plan_mma_v2(
    a: LinearLayout, b: LinearLayout, d: LinearLayout, k_width: int, per_reg: int, k_regs: int = 2
) -> list[MmaStep] | None:
    """The `mma.sync` instructions of a dot, in Triton's order, or None if the layouts are not
    the fragments of the instruction with `per_reg` elements per operand register and `k_regs`
    registers of B (4 for the f64 tile, whose K is 16)."""
    r = d.num_out_dims
    m, n = r - 2, r - 1
    batch = list(range(r - 2))
    shapes = {name: list(layout.out_dim_sizes.values()) for name, layout in (("a", a), ("b", b),
                                                                              ("d", d))}
    if k_width % per_reg or not (
        d.bases["lane"] == fragment_lanes(r, m, n, 2, shapes["d"])
        and a.bases["lane"] == fragment_lanes(r, m, r - 1, k_width, shapes["a"])
        and b.bases["lane"] == fragment_lanes(r, n, r - 2, k_width, shapes["b"])
        and threads_agree(a, d, [*batch, m, None], ["warp", "block"])
        and threads_agree(b, d, [*batch, None, n], ["warp", "block"])
    ):
        return None
    held = {name: set(RegisterTable(layout).coords) for name, layout in (("a", a), ("b", b), ("d", d))}
    acc_coords = held["d"]
    m_tiles = sorted({c[m] - c[m] % TILE_M for c in acc_coords})
    n_tiles = sorted({c[n] - c[n] % TILE_N for c in acc_coords})
    half = 4 * k_width
    k_tiles = sorted({c[r - 1] - c[r - 1] % (k_regs * half) for c in held["a"]})

    def wrap(operand: str, coords: Sequence[int]) -> Coords:
        """Coordinates of the fragment in the tensor: a tensor smaller than the instruction's
        tile repeats along each short dimension."""
        return tuple(c % size for c, size in zip(coords, shapes[operand], strict=True))

    def word(operand: str, *coords: int, k_axis: int) -> tuple[Coords, ...]:
        return tuple(
            wrap(operand, [c + e if axis == k_axis else c for axis, c in enumerate(coords)])
            for e in range(per_reg)
        )

    steps = []
    for outer in sorted({c[: r - 2] for c in acc_coords}):
        for k0 in k_tiles:
            for s in range(k_width // per_reg):
                k = k0 + s * per_reg
                for m0 in m_tiles:
                    a_words = tuple(
                        word("a", *outer, m0 + 8 * (j % 2), k + half * (j // 2), k_axis=r - 1)
                        for j in range(2 * k_regs)
                    )
                    for n0 in n_tiles:
                        b_words = tuple(word("b", *outer, k + half * j, n0, k_axis=r - 2)
                                        for j in range(k_regs))
                        acc = tuple(wrap("d", (*outer, m0 + 8 * (i // 2), n0 + i % 2))
                                    for i in range(4))
                        if not (
                            all(c in held["a"] for w in a_words for c in w)
                            and all(c in held["b"] for w in b_words for c in w)
                            and all(c in held["d"] for c in acc)
                        ):
                            return None
                        steps.append(MmaStep(a_words, b_words, acc))
    return steps


class _MmaEmitter:
    """Emits the steps of a plan, packing each operand word once and threading the accumulator
    through the instructions by coordinates."""

    def __init__(self, lw: FunctionLowering, instruction: MmaInstruction, a: RegisterTable,
                 b: RegisterTable, c: RegisterTable) -> None:
        self.lw, self.instruction = lw, instruction
        self.tables = {"a": a, "b": b}
        self.acc = {coords: c.get(coords) for coords in c.distinct()}
        self.words: dict[tuple[str, tuple[Coords, ...]], SSAValue] = {}
        """Packed operand words by operand and coordinates (A's and B's coordinates overlap)."""

    def word(self, operand: str, coords: tuple[Coords, ...]) -> SSAValue:
        key = (operand, coords)
        if key not in self.words:
            elems = [self.tables[operand].get(c) for c in coords]
            if self.instruction.operand_constraint == "d":
                (self.words[key],) = elems  # type: ignore[assignment]
            else:
                self.words[key] = pack_word(self.lw, elems, 32)  # type: ignore[arg-type]
        return self.words[key]

    def mma(self, step: MmaStep) -> None:
        lw, instruction = self.lw, self.instruction
        a = [self.word("a", w) for w in step.a]
        b = [self.word("b", w) for w in step.b]
        values = [self.acc[c] for c in step.acc]
        if instruction.acc_pairs:
            values = [pack_vector(lw, values[:2]), pack_vector(lw, values[2:])]
        asm = PtxInstruction()
        outs = [asm.output(instruction.acc_constraint) for _ in values]
        tied = [asm.input(v, str(i)) for i, v in enumerate(values)]  # type: ignore[arg-type]
        constraint = instruction.operand_constraint
        if instruction.m8n8k4:
            # per group of 4 K: the upper rows into c0 c1, the lower rows into c2 c3, one B
            for k in range(instruction.k_regs):
                upper = asm.input(a[2 * k], constraint)
                b_op = asm.input(b[k], constraint)
                lower = asm.input(a[2 * k + 1], constraint)
                for rows, half in ((upper, slice(0, 2)), (lower, slice(2, 4))):
                    asm.lines.append(
                        f"{instruction.name} {operand_list(outs[half])}, {{ {rows} }}, "
                        f"{{ {b_op} }}, {operand_list(tied[half])};"
                    )
        else:
            a_ops = [asm.input(v, constraint) for v in a]
            b_ops = [asm.input(v, constraint) for v in b]
            asm.lines.append(
                f"{instruction.name} {operand_list(outs)}, {operand_list(a_ops)}, "
                f"{operand_list(b_ops)}, {operand_list(tied)};"
            )
        result = asm.launch(lw, llvm.LLVMStructType([v.type for v in values]))  # type: ignore[union-attr]
        assert result is not None
        parts = [lw.value(llvm.ExtractValueOp(result, [i])) for i in range(len(values))]
        if instruction.acc_pairs:
            parts = [elem for pair in parts for elem in unpack_vector(lw, pair)]
        for coords, value in zip(step.acc, parts, strict=True):
            self.acc[coords] = value


def _lower_mma_v2(lw: FunctionLowering, op: Operation) -> None:
    a_type, b_type, d_type = (v.type for v in (op.operands[0], op.operands[1], op.results[0]))
    assert isinstance(a_type, TensorType) and isinstance(b_type, TensorType)
    a_enc, b_enc = a_type.encoding, b_type.encoding
    if lw.target.compute_capability < 80 or not (
        isinstance(a_enc, DotOperandEncodingAttr) and isinstance(b_enc, DotOperandEncodingAttr)
    ):
        raise lw.cannot_lower(op)
    k_width = a_enc.k_width.data
    if b_enc.k_width.data != k_width or a_enc.op_idx.data != 0 or b_enc.op_idx.data != 1:
        raise lw.cannot_lower(op)
    assert isinstance(op, tt.DotOp)
    precision = InputPrecision(op.inputPrecision.value.data)
    instruction = _instruction(
        a_type.element_type, b_type.element_type, lw.llvm_type(d_type), precision,
        lw.target.compute_capability,
    )
    if instruction is None:
        raise lw.error(op, "unsupported MMA instruction for the given operand/result types")
    a_layout, b_layout, d_layout = lw.layout(a_type), lw.layout(b_type), lw.layout(d_type)
    per_reg = max(32 // bit_width(lw.llvm_type(a_type)), 1)
    steps = plan_mma_v2(a_layout, b_layout, d_layout, k_width, per_reg, instruction.k_regs)
    if steps is None:
        raise lw.cannot_lower(op)
    c = RegisterTable(d_layout, lw.regs(op.operands[2]))
    emitter = _MmaEmitter(
        lw, instruction, RegisterTable(a_layout, lw.regs(op.operands[0])),
        RegisterTable(b_layout, lw.regs(op.operands[1])), c,
    )
    for step in steps:
        emitter.mma(step)
    lw.bind(op.results[0], [emitter.acc[coords] for coords in c.coords])


@lowers("tt.dot")
def _dot(lw: FunctionLowering, op: Operation) -> None:
    encoding = getattr(op.results[0].type, "encoding", None)
    if isinstance(encoding, NvidiaMmaEncodingAttr) and encoding.is_ampere:
        _lower_mma_v2(lw, op)
    elif isinstance(encoding, BlockedEncodingAttr):
        lower_fma_dot(lw, op)
    else:
        raise lw.cannot_lower(op)

