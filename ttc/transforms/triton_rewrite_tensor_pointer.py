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

from xdsl.context import Context
from xdsl.dialects.builtin import AnyFloat, ModuleOp, TensorType, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue

from ttc.dialects.tt.ops import AdvanceOp, LoadOp, MakeTensorPtrOp, StoreOp
from ttc.dialects.tt.types import PaddingOption, PointerType, is_tensor_ptr
from ttc.dialects.upstream import scf
from ttc.ir.diagnostics import op_error
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.one_to_many_rewrite import OneToManyRewriter, expand_types
from ttc.transforms.tensor_pointer_utils import (
    BlockBuilder,
    add_strided,
    bounds_mask,
    offset_range,
    padding_attr,
    splat_base,
)


def block_rank(type_: Attribute) -> int:
    """The number of dimensions of the block a block-pointer type points to."""
    assert isinstance(type_, PointerType) and isinstance(type_.pointee_type, TensorType)
    return len(type_.pointee_type.get_shape())


def offset_types(type_: Attribute) -> list[Attribute] | None:
    """The i64 offsets, one per dimension, a block pointer is carried as; None for other types."""
    return [i64] * block_rank(type_) if is_tensor_ptr(type_) else None


def expanded_types(types: list[Attribute]) -> list[Attribute]:
    """`types` with each block pointer replaced by one i64 offset per dimension."""
    return expand_types(types, offset_types)


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


class _Rewriter(OneToManyRewriter[BlockPointer]):
    """One run of the pass over a module (Triton's `RewriteTensorPointerPass` state)."""

    converted_kind = "a block pointer"
    pass_name = "triton-rewrite-tensor-pointer"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.info: dict[SSAValue, BlockPointer] = {}

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
            return self.rewrite_if(op) if any(is_tensor_ptr(r.type) for r in op.results) else op
        if not any(is_tensor_ptr(o.type) for o in op.operands):
            return op
        if isinstance(op, scf.ForOp):
            return self.rewrite_for(op)
        if isinstance(op, scf.WhileOp):
            return self.rewrite_while(op)
        if isinstance(op, scf.YieldOp | scf.ConditionOp):
            op.operands = self.flatten(op, list(op.operands))
            return None
        raise op_error(op, f"block pointers cannot be rewritten through '{op.name}'; only scf.for, scf.while and scf.if carry them")

    def part_types(self, type_: Attribute) -> list[Attribute] | None:
        return offset_types(type_)

    def lookup(self, user: Operation, value: SSAValue) -> BlockPointer:
        info = self.info.get(value)
        if info is None:
            raise op_error(user, "cannot find where this block pointer was made (tt.make_tensor_ptr) to rewrite it")
        return info

    def parts(self, user: Operation, value: SSAValue) -> list[SSAValue]:
        return self.lookup(user, value).offsets

    def carried(self, user: Operation, value: SSAValue) -> BlockPointer | None:
        return self.lookup(user, value) if is_tensor_ptr(value.type) else None

    def yielded(self, user: Operation, value: SSAValue) -> BlockPointer | None:
        return self.origin(user, value) if is_tensor_ptr(value.type) else None

    def record(self, value: SSAValue, info: BlockPointer, parts: list[SSAValue]) -> None:
        self.info[value] = info.moved_to(parts)

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


class TritonRewriteTensorPointer(
    TtcPass,
    name="triton-rewrite-tensor-pointer",
    summary="Rewrite load/stores with tensor pointers into legacy load/stores",
):
    """Rewrite loads and stores through block pointers into loads and stores of pointer tensors."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        _Rewriter(ctx).run(op)

