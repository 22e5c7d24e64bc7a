"""`tritongpu-prefetch`: split a loop's MMA v2 dot along K and load its first K slice one
iteration ahead.

Mirrors Triton 3.6's Prefetch.cpp. First the `ttg.convert_layout` canonicalization patterns run
under the greedy driver (bottom-up). Then each `scf.for` (inner loops first) qualifies when:

- its body holds exactly one `tt.dot` directly, and every dot there has an `#ttg.nvidia_mma`
  result of version 2 (any other dot leaves the loop alone);
- the slice width is `8 * kWidth` of A's `#ttg.dot_op` layout (`256 / bitwidth` when kWidth is
  0), and A's K size is at least that width;
- each operand comes from a `ttg.local_load` into a `#ttg.dot_op` layout through a chain of
  single-operand ops whose results each have one use (the load itself takes no token), and the
  loaded buffer is an iteration argument of the loop.

The rewrite, for a width `w` and a K size `K`:

1. Before the loop, `ttg.memdesc_subslice` takes the first `w` columns of A's initial buffer
   (rows of B's) and `ttg.local_load` reads them into a `#ttg.dot_op` layout of kWidth `w / 8`;
   the chain between the load and the dot is cloned onto the slice (each cloned result takes its
   operand's layout and the slice's shape).
2. A new loop carries the old iteration arguments and the two head slices. Its body is the old
   one cloned; at the dot, one dot takes the carried heads, and one more dot per further `w`
   columns (offset `w`, `2w`, ...) takes slices of the carried buffers loaded right before the
   previous dot, accumulating in turn. The original dot is cloned too, unused (Triton leaves it
   for the next cleanup, with the full loads feeding it).
3. The last dot is issued as late as possible: the ops after it that neither use a split dot
   nor hold regions, and the next iteration's head slices, loaded from the yielded buffers, are
   placed before it. The yield adds the two next heads.

The loop is rebuilt as `scf::ForOp::create` builds one: without the old loop's attributes.
Triton 3.6 rebuilds a loop with one MMA v2 dot unchanged when the dot does not qualify; ttc
leaves it in place, which prints the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import DenseArrayBase, ModuleOp, TensorType, i32
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, Region, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import DotOperandEncodingAttr, NvidiaMmaEncodingAttr
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.upstream import scf
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import canonicalization_patterns
from ttc.transforms.patterns.greedy import GreedyConfig, apply_patterns_greedily
from ttc.transforms.tritongpu_utils import set_type
from ttc.transforms.utils import create_op, erase_op


@dataclass(frozen=True)
class InsertPoint:
    """Where new ops go: before `before`, or at the end of `block` when `before` is None."""

    block: Block
    before: Operation | None = None

    def insert(self, op: Operation) -> Operation:
        if self.before is None:
            self.block.add_op(op)
        else:
            self.block.insert_op_before(op, self.before)
        return op


@dataclass(frozen=True)
class PrefetchedDot:
    """A dot the pass splits: its slice width and, per operand, the values from the loaded buffer
    (an iteration argument) through the `ttg.local_load` to the dot operand."""

    dot: Operation
    width: int
    chains: tuple[list[SSAValue], list[SSAValue]]

    @property
    def k_size(self) -> int:
        a_type = self.dot.operands[0].type
        assert isinstance(a_type, TensorType)
        return a_type.get_shape()[-1]


def _location(value: SSAValue) -> Attribute:
    """The location MLIR's `Value::getLoc` gives: the defining op's, or the block argument's."""
    if isinstance(value, OpResult):
        return value.op.location
    assert isinstance(value, BlockArgument)
    return value.location


def _mma_v2_dots(body: Block) -> list[Operation] | None:
    """The dots directly in `body`, or None if one of them has another result layout than MMA
    v2."""
    dots: list[Operation] = []
    for op in body.ops:
        if not isinstance(op, tt.DotOp):
            continue
        type_ = op.results[0].type
        encoding = type_.encoding if isinstance(type_, TensorType) else None
        if not isinstance(encoding, NvidiaMmaEncodingAttr) or encoding.version_major.data != 2:
            return None
        dots.append(op)
    return dots


def shared_memory_chain(operand: SSAValue) -> list[SSAValue]:
    """Triton's `getPrefetchSrc`: the values from the shared-memory buffer through its
    `ttg.local_load` (into a `#ttg.dot_op` layout) to `operand`, along single-operand ops with one
    use each; empty when there is no such chain."""
    op = operand.op if isinstance(operand, OpResult) else None
    if op is None:
        return []
    chain: list[SSAValue] = [op.results[0]]
    while op is not None:
        if len(op.operands) != 1 or not op.results[0].has_one_use():
            return []
        chain.append(op.operands[0])
        if isinstance(op, ttg.LocalLoadOp):
            loaded = op.results[0].type
            if isinstance(loaded, TensorType) and isinstance(loaded.encoding, DotOperandEncodingAttr):
                return chain[::-1]
            return []
        source = op.operands[0]
        op = source.op if isinstance(source, OpResult) else None
    return []


def slice_width(a_encoding: DotOperandEncodingAttr, element_bits: int) -> int:
    """The K columns of one slice: what one MMA instruction consumes per `kWidth`."""
    k_width = a_encoding.k_width.data
    return 256 // element_bits if k_width == 0 else 8 * k_width


def _element_bits(type_: TensorType) -> int | None:
    bits = getattr(type_.element_type, "bitwidth", None)
    return bits if isinstance(bits, int) and bits > 0 else None


def find_prefetched_dot(loop: Operation) -> PrefetchedDot | None:
    """Triton's `Prefetcher::initialize`: the dot of `loop` to split, or None."""
    body = loop.regions[0].blocks.first
    assert body is not None
    dots = _mma_v2_dots(body)
    if dots is None or len(dots) != 1:
        return None
    dot = dots[0]
    a_type, b_type = dot.operands[0].type, dot.operands[1].type
    if not isinstance(a_type, TensorType) or not isinstance(b_type, TensorType):
        return None
    a_encoding = a_type.encoding
    bits = _element_bits(a_type)
    if not isinstance(a_encoding, DotOperandEncodingAttr) or bits is None:
        return None
    width = slice_width(a_encoding, bits)
    k_size = a_type.get_shape()[-1]
    if k_size < width or k_size % width:
        return None
    chains = (shared_memory_chain(dot.operands[0]), shared_memory_chain(dot.operands[1]))
    if not all(chains):
        return None
    if not all(_is_iter_arg(chain[0], body) for chain in chains):
        return None
    return PrefetchedDot(dot, width, chains)


def _is_iter_arg(value: SSAValue, body: Block) -> bool:
    return isinstance(value, BlockArgument) and value.block is body and value.index > 0


class Prefetcher:
    """Rewrites one loop around its `PrefetchedDot`."""

    def __init__(self, ctx: Context, loop: Operation, plan: PrefetchedDot) -> None:
        self.ctx = ctx
        self.loop = loop
        self.plan = plan
        body = loop.regions[0].blocks.first
        assert body is not None and body.last_op is not None
        self.body = body
        self.yield_op = body.last_op
        self.dot_encoding = _result_encoding(plan.dot)

    def slice_load(
        self, buffer: SSAValue, op_idx: int, offset: int, where: InsertPoint, chain: list[SSAValue]
    ) -> SSAValue:
        """Triton's `generatePrefetch` followed by `cloneElementwiseOps`: the K slice
        `[offset, offset + width)` of `buffer` for operand `op_idx`, loaded into a dot-operand
        layout and passed through a clone of the operand's chain."""
        memdesc = buffer.type
        assert isinstance(memdesc, MemDescType)
        shape = list(memdesc.get_shape())
        offsets = [0] * len(shape)
        k_dim = len(shape) - 1 if op_idx == 0 else len(shape) - 2
        offsets[k_dim], shape[k_dim] = offset, self.plan.width
        location = _location(buffer)
        subslice = create_op(
            self.ctx,
            "ttg.memdesc_subslice",
            [buffer],
            [memdesc.with_shape(shape)],
            {"offsets": DenseArrayBase.from_list(i32, offsets)},
        )
        encoding = DotOperandEncodingAttr.make(op_idx, self.dot_encoding, self.plan.width // 8)
        load = create_op(
            self.ctx,
            "ttg.local_load",
            [subslice.results[0]],
            [TensorType(memdesc.element_type, shape, encoding)],
        )
        for op in (subslice, load):
            op.location = location
            where.insert(op)
        return self._clone_chain(load.results[0], chain, where)

    @staticmethod
    def _clone_chain(loaded: SSAValue, chain: list[SSAValue], where: InsertPoint) -> SSAValue:
        loaded_type = loaded.type
        assert isinstance(loaded_type, TensorType)
        mapping: dict[SSAValue, SSAValue] = {chain[1]: loaded}
        for value in chain[2:]:
            assert isinstance(value, OpResult)
            clone = where.insert(value.op.clone(value_mapper=mapping))
            result = clone.results[0]
            source_type, result_type = clone.operands[0].type, result.type
            if isinstance(result_type, TensorType) and isinstance(source_type, TensorType):
                set_type(
                    result,
                    TensorType(result_type.element_type, loaded_type.get_shape(), source_type.encoding),
                )
        return mapping[chain[-1]]

    def _init_of(self, arg: SSAValue) -> SSAValue:
        assert isinstance(arg, BlockArgument)
        return self.loop.operands[3 + arg.index - 1]

    def _yielded(self, arg: SSAValue) -> SSAValue:
        assert isinstance(arg, BlockArgument)
        return self.yield_op.operands[arg.index - 1]

    def rewrite(self) -> None:
        """Emit the prologue, build the new loop, and replace the old one with it."""
        a_chain, b_chain = self.plan.chains
        before_loop = InsertPoint(self.loop.parent_block(), self.loop)  # type: ignore[arg-type]
        heads = [
            self.slice_load(self._init_of(a_chain[0]), 0, 0, before_loop, a_chain),
            self.slice_load(self._init_of(b_chain[0]), 1, 0, before_loop, b_chain),
        ]
        new_loop = self._new_loop(heads)
        for old, new in zip(self.loop.results, new_loop.results):
            old.replace_all_uses_with(new)
        erase_op(self.loop)

    def _new_loop(self, heads: list[SSAValue]) -> Operation:
        num_old = len(self.loop.results)
        inits = [*self.loop.operands[3:], *heads]
        types = [*self.loop.result_types, *(h.type for h in heads)]
        iv = self.body.args[0]
        body = Block(arg_types=[iv.type, *types])
        for arg in body.args:
            arg.location = self.loop.location
        new_loop = scf.ForOp.create(
            operands=[*self.loop.operands[:3], *inits], result_types=types, regions=[Region([body])]
        )
        new_loop.location = self.loop.location
        self.loop.parent_block().insert_op_before(new_loop, self.loop)  # type: ignore[union-attr]
        mapping: dict[SSAValue, SSAValue] = dict(zip(self.body.args, body.args))
        carried_heads = body.args[1 + num_old :]
        where = self._clone_body(body, mapping, carried_heads)
        yields = [mapping.get(v, v) for v in self.yield_op.operands]
        a_chain, b_chain = self.plan.chains
        for op_idx, chain in enumerate((a_chain, b_chain)):
            buffer = self._yielded(chain[0])
            yields.append(self.slice_load(mapping.get(buffer, buffer), op_idx, 0, where, chain))
        terminator = scf.YieldOp(*yields)
        terminator.location = self.yield_op.location
        body.add_op(terminator)
        return new_loop

    def _clone_body(
        self, body: Block, mapping: dict[SSAValue, SSAValue], carried_heads: tuple[BlockArgument, ...]
    ) -> InsertPoint:
        """Clone the old body into `body`, splitting the dot; the insertion point left at the end
        (before the last split dot when nothing after it needed its result)."""
        dot = self.plan.dot
        end = InsertPoint(body)
        where = end
        for op in list(self.body.ops)[:-1]:
            if op.regions or any(isinstance(v, OpResult) and v.op is dot for v in op.operands):
                where = end
            new_op = where.insert(op.clone(value_mapper=mapping))
            if op is dot:
                new_op, where = self._split_dot(mapping, carried_heads, where)
            for old, new in zip(op.results, new_op.results):
                mapping[old] = new
        return where

    def _split_dot(
        self, mapping: dict[SSAValue, SSAValue], carried_heads: tuple[BlockArgument, ...], where: InsertPoint
    ) -> tuple[Operation, InsertPoint]:
        dot, width = self.plan.dot, self.plan.width
        first = where.insert(dot.clone(value_mapper=mapping))
        first.operands = (*carried_heads, *first.operands[2:])
        last = first
        a_chain, b_chain = self.plan.chains
        for offset in range(width, self.plan.k_size, width):
            before_last = InsertPoint(where.block, last)
            a_slice = self.slice_load(mapping[a_chain[0]], 0, offset, before_last, a_chain)
            b_slice = self.slice_load(mapping[b_chain[0]], 1, offset, before_last, b_chain)
            split = where.insert(dot.clone(value_mapper=mapping))
            split.operands = (a_slice, b_slice, last.results[0], *split.operands[3:])
            last = split
        return last, InsertPoint(where.block, last)


def _result_encoding(op: Operation) -> NvidiaMmaEncodingAttr:
    type_ = op.results[0].type
    assert isinstance(type_, TensorType) and isinstance(type_.encoding, NvidiaMmaEncodingAttr)
    return type_.encoding


class TritonGPUPrefetch(TtcPass, name="tritongpu-prefetch", summary="prefetch"):
    """Prefetch the first K slice of a loop's dot operands from shared memory one iteration
    ahead."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        apply_patterns_greedily(
            ctx, op.body, canonicalization_patterns("ttg.convert_layout"), GreedyConfig(top_down=False)
        )
        loops = [o for o in walk(op, region_first=True) if isinstance(o, scf.ForOp)]
        for loop in loops:
            plan = find_prefetched_dot(loop)
            if plan is not None:
                Prefetcher(ctx, loop, plan).rewrite()
