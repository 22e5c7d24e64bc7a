"""`tt.elementwise_inline_asm` → `llvm.inline_asm` (Triton's ElementwiseInlineAsmOpConversion in
lib/Conversion/TritonGPUToLLVM/ElementwiseOpToLLVM.cpp).

The user's assembly string and constraints pass through unchanged. Each thread's registers are
taken `packed_element` at a time (the last group padded with `undef`), and each group is one asm
statement:

* an operand narrower than 32 bits is packed into `vector<k x T>` values of k = min(32 / width,
  packed_element) elements, so that four i8 fill one `r` register (pointers count as 64 bits);
* each result is likewise `packed_element / k` values of `vector<k x T>` (or of `T` when k = 1);
  more than one value in all makes the asm return an `!llvm.struct` of them, in result order;
* a statement without `pure` has side effects.

The results are unpacked in the same order (struct members, then vector elements) and the padding
dropped. A scalar operand beside tensor results is used for every register.
"""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr, TensorType, UnitAttr, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import (
    FunctionLowering,
    bit_width,
    pack_vector,
    unpack_vector,
)
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import llvm

REGISTER_BITS = 32


def elements_per_register(type: Attribute, packed: int) -> int:
    """How many elements of LLVM type `type` one asm operand holds (Triton's
    `min(max(32 / bitwidth, 1), packed_element)`)."""
    return min(max(REGISTER_BITS // bit_width(type), 1), packed)


def _pack_operands(
    lw: FunctionLowering, types: list[Attribute], group: list[list[SSAValue]], packed: int
) -> list[SSAValue]:
    """The asm operands of one group: `group[j][i]` is element j of operand i."""
    values: list[SSAValue] = []
    for i, type in enumerate(types):
        per_register = elements_per_register(type, packed)
        for j in range(0, packed, per_register):
            elements = [group[j + k][i] for k in range(per_register)]
            values.append(elements[0] if per_register == 1 else pack_vector(lw, elements))
    return values


def _asm_result_types(types: list[Attribute], packed: int) -> list[Attribute]:
    """The values one statement returns: per result, packed_element elements in registers."""
    values: list[Attribute] = []
    for type in types:
        per_register = elements_per_register(type, packed)
        value_type = type if per_register == 1 else VectorType(type, [per_register])
        values += [value_type] * (packed // per_register)
    return values


@lowers("tt.elementwise_inline_asm")
def _elementwise_inline_asm(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.ElementwiseInlineAsmOp)
    packed = op.packed_element.value.data
    if not op.results:
        raise lw.cannot_lower(op)
    count = lw.num_regs(op.results[0].type)
    operand_types = [lw.llvm_type(v.type) for v in op.args]
    result_types = [lw.llvm_type(r.type) for r in op.results]
    if any(packed % elements_per_register(t, packed) for t in operand_types + result_types):
        raise lw.error(op, "packed_element must be a multiple of the elements one register holds")

    padded = -(-count // packed) * packed
    operands: list[list[SSAValue]] = []
    for value, type in zip(op.args, operand_types, strict=True):
        regs = lw.regs(value)
        if len(regs) != count:
            if isinstance(value.type, TensorType) or len(regs) != 1:
                raise lw.cannot_lower(op)
            regs = regs * count
        operands.append(regs + [lw.value(llvm.UndefOp(type)) for _ in range(padded - count)])

    asm_types = _asm_result_types(result_types, packed)
    asm_type = asm_types[0] if len(asm_types) == 1 else llvm.LLVMStructType(asm_types)
    properties: dict[str, Attribute] = {
        "asm_string": StringAttr(op.asm_string.data),
        "constraints": StringAttr(op.constraints.data),
        "asm_dialect": StringAttr("att"),
    }
    if not op.pure.value.data:
        properties["has_side_effects"] = UnitAttr()

    results: list[list[SSAValue]] = [[] for _ in op.results]
    for start in range(0, padded, packed):
        group = [[regs[start + j] for regs in operands] for j in range(packed)]
        asm = lw.value(
            llvm.InlineAsmOp.create(
                operands=_pack_operands(lw, operand_types, group, packed),
                result_types=[asm_type],
                properties=properties,
            )
        )
        member = 0
        for i in range(len(op.results)):
            taken = 0
            while taken < packed:
                value = asm
                if len(asm_types) > 1:
                    value = lw.value(llvm.ExtractValueOp(asm, [member]))
                    member += 1
                if isinstance(value.type, VectorType):
                    elements = unpack_vector(lw, value)
                else:
                    elements = [value]
                results[i] += elements
                taken += len(elements)
    for result, regs in zip(op.results, results, strict=True):
        lw.bind(result, regs[:count])
