"""`ttg.convert_layout` → LLVM: Triton's ConvertLayoutOpToLLVM (lib/Conversion/TritonGPUToLLVM and
third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/ConvertLayoutOpToLLVM.cpp).

The conversion map dst → src of the two linear layouts (`minimal_conversion`) decides the route:

* when it moves registers only, each destination register is a source register of the same
  thread: the values are renamed, no instruction is emitted;
* otherwise the tensor goes through the scratch buffer `allocate-shared-memory` reserved: every
  thread stores its distinct elements at their row-major position (threads holding broadcast copies
  stay silent), `bar.sync`, and every thread loads the elements of its destination registers.
  Conversions that only move data between the lanes of a warp take this route too (Triton shuffles
  them within the warp; ttc sizes their scratch accordingly).

Sub-byte elements travel as bytes. Tensors split across CTAs are not supported.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue

from ttc.analysis.lowering_helpers import REGISTER, ConversionKind, conversion_kind, minimal_conversion
from ttc.conversion.tritongpu_to_llvm.indices import emit_indices, redundant_thread_predicate
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    barrier,
    from_memory,
    gep,
    load_shared,
    memory_type,
    shared_base,
    store_shared,
    to_memory,
)
from ttc.dialects import llvm
from ttc.layouts.linear import LayoutError, LinearLayout


def _row_major_offset(lw: FunctionLowering, index: Sequence[SSAValue], shape: Sequence[int]) -> SSAValue:
    offset: SSAValue | None = None
    stride = 1
    for dim in reversed(range(len(shape))):
        term = index[dim] if stride == 1 else lw.binary(llvm.MulOp, index[dim], stride)
        offset = term if offset is None else lw.value(llvm.AddOp(offset, term))
        stride *= shape[dim]
    assert offset is not None
    return offset


def _register_coords(layout: LinearLayout, reg: int) -> tuple[int, ...]:
    return tuple(layout.apply({d: reg if d == REGISTER else 0 for d in layout.in_dims}).values())


def _rename_registers(lw: FunctionLowering, op: Operation, src: LinearLayout, dst: LinearLayout) -> None:
    """Each destination register is the source register holding the same element."""
    conversion = minimal_conversion(src, dst)
    regs = lw.regs(op.operands[0])
    picked = []
    for reg in range(dst.in_dim_size(REGISTER)):
        ins = {d: reg if d == REGISTER else 0 for d in conversion.in_dims}
        picked.append(regs[conversion.apply(ins).get(REGISTER, 0)])
    lw.bind(op.results[0], picked)


def _through_shared_memory(
    lw: FunctionLowering, op: Operation, src: LinearLayout, dst: LinearLayout, shape: Sequence[int]
) -> None:
    element = lw.llvm_type(op.operands[0].type)
    stored = memory_type(element)
    base = shared_base(lw, op)
    regs = lw.regs(op.operands[0])
    writer = redundant_thread_predicate(lw, src.get_free_variable_masks())
    written: set[tuple[int, ...]] = set()
    for reg, index in enumerate(emit_indices(lw, src)):
        coords = _register_coords(src, reg)
        if coords in written:
            continue
        written.add(coords)
        pointer = gep(lw, base, stored, _row_major_offset(lw, index, shape))
        store_shared(lw, pointer, to_memory(lw, regs[reg]), writer)
    barrier(lw)
    loaded: dict[tuple[int, ...], SSAValue] = {}
    result = []
    for reg, index in enumerate(emit_indices(lw, dst)):
        coords = _register_coords(dst, reg)
        if coords not in loaded:
            pointer = gep(lw, base, stored, _row_major_offset(lw, index, shape))
            loaded[coords] = from_memory(lw, load_shared(lw, pointer, stored, None), element)
        result.append(loaded[coords])
    lw.bind(op.results[0], result)


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
    if lw.target.num_ctas != 1:
        raise lw.cannot_lower(op)
    _through_shared_memory(lw, op, src, dst, source.get_shape())
