"""Graph algorithms the passes use to answer reachability questions in linear time.

`strongly_connected_components` is Tarjan's algorithm (the role of LLVM's `scc_iterator`), written
with an explicit stack so that a deep graph (a long def-use chain, a deep loop nest) needs no
Python recursion. `tritongpu-coalesce` uses it to answer "which memory ops does this one reach by
data flow" once per component instead of once per op (MLIR's `getSlice` run for every op).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def strongly_connected_components(
    roots: Iterable[Node], successors: Callable[[Node], Iterator[Node]]
) -> tuple[list[list[Node]], dict[Node, int]]:
    """The strongly connected components of the graph reachable from `roots`, each a list of
    nodes, successors' components before their predecessors' (reverse topological order), and
    each node's index in that list."""
    index: dict[Node, int] = {}
    low: dict[Node, int] = {}
    on_stack: set[Node] = set()
    stack: list[Node] = []
    components: list[list[Node]] = []
    component_of: dict[Node, int] = {}
    for root in roots:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work: list[tuple[Node, Iterator[Node]]] = [(root, successors(root))]
        while work:
            node, children = work[-1]
            descended = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, successors(child)))
                    descended = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if descended:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[Node] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component_of[member] = len(components)
                    component.append(member)
                    if member == node:
                        break
                components.append(component)
    return components, component_of
