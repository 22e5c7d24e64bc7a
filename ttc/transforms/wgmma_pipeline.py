"""Asynchronous Hopper dots in loops: the last step of `tritongpu-pipeline` (Triton's
`asyncLaunchDots` of WGMMAPipeline.cpp).

Every `ttng.warp_group_dot` directly in an `scf.for` body becomes `isAsync = true`. A dot is
*properly async*, allowed to stay in flight into the next iteration, when

1. its shared-memory operands are defined outside the loop or are a slot of a multi-buffered ring
   (`ttg.memdesc_index`, through memdesc views, layout conversions and iter args);
2. its result only reaches the loop's `scf.yield` (through no-op reshapes, transposes and
   conversions), apart from uses inside `scf.if`s, and its accumulator is f32;
3. in the next iteration, the carried value feeds only other wgmmas as their accumulator, or all its
   users follow the loop's first `ttng.warp_group_dot_wait {pendings = 0}` (which then also waits
   for it).

Other dots get a `ttng.warp_group_dot_wait {pendings = 0}` right after them. Unless the loop has
such a wait already, the properly async dots are followed, after the last of them, by a wait that
leaves `n` of them pending (`n` = their number), a dot taking its A operand from registers
computed in the loop by a wait leaving `n - 1` pending, and their uses under `scf.if`s by a
warp-group-local `pendings = 0` wait. After the loop a `pendings = 0` wait completes them all.
Every wait also carries the shared-memory operands of the dots it waits for, which keeps their
buffers alive until then (`threadValuesThroughWait`).

Before the waits are placed, in a loop without a `pendings = 0` wait, a properly async dot with A in
registers and K a power-of-two multiple of its instruction's K is split into one dot per
instruction-wide chunk of K (`splitRSDots`): A by `tt.reshape` to M x 2 x ... x 2 x newK,
`tt.trans` (newK first, then the twos slowest last) and rounds of `tt.split`, each chunk converted
back to the dot operand layout; B by `ttg.memdesc_subslice`s; each dot accumulates onto the
previous one (with `useC = true` after the first), so one chunk can run while the next is issued.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    IntegerAttr,
    TensorType,
    UnitAttr,
    f32,
    i1,
    i32,
)
from xdsl.ir import BlockArgument, Operation, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.ops import ReshapeOp, SplitOp, TransOp
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import NvidiaMmaEncodingAttr, ints
from ttc.dialects.ttg.layout_inference import (
    infer_reshape_encoding,
    infer_split_encoding,
    infer_trans_encoding,
)
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import ConvertLayoutOp, MemDescSubsliceOp, MemDescType
from ttc.dialects.ttng import ops as ttng
from ttc.dialects.ttng.ops import WarpGroupDotOp, WarpGroupDotWaitOp
from ttc.dialects.upstream import scf
from ttc.dialects.upstream.arith import ConstantOp
from ttc.layouts.permutation import apply_permutation
from ttc.layouts.utils import minimal_conversion
from ttc.transforms.pipeline_schedule import (
    body_of,
    defining_op,
    find_ancestor_in_block,
    is_defined_inside,
    nested_operands,
)
from ttc.transforms.utils import erase_op

DOT = ttng.WarpGroupDotOp
WAIT = ttng.WarpGroupDotWaitOp
SHARED_OPERAND_VIEWS = (ttg.ConvertLayoutOp, ttg.MemDescTransOp, ttg.MemDescReshapeOp, ttg.MemDescSubsliceOp)


def is_noop(op: Operation) -> bool:
    """Reshapes, transposes and layout conversions that move no data (Triton's `isNoop`)."""
    if isinstance(op, (tt.ReshapeOp, tt.TransOp)):
        return True
    if not isinstance(op, ttg.ConvertLayoutOp):
        return False
    src, dst = op.operands[0].type, op.results[0].type
    assert isinstance(src, TensorType) and isinstance(dst, TensorType)
    conversion = minimal_conversion(
        to_linear_layout(src.encoding, src.get_shape()), to_linear_layout(dst.encoding, dst.get_shape())
    )
    if conversion.has_in_dim("register") and conversion.is_trivial_over(["register"]):
        conversion = conversion.quotient(["register"])
    return not conversion.in_dims


def pendings(wait: Operation) -> int:
    attr = wait.properties["pendings"]
    assert isinstance(attr, IntegerAttr)
    return attr.value.data


def new_wait(anchor: Operation, operands: list[SSAValue], count: int, warp_group_local: bool = False) -> Operation:
    """A `ttng.warp_group_dot_wait` before `anchor`."""
    wait = WarpGroupDotWaitOp(
        operands=[operands],
        result_types=[[v.type for v in operands]],
        properties={"pendings": IntegerAttr(count, i32)},
        attributes={"warpGroupLocal": UnitAttr()} if warp_group_local else {},
    )
    block = anchor.parent_block()
    assert block is not None
    block.insert_op_before(wait, anchor)
    return wait


def dots_feeding(value: SSAValue, block_of_wait: Operation) -> list[Operation]:
    """The wgmmas `value` depends on through ops of the wait's block, in the order MLIR's backward
    slice meets them (block arguments not followed)."""
    block = block_of_wait.parent_block()
    found: list[Operation] = []
    seen: set[Operation] = set()

    def visit(op: Operation) -> None:
        if op in seen:
            return
        seen.add(op)
        if isinstance(op, DOT):
            found.append(op)
            return
        if op.parent_block() is not block:
            return
        for operand in nested_operands(op) if op.regions else op.operands:
            definition = defining_op(operand)
            if definition is not None:
                visit(definition)

    definition = defining_op(value)
    if definition is not None:
        visit(definition)
    return found


def thread_values_through_wait(wait: Operation, values: list[SSAValue]) -> Operation:
    """Add `values` to `wait`'s operands, with the shared-memory operands of the wgmmas they come
    from; later uses of the values take the wait's results (`threadValuesThroughWait`)."""
    original = list(wait.operands)
    operands = list(dict.fromkeys([*original, *values]))
    for value in values:
        for dot in dots_feeding(value, wait):
            for operand in dot.operands:
                if isinstance(operand.type, MemDescType) and operand not in operands:
                    operands.append(operand)
    replacement = new_wait(wait, operands, pendings(wait), "warpGroupLocal" in wait.attributes)
    block = replacement.parent_block()
    assert block is not None
    for old, new in zip(wait.results, replacement.results):
        if not isinstance(old.type, MemDescType):
            old.replace_all_uses_with(new)
    for index in range(len(original), len(operands)):
        value = operands[index]
        if isinstance(value.type, MemDescType):
            continue
        for use in list(value.uses):
            user = find_ancestor_in_block(block, use.operation)
            if user is not None and user is not replacement and replacement.is_before_in_block(user):
                use.operation.operands[use.index] = replacement.results[index]
    erase_op(wait)
    return replacement


def shared_operand_is_multibuffered(operand: SSAValue, loop: Operation) -> bool:
    """Rule 1 for one operand of a dot directly in `loop`'s body."""
    if isinstance(operand.type, TensorType):
        return True
    body = body_of(loop)
    terminator = body.last_op
    assert terminator is not None
    visited: set[BlockArgument] = set()
    while is_defined_inside(operand, loop):
        definition = defining_op(operand)
        if definition is not None:
            if isinstance(definition, SHARED_OPERAND_VIEWS):
                operand = definition.operands[0]
                continue
            return isinstance(definition, ttg.MemDescIndexOp)
        assert isinstance(operand, BlockArgument) and operand.block is body
        if operand in visited:
            return True
        visited.add(operand)
        operand = terminator.operands[operand.index - 1]
    return True


def carried_index(dot: Operation, loop: Operation) -> int | None:
    """Rule 2: the iter-arg index through which `dot`'s result only reaches the yield."""
    body = body_of(loop)
    index: int | None = None
    queue = [(use.operation, use.index) for use in dot.results[0].uses]
    while queue:
        user, operand_index = queue.pop()
        if user.parent_op() is loop:
            if is_noop(user):
                queue.extend((use.operation, use.index) for use in user.results[0].uses)
                continue
            if user is body.last_op and index is None:
                index = operand_index
                continue
            return None
        parent = user.parent_op()
        if not isinstance(parent, scf.IfOp):
            return None
        if isinstance(user, scf.YieldOp):
            queue.extend((use.operation, use.index) for use in parent.results[operand_index].uses)
    return index


def feeds_only_accumulators(value: SSAValue) -> bool:
    """Rule 3a: every use of `value` reaches a wgmma's accumulator through no-ops."""
    for use in value.uses:
        if isinstance(use.operation, DOT):
            if use.index != 2:
                return False
        elif not is_noop(use.operation) or not feeds_only_accumulators(use.operation.results[0]):
            return False
    return True


def can_be_properly_async(dot: Operation, loop: Operation) -> int | None:
    """The iter-arg index of `dot`'s result when it can stay in flight (`dotCanBeProperlyAsync`)."""
    accumulator = dot.operands[2].type
    if not isinstance(accumulator, TensorType) or not isinstance(accumulator.encoding, NvidiaMmaEncodingAttr):
        return None
    if not all(shared_operand_is_multibuffered(v, loop) for v in dot.operands[:2]):
        return None
    index = carried_index(dot, loop)
    if index is None or accumulator.get_element_type() != f32:
        return None
    body = body_of(loop)
    carried = body.args[index + 1]
    if feeds_only_accumulators(carried):
        return index
    first_wait = next((op for op in body.ops if isinstance(op, WAIT) and pendings(op) == 0), None)
    if first_wait is None:
        return None
    users = [find_ancestor_in_block(body, use.operation) for use in carried.uses]
    if all(user is not None and first_wait.is_before_in_block(user) for user in users):
        thread_values_through_wait(first_wait, [carried])
        return index
    return None


def registers_operand_needs_wait(dot: Operation, loop: Operation) -> bool:
    """A dot whose A operand is in registers computed in the loop, not straight from another
    wgmma's result, must not start before its previous instance is done (`rsDotNeedsWait`)."""
    if not isinstance(dot, DOT):
        return False
    a = dot.operands[0]
    if not isinstance(a.type, TensorType) or not is_defined_inside(a, loop):
        return False
    definition = defining_op(a)
    if isinstance(definition, ttg.ConvertLayoutOp):
        source = definition.operands[0].type
        return not (isinstance(source, TensorType) and isinstance(source.encoding, NvidiaMmaEncodingAttr))
    return True


def insert_waits_in_loop(loop: Operation, async_dots: dict[Operation, int]) -> None:
    """`insertAsyncWarpGroupDotWaitInLoop`."""
    body = body_of(loop)
    if any(isinstance(op, WAIT) and pendings(op) == 0 for op in body.ops):
        return
    for dot in async_dots:
        by_block: dict[object, list[tuple[Operation, int]]] = {}
        for use in dot.results[0].uses:
            if isinstance(use.operation, scf.YieldOp):
                continue
            by_block.setdefault(use.operation.parent_block(), []).append((use.operation, use.index))
        for uses in by_block.values():
            block = uses[0][0].parent_block()
            assert block is not None
            order = {op: i for i, op in enumerate(block.ops)}
            uses.sort(key=lambda use: order[use[0]])
            rest = [use for use in uses if not (isinstance(use[0], DOT) and use[1] == 2)]
            if not rest:
                continue
            start = uses.index(rest[0])
            wait = new_wait(uses[start][0], [], 0, warp_group_local=True)
            thread_values_through_wait(wait, [user.operands[index] for user, index in uses[start:]])
    for dot in async_dots:
        if registers_operand_needs_wait(dot, loop):
            anchor = dot.next_op
            assert anchor is not None
            thread_values_through_wait(new_wait(anchor, [], len(async_dots) - 1), [dot.results[0]])
    last = list(async_dots)[-1]
    if registers_operand_needs_wait(last, loop):
        return
    anchor = last.next_op
    assert anchor is not None
    thread_values_through_wait(new_wait(anchor, [], len(async_dots)), [dot.results[0] for dot in async_dots])


def _insert(anchor: Operation, op: Operation) -> Operation:
    block = anchor.parent_block()
    assert block is not None
    block.insert_op_before(op, anchor)
    return op


def split_order(rank: int, num_twos: int) -> list[int]:
    """The transpose of A's M x 2 x ... x 2 x newK view (`num_twos` twos after the `rank - 1`
    leading dimensions) that puts newK right after the leading dimensions and the twos after it,
    slowest last, so that splitting the last dimension again and again cuts K in halves, then
    quarters, and so on (Triton's `splitLhs`)."""
    leading = list(range(rank - 1))
    twos = list(range(rank - 1, rank - 1 + num_twos))
    return [*leading, rank - 1 + num_twos, *reversed(twos)]


def registers_split_types(a_type: TensorType, new_k: int) -> list[TensorType] | None:
    """The types of A's reshape to M x 2 x ... x 2 x newK, its transpose (`split_order`), every
    level of halves down to M x newK, and the operand type of one chunk; None where a layout
    cannot be inferred."""
    shape = list(a_type.get_shape())
    rank = len(shape)
    element = a_type.get_element_type()
    num_splits = shape[-1] // new_k
    num_twos = num_splits.bit_length() - 1
    view = [*shape[:-1], *([2] * num_twos), new_k]
    reshaped = infer_reshape_encoding(shape, a_type.encoding, view)
    if reshaped is None:
        return None
    order = split_order(rank, num_twos)
    moved = apply_permutation(view, order)
    encoding = infer_trans_encoding(reshaped, view, order)
    if encoding is None:
        return None
    types = [TensorType(element, view, reshaped), TensorType(element, moved, encoding)]
    level = moved
    for _ in range(num_twos):
        encoding = infer_split_encoding(encoding, level)
        if encoding is None:
            return None
        level = level[:-1]
        types.append(TensorType(element, level, encoding))
    return [*types, TensorType(element, level, a_type.encoding)]


def split_registers_operand(dot: Operation, a: SSAValue, types: list[TensorType]) -> list[SSAValue]:
    """A (M x K, in registers) as its K / newK chunks, in K order, each converted back to the
    dot-operand layout (`splitLhs`)."""
    reshaped_type, transposed_type, *halves, operand_type = types
    reshaped = _insert(dot, ReshapeOp.create(operands=[a], result_types=[reshaped_type]))
    order = split_order(len(operand_type.get_shape()), len(halves))
    props = {"order": DenseArrayBase.from_list(i32, order)}
    transposed = _insert(
        dot, TransOp.create(operands=[reshaped.results[0]], result_types=[transposed_type], properties=props)
    )
    chunks: list[SSAValue] = [transposed.results[0]]
    for half_type in halves:
        chunks = [
            result
            for chunk in chunks
            for result in _insert(dot, SplitOp.create(operands=[chunk], result_types=[half_type, half_type])).results
        ]
    return [
        _insert(dot, ConvertLayoutOp(chunk, operand_type)).results[0]
        for chunk in chunks
    ]


def split_shared_operand(dot: Operation, b: SSAValue, new_k: int) -> list[SSAValue]:
    """B (K x N, in shared memory) as its K / newK sub-tiles of newK x N (`splitRhs`)."""
    b_type = b.type
    assert isinstance(b_type, MemDescType)
    shape = list(b_type.get_shape())
    k_dim = len(shape) - 2
    num_splits = shape[k_dim] // new_k
    shape[k_dim] = new_k
    view = MemDescType.make(
        shape, b_type.element_type, b_type.encoding, b_type.memory_space, False, b_type.get_alloc_shape()
    )
    chunks: list[SSAValue] = []
    for i in range(num_splits):
        offsets = [0] * len(shape)
        offsets[k_dim] = i * new_k
        props = {"offsets": DenseArrayBase.from_list(i32, offsets)}
        subslice = MemDescSubsliceOp.create(operands=[b], result_types=[view], properties=props)
        chunks.append(_insert(dot, subslice).results[0])
    return chunks


def split_registers_dot(dot: Operation) -> list[Operation]:
    """`dot` as one dot per instruction-wide chunk of K when A is in registers (`splitRSDot`):
    each accumulates onto the previous one, the later ones with `useC = true`."""
    a, b, c = dot.operands[:3]
    if not isinstance(a.type, TensorType):
        return [dot]
    result = dot.results[0].type
    if not isinstance(result, TensorType) or not isinstance(result.encoding, NvidiaMmaEncodingAttr):
        return [dot]
    k = a.type.get_shape()[-1]
    new_k = ints(result.encoding.instr_shape)[2]
    num_splits = k // new_k
    if num_splits <= 1 or k % new_k or num_splits & (num_splits - 1):
        return [dot]
    types = registers_split_types(a.type, new_k)
    if types is None:
        return [dot]
    lhs = split_registers_operand(dot, a, types)
    rhs = split_shared_operand(dot, b, new_k)
    imprecise = dot.properties.get("maxNumImpreciseAcc")
    left = imprecise.value.data if isinstance(imprecise, IntegerAttr) else 0
    use_c = list(dot.operands[3:])
    dots: list[Operation] = []
    for i in range(num_splits):
        take = min(left, new_k)
        left -= take
        props = {key: value for key, value in dot.properties.items() if key != "maxNumImpreciseAcc"}
        count = 1 << 30 if take == new_k else take
        if count:
            props["maxNumImpreciseAcc"] = IntegerAttr(count, i32)
        new = _insert(
            dot, WarpGroupDotOp.create(operands=[lhs[i], rhs[i], c, *use_c], result_types=[result], properties=props)
        )
        dots.append(new)
        c = new.results[0]
        use_c = [_insert(dot, ConstantOp(IntegerAttr(1, i1))).results[0]]
    dot.results[0].replace_all_uses_with(c)
    erase_op(dot)
    return dots


def async_launch_dots(loop: Operation) -> None:
    """Make the wgmmas of `loop` asynchronous and place their waits (`asyncLaunchDots`)."""
    body = body_of(loop)
    async_dots: dict[Operation, int] = {}
    for dot in [op for op in body.ops if isinstance(op, DOT)]:
        dot.properties["isAsync"] = BoolAttr.from_bool(True)
        index = can_be_properly_async(dot, loop)
        if index is not None:
            async_dots[dot] = index
            continue
        anchor = dot.next_op
        assert anchor is not None
        thread_values_through_wait(new_wait(anchor, [], 0), [dot.results[0]])
    if not async_dots:
        return
    body_waits = [op for op in body.ops if isinstance(op, WAIT)]
    if all(pendings(wait) != 0 for wait in body_waits):
        async_dots = {new: index for dot, index in async_dots.items() for new in split_registers_dot(dot)}
    insert_waits_in_loop(loop, async_dots)
    after = loop.next_op
    assert after is not None
    thread_values_through_wait(new_wait(after, [], 0), [loop.results[index] for index in async_dots.values()])
