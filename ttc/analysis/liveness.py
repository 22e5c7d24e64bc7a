"""Value liveness over blocks and nested regions: MLIR's `Liveness` analysis (mlir/Analysis/Liveness).

Triton's shared-memory allocation (lib/Analysis/Allocation.cpp) asks MLIR, for each value that owns a
buffer, "at which operations is this value live?" and turns the answer into an interval of
post-order operation ids. This module answers the same question the same way:

* every block nested under the root gets *use* and *def* sets (a value used by an op nested inside a
  block's op counts as used by that block; results and nested block arguments count as defined);
* live-in/live-out sets are solved backwards over each region's CFG (successors of terminators),
  value by value along predecessors;
* `live_operations(value)` walks from the defining block through the blocks where the value is live,
  listing the operations from the start of its live range (the definition, or the block's first
  operation when live-in) to its end (the last user in the block, or the terminator when live-out).
"""

from __future__ import annotations

from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue


class Liveness:
    """Live-in/live-out sets of every block under `root`, and per-value live ranges."""

    def __init__(self, root: Operation) -> None:
        self.root = root
        self.blocks: list[Block] = list(root.walk_blocks())
        self._use: dict[Block, set[SSAValue]] = {}
        self._def: dict[Block, set[SSAValue]] = {}
        self._out_values: dict[Block, set[SSAValue]] = {}
        for block in self.blocks:
            self._build(block)
        self.live_in: dict[Block, set[SSAValue]] = {b: set() for b in self.blocks}
        self.live_out: dict[Block, set[SSAValue]] = {b: set() for b in self.blocks}
        self._solve()

    def _build(self, block: Block) -> None:
        defs: set[SSAValue] = set(block.args)
        uses: set[SSAValue] = set()
        out: set[SSAValue] = set()
        region = block.parent_region()
        for op in block.ops:
            for result in op.results:
                for use in result.uses:
                    owner = use.operation.parent_block()
                    if owner is None or region is None:
                        continue
                    ancestor = region.find_ancestor_block_in_region(owner)
                    if ancestor is not block:
                        out.add(result)
                        break
            for nested in op.walk():
                defs.update(nested.results)
                uses.update(nested.operands)
                for nested_region in nested.regions:
                    for nested_block in nested_region.blocks:
                        defs.update(nested_block.args)
        self._def[block] = defs
        self._use[block] = uses - defs
        self._out_values[block] = out

    @staticmethod
    def successors(block: Block) -> tuple[Block, ...]:
        """The CFG successors of `block` (those of its terminator)."""
        last = block.last_op
        return tuple(last.successors) if last is not None else ()

    def _solve(self) -> None:
        """The least fixed point of live_out(b) = out(b) ∪ live_in(successors) and
        live_in(b) = use(b) ∪ (live_out(b) - def(b)), value by value: a value live into a
        block becomes live out of each predecessor, and live into it unless defined there. The
        work is the size of the live ranges, not (blocks × rounds) as round-robin solving is in
        a deep loop nest."""
        predecessors: dict[Block, list[Block]] = {block: [] for block in self.blocks}
        for block in self.blocks:
            for succ in self.successors(block):
                if succ in predecessors:
                    predecessors[succ].append(block)
        pending: list[tuple[Block, SSAValue]] = []
        for block in self.blocks:
            self.live_out[block] = set(self._out_values[block])
            self.live_in[block] = set(self._use[block])
            pending.extend((block, value) for value in self._use[block])
        while pending:
            block, value = pending.pop()
            for pred in predecessors[block]:
                live_out = self.live_out[pred]
                if value in live_out:
                    continue
                live_out.add(value)
                if value not in self._def[pred] and value not in self.live_in[pred]:
                    self.live_in[pred].add(value)
                    pending.append((pred, value))

    def _start(self, block: Block, value: SSAValue) -> Operation:
        first = block.first_op
        assert first is not None
        if value in self.live_in[block] or not isinstance(value, OpResult):
            return first
        if value.op.parent_block() is not block:
            return first
        return value.op

    def _end(self, block: Block, value: SSAValue, start: Operation) -> Operation:
        if value in self.live_out[block]:
            last = block.last_op
            assert last is not None
            return last
        end = start
        for use in value.uses:
            user = block.find_ancestor_op_in_block(use.operation)
            if user is not None and end.is_before_in_block(user):
                end = user
        return end

    def live_operations(self, value: SSAValue) -> list[Operation]:
        """Every operation (of every block) at which `value` is live, as MLIR resolves it."""
        if isinstance(value, BlockArgument):
            home = value.block
        else:
            assert isinstance(value, OpResult)
            home = value.op.parent_block()
        assert home is not None
        to_process: list[Block] = [home]
        visited = {home}
        for use in value.uses:
            use_block = use.operation.parent_block()
            if use_block is not None and use_block not in visited:
                visited.add(use_block)
                to_process.append(use_block)
        result: list[Operation] = []
        while to_process:
            block = to_process.pop()
            if block.first_op is None:
                continue
            start = self._start(block, value)
            end = self._end(block, value, start)
            op: Operation | None = start
            while op is not None:
                result.append(op)
                if op is end:
                    break
                op = op.next_op
            for succ in self.successors(block):
                if succ not in visited and value in self.live_in.get(succ, ()):
                    visited.add(succ)
                    to_process.append(succ)
        return result
