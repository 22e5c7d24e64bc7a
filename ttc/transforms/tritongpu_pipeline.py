"""`tritongpu-pipeline`: software pipelining of scheduled loops (Triton's SoftwarePipeliner.cpp with
LowerLoops.cpp, PipelineExpander.cpp and WGMMAPipeline.cpp).

1. Lower loads (`lowerLoads`). A `tt.load` of a scheduled loop used `d > 0` stages after it is
   issued (one more when a user sits in a later cluster) and wide enough for `cp.async` becomes
   `ttg.async_copy_global_to_local` into slot `insert` of a ring of `d` shared buffers
   (`ttg.local_alloc` before the loop, `ttg.local_dealloc` after), `ttg.async_commit_group`, then
   at its first use `ttg.async_wait` and `ttg.local_load` of slot `extract` (or, for a
   `local_alloc` user in the buffer's layout, the slot itself). A `tt.descriptor_load` becomes
   `ttng.async_tma_copy_global_to_local` into a ring in its descriptor's layout: consecutive TMA
   loads of one stage and cluster, with no user in between, share a ring of mbarriers
   (`ttng.init_barrier` before the loop, `ttng.inval_barrier` after), one
   `ttng.barrier_expect` of their bytes before the first copy and one `ttng.wait_barrier` at the
   phase of the ring before the first use. A load feeding a `ttng.warp_group_dot` through its
   `local_alloc` gets `d + 1` buffers. Loads with the same number of buffers share two iter args,
   the insert and extract indices, each counting modulo that number from -1, and with TMA a
   third, the phase, flipped when the extract index wraps. The new ops join the schedule; an
   `async_wait {num = 0}` follows a loop with cp.async copies.
2. Expand (`pipelineForLoop`, no epilogue peeling). Stage `s` of iteration `i` runs in iteration
   `i - s` of the new loop: a prologue runs stages `0..k` of the first `maxStage` iterations, each
   op masked by `lb + k * step < ub`; the kernel runs every op in schedule order, ops of stage
   `s < maxStage` masked by `iv < ub - (maxStage - s) * step`; values used in a later stage than
   defined are carried as extra iter args. Masking (`predicateOp`) leaves ops without memory
   effects, commits, waits and local loads alone, ANDs a splat of the predicate into the mask
   of loads, stores, atomics and async copies and into the condition of `scf.if`s, and ANDs it
   into the `pred` operand of TMA copies and mbarrier ops.
3. Clean up: drop the schedule attributes, make the wgmmas of every loop (but those with
   `tt.num_stages = 0`) asynchronous and place their waits (`asyncLaunchDots`, see
   ttc.transforms.wgmma_pipeline), set each `async_wait`'s `num` to the fewest commit groups
   issued after the awaited ones on any path and merge consecutive waits, then apply the arith
   canonicalization patterns.
4. Make the TMA stores of loops with more than one stage asynchronous (`pipelineTMAStores`, see
   ttc.transforms.tma_stores_pipeline).

Triton builds the masks through `ttg.mask` regions resolved after an arith canonicalization; ttc
applies them as the ops are placed, which leaves the same IR. MMAv5 (Blackwell) pipelining, TMA
gathers and scatters, and the descriptors created on the device in pipelined loops (Triton's
`lowerTMADescriptors`) are not done.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import prod

from xdsl.context import Context
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    ModuleOp,
    TensorType,
    i1,
    i32,
    i64,
)
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Operation,
    Region,
    SSAValue,
)

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import CTALayout, SwizzledSharedEncodingAttr
from ttc.dialects.ttg.cta import shape_per_cta_of
from ttc.dialects.ttg.ops import (
    AsyncCopyGlobalToLocalOp,
    AsyncTokenType,
    MemDescType,
    lookup_num_ctas,
)
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.ttng.barriers import ArriveBarrierOp, BarrierExpectOp, WaitBarrierOp
from ttc.dialects.ttng.tma import AsyncTMACopyGlobalToLocalOp
from ttc.dialects.ttng.tmem import TMEMAllocOp, TMEMLoadOp
from ttc.dialects.upstream import scf
from ttc.dialects.upstream.llvm import AssumeOp
from ttc.ir.diagnostics import emit_remark
from ttc.ir.values import constant_value, users
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import apply_patterns
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.pipeline_loads import (
    DESCRIPTOR_LOADS,
    MEMDESC_VIEWS,
    can_be_converted_to_async_load,
    can_pipeline_tma_load,
    copy_vec_bytes,
    is_zero_constant,
    load_mask,
    load_other,
    load_requires_additional_buffer,
    load_vector_elements,
    must_load_to_registers,
    shared_encoding_for_load,
)
from ttc.transforms.pipeline_schedule import (
    Cluster,
    CoarseSchedule,
    body_of,
    body_ops,
    defining_op,
    definition_and_distance,
    find_ancestor_in_block,
    is_defined_inside,
    loops_post_order,
    nested_operands,
    num_stages_or_default,
    post_order,
    remove_pipelining_attributes,
    schedule_dependencies,
)
from ttc.transforms.tma_stores_pipeline import pipeline_tma_stores
from ttc.transforms.tritongpu_utils import replace_for_op_with_new_signature
from ttc.transforms.utils import create_constant, create_op, erase_op, is_memory_effect_free
from ttc.transforms.wgmma_pipeline import async_launch_dots

CMPI_SLT, CMPI_SGE = 2, 5
MASKED_OPS = (tt.LoadOp, tt.StoreOp, tt.AtomicRMWOp, ttg.AsyncCopyGlobalToLocalOp)
PREDICATE_OPERAND: dict[type[Operation], int] = {
    tt.LoadOp: 1,
    tt.StoreOp: 2,
    tt.AtomicRMWOp: 3,
    ttg.AsyncCopyGlobalToLocalOp: 2,
    AsyncTMACopyGlobalToLocalOp: 5,
    BarrierExpectOp: 1,
    WaitBarrierOp: 2,
    ArriveBarrierOp: 1,
}
"""Ops the pipeliner predicates through an operand: the index of its operand definition."""
UNPREDICATED_OPS = (
    ttg.AsyncCommitGroupOp,
    ttg.AsyncWaitOp,
    ttg.LocalLoadOp,
    ttg.LocalStoreOp,
    AssumeOp,
    ttng.FenceAsyncSharedOp,
    TMEMAllocOp,
    TMEMLoadOp,
)


class Builder:
    """Inserts new ops before `anchor` (or at the end of `block`), optionally scheduling them at
    one stage and cluster (Triton's `OpBuilderForStage`)."""

    def __init__(self, ctx: Context, anchor: Operation | None = None, block: Block | None = None) -> None:
        self.ctx = ctx
        self.anchor = anchor
        self.block = block
        self.schedule: CoarseSchedule | None = None
        self.stage_cluster: tuple[int, Cluster] | None = None

    def insert(self, op: Operation) -> Operation:
        if self.anchor is not None:
            parent = self.anchor.parent_block()
            assert parent is not None
            parent.insert_op_before(op, self.anchor)
        else:
            assert self.block is not None
            self.block.add_op(op)
        if self.schedule is not None and self.stage_cluster is not None:
            self.schedule.insert(op, *self.stage_cluster)
        return op

    def op(self, name: str, operands: Sequence[SSAValue], types: Sequence[Attribute], **props: Attribute) -> Operation:
        return self.insert(create_op(self.ctx, name, operands, types, properties=props))

    def value(self, name: str, operands: Sequence[SSAValue], type_: Attribute, **props: Attribute) -> SSAValue:
        return self.op(name, operands, [type_], **props).results[0]

    def constant(self, value: int, type_: Attribute) -> SSAValue:
        return self.insert(create_constant(self.ctx, IntegerAttr(value, type_), type_)).results[0]

    def cmpi(self, predicate: int, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.value("arith.cmpi", [lhs, rhs], i1, predicate=IntegerAttr(predicate, 64))

    def select(self, cond: SSAValue, a: SSAValue, b: SSAValue) -> SSAValue:
        return self.value("arith.select", [cond, a, b], a.type)

    def increment_modulo(self, counter: SSAValue, modulus: SSAValue, zero: SSAValue, one: SSAValue) -> SSAValue:
        """`counter + 1`, wrapped to `zero` at `modulus` (`createIncrementModulo`)."""
        add = self.value("arith.addi", [counter, one], counter.type)
        wrapped = self.cmpi(CMPI_SGE, add, modulus)
        return self.select(wrapped, zero, add)


# --------------------------------------------------------------------------------------------
# Lowering loads to async copies
# --------------------------------------------------------------------------------------------


def top_level_users(op: Operation, loop: Operation) -> list[Operation]:
    """Users of `op` in the loop body, through the loop's iter args and memdesc views
    (`getTopLevelUsersInLoop`)."""
    body = body_of(loop)
    terminator = body.last_op
    found: dict[Operation, None] = {}
    queue = [(use.operation, use.index) for result in op.results for use in result.uses]
    while queue:
        user, index = queue.pop()
        if user is terminator:
            queue.extend((u.operation, u.index) for u in body.args[index + 1].uses)
            continue
        if isinstance(user, MEMDESC_VIEWS):
            queue.extend((u.operation, u.index) for r in user.results for u in r.uses)
            continue
        ancestor = find_ancestor_in_block(body, user)
        if ancestor is not None:
            found[ancestor] = None
    return list(found)


def first_use(op: Operation, loop: Operation, schedule: CoarseSchedule) -> Operation | None:
    """The user of `op` that runs first in the pipelined loop (`getFirstUseOfPipelinedOp`)."""
    order = {o: i for i, o in enumerate(body_ops(loop))}
    candidates = top_level_users(op, loop)
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda u: (schedule[u][0], schedule.cluster_id(schedule[u][1]), order[u]),
    )


def def_use_stage_diff(op: Operation, loop: Operation, schedule: CoarseSchedule) -> int:
    """How many stages after `op` its first user runs (`getDefUseStageDiff`)."""
    def_stage, def_cluster = schedule[op]
    found = top_level_users(op, loop)
    for user in list(found):
        if isinstance(user, ttg.LocalAllocOp):
            found.extend(u for u in top_level_users(user, loop) if u not in found)
    use_stage: int | None = None
    for user in found:
        stage, cluster = schedule[user]
        if schedule.cluster_id(cluster) > schedule.cluster_id(def_cluster):
            stage += 1
        use_stage = stage if use_stage is None else min(use_stage, stage)
    return 0 if use_stage is None else use_stage - def_stage


def buffer_view(builder: Builder, alloc: SSAValue, index: SSAValue) -> SSAValue:
    memdesc = alloc.type
    assert isinstance(memdesc, MemDescType)
    view = MemDescType.make(
        memdesc.get_shape()[1:], memdesc.element_type, memdesc.encoding, memdesc.memory_space, memdesc.is_mutable
    )
    return builder.value("ttg.memdesc_index", [alloc, index], view)


@dataclass
class AsyncLoad:
    """A load the pipeliner turns into a copy into a ring of `stage_diff` shared buffers."""

    stage_diff: int
    contiguity: int
    encoding: Attribute
    alloc: SSAValue | None = None
    barrier: SSAValue | None = None
    wait: Operation | None = None


@dataclass
class LoadGroup:
    """The ring indices shared by the loads with one number of buffers (`LoadGroupInfo`); TMA
    loads also track the mbarrier phase."""

    has_tma: bool = False
    insert: SSAValue | None = None
    extract: SSAValue | None = None
    phase: SSAValue | None = None


def create_async_copy(
    ctx: Context, loop: Operation, load: Operation, info: AsyncLoad, insert: SSAValue, extract: SSAValue,
    schedule: CoarseSchedule,
) -> None:
    """Replace `load` by an async copy into slot `insert` and a read of slot `extract`."""
    user = first_use(load, loop, schedule)
    assert user is not None and info.alloc is not None
    builder = Builder(ctx, anchor=load)
    builder.schedule, builder.stage_cluster = schedule, schedule[load]
    mask, other = load_mask(load), load_other(load)
    view = buffer_view(builder, info.alloc, insert)
    props = {
        key: load.properties[key]
        for key in ("cache", "evict", "isVolatile")
        if key in load.properties
    }
    props["contiguity"] = IntegerAttr(info.contiguity, i32)
    copy = builder.insert(
        AsyncCopyGlobalToLocalOp(
            operands=[load.operands[0], view, [mask] if mask else [], [other] if other else []],
            result_types=[AsyncTokenType()],
            properties=props,
        )
    )
    commit = builder.value("ttg.async_commit_group", [copy.results[0]], AsyncTokenType())
    builder.stage_cluster = schedule[user]
    wait = builder.op("ttg.async_wait", [commit], [AsyncTokenType()], num=IntegerAttr(0, i32))
    read_view = buffer_view(builder, info.alloc, extract)
    result = load.results[0]
    if other is None or is_zero_constant(other):
        replace_uses_with_local_load(builder, result, read_view, wait.results[0])
    elif result.uses:
        local = builder.value("ttg.local_load", [read_view, wait.results[0]], result.type)
        assert mask is not None
        result.replace_all_uses_with(builder.select(mask, local, other))
    schedule.erase(load)
    erase_op(load)


def replace_uses_with_local_load(
    builder: Builder, old: SSAValue, view: SSAValue, token: SSAValue | None = None
) -> None:
    """Uses of `old` read the buffer instead; `local_alloc`s of it in the same layout become the
    buffer itself (`replaceUsesWithLocalLoad`)."""
    view_type = view.type
    assert isinstance(view_type, MemDescType)
    same_layout = [
        u for u in users(old)
        if isinstance(u, ttg.LocalAllocOp) and u.results[0].type.encoding == view_type.encoding  # pyright: ignore[reportAttributeAccessIssue]
    ]
    for alloc in same_layout:
        alloc.results[0].replace_all_uses_with(view)
    if len(users(old)) > len(same_layout):
        local = builder.value("ttg.local_load", [view] if token is None else [view, token], old.type)
        old.replace_all_uses_with(local)
    for alloc in same_layout:
        erase_op(alloc)


def create_tma_copy(
    ctx: Context, loop: Operation, load: Operation, info: AsyncLoad, insert: SSAValue, extract: SSAValue,
    schedule: CoarseSchedule,
) -> None:
    """Replace a descriptor load by a TMA copy into slot `insert`, signalling its group's
    barrier, and read slot `extract` after the group's wait (`createTMAAsyncCopy`)."""
    user = first_use(load, loop, schedule)
    assert user is not None and info.alloc is not None and info.barrier is not None and info.wait is not None
    builder = Builder(ctx, anchor=load)
    builder.schedule, builder.stage_cluster = schedule, schedule[load]
    view = buffer_view(builder, info.alloc, insert)
    pred = builder.constant(1, i1)
    indices = list(load.operands[1:])
    builder.insert(
        AsyncTMACopyGlobalToLocalOp(operands=[load.operands[0], indices, [], info.barrier, view, pred])
    )
    builder = Builder(ctx, anchor=info.wait.next_op)
    builder.schedule, builder.stage_cluster = schedule, schedule[user]
    read_view = buffer_view(builder, info.alloc, extract)
    replace_uses_with_local_load(builder, load.results[0], read_view)
    schedule.erase(load)
    erase_op(load)


def group_users(load: Operation) -> set[Operation]:
    """The ops of `load`'s block a barrier group must not cross: its users, or the users of its
    single `local_alloc`, which the copy replaces."""
    block = load.parent_block()
    assert block is not None
    found: set[Operation] = set()
    if not must_load_to_registers(load):
        alloc = users(load.results[0])[0]
        if alloc.parent_block() is block:
            return set(users(alloc.results[0]))
    for user in users(load.results[0]):
        ancestor = find_ancestor_in_block(block, user)
        if ancestor is not None:
            found.add(ancestor)
    return found


def barrier_groups(async_loads: dict[Operation, AsyncLoad], schedule: CoarseSchedule) -> list[list[Operation]]:
    """Consecutive TMA loads with the same number of buffers and the same stage and cluster,
    with none of their users in between, share one barrier (`createTMABarrierAndWait`)."""
    groups: list[list[Operation]] = []
    visited: set[Operation] = set()
    for load, info in async_loads.items():
        if not isinstance(load, DESCRIPTOR_LOADS) or load in visited:
            continue
        group = [load]
        visited.add(load)
        blocked = group_users(load)
        following = load.next_op
        while following is not None and following not in blocked and following not in visited:
            if isinstance(following, DESCRIPTOR_LOADS) and following in async_loads:
                if async_loads[following].stage_diff != info.stage_diff:
                    break
                if schedule[group[0]] == schedule[following]:
                    group.append(following)
                    visited.add(following)
                    blocked |= group_users(following)
            following = following.next_op
        groups.append(group)
    return groups


def create_barrier_alloc(ctx: Context, loop: Operation, count: int) -> SSAValue:
    """`count` mbarriers, initialized before `loop` and invalidated after it
    (`createBarrierAlloc`)."""
    num_ctas = lookup_num_ctas(loop)
    encoding = SwizzledSharedEncodingAttr.make(1, 1, 1, (0,), CTALayout((num_ctas,), (num_ctas,), (0,)))
    before = Builder(ctx, anchor=loop)
    alloc = before.value("ttg.local_alloc", [], MemDescType.make([count, num_ctas], i64, encoding, mutable=True))
    for i in range(count):
        view = buffer_view(before, alloc, before.constant(i, i32))
        before.op("ttng.init_barrier", [view], [], count=IntegerAttr(1, i32))
    after = Builder(ctx, anchor=loop.next_op)
    for i in range(count):
        after.op("ttng.inval_barrier", [buffer_view(after, alloc, after.constant(i, i32))], [])
    after.op("ttg.local_dealloc", [alloc], [])
    return alloc


def create_tma_barriers_and_waits(
    ctx: Context, loop: Operation, async_loads: dict[Operation, AsyncLoad], groups: dict[int, LoadGroup],
    schedule: CoarseSchedule,
) -> None:
    """Each barrier group expects its bytes before its first copy and is waited on, at the
    phase of its ring, before its first use."""
    for group in barrier_groups(async_loads, schedule):
        count = async_loads[group[0]].stage_diff
        indices = groups[count]
        assert indices.insert is not None and indices.extract is not None and indices.phase is not None
        size = 0
        for load in group:
            tensor = load.results[0].type
            assert isinstance(tensor, TensorType)
            size += prod(shape_per_cta_of(tensor)) * bit_width(tensor.get_element_type()) // 8
        alloc = create_barrier_alloc(ctx, loop, count)
        builder = Builder(ctx, anchor=group[0])
        builder.schedule, builder.stage_cluster = schedule, schedule[group[0]]
        barrier = buffer_view(builder, alloc, indices.insert)
        pred = builder.constant(1, i1)
        builder.op("ttng.barrier_expect", [barrier, pred], [], size=IntegerAttr(size, i32))
        user = first_use_of_group(group, loop, schedule)
        builder = Builder(ctx, anchor=group[-1].next_op)
        builder.schedule, builder.stage_cluster = schedule, schedule[user]
        wait_view = buffer_view(builder, alloc, indices.extract)
        wait = builder.insert(WaitBarrierOp(operands=[wait_view, indices.phase, [], []]))
        for load in group:
            async_loads[load].barrier = barrier
            async_loads[load].wait = wait


def first_use_of_group(ops: list[Operation], loop: Operation, schedule: CoarseSchedule) -> Operation:
    """The first user of any of `ops` in the pipelined loop (`getFirstUseOfPipelinedOp`)."""
    found = [user for op in ops if (user := first_use(op, loop, schedule)) is not None]
    order = {o: i for i, o in enumerate(body_ops(loop))}
    return min(found, key=lambda u: (schedule[u][0], schedule.cluster_id(schedule[u][1]), order[u]))


def async_load_info(op: Operation, loop: Operation, schedule: CoarseSchedule, axis: ModuleAxisInfo) -> AsyncLoad | None:
    """How `op` is pipelined: through cp.async, through TMA, or not at all (in registers)."""
    stage_diff = def_use_stage_diff(op, loop, schedule)
    if stage_diff == 0 or not isinstance(op.results[0].type, TensorType):
        return None
    encoding = shared_encoding_for_load(op)
    if isinstance(op, DESCRIPTOR_LOADS):
        usable = can_pipeline_tma_load(op)
        contiguity = 1
    else:
        usable = can_be_converted_to_async_load(axis, op) and copy_vec_bytes(op.results[0].type, encoding) >= 4
        contiguity = load_vector_elements(axis, op) if usable else 1
    if usable:
        if load_requires_additional_buffer(op):
            stage_diff += 1
        return AsyncLoad(stage_diff, contiguity, encoding)
    if stage_diff > 1:
        emit_remark(
            op,
            "Not pipelining TMA load because the per-stage shared-memory allocation size is not a "
            "multiple of the 128-byte TMA alignment."
            if isinstance(op, DESCRIPTOR_LOADS)
            else "Pipelining load that cannot use vectorized copy. This will likely lead to "
            "pipelining in registers and severe performance degradation.",
        )
    return None


def lower_loads(ctx: Context, loop: Operation, schedule: CoarseSchedule, axis: ModuleAxisInfo) -> Operation:
    async_loads: dict[Operation, AsyncLoad] = {}
    for op in body_ops(loop):
        if isinstance(op, (tt.LoadOp, *DESCRIPTOR_LOADS)) and (info := async_load_info(op, loop, schedule, axis)):
            async_loads[op] = info
    if not async_loads:
        return loop

    outside = Builder(ctx, anchor=loop)
    groups: dict[int, LoadGroup] = {}
    for load, info in async_loads.items():
        tensor = load.results[0].type
        assert isinstance(tensor, TensorType)
        memdesc = MemDescType.make(
            [info.stage_diff, *tensor.get_shape()], tensor.get_element_type(), info.encoding, mutable=True
        )
        info.alloc = outside.value("ttg.local_alloc", [], memdesc)
        parent = loop.parent_block()
        assert parent is not None
        parent.insert_op_after(create_op(ctx, "ttg.local_dealloc", [info.alloc], []), loop)
        group = groups.setdefault(info.stage_diff, LoadGroup())
        group.has_tma |= isinstance(load, DESCRIPTOR_LOADS)
    minus_one = outside.constant(-1, i32)
    zero = outside.constant(0, i32)
    one = outside.constant(1, i32)
    inits = [value for group in groups.values() for value in [minus_one, minus_one, *([zero] if group.has_tma else [])]]
    first_new = len(loop.operands) - 3
    new_loop = replace_for_op_with_new_signature(ctx, loop, inits)
    erase_op(loop)
    loop = new_loop
    body = body_of(loop)
    terminator = body.last_op
    assert terminator is not None
    terminator.operands = [*terminator.operands, *inits]
    index = 1 + first_new
    for stage_diff, group in groups.items():
        insert_arg, extract_arg = body.args[index], body.args[index + 1]
        index += 2
        builder = Builder(ctx, anchor=body.first_op)
        modulus = builder.constant(stage_diff, i32)
        group.insert = builder.increment_modulo(insert_arg, modulus, zero, one)
        group.extract = builder.increment_modulo(extract_arg, modulus, zero, one)
        if group.has_tma:
            phase = body.args[index]
            index += 1
            wrapped = defining_op(group.extract)
            assert wrapped is not None
            flipped = builder.value("arith.xori", [phase, one], phase.type)
            group.phase = builder.select(wrapped.operands[0], flipped, phase)
    create_tma_barriers_and_waits(ctx, loop, async_loads, groups, schedule)
    for load, info in async_loads.items():
        group = groups[info.stage_diff]
        assert group.insert is not None and group.extract is not None
        lower = create_async_copy if isinstance(load, tt.LoadOp) else create_tma_copy
        lower(ctx, loop, load, info, group.insert, group.extract, schedule)
    operands = list(terminator.operands)
    position = first_new
    for group in groups.values():
        for value in (group.insert, group.extract, group.phase if group.has_tma else None):
            if value is not None:
                operands[position] = value
                position += 1
    terminator.operands = operands
    schedule_dependencies(loop, schedule)
    if any(isinstance(load, tt.LoadOp) for load in async_loads):
        Builder(ctx, anchor=loop.next_op).op("ttg.async_wait", [], [AsyncTokenType()], num=IntegerAttr(0, i32))
    return loop


# --------------------------------------------------------------------------------------------
# Predication
# --------------------------------------------------------------------------------------------


def predicate_op(builder: Builder, op: Operation, pred: SSAValue) -> Operation:
    """Make `op` take effect only where `pred` holds (`predicateOp`); returns the op."""
    if is_memory_effect_free(op) or isinstance(op, UNPREDICATED_OPS):
        return op
    attr = constant_value(pred)
    if isinstance(attr, IntegerAttr) and attr.value.data != 0:
        return op
    if isinstance(op, scf.IfOp):
        op.operands = [mask_with(builder, op.operands[0].type, op.operands[0], pred), *op.operands[1:]]
        return op
    if type(op) in PREDICATE_OPERAND:
        current = predicate_of(op)
        like = op.operands[0].type if isinstance(op, MASKED_OPS) else i1
        return set_predicate(op, mask_with(builder, like, current, pred))
    return op


def predicate_of(op: Operation) -> SSAValue | None:
    """The mask of a masked memory op, or the `pred` operand of a TMA or mbarrier op
    (`PredicatedOpInterface::getPredicateOperand`)."""
    return load_mask(op) if isinstance(op, MASKED_OPS) else getattr(op, "pred", None)


def mask_with(builder: Builder, like: Attribute, current: SSAValue | None, pred: SSAValue) -> SSAValue:
    """`getPredMask`: `pred` splatted to `like`'s shape, AND the current mask."""
    mask = pred
    if isinstance(like, TensorType):
        mask = builder.value("tt.splat", [pred], TensorType(i1, like.get_shape(), like.encoding))
    if current is not None:
        mask = builder.value("arith.andi", [mask, current], mask.type)
    return mask


def set_predicate(op: Operation, mask: SSAValue) -> Operation:
    """`op` with `mask` as its predicate operand (rebuilt when it had none)."""
    groups = operand_groups(op)
    groups[PREDICATE_OPERAND[type(op)]] = [mask]
    if predicate_of(op) is not None:
        op.operands = [value for group in groups for value in group]
        return op
    props = {k: v for k, v in op.properties.items() if k != "operandSegmentSizes"}
    new = type(op)(
        operands=groups, result_types=[r.type for r in op.results], properties=props, attributes=dict(op.attributes)
    )
    parent = op.parent_block()
    assert parent is not None
    parent.insert_op_before(new, op)
    for old, result in zip(op.results, new.results):
        old.replace_all_uses_with(result)
    erase_op(op)
    return new


def operand_groups(op: Operation) -> list[list[SSAValue]]:
    """`op`'s operands split by operand definition."""
    segments = op.properties.get("operandSegmentSizes")
    if segments is None:
        groups = [[value] for value in op.operands]
        return groups + [[] for _ in range(len(type(op).get_irdl_definition().operands) - len(groups))]  # pyright: ignore[reportAttributeAccessIssue]
    groups: list[list[SSAValue]] = []
    start = 0
    for size in segments.get_values():  # pyright: ignore[reportAttributeAccessIssue]
        groups.append(list(op.operands[start : start + size]))
        start += size
    return groups


# --------------------------------------------------------------------------------------------
# Loop expansion
# --------------------------------------------------------------------------------------------


class LoopExpander:
    """Triton's `LoopPipelinerInternal` without epilogue peeling."""

    def __init__(self, ctx: Context, loop: Operation, schedule: list[tuple[Operation, int]]) -> None:
        self.ctx = ctx
        self.loop = loop
        self.body = body_of(loop)
        self.order = [op for op, _ in schedule]
        self.stages = dict(schedule)
        self.max_stage = max(self.stages.values())
        self.lb, self.ub, self.step = loop.operands[:3]
        self.iter_args = list(self.body.args[1:])
        terminator = self.body.last_op
        assert terminator is not None
        self.yields = list(terminator.operands)
        self.versions: dict[SSAValue, list[SSAValue | None]] = {}
        self.dynamic = not all(
            isinstance(v.type, IndexType) and constant_value(v) is not None for v in (self.lb, self.ub, self.step)
        )
        if not self.dynamic:
            lb, ub, step = (constant_value(v).value.data for v in (self.lb, self.ub, self.step))
            self.dynamic = -(-(ub - lb) // step) < self.max_stage

    def set_version(self, key: SSAValue, value: SSAValue, index: int) -> None:
        self.versions.setdefault(key, [None] * (self.max_stage + 1))[index] = value

    def valid(self) -> bool:
        if any(op not in self.stages for op in body_ops(self.loop)):
            return False
        cycles = len(self.order)
        unrolled = {op: i + self.stages[op] * cycles for i, op in enumerate(self.order)}
        for consumer in self.order:
            for operand in nested_operands(consumer):
                producer, distance = definition_and_distance(self.loop, operand)
                if producer is None:
                    continue
                if distance > 1:
                    return False
                if producer in unrolled and unrolled[consumer] < unrolled[producer] - cycles * distance:
                    return False
        return True

    def clone(self, builder: Builder, op: Operation, remap: Callable[[SSAValue], SSAValue | None]) -> Operation:
        mapping: dict[SSAValue, SSAValue] = {}
        for operand in nested_operands(op) + list(op.operands):
            replacement = remap(operand)
            if replacement is not None:
                mapping[operand] = replacement
        new = op.clone(value_mapper=mapping)
        return builder.insert(new)

    def emit_prologue(self) -> None:
        builder = Builder(self.ctx, anchor=self.loop)
        for arg, init in zip(self.iter_args, self.loop.operands[3:]):
            self.set_version(arg, init, 0)
        for arg, value in zip(self.iter_args, self.yields):
            if not is_defined_inside(value, self.loop):
                for i in range(1, self.max_stage):
                    self.set_version(arg, value, i)
        preds: list[SSAValue | None] = [None] * self.max_stage
        for i in range(self.max_stage):
            step_i = builder.value("arith.muli", [self.step, builder.constant(i, self.lb.type)], self.lb.type)
            iv = builder.value("arith.addi", [self.lb, step_i], self.lb.type)
            self.set_version(self.body.args[0], iv, i)
            if self.dynamic:
                preds[i] = builder.cmpi(CMPI_SLT, iv, self.ub)
            for op in self.order:
                stage = self.stages[op]
                if stage > i:
                    continue
                version = i - stage
                new = self.clone(builder, op, lambda v, k=version: _version(self.versions, v, k))
                pred = preds[version]
                if pred is not None:
                    new = predicate_op(Builder(self.ctx, anchor=new), new, pred)
                for index, result in enumerate(op.results):
                    source = new.results[index]
                    for n, value in enumerate(self.yields):
                        if value is not result:
                            continue
                        if pred is not None and self.loop.results[n].uses:
                            previous = self.versions[self.iter_args[n]][version]
                            assert previous is not None
                            source = builder.select(pred, source, previous)
                        self.set_version(self.iter_args[n], source, version + 1)
                    self.set_version(result, new.results[index], version)

    def cross_stage_values(self) -> dict[SSAValue, tuple[int, int]]:
        """Values used in a later stage than defined: value -> (def stage, last use stage)."""
        found: dict[SSAValue, tuple[int, int]] = {}
        for op in self.order:
            stage = self.stages[op]
            for operand in list(op.operands) + nested_operands(op):
                definition, distance = definition_and_distance(self.loop, operand)
                if definition is None or definition not in self.stages:
                    continue
                def_stage = self.stages[definition]
                if def_stage == stage or def_stage == stage + distance:
                    continue
                last = max(found[operand][1], stage) if operand in found else stage
                found[operand] = (def_stage, last)
        return found

    def create_kernel(self, crossing: dict[SSAValue, tuple[int, int]]) -> Operation:
        inits: list[SSAValue] = []
        for n, value in enumerate(self.yields):
            definition = defining_op(value)
            if definition in self.stages:
                version = self.versions[self.iter_args[n]][self.max_stage - self.stages[definition]]  # pyright: ignore[reportArgumentType]
                assert version is not None
                inits.append(version)
            else:
                inits.append(self.loop.operands[3 + n])
        arg_of: dict[tuple[SSAValue, int], int] = {}
        for value, (def_stage, last) in crossing.items():
            for k in range(last - def_stage):
                version = self.versions[value][self.max_stage - last + k]
                assert version is not None
                inits.append(version)
                arg_of[(value, last - def_stage - k)] = len(inits) - 1
        new_body = Block(arg_types=[self.body.args[0].type, *(v.type for v in inits)])
        new_loop = scf.ForOp.create(
            operands=[self.lb, self.ub, self.step, *inits],
            result_types=[v.type for v in inits],
            properties=dict(self.loop.properties),
            attributes=dict(self.loop.attributes),
            regions=[Region([new_body])],
        )
        parent = self.loop.parent_block()
        assert parent is not None
        parent.insert_op_before(new_loop, self.loop)
        new_iv, new_args = new_body.args[0], list(new_body.args[1:])
        builder = Builder(self.ctx, block=new_body)
        preds: list[SSAValue | None] = [None] * (self.max_stage + 1)
        for i in range(self.max_stage):
            c = builder.value(
                "arith.muli", [self.step, builder.constant(self.max_stage - i, new_iv.type)], new_iv.type
            )
            bound = builder.value("arith.subi", [self.ub, c], new_iv.type)
            preds[i] = builder.cmpi(CMPI_SLT, new_iv, bound)
        mapping: dict[SSAValue, SSAValue] = {self.body.args[0]: new_iv}
        mapping.update(zip(self.iter_args, new_args))
        for op in self.order:
            use_stage = self.stages[op]
            replacements: dict[SSAValue, SSAValue] = {}
            iv_users = self.body.args[0] in nested_operands(op) or self.body.args[0] in op.operands
            if iv_users:
                c = builder.value(
                    "arith.muli", [self.step, builder.constant(self.max_stage - use_stage, new_iv.type)], new_iv.type
                )
                replacements[self.body.args[0]] = builder.value("arith.addi", [new_iv, c], new_iv.type)
            for operand in list(op.operands) + nested_operands(op):
                if operand in replacements:
                    continue
                source = operand
                if isinstance(operand, BlockArgument) and operand.block is self.body and operand.index > 0:
                    ret = self.yields[operand.index - 1]
                    if not is_defined_inside(ret, self.loop):
                        if use_stage != self.max_stage:
                            replacements[operand] = ret
                        continue
                    dep = defining_op(ret)
                    if dep is None or dep not in self.stages or self.stages[dep] == use_stage:
                        continue
                    if self.stages[dep] == use_stage + 1:
                        replacements[operand] = mapping.get(ret, ret)
                        continue
                    source = ret
                definition = defining_op(source)
                if definition is None or definition not in self.stages or self.stages[definition] == use_stage:
                    continue
                replacements[operand] = new_args[arg_of[(operand, use_stage - self.stages[definition])]]
            value_map = {**mapping, **replacements}
            new = op.clone(value_mapper=value_map)
            builder.insert(new)
            pred = preds[use_stage]
            if pred is not None:
                new = predicate_op(Builder(self.ctx, anchor=new), new, pred)
            mapping.update(zip(op.results, new.results))
        yields: list[SSAValue] = []
        for n, value in enumerate(self.yields):
            source = mapping.get(value, value)
            if self.loop.results[n].uses:
                definition, _ = definition_and_distance(self.loop, value)
                if definition in self.stages and self.stages[definition] < self.max_stage:  # pyright: ignore[reportArgumentType]
                    pred = preds[self.stages[definition]]  # pyright: ignore[reportArgumentType]
                    assert pred is not None
                    source = builder.select(pred, source, new_args[n])
            yields.append(source)
        for value, (def_stage, last) in crossing.items():
            for _ in range(1, last - def_stage):
                # The older versions shift by one argument per iteration.
                yields.append(new_args[len(yields) + 1])
            yields.append(mapping.get(value, value))
        builder.insert(scf.YieldOp(*yields))
        return new_loop

    def run(self) -> Operation | None:
        if not self.valid():
            return None
        self.emit_prologue()
        new_loop = self.create_kernel(self.cross_stage_values())
        for old, new in zip(self.loop.results, new_loop.results):
            old.replace_all_uses_with(new)
        erase_op(self.loop)
        return new_loop


def _version(versions: dict[SSAValue, list[SSAValue | None]], value: SSAValue, index: int) -> SSAValue | None:
    found = versions.get(value)
    return found[index] if found is not None else None


# --------------------------------------------------------------------------------------------
# Waits
# --------------------------------------------------------------------------------------------


def commits_between(first: Operation | None, last: Operation | None) -> int:
    count = 0
    while first is not None and first is not last:
        count += isinstance(first, ttg.AsyncCommitGroupOp)
        first = first.next_op
    return count


def min_interleaved_commits(wait: Operation) -> int:
    """The fewest commit groups issued after the awaited ones, over every path
    (`minNumInterleavedCommitOps`)."""
    best = [1 << 31]

    def histories(value: SSAValue, sink: Operation, total: int) -> int:
        definition = defining_op(value)
        if definition is not None:
            total += commits_between(definition.next_op, sink)
            best[0] = min(best[0], total)
            return best[0]
        if isinstance(value, BlockArgument):
            loop = value.block.parent_op()
            if not isinstance(loop, scf.ForOp):
                return 0
            total += commits_between(value.block.first_op, sink)
            if total >= best[0]:
                return best[0]
            from_outside = histories(loop.operands[3 + value.index - 1], loop, total)
            terminator = value.block.last_op
            assert terminator is not None
            from_previous = histories(terminator.operands[value.index - 1], terminator, total)
            return min(from_outside, from_previous, best[0])
        return 0

    if not wait.operands:
        return 0
    result = 1 << 31
    for value in wait.operands:
        anchor = wait
        region = value.block.parent if isinstance(value, BlockArgument) else value.owner.parent_region()  # pyright: ignore[reportAttributeAccessIssue]
        while anchor.parent_region() is not region and anchor.parent_op() is not None:
            anchor = anchor.parent_op()  # pyright: ignore[reportAssignmentType]
        result = min(result, histories(value, anchor, 0))
    return result


def update_waits(ctx: Context, module: ModuleOp) -> None:
    waits = [op for op in walk(module) if isinstance(op, ttg.AsyncWaitOp)]
    for wait in waits:
        wait.properties["num"] = IntegerAttr(min_interleaved_commits(wait), i32)
    merged: dict[Operation, Operation] = {}
    for wait in waits:
        if wait in merged:
            continue
        group, tokens = [wait], list(wait.operands)
        num = _num(wait)
        nxt = wait.next_op
        while nxt is not None and not isinstance(nxt, (scf.ForOp, scf.IfOp, scf.WhileOp, ttg.AsyncCommitGroupOp)):
            if isinstance(nxt, ttg.AsyncWaitOp):
                group.append(nxt)
                num = min(num, _num(nxt))
                tokens.extend(nxt.operands)
            nxt = nxt.next_op
        if len(group) == 1:
            continue
        combined = Builder(ctx, anchor=wait).op("ttg.async_wait", tokens, [AsyncTokenType()], num=IntegerAttr(num, i32))
        for member in group:
            merged[member] = combined
    for old, new in merged.items():
        old.results[0].replace_all_uses_with(new.results[0])
        erase_op(old)


def _num(wait: Operation) -> int:
    attr = wait.properties["num"]
    assert isinstance(attr, IntegerAttr)
    return attr.value.data


def apply_arith_patterns(op: Operation, rewriter: object) -> bool:
    return op.name.startswith("arith.") and apply_patterns(op, rewriter)  # pyright: ignore[reportArgumentType]


class TritonGPUPipeline(
    TtcPass, name="tritongpu-pipeline", summary="Software-pipeline scheduled loops with cp.async ring buffers"
):
    """Lower the loads of scheduled loops to async copies and expand the loops into pipelines."""

    num_stages: int = field(default=3, metadata={"help": "number of pipeline stages"})
    dump_intermediate_steps: bool = field(
        default=False, metadata={"help": "Triton prints the IR after lowering and after expansion (ttc: no-op)"}
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        axis = ModuleAxisInfo(op)
        for loop in loops_post_order(op):
            schedule = CoarseSchedule.deserialize(loop)
            if schedule is None:
                continue
            loop = lower_loads(ctx, loop, schedule, axis)
            schedule.serialize(loop)
        for loop in loops_post_order(op):
            schedule = CoarseSchedule.deserialize(loop)
            if schedule is None or not schedule.ops:
                continue
            LoopExpander(ctx, loop, schedule.final_schedule(loop)).run()
        remove_pipelining_attributes(op)
        for loop in loops_post_order(op):
            if num_stages_or_default(loop, self.num_stages) >= 1:
                async_launch_dots(loop)
        update_waits(ctx, op)
        apply_patterns_greedily(ctx, op.body, apply_arith_patterns)
        loops = [loop for loop in loops_post_order(op) if num_stages_or_default(loop, self.num_stages) > 1]
        if self.num_stages > 1:
            loops += [while_op for while_op in post_order(op) if isinstance(while_op, scf.WhileOp)]
        for loop in loops:
            pipeline_tma_stores(loop)
