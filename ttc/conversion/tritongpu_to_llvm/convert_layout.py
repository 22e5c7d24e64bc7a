"""`ttg.convert_layout` → LLVM: Triton's ConvertLayoutOpToLLVM (lib/Conversion/TritonGPUToLLVM and
third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/ConvertLayoutOpToLLVM.cpp).

The conversion map dst → src of the two linear layouts (`conversion_kind`) decides the route:

* **registers** (`transferWithinThread`): each destination register is a source register of the
  same thread; the values are renamed, nothing is emitted.
* **warp shuffles** (`transferWithinWarp`): data moves between the lanes of each warp and the
  permutation of register and lane bits takes at most one register-lane transposition
  (`ttc.layouts.warp_shuffle`). Registers are renamed, narrow values packed into 32-bit words,
  and each transposition is a select, a shuffle and a select: one `shfl.sync.bfly` per pair of
  words ("ship") when the lanes are otherwise in place, else selects around one
  `shfl.sync.bfly`/`.idx` per word ("swap").
* **shared memory** (`transferWithinBlockSwizzling`): the buffer is swizzled from the two layouts
  (`ttc.layouts.swizzling`) so that neither the stores nor the loads conflict on banks, with the
  widest vectors both allow, `stmatrix`/`ldmatrix` where the target and layouts permit. Registers
  common to both layouts that the buffer does not need split the conversion into rounds; the
  scratch buffer (`allocate-shared-memory-nv`) holds one round. Each round stores, synchronises
  and loads; rounds are separated by a synchronisation too. A conversion whose warps keep their
  data synchronises the warp (`bar.warp.sync`), any other the CTA (`bar.sync`).

Values travel through shared memory as integers: floats are bit-cast, pointers converted to i64,
sub-byte values widened to i8 (Triton's recursion in `transferWithinBlockSwizzling`). Broadcast
registers are dropped before and restored after (`unpackUniqueTensorElements`). A conversion that
moves data between CTAs is not supported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from xdsl.dialects.builtin import IntegerAttr, IntegerType, TensorType, VectorType, i8, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.analysis.lowering_helpers import (
    REGISTER,
    ConversionKind,
    conversion_is_warp_synchronous,
    conversion_kind,
    minimal_conversion,
    shared_conversion,
)
from ttc.conversion.tritongpu_to_llvm.indices import thread_coordinates
from ttc.conversion.tritongpu_to_llvm.lowering import (
    FLOAT_TYPES,
    FunctionLowering,
    bit_width,
    pack_vector,
)
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    FULL_MASK,
    barrier,
    shared_base,
    shuffle_idx,
    shuffle_xor,
)
from ttc.conversion.tritongpu_to_llvm.shared_transfer import (
    MAX_ACCESS_BITS,
    AddressEmitter,
    RegisterOffsets,
    accesses,
    load_matrices,
    plan_ldmatrix,
    plan_vectors,
    store_matrices,
)
from ttc.dialects.upstream import llvm, nvvm
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.swizzling import Instruction, SharedConversion, SideAccess, without_broadcast_registers
from ttc.layouts.warp_shuffle import WarpShuffle, decompose, permute_index

MAX_VECTOR_ELEMENTS = 4
"""ld/st.shared move at most four elements; narrower elements beyond that travel as i32 words."""


def _register_mask(layout: LinearLayout) -> list[int]:
    """The register bits of `layout` with a non-zero basis."""
    return [i for i, b in enumerate(layout.bases.get(REGISTER, [])) if any(b)]


def _unique_registers(layout: LinearLayout) -> list[int]:
    """The registers holding distinct elements, in the order of the broadcast-free layout."""
    kept = _register_mask(layout)
    return [sum(1 << kept[k] for k in range(len(kept)) if c >> k & 1) for c in range(1 << len(kept))]


def _broadcast(layout: LinearLayout, values: Sequence[SSAValue]) -> list[SSAValue]:
    """Every register of `layout` from the values of its broadcast-free registers."""
    kept = _register_mask(layout)
    result = []
    for reg in range(layout.in_dim_size(REGISTER)):
        result.append(values[sum(1 << k for k, bit in enumerate(kept) if reg >> bit & 1)])
    return result


def _rename_registers(lw: FunctionLowering, op: Operation, src: LinearLayout, dst: LinearLayout) -> None:
    """Each destination register is the source register holding the same element."""
    conversion = minimal_conversion(src, dst)
    regs = lw.regs(op.operands[0])
    picked = []
    for reg in range(dst.in_dim_size(REGISTER)):
        ins = {d: reg if d == REGISTER else 0 for d in conversion.in_dims}
        picked.append(regs[conversion.apply(ins).get(REGISTER, 0)])
    lw.bind(op.results[0], picked)


# -- Integers in transit ---------------------------------------------------------------------------


def _integer_type(element: Attribute) -> IntegerType:
    """How an element travels: its bits as an integer, pointers as i64, sub-byte values as i8."""
    if isinstance(element, llvm.LLVMPointerType):
        return i64
    return IntegerType(max(bit_width(element), 8))


def _to_integer(lw: FunctionLowering, value: SSAValue, type: IntegerType) -> SSAValue:
    if isinstance(value.type, llvm.LLVMPointerType):
        return lw.value(llvm.PtrToIntOp(value, type))
    if isinstance(value.type, FLOAT_TYPES):
        return lw.value(llvm.BitcastOp(value, type))
    if value.type != type:
        return lw.value(llvm.ZExtOp(value, type))
    return value


def _from_integer(lw: FunctionLowering, value: SSAValue, element: Attribute) -> SSAValue:
    if isinstance(element, llvm.LLVMPointerType):
        return lw.value(llvm.IntToPtrOp(value, element))
    if isinstance(element, FLOAT_TYPES):
        return lw.value(llvm.BitcastOp(value, element))
    if value.type != element:
        return lw.value(llvm.TruncOp(value, element))
    return value


# -- Through shared memory ---------------------------------------------------------------------


def _alignment(bits: int) -> dict[str, Attribute]:
    return {"alignment": IntegerAttr(bits // 8, i64)}


def _store_vector(lw: FunctionLowering, address: SSAValue, values: list[SSAValue]) -> None:
    """One `st.shared` of `values` (Triton's `storeDShared`): a vector of integers, narrower
    elements beyond four packed into i32 words."""
    width = bit_width(values[0].type)
    if len(values) > MAX_VECTOR_ELEMENTS and width < 32:
        per_word = 32 // width
        values = [
            lw.value(llvm.BitcastOp(pack_vector(lw, values[i : i + per_word]), i32))
            for i in range(0, len(values), per_word)
        ]
        width = 32
    lw.emit(
        llvm.StoreOp.create(
            operands=[pack_vector(lw, values), address], properties=_alignment(width * len(values))
        )
    )


def _load_vector(lw: FunctionLowering, address: SSAValue, type: IntegerType, count: int) -> list[SSAValue]:
    """One `ld.shared` of `count` elements (Triton's `loadDShared`)."""
    width = type.width.data
    if count > MAX_VECTOR_ELEMENTS and width < 32:
        per_word = 32 // width
        words = _load_vector(lw, address, i32, count // per_word)
        values = []
        for word in words:
            vector = lw.value(llvm.BitcastOp(word, VectorType(type, [per_word])))
            values += _extract(lw, vector, type, per_word)
        return values
    result = VectorType(type, [count]) if count > 1 else type
    loaded = lw.value(
        llvm.LoadOp.create(operands=[address], result_types=[result], properties=_alignment(width * count))
    )
    return _extract(lw, loaded, type, count) if count > 1 else [loaded]


def _extract(lw: FunctionLowering, vector: SSAValue, type: Attribute, count: int) -> list[SSAValue]:
    return [
        lw.value(llvm.ExtractElementOp.create(operands=[vector, lw.i32(i)], result_types=[type]))
        for i in range(count)
    ]


def _offsets(side: SideAccess, round_registers: tuple[int, ...]) -> RegisterOffsets:
    return RegisterOffsets(side.reg, side.lane, side.warp, round_registers)


def _store_round(
    lw: FunctionLowering,
    base: SSAValue,
    plan: SharedConversion,
    registers: tuple[int, ...],
    values: list[SSAValue],
    bits: int,
) -> None:
    offsets = _offsets(plan.store, registers)
    local = [values[r] for r in registers]
    if plan.swizzle.store is not Instruction.SHARED:
        matrix = plan_ldmatrix(offsets, 0, bits, plan.swizzle.store is Instruction.MATRIX_TRANS)
        if matrix is not None:

            def emitter(lanes: list[int], thread_bits: int) -> AddressEmitter:
                return AddressEmitter(lw, base, bits // 8, lanes, offsets.warp, thread_bits)

            store_matrices(lw, offsets, matrix, emitter, local)
            return
    vectors = plan_vectors(offsets, 0, MAX_ACCESS_BITS // bits, allow_permutation=True)
    emitter = AddressEmitter(lw, base, bits // 8, offsets.lane, offsets.warp, vectors.thread_bits)
    for register_offset, regs in accesses(offsets, vectors):
        _store_vector(lw, emitter.address(register_offset), [local[r] for r in regs])


def _load_round(
    lw: FunctionLowering,
    base: SSAValue,
    plan: SharedConversion,
    registers: tuple[int, ...],
    type: IntegerType,
) -> list[SSAValue]:
    bits = type.width.data
    offsets = _offsets(plan.load, registers)
    loaded: dict[int, SSAValue] = {}
    matrix = None
    if plan.swizzle.load is not Instruction.SHARED:
        matrix = plan_ldmatrix(offsets, 0, bits, plan.swizzle.load is Instruction.MATRIX_TRANS)
    if matrix is not None:

        def emitter(lanes: list[int], thread_bits: int) -> AddressEmitter:
            return AddressEmitter(lw, base, bits // 8, lanes, offsets.warp, thread_bits)

        loaded = load_matrices(lw, offsets, matrix, emitter, type)
    else:
        vectors = plan_vectors(offsets, 0, MAX_ACCESS_BITS // bits, allow_permutation=True)
        emitter = AddressEmitter(lw, base, bits // 8, offsets.lane, offsets.warp, vectors.thread_bits)
        for register_offset, regs in accesses(offsets, vectors):
            loaded.update(zip(regs, _load_vector(lw, emitter.address(register_offset), type, len(regs)), strict=True))
    return [loaded[i] for i in range(len(registers))]


def _synchronise(lw: FunctionLowering, warp: bool) -> None:
    if warp:
        lw.emit(nvvm.BarWarpSyncOp.create(operands=[lw.i32(FULL_MASK)]))
    else:
        barrier(lw)


def _through_shared_memory(
    lw: FunctionLowering, op: Operation, src: LinearLayout, dst: LinearLayout, values: list[SSAValue]
) -> list[SSAValue]:
    source = op.operands[0].type
    assert isinstance(source, TensorType)
    element = lw.llvm_type(source)
    type = _integer_type(element)
    try:
        plan = shared_conversion(src, dst, source.element_type, lw.target.compute_capability)
    except LayoutError:
        raise lw.cannot_lower(op) from None
    integers = [_to_integer(lw, v, type) for v in values]
    base = shared_base(lw, op)
    warp = conversion_is_warp_synchronous(src, dst)
    by_register: dict[int, SSAValue] = {}
    for index, (stored, read) in enumerate(zip(plan.store.rounds, plan.load.rounds, strict=True)):
        if index:
            _synchronise(lw, warp)
        _store_round(lw, base, plan, stored, integers, type.width.data)
        _synchronise(lw, warp)
        by_register.update(zip(read, _load_round(lw, base, plan, read, type), strict=True))
    return [_from_integer(lw, by_register[r], element) for r in range(len(by_register))]


# -- Warp shuffles -------------------------------------------------------------------------------


class _WordPacking(NamedTuple):
    """`count` values of `width` bits per i32 word, each in a lane of `lane_bits` bits (Triton's
    packing in `transferWithinWarp`, `2**pack` values a word)."""

    count: int
    width: int
    lane_bits: int

    @staticmethod
    def of(element: Attribute, pack: int) -> _WordPacking:
        count = 1 << pack
        return _WordPacking(count, bit_width(element), 32 // count)


def _pack_words(lw: FunctionLowering, values: list[SSAValue], element: Attribute, pack: int) -> list[SSAValue]:
    """`2**pack` consecutive values per i32 word; `pack` is at least 1."""
    count, width, lane_bits = _WordPacking.of(element, pack)
    words = []
    for i in range(0, len(values), count):
        group = values[i : i + count]
        if width == 8 and lane_bits == 16:
            word: SSAValue | None = None
            for k, value in enumerate(group):
                part = lw.value(llvm.ZExtOp(_to_integer(lw, value, i8), i32))
                if k:
                    part = lw.binary(llvm.ShlOp, part, 16 * k)
                word = part if word is None else lw.value(llvm.OrOp(word, part))
            assert word is not None
            words.append(word)
            continue
        if width < lane_bits:
            group = [_to_integer(lw, _to_integer(lw, v, IntegerType(width)), IntegerType(lane_bits)) for v in group]
        words.append(lw.value(llvm.BitcastOp(pack_vector(lw, group), i32)))
    return words


def _unpack_words(lw: FunctionLowering, words: list[SSAValue], element: Attribute, pack: int) -> list[SSAValue]:
    """The values `_pack_words` packed into `words`."""
    count, width, lane_bits = _WordPacking.of(element, pack)
    lane_type: Attribute = IntegerType(lane_bits) if width < lane_bits else element
    values = []
    for word in words:
        vector = lw.value(llvm.BitcastOp(word, VectorType(lane_type, [count])))
        for value in _extract(lw, vector, lane_type, count):
            if width < lane_bits:
                value = _from_integer(lw, lw.value(llvm.TruncOp(value, IntegerType(width))), element)
            values.append(value)
    return values


def _lane_bit_clear(lw: FunctionLowering, lane: SSAValue, bit: int) -> SSAValue:
    """Whether bit `bit` of the lane id is 0."""
    return lw.icmp("eq", lw.binary(llvm.AndOp, lane, 1 << bit), 0)


def _register_pairs(bit: int, count: int) -> list[tuple[int, int]]:
    """The pairs of the `count` registers that differ only in `bit`, the one with it clear first."""
    step = 1 << bit
    return [(r, r | step) for r in range(count) if not r & step]


def _swap(
    lw: FunctionLowering, words: list[SSAValue], shuffle: WarpShuffle, lane: SSAValue
) -> list[SSAValue]:
    """Every transposition at once: selects, one shuffle per word, selects (Triton's `Swap`)."""
    inverse = shuffle.lane_inverse()

    def select_stage(values: list[SSAValue], before_shuffle: bool) -> list[SSAValue]:
        for r_bit, l_bit in shuffle.transpositions:
            lane_bit = inverse[l_bit] if before_shuffle else l_bit
            off = _lane_bit_clear(lw, lane, lane_bit)
            new = list(values)
            for r0, r1 in _register_pairs(r_bit, len(values)):
                new[r0] = lw.value(llvm.SelectOp(off, values[r0], values[r1]))
                new[r1] = lw.value(llvm.SelectOp(off, values[r1], values[r0]))
            values = new
        return values

    words = select_stage(words, True)
    source: SSAValue | None = None
    if not shuffle.lane_is_identity:
        source = _permute_lane(lw, lane, inverse)
    shuffled = []
    for r, word in enumerate(words):
        mask = 0
        for r_bit, l_bit in shuffle.transpositions:
            if r >> r_bit & 1:
                mask |= 1 << inverse[l_bit]
        if source is None:
            shuffled.append(shuffle_xor(lw, word, mask) if mask else word)
        else:
            target = lw.binary(llvm.XOrOp, source, mask) if mask else source
            shuffled.append(shuffle_idx(lw, word, target))
    return select_stage(shuffled, False)


def _permute_lane(lw: FunctionLowering, lane: SSAValue, inverse: tuple[int, ...]) -> SSAValue:
    """The lane whose bit `inverse[k]` is bit k of `lane` (P_lane⁻¹ applied to the lane id: where
    a lane's data came from before the lane permutation)."""
    result: SSAValue | None = None
    for k, target in enumerate(inverse):
        bit = lw.binary(llvm.AndOp, lane, 1 << k)
        if target > k:
            bit = lw.binary(llvm.ShlOp, bit, target - k)
        elif target < k:
            bit = lw.binary(llvm.LShrOp, bit, k - target)
        result = bit if result is None else lw.value(llvm.OrOp(result, bit))
    assert result is not None
    return result


def _ship(
    lw: FunctionLowering, words: list[SSAValue], shuffle: WarpShuffle, lane: SSAValue
) -> list[SSAValue]:
    """One transposition with the lanes in place: each lane ships one word of each pair to its
    partner (Triton's `Ship`)."""
    ((r_bit, l_bit),) = shuffle.transpositions
    off = _lane_bit_clear(lw, lane, l_bit)
    out = list(words)
    for r0, r1 in _register_pairs(r_bit, len(words)):
        ship = lw.value(llvm.SelectOp(off, words[r1], words[r0]))
        shipped = shuffle_xor(lw, ship, 1 << l_bit)
        out[r0] = lw.value(llvm.SelectOp(off, words[r0], shipped))
        out[r1] = lw.value(llvm.SelectOp(off, shipped, words[r1]))
    return out


def _within_warp(
    lw: FunctionLowering, op: Operation, src: LinearLayout, dst: LinearLayout, values: list[SSAValue]
) -> list[SSAValue]:
    source = op.operands[0].type
    assert isinstance(source, TensorType)
    element = lw.llvm_type(source)
    try:
        shuffle = decompose(src, dst, 64 if isinstance(element, llvm.LLVMPointerType) else bit_width(element))
    except LayoutError:
        raise lw.cannot_lower(op) from None
    count = 1 << shuffle.register_bits
    values = [values[i % len(values)] for i in range(count)]
    renamed: list[SSAValue | None] = [None] * count
    for reg, value in enumerate(values):
        renamed[permute_index(reg, shuffle.pre)] = value
    ordered = [v for v in renamed if v is not None]
    words = _pack_words(lw, ordered, element, shuffle.pack) if shuffle.pack else ordered
    lane = thread_coordinates(lw)["lane"]
    if len(shuffle.transpositions) == 1 and shuffle.lane_is_identity:
        words = _ship(lw, words, shuffle, lane)
    else:
        words = _swap(lw, words, shuffle, lane)
    unpacked = _unpack_words(lw, words, element, shuffle.pack) if shuffle.pack else words
    out: list[SSAValue | None] = [None] * count
    for reg, value in enumerate(unpacked):
        out[permute_index(reg, shuffle.post)] = value
    return [v for v in out if v is not None][: dst.in_dim_size(REGISTER)]


@lowers("ttg.convert_layout")
def _convert_layout(lw: FunctionLowering, op: Operation) -> None:
    source, target = op.operands[0].type, op.results[0].type
    assert isinstance(source, TensorType) and isinstance(target, TensorType)
    src, dst = lw.layout(source), lw.layout(target)
    try:
        kind = conversion_kind(src, dst)
    except LayoutError:
        raise lw.cannot_lower(op) from None
    if kind is ConversionKind.REGISTERS:
        _rename_registers(lw, op, src, dst)
        return
    regs = lw.regs(op.operands[0])
    unique = [regs[r] for r in _unique_registers(src)]
    src_free, dst_free = without_broadcast_registers(src), without_broadcast_registers(dst)
    if kind is ConversionKind.WARP_SHUFFLE:
        converted = _within_warp(lw, op, src_free, dst_free, unique)
    else:
        converted = _through_shared_memory(lw, op, src_free, dst_free, unique)
    lw.bind(op.results[0], _broadcast(dst, converted))
