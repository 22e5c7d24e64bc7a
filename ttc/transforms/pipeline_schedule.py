"""The coarse schedule of Triton's software pipeliner (Schedule.h/Schedule.cpp and the loop helpers
of PipeliningUtility.cpp), shared by `tritongpu-schedule-loops` and `tritongpu-pipeline`.

A `CoarseSchedule` gives each op of an `scf.for` body a stage (the iteration, counted from the
loop's current one, in which the op runs) and a cluster (its position among the ops of one
iteration of the pipelined loop). Clusters form an ordered list; a cluster's number is its position
in the list, so inserting a cluster renumbers those after it, as Triton's `ClusterList` does. The
schedule is written to the IR as `loop.stage`/`loop.cluster` on the ops and
`tt.scheduled_max_stage` on the loop, and read back from there.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from ttc.dialects.upstream import scf
from ttc.ir.int_attrs import int_attribute
from ttc.ir.walk import walk

LOOP_STAGE = "loop.stage"
LOOP_CLUSTER = "loop.cluster"
SCHEDULED_MAX_STAGE = "tt.scheduled_max_stage"
LATENCY = "tt.latency"
SELF_LATENCY = "tt.self_latency"
NUM_STAGES = "tt.num_stages"


class Cluster:
    """One cluster of a schedule; its number is its position in `CoarseSchedule.clusters`."""

    __slots__ = ()


def body_of(loop: Operation) -> Block:
    block = loop.regions[0].blocks.first
    assert block is not None
    return block


def body_ops(loop: Operation) -> list[Operation]:
    """The ops of an `scf.for` body without its terminator."""
    return list(body_of(loop).ops)[:-1]


def post_order(op: Operation) -> Iterator[Operation]:
    """`op` and its nested ops in MLIR's default walk order (nested ops before their parent),
    for callers that do not change the IR while they iterate."""
    return walk(op, region_first=True)


def is_proper_ancestor(ancestor: Operation, op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.parent_op()
    return False


def defining_block(value: SSAValue) -> Block | None:
    if isinstance(value, BlockArgument):
        return value.block
    return value.owner.parent_block() if isinstance(value.owner, Operation) else None


def nested_operands(op: Operation) -> list[SSAValue]:
    """Triton's `getNestedOperands`: operands of `op` and its nested ops defined outside `op`."""
    operands: list[SSAValue] = []
    for nested in post_order(op):
        for operand in nested.operands:
            block = defining_block(operand)
            parent = block.parent_op() if block is not None else None
            if parent is not None and is_proper_ancestor(parent, op):
                operands.append(operand)
    return operands


def is_defined_inside(value: SSAValue, op: Operation) -> bool:
    """`value` is defined in a region of `op` (MLIR's `isDefinedOutsideOfLoop`, negated)."""
    block = defining_block(value)
    while block is not None:
        parent = block.parent_op()
        if parent is op:
            return True
        block = parent.parent_block() if parent is not None else None
    return False


def defining_op(value: SSAValue) -> Operation | None:
    return value.owner if isinstance(value.owner, Operation) else None


def yielded(loop: Operation, arg: BlockArgument) -> SSAValue:
    """The value the loop's yield passes to iter-arg block argument `arg`."""
    terminator = body_of(loop).last_op
    assert terminator is not None
    return terminator.operands[arg.index - 1]


def definition_and_distance(loop: Operation, value: SSAValue) -> tuple[Operation | None, int]:
    """Triton's `getDefiningOpAndDistance`: the op of the loop body defining `value` through the
    loop-carried arguments, and how many iterations back."""
    distance = 0
    seen: set[SSAValue] = set()
    body = body_of(loop)
    while isinstance(value, BlockArgument):
        if value.block is not body or value.index == 0:
            return None, 0
        distance += 1
        value = yielded(loop, value)
        if value in seen:
            return None, 0
        seen.add(value)
    return defining_op(value), distance


def loop_has_dist_greater_than_one(loop: Operation) -> bool:
    """A yield operand that is a block argument carries a value across two iterations."""
    terminator = body_of(loop).last_op
    assert terminator is not None
    return any(defining_op(v) is None for v in terminator.operands)


def is_outer_loop(loop: Operation) -> bool:
    return any(isinstance(op, (scf.ForOp, scf.WhileOp)) for op in body_of(loop).ops)


def num_stages_or_default(loop: Operation, default: int) -> int:
    value = int_attribute(loop, NUM_STAGES)
    return default if value is None else value


def find_ancestor_in_block(block: Block, op: Operation) -> Operation | None:
    current: Operation | None = op
    while current is not None and current.parent_block() is not block:
        current = current.parent_op()
    return current


def loops_post_order(root: Operation) -> list[Operation]:
    """Every `scf.for` under `root`, inner loops first (MLIR's walk order)."""
    return [op for op in post_order(root) if isinstance(op, scf.ForOp)]


class CoarseSchedule:
    """Triton's `CoarseSchedule`: op -> (stage, cluster) in insertion order, and the cluster list."""

    def __init__(self, num_stages: int = 0) -> None:
        self.num_stages = num_stages
        self.clusters: list[Cluster] = []
        self.ops: dict[Operation, tuple[int, Cluster]] = {}

    # -- clusters ----------------------------------------------------------------------------

    def new_at_back(self) -> Cluster:
        cluster = Cluster()
        self.clusters.append(cluster)
        return cluster

    def new_at_front(self) -> Cluster:
        cluster = Cluster()
        self.clusters.insert(0, cluster)
        return cluster

    def new_before(self, cluster: Cluster) -> Cluster:
        new = Cluster()
        self.clusters.insert(self.clusters.index(cluster), new)
        return new

    def cluster_id(self, cluster: Cluster) -> int:
        return self.clusters.index(cluster)

    def is_before(self, a: Cluster, b: Cluster) -> bool:
        return a is not b and self.cluster_id(a) < self.cluster_id(b)

    # -- ops ---------------------------------------------------------------------------------

    def __contains__(self, op: Operation) -> bool:
        return op in self.ops

    def __getitem__(self, op: Operation) -> tuple[int, Cluster]:
        return self.ops[op]

    def insert(self, op: Operation, stage: int, cluster: Cluster) -> None:
        self.num_stages = max(self.num_stages, stage + 1)
        self.ops[op] = (stage, cluster)

    def insert_if_absent(self, op: Operation, stage: int, cluster: Cluster) -> bool:
        if op in self.ops:
            return False
        self.insert(op, stage, cluster)
        return True

    def insert_minimum(self, op: Operation, stage: int, cluster: Cluster) -> bool:
        """Insert `op`, or move it to (`stage`, `cluster`) if that is earlier than where it is."""
        if op not in self.ops:
            self.ops[op] = (stage, cluster)
            return True
        existing_stage, existing_cluster = self.ops[op]
        if stage < existing_stage:
            self.ops[op] = (stage, cluster)
            return True
        if stage > existing_stage:
            return False
        if self.is_before(cluster, existing_cluster):
            self.ops[op] = (stage, cluster)
            return True
        return False

    def erase(self, op: Operation) -> None:
        self.ops.pop(op, None)

    def insert_deps_of_op(
        self, op: Operation, stage: int, cluster: Cluster, include_arg: bool, if_earlier: bool = False
    ) -> bool:
        """Schedule the ops of `op`'s block that `op` depends on with it (`insertDepsOfOp`)."""
        inserted = False
        block = op.parent_block()
        for operand in nested_operands(op):
            value = operand
            seen: set[SSAValue] = set()
            while isinstance(value, BlockArgument) and include_arg and value not in seen:
                seen.add(value)
                if value.index > 0 and value.block is block:
                    terminator = block.last_op
                    assert terminator is not None
                    value = terminator.operands[value.index - 1]
                    continue
                break
            definition = defining_op(value)
            if definition is None or definition.parent_block() is not block:
                continue
            added = (
                self.insert_minimum(definition, stage, cluster)
                if if_earlier
                else self.insert_if_absent(definition, stage, cluster)
            )
            if added:
                inserted = True
                self.insert_deps_of_op(definition, stage, cluster, include_arg, if_earlier)
        return inserted

    def ops_in_order(self, loop: Operation) -> list[tuple[Operation, int, Cluster]]:
        """Scheduled ops by cluster, then in block order (`getOpsInOrder`)."""
        by_cluster: dict[int, list[tuple[Operation, int, Cluster]]] = {}
        for op in body_ops(loop):
            if op in self.ops:
                stage, cluster = self.ops[op]
                by_cluster.setdefault(self.cluster_id(cluster), []).append((op, stage, cluster))
        return [entry for key in sorted(by_cluster) for entry in by_cluster[key]]

    def final_schedule(self, loop: Operation) -> list[tuple[Operation, int]]:
        return [(op, stage) for op, stage, _ in self.ops_in_order(loop)]

    # -- IR ----------------------------------------------------------------------------------

    def serialize(self, loop: Operation) -> None:
        for op, stage, cluster in self.ops_in_order(loop):
            op.attributes[LOOP_STAGE] = IntegerAttr(stage, i32)
            op.attributes[LOOP_CLUSTER] = IntegerAttr(self.cluster_id(cluster), i32)
        max_stage = self.num_stages - 1
        existing = int_attribute(loop, SCHEDULED_MAX_STAGE)
        if existing is not None:
            max_stage = max(max_stage, existing)
        loop.attributes[SCHEDULED_MAX_STAGE] = IntegerAttr(max_stage, i32)

    @classmethod
    def deserialize(cls, loop: Operation) -> CoarseSchedule | None:
        """The schedule written on `loop`, or None when it has none (`deSerialize`), with cluster
        numbers renumbered from the smallest."""
        max_stage = int_attribute(loop, SCHEDULED_MAX_STAGE)
        if max_stage is None:
            return None
        schedule = cls(max_stage + 1)
        scheduled = [
            op for op in body_ops(loop) if LOOP_STAGE in op.attributes and LOOP_CLUSTER in op.attributes
        ]
        ids = [int_attribute(op, LOOP_CLUSTER) or 0 for op in scheduled]
        low = min(ids, default=0)
        clusters = {i: schedule.new_at_back() for i in range(low, max(ids, default=-1) + 1)}
        for op in body_ops(loop):
            if LOOP_STAGE not in op.attributes:
                continue
            stage = int_attribute(op, LOOP_STAGE) or 0
            cluster = int_attribute(op, LOOP_CLUSTER)
            if cluster is None:
                continue
            schedule.insert(op, stage, clusters[cluster])
        return schedule


def schedule_dependencies(loop: Operation, schedule: CoarseSchedule) -> None:
    """Put every op's in-block dependencies in its stage and cluster, stage by stage
    (`scheduleDependencies`)."""
    in_order = schedule.ops_in_order(loop)
    for stage in range(schedule.num_stages):
        for op, op_stage, cluster in in_order:
            if op_stage == stage:
                schedule.insert_deps_of_op(op, stage, cluster, include_arg=False, if_earlier=True)


def remove_pipelining_attributes(root: Operation) -> None:
    for op in walk(root):
        for name in (LOOP_STAGE, LOOP_CLUSTER, SCHEDULED_MAX_STAGE):
            op.attributes.pop(name, None)
