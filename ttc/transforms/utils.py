"""Helpers shared by ttc's TTIR passes: constants, side effects, op creation, IR movement.

These mirror the small MLIR utilities Triton's passes lean on (the value queries, such as
`matchPattern(v, m_Constant())`, are `ttc.ir.values`, which analyses use too): constants of a
type, `isMemoryEffectFree`,
`isOpTriviallyDead`/`wouldOpBeTriviallyDead` (MLIR's rules: an op is dead when unused and it has no
effect other than reads or allocations of its own results), `Operation::moveBefore`, and the
"insertion region" MLIR's OperationFolder hoists constants into (the entry block of the closest
isolated-from-above ancestor).
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Set as AbstractSet
from functools import cache

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ShapedType,
    TensorType,
    UnregisteredOp,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.traits import (
    EffectInstance,
    IsolatedFromAbove,
    IsTerminator,
    MemoryAllocEffect,
    MemoryEffect,
    MemoryEffectKind,
    MemoryFreeEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoMemoryEffect,
    RecursiveMemoryEffect,
    SymbolOpInterface,
    get_effects,
)

from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import arith, scf
from ttc.ir.traits import has_trait
from ttc.ir.values import Scalar, constant_value, splat_scalar, users
from ttc.ir.walk import walk



# --------------------------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------------------------


def element_type(type_: Attribute) -> Attribute:
    """The element type of a shaped type, or the type itself for a scalar."""
    if isinstance(type_, ShapedType):
        return type_.get_element_type()  # pyright: ignore[reportUnknownMemberType]
    return type_


def is_int_attr(attr: Attribute | None, expected: int, type_: Attribute) -> bool:
    """Whether `attr`, a constant of `type_`, is an integer (or splat) equal to `expected` as a
    signed value of the element type."""
    got = splat_scalar(attr)
    if got is None or isinstance(got, float):
        return False
    elem = element_type(type_)
    return normalize_int(got, elem) == normalize_int(expected, elem)


def is_constant_int(value: SSAValue, expected: int) -> bool:
    """Whether `value` is an integer constant (or splat) equal to `expected`, as a signed value."""
    return is_int_attr(constant_value(value), expected, value.type)


def int_width(type_: Attribute) -> int:
    """Bit width of an integer or index type (index is 64 bits wide)."""
    if isinstance(type_, IntegerType):
        return type_.width.data
    return 64


def normalize_int(value: int, type_: Attribute) -> int:
    """`value` wrapped to the signed range of `type_` (i1 true is -1, as MLIR's APInt sees it)."""
    width = int_width(type_)
    value &= (1 << width) - 1
    if value >= 1 << (width - 1):
        value -= 1 << width
    return value


def to_unsigned(value: int, type_: Attribute) -> int:
    """`value` as an unsigned number of the width of `type_`."""
    return value & ((1 << int_width(type_)) - 1)


def scalar_attr(value: Scalar, type_: Attribute) -> Attribute:
    """An attribute of `type_` holding `value`: a scalar attribute, or a splat for a tensor."""
    elem = element_type(type_)
    if isinstance(type_, TensorType):
        if isinstance(elem, IntegerType | IndexType):
            return DenseIntOrFPElementsAttr.from_list(type_, [normalize_int(int(value), elem)])  # pyright: ignore[reportArgumentType, reportUnknownArgumentType]
        return DenseIntOrFPElementsAttr.from_list(type_, [float(value)])  # pyright: ignore[reportArgumentType, reportUnknownArgumentType]
    if isinstance(elem, IntegerType | IndexType):
        return IntegerAttr(normalize_int(int(value), elem), elem)
    assert isinstance(elem, AnyFloat)
    return FloatAttr(float(value), elem)


def value_location(value: SSAValue) -> Attribute:
    """MLIR's `Value::getLoc`: the defining op's location, or the block argument's."""
    owner = value.owner
    return owner.location if isinstance(owner, Operation) else value.location  # pyright: ignore[reportAttributeAccessIssue]


def create_constant(ctx: Context, attr: Attribute, type_: Attribute) -> Operation:
    """A new `arith.constant` of `type_` holding `attr` (how Triton's dialects materialize)."""
    op_class = arith.ConstantOp
    return op_class.create(properties={"value": attr}, result_types=[type_])


def create_op(
    ctx: Context,
    name: str,
    operands: Sequence[SSAValue],
    result_types: Sequence[Attribute],
    properties: dict[str, Attribute] | None = None,
    attributes: dict[str, Attribute] | None = None,
) -> Operation:
    """A new op of the registered class for `name`, built generically."""
    return ctx.get_op(name).create(
        operands=list(operands),
        result_types=list(result_types),
        properties=dict(properties or {}),
        attributes=dict(attributes or {}),
    )


def drop_unused_results(op: Operation, rewriter: PatternRewriter, yielding: Sequence[int]) -> bool:
    """Rebuild `op` without its unused results (MLIR's `RemoveUnusedResults` shape): the
    terminators of the regions numbered in `yielding` stop passing them. False if all are used."""
    used = [i for i, result in enumerate(op.results) if result.uses]
    if len(used) == len(op.results):
        return False
    regions = [op.detach_region(r) for r in list(op.regions)]
    for index in yielding:
        for block in regions[index].blocks:
            terminator = block.last_op
            if terminator is not None and terminator.has_trait(IsTerminator):
                terminator.operands = [terminator.operands[i] for i in used]
    rebuilt = type(op).create(
        operands=list(op.operands),
        result_types=[op.results[i].type for i in used],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=regions,
    )
    rewriter.insert(rebuilt)
    replacements: list[SSAValue | None] = [None] * len(op.results)
    for new_index, old_index in enumerate(used):
        replacements[old_index] = rebuilt.results[new_index]
    rewriter.replace(op, [], replacements)
    return True


# --------------------------------------------------------------------------------------------
# Side effects
# --------------------------------------------------------------------------------------------


_FIXED_EFFECT_TRAITS = frozenset(
    trait.get_effects.__func__  # type: ignore[attr-defined]
    for trait in (NoMemoryEffect, MemoryReadEffect, MemoryWriteEffect, MemoryFreeEffect,
                  MemoryAllocEffect)
)
"""The `get_effects` of the effect traits that give the same effects for every op."""

_VARIES = object()
"""`_class_effects` marker: the effects of the class's ops depend on the op."""


@cache
def _class_effects(cls: type[Operation]) -> AbstractSet[EffectInstance] | None | object:
    """The effects every op of class `cls` has (None: unknown), when its traits fix them; else
    `_VARIES` (a trait that looks at the op or its regions, or an unregistered op)."""
    if issubclass(cls, UnregisteredOp):
        return _VARIES
    traits = cls.get_traits_of_type(MemoryEffect)
    if not traits:
        return None
    if any(getattr(type(t).get_effects, "__func__", None) not in _FIXED_EFFECT_TRAITS
           for t in traits):
        return _VARIES
    return frozenset(effect for t in traits for effect in t.get_effects(None))  # type: ignore[arg-type]


def memory_effects(op: Operation) -> AbstractSet[EffectInstance] | None:
    """xDSL's `get_effects` (None: unknown), computed once per op class where the class's
    traits fix the effects (pure ops, plain reads and writes), else from the op itself."""
    effects = _class_effects(type(op))
    if effects is _VARIES:
        return get_effects(op)
    return effects  # type: ignore[return-value]


class EffectCache:
    """xDSL's `get_effects` (nested ops' effects included for ops with recursive effects),
    remembered per op so that the ops of a deep loop nest are visited once, not once per
    enclosing loop. Valid while the IR does not change: its owner clears it on every rewrite."""

    def __init__(self) -> None:
        self._effects: dict[Operation, AbstractSet[EffectInstance] | None] = {}

    def clear(self) -> None:
        self._effects.clear()

    def forget(self, op: Operation) -> None:
        """Drop what is known of `op` alone (ops were moved out of it, within its ancestors)."""
        self._effects.pop(op, None)

    def effects(self, op: Operation) -> AbstractSet[EffectInstance] | None:
        """The known effects of `op` and its nested ops, None when some are unknown."""
        fixed = _class_effects(type(op))
        if fixed is not _VARIES:
            return fixed  # type: ignore[return-value]
        if op in self._effects:
            return self._effects[op]
        traits = op.get_traits_of_type(MemoryEffect)
        effects: set[EffectInstance] | None = set() if traits else None
        for trait in traits:
            if isinstance(trait, RecursiveMemoryEffect):
                found = self._nested_effects(op)
            else:
                found = trait.get_effects(op)
            if found is None or effects is None:
                effects = None
                break
            effects.update(found)
        self._effects[op] = effects
        return effects

    def _nested_effects(self, op: Operation) -> set[EffectInstance] | None:
        nested: set[EffectInstance] = set()
        for region in op.regions:
            for block in region.blocks:
                for child in block.ops:
                    found = self.effects(child)
                    if found is None:
                        return None
                    nested.update(found)
        return nested


def _effects(op: Operation, cache: EffectCache | None) -> AbstractSet[EffectInstance] | None:
    return memory_effects(op) if cache is None else cache.effects(op)


def is_memory_effect_free(op: Operation, cache: EffectCache | None = None) -> bool:
    """MLIR's `isMemoryEffectFree`: known effects, and none of them (nested ops included)."""
    effects = _effects(op, cache)
    return effects is not None and not effects


def would_be_trivially_dead(op: Operation, cache: EffectCache | None = None) -> bool:
    """MLIR's `wouldOpBeTriviallyDead`: erasing the op once its results are unused is safe.
    `cache` remembers the effects of nested ops between calls on an unchanged IR."""
    if has_trait(op, IsTerminator, value_if_unregistered=False) or has_trait(
        op, SymbolOpInterface, value_if_unregistered=False
    ):
        return False  # terminators and symbols are never trivially dead
    effects = _effects(op, cache)
    if effects is None:
        return False
    for effect in effects:
        if effect.kind == MemoryEffectKind.READ:
            continue
        if (
            effect.kind == MemoryEffectKind.ALLOC
            and isinstance(effect.value, SSAValue)
            and not defined_outside(effect.value, op)
        ):
            continue
        return False
    return True


def is_trivially_dead(op: Operation, cache: EffectCache | None = None) -> bool:
    """MLIR's `isOpTriviallyDead`: no result is used and the op would be trivially dead."""
    return all(not result.uses for result in op.results) and would_be_trivially_dead(op, cache)


def only_reads(op: Operation, cache: EffectCache | None = None) -> bool:
    """Whether every known effect of `op` is a read (and there is at least one)."""
    effects = _effects(op, cache)
    return bool(effects) and all(e.kind == MemoryEffectKind.READ for e in effects or ())


def is_memory_effect_free_or_only_reads(op: Operation, cache: EffectCache | None = None) -> bool:
    """Whether the effects of `op` (nested ops included) are known and all reads."""
    effects = _effects(op, cache)
    return effects is not None and all(e.kind == MemoryEffectKind.READ for e in effects)


def may_write(op: Operation, cache: EffectCache | None = None) -> bool:
    """Whether `op` may write memory: unknown effects, or a write among them (MLIR's CSE test)."""
    effects = _effects(op, cache)
    return effects is None or any(e.kind == MemoryEffectKind.WRITE for e in effects)


# --------------------------------------------------------------------------------------------
# IR structure
# --------------------------------------------------------------------------------------------


def is_isolated_from_above(op: Operation) -> bool:
    """Whether `op` might be isolated from above (unregistered ops are assumed to be)."""
    return has_trait(op, IsolatedFromAbove, value_if_unregistered=True)


def insertion_region(block: Block) -> Region:
    """The region whose entry block MLIR's OperationFolder puts constants of `block` into."""
    while True:
        region = block.parent
        assert region is not None
        parent = region.parent
        if parent is None or is_isolated_from_above(parent) or parent.parent is None:
            return region
        block = parent.parent


def trans_order(op: Operation) -> list[int]:
    """The `order` of a `tt.trans` or `ttg.memdesc_trans`: result dimension i is source
    dimension `order[i]`."""
    return list(op.properties["order"].get_values())  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownArgumentType]


def rebuild_if(
    op: Operation, result_types: Sequence[Attribute], regions: list[Region] | None = None
) -> scf.IfOp:
    """The core of Triton's `replaceIfOpWithNewSignature`: a new `scf.if` right before `op`, with
    its condition, properties and attributes, the results `result_types`, and `op`'s regions (or
    `regions`, when the caller has already detached and changed them). The old results' names
    pass to the first new results; their uses are the caller's to move."""
    if regions is None:
        regions = [op.detach_region(0) for _ in range(len(op.regions))]
    new = scf.IfOp.create(
        operands=list(op.operands),
        result_types=list(result_types),
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=regions,
    )
    move_before(new, op)
    for old, new_result in zip(op.results, new.results):
        new_result.name_hint = old.name_hint
    return new


def move_before(op: Operation, anchor: Operation) -> None:
    """Move `op` right before `anchor` (which may be in another block)."""
    block = op.parent
    if block is not None:
        block.detach_op(op)
    anchor_block = anchor.parent
    assert anchor_block is not None
    anchor_block.insert_op_before(op, anchor)


def move_to_start(op: Operation, block: Block) -> None:
    """Move `op` to the start of `block`."""
    first = block.first_op
    if first is op:
        return
    if first is None:
        if op.parent is not None:
            op.parent.detach_op(op)
        block.add_op(op)
        return
    move_before(op, first)


def defined_outside(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined outside of `op` (so it is invariant for a loop `op`)."""
    owner = value.owner
    owner_op = owner if isinstance(owner, Operation) else owner.parent_op()
    return owner_op is None or not op.is_ancestor(owner_op)


def is_before_in_block(first: Operation, second: Operation) -> bool:
    """MLIR's `Operation::isBeforeInBlock` for two ops of one block. Steps from both ops toward
    each other at once, so the cost is their distance (or the distance to the block's ends),
    not the block's size as with `Block.get_operation_index`."""
    forward, backward = first.next_op, second.prev_op
    while forward is not None and backward is not None:
        if forward is second or backward is first:
            return True
        forward, backward = forward.next_op, backward.prev_op
    return False


def _ancestry(op: Operation) -> list[Operation]:
    """`op` and the ops enclosing it, outermost first."""
    chain: list[Operation] = []
    current: Operation | None = op
    while current is not None:
        chain.append(current)
        current = current.parent_op()
    chain.reverse()
    return chain


def _program_order_compare(a: tuple[Operation, list[Operation]], b: tuple[Operation, list[Operation]]) -> int:
    chain_a, chain_b = a[1], b[1]
    depth = 0
    while depth < len(chain_a) and depth < len(chain_b) and chain_a[depth] is chain_b[depth]:
        depth += 1
    if depth == len(chain_a) or depth == len(chain_b):  # one encloses the other (or both are one op)
        return len(chain_a) - len(chain_b)
    assert depth > 0, "ops of different trees"
    first, second = chain_a[depth], chain_b[depth]
    if first.parent is not second.parent:  # different blocks or regions of one op: by position
        region_a, region_b = first.parent_region(), second.parent_region()
        parent = chain_a[depth - 1]
        if region_a is not region_b:
            assert region_a is not None and region_b is not None
            return parent.get_region_index(region_a) - parent.get_region_index(region_b)
        assert region_a is not None and first.parent is not None and second.parent is not None
        return region_a.get_block_index(first.parent) - region_a.get_block_index(second.parent)
    return -1 if is_before_in_block(first, second) else 1


def sort_in_program_order(ops: Iterable[Operation]) -> list[Operation]:
    """`ops` in the order a pre-order walk meets them, found from their ancestors and their
    neighbours rather than from a walk of everything around them."""
    keyed = [(op, _ancestry(op)) for op in ops]
    keyed.sort(key=functools.cmp_to_key(_program_order_compare))
    return [op for op, _ in keyed]


def _region_level(region: Region) -> Iterator[Operation]:
    """The ops directly in `region`; each op's successor is read before the op is handed out."""
    for block in list(region.blocks):
        op = block.first_op
        while op is not None:
            following = op.next_op
            yield op
            op = following


def _regions_level(op: Operation) -> Iterator[Operation]:
    for region in op.regions:
        yield from _region_level(region)


def preorder(region: Region) -> Iterator[Operation]:
    """The ops nested in `region`, parents before children, tolerating erasure of the
    current op (its nested ops are then skipped) and moves of ops to earlier positions.
    One iterator per level on a stack, so an op costs the same at any nesting depth."""
    stack = [_region_level(region)]
    while stack:
        op = next(stack[-1], None)
        if op is None:
            stack.pop()
            continue
        yield op
        if op.parent is not None and op.regions:
            stack.append(_regions_level(op))


def postorder(region: Region) -> Iterator[Operation]:
    """The ops nested in `region`, children before parents (MLIR's default walk order),
    tolerating erasure or moves of the current op (the next op is taken before it is yielded)."""
    stack: list[tuple[Iterator[Operation], Operation | None]] = [(_region_level(region), None)]
    while stack:
        level, owner = stack[-1]
        op = next(level, None)
        if op is None:
            stack.pop()
            if owner is not None:
                yield owner
            continue
        if op.regions:
            stack.append((_regions_level(op), op))
        else:
            yield op


# --------------------------------------------------------------------------------------------
# Loops
# --------------------------------------------------------------------------------------------

LOOP_OPS: tuple[type[Operation], ...] = (scf.ForOp, scf.WhileOp)


def is_speculatable(op: Operation) -> bool:
    """MLIR's `isSpeculatable`, from the op's speculatability trait (unknown: not speculatable)."""
    from xdsl.traits import ConditionallySpeculatable

    trait = op.get_trait(ConditionallySpeculatable)
    return trait is not None and trait.is_speculatable(op)


def can_be_hoisted(op: Operation, loop: Operation) -> bool:
    """Whether every value `op` (and anything nested in it) uses is defined outside `loop`
    or inside `op` itself (MLIR's `canBeHoisted`)."""
    for nested in walk(op):
        for operand in nested.operands:
            if not defined_outside(operand, loop) and defined_outside(operand, op):
                return False
    return True


def move_loop_invariant_code(
    loop: Operation,
    should_move: Callable[[Operation], bool],
    move: Callable[[Operation], None],
) -> int:
    """MLIR's `moveLoopInvariantCode` on each region of `loop`: hoist the top-level ops that
    `should_move` accepts and whose operands are defined outside; revisit their users.
    Returns how many ops moved."""
    moved = 0
    for region in loop.regions:
        block = region.blocks.first
        if block is None:
            continue
        queue: deque[Operation] = deque(block.ops)
        while queue:
            op = queue.popleft()
            if op.parent_region() is not region:
                continue
            if has_trait(op, IsTerminator, value_if_unregistered=False):
                continue
            if not should_move(op) or not can_be_hoisted(op, loop):
                continue
            move(op)
            moved += 1
            for result in op.results:
                for user in users(result):
                    if user.parent_region() is region:
                        queue.append(user)
    return moved


def post_order_loops(root: Operation) -> list[Operation]:
    """The loops nested in `root`, inner loops before the loops that contain them."""
    return [op for op in walk(root, region_first=True) if isinstance(op, LOOP_OPS)]


def erase_op(op: Operation) -> None:
    """Detach and erase `op`, whatever still uses its results."""
    block = op.parent
    if block is not None:
        block.erase_op(op, safe_erase=False)
    else:
        op.erase(safe_erase=False)


_TT_ELEMENTWISE = (
    tt.AddPtrOp,
    tt.BitcastOp,
    tt.ClampFOp,
    tt.ElementwiseInlineAsmOp,
    tt.ExternElementwiseOp,
    tt.FpToFpOp,
    tt.IntToPtrOp,
    tt.MulhiUIOp,
    tt.PreciseDivFOp,
    tt.PreciseSqrtOp,
    tt.PtrToIntOp,
)


def is_elementwise(op: Operation) -> bool:
    """Whether `op` carries MLIR's `Elementwise` trait: arith and math ops but constants, and
    Triton's elementwise ops."""
    dialect = op.name.split(".", 1)[0]
    if dialect in ("arith", "math"):
        return not isinstance(op, arith.ConstantOp)
    return isinstance(op, _TT_ELEMENTWISE)
