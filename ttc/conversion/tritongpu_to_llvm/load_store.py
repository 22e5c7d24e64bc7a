"""Pointer arithmetic and global loads/stores (Triton's LoadStoreOpToLLVM, NVIDIA flavour).

- `tt.addptr`: one `llvm.getelementptr` per register, over the pointee type.
- `tt.load` / `tt.store`: registers are grouped into vectors of `vec` elements, where `vec` is
  the widest access the axis info allows (Triton's `getVectorSize`): at most 128 bits, at most the
  pointer's alignment/contiguity along the layout's fastest dimension capped by the elements one
  thread holds contiguously, and at most the mask's constancy. Each vector is one predicated PTX
  instruction in inline assembly, split into 32-bit words (or one word of the element's width
  when narrower), exactly as Triton writes it::

      mov.u32 $0, 0x0;  ...  @$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];
      @$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };

  A load's destination words start as `other` (or zero): a splat integer constant is written as a
  literal (`mov.u32 $0, 0xff;`), another 32- or 64-bit word is tied to its destination register
  (constraint `"0"`), anything else is moved in; cache modifiers become `.ca/.cg/.cs/.cv`
  (`.wb/.cg/.cs/.wt` for stores), and an eviction policy adds `L1::evict_*` plus an L2
  `createpolicy` cache hint. Stores are predicated off on threads that hold a copy of data
  another thread stores (the layout's free lane/warp/block bits).
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseArrayBase, IntegerType, TensorType, VectorType, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.conversion.tritongpu_to_llvm.indices import redundant_thread_predicate, scalar_free_masks
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, bit_width, pack_vector, unpack_vector
from ttc.conversion.tritongpu_to_llvm.masked_memory import masked_load, masked_store
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction, operand_list
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import CacheModifier, EvictionPolicy, PointerType, element_type_or_self
from ttc.dialects.upstream import llvm
from ttc.ir.values import splat_scalar
from ttc.layouts.order import layout_order
from ttc.transforms.patterns import folded_constant

MAX_VECTOR_BITS = 128

_LOAD_MODIFIERS = {
    CacheModifier.CA: ".ca", CacheModifier.CG: ".cg", CacheModifier.CS: ".cs",
    CacheModifier.CV: ".cv",
}  # fmt: skip
_STORE_MODIFIERS = {
    CacheModifier.WB: ".wb", CacheModifier.CG: ".cg", CacheModifier.CS: ".cs",
    CacheModifier.WT: ".wt",
}  # fmt: skip
_EVICTION = {EvictionPolicy.EVICT_FIRST: "evict_first", EvictionPolicy.EVICT_LAST: "evict_last"}


@lowers("tt.addptr")
def _addptr(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.AddPtrOp)
    pointer = element_type_or_self(op.ptr.type)
    assert isinstance(pointer, PointerType)
    pointee = lw.llvm_type(pointer.pointee_type)
    result_type = lw.llvm_type(op.result.type)
    regs = [
        lw.value(
            llvm.GEPOp.create(
                operands=[base, offset],
                result_types=[result_type],
                properties={
                    "rawConstantIndices": DenseArrayBase.from_list(i32, [llvm.GEP_DYNAMIC_INDEX]),
                    "elem_type": pointee,
                },
            )
        )
        for base, offset in zip(lw.regs(op.ptr), lw.regs(op.offset), strict=True)
    ]
    lw.bind(op.result, regs)


def vector_size(
    lw: FunctionLowering, axis_info: ModuleAxisInfo, ptr: SSAValue, mask: SSAValue | None, bits: int
) -> int:
    """Triton's `getVectorSize` narrowed by `getMaskAlignment`: elements per access."""
    if not isinstance(ptr.type, TensorType):
        return 1
    layout = lw.layout(ptr.type)
    order0 = layout_order(layout)[0]
    fastest = layout.out_dims[order0]
    contiguous = layout.transpose_outs(
        [fastest, *(d for d in layout.out_dims if d != fastest)]
    ).get_num_consecutive_in_out()
    vec = min(MAX_VECTOR_BITS // bits, axis_info.contiguity(ptr, order0, contiguous, bits))
    if mask is not None:
        vec = min(vec, axis_info.mask_alignment(mask, order0))
    return max(vec, 1)


def _access_type(lw: FunctionLowering, op: Operation, ptr: SSAValue) -> Attribute:
    pointer = element_type_or_self(ptr.type)
    assert isinstance(pointer, PointerType)
    boundary_check = op.properties.get("boundaryCheck")
    if isinstance(pointer.pointee_type, TensorType) or (
        isinstance(boundary_check, DenseArrayBase) and boundary_check.get_values()
    ):
        raise lw.cannot_lower(op)
    value_type = lw.llvm_type(pointer.pointee_type)
    if isinstance(value_type, IntegerType) and value_type.width.data == 1:
        raise lw.cannot_lower(op)
    return value_type


def _word_shape(bits: int, vec: int) -> tuple[int, int, int]:
    """(word width, number of words, elements per word) of a `vec`-element access."""
    total = bits * vec
    width = min(total, max(32, bits))
    return width, max(1, total // width), width // bits


def _constraint(width: int) -> str:
    return {64: "l", 32: "r"}.get(width, "c")


def _cache_policy(lw: FunctionLowering, op: tt.CachedAccessOp) -> tuple[str, SSAValue | None]:
    """The eviction qualifiers of the instruction and the L2 policy register they need."""
    eviction = _EVICTION.get(op.eviction_policy())
    if eviction is None:
        return "", None
    if lw.target.compute_capability < 80:
        return f".L1::{eviction}", None
    policy = PtxInstruction()
    out = policy.output("l")
    policy.lines += [f"mov.u64 {out}, 0x0;", f"createpolicy.fractional.L2::{eviction}.b64 {out}, 1.0;"]
    return f".L1::{eviction}.L2::cache_hint", policy.launch(lw, i64, side_effects=False)


def _integer_other(
    lw: FunctionLowering, other: SSAValue | None, value_type: Attribute
) -> tuple[int | None, bool]:
    """For an integer load: the splat constant `other` folds to (written into the destination as
    a literal), and whether the axis analysis proves `other` constant (then it is moved in rather
    than tied to the destination, which would need a register of its own)."""
    if other is None or not isinstance(value_type, IntegerType):
        return None, False
    folded = splat_scalar(folded_constant(other))
    splat = folded if isinstance(folded, int) else None
    assert lw.axis_info is not None
    return splat, splat is not None or lw.axis_info.get(other).constant is not None


def _replicated_literal(value: int, bits: int, width: int) -> str:
    """`value` repeated in every `bits`-wide lane of a `max(width, 16)`-bit word, in hex."""
    mov_width = max(width, 16)
    lane = value & ((1 << bits) - 1)
    word = 0
    for shift in range(0, mov_width, bits):
        word |= lane << shift
    return hex(word & ((1 << mov_width) - 1))


def pack_word(lw: FunctionLowering, elems: list[SSAValue], width: int) -> SSAValue:
    """Elements packed into one `iW` word: insertelement into a vector, then bitcast."""
    return lw.value(llvm.BitcastOp(pack_vector(lw, elems), IntegerType(width)))


def _append_global_access(
    asm: PtxInstruction,
    opcode: str,
    data: str,
    ptr: SSAValue,
    policy: SSAValue | None,
    predicate: SSAValue | None,
    load: bool,
) -> None:
    """The line of a global load (`data` registers, then the address) or store (the address, then
    `data`): the address operand, then the L2 policy and the predicate, if any, as inputs."""
    address = f"[ {asm.input(ptr, 'l')} + 0 ]"
    operands = f"{data}, {address}" if load else f"{address}, {data}"
    if policy is not None:
        operands += f", {asm.input(policy, 'l')}"
    guard = "" if predicate is None else f"@{asm.input(predicate, 'b')} "
    asm.lines.append(f"{guard}{opcode} {operands};")


@lowers("tt.load")
def _load(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.LoadOp)
    value_type = _access_type(lw, op, op.ptr)
    bits = bit_width(value_type)
    assert lw.axis_info is not None
    vec = vector_size(lw, lw.axis_info, op.ptr, op.mask, bits)
    ptrs = lw.regs(op.ptr)
    masks = lw.regs(op.mask) if op.mask is not None else None
    others = lw.regs(op.other) if op.other is not None else None
    splat_other, other_is_constant = _integer_other(lw, op.other, value_type)
    width, n_words, word_elems = _word_shape(bits, vec)
    word_type = IntegerType(width)
    mov = f"mov.u{max(width, 16)}"
    eviction, policy = _cache_policy(lw, op)
    opcode = (
        "ld"
        + (".volatile" if op.is_volatile() else "")
        + ".global"
        + _LOAD_MODIFIERS.get(op.cache_modifier(), "")
        + eviction
        + (f".v{n_words}" if n_words > 1 else "")
        + f".b{width}"
    )
    loaded: list[SSAValue] = []
    if not lw.target.inline_ptx:
        for start in range(0, len(ptrs), vec):
            loaded += masked_load(
                lw, ptrs[start], value_type, vec, masks[start] if masks is not None else None,
                others[start:start + vec] if others is not None else None, vec * bits // 8)
        lw.bind(op.result, loaded)
        return
    for start in range(0, len(ptrs), vec):
        asm = PtxInstruction()
        outs = [asm.output(_constraint(width)) for _ in range(n_words)]
        for w, out in enumerate(outs):
            if others is None:
                asm.lines.append(f"{mov} {out}, 0x0;")
            elif splat_other is not None:
                asm.lines.append(f"{mov} {out}, {_replicated_literal(splat_other, bits, width)};")
            else:
                first = start + w * word_elems
                word = pack_word(lw, others[first : first + word_elems], width)
                if width in (32, 64) and not other_is_constant:
                    asm.input(word, out[1:])  # tied to its destination: no move needed
                else:
                    asm.lines.append(f"{mov} {out}, {asm.input(word, _constraint(width))};")
        _append_global_access(asm, opcode, operand_list(outs), ptrs[start], policy,
                              masks[start] if masks is not None else None, load=True)
        result_type = llvm.LLVMStructType([word_type] * n_words) if n_words > 1 else word_type
        result = asm.launch(lw, result_type)
        assert result is not None
        vector_type = VectorType(value_type, [word_elems])
        for w in range(n_words):
            word = lw.value(llvm.ExtractValueOp(result, [w])) if n_words > 1 else result
            loaded += unpack_vector(lw, lw.value(llvm.BitcastOp(word, vector_type)))
    lw.bind(op.result, loaded)


@lowers("tt.store")
def _store(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.StoreOp)
    value_type = _access_type(lw, op, op.ptr)
    if isinstance(value_type, llvm.LLVMPointerType):
        raise lw.cannot_lower(op)
    bits = bit_width(value_type)
    assert lw.axis_info is not None
    vec = vector_size(lw, lw.axis_info, op.ptr, op.mask, bits)
    ptrs = lw.regs(op.ptr)
    values = lw.regs(op.value)
    masks = lw.regs(op.mask) if op.mask is not None else None
    width, n_words, word_elems = _word_shape(bits, vec)
    if isinstance(op.ptr.type, TensorType):
        free = lw.layout(op.ptr.type).get_free_variable_masks()
    else:
        free = scalar_free_masks(lw)
    thread_predicate = redundant_thread_predicate(lw, free)
    eviction, policy = _cache_policy(lw, op)
    opcode = (
        "st.global"
        + _STORE_MODIFIERS.get(op.cache_modifier(), "")
        + eviction
        + (f".v{n_words}" if n_words > 1 else "")
        + f".b{width}"
    )
    for start in range(0, len(ptrs), vec):
        predicate_value = lw.and_(thread_predicate, masks[start] if masks is not None else None)
        if not lw.target.inline_ptx:
            masked_store(lw, ptrs[start], values[start:start + vec], predicate_value,
                         vec * bits // 8)
            continue
        asm = PtxInstruction()
        words = [
            asm.input(
                pack_word(lw, values[start + w * word_elems : start + (w + 1) * word_elems], width),
                _constraint(width),
            )
            for w in range(n_words)
        ]
        _append_global_access(asm, opcode, operand_list(words), ptrs[start], policy, predicate_value, load=False)
        asm.launch(lw, None)
