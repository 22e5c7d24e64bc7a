"""Moving a distributed tensor to and from a shared-memory buffer through linear layouts (Triton's
`SharedMemoryObject`, `lowerLdSt`/`lowerLocalLdSt` in lib/Conversion/TritonGPUToLLVM/Utility.cpp
and the NVIDIA `lowerLdStMatrix`).

**Descriptors.** A `!ttg.memdesc` value lowers to Triton's SharedMemoryObject: the buffer's base
pointer (`!llvm.ptr<3>`) followed by one `i32` logical offset per dimension (non-zero after a
`ttg.memdesc_subslice`). Its registers in `FunctionLowering` are `[base, offset0, offset1, ...]`.

**Addresses.** The shared layout (`ttc.layouts.shared`) of the buffer's allocation shape maps a
buffer offset to coordinates; its inverse composed with the tensor's register layout gives, for
each register, lane and warp bit, the buffer offset it moves. Subslice offsets are bitwise disjoint
from the coordinates of the view (MemDescSubsliceOp's verifier), so they XOR in as well. An access
is `base + (thread part ^ register part ^ subslice part)` in bytes, where the register part is a
constant; its bits that the thread and subslice parts never touch are added instead of XORed, so
they become immediate offsets of the shared access (Triton's `actionAdditiveStrides`).

**Vectors.** Registers whose offsets are `1, 2, 4, ...` (in any register order) form one access
of up to 128 bits, provided every other bit moves whole vectors (Triton's `largestVectorisation`).

**ldmatrix.** `ldmatrix.x4` loads four 8x8 matrices of 16-bit elements (or 8x4 of 32-bit ones):
each lane names the address of one 16-byte matrix row, and lane `4 * r + c` receives 32-bit word
`c` of row `r`. It applies when the first word's elements and lanes 0 and 1 walk the contiguous
16 bytes of a row and lanes 2-4 select rows; `.trans` (16-bit only) when lanes 2-4 walk the row
and a register bit with lanes 0 and 1 select rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, VectorType, i8, i32
from xdsl.ir import Attribute, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import apply_layout, thread_coordinates
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, pack_vector
from ttc.conversion.tritongpu_to_llvm.shared_memory import gep
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.upstream import llvm, nvvm
from ttc.layouts.linear import LinearLayout
from ttc.layouts.utils import standard_out_dim_names

MAX_ACCESS_BITS = 128
REGISTER, LANE, WARP, OFFSET = "register", "lane", "warp", "offset"


@dataclass
class SharedView:
    """A `!ttg.memdesc` in registers: base pointer and logical offsets (Triton's
    SharedMemoryObject)."""

    type: MemDescType
    base: SSAValue
    offsets: list[SSAValue]

    @staticmethod
    def of(lw: FunctionLowering, value: SSAValue) -> SharedView:
        assert isinstance(value.type, MemDescType)
        base, *offsets = lw.regs(value)
        return SharedView(value.type, base, offsets)

    def bind(self, lw: FunctionLowering, result: SSAValue) -> None:
        lw.bind(result, [self.base, *self.offsets])


def buffer_layout(type: MemDescType) -> LinearLayout:
    """The shared layout of the allocation a memdesc views, (offset, block) → coordinates."""
    rank = len(type.get_shape())
    return to_linear_layout(type.encoding, type.get_alloc_shape()[-rank:])


def coordinates_to_offset(type: MemDescType) -> LinearLayout:
    """Coordinates of the allocation → its buffer offset (the shared layout's inverse)."""
    rank = len(type.get_shape())
    return buffer_layout(type).pseudo_invert().sublayout(standard_out_dim_names(rank), [OFFSET])


def _offset_of(inverse: LinearLayout, coords: Sequence[int]) -> int:
    return inverse.apply(dict(zip(inverse.in_dims, coords, strict=True)))[OFFSET]


def subslice_mask(type: MemDescType) -> int:
    """The offset bits a subslice's logical offsets can touch (Triton's `getMaskSpanOffsets`)."""
    inverse = coordinates_to_offset(type)
    shape, alloc = type.get_shape(), type.get_alloc_shape()[-len(type.get_shape()) :]
    mask = 0
    for dim, (size, full) in enumerate(zip(shape, alloc, strict=True)):
        for bit in range(size.bit_length() - 1, full.bit_length() - 1):
            coords = [0] * len(shape)
            coords[dim] = 1 << bit
            mask |= _offset_of(inverse, coords)
    return mask


def constant_int(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, llvm.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


@dataclass(frozen=True)
class RegisterOffsets:
    """The buffer offset (in elements) of each register, lane and warp bit of a tensor layout
    whose broadcast registers are removed; `registers[i]` is the original register of compressed
    register i."""

    reg: tuple[int, ...]
    lane: tuple[int, ...]
    warp: tuple[int, ...]
    registers: tuple[int, ...]

    @staticmethod
    def of(layout: LinearLayout, inverse: LinearLayout) -> RegisterOffsets:
        bases = layout.bases
        kept = [i for i, b in enumerate(bases[REGISTER]) if any(b)]

        def images(vectors: Sequence[Sequence[int]]) -> tuple[int, ...]:
            return tuple(_offset_of(inverse, v) for v in vectors)

        registers = []
        for compressed in range(1 << len(kept)):
            registers.append(sum(1 << kept[k] for k in range(len(kept)) if compressed >> k & 1))
        return RegisterOffsets(
            images([bases[REGISTER][i] for i in kept]),
            images(bases.get(LANE, [])),
            images(bases.get(WARP, [])),
            tuple(registers),
        )

    def expand(self, layout: LinearLayout) -> list[int]:
        """For each original register, the compressed register holding the same element."""
        zero = [i for i, b in enumerate(layout.bases[REGISTER]) if not any(b)]
        result = []
        for reg in range(layout.in_dim_size(REGISTER)):
            kept_bits = [b for b in range(layout.in_dim_size_log2(REGISTER)) if b not in zero]
            result.append(sum(1 << k for k, b in enumerate(kept_bits) if reg >> b & 1))
        return result


@dataclass(frozen=True)
class AccessPlan:
    """How the registers split into accesses: `inner` register bits (in element order) are one
    access, `outer` bits enumerate the accesses; `thread_bits` are the offset bits the thread and
    subslice parts may touch."""

    inner: tuple[int, ...]
    outer: tuple[int, ...]
    thread_bits: int


def plan_vectors(
    offsets: RegisterOffsets, span: int, max_elems: int, allow_permutation: bool
) -> AccessPlan:
    """The widest vector of at most `max_elems` elements (Triton's `largestVectorisation`)."""
    thread_bits = span
    for image in (*offsets.lane, *offsets.warp):
        thread_bits |= image
    n = len(offsets.reg)
    vec = 1 << (max(max_elems, 1).bit_length() - 1)
    while vec > 1:
        width = vec.bit_length() - 1
        inner: list[int] = []
        for k in range(width):
            candidates = [i for i in range(n) if offsets.reg[i] == 1 << k]
            if not allow_permutation:
                candidates = [i for i in candidates if i == k]
            if not candidates:
                break
            inner.append(candidates[0])
        if len(inner) == width:
            others = [offsets.reg[i] for i in range(n) if i not in inner]
            if all(o & (vec - 1) == 0 for o in (*others, thread_bits)):
                outer = tuple(i for i in range(n) if i not in inner)
                return AccessPlan(tuple(inner), outer, thread_bits)
        vec //= 2
    return AccessPlan((), tuple(range(n)), thread_bits)


def compose_register(bits: Sequence[int], values: Sequence[int]) -> int:
    """The register index with bit `bits[i]` set where `values[i]` is 1."""
    return sum(1 << b for b, v in zip(bits, values, strict=True) if v)


def _bits_of(value: int, count: int) -> list[int]:
    return [value >> i & 1 for i in range(count)]


class AddressEmitter:
    """Per-thread byte offsets of a transfer: `base + (thread ^ xor_part) + add_part`.

    The thread part is the XOR of the lane and warp images (`lanes`, `warps`, in elements) and of
    `runtime` (a byte offset computed at run time); `affine` bytes are XORed into every register
    part; `thread_bits` (in elements) are the bits the thread and runtime parts may touch.
    """

    def __init__(
        self,
        lw: FunctionLowering,
        base: SSAValue,
        element_bytes: int,
        lanes: Sequence[int],
        warps: Sequence[int],
        thread_bits: int,
        affine: int = 0,
        runtime: SSAValue | None = None,
    ) -> None:
        self.lw, self.base, self.bytes, self.affine = lw, base, element_bytes, affine
        size = 1 << max([0, *(o.bit_length() for o in (*lanes, *warps, thread_bits))])
        scaled = [[o * element_bytes] for o in lanes], [[o * element_bytes] for o in warps]
        thread = LinearLayout([(LANE, scaled[0]), (WARP, scaled[1])], [(OFFSET, size * element_bytes)])
        coords = thread_coordinates(lw) if any(lanes) or any(warps) else {}
        offset = apply_layout(lw, thread, coords)[0] if coords else None
        if runtime is not None:
            offset = runtime if offset is None else lw.value(llvm.XOrOp(offset, runtime))
        self.thread = offset
        self.thread_mask = thread_bits * element_bytes
        self._xored: dict[int, SSAValue] = {}

    @staticmethod
    def for_view(
        lw: FunctionLowering,
        view: SharedView,
        element_bytes: int,
        lanes: Sequence[int],
        warps: Sequence[int],
        thread_bits: int,
    ) -> AddressEmitter:
        """Addresses in a memdesc view: its logical offsets are constant (affine) or computed."""
        inverse = coordinates_to_offset(view.type)
        constant_offsets = [constant_int(v) for v in view.offsets]
        if all(c is not None for c in constant_offsets):
            affine = _offset_of(inverse, constant_offsets) * element_bytes  # type: ignore[arg-type]
            return AddressEmitter(lw, view.base, element_bytes, lanes, warps, thread_bits, affine)
        runtime = apply_layout(lw, inverse, dict(zip(inverse.in_dims, view.offsets, strict=True)))[0]
        runtime = lw.binary(llvm.MulOp, runtime, element_bytes) if element_bytes > 1 else runtime
        return AddressEmitter(lw, view.base, element_bytes, lanes, warps, thread_bits, 0, runtime)

    def address(self, register_offset: int) -> SSAValue:
        """The address of the access whose register part is `register_offset` elements."""
        lw = self.lw
        constant = register_offset * self.bytes ^ self.affine
        xor_part, add_part = constant & self.thread_mask, constant & ~self.thread_mask
        if self.thread is None:
            offset: SSAValue | None = None
            add_part = constant
        else:
            if xor_part not in self._xored:
                self._xored[xor_part] = (
                    lw.binary(llvm.XOrOp, self.thread, xor_part) if xor_part else self.thread
                )
            offset = self._xored[xor_part]
        if add_part:
            offset = lw.i32(add_part) if offset is None else lw.binary(llvm.AddOp, offset, add_part)
        if offset is None:
            return self.base
        return gep(lw, self.base, i8, offset)


AccessFn = Callable[[SSAValue, list[int]], None]
"""Emit one access at an address for the listed compressed registers (in element order)."""


def outer_registers(offsets: RegisterOffsets, outer: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each setting of the `outer` register bits: the element offset it adds (the XOR of those
    bits' offsets) and the register it composes."""
    for index in range(1 << len(outer)):
        bits = _bits_of(index, len(outer))
        register_offset = 0
        for bit, value in zip(outer, bits, strict=True):
            if value:
                register_offset ^= offsets.reg[bit]
        yield register_offset, compose_register(outer, bits)


def accesses(offsets: RegisterOffsets, plan: AccessPlan) -> Iterator[tuple[int, list[int]]]:
    """Each access of `plan`: its register part (elements) and its compressed registers, in
    element order."""
    for register_offset, base_reg in outer_registers(offsets, plan.outer):
        regs = [
            base_reg | compose_register(plan.inner, _bits_of(e, len(plan.inner)))
            for e in range(1 << len(plan.inner))
        ]
        yield register_offset, regs


def transfer(
    lw: FunctionLowering,
    offsets: RegisterOffsets,
    view: SharedView,
    element_bits: int,
    access: AccessFn,
    max_elems: int | None = None,
) -> None:
    """Walk the accesses moving the (compressed) registers of `offsets` to or from `view`, widest
    vectors first. With `max_elems`, vectors are at most that wide and take registers in order
    (no permutation), as cp.async needs."""
    limit = MAX_ACCESS_BITS // element_bits
    plan = plan_vectors(
        offsets,
        subslice_mask(view.type),
        limit if max_elems is None else min(limit, max_elems),
        allow_permutation=max_elems is None,
    )
    emitter = AddressEmitter.for_view(
        lw, view, max(element_bits // 8, 1), offsets.lane, offsets.warp, plan.thread_bits
    )
    for register_offset, regs in accesses(offsets, plan):
        access(emitter.address(register_offset), regs)


# -- ldmatrix ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatrixPlan:
    """An ldmatrix lowering: `word` register bits (the elements of one 32-bit word), `row_regs`
    (register bits choosing a matrix row, `.trans` only), `matrices` register bits choosing the
    matrices of one instruction, `outer` the remaining register bits."""

    transpose: bool
    word: tuple[int, ...]
    row_regs: tuple[int, ...]
    matrices: tuple[int, ...]
    outer: tuple[int, ...]
    thread_bits: int


def plan_ldmatrix(offsets: RegisterOffsets, span: int, element_bits: int, transpose: bool) -> MatrixPlan | None:
    """Whether (and how) the load is a sequence of `ldmatrix` (Triton's `lowerLdStMatrix`)."""
    if len(offsets.lane) != 5:
        return None
    if transpose and element_bits != 16 or not transpose and element_bits not in (8, 16, 32):
        return None
    n = len(offsets.reg)
    if transpose:
        if offsets.lane[2:] != (1, 2, 4) or n < 1:
            return None
        word: list[int] = []
        row_regs = [0]
        row_bits = 8
        address_images = [offsets.reg[0], *offsets.lane[:2]]
    else:
        width = (32 // element_bits).bit_length() - 1
        word = []
        for k in range(width):
            found = [i for i in range(n) if offsets.reg[i] == 1 << k and i not in word]
            if not found:
                return None
            word.append(found[0])
        if offsets.lane[:2] != (1 << width, 2 << width):
            return None
        row_regs = []
        row_bits = 4 << width
        address_images = list(offsets.lane[2:])
    used = set(word) | set(row_regs)
    rest = [i for i in range(n) if i not in used]
    # Every other bit must move whole 16-byte rows.
    if any(offsets.reg[i] % row_bits for i in rest) or any(o % row_bits for o in address_images):
        return None
    if any(o % row_bits for o in offsets.warp) or span % row_bits:
        return None
    regs_per_matrix = 1 << (len(word) + len(row_regs))
    count = min(MAX_ACCESS_BITS // element_bits, 1 << n) // regs_per_matrix
    if count < 1:
        return None
    matrix_bits = count.bit_length() - 1
    thread_bits = span
    for image in (*address_images, *offsets.warp):
        thread_bits |= image
    for i in rest[:matrix_bits]:
        thread_bits |= offsets.reg[i]
    return MatrixPlan(
        transpose, tuple(word), tuple(row_regs), tuple(rest[:matrix_bits]), tuple(rest[matrix_bits:]), thread_bits
    )


MatrixEmitterFn = Callable[[list[int], int], AddressEmitter]
"""The address emitter of a matrix access, given each lane bit's offset and the thread bits."""


def _matrix_walk(
    offsets: RegisterOffsets, plan: MatrixPlan, make_emitter: MatrixEmitterFn
) -> tuple[AddressEmitter, Iterator[tuple[int, int]]]:
    """The emitter of the lanes' row addresses and each instruction's (register part, first
    register)."""
    row_lanes = offsets.lane[:2] if plan.transpose else offsets.lane[2:]
    rows = [offsets.reg[i] for i in plan.row_regs] + list(row_lanes)
    lanes = rows + [offsets.reg[i] for i in plan.matrices]
    lanes += [0] * (len(offsets.lane) - len(lanes))
    emitter = make_emitter(lanes, plan.thread_bits)

    return emitter, outer_registers(offsets, plan.outer)


def _matrix_registers(plan: MatrixPlan, base: int, matrix: int) -> list[int]:
    """The compressed registers of word `matrix` of an instruction, in element order."""
    word_regs = plan.row_regs if plan.transpose else plan.word
    matrix_reg = compose_register(plan.matrices, _bits_of(matrix, len(plan.matrices)))
    return [
        base | matrix_reg | compose_register(word_regs, _bits_of(e, len(word_regs)))
        for e in range(1 << len(word_regs))
    ]


def _matrix_properties(count: int, transpose: bool) -> dict[str, Attribute]:
    return {
        "num": IntegerAttr(count, i32),
        "layout": nvvm.MMALayoutAttr.get("col" if transpose else "row"),
        "eltType": nvvm.LdStMatrixEltTypeAttr.get("b16"),
        "shape": nvvm.LdStMatrixShapeAttr(IntegerAttr(8, i32), IntegerAttr(8, i32)),
    }


def load_matrices(
    lw: FunctionLowering,
    offsets: RegisterOffsets,
    plan: MatrixPlan,
    make_emitter: MatrixEmitterFn,
    element: Attribute,
) -> dict[int, SSAValue]:
    """`ldmatrix` following `plan`: each compressed register's loaded value."""
    emitter, walk = _matrix_walk(offsets, plan, make_emitter)
    count = 1 << len(plan.matrices)
    per_word = 1 << len(plan.row_regs if plan.transpose else plan.word)
    result_type: Attribute = i32 if count == 1 else llvm.LLVMStructType([i32] * count)
    word_type = VectorType(element, [per_word])
    loaded: dict[int, SSAValue] = {}
    for register_offset, base in walk:
        result = lw.value(
            nvvm.LdMatrixOp.create(
                operands=[emitter.address(register_offset)],
                result_types=[result_type],
                properties=_matrix_properties(count, plan.transpose),
            )
        )
        for j in range(count):
            word = result if count == 1 else lw.value(llvm.ExtractValueOp(result, [j]))
            vector = lw.value(llvm.BitcastOp(word, word_type))
            for e, reg in enumerate(_matrix_registers(plan, base, j)):
                loaded[reg] = lw.value(
                    llvm.ExtractElementOp.create(
                        operands=[vector, lw.i32(e)], result_types=[element]
                    )
                )
    return loaded


def store_matrices(
    lw: FunctionLowering,
    offsets: RegisterOffsets,
    plan: MatrixPlan,
    make_emitter: MatrixEmitterFn,
    values: Sequence[SSAValue],
) -> None:
    """`stmatrix` following `plan` of the compressed registers' `values`."""
    emitter, walk = _matrix_walk(offsets, plan, make_emitter)
    count = 1 << len(plan.matrices)
    for register_offset, base in walk:
        words = []
        for j in range(count):
            elements = [values[reg] for reg in _matrix_registers(plan, base, j)]
            word = elements[0] if len(elements) == 1 else pack_vector(lw, elements)
            words.append(lw.value(llvm.BitcastOp(word, i32)))
        lw.emit(
            nvvm.StMatrixOp.create(
                operands=[emitter.address(register_offset), *words],
                properties=_matrix_properties(count, plan.transpose),
            )
        )
