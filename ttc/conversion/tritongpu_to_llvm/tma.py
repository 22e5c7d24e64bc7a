"""TMA copies and device-side descriptors → PTX (Triton 3.6's NVIDIA
`AsyncTMACopyGlobalToLocalOpConversion`, `convertTMAStoreLikeOp`, `TMAStoreWaitOpConversion` of
LoadStoreOpToLLVM.cpp and the TMAToLLVM.cpp conversions).

**Messages.** One `cp.async.bulk.tensor` moves one TMA box; the box of an NVMMA-swizzled buffer is
its `tma_block_shape` (at most 256 per dimension, the contiguous one exactly the swizzle width),
so a buffer is `prod(shape / box)` messages, numbered along dim0 first. Message `m`'s tensor
coordinates and shared-memory offset come from the linear layouts msg → coordinates and
msg → coordinates → offset (the buffer layout's inverse). Warp `w` issues messages
`w, w + num_warps, ...` (up to `num_warps` per round), on one elected lane; the warp id is made
uniform with a `shfl.sync.idx` from lane 0.

* `ttng.async_tma_copy_global_to_local %d[%c...] %buf, %bar, %pred` →
  `cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes [smem],
  [desc, {c_inner, ..., c_outer}], [bar]` per message, where `pred`;
* `ttng.async_tma_copy_local_to_global` →
  `cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group [desc, {...}], [smem]` per message,
  then `cp.async.bulk.commit_group`; `ttng.async_tma_reduce` the same with
  `cp.reduce.async.bulk.tensor.Nd.global.shared::cta.<kind>.bulk_group`;
* `ttng.async_tma_store_wait {pendings = N}` → `cp.async.bulk.wait_group.read N`.

**Descriptors.** A `!tt.tensordesc` is a generic pointer to its 128-byte CUtensorMap.

* `ttng.reinterpret_tensor_descriptor` → `addrspacecast` of the global pointer;
* `ttng.tensormap_create` assembles the descriptor in its 128-byte shared scratch: the first warp
  zeroes it, thread 0 sets every field with `tensormap.replace.tile.<field>.shared::cta.b1024`,
  then the first warp copies it to global memory with
  `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned`
  (PTX ≤ 8.5 takes the global strides in units of 16 bytes);
* `ttng.tensormap_fenceproxy_acquire` → the first warp:
  `fence.proxy.tensormap::generic.acquire.gpu`, followed by a bulk commit and read wait (Triton's
  workaround for ptxas), then `bar.sync` for the rest of the CTA.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr, i1, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.analysis.allocation import TMA_DESCRIPTOR_BYTES
from ttc.conversion.tritongpu_to_llvm.indices import apply_layout, thread_id
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, constant_int
from ttc.conversion.tritongpu_to_llvm.mbarrier import barrier_address
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    barrier,
    gep,
    shared_base,
    shuffle_idx,
    store_shared,
)
from ttc.conversion.tritongpu_to_llvm.shared_transfer import (
    SharedView,
    coordinates_to_offset,
)
from ttc.dialects.tt.types import CacheModifier, DescriptorReduceKind, EvictionPolicy
from ttc.dialects.ttg.attrs import NVMMASharedEncodingAttr
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.upstream import llvm, nvvm
from ttc.ir.int_attrs import required_int_property
from ttc.layouts.linear import LayoutError, LinearLayout, log2
from ttc.layouts.shared import tma_block_shape
from ttc.layouts.utils import standard_out_dim_names

FULL_MASK = -1
STRIDE_IN_16_BYTES_MAX_PTX = 85
"""PTX versions up to 8.5 (ptxas of CUDA 12.5) read `tensormap.replace` global strides in units of
16 bytes (Triton's `needsStrideWorkaround`)."""


# -- messages ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TmaMessages:
    """How a TMA copy of a shared buffer splits into boxes (Triton's `getMsgToPackedOffsetLayout`
    and `getMsgToUnpackedOffsetLayout`)."""

    count: int
    to_coords: LinearLayout
    """msg → the box's origin in tensor coordinates (in global elements: an fp4-padded buffer's
    innermost coordinates are doubled)."""
    to_offset: LinearLayout
    """msg → the box's offset in the buffer, in elements."""


def tma_messages(type: MemDescType) -> TmaMessages:
    """The TMA boxes of a copy to or from a buffer of `type` (an NVMMA-swizzled memdesc)."""
    encoding = type.encoding
    if not isinstance(encoding, NVMMASharedEncodingAttr):
        raise LayoutError(f"TMA copies need a #ttg.nvmma_shared buffer, not {encoding}")
    shape = list(type.get_shape())
    rank = len(shape)
    fp4_padded = bool(encoding.fp4_padded.data)
    box = tma_block_shape(
        shape, encoding.element_bit_width.data, encoding.swizzling_byte_width.data, fp4_padded,
        bool(encoding.transposed.data),
    )
    names = standard_out_dim_names(rank)
    bases: list[list[int]] = []
    for dim in range(rank):
        for bit in range(log2(shape[dim] // box[dim])):
            bases.append([box[dim] << bit if d == dim else 0 for d in range(rank)])
    packed = LinearLayout([("msg", bases)], list(zip(names, shape, strict=True)))
    to_offset = packed.compose(coordinates_to_offset(type))
    scale = [2 if fp4_padded and d == rank - 1 else 1 for d in range(rank)]
    unpacked = LinearLayout(
        [("msg", [[c * s for c, s in zip(b, scale, strict=True)] for b in bases])],
        [(n, size * s) for n, size, s in zip(names, shape, scale, strict=True)],
    )
    return TmaMessages(1 << len(bases), unpacked, to_offset)


def _messages(lw: FunctionLowering, op: Operation, type: MemDescType) -> TmaMessages:
    try:
        return tma_messages(type)
    except LayoutError as error:
        raise lw.error(op, f"cannot lower '{op.name}': {error.message}") from None


def elect_one(lw: FunctionLowering) -> SSAValue:
    """`elect.sync`: true on one lane of the warp (Triton's `createElectPredicate`)."""
    result = lw.call_intrinsic(
        "llvm.nvvm.elect.sync", [lw.i32(FULL_MASK)], llvm.LLVMStructType([i32, i1])
    )
    assert result is not None
    return lw.value(llvm.ExtractValueOp(result, [1]))


def uniform_warp_id(lw: FunctionLowering) -> SSAValue:
    """`tid.x / 32` broadcast from lane 0, which ptxas knows to be warp-uniform (Triton's
    `nvgpu.warp_id` lowering)."""
    if lw.num_warps == 1:
        return lw.i32(0)
    tid = lw.special_register("nvvm.read.ptx.sreg.tid.x")
    warp = lw.binary(llvm.UDivOp, tid, lw.target.threads_per_warp)
    return shuffle_idx(lw, warp, lw.i32(0))


MessageFn = Callable[[SSAValue, SSAValue, list[SSAValue]], None]
"""Emit one message: its predicate, its shared-memory address and its coordinates (innermost
first)."""


def each_message(
    lw: FunctionLowering,
    op: Operation,
    buffer: SSAValue,
    coords: Sequence[SSAValue],
    predicate: SSAValue,
    emit: MessageFn,
) -> None:
    """Split a TMA copy of `buffer` at `coords` into messages, each issued by one warp."""
    type = buffer.type
    assert isinstance(type, MemDescType)
    if lw.num_ctas != 1:
        raise lw.cannot_lower(op)
    messages = _messages(lw, op, type)
    view = SharedView.of(lw, buffer)
    origin: SSAValue | None = None
    if any(constant_int(v) != 0 for v in view.offsets):
        inverse = coordinates_to_offset(type)
        origin = apply_layout(lw, inverse, dict(zip(inverse.in_dims, view.offsets, strict=True)))[0]
    element = lw.llvm_type(type.element_type)
    tid = thread_id(lw)
    warp: SSAValue | None = None
    rank = len(coords)
    moved = [not messages.to_coords.sublayout_is_zero(["msg"], [d]) for d in messages.to_coords.out_dims]
    for first in range(0, messages.count, lw.num_warps):
        issuers = min(messages.count - first, lw.num_warps)
        index: SSAValue | int = first
        if issuers > 1:
            warp = warp if warp is not None else uniform_warp_id(lw)
            index = warp if not first else lw.binary(llvm.AddOp, warp, first)
        in_range = lw.icmp("ult", tid, issuers * lw.target.threads_per_warp)
        box_predicate = lw.value(llvm.AndOp(predicate, in_range))
        address = _address(lw, view.base, element, messages.to_offset, index, origin)
        shifts = _coordinate_shifts(lw, messages.to_coords, index, moved)
        box = [coords[d] if shifts[d] is None else lw.value(llvm.AddOp(coords[d], shifts[d]))
               for d in range(rank)]
        emit(box_predicate, address, box[::-1])


def _address(
    lw: FunctionLowering,
    base: SSAValue,
    element: Attribute,
    to_offset: LinearLayout,
    index: SSAValue | int,
    origin: SSAValue | None,
) -> SSAValue:
    """`base + offset(message) ^ offset(view origin)`, in elements."""
    if isinstance(index, int) and origin is None:
        offset = to_offset.apply({"msg": index})["offset"]
        return gep(lw, base, element, offset) if offset else base
    value = apply_layout(lw, to_offset, {"msg": index})[0]
    if origin is not None:
        value = lw.value(llvm.XOrOp(value, origin))
    return gep(lw, base, element, value)


def _coordinate_shifts(
    lw: FunctionLowering, to_coords: LinearLayout, index: SSAValue | int, moved: list[bool]
) -> list[SSAValue | None]:
    """What to add to each coordinate for message `index` (None: nothing)."""
    if isinstance(index, int):
        values = to_coords.apply({"msg": index})
        return [lw.i32(v) if v else None for v in values.values()]
    shifts = apply_layout(lw, to_coords, {"msg": index})
    return [s if m else None for s, m in zip(shifts, moved, strict=True)]


# -- copies --------------------------------------------------------------------------------------


@lowers("ttng.async_tma_copy_global_to_local")
def _tma_load(lw: FunctionLowering, op: Operation) -> None:
    if op.cache_modifier() is not CacheModifier.NONE:  # type: ignore[attr-defined]
        raise lw.error(op, "cache modifiers not supported yet")
    if op.eviction_policy() is not EvictionPolicy.NORMAL:  # type: ignore[attr-defined]
        raise lw.error(op, "eviction policy not supported yet")
    volatile = op.properties.get("isVolatile")
    if isinstance(volatile, IntegerAttr) and volatile.value.data:
        raise lw.error(op, "volatile not supported yet")
    if op.offsets or "multicast" in op.properties:  # type: ignore[attr-defined]
        raise lw.cannot_lower(op)
    desc = lw.scalar(op.desc)  # type: ignore[attr-defined]
    mbarrier = barrier_address(lw, op.barrier)  # type: ignore[attr-defined]
    coords = [lw.scalar(c) for c in op.coord]  # type: ignore[attr-defined]
    predicate = lw.value(llvm.AndOp(lw.scalar(op.pred), elect_one(lw)))  # type: ignore[attr-defined]
    rank = len(coords)

    def emit(box_predicate: SSAValue, address: SSAValue, box: list[SSAValue]) -> None:
        asm = PtxInstruction()
        guard = asm.input(box_predicate, "b")
        destination = asm.input(address, "r")
        source = asm.input(desc, "l")
        places = [asm.input(c, "r") for c in box]
        bar = asm.input(mbarrier, "r")
        asm.lines.append(
            f"@{guard} cp.async.bulk.tensor.{rank}d.shared::cluster.global.mbarrier::"
            f"complete_tx::bytes [{destination}], [{source}, {_braced(places)}], [{bar}];"
        )
        asm.launch(lw, None)

    each_message(lw, op, op.result, coords, predicate, emit)  # type: ignore[attr-defined]


def _braced(names: list[str]) -> str:
    return "{" + ", ".join(names) + "}"


def _tma_store_like(lw: FunctionLowering, op: Operation, instruction: str) -> None:
    """Issue `instruction [desc, {coords}], [smem]` per message, then commit the bulk group."""
    desc = lw.scalar(op.desc)  # type: ignore[attr-defined]
    coords = [lw.scalar(c) for c in op.coord]  # type: ignore[attr-defined]

    def emit(box_predicate: SSAValue, address: SSAValue, box: list[SSAValue]) -> None:
        asm = PtxInstruction()
        guard = asm.input(box_predicate, "b")
        target = asm.input(desc, "l")
        places = [asm.input(c, "r") for c in box]
        source = asm.input(address, "r")
        asm.lines.append(f"@{guard} {instruction} [{target}, {_braced(places)}], [{source}];")
        asm.launch(lw, None)

    each_message(lw, op, op.src, coords, elect_one(lw), emit)  # type: ignore[attr-defined]
    lw.call_intrinsic("llvm.nvvm.cp.async.bulk.commit.group", [], None)


@lowers("ttng.async_tma_copy_local_to_global")
def _tma_store(lw: FunctionLowering, op: Operation) -> None:
    rank = len(op.coord)  # type: ignore[attr-defined]
    _tma_store_like(lw, op, f"cp.async.bulk.tensor.{rank}d.global.shared::cta.bulk_group")


@lowers("ttng.async_tma_reduce")
def _tma_reduce(lw: FunctionLowering, op: Operation) -> None:
    rank = len(op.coord)  # type: ignore[attr-defined]
    kind = DescriptorReduceKind.from_attr(op.kind).keyword  # type: ignore[attr-defined]
    _tma_store_like(lw, op, f"cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.{kind}.bulk_group")


@lowers("ttng.async_tma_store_wait")
def _tma_store_wait(lw: FunctionLowering, op: Operation) -> None:
    pendings = op.properties["pendings"]
    assert isinstance(pendings, IntegerAttr)
    lw.call_intrinsic("llvm.nvvm.cp.async.bulk.wait.group.read", [lw.i32(pendings.value.data)], None)


# -- descriptors ---------------------------------------------------------------------------------


@lowers("ttng.reinterpret_tensor_descriptor")
def _reinterpret_tensor_descriptor(lw: FunctionLowering, op: Operation) -> None:
    raw = lw.scalar(op.operands[0])
    lw.bind(op.results[0], [lw.value(llvm.AddrSpaceCastOp(raw, lw.llvm_type(op.results[0].type)))])


def _first_warp(lw: FunctionLowering) -> SSAValue:
    return lw.icmp("slt", thread_id(lw), lw.target.threads_per_warp)


def _replace(
    lw: FunctionLowering,
    field: str,
    descriptor: SSAValue,
    value: SSAValue | int,
    leader: SSAValue,
    ordinal: int | None = None,
) -> None:
    """`@leader tensormap.replace.tile.<field>.shared::cta.b1024.bN [desc], [ordinal,] value`."""
    asm = PtxInstruction()
    address = asm.input(descriptor, "l")
    operands = [f"[ {address} + 0 ]"]
    if ordinal is not None:
        operands.append(f"0x{ordinal:x}")
    if isinstance(value, int):
        width = 32
        operands.append(f"0x{value:x}")
    else:
        width = 64 if value.type in (i64,) or isinstance(value.type, llvm.LLVMPointerType) else 32
        operands.append(asm.input(value, "l" if width == 64 else "r"))
    guard = asm.input(leader, "b")
    asm.lines.append(
        f"@{guard} tensormap.replace.tile.{field}.shared::cta.b1024.b{width} {', '.join(operands)};"
    )
    asm.launch(lw, None)


@lowers("ttng.tensormap_create")
def _tensormap_create(lw: FunctionLowering, op: Operation) -> None:
    scratch = shared_base(lw, op)
    first_warp = _first_warp(lw)
    tid = thread_id(lw)
    store_shared(lw, gep(lw, scratch, i32, tid), lw.i32(0), first_warp)
    lw.emit(nvvm.BarWarpSyncOp.create(operands=[lw.i32(FULL_MASK)]))
    leader = lw.icmp("eq", tid, 0)
    rank = len(op.box_dim)  # type: ignore[attr-defined]
    _replace(lw, "global_address", scratch, lw.scalar(op.global_address), leader)  # type: ignore[attr-defined]
    _replace(lw, "rank", scratch, rank - 1, leader)
    for name, field in (("box_dim", "box_dim"), ("global_dim", "global_dim")):
        for i, value in enumerate(getattr(op, name)):
            _replace(lw, field, scratch, lw.scalar(value), leader, i)
    for i, value in enumerate(op.global_stride):  # type: ignore[attr-defined]
        stride = lw.scalar(value)
        if lw.target.ptx_version <= STRIDE_IN_16_BYTES_MAX_PTX:
            stride = lw.value(llvm.AShrOp(stride, lw.const(4, i64)))
        _replace(lw, "global_stride", scratch, stride, leader, i)
    for i, value in enumerate(op.element_stride):  # type: ignore[attr-defined]
        _replace(lw, "element_stride", scratch, lw.scalar(value), leader, i)
    for name, field in (
        ("elem_type", "elemtype"),
        ("interleave_layout", "interleave_layout"),
        ("swizzle_mode", "swizzle_mode"),
        ("fill_mode", "fill_mode"),
    ):
        _replace(lw, field, scratch, required_int_property(op, name), leader)
    asm = PtxInstruction()
    target = asm.input(lw.scalar(op.desc_ptr), "l")  # type: ignore[attr-defined]
    source = asm.input(scratch, "l")
    guard = asm.input(first_warp, "b")
    asm.lines.append(
        f"@{guard} tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu."
        f"sync.aligned [ {target} + 0 ], [ {source} + 0 ], 0x{TMA_DESCRIPTOR_BYTES:x};"
    )
    asm.launch(lw, None)


@lowers("ttng.tensormap_fenceproxy_acquire")
def _tensormap_fenceproxy_acquire(lw: FunctionLowering, op: Operation) -> None:
    first_warp = _first_warp(lw)
    asm = PtxInstruction()
    address = asm.input(lw.scalar(op.operands[0]), "l")
    guards = [asm.input(first_warp, "b") for _ in range(3)]
    asm.lines += [
        (f"@{guards[0]} fence.proxy.tensormap::generic.acquire.gpu [ {address} + 0 ], "
        f"0x{TMA_DESCRIPTOR_BYTES:x};"),
        f"@{guards[1]} cp.async.bulk.commit_group ;",
        f"@{guards[2]} cp.async.bulk.wait_group.read 0 ;",
    ]
    asm.launch(lw, None)
    barrier(lw)

