"""Value liveness over blocks and nested regions: MLIR's `Liveness` analysis (mlir/Analysis/Liveness).

Triton's shared-memory allocation (lib/Analysis/Allocation.cpp) asks MLIR, for each value that owns a
buffer, "at which operations is this value live?" and turns the answer into an interval of
post-order operation ids. This module answers the same question the same way:

* a block *uses* a value when an op nested inside it does and *defines* it when the definition is
  nested inside it (results and nested block arguments);
* where a value is live in and live out is solved backwards over each region's CFG (successors of
  terminators), for the asked value only, from its uses along predecessors;
* `live_operations(value)` walks from the defining block through the blocks where the value is live,
  listing the operations from the start of its live range (the definition, or the block's first
  operation when live-in) to its end (the last user in the block, or the terminator when live-out).
"""

from __future__ import annotations

from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue


class Liveness:
    """Per-value live ranges under `root`, each solved when asked: only the values that own
    buffers are ever asked about, and solving every value's liveness for every block costs the
    sum of all live ranges (quadratic in a deep loop nest, where each induction variable is live
    in every block inside its loop)."""

    def __init__(self, root: Operation) -> None:
        self.root = root
        self.blocks: list[Block] = list(root.walk_blocks())
        self._predecessors: dict[Block, list[Block]] = {block: [] for block in self.blocks}
        for block in self.blocks:
            for succ in self.successors(block):
                if succ in self._predecessors:
                    self._predecessors[succ].append(block)

    @staticmethod
    def successors(block: Block) -> tuple[Block, ...]:
        """The CFG successors of `block` (those of its terminator)."""
        last = block.last_op
        return tuple(last.successors) if last is not None else ()

    @staticmethod
    def _enclosing_block(block: Block) -> Block | None:
        parent = block.parent_op()
        return parent.parent if parent is not None else None

    def live_blocks(self, value: SSAValue) -> tuple[set[Block], set[Block]]:
        """The blocks `value` is live into and live out of: MLIR's block equations
        live_out(b) = out(b) ∪ live_in(successors), live_in(b) = use(b) ∪ (live_out(b) - def(b)),
        where a block uses what the ops nested in it use and defines what they define, and
        out(b) holds the results of b's ops used in other blocks of b's region."""
        home = value.block if isinstance(value, BlockArgument) else value.op.parent_block()  # pyright: ignore[reportAttributeAccessIssue]
        defining: set[Block] = set()  # the blocks whose nested ops or arguments define `value`
        current: Block | None = home
        while current is not None:
            defining.add(current)
            current = self._enclosing_block(current)
        live_in: set[Block] = set()
        live_out: set[Block] = set()
        for use in value.uses:
            current = use.operation.parent_block()
            while current is not None and current not in defining and current not in live_in:
                if current in self._predecessors:
                    live_in.add(current)
                current = self._enclosing_block(current)
        if isinstance(value, OpResult) and home is not None and home.parent is not None:
            region = home.parent
            for use in value.uses:
                owner = use.operation.parent_block()
                if owner is not None and region.find_ancestor_block_in_region(owner) is not home:
                    live_out.add(home)
                    break
        pending = list(live_in)
        while pending:
            block = pending.pop()
            for pred in self._predecessors[block]:
                if pred in live_out:
                    continue
                live_out.add(pred)
                if pred not in defining and pred not in live_in:
                    live_in.add(pred)
                    pending.append(pred)
        return live_in, live_out

    @staticmethod
    def _start(block: Block, value: SSAValue, live_in: set[Block]) -> Operation:
        first = block.first_op
        assert first is not None
        if block in live_in or not isinstance(value, OpResult):
            return first
        if value.op.parent_block() is not block:
            return first
        return value.op

    @staticmethod
    def _end(block: Block, value: SSAValue, start: Operation, live_out: set[Block]) -> Operation:
        if block in live_out:
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
        live_in, live_out = self.live_blocks(value)
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
            start = self._start(block, value, live_in)
            end = self._end(block, value, start, live_out)
            op: Operation | None = start
            while op is not None:
                result.append(op)
                if op is end:
                    break
                op = op.next_op
            for succ in self.successors(block):
                if succ not in visited and succ in live_in:
                    visited.add(succ)
                    to_process.append(succ)
        return result
