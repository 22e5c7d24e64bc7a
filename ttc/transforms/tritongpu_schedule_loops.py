"""`tritongpu-schedule-loops`: the coarse schedule of each loop with latencies (Triton's
ScheduleLoops.cpp).

The `tt.latency` attributes are taken off. In a loop that can be pipelined (nothing carried across
two iterations, no inner loop, no barrier, assert or print), every op downstream of a latency op
gets the stage `maxDistance - distance`, where an op's distance is the longest sum of latencies
on a path from it to the end of the iteration; stage `s` ops go to cluster `maxStage - s`, and
`scf.if`s among them to an epilogue cluster. Then `scf.if`s feeding scheduled ops go to a
prologue cluster at the front and the other `scf.if`s to a new cluster at the back; dependencies
join their users' stage and cluster (the earliest one); values carried from the previous
iteration into a non-final stage are scheduled one stage later in a cluster just before their
user (loads: with their user); everything left goes to the last stage, in a cluster no earlier
than its operands'. The result is written as `loop.stage`/`loop.cluster` on the body's ops and
`tt.scheduled_max_stage` on the loop.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation

from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.upstream import scf
from ttc.ir.int_attrs import int_attribute
from ttc.ir.values import users
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.pipeline_schedule import (
    LATENCY,
    CoarseSchedule,
    Cluster,
    body_of,
    body_ops,
    defining_op,
    find_ancestor_in_block,
    is_outer_loop,
    loop_has_dist_greater_than_one,
    loops_post_order,
    nested_operands,
    post_order,
    schedule_dependencies,
)

UNSAFE_OPS = (ttg.BarrierOp, tt.AssertOp, tt.PrintOp)


def is_safe_to_pipeline(loop: Operation) -> bool:
    if loop_has_dist_greater_than_one(loop) or is_outer_loop(loop):
        return False
    return not any(isinstance(op, UNSAFE_OPS) for op in walk(loop))


def schedule_key_ops(loop: Operation, latencies: dict[Operation, int]) -> CoarseSchedule:
    """Stages from the longest latency path to the end of the iteration (`scheduleKeyOps`)."""
    body = body_of(loop)
    terminator = body.last_op
    latency_ops = [op for op in body_ops(loop) if op in latencies]
    if not latency_ops:
        return CoarseSchedule(0)
    distance: dict[Operation, int] = {}

    def compute(op: Operation) -> int:
        if op in distance:
            return distance[op]
        longest = -1
        for result in op.results:
            for use in list(result.uses):
                user = find_ancestor_in_block(body, use.operation)
                if user is None or user is terminator:
                    continue
                longest = max(longest, compute(user))
        value = latencies.get(op, 0) + max(longest, 0)
        distance[op] = value
        return value

    max_distance = max(0, *(compute(op) for op in latency_ops))
    stages = {op: max_distance - d for op, d in distance.items() if d >= 0}
    max_stage = max(stages.values())
    schedule = CoarseSchedule(max_stage + 1)
    clusters = [schedule.new_at_back() for _ in range(max_stage + 1)]
    for op, stage in stages.items():
        schedule.insert(op, stage, clusters[max_stage - stage])
    epilogue = schedule.new_at_back()
    for op, stage in stages.items():
        if not isinstance(op, scf.IfOp) or op in latencies:
            continue
        if any(sliced in stages for sliced in _forward_slice(op)):
            continue
        schedule.insert(op, stage, epilogue)
    return schedule


def _forward_slice(op: Operation) -> list[Operation]:
    found: dict[Operation, None] = {}
    work = [op]
    while work:
        current = work.pop()
        for nested in post_order(current):
            for result in nested.results:
                for user in users(result):
                    if user not in found:
                        found[user] = None
                        work.append(user)
    return list(found)


def _backward_slice(op: Operation) -> list[Operation]:
    """MLIR's `getBackwardSlice` with block arguments omitted and values from above followed."""
    found: dict[Operation, None] = {}

    def visit(current: Operation) -> None:
        for operand in nested_operands(current) if current.regions else current.operands:
            definition = defining_op(operand)
            if definition is None or definition in found:
                continue
            visit(definition)
            found[definition] = None

    visit(op)
    return list(found)


def schedule_prologue_and_epilogue(loop: Operation, schedule: CoarseSchedule) -> Cluster:
    """`scf.if`s feeding scheduled ops go first, the others last; returns the first cluster of
    the loop body proper."""
    after_prologue = schedule.clusters[0]
    ifs: dict[Operation, int] = {}
    for stage in range(schedule.num_stages):
        for op, op_stage, _ in schedule.ops_in_order(loop):
            if op_stage != stage:
                continue
            for sliced in _backward_slice(op):
                if isinstance(sliced, scf.IfOp) and sliced not in ifs:
                    ifs[sliced] = stage
    if ifs:
        prologue = schedule.new_at_front()
        for if_op, stage in ifs.items():
            schedule.insert_if_absent(if_op, stage, prologue)
    epilogue = schedule.new_at_back()
    for op in body_ops(loop):
        if isinstance(op, scf.IfOp) and op not in ifs:
            schedule.insert_if_absent(op, schedule.num_stages - 1, epilogue)
    return after_prologue


def schedule_distance_one_dependencies(loop: Operation, schedule: CoarseSchedule) -> None:
    """Values a non-final stage takes from the previous iteration run one stage later, in a
    cluster right before their user's; loads run with their user."""
    num_stages = schedule.num_stages
    before: dict[Cluster, Cluster] = {}
    body = body_of(loop)
    terminator = body.last_op
    assert terminator is not None
    for op in body_ops(loop):
        if op not in schedule:
            continue
        stage, cluster = schedule[op]
        if stage == num_stages - 1:
            continue
        for operand in nested_operands(op):
            if not isinstance(operand, BlockArgument) or operand.index == 0 or operand.block is not body:
                continue
            definition = defining_op(terminator.operands[operand.index - 1])
            if definition is None or definition in schedule:
                continue
            if isinstance(definition, tt.LoadOp):
                schedule.insert_if_absent(definition, stage, cluster)
                schedule.insert_deps_of_op(definition, stage, cluster, include_arg=True, if_earlier=True)
            else:
                if cluster not in before:
                    before[cluster] = schedule.new_before(cluster)
                schedule.insert_if_absent(definition, stage + 1, before[cluster])
                schedule.insert_deps_of_op(
                    definition, stage + 1, before[cluster], include_arg=True, if_earlier=True
                )


def schedule_remaining_to_last_stage(loop: Operation, schedule: CoarseSchedule, after_prologue: Cluster) -> None:
    num_stages = schedule.num_stages
    op_cluster = {op: after_prologue for op in body_ops(loop) if op not in schedule}
    queue = [op for op, stage, _ in schedule.ops_in_order(loop) if stage == num_stages - 1]
    while queue:
        op = queue.pop()
        for result in op.results:
            for user in users(result):
                if user not in op_cluster:
                    continue
                current = schedule[op][1] if op in schedule else op_cluster[op]
                if schedule.cluster_id(op_cluster[user]) < schedule.cluster_id(current):
                    op_cluster[user] = current
                    queue.append(user)
    for op, cluster in op_cluster.items():
        schedule.insert(op, num_stages - 1, cluster)


def schedule_loop(loop: Operation, latencies: dict[Operation, int]) -> None:
    if not is_safe_to_pipeline(loop):
        return
    if not any(op in latencies for op in body_ops(loop)):
        return
    schedule = schedule_key_ops(loop, latencies)
    if not schedule.ops:
        return
    after_prologue = schedule_prologue_and_epilogue(loop, schedule)
    schedule_dependencies(loop, schedule)
    schedule_distance_one_dependencies(loop, schedule)
    schedule_remaining_to_last_stage(loop, schedule, after_prologue)
    schedule.serialize(loop)


def take_latencies(root: Operation) -> dict[Operation, int]:
    """The `tt.latency` of every op under `root`, removed from the IR (`deserializeLatencies`)."""
    latencies: dict[Operation, int] = {}
    for op in walk(root):
        value = int_attribute(op, LATENCY)
        if value is not None:
            latencies[op] = value
            del op.attributes[LATENCY]
    return latencies


class TritonGPUScheduleLoops(
    TtcPass,
    name="tritongpu-schedule-loops",
    summary="Give the ops of loops with latencies a pipeline stage and cluster",
):
    """Write the coarse pipelining schedule of every loop with latencies."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        latencies = take_latencies(op)
        for loop in loops_post_order(op):
            schedule_loop(loop, latencies)
