"""`triton-loop-aware-cse`: Triton's LoopAwareCSE.cpp.

Plain CSE cannot merge two `scf.for` iter_args that always hold the same value, since each is a
distinct block argument. This pass proves such pairs: iter_args i and j are equal when their
inits are the same value and, assuming i and j equal, their yielded values are equal in the
loop: the same value, or results at the same position of side-effect-free ops without regions
that are equivalent (same name, attributes and result types) with operands equal in the loop,
or iter_args themselves equal by the same rule (assumed pairs break the recursion). The
induction variable and values defined outside the loop are only equal to themselves.

The pass runs CSE, then merges each class of equal iter_args into its first member (the others
yield themselves, their results are replaced by the first's), runs CSE again, and cleans the
loops up with the `scf.for` canonicalization patterns.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.dialects.upstream import scf
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.cse import eliminate_common_subexpressions
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.patterns.scf import fold_forwarded_iter_args, simplify_trivial_loop
from ttc.transforms.utils import is_memory_effect_free


class LoopCseDriver:
    """Triton's `LoopCSEDriver`: equality of one `scf.for`'s iter_args and body values."""

    def __init__(self, loop: Operation) -> None:
        self.loop = loop
        body = loop.regions[0].blocks.first
        assert body is not None and body.last_op is not None
        self.body: Block = body
        self.inits = list(loop.operands[3:])
        self.yielded = list(body.last_op.operands)
        self.assumed: list[tuple[int, int]] = []

    def iter_args_equal(self, i: int, j: int) -> bool:
        if i == j:
            return True
        if self.inits[i] is not self.inits[j]:
            return False
        if (i, j) in self.assumed:
            return True
        self.assumed.append((i, j))
        result = self.equal_in_loop(self.yielded[i], self.yielded[j])
        self.assumed.pop()
        return result

    def equal_in_loop(self, a: SSAValue, b: SSAValue) -> bool:
        if a is b:
            return True
        if a.type != b.type:
            return False
        if _block_of(a) is not self.body or _block_of(b) is not self.body:
            return False
        if isinstance(a, BlockArgument) != isinstance(b, BlockArgument):
            return False
        induction = self.body.args[0]
        if a is induction or b is induction:
            return False
        if isinstance(a, BlockArgument) and isinstance(b, BlockArgument):
            return self.iter_args_equal(a.index - 1, b.index - 1)
        assert isinstance(a, OpResult) and isinstance(b, OpResult)
        op_a, op_b = a.op, b.op
        if a.index != b.index:
            return False
        if not is_memory_effect_free(op_a) or not is_memory_effect_free(op_b):
            return False
        if op_a.regions or op_b.regions:
            return False
        return (
            op_a.name == op_b.name
            and op_a.properties == op_b.properties
            and op_a.attributes == op_b.attributes
            and op_a.result_types == op_b.result_types
            and len(op_a.operands) == len(op_b.operands)
            and all(map(self.equal_in_loop, op_a.operands, op_b.operands))
        )


def _block_of(value: SSAValue) -> Block | None:
    return value.block if isinstance(value, BlockArgument) else value.owner.parent  # pyright: ignore[reportAttributeAccessIssue]


def merge_equal_iter_args(loop: Operation) -> None:
    """Triton's `loopCSE`: each class of equal iter_args keeps its first member."""
    driver = LoopCseDriver(loop)
    count = len(driver.inits)
    leader = list(range(count))

    def find(i: int) -> int:
        while leader[i] != i:
            i = leader[i]
        return i

    for i in range(count):
        for j in range(i + 1, count):
            if driver.iter_args_equal(i, j):
                a, b = find(i), find(j)
                leader[max(a, b)] = min(a, b)
    yield_op = driver.body.last_op
    assert yield_op is not None
    args = driver.body.args[1:]
    for j in range(count):
        first = find(j)
        if first == j:
            continue
        args[j].replace_all_uses_with(args[first])
        yield_op.operands[j] = args[j]
        loop.results[j].replace_all_uses_with(loop.results[first])


def _simplify_loops(op: Operation, rewriter: PatternRewriter) -> bool:
    """The `scf.for` canonicalization patterns."""
    return isinstance(op, scf.ForOp) and (
        simplify_trivial_loop(op, rewriter) or fold_forwarded_iter_args(op, rewriter)
    )


class TritonLoopAwareCsePass(
    TtcPass, name="triton-loop-aware-cse", summary="CSE that also merges loop iter_args equal on every iteration"
):
    """Merge provably equal loop iter_args between two CSE runs."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        eliminate_common_subexpressions(op)
        for loop in [o for o in walk(op, region_first=True) if isinstance(o, scf.ForOp)]:
            merge_equal_iter_args(loop)
        eliminate_common_subexpressions(op)
        apply_patterns_greedily(ctx, op.body, _simplify_loops)
