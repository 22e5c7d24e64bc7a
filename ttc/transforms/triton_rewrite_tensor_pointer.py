"""`triton-rewrite-tensor-pointer`: block pointers become tensors of pointers with masks.

Mirrors Triton's RewriteTensorPointer.cpp (the first pass of make_ttir after the inliner). A block
pointer (`tt.make_tensor_ptr`, moved by `tt.advance`) is a base pointer, an i64 shape and stride
and an offset per dimension. The pass walks the IR in order, remembering for each block-pointer
value its base, shape, strides and i64 offsets (`tt.make_tensor_ptr` sign-extends its i32 offsets,
`tt.advance` adds its own), and:

- rewrites `tt.load`/`tt.store` through a block pointer into a load/store through the tensor of
  pointers `base + sum_d (offset_d + range_d) * stride_d`; `boundaryCheck` dimensions become the
  mask `0 <= offset_d + range_d < shape_d`, and `padding` the `other` value (zero, or NaN);
- carries block pointers through `scf.for` and `scf.while` as their offsets (one i64 iter arg per
  dimension in place of the pointer) and returns them from `scf.if` the same way; `scf.yield` and
  `scf.condition` pass the offsets;
- erases `tt.make_tensor_ptr`, `tt.advance` and the rewritten ops once every use is gone.

Triton stops on a block pointer carried by `scf.while`; ttc rewrites it as it does `scf.for`.
Block pointers anywhere else (branches, calls, returns) are reported at the op that uses them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import AnyFloat, ModuleOp, TensorType, i64
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from ttc.dialects import scf
from ttc.dialects.tt import AdvanceOp, LoadOp, MakeTensorPtrOp, StoreOp
from ttc.dialects.tt_types import PaddingOption, PointerType, is_tensor_ptr
from ttc.ir.diagnostics import op_error
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.tensor_pointer_utils import (
    BlockBuilder,
    add_strided,
    bounds_mask,
    offset_range,
    padding_attr,
    splat_base,
)
from ttc.transforms.utils import erase_op


def block_rank(type_: Attribute) -> int:
    """The number of dimensions of the block a block-pointer type points to."""
    assert isinstance(type_, PointerType) and isinstance(type_.pointee_type, TensorType)
    return len(type_.pointee_type.get_shape())


def expanded_types(types: list[Attribute]) -> list[Attribute]:
    """`types` with each block pointer replaced by one i64 offset per dimension."""
    result: list[Attribute] = []
    for type_ in types:
        result.extend([i64] * block_rank(type_) if is_tensor_ptr(type_) else [type_])
    return result


@dataclass
class BlockPointer:
    """What a block-pointer value stands for (Triton's `RewritedInfo`)."""

    base: SSAValue
    shape: list[SSAValue]
    strides: list[SSAValue]
    offsets: list[SSAValue]
    block_shape: tuple[int, ...]

    def moved_to(self, offsets: list[SSAValue]) -> BlockPointer:
        assert len(offsets) == len(self.offsets)
        return replace(self, offsets=offsets)


@dataclass
class _AccessBuilder:
    """Builds one access's pointers, mask and padding; the per-dimension offset ranges are shared
    between the pointers and the mask (Triton's `cachedOffsetWithRange`)."""

    b: BlockBuilder
    info: BlockPointer
    ranges: dict[int, SSAValue] = field(default_factory=dict[int, SSAValue])

    def range(self, dim: int) -> SSAValue:
        if dim not in self.ranges:
            self.ranges[dim] = offset_range(self.b, self.info.block_shape, self.info.offsets[dim], dim)
        return self.ranges[dim]

    def pointers(self) -> SSAValue:
        info = self.info
        ptr = splat_base(self.b, info.base, info.block_shape)
        for dim in range(len(info.block_shape)):
            ptr = add_strided(self.b, ptr, self.range(dim), info.strides[dim], info.block_shape)
        return ptr

    def mask(self, dims: list[int]) -> SSAValue | None:
        info = self.info
        checks = ((lambda d=d: self.range(d), info.shape[d]) for d in dims)
        return bounds_mask(self.b, checks, info.block_shape)

    def other(self, op: Operation, padding: PaddingOption) -> SSAValue:
        ptr_type = self.info.base.type
        assert isinstance(ptr_type, PointerType)
        element = ptr_type.pointee_type
        nan = padding is PaddingOption.PAD_NAN
        if nan and not isinstance(element, AnyFloat):
            raise op_error(op, f"padding_option 'nan' needs a floating-point block, not {element}")
        scalar = self.b.constant(padding_attr(element, nan), element)
        return self.b.splat(scalar, TensorType(element, self.info.block_shape))


class _Rewriter:
    """One run of the pass over a module (Triton's `RewriteTensorPointerPass` state)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.info: dict[SSAValue, BlockPointer] = {}
        self.erased: list[Operation] = []
        self.stale_args: list[SSAValue] = []

    # -- the walk -------------------------------------------------------------------------------

    def visit(self, op: Operation) -> None:
        for region in op.regions:
            for block in list(region.blocks):
                for nested in list(block.ops):
                    next_op = self.rewrite(nested)
                    if next_op is not None:
                        self.visit(next_op)

    def rewrite(self, op: Operation) -> Operation | None:
        """Rewrite `op`; the op whose regions to visit next, if any (Triton's `rewriteOp`)."""
        if isinstance(op, MakeTensorPtrOp):
            self.rewrite_make(op)
            return None
        if isinstance(op, AdvanceOp):
            self.rewrite_advance(op)
            return None
        if isinstance(op, LoadOp | StoreOp):
            self.rewrite_access(op)
            return None
        if op.dialect_name() not in ("scf", "cf"):
            return op
        if isinstance(op, scf.IfOp):
            return self.rewrite_if(op)
        if not any(is_tensor_ptr(o.type) for o in op.operands):
            return op
        if isinstance(op, scf.ForOp):
            return self.rewrite_for(op)
        if isinstance(op, scf.WhileOp):
            return self.rewrite_while(op)
        if isinstance(op, scf.YieldOp | scf.ConditionOp):
            op.operands = self.expand(op, list(op.operands))
            return None
        raise op_error(op, f"block pointers cannot be rewritten through '{op.name}'; only scf.for, scf.while and scf.if carry them")

    def lookup(self, user: Operation, value: SSAValue) -> BlockPointer:
        info = self.info.get(value)
        if info is None:
            raise op_error(user, "cannot find where this block pointer was made (tt.make_tensor_ptr) to rewrite it")
        return info

    def expand(self, user: Operation, values: list[SSAValue]) -> list[SSAValue]:
        """`values` with each block pointer replaced by its offsets (`generateNewOperands`)."""
        result: list[SSAValue] = []
        for value in values:
            result.extend(self.lookup(user, value).offsets if is_tensor_ptr(value.type) else [value])
        return result

    # -- block pointers and accesses -------------------------------------------------------------

    def rewrite_make(self, op: MakeTensorPtrOp) -> None:
        b = BlockBuilder(self.ctx, op)
        offsets = [b.value("arith.extsi", [o], i64) for o in op.offsets]
        result_type = op.result.type
        assert isinstance(result_type, PointerType) and isinstance(result_type.pointee_type, TensorType)
        self.info[op.result] = BlockPointer(
            op.base, list(op.shape), list(op.strides), offsets, tuple(result_type.pointee_type.get_shape())
        )
        self.erased.append(op)

    def rewrite_advance(self, op: AdvanceOp) -> None:
        info = self.lookup(op, op.ptr)
        b = BlockBuilder(self.ctx, op)
        offsets = [
            b.value("arith.addi", [old, b.value("arith.extsi", [delta], i64)], i64)
            for old, delta in zip(info.offsets, op.offsets, strict=True)
        ]
        self.info[op.result] = info.moved_to(offsets)
        self.erased.append(op)

    def rewrite_access(self, op: LoadOp | StoreOp) -> None:
        if not is_tensor_ptr(op.ptr.type):
            return
        if op.mask is not None or (isinstance(op, LoadOp) and op.other is not None):
            raise op_error(op, "a load or store through a block pointer takes no mask or other value; use boundary_check")
        info = self.lookup(op, op.ptr)
        b = BlockBuilder(self.ctx, op)
        access = _AccessBuilder(b, info)
        ptr = access.pointers()
        checked = [] if op.boundaryCheck is None else list(op.boundaryCheck.get_values())
        for dim in checked:
            if not 0 <= dim < len(info.block_shape):
                raise op_error(op, f"boundary check on dimension {dim} of a rank-{len(info.block_shape)} block")
        mask = access.mask(checked)
        props = {name: op.properties[name] for name in ("cache", "evict") if name in op.properties}
        if isinstance(op, LoadOp):
            other = None
            if op.padding is not None:
                other = access.other(op, PaddingOption(op.padding.value.data))
            if "isVolatile" in op.properties:
                props["isVolatile"] = op.properties["isVolatile"]
            new = LoadOp.build(operands=[ptr, mask, other], result_types=[op.result.type], properties=props)
            new.location = op.location
            b.insert_op(new)
            op.result.replace_all_uses_with(new.results[0])
        else:
            new = StoreOp.build(operands=[ptr, op.value, mask], properties=props)
            new.location = op.location
            b.insert_op(new)
        self.erased.append(op)

    # -- control flow ----------------------------------------------------------------------------

    def origin(self, user: Operation, value: SSAValue) -> BlockPointer:
        """The block pointer `value` derives from, through advances and the values regions
        yield (Triton's `getMakeTensorPtrOp`): its base, shape and strides."""
        seen: set[SSAValue] = set()
        while value not in self.info:
            if value in seen:
                break
            seen.add(value)
            owner = value.owner
            if isinstance(owner, AdvanceOp):
                value = owner.ptr
            elif isinstance(owner, Operation) and owner.regions and owner.regions[0].blocks:
                terminator = owner.regions[0].blocks.first.last_op  # pyright: ignore[reportOptionalMemberAccess]
                if terminator is None:
                    break
                forwarded = list(terminator.operands)
                if isinstance(terminator, scf.ConditionOp):
                    forwarded = forwarded[1:]
                value = forwarded[value.index]  # pyright: ignore[reportAttributeAccessIssue]
            elif isinstance(owner, Block) and isinstance(parent := owner.parent_op(), scf.ForOp | scf.WhileOp):
                index: int = value.index  # pyright: ignore[reportAttributeAccessIssue]
                if isinstance(parent, scf.ForOp):
                    value = parent.operands[3 + index - 1]
                elif owner is parent.regions[0].blocks.first:
                    value = parent.operands[index]
                else:
                    condition = parent.regions[0].blocks.first.last_op  # pyright: ignore[reportOptionalMemberAccess]
                    assert condition is not None
                    value = condition.operands[1 + index]
            else:
                break
        return self.lookup(user, value)

    def bind(self, old: list[SSAValue], new: list[SSAValue], infos: list[BlockPointer | None]) -> None:
        """Old values stand for new ones: block pointers take their offsets from `new`, the others
        are replaced by theirs."""
        index = 0
        for value, info in zip(old, infos, strict=True):
            if info is None:
                value.replace_all_uses_with(new[index])
                index += 1
            else:
                count = len(info.offsets)
                self.info[value] = info.moved_to(new[index : index + count])
                self.stale_args.append(value)
                index += count

    def retyped_block(self, block: Block, infos: list[BlockPointer | None], leading: int = 0) -> Block:
        """A block with `block`'s ops whose arguments after the first `leading` carry offsets in place
        of block pointers; `block`'s own arguments stand for them."""
        old_args = list(block.args)
        new = Block(arg_types=[*(a.type for a in old_args[:leading]), *expanded_types([a.type for a in old_args[leading:]])])
        for old_arg, new_arg in zip(old_args[:leading], new.args[:leading], strict=True):
            old_arg.replace_all_uses_with(new_arg)
        self.bind(old_args[leading:], list(new.args[leading:]), infos)
        for op in list(block.ops):
            op.detach()
            new.add_op(op)
        return new

    def rewrite_for(self, op: scf.ForOp) -> Operation:
        inits = list(op.iter_args)
        infos = [self.lookup(op, v) if is_tensor_ptr(v.type) else None for v in inits]
        body = op.body.blocks.first
        assert body is not None
        new_body = self.retyped_block(body, infos, leading=1)
        new = type(op).create(
            operands=[op.lb, op.ub, op.step, *self.expand(op, inits)],
            result_types=expanded_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[Region(new_body)],
        )
        new.location = op.location
        BlockBuilder(self.ctx, op).insert_op(new)
        self.bind(list(op.results), list(new.results), infos)
        self.erased.append(op)
        return new

    def rewrite_while(self, op: scf.WhileOp) -> Operation:
        inits = list(op.operands)
        before, after = (r.blocks.first for r in op.regions)
        assert before is not None and after is not None
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        before_infos = [self.lookup(op, v) if is_tensor_ptr(v.type) else None for v in inits]
        after_infos = [self.origin(op, v) if is_tensor_ptr(v.type) else None for v in condition.operands[1:]]
        new_before = self.retyped_block(before, before_infos)
        new_after = self.retyped_block(after, after_infos)
        new = type(op).create(
            operands=self.expand(op, inits),
            result_types=expanded_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[Region(new_before), Region(new_after)],
        )
        new.location = op.location
        BlockBuilder(self.ctx, op).insert_op(new)
        self.bind(list(op.results), list(new.results), after_infos)
        self.erased.append(op)
        return new

    def rewrite_if(self, op: scf.IfOp) -> Operation:
        then_block = op.regions[0].blocks.first
        assert then_block is not None
        terminator = then_block.last_op
        assert terminator is not None
        if not any(is_tensor_ptr(r.type) for r in op.results):
            return op
        infos = [self.origin(op, v) if is_tensor_ptr(v.type) else None for v in terminator.operands]
        regions = [op.detach_region(r) for r in list(op.regions)]
        new = type(op).create(
            operands=list(op.operands),
            result_types=expanded_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=regions,
        )
        new.location = op.location
        BlockBuilder(self.ctx, op).insert_op(new)
        self.bind(list(op.results), list(new.results), infos)
        self.erased.append(op)
        return new

    # -- clean-up --------------------------------------------------------------------------------

    def erase(self) -> None:
        """Erase the replaced ops, last first, once no other op uses a block pointer they made."""
        doomed = set(self.erased)
        for value in [*self.stale_args, *(r for op in self.erased for r in op.results)]:
            for use in value.uses:
                if use.operation not in doomed:
                    raise op_error(
                        use.operation,
                        f"'{use.operation.name}' uses a block pointer, which triton-rewrite-tensor-pointer "
                        "cannot rewrite there",
                    )
        for op in reversed(self.erased):
            erase_op(op)


@dataclass(frozen=True)
class TritonRewriteTensorPointer(TtcPass):
    """Rewrite loads and stores through block pointers into loads and stores of pointer tensors."""

    name: ClassVar[str] = "triton-rewrite-tensor-pointer"
    summary: ClassVar[str] = "Rewrite load/stores with tensor pointers into legacy load/stores"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        rewriter = _Rewriter(ctx)
        rewriter.visit(op)
        rewriter.erase()

