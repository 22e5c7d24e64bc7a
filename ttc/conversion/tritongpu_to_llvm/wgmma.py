"""Hopper's warp-group MMA: `ttng.warp_group_dot` → `wgmma.mma_async`, `ttng.warp_group_dot_wait`
→ `wgmma.wait_group`, `ttng.fence_async_shared` → `fence.proxy.async` (Triton's
DotOpToLLVM/WGMMA.cpp, `WarpGroupDotWaitOpConversion` and `FenceAsyncSharedOpConversion`).

One `wgmma.mma_async.sync.aligned.m64nNkK` multiplies a 64 x K tile of A by a K x N tile of B
into a 64 x N accumulator held by the four warps of a warp group: warp `w % 4` holds rows
`16 * (w % 4) + [0, 16)`, and with `g = lane / 4`, `t = lane % 4` accumulator register
`4 * j + q` holds row `g + 8 * (q / 2)`, column `8 * j + 2 * t + q % 2`. The accumulator's
`#ttg.nvidia_mma` version 3 layout places warp groups and repetitions; the lowering reads it (as
`dot_mma.py` does for version 2): the instructions are found by the coordinates thread 0 holds,
so no register numbering is assumed, and the layout is checked to be the instruction's fragment.

B, and A unless it is a register tensor (`#ttg.dot_op` of the accumulator, the fragment of
`mma.sync`'s A per warp), are read from `#ttg.nvmma_shared` buffers through 64-bit shared-memory
matrix descriptors: start address / 16 in bits 0-13, the leading-dimension byte offset / 16 in
bits 16-29, the stride-dimension byte offset / 16 in bits 32-45, the swizzle mode (128-, 64-,
32-byte: 1, 2, 3) in bits 62-63. The operand's shared layout gives every number: which dimension
is contiguous (K-major or M/N-major, the instruction's transpose flag), the stride between
8-row groups (stride offset) and, for M/N-major operands, between swizzle-wide column blocks
(leading offset), and the offset of each tile's first element. Tiles start on multiples of 8
rows, where the XOR swizzle is the identity, so a tile's descriptor is the buffer's plus the
tile's offset; the warp group's rows (or columns) are added at run time from the warp id.

Instructions follow Triton's order: M repetitions, N repetitions, K steps, after a
`wgmma.fence` and before one `wgmma.commit_group`; a dot that is not `isAsync` waits for its
group at once. `warp_group_dot_wait` passes its operands' registers through the inline asm of
`wgmma.wait_group N` so that no use of a result moves above the wait. The first K step of each
accumulator tile takes the op's `useC` as scale-d, the later ones true. An fp8 dot into f32 that
needs a partial accumulator (`maxNumImpreciseAcc` at most its K) runs its K steps into a separate
accumulator (the first with none: scale-d 0, no tied inputs) and adds it to the tile's with
`fadd` every `maxNumImpreciseAcc` K and after the last step, as Triton's `convertDot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    TensorType,
    VectorType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.dot_mma import fragment_lanes
from ttc.conversion.tritongpu_to_llvm.dot_operands import RegisterTable, threads_agree
from ttc.conversion.tritongpu_to_llvm.indices import apply_layout
from ttc.conversion.tritongpu_to_llvm.load_store import pack_word
from ttc.conversion.tritongpu_to_llvm.lowering import (
    FunctionLowering,
    bit_width,
    pack_vector,
    unpack_vector,
)
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction, operand_list
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_transfer import (
    SharedView,
    buffer_layout,
    constant_int,
    coordinates_to_offset,
)
from ttc.conversion.tritongpu_to_llvm.tma import uniform_warp_id
from ttc.dialects.tt.types import InputPrecision
from ttc.dialects.tt.types import bit_width as element_bit_width
from ttc.dialects.ttg.attrs import (
    DotOperandEncodingAttr,
    NvidiaMmaEncodingAttr,
    NVMMASharedEncodingAttr,
    ints,
)
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttng.ops import WarpGroupDotOp
from ttc.dialects.upstream import llvm
from ttc.layouts.linear import LinearLayout
from ttc.layouts.shared import OFFSET

WARP_GROUP_ROWS = 64
WARP_ROWS = 16
SWIZZLE_MODES = {128: 1, 64: 2, 32: 3}
"""The descriptor's swizzle field for each `swizzlingByteWidth` (0, no swizzle, is not lowered)."""
Coords = tuple[int, ...]


@dataclass(frozen=True)
class WgmmaInstruction:
    """One `wgmma.mma_async` variant: its PTX name, how its accumulator travels and which
    immediates follow the scale-d predicate."""

    name: str
    acc_constraint: str
    acc_pairs: bool
    """f16 accumulators: two elements packed in each 32-bit register."""
    scales: bool
    """`imm-scale-a, imm-scale-b` (1: no negation) follow (not for integer types)."""
    transposes: bool
    """`imm-trans-a, imm-trans-b` follow (16-bit inputs only)."""


_FP8 = {Float8E4M3FNType: "e4m3", Float8E5M2Type: "e5m2"}


def _type_names(a: Attribute, b: Attribute, d: Attribute, precision: InputPrecision) -> tuple[str, str, str, int] | None:
    """(d, a, b) PTX type names and the instruction's K, or None when wgmma has no variant
    (Triton's `getMmaRetType` and the operand table of `WGMMA.cpp`)."""
    if type(a) in _FP8 and type(b) in _FP8 and isinstance(d, Float32Type | Float16Type):
        return ("f32" if isinstance(d, Float32Type) else "f16"), _FP8[type(a)], _FP8[type(b)], 32
    if type(a) is not type(b):
        return None
    if isinstance(a, Float16Type) and isinstance(d, Float32Type | Float16Type):
        return ("f32" if isinstance(d, Float32Type) else "f16"), "f16", "f16", 16
    if isinstance(a, BFloat16Type) and isinstance(d, Float32Type):
        return "f32", "bf16", "bf16", 16
    if isinstance(a, Float32Type) and isinstance(d, Float32Type) and precision is not InputPrecision.IEEE:
        return "f32", "tf32", "tf32", 8
    if a == IntegerType(8) and b == IntegerType(8) and d == IntegerType(32):
        return "s32", "s8", "s8", 32
    return None


def _instruction(op: WarpGroupDotOp, lw: FunctionLowering, n: int, k: int) -> WgmmaInstruction | None:
    a_elem = _element_type(op.a.type)
    b_elem = _element_type(op.b.type)
    d_elem = lw.llvm_type(op.d.type.get_element_type())  # type: ignore[union-attr]
    precision = InputPrecision(op.input_precision.value.data)
    names = _type_names(a_elem, b_elem, d_elem, precision)
    if names is None or names[3] != k:
        return None
    d, a, b, _ = names
    return WgmmaInstruction(
        name=f"wgmma.mma_async.sync.aligned.m{WARP_GROUP_ROWS}n{n}k{k}.{d}.{a}.{b}",
        acc_constraint="f" if d == "f32" else "r",
        acc_pairs=d == "f16",
        scales=d != "s32",
        transposes=a in ("f16", "bf16"),
    )


def _element_type(type: Attribute) -> Attribute:
    if isinstance(type, TensorType):
        return type.get_element_type()
    assert isinstance(type, MemDescType)
    return type.element_type


# -- shared-memory operands ---------------------------------------------------------------------


@dataclass(frozen=True)
class SharedOperand:
    """How wgmma reads an operand from its `#ttg.nvmma_shared` buffer: the descriptor bits other
    than the address, whether it is M/N-major (the transpose immediate), and the element offset
    of any tile origin."""

    descriptor_bits: int
    mn_major: bool
    to_offset: LinearLayout
    """Coordinates of the buffer → element offset."""
    origin: tuple[int, int]
    """The view's logical offsets (a subslice's)."""
    element_bytes: int

    def byte_offset(self, coords: Sequence[int]) -> int:
        """The byte offset of the element at `coords` (view coordinates) in the buffer."""
        shifted = [c + o for c, o in zip(coords, self.origin, strict=True)]
        offset = self.to_offset.apply(dict(zip(self.to_offset.in_dims, shifted, strict=True)))[OFFSET]
        return offset * self.element_bytes


def _encode(byte_offset: int) -> int:
    """A descriptor's 14-bit field: bytes / 16."""
    return (byte_offset >> 4) & 0x3FFF


def shared_operand(type: MemDescType, offsets: Sequence[int], k_dim: int, k_major_only: bool) -> SharedOperand | None:
    """The descriptor plan of an operand in shared memory (`k_dim` is its K dimension), or None if
    its layout is not one wgmma reads."""
    encoding = type.encoding
    if not isinstance(encoding, NVMMASharedEncodingAttr) or len(type.get_shape()) != 2:
        return None
    swizzle = encoding.swizzling_byte_width.data
    if swizzle not in SWIZZLE_MODES:
        return None
    element_bytes = element_bit_width(type.element_type) // 8
    layout = buffer_layout(type)
    step = layout.apply({OFFSET: 1, **{d: 0 for d in layout.in_dims if d != OFFSET}})
    contiguous = [d for d, out in enumerate(layout.out_dims) if step[out]]
    if len(contiguous) != 1:
        return None
    mn_dim = 1 - k_dim
    mn_major = contiguous[0] == mn_dim
    if mn_major and k_major_only:
        return None
    plan = SharedOperand(0, mn_major, coordinates_to_offset(type), (offsets[0], offsets[1]), element_bytes)
    strided_dim = k_dim if mn_major else mn_dim
    eight_rows = [0, 0]
    eight_rows[strided_dim] = 8
    stride = plan.byte_offset(eight_rows) - plan.byte_offset([0, 0])
    leading = 0
    swizzle_elems = swizzle // element_bytes
    alloc = type.get_alloc_shape()[-2:]
    if mn_major and alloc[mn_dim] > swizzle_elems:
        next_block = [0, 0]
        next_block[mn_dim] = swizzle_elems
        leading = plan.byte_offset(next_block) - plan.byte_offset([0, 0])
    bits = (_encode(leading) << 16) | (_encode(stride) << 32) | (SWIZZLE_MODES[swizzle] << 62)
    return SharedOperand(bits, mn_major, plan.to_offset, plan.origin, element_bytes)


def _warp_group_origin(d_layout: LinearLayout) -> list[list[int]]:
    """The accumulator coordinates each warp-id bit above the warp group adds (bits 0 and 1
    number the warps inside a group)."""
    return d_layout.bases["warp"][2:]


class _Descriptors:
    """The descriptors of one shared operand: the buffer's address, with this warp group's rows
    (or columns) added at run time, and a tile's descriptor as that address plus a constant (the
    descriptor's other bits and the tile's static offset), built where the tile is used.

    As in Triton's `DotOpMmaSmemLoader`, the address is taken in 16-byte units first and the
    warp group's part is added in those units, a linear layout from the warp id applied to it
    (warps 0-3 of a group share it)."""

    def __init__(self, lw: FunctionLowering, view: SharedView, plan: SharedOperand, dim: int,
                 warp_bases: list[list[int]], warp: SSAValue) -> None:
        self.lw, self.plan = lw, plan
        address = lw.value(llvm.PtrToIntOp(view.base, i32))
        units = lw.binary(llvm.LShrOp, address, 4)
        offsets = []
        for basis in warp_bases:
            coords = [0, 0]
            coords[dim] = basis[dim]
            offsets.append(plan.byte_offset(coords) - plan.byte_offset([0, 0]))
        self.dynamic_bits = 0
        for offset in offsets:
            self.dynamic_bits |= offset
        self.whole_units = all(offset >= 0 and offset % 16 == 0 for offset in offsets)
        """Whether the warp group's part is a whole number of 16-byte units."""
        if self.dynamic_bits and self.whole_units:
            steps = [[0], [0]] + [[offset >> 4] for offset in offsets]
            warp_to_units = LinearLayout([("warp", steps)], [OFFSET])
            units = lw.value(llvm.AddOp(units, apply_layout(lw, warp_to_units, {"warp": warp})[0]))
        self.address = lw.value(llvm.ZExtOp(lw.binary(llvm.AndOp, units, 0x3FFF), i64))
        """The descriptor's address field: the operand's start in 16-byte units."""

    def at(self, coords: Sequence[int]) -> SSAValue | None:
        """The descriptor of the tile starting at `coords`, or None if its offset or the warp
        group's is not a whole number of 16-byte units, or the two overlap."""
        offset = self.plan.byte_offset(coords)
        if not self.whole_units or offset % 16 or offset & self.dynamic_bits:
            return None
        constant = self.plan.descriptor_bits + (offset >> 4)
        return self.lw.value(llvm.AddOp(self.lw.const(constant, i64), self.address))


# -- the instructions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class WgmmaStep:
    """One instruction: the tile origins of A and B, A's register words (by the coordinates they
    hold in thread 0, when A is in registers) and the accumulator elements, in register order."""

    a_origin: Coords
    b_origin: Coords
    a_words: tuple[tuple[Coords, ...], ...]
    acc: tuple[Coords, ...]


def plan_wgmma(d: LinearLayout, n: int, k: int, depth: int, a: LinearLayout | None,
               per_reg: int) -> list[WgmmaStep] | None:
    """The instructions of a warp-group dot of K extent `depth` with an accumulator layout `d`
    and instructions m64nNkK, in Triton's order, or None if `d` (or A's register layout) is not
    the instructions' fragment."""
    if d.num_out_dims != 2 or d.bases["lane"] != fragment_lanes(2, 0, 1, 2):
        return None
    warps = d.bases["warp"]
    if len(warps) < 2 or warps[0] != [WARP_ROWS, 0] or warps[1] != [2 * WARP_ROWS, 0]:
        return None
    if a is not None and not (
        k == 8 * per_reg
        and a.bases["lane"] == fragment_lanes(2, 0, 1, per_reg)
        and threads_agree(a, d, [0, None], ["warp", "block"])
    ):
        return None
    held = set(RegisterTable(d).coords)
    a_held = set(RegisterTable(a).coords) if a is not None else set()
    m_tiles = sorted({c[0] - c[0] % WARP_ROWS for c in held})
    n_tiles = sorted({c[1] - c[1] % n for c in held})
    half = 4 * per_reg
    steps = []
    for m0 in m_tiles:
        for n0 in n_tiles:
            acc = tuple((m0 + 8 * ((i // 2) % 2), n0 + 8 * (i // 4) + i % 2) for i in range(n // 2))
            if not all(c in held for c in acc):
                return None
            for k0 in range(0, depth, k):
                words: tuple[tuple[Coords, ...], ...] = ()
                if a is not None:
                    words = tuple(
                        tuple((m0 + 8 * (j % 2), k0 + half * (j // 2) + e) for e in range(per_reg))
                        for j in range(4)
                    )
                    if not all(c in a_held for w in words for c in w):
                        return None
                steps.append(WgmmaStep((m0, k0), (k0, n0), words, acc))
    return steps


def _fence(lw: FunctionLowering) -> None:
    lw.call_intrinsic("llvm.nvvm.wgmma.fence.sync.aligned", [], None)


def _wait_group(lw: FunctionLowering, values: list[SSAValue], pendings: int) -> list[SSAValue]:
    """`wgmma.wait_group pendings` in an inline asm that takes `values` and gives them back, so
    that their uses stay after the wait (Triton's WarpGroupDotWaitOpConversion)."""
    asm = PtxInstruction()
    kinds = [_asm_register(lw, v) for v in values]
    outs = [asm.output(constraint) for _, constraint in kinds]
    for i, (value, _) in enumerate(kinds):
        asm.input(value, str(i))
    asm.lines.append(f"// wait for regs: {','.join(outs)}")
    asm.lines.append(f"wgmma.wait_group.sync.aligned {pendings};")
    if not values:
        asm.launch(lw, None)
        return []
    result = asm.launch(lw, llvm.LLVMStructType([v.type for v, _ in kinds]))
    assert result is not None
    parts = [lw.value(llvm.ExtractValueOp(result, [i])) for i in range(len(values))]
    return [_from_asm_register(lw, part, value.type) for part, value in zip(parts, values, strict=True)]


def _asm_register(lw: FunctionLowering, value: SSAValue) -> tuple[SSAValue, str]:
    """`value` as an inline-asm register operand and its constraint (16-bit values as `i16`)."""
    type = value.type
    if isinstance(type, Float32Type):
        return value, "f"
    if isinstance(type, llvm.LLVMPointerType):
        return value, "l"
    width = bit_width(type)
    if width == 64:
        return (value if isinstance(type, IntegerType) else lw.value(llvm.BitcastOp(value, i64))), "l"
    if width == 32:
        return (value if isinstance(type, IntegerType) else lw.value(llvm.BitcastOp(value, i32))), "r"
    if width == 16:
        return (value if isinstance(type, IntegerType) else lw.value(llvm.BitcastOp(value, IntegerType(16)))), "h"
    wide = lw.value(llvm.ZExtOp(value if isinstance(type, IntegerType) else lw.value(llvm.BitcastOp(value, IntegerType(width))), i32))
    return wide, "r"


def _from_asm_register(lw: FunctionLowering, value: SSAValue, type: Attribute) -> SSAValue:
    if value.type == type:
        return value
    width = bit_width(type)
    if width < 16:
        value = lw.value(llvm.TruncOp(value, IntegerType(width)))
        if value.type == type:
            return value
    return lw.value(llvm.BitcastOp(value, type))


@lowers("ttng.warp_group_dot")
def _warp_group_dot(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, WarpGroupDotOp)
    d_type = op.d.type
    encoding = d_type.encoding  # type: ignore[union-attr]
    if (
        lw.target.compute_capability < 90
        or not isinstance(encoding, NvidiaMmaEncodingAttr)
        or encoding.version_major.data != 3
        or lw.num_ctas != 1
    ):
        raise lw.cannot_lower(op)
    instr_shape = ints(encoding.instr_shape)
    n, k = instr_shape[1], instr_shape[2]
    instruction = _instruction(op, lw, n, k)
    if instruction is None:
        raise lw.error(op, "unsupported wgmma instruction for the given operand/result types")
    d_layout = lw.layout(d_type)
    depth = op.b.type.get_shape()[0]  # type: ignore[union-attr]
    a_in_registers = isinstance(op.a.type, TensorType)
    a_layout: LinearLayout | None = None
    per_reg = 1
    if a_in_registers:
        a_enc = op.a.type.encoding  # type: ignore[union-attr]
        per_reg = max(32 // bit_width(lw.llvm_type(op.a.type.get_element_type())), 1)  # type: ignore[union-attr]
        if not isinstance(a_enc, DotOperandEncodingAttr) or a_enc.k_width.data != per_reg:
            raise lw.cannot_lower(op)
        a_layout = lw.layout(op.a.type)
    steps = plan_wgmma(d_layout, n, k, depth, a_layout, per_reg)
    if steps is None:
        raise lw.cannot_lower(op)
    k_major_only = not instruction.transposes
    warp_bases = _warp_group_origin(d_layout)
    warp = uniform_warp_id(lw) if any(any(basis) for basis in warp_bases) else lw.i32(0)
    a_table: RegisterTable[SSAValue] | None = None
    a_desc: _Descriptors | None = None
    a_plan: SharedOperand | None = None
    if a_layout is not None:
        a_table = RegisterTable(a_layout, lw.regs(op.a))
    else:
        a_view = SharedView.of(lw, op.a)
        a_plan = _plan_of(lw, op, a_view, k_dim=1, k_major_only=k_major_only)
        a_desc = _Descriptors(lw, a_view, a_plan, 0, warp_bases, warp)
    b_view = SharedView.of(lw, op.b)
    b_plan = _plan_of(lw, op, b_view, k_dim=0, k_major_only=k_major_only)
    b_desc = _Descriptors(lw, b_view, b_plan, 1, warp_bases, warp)

    c_table = RegisterTable(d_layout, lw.regs(op.c))
    acc = {coords: c_table.get(coords) for coords in c_table.distinct()}
    use_c = lw.scalar(op.use_c) if op.use_c is not None else lw.const(1, i1)
    words: dict[tuple[Coords, ...], SSAValue] = {}

    def a_operand(asm: PtxInstruction, step: WgmmaStep) -> str:
        if a_table is not None:
            regs = []
            for word in step.a_words:
                if word not in words:
                    words[word] = pack_word(lw, [a_table.get(c) for c in word], 32)  # type: ignore[misc]
                regs.append(asm.input(words[word], "r"))
            return operand_list(regs)
        assert a_desc is not None
        descriptor = a_desc.at(step.a_origin)
        if descriptor is None:
            raise lw.cannot_lower(op)
        return asm.input(descriptor, "l")

    def mma(step: WgmmaStep, values: list[SSAValue] | None, scale: SSAValue) -> list[SSAValue]:
        """One instruction accumulating into `values`, or into nothing (scale-d 0, no inputs
        tied) when None; returns its accumulator elements in `step.acc` order."""
        if values is not None and instruction.acc_pairs:
            values = [pack_vector(lw, values[i : i + 2]) for i in range(0, len(values), 2)]
        asm = PtxInstruction()
        outs = [asm.output(instruction.acc_constraint) for _ in range(len(step.acc) // (2 if instruction.acc_pairs else 1))]
        for i, value in enumerate(values or []):
            asm.input(value, str(i))  # the accumulator, tied to the outputs
        a_op = a_operand(asm, step)
        b_descriptor = b_desc.at(step.b_origin)
        if b_descriptor is None:
            raise lw.cannot_lower(op)
        b_operand = asm.input(b_descriptor, "l")
        scale_d = asm.input(scale, "b") if values is not None else "0"  # false: D = A * B
        immediates = []
        if instruction.scales:
            immediates += ["1", "1"]
        if instruction.transposes:
            if a_plan is not None:
                immediates.append("1" if a_plan.mn_major else "0")
            immediates.append("1" if b_plan.mn_major else "0")
        asm.lines.append(
            f"{instruction.name} {operand_list(outs)}, {a_op}, {b_operand}, {scale_d}"
            + "".join(f", {imm}" for imm in immediates) + ";"
        )
        element = lw.llvm_type(d_type.get_element_type())  # type: ignore[union-attr]
        part_type = VectorType(element, [2]) if instruction.acc_pairs else element
        result = asm.launch(lw, llvm.LLVMStructType([part_type] * len(outs)))
        assert result is not None
        parts = [lw.value(llvm.ExtractValueOp(result, [i])) for i in range(len(outs))]
        if instruction.acc_pairs:
            parts = [elem for pair in parts for elem in unpack_vector(lw, pair)]
        return parts

    # Triton's convertDot: per accumulator tile, the K steps in order; after the first step the
    # tile's own result is always used (scale-d true). With a partial accumulator (fp8 into f32
    # under maxNumImpreciseAcc) the steps accumulate into a fresh one, added to the tile's
    # accumulator with fadd every maxNumImpreciseAcc K and after the last step.
    partial_acc = op.needs_partial_accumulator()
    limit = op.max_num_imprecise_acc.value.data if op.max_num_imprecise_acc is not None else 0
    last_step = {step.acc: i for i, step in enumerate(steps)}
    one = lw.const(1, i1)
    started: set[tuple[Coords, ...]] = set()
    partial: dict[tuple[Coords, ...], list[SSAValue] | None] = {}
    imprecise: dict[tuple[Coords, ...], int] = {}
    _fence(lw)
    for index, step in enumerate(steps):
        tile = step.acc
        scale = one if tile in started else use_c
        started.add(tile)
        if not partial_acc:
            for coords, value in zip(tile, mma(step, [acc[c] for c in tile], scale), strict=True):
                acc[coords] = value
            continue
        partial[tile] = mma(step, partial.get(tile), one)
        imprecise[tile] = imprecise.get(tile, 0) + k
        if imprecise[tile] >= limit or index == last_step[tile]:
            for coords, value in zip(tile, partial[tile], strict=True):  # type: ignore[arg-type]
                acc[coords] = lw.value(llvm.FAddOp(acc[coords], value))
            partial[tile], imprecise[tile] = None, 0
    lw.call_intrinsic("llvm.nvvm.wgmma.commit_group.sync.aligned", [], None)
    results = [acc[coords] for coords in c_table.coords]
    if not (op.is_async and op.is_async.value.data):
        results = _wait_group(lw, results, 0)
    lw.bind(op.results[0], results)


def _plan_of(lw: FunctionLowering, op: Operation, view: SharedView, k_dim: int, k_major_only: bool) -> SharedOperand:
    offsets = [constant_int(o) for o in view.offsets]
    if any(o is None for o in offsets):
        raise lw.cannot_lower(op)
    plan = shared_operand(view.type, offsets, k_dim, k_major_only)  # type: ignore[arg-type]
    if plan is None:
        raise lw.cannot_lower(op)
    return plan


@lowers("ttng.warp_group_dot_wait")
def _warp_group_dot_wait(lw: FunctionLowering, op: Operation) -> None:
    """The registers of tensor operands go through the wait; shared-memory views pass as they are."""
    pendings = op.properties["pendings"]
    assert isinstance(pendings, IntegerAttr)
    tensors = [v for v in op.operands if isinstance(v.type, TensorType)]
    flat = [reg for value in tensors for reg in lw.regs(value)]
    waited = iter(_wait_group(lw, flat, pendings.value.data))
    for operand, result in zip(op.operands, op.results, strict=True):
        regs = lw.regs(operand)
        lw.bind(result, [next(waited) for _ in regs] if operand in tensors else regs)


@lowers("ttng.fence_async_shared")
def _fence_async_shared(lw: FunctionLowering, op: Operation) -> None:
    cluster = op.properties["bCluster"]
    scope = "cluster" if getattr(cluster, "value", None) and cluster.value.data else "cta"  # type: ignore[attr-defined]
    asm = PtxInstruction()
    asm.lines.append(f"fence.proxy.async.shared::{scope};")
    asm.launch(lw, None)
