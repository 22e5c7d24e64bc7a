"""`cse`: MLIR's common subexpression elimination (mlir/lib/Transforms/CSE.cpp).

Walks every region with a scoped table of known ops: an op equal to a known op that dominates it
(same name, operands, attributes, properties, result types and equivalent regions) is replaced
by it. A single-block region is one scope; the blocks of a multi-block (CFG) region are walked
down their dominator tree, each block a scope nested in its immediate dominator's, so an op can
reuse one of a dominating block but never one of a sibling branch (blocks the entry cannot reach
are left alone, as MLIR leaves them). Nested regions see the ops of their parents unless the
parent is isolated from above. Side-effect-free ops always qualify; ops that only read memory
qualify when the earlier op is in the same block with no op that may write in between (across
blocks MLIR does not look for writes, it keeps the read). Terminators are kept, ops in
multi-block regions' parents are skipped, and trivially dead ops are erased on the way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.traits import IsTerminator

from ttc.ir.dominance import dominator_tree
from ttc.ir.identity import IdentityMemo
from ttc.ir.traits import has_trait
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.utils import (
    EffectCache,
    erase_op,
    is_isolated_from_above,
    is_memory_effect_free,
    is_trivially_dead,
    may_write,
    only_reads,
)


class OpKey:
    """An op compared as MLIR's `OperationEquivalence` with `IgnoreLocations` compares it;
    `hash_of` hashes its types and attributes (an `IdentityMemo(hash)` of the pass run)."""

    __slots__ = ("op", "_hash")

    def __init__(self, op: Operation, hash_of: Callable[[Attribute], int]) -> None:
        self.op = op
        self._hash = hash(
            (
                op.name,
                tuple(op.operands),
                tuple(map(hash_of, op.result_types)),
                tuple(sorted((name, hash_of(value)) for name, value in op.properties.items())),
                tuple(sorted((name, hash_of(value)) for name, value in op.attributes.items())),
            )
        )

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OpKey) or other._hash != self._hash:
            return False
        a, b = self.op, other.op
        return (
            a.name == b.name
            and tuple(a.operands) == tuple(b.operands)
            and a.result_types == b.result_types
            and a.properties == b.properties
            and a.attributes == b.attributes
            and len(a.regions) == len(b.regions)
            and all(
                x.is_structurally_equivalent(y) for x, y in zip(a.regions, b.regions, strict=True)
            )
        )


@dataclass
class CseDriver:
    """MLIR's `CSEDriver`: a scoped known-op table and the ops to erase at the end."""

    known: ScopedTable = field(default_factory=lambda: ScopedTable())
    to_erase: list[Operation] = field(default_factory=list[Operation])
    effects: EffectCache = field(default_factory=EffectCache)
    """Ops are only erased at the end, so the effects of nested ops stay valid throughout."""
    hash_of: IdentityMemo[Attribute, int] = field(default_factory=lambda: IdentityMemo(hash))
    """The hash of each type and attribute object in the keys, computed once."""

    def simplify_region(self, region: Region) -> None:
        """Simplify the blocks of `region`, each in a scope nested in its dominator's."""
        entry = region.blocks.first
        if entry is None:
            return
        children = {entry: []} if entry.next_block is None else dominator_tree(entry)
        stack: list[Iterator[Block]] = []
        block: Block | None = entry
        while True:
            if block is not None:
                stack.append(iter(children[block]))
                self.known.push_scope()
                self.simplify_block(block)
            if not stack:
                break
            block = next(stack[-1], None)
            if block is None:
                stack.pop()
                self.known.pop_scope()

    def simplify_block(self, block: Block) -> None:
        for op in list(block.ops):
            if op.regions:
                if is_isolated_from_above(op):
                    saved = self.known
                    self.known = ScopedTable()
                    for region in op.regions:
                        self.simplify_region(region)
                    self.known = saved
                else:
                    for region in op.regions:
                        self.simplify_region(region)
            self.simplify_operation(op)

    def simplify_operation(self, op: Operation) -> None:
        if has_trait(op, IsTerminator, value_if_unregistered=False):
            return
        if is_trivially_dead(op, self.effects):
            self.to_erase.append(op)
            return
        if any(len(region.blocks) > 1 for region in op.regions):
            return
        if not is_memory_effect_free(op, self.effects):
            if not only_reads(op, self.effects):
                return
            key = OpKey(op, self.hash_of)  # hashed only for ops that can be replaced
            existing = self.known.get(key)
            if (
                existing is not None
                and existing.parent is op.parent
                and not self._write_between(existing, op)
            ):
                self._replace(op, existing)
                return
            self.known[key] = op
            return
        key = OpKey(op, self.hash_of)
        existing = self.known.get(key)
        if existing is not None:
            self._replace(op, existing)
            return
        self.known[key] = op

    def _write_between(self, first: Operation, last: Operation) -> bool:
        current = first.next_op
        while current is not None and current is not last:
            if may_write(current, self.effects):
                return True
            current = current.next_op
        return False

    def _replace(self, op: Operation, existing: Operation) -> None:
        for old, new in zip(op.results, existing.results, strict=True):
            old.replace_all_uses_with(new)
        self.to_erase.append(op)

    def erase_dead(self) -> None:
        for op in self.to_erase:
            if op.parent is not None:
                erase_op(op)
        self.to_erase.clear()


class ScopedTable:
    """MLIR's `ScopedHashTable` of known ops: one dict from key to the stack of ops visible
    under it, and per scope the keys it added, so that a lookup costs the same at any nesting
    depth (a chain of dicts, one per scope, costs the depth on every miss)."""

    def __init__(self) -> None:
        self._entries: dict[OpKey, list[Operation]] = {}
        self._scopes: list[set[OpKey]] = []

    def push_scope(self) -> None:
        self._scopes.append(set())

    def pop_scope(self) -> None:
        for key in self._scopes.pop():
            stack = self._entries[key]
            stack.pop()
            if not stack:
                del self._entries[key]

    def get(self, key: OpKey) -> Operation | None:
        stack = self._entries.get(key)
        return stack[-1] if stack else None

    def __setitem__(self, key: OpKey, op: Operation) -> None:
        scope = self._scopes[-1]
        if key in scope:
            self._entries[key][-1] = op
            return
        scope.add(key)
        self._entries.setdefault(key, []).append(op)


def eliminate_common_subexpressions(root: Operation) -> None:
    """Run MLIR's CSE on the regions of `root`."""
    driver = CseDriver()
    for region in root.regions:
        driver.simplify_region(region)
    driver.erase_dead()


class CsePass(TtcPass, name="cse", summary="Eliminate common sub-expressions"):
    """Eliminate common subexpressions."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        eliminate_common_subexpressions(op)
