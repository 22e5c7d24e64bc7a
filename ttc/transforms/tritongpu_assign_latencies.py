"""`tritongpu-assign-latencies`: mark the loads of a loop that the pipeliner should make
asynchronous, with how many iterations ahead they run (Triton's AssignLatencies.cpp).

In every innermost `scf.for` that can be pipelined (no value carried across two iterations) and
has more than one stage (`tt.num_stages` on the loop, else `num-stages`), the loads (`tt.load`, and
`tt.descriptor_load`, which becomes a TMA copy) feeding a dot's
A or B operand, directly or through other loads, get `tt.latency = (stages - 1) / (levels + 1)`,
where `levels` is the deepest chain of loads feeding loads. A load is left out when it is too
narrow for `cp.async` (under 32 bits per thread), when its users need different shared layouts,
when its `local_alloc` users disagree on a layout or would copy fewer than 4 bytes at a time, when
it is reached at two different depths, and when its depth leaves no stage for it. A descriptor load
is left out only when one stage of its buffer is not a multiple of the 128-byte TMA alignment. A loop with
`tt.num_stages` also pipelines loads that feed no dot. A loop whose ops already carry latencies
keeps them. (The MMAv5 latencies of Blackwell do not arise on the targets ttc compiles for.)
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i32
from xdsl.ir import Operation

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.ops import DotOpInterface
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttng.tmem import TMEMStoreOp
from ttc.ir.traits import has_trait
from ttc.ir.values import users
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.pipeline_loads import (
    DESCRIPTOR_LOADS,
    can_be_converted_to_async_load,
    can_pipeline_tma_load,
    copy_vec_bytes,
    has_shared_layout,
    shared_enc_if_all_users_are_dot_enc,
)
from ttc.transforms.pipeline_schedule import (
    LATENCY,
    NUM_STAGES,
    body_ops,
    defining_op,
    is_outer_loop,
    loop_has_dist_greater_than_one,
    loops_post_order,
    nested_operands,
    num_stages_or_default,
)

LOAD_OPS = (tt.LoadOp, *DESCRIPTOR_LOADS)


def is_pipelining_beneficial(load: Operation, axis: ModuleAxisInfo, filter_small: bool = True) -> bool:
    """`AssignLoadLatencies::isPipeliningBeneficial`."""
    if isinstance(load, DESCRIPTOR_LOADS):
        return not has_shared_layout(load.operands[0]) or can_pipeline_tma_load(load)
    if filter_small and not can_be_converted_to_async_load(axis, load):
        return False
    _, incompatible = shared_enc_if_all_users_are_dot_enc(load.results[0])
    if incompatible:
        return False
    alloc_encoding = None
    for user in users(load.results[0]):
        if not isinstance(user, ttg.LocalAllocOp):
            continue
        encoding = user.results[0].type.encoding  # pyright: ignore[reportAttributeAccessIssue]
        if alloc_encoding is None:
            alloc_encoding = encoding
        elif encoding != alloc_encoding:
            return False
    # cp.async copies at least 4 consecutive bytes.
    return not (
        alloc_encoding is not None
        and filter_small
        and copy_vec_bytes(load.results[0].type, alloc_encoding) < 4  # pyright: ignore[reportArgumentType]
    )


def loads_to_indirection_level(
    loop: Operation, pipeline_without_dot: bool, axis: ModuleAxisInfo, num_stages: int
) -> dict[Operation, tuple[int, Operation]]:
    """Each pipelinable load of `loop` with its distance from the dot (0: feeds it directly, 1:
    feeds a load that feeds it, ...) and the op it finally feeds (`loadOpsToIndirectionLevel`)."""
    levels: dict[Operation, tuple[int, Operation]] = {}
    seen: set[Operation] = set()
    excluded: set[Operation] = set()

    def dfs(op: Operation, final_user: Operation, distance: int) -> None:
        if op in seen or op in excluded:
            return
        seen.add(op)
        if isinstance(op, LOAD_OPS):
            if not is_pipelining_beneficial(op, axis):
                return
            if op in levels:
                if levels[op][0] != distance:
                    del levels[op]
                    excluded.add(op)
                    return
            else:
                levels[op] = (distance, final_user)
            final_user = op
            distance += 1
        for operand in nested_operands(op):
            if has_trait(op, DotOpInterface) and operand is op.operands[2]:
                continue
            definition = defining_op(operand)
            if definition is not None and definition.parent_block() is op.parent_block():
                dfs(definition, final_user, distance)

    for op in body_ops(loop):
        if has_trait(op, DotOpInterface) or isinstance(op, TMEMStoreOp):
            seen.clear()
            dfs(op, op, 0)
    if pipeline_without_dot:
        for op in body_ops(loop):
            if not isinstance(op, LOAD_OPS):
                dfs(op, op, 0)
    return {op: info for op, info in levels.items() if info[0] < num_stages - 1}


class TritonGPUAssignLatencies(
    TtcPass,
    name="tritongpu-assign-latencies",
    summary="Assign pipelining latencies to the loads that feed dots in loops",
):
    """Give loads feeding dots in pipelinable loops a `tt.latency`."""

    num_stages: int = field(default=3, metadata={"help": "number of pipeline stages"})

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        loops = [
            loop
            for loop in loops_post_order(op)
            if not loop_has_dist_greater_than_one(loop)
            and not is_outer_loop(loop)
            and num_stages_or_default(loop, self.num_stages) > 1
        ]
        if not loops:
            return
        axis = ModuleAxisInfo(op)
        latencies: dict[Operation, int] = {}
        for loop in loops:
            if any(LATENCY in body_op.attributes for body_op in body_ops(loop)):
                continue
            stages = num_stages_or_default(loop, self.num_stages)
            levels = loads_to_indirection_level(loop, NUM_STAGES in loop.attributes, axis, stages)
            if not levels:
                continue
            deepest = max(level for level, _ in levels.values())
            for load in levels:
                latencies[load] = (stages - 1) // (deepest + 1)
        for load, latency in latencies.items():
            load.attributes[LATENCY] = IntegerAttr(latency, i32)
