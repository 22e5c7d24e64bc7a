"""`tritongpu-coalesce`: give each global memory access the layout that coalesces it.

Mirrors Triton's Coalesce.cpp (with `buildCoalescedEncoding` and `getNumElementsPerThread` from
its Utility.cpp). For every `tt.load`, `tt.store`, `tt.atomic_rmw`, `tt.atomic_cas` and
`ttg.async_copy_global_to_local` on a tensor of pointers:

1. `order`: dimensions by decreasing contiguity of the pointers (stable, ties keep 0..rank-1);
2. elements per thread along `order[0]`: min(alignment, 128 bits / element bits), where the
   alignment is min(divisibility in elements, contiguity capped by the per-CTA shape); the largest
   such value over the memory ops of the same shape and order connected to this one by data flow,
   capped by the elements each thread gets (numElements / numThreads, at least 1); a store or
   atomic is additionally capped by its own value (a 128-bit write per thread at most);
3. the layout is the shape-based blocked layout with that `sizePerThread` and `order`.

A tensor-descriptor load (`tt.descriptor_load`) or store-like op (`tt.descriptor_store`,
`tt.descriptor_reduce`) goes through TMA, not L1, so only its shared-memory side matters: the
shape-based blocked layout, row-major, with up to 128 bits per thread along the last dimension
(Triton's `pickDescriptorLoadStoreLayout`).

Each operand is then converted to that layout, the op retyped, and its result converted back
(`ttg.convert_layout` around the op); `tritongpu-remove-layout-conversions` cleans up.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.context import Context
from xdsl.dialects.builtin import (
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    bf16,
    f16,
    f32,
    f64,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.descriptor import DescriptorReduceOp
from ttc.dialects.tt.types import PointerType, RMWOp, bit_width, encoding_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import SharedEncoding
from ttc.dialects.ttg.cta import cta_layout_of, shape_per_cta_of
from ttc.dialects.ttg.ops import lookup_threads_per_warp, module_compute_capability
from ttc.dialects.ttg.warp_specialize import lookup_num_warps
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.graph import strongly_connected_components
from ttc.transforms.tritongpu_utils import (
    blocked_for_shape,
    with_encoding,
)
from ttc.transforms.utils import create_op

MEMORY_OPS = (tt.LoadOp, tt.StoreOp, tt.AtomicRMWOp, tt.AtomicCASOp, ttg.AsyncCopyGlobalToLocalOp)
"""Global memory ops; each takes its pointers as its first operand."""


def memory_pointer(op: Operation) -> SSAValue | None:
    """Triton's `getMemAccessPtr`: the pointer operand of a global memory op, else None."""
    return op.operands[0] if isinstance(op, MEMORY_OPS) and op.operands else None


def order_from_contiguity(contiguity: tuple[int, ...]) -> list[int]:
    """Triton's `argSort`: dimensions by decreasing contiguity, stable."""
    return sorted(range(len(contiguity)), key=lambda d: -contiguity[d])


def pointee_bits(ptr_type: Attribute) -> int:
    """Triton's `getElementBitWidth` of a tensor of pointers: the pointee's width."""
    assert isinstance(ptr_type, TensorType)
    element = ptr_type.get_element_type()
    if isinstance(element, PointerType):
        element = element.pointee_type
    return bit_width(element)


def atomic_write_cap(op: Operation) -> int | None:
    """Triton's `getAtomicWriteElementsPerThreadCap`: atomics whose lowering writes fewer
    elements per instruction than a plain store. A compare-and-swap, and an integer or f64
    read-modify-write, write one element; before sm_90 a float add writes one f32/bf16 element or
    a pair of f16s."""
    if isinstance(op, tt.AtomicCASOp):
        return 1
    if not isinstance(op, tt.AtomicRMWOp):
        return None
    element = op.operands[1].type
    if isinstance(element, TensorType):
        element = element.get_element_type()
    if isinstance(element, IntegerType) or element == f64:
        return 1
    kind = op.properties["atomic_rmw_op"]
    assert isinstance(kind, IntegerAttr)
    if RMWOp.from_attr(kind) != RMWOp.FADD:
        return None
    compute_capability = module_compute_capability(op)
    if compute_capability is None or compute_capability >= 90:
        return None
    if element in (f32, bf16):
        return 1
    return 2 if element == f16 else None


def elements_per_thread(op: Operation, order: list[int], info: ModuleAxisInfo, per_cta: list[int]) -> int:
    """Triton's `getNumElementsPerThread`: how many elements one thread accesses at once."""
    ptr = memory_pointer(op)
    assert ptr is not None
    axis = info.get(ptr)
    bits = pointee_bits(ptr.type)
    max_multiple = max(axis.divisibility[order[0]] // max(bits // 8, 1), 1)
    max_contig = min(axis.contiguity[order[0]], per_cta[order[0]])
    widest = 128 // bits
    cap = atomic_write_cap(op)
    if cap is not None:
        widest = min(widest, cap)
    return min(min(max_multiple, max_contig), widest)


def data_flow_neighbours(op: Operation) -> Iterator[Operation]:
    """The ops MLIR's `getSlice` steps to from `op`: the producers of its operands (the op owning
    the block of a block argument), the users of its results, and the ops nested in its regions."""
    for operand in op.operands:
        if isinstance(operand, BlockArgument):
            parent = operand.block.parent_op()
            if parent is not None:
                yield parent
        elif isinstance(operand.owner, Operation):
            yield operand.owner
    for result in op.results:
        for use in result.uses:
            yield use.operation
    for region in op.regions:
        for block in region.blocks:
            yield from block.ops


GroupKey = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""(shape, order, per-CTA shape) of the memory ops whose widths `coalesced_encoding` compares."""


class DataFlowSlices:
    """MLIR's `getSlice` (the closure of backward and forward slices) for every op of a module at
    once: ops reaching each other by data flow form one strongly connected component, and a
    component reaches its own ops and those its successors reach. The widest access of each group
    of memory ops (same shape and order) is computed once per component, not once per op."""

    def __init__(self, module: Operation, info: ModuleAxisInfo) -> None:
        self.info = info
        self.components, self.component_of = strongly_connected_components(
            walk(module), data_flow_neighbours
        )
        self.successors: list[set[int]] = [set() for _ in self.components]
        self.members: list[list[Operation]] = [[] for _ in self.components]
        for number, component in enumerate(self.components):
            for op in component:
                if memory_pointer(op) is not None:
                    self.members[number].append(op)
                for other in data_flow_neighbours(op):
                    target = self.component_of[other]
                    if target != number:
                        self.successors[number].add(target)
        self.widest: dict[tuple[int, GroupKey], int] = {}

    def widest_access(self, op: Operation, key: GroupKey) -> int:
        """The largest `elements_per_thread` over the memory ops with tensor pointers of `key`'s
        shape and order in `op`'s slice, at `key`'s per-CTA shape."""
        start = self.component_of[op]
        pending = [start]
        while pending:  # components after their successors, each once
            number = pending[-1]
            if (number, key) in self.widest:
                pending.pop()
                continue
            missing = [s for s in self.successors[number] if (s, key) not in self.widest]
            if missing:
                pending.extend(missing)
                continue
            pending.pop()
            best = max((self.widest[(s, key)] for s in self.successors[number]), default=0)
            for member in self.members[number]:
                if group_key(member, self.info, key[2]) == key:
                    best = max(best, elements_per_thread(member, list(key[1]), self.info, list(key[2])))
            self.widest[(number, key)] = best
        return self.widest[(start, key)]


def group_key(op: Operation, info: ModuleAxisInfo, per_cta: tuple[int, ...]) -> GroupKey | None:
    """The (shape, order, per-CTA shape) under which `op`'s access is compared, None when its
    pointers are no tensor."""
    ptr = memory_pointer(op)
    if ptr is None or not isinstance(ptr.type, TensorType):
        return None
    order = order_from_contiguity(info.get(ptr).contiguity)
    return (tuple(ptr.type.get_shape()), tuple(order), per_cta)


def coalesced_encoding(op: Operation, info: ModuleAxisInfo, slices: DataFlowSlices, num_warps: int,
                       threads_per_warp: int) -> Attribute:
    """Triton's `buildCoalescedEncoding` for one memory op."""
    ptr = memory_pointer(op)
    assert ptr is not None and isinstance(ptr.type, TensorType)
    ref_type: TensorType[Attribute] = ptr.type
    shape = ref_type.get_shape()
    order = order_from_contiguity(info.get(ptr).contiguity)
    per_cta = shape_per_cta_of(ref_type)
    elements = 1
    for size in per_cta:
        elements *= size
    if isinstance(ptr, BlockArgument):
        per_thread = elements_per_thread(op, order, info, per_cta)
    else:
        per_thread = slices.widest_access(op, (tuple(shape), tuple(order), tuple(per_cta)))
    per_thread = min(per_thread, max(elements // (num_warps * threads_per_warp), 1))
    if not isinstance(op, tt.LoadOp):
        per_thread = min(per_thread, elements_per_thread(op, order, info, per_cta))
    size_per_thread = [1] * len(shape)
    size_per_thread[order[0]] = per_thread
    cta = cta_layout_of(encoding_of(ref_type), len(shape))
    return blocked_for_shape(shape, size_per_thread, order, num_warps, threads_per_warp, cta)


DESCRIPTOR_LOADS = (tt.DescriptorLoadOp,)
DESCRIPTOR_STORES = (tt.DescriptorStoreOp, DescriptorReduceOp)
"""Tensor-descriptor accesses with one tensor: the load's result, the stores' `src` operand."""


def descriptor_encoding(type_: TensorType[Attribute], num_warps: int, threads_per_warp: int) -> Attribute:
    """Triton's `pickDescriptorLoadStoreLayout`: vectors of up to 16 bytes along the last
    dimension, row-major, over the whole CTA."""
    shape = type_.get_shape()
    per_cta = shape_per_cta_of(type_)
    elements = 1
    for size in per_cta:
        elements *= size
    per_thread = max(elements // (num_warps * threads_per_warp), 1)
    size_per_thread = [1] * len(shape)
    size_per_thread[-1] = min(per_thread, 128 // bit_width(type_.get_element_type()))
    order = list(reversed(range(len(shape))))
    cta = cta_layout_of(encoding_of(type_), len(shape))
    return blocked_for_shape(shape, size_per_thread, order, num_warps, threads_per_warp, cta)


def coalesce_op(ctx: Context, op: Operation, encoding: Attribute) -> None:
    """Convert the operands of `op` to `encoding`, retype it, and convert results back."""
    block = op.parent
    assert block is not None
    operands: list[SSAValue] = []
    for operand in op.operands:
        if isinstance(operand.type, TensorType) and not isinstance(encoding_of(operand.type), SharedEncoding):
            cvt = ttg.ConvertLayoutOp(operand, with_encoding(operand.type, encoding))
            block.insert_op_before(cvt, op)
            operands.append(cvt.results[0])
        else:
            operands.append(operand)
    result_types = [
        t if isinstance(op, ttg.AsyncCopyGlobalToLocalOp) else with_encoding(t, encoding)
        for t in op.result_types
    ]
    new_op = create_op(
        ctx, op.name, operands, result_types, dict(op.properties), dict(op.attributes)
    )
    block.insert_op_before(new_op, op)
    for old, new, type_ in zip(op.results, new_op.results, result_types):
        replacement: SSAValue = new
        if type_ != old.type:
            cvt = ttg.ConvertLayoutOp(new, old.type)
            block.insert_op_before(cvt, op)
            replacement = cvt.results[0]
        replacement.name_hint = old.name_hint
        old.replace_all_uses_with(replacement)
    block.erase_op(op)


class TritonGPUCoalescePass(
    TtcPass, name="tritongpu-coalesce", summary="Coalesce global memory accesses (per-op blocked layouts)"
):
    """Pick coalesced layouts for global loads, stores and atomics."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        info = ModuleAxisInfo(op)
        slices = DataFlowSlices(op, info)
        threads_per_warp = lookup_threads_per_warp(op)
        layouts: dict[Operation, Attribute] = {}
        for current in walk(op):
            ptr = memory_pointer(current)
            if ptr is None or not isinstance(ptr.type, TensorType):
                continue
            if not isinstance(ptr.type.get_element_type(), PointerType):
                continue
            layouts[current] = coalesced_encoding(
                current, info, slices, lookup_num_warps(current), threads_per_warp)
        for current in walk(op):
            if isinstance(current, DESCRIPTOR_LOADS):
                tensor = current.results[0].type
            elif isinstance(current, DESCRIPTOR_STORES):
                tensor = current.operands[1].type  # (desc, src, indices...)
            else:
                continue
            assert isinstance(tensor, TensorType)
            layouts[current] = descriptor_encoding(tensor, lookup_num_warps(current),
                                                   threads_per_warp)
        for memory_op, encoding in layouts.items():
            coalesce_op(ctx, memory_op, encoding)
