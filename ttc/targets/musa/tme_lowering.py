"""`tritonmusa-tme-lowering`: descriptor loads become TME copies into shared memory.

Mirrors FlagTree's `TMELowering` (FTnew `lib/TritonMUSAGPUTransforms/TMELowering.cpp`). Each
`tt.descriptor_load %desc[%coords]` becomes

    %buf = ttg.local_alloc                                  (the tile's shared buffer)
    ttmg.init_arrival %bar, 1, 0                            (one arrival, phase 0)
    ttmg.barrier_add_trans %bar, <tile bytes>, true         (the bytes the TME will deliver)
    ttmg.async_tme_copy_global_to_local %desc[%coords] %bar, %buf, true
    ttmg.arrive_barrier_noret %bar, true
    ttmg.wait_barrier %bar, 0

with a barrier id of its own in the function (0, 1, ...). A consumer that stores the loaded tile
to shared memory unchanged (`ttg.local_alloc` of it, through layout conversions: the SQMMA
operands of `tritonmusa-accelerate-matmul`) reads `%buf` instead; any other consumer gets
`ttg.local_load %buf`. The buffer takes the shared layout that consumer asked for, else an
unswizzled row-major one (the physical swizzle is the TME descriptor's).
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, TensorType, i1, i32
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import SwizzledSharedEncodingAttr
from ttc.dialects.ttg.ops import MemDescType
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.utils import create_op


def _shared_consumers(value: SSAValue) -> list[Operation]:
    """The `ttg.local_alloc`s that store `value` (through layout conversions) unchanged."""
    found: list[Operation] = []
    for use in list(value.uses):
        user = use.operation
        if isinstance(user, ttg.ConvertLayoutOp):
            found += _shared_consumers(user.results[0])
        elif isinstance(user, ttg.LocalAllocOp):
            found.append(user)
    return found


def _constant(ctx: Context, value: int, type_: Attribute, before: Operation) -> SSAValue:
    op = create_op(ctx, "arith.constant", [], [type_], {"value": IntegerAttr(value, type_)})
    before.parent_block().insert_op_before(op, before)  # type: ignore[union-attr]
    return op.results[0]


def lower_descriptor_load(ctx: Context, load: Operation, bar_id: int) -> None:
    """Replace one `tt.descriptor_load` by its TME sequence (module docstring)."""
    result_type = load.results[0].type
    assert isinstance(result_type, TensorType)
    shape = tuple(result_type.get_shape())
    element = result_type.get_element_type()
    consumers = _shared_consumers(load.results[0])
    if consumers:
        asked = consumers[0].results[0].type
        assert isinstance(asked, MemDescType)
        encoding = asked.encoding
    else:
        encoding = SwizzledSharedEncodingAttr.make(1, 1, 1, tuple(range(len(shape) - 1, -1, -1)))
    buffer_type = MemDescType.make(shape, element, encoding, mutable=True)

    def emit(name: str, operands: list[SSAValue], results: list[Attribute] | None = None,
             attributes: dict[str, Attribute] | None = None) -> Operation:
        op = create_op(ctx, name, operands, results or [], attributes=attributes)
        load.parent_block().insert_op_before(op, load)  # type: ignore[union-attr]
        return op

    buffer = emit("ttg.local_alloc", [], [buffer_type]).results[0]
    bar = _constant(ctx, bar_id, i32, load)
    zero = _constant(ctx, 0, i32, load)
    one = _constant(ctx, 1, i32, load)
    true = _constant(ctx, 1, i1, load)
    size = 1
    for extent in shape:
        size *= extent
    tile_bytes = _constant(ctx, size * bit_width(element) // 8, i32, load)
    emit("ttmg.init_arrival", [bar, one, zero])
    emit("ttmg.barrier_add_trans", [bar, tile_bytes, true])
    emit("ttmg.async_tme_copy_global_to_local",
         [load.operands[0], *load.operands[1:], bar, buffer, true])
    emit("ttmg.arrive_barrier_noret", [bar, true])
    emit("ttmg.wait_barrier", [bar, zero])
    for alloc in consumers:
        alloc.results[0].replace_all_uses_with(buffer)
        alloc.detach()
        alloc.erase()
    if load.results[0].uses:
        loaded = emit("ttg.local_load", [buffer], [result_type]).results[0]
        load.results[0].replace_all_uses_with(loaded)
    load.detach()
    load.erase()


class TritonMusaTMELoweringPass(
    TtcPass, name="tritonmusa-tme-lowering", summary="Lower descriptor loads to MUSA TME copies with their barriers"
):
    """Lower `tt.descriptor_load` to TME copies guarded by async barriers."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in [f for f in walk(op) if isinstance(f, tt.FuncOp)]:
            loads = [o for o in walk(func) if isinstance(o, tt.DescriptorLoadOp)]
            for bar_id, load in enumerate(loads):
                lower_descriptor_load(ctx, load, bar_id)
