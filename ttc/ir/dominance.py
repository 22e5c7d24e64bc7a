"""Dominance between the blocks of a CFG region (the part of MLIR's `DominanceInfo` ttc needs).

Immediate dominators are found with Cooper, Harvey and Kennedy's iterative algorithm ("A Simple,
Fast Dominance Algorithm"): visit the blocks in reverse post-order and intersect the dominators
of each block's processed predecessors until nothing changes. Blocks the entry cannot reach have
no dominator and are left out, as they are of MLIR's dominator tree.
"""

from __future__ import annotations

from xdsl.ir import Block


def successors(block: Block) -> list[Block]:
    """The successors of `block`: those of its terminator, in operand order."""
    term = block.last_op
    return list(term.successors) if term is not None else []


def reverse_post_order(entry: Block) -> list[Block]:
    """The blocks reachable from `entry`, each after all of its dominators."""
    order: list[Block] = []
    seen: set[Block] = {entry}
    stack: list[tuple[Block, list[Block]]] = [(entry, successors(entry))]
    while stack:
        block, pending = stack[-1]
        if pending:
            nxt = pending.pop(0)
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, successors(nxt)))
        else:
            order.append(block)
            stack.pop()
    order.reverse()
    return order


def immediate_dominators(entry: Block) -> dict[Block, Block]:
    """The immediate dominator of each block reachable from `entry` (the entry maps to itself)."""
    order = reverse_post_order(entry)
    index = {block: i for i, block in enumerate(order)}
    predecessors: dict[Block, list[Block]] = {block: [] for block in order}
    for block in order:
        for succ in successors(block):
            predecessors[succ].append(block)
    idom: dict[Block, Block] = {entry: entry}

    def intersect(a: Block, b: Block) -> Block:
        while a is not b:
            while index[a] > index[b]:
                a = idom[a]
            while index[b] > index[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for block in order[1:]:
            new: Block | None = None
            for pred in predecessors[block]:
                if pred in idom:
                    new = pred if new is None else intersect(pred, new)
            assert new is not None, "a reachable block has a processed predecessor"
            if idom.get(block) is not new:
                idom[block] = new
                changed = True
    return idom


def dominator_tree(entry: Block) -> dict[Block, list[Block]]:
    """The children of each block reachable from `entry` in its dominator tree, in reverse
    post-order."""
    idom = immediate_dominators(entry)
    children: dict[Block, list[Block]] = {block: [] for block in idom}
    for block in reverse_post_order(entry)[1:]:
        children[idom[block]].append(block)
    return children
