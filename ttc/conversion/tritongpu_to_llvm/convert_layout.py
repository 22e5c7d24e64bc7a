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
from ttc.conversion.tritongpu_to_llvm.indices import (
    emit_indices,
    linearize,
    redundant_thread_predicate,
    register_coords,
)
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
from ttc.layouts.linear import LayoutError, LinearLayout


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
    row_major = range(len(shape) - 1, -1, -1)
    regs = lw.regs(op.operands[0])
    writer = redundant_thread_predicate(lw, src.get_free_variable_masks())
    written: set[tuple[int, ...]] = set()
    for reg, index in enumerate(emit_indices(lw, src)):
        coords = register_coords(src, reg)
        if coords in written:
            continue
        written.add(coords)
        pointer = gep(lw, base, stored, linearize(lw, index, shape, row_major))
        store_shared(lw, pointer, to_memory(lw, regs[reg]), writer)
    barrier(lw)
    loaded: dict[tuple[int, ...], SSAValue] = {}
    result = []
    for reg, index in enumerate(emit_indices(lw, dst)):
        coords = register_coords(dst, reg)
        if coords not in loaded:
            pointer = gep(lw, base, stored, linearize(lw, index, shape, row_major))
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
