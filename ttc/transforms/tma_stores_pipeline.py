"""Asynchronous TMA stores in loops: the last step of `tritongpu-pipeline` (Triton's
`pipelineTMAStores` of TMAStoresPipeline.cpp).

In an `scf.for` with more than one stage, or an `scf.while` when the pass has more than one, each
`tt.descriptor_store` and `tt.descriptor_reduce` of the body (not of nested loops) goes through a
shared buffer allocated before the loop in its descriptor's layout, one buffer per shape and
element type: `ttng.async_tma_store_wait {pendings = 0}` (the previous store has read the
buffer), `ttg.local_store`, `ttng.fence_async_shared`, then the asynchronous
`ttng.async_tma_copy_local_to_global` or `ttng.async_tma_reduce`. After the loop a
`ttng.async_tma_store_wait {pendings = 0}` completes the stores and the buffers are freed.

A loop with an acquire or release atomic is left alone, the store having to be complete when the
atomic runs. So is a loop with `tt.descriptor_scatter`, and a loop storing through a descriptor
created on the device when the loop itself creates descriptors (`tt.make_tensor_descriptor`,
nested loops included): Triton then multi-buffers them (`lowerTMADescriptorCreation`), which ttc
does not do yet. Device descriptors all made before the loop need no such buffering (Triton's
step finds nothing to do), so those stores are pipelined like host ones.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, TensorType, i1, i32
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.descriptor import DescriptorReduceOp, DescriptorScatterOp
from ttc.dialects.tt.sync import AtomicPollOp
from ttc.dialects.tt.types import MemSemantic
from ttc.dialects.ttg.ops import LocalAllocOp, LocalDeallocOp, LocalStoreOp, MemDescType
from ttc.dialects.ttng.barriers import TMAStoreWaitOp
from ttc.dialects.ttng.ops import FenceAsyncSharedOp
from ttc.dialects.ttng.tma import AsyncTMACopyLocalToGlobalOp, AsyncTMAReduceOp
from ttc.dialects.upstream import scf
from ttc.ir.walk import walk
from ttc.transforms.tma_utils import encoding_from_descriptor
from ttc.transforms.utils import erase_op

STORES = (tt.DescriptorStoreOp, DescriptorReduceOp)
ATOMICS = (tt.AtomicRMWOp, tt.AtomicCASOp, AtomicPollOp)


def loop_body_stores(loop: Operation) -> list[Operation]:
    """The descriptor stores of the loop body (its last region), outside nested loops."""
    found: list[Operation] = []

    def visit(block: Block) -> None:
        for op in block.ops:
            if isinstance(op, (*STORES, DescriptorScatterOp)):
                found.append(op)
            elif not isinstance(op, (scf.ForOp, scf.WhileOp)):
                for region in op.regions:
                    for nested in region.blocks:
                        visit(nested)

    body = loop.regions[-1].blocks.first
    assert body is not None
    visit(body)
    return found


def has_acquire_or_release(loop: Operation) -> bool:
    for op in walk(loop):
        sem = op.properties.get("sem") if isinstance(op, ATOMICS) else None
        if isinstance(sem, IntegerAttr) and MemSemantic.from_attr(sem) != MemSemantic.RELAXED:
            return True
    return False


def is_host_side(desc: SSAValue) -> bool:
    """A descriptor passed to the kernel (`isHostSideDescriptor`)."""
    if not isinstance(desc, BlockArgument):
        return False
    parent = desc.block.parent_op()
    return isinstance(parent, tt.FuncOp)


def creates_descriptors(loop: Operation) -> bool:
    """Whether `loop` makes a tensor descriptor in its body, nested regions included."""
    return any(isinstance(op, tt.MakeTensorDescOp) for op in walk(loop))


def _before(anchor: Operation, op: Operation) -> Operation:
    block = anchor.parent_block()
    assert block is not None
    block.insert_op_before(op, anchor)
    return op


def pipeline_tma_stores(loop: Operation) -> bool:
    """Make the TMA stores of `loop` asynchronous; whether it did."""
    stores = loop_body_stores(loop)
    if not stores or has_acquire_or_release(loop):
        return False
    if any(not isinstance(op, STORES) for op in stores):
        return False
    if not all(is_host_side(op.operands[0]) for op in stores) and creates_descriptors(loop):
        return False
    buffers: dict[tuple[tuple[int, ...], Attribute], SSAValue] = {}
    for store in stores:
        desc, src = store.operands[0], store.operands[1]
        tensor = src.type
        assert isinstance(tensor, TensorType)
        key = (tuple(tensor.get_shape()), tensor.get_element_type())
        if key not in buffers:
            encoding = encoding_from_descriptor(store, tensor, desc)
            memdesc = MemDescType.make(tensor.get_shape(), tensor.get_element_type(), encoding, mutable=True)
            buffers[key] = _before(loop, LocalAllocOp.build(operands=[[]], result_types=[memdesc])).results[0]
        buffer = buffers[key]
        _before(store, TMAStoreWaitOp.build(properties={"pendings": IntegerAttr(0, i32)}))
        _before(store, LocalStoreOp.build(operands=[src, buffer]))
        _before(store, FenceAsyncSharedOp.build(properties={"bCluster": IntegerAttr(0, i1)}))
        indices = list(store.operands[2:])
        if isinstance(store, tt.DescriptorStoreOp):
            copy = AsyncTMACopyLocalToGlobalOp.build(operands=[desc, indices, buffer])
        else:
            kind = {"kind": store.properties["kind"]}
            copy = AsyncTMAReduceOp.build(operands=[desc, indices, buffer], properties=kind)
        _before(store, copy)
        erase_op(store)
    after = loop.next_op
    assert after is not None
    _before(after, TMAStoreWaitOp.build(properties={"pendings": IntegerAttr(0, i32)}))
    for buffer in buffers.values():
        _before(after, LocalDeallocOp.build(operands=[buffer]))
    return True
