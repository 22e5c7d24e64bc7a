"""Walks of nested IR without nested generators: xDSL's `Operation.walk` in linear time.

xDSL's `walk` of an op, region or block recurses through `yield from`, so every op it yields
climbs one generator per level of nesting: a walk of a function with loops nested D deep costs
n·D steps. `walk` here yields the same ops in the same order, with the same laziness (an op's
regions are read only after the op is yielded, a block's next op after the current one was
handed out), from an explicit stack of one-level iterators. MLIR's `Operation::walk` is this
iteration; the pre-order and post-order (`region_first`) forms and `reverse` mirror xDSL's.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.ir import Block, Operation, Region


def _children(op: Operation, reverse: bool) -> Iterator[Operation]:
    """The ops directly inside `op`'s regions, region by region and block by block."""
    for region in reversed(op.regions) if reverse else op.regions:
        yield from _region_ops(region, reverse)


def _region_ops(region: Region, reverse: bool) -> Iterator[Operation]:
    for block in reversed(region.blocks) if reverse else region.blocks:
        yield from reversed(block.ops) if reverse else block.ops


def walk(
    root: Operation | Region | Block, *, reverse: bool = False, region_first: bool = False
) -> Iterator[Operation]:
    """`root.walk(reverse=..., region_first=...)`: every op in `root` (an op included), parents
    before their nested ops, or after them with `region_first`."""
    # Region and Block first: an isinstance test against an op class runs ABCMeta's Python code.
    stack: list[tuple[Operation | None, Iterator[Operation]]]
    if isinstance(root, Region):
        stack = [(None, _region_ops(root, reverse))]
    elif isinstance(root, Block):
        stack = [(None, reversed(root.ops) if reverse else iter(root.ops))]
    else:
        if not region_first:
            yield root
        stack = [(root, _children(root, reverse))]
    while stack:
        parent, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if region_first and parent is not None:
                yield parent
            continue
        if not region_first:
            yield child
        stack.append((child, _children(child, reverse)))
