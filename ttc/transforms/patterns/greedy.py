"""MLIR's greedy pattern driver and constant folder (`applyPatternsGreedily`, `OperationFolder`).

The order of rewrites decides the order of ops in the output, so this follows MLIR's
`RegionPatternRewriteDriver` step by step:

- each iteration walks the region; constants met on the way are uniqued per insertion region
  (the closest isolated-from-above ancestor's entry block) and hoisted to its start, as
  `OperationFolder::insertKnownConstant` does; every other op goes on the worklist (with its
  ancestors). Top-down traversal (the canonicalizer's setting) walks in pre-order and reverses
  the worklist so that ops are processed in order; bottom-up traversal (MLIR's default for
  `applyPatternsGreedily`, which Triton's passes use) walks in post-order and pops from the end,
  so the last ops of a block are processed first;
- an op taken from the worklist is erased when trivially dead (the effects of nested ops are
  remembered until the next rewrite, so a deep loop nest is not walked once per loop), else
  folded (constants of the folded results are materialized right before it), else offered to
  the patterns;
- the rewriter's notifications feed the worklist as MLIR's do: inserted and modified ops go on it
  with their ancestors, the operands of an erased op go on it when at most one other user remains;
- after the worklist is empty, regions are simplified (unreachable blocks erased, dead ops
  removed), and the whole thing repeats while something changed, at most `max_iterations` times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from xdsl.context import Context
from xdsl.ir import Attribute, Block, Operation, OpResult, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriterListener
from xdsl.ir.post_order import PostOrderIterator
from xdsl.rewriter import InsertPoint
from xdsl.traits import ConstantLike

from ttc.ir.traits import has_trait
from ttc.ir.values import constant_value
from ttc.ir.walk import walk
from ttc.transforms.patterns import IN_PLACE, fold_op
from ttc.transforms.patterns.context import using_context
from ttc.transforms.utils import EffectCache, erase_op, create_constant, insertion_region, is_trivially_dead, move_to_start, postorder, preorder, would_be_trivially_dead

PatternSet = Callable[[Operation, PatternRewriter], bool]


class RegionSimplify(Enum):
    """MLIR's `GreedySimplifyRegionLevel` (the canonicalizer's `region-simplify` option)."""

    DISABLED = "disabled"
    NORMAL = "normal"
    AGGRESSIVE = "aggressive"


@dataclass(frozen=True)
class GreedyConfig:
    """MLIR's `GreedyRewriteConfig`, the parts ttc's passes set."""

    fold: bool = True
    cse_constants: bool = True
    top_down: bool = True
    region_simplify: RegionSimplify = RegionSimplify.NORMAL
    max_iterations: int = 10


class OrderedWorklist:
    """MLIR's worklist: a stack without duplicates, O(1) removal, and in-place reversal."""

    def __init__(self) -> None:
        self._stack: list[Operation | None] = []
        self._index: dict[Operation, int] = {}

    def __bool__(self) -> bool:
        while self._stack and self._stack[-1] is None:
            self._stack.pop()
        return bool(self._stack)

    def push(self, op: Operation) -> None:
        if op not in self._index:
            self._index[op] = len(self._stack)
            self._stack.append(op)

    def __contains__(self, op: Operation) -> bool:
        return op in self._index

    def pop(self) -> Operation:
        while True:
            op = self._stack.pop()
            if op is not None:
                del self._index[op]
                return op

    def remove(self, op: Operation) -> None:
        index = self._index.pop(op, None)
        if index is not None:
            self._stack[index] = None

    def reverse(self) -> None:
        self._stack.reverse()
        size = len(self._stack)
        self._index = {op: size - 1 - i for op, i in self._index.items()}

    def clear(self) -> None:
        self._stack.clear()
        self._index.clear()


@dataclass
class ConstantFolder:
    """MLIR's `OperationFolder`: uniques constants per insertion region and hoists them."""

    ctx: Context
    _scopes: dict[Region, dict[tuple[str, Attribute, Attribute], Operation]] = field(
        default_factory=dict[Region, dict[tuple[str, Attribute, Attribute], Operation]]
    )
    _owned: dict[Operation, tuple[Region, tuple[str, Attribute, Attribute]]] = field(
        default_factory=dict[Operation, tuple[Region, tuple[str, Attribute, Attribute]]]
    )

    def _is_owned(self, op: Operation | None) -> bool:
        return op is not None and op in self._owned

    def insert_known_constant(
        self, op: Operation, value: Attribute, rewriter: PatternRewriter
    ) -> bool:
        """Unique `op`, a constant holding `value`; False when it was replaced (through
        `rewriter`) by an older one."""
        block = op.parent
        assert block is not None
        if op in self._owned:
            if block.first_op is not op and not self._is_owned(op.prev_op):
                move_to_start(op, block)
            return True
        region = insertion_region(block)
        key = (op.dialect_name(), value, op.results[0].type)
        constants = self._scopes.setdefault(region, {})
        existing = constants.get(key)
        if existing is not None:
            rewriter.replace(op, [], list(existing.results))
            return False
        entry = region.blocks.first
        assert entry is not None
        if block is not entry or (entry.first_op is not op and not self._is_owned(op.prev_op)):
            move_to_start(op, entry)
        constants[key] = op
        self._owned[op] = (region, key)
        return True

    def get_or_create(self, block: Block, value: Attribute, type_: Attribute) -> SSAValue:
        """MLIR's `OperationFolder::getOrCreateConstant`: the `arith.constant` of `value` uniqued
        in the insertion region of `block`, created at the start of its entry block when new."""
        region = insertion_region(block)
        key = ("arith", value, type_)
        constants = self._scopes.setdefault(region, {})
        constant = constants.get(key)
        if constant is None:
            constant = create_constant(self.ctx, value, type_)
            entry = region.blocks.first
            assert entry is not None
            move_to_start(constant, entry)
            constants[key] = constant
            self._owned[constant] = (region, key)
        return constant.results[0]

    def forget(self, op: Operation) -> None:
        """Drop `op` from the tables once it is erased."""
        entry = self._owned.pop(op, None)
        if entry is not None:
            region, key = entry
            del self._scopes[region][key]


class GreedyRewriteDriver:
    """Applies `patterns` and folding to a region until a fixed point, as MLIR does."""

    def __init__(self, ctx: Context, patterns: PatternSet, config: GreedyConfig) -> None:
        self.ctx = ctx
        self.patterns = patterns
        self.config = config
        self.worklist = OrderedWorklist()
        self.scope: Region | None = None
        self.listener = PatternRewriterListener(
            operation_insertion_handler=[self._on_inserted],
            operation_removal_handler=[self._on_removed],
            operation_modification_handler=[self._on_modified],
        )
        self.rewriter = PatternRewriter(InsertPoint.at_start(Block()))
        self.rewriter.extend_from_listener(self.listener)
        self.folder: ConstantFolder | None = None
        self.effects = EffectCache()

    # -- worklist maintenance (MLIR's listener hooks) ------------------------------------------

    def add_to_worklist(self, op: Operation, ancestors_listed: bool = False) -> None:
        """Push `op` and its ancestors inside the scope, as MLIR's `addToWorklist`.
        `ancestors_listed`: an op on the worklist has all its ancestors there too (true while
        the worklist is being filled), so the climb stops at the first listed ancestor."""
        chain: list[Operation] = []
        current: Operation | None = op
        while current is not None:
            if ancestors_listed and current in self.worklist:
                for item in chain:
                    self.worklist.push(item)
                return
            chain.append(current)
            region = current.parent_region()
            if region is self.scope:
                for item in chain:
                    self.worklist.push(item)
                return
            if region is None:
                return
            current = region.parent

    def _on_inserted(self, op: Operation) -> None:
        self.effects.clear()
        self.add_to_worklist(op)

    def _on_modified(self, op: Operation) -> None:
        self.effects.clear()
        self.add_to_worklist(op)

    def _on_removed(self, op: Operation) -> None:
        self.effects.clear()
        for nested in walk(op, region_first=True):
            self._erase_one(nested)

    def _erase_one(self, op: Operation) -> None:
        for operand in op.operands:
            owner = operand.owner
            if not isinstance(owner, Operation):
                continue
            others = {use.operation for use in operand.uses} - {op}
            if len(others) <= 1:
                self.add_to_worklist(owner)
        self.worklist.remove(op)
        if self.folder is not None:
            self.folder.forget(op)

    # -- the driver ----------------------------------------------------------------------------

    def simplify(self, region: Region) -> bool:
        """Rewrite `region` to a fixed point; whether anything changed."""
        with using_context(self.ctx):
            return self._simplify(region)

    def _simplify(self, region: Region) -> bool:
        self.scope = region
        changed = False
        for iteration in range(self.config.max_iterations):
            self.worklist.clear()
            self.folder = ConstantFolder(self.ctx)
            self._populate(region)
            progress = self._process()
            # Region simplification is idempotent, and uniquing constants cannot make an op dead
            # or a block unreachable: after an iteration that simplified the regions, a worklist
            # pass that changed nothing leaves nothing for it to do, so only its result (no
            # progress) is taken.
            if self.config.region_simplify is not RegionSimplify.DISABLED \
                    and (progress or iteration == 0):
                progress |= simplify_regions(region)
            changed |= progress
            if not progress:
                break
        self.folder = None
        return changed

    def _populate(self, region: Region) -> None:
        assert self.folder is not None
        order = preorder if self.config.top_down else postorder
        for op in order(region):
            if op.parent is None:
                continue
            if self.config.cse_constants and (value := _constant_attr_of(op)) is not None:
                if not self.folder.insert_known_constant(op, value, self.rewriter):
                    continue
            self.add_to_worklist(op, ancestors_listed=True)
        if self.config.top_down:
            self.worklist.reverse()

    def _process(self) -> bool:
        changed = False
        rewriter = self.rewriter
        self.effects.clear()
        while self.worklist:
            op = self.worklist.pop()
            if is_trivially_dead(op, self.effects):
                rewriter.erase(op)
                changed = True
                continue
            if self.config.fold and not has_trait(op, ConstantLike, value_if_unregistered=True):
                folded = fold_op(op)
                if folded is IN_PLACE:
                    self.effects.clear()
                    self.add_to_worklist(op)
                    changed = True
                    continue
                if folded is not None and self._replace_with_folded(op, folded):
                    self.effects.clear()
                    changed = True
                    continue
            rewriter.has_done_action = False
            rewriter.insertion_point = InsertPoint.before(op)
            if self.patterns(op, rewriter) or rewriter.has_done_action:
                self.effects.clear()
                changed = True
        return changed

    def _replace_with_folded(self, op: Operation, folded: Sequence[SSAValue | Attribute]) -> bool:
        new_ops: list[Operation] = []
        values: list[SSAValue] = []
        for result, item in zip(op.results, folded, strict=True):
            if isinstance(item, SSAValue):
                values.append(item)
                continue
            constant = create_constant(self.ctx, item, result.type)
            constant.location = op.location  # materialized at the folded op's location
            new_ops.append(constant)
            values.append(constant.results[0])
        self.rewriter.replace(op, new_ops, values)
        return True


def _constant_attr_of(op: Operation) -> Attribute | None:
    if len(op.results) != 1 or not has_trait(op, ConstantLike, value_if_unregistered=False):
        return None
    return constant_value(op.results[0])


def erase_unreachable_blocks(region: Region) -> bool:
    """Erase the blocks of `region` (and nested regions) that the entry cannot reach."""
    changed = False
    for block in region.blocks:
        for op in block.ops:
            for nested in op.regions:
                changed |= erase_unreachable_blocks(nested)
    entry = region.blocks.first
    if entry is None or entry.next_block is None:
        return changed
    reachable: set[Block] = {entry}
    stack = [entry]
    while stack:
        block = stack.pop()
        last = block.last_op
        if last is None:
            continue
        for successor in last.successors:
            if successor not in reachable:
                reachable.add(successor)
                stack.append(successor)
    for block in list(region.blocks):
        if block not in reachable:
            for op in block.ops:
                op.drop_all_references()
            for op in list(reversed(block.ops)):
                erase_op(op)
            region.erase_block(block, safe_erase=False)
            changed = True
    return changed


class _LiveSet:
    """The liveness of xDSL's `region_dce` (its `LiveSet`), solved in one walk: nothing changes
    while it is solved, so one `EffectCache` serves every op and nested effects are computed
    once."""

    def __init__(self) -> None:
        self.changed = False
        self.live: set[Operation] = set()
        self.effects = EffectCache()

    def solve(self, region: Region) -> None:
        """The least fixpoint xDSL reaches by sweeping the region until nothing changes: an op
        is live when it would not be dead or a live op uses one of its results. One walk of
        the blocks reachable from each region's entry finds the ops live by themselves; a
        worklist follows operands back to the ops that define them."""
        candidates: set[Operation] = set()
        pending: list[Operation] = []

        def collect(inner: Region) -> None:
            if inner.first_block is None:
                return
            for block in PostOrderIterator(inner.first_block):
                for op in block.ops:
                    candidates.add(op)
                    if not would_be_trivially_dead(op, self.effects):
                        pending.append(op)
                    for nested in op.regions:
                        collect(nested)

        collect(region)
        self.live.update(pending)
        while pending:
            for operand in pending.pop().operands:
                if not isinstance(operand, OpResult):
                    continue
                owner = operand.owner
                if owner in candidates and owner not in self.live:
                    self.live.add(owner)
                    pending.append(owner)

    def delete_dead(self, region: Region) -> None:
        first = region.first_block
        if first is None:
            return
        for block in reversed(region.blocks):
            if block is not first and not any(op in self.live for op in block.ops):
                self.changed = True
                region.erase_block(block, safe_erase=False)
                continue
            for op in reversed(block.ops):
                if op not in self.live:
                    self.changed = True
                    block.erase_op(op, safe_erase=False)
                else:
                    for nested in op.regions:
                        self.delete_dead(nested)


def region_dce(region: Region) -> bool:
    """xDSL's `region_dce`: ops that are not live (an effect, or a use by a live op) are erased,
    with blocks left without live ops; whether anything was."""
    live = _LiveSet()
    live.solve(region)
    live.delete_dead(region)
    return live.changed


def simplify_regions(region: Region) -> bool:
    """MLIR's `simplifyRegions` at the normal level: unreachable blocks, then region DCE."""
    changed = erase_unreachable_blocks(region)
    changed |= region_dce(region)
    return changed


def apply_patterns_greedily(
    ctx: Context, region: Region, patterns: PatternSet, config: GreedyConfig = GreedyConfig()
) -> bool:
    """MLIR's `applyPatternsGreedily` on one region; whether the IR changed."""
    return GreedyRewriteDriver(ctx, patterns, config).simplify(region)
