"""`triton-rewrite-tensor-descriptor-to-pointer`: tensor descriptors become pointers, shapes and
strides on targets without TMA.

Mirrors Triton's RewriteTensorDescriptorToPointer.cpp (make_ttir runs it below sm90), with the
1:N type conversion of its FunctionTypeConversion.cpp, ArithTypeConversion.cpp and MLIR's SCF
structural conversions. A `!tt.tensordesc<tensor<...xT>>` of rank `r` becomes `2r + 2` values:
a `!tt.ptr<T>` base (`T` signless), `r` i64 sizes, `r` i64 strides and an i1 that is true when
out-of-bounds elements read as NaN. So:

- a function's descriptor parameter becomes those `2r + 2` parameters in its place (its argument
  attributes go to the base pointer), as do descriptor results, `tt.call` operands and results and
  `tt.return` operands. The launcher of a kernel compiled without TMA passes a host
  `TensorDescriptor` that way: base, sizes, strides, `padding == "nan"`, then the frontend's own
  i32 sizes and i64 strides;
- `tt.make_tensor_descriptor` is its base, its sizes sign-extended to i64, its strides and the
  constant padding flag;
- `scf.for`, `scf.while` and `scf.if` carry and return the parts, `scf.yield`/`scf.condition`
  pass them, and an `arith.select` of descriptors is an `scf.if` yielding the chosen parts;
- `tt.descriptor_load`/`tt.descriptor_store` become `tt.load`/`tt.store` of the block's pointer
  tensor masked to the tensor's bounds (the load reads zeros, or NaNs when the flag says so);
  `tt.descriptor_gather`/`tt.descriptor_scatter` do the same for rows picked by offset, and
  `tt.descriptor_reduce` becomes a masked `tt.atomic_rmw` (release, gpu).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    TensorType,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from ttc.dialects.tt.descriptor import DescriptorGatherOp, DescriptorReduceOp, DescriptorScatterOp
from ttc.dialects.tt.ops import (
    AtomicRMWOp,
    CallOp,
    DescriptorLoadOp,
    DescriptorStoreOp,
    FuncOp,
    LoadOp,
    MakeTensorDescOp,
    ReturnOp,
    StoreOp,
)
from ttc.dialects.tt.types import (
    DescriptorReduceKind,
    MemSemantic,
    MemSyncScope,
    PaddingOption,
    PointerType,
    RMWOp,
    TensorDescType,
)
from ttc.dialects.upstream import arith, scf
from ttc.ir.diagnostics import op_error
from ttc.ir.values import constant_scalar
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.one_to_many_rewrite import OneToManyRewriter, expand_types
from ttc.transforms.tensor_pointer_utils import (
    BlockBuilder,
    add_strided,
    bounds_mask,
    expand_to_rank,
    offset_range,
    splat_base,
)


def descriptor_part_types(desc: TensorDescType) -> list[Attribute]:
    """The types a descriptor is converted to: base pointer, sizes, strides, NaN-padding flag."""
    block = desc.signless_block_type
    rank = len(block.get_shape())
    return [PointerType(block.get_element_type()), *([i64] * (2 * rank)), i1]


def descriptor_parts_of(type_: Attribute) -> list[Attribute] | None:
    """A descriptor type's parts' types; None for other types."""
    return descriptor_part_types(type_) if isinstance(type_, TensorDescType) else None


def converted_types(types: list[Attribute]) -> list[Attribute]:
    """`types` with each descriptor replaced by its parts' types."""
    return expand_types(types, descriptor_parts_of)


def has_descriptor(types: object) -> bool:
    return any(isinstance(t, TensorDescType) for t in types)  # pyright: ignore[reportGeneralTypeIssues]


@dataclass
class Descriptor:
    """A descriptor's parts (Triton's `unpackDescriptor`)."""

    base: SSAValue
    shape: list[SSAValue]
    strides: list[SSAValue]
    padding_nan: SSAValue

    @staticmethod
    def unpack(parts: list[SSAValue]) -> Descriptor:
        rank = (len(parts) - 2) // 2
        return Descriptor(parts[0], parts[1 : 1 + rank], parts[1 + rank : 1 + 2 * rank], parts[-1])


def cast_to_i64(b: BlockBuilder, value: SSAValue) -> SSAValue:
    """Triton's `castToI64`: `arith.extsi` to i64, folded when `value` is a constant."""
    if value.type == i64:
        return value
    known = constant_scalar(value)
    if isinstance(known, int):
        return b.constant(IntegerAttr(known, i64), i64)
    return b.value("arith.extsi", [value], i64)


def other_value(b: BlockBuilder, element: Attribute, block_shape: tuple[int, ...], padding_nan: SSAValue) -> SSAValue:
    """Triton's `generateOther`: what masked-off elements read, zeros, or for floats NaNs when the
    descriptor's flag is set."""
    tensor = TensorType(element, block_shape)
    if isinstance(element, AnyFloat):
        nan = b.constant(DenseIntOrFPElementsAttr.from_list(tensor, [float("nan")]), tensor)
        zero = b.constant(DenseIntOrFPElementsAttr.from_list(tensor, [0.0]), tensor)
        return b.value("arith.select", [padding_nan, nan, zero], tensor)
    return b.constant(DenseIntOrFPElementsAttr.from_list(tensor, [0]), tensor)  # pyright: ignore[reportArgumentType]


def pointers_from_ranges(
    b: BlockBuilder, desc: Descriptor, ranges: list[SSAValue], block_shape: tuple[int, ...]
) -> SSAValue:
    """The pointers of the block's elements from per-dimension offset ranges
    (`generatePtrFromOffsetRanges`)."""
    ptr = splat_base(b, desc.base, block_shape)
    for dim, rng in enumerate(ranges):
        ptr = add_strided(b, ptr, rng, desc.strides[dim], block_shape)
    return ptr


def mask_from_ranges(
    b: BlockBuilder, desc: Descriptor, ranges: list[SSAValue], block_shape: tuple[int, ...]
) -> SSAValue:
    """The mask of the block's elements inside the tensor (`generateMaskFromOffsetRanges`)."""
    mask = bounds_mask(b, ((lambda r=rng: r, desc.shape[d]) for d, rng in enumerate(ranges)), block_shape)
    assert mask is not None
    return mask


def block_pointer_and_mask(
    b: BlockBuilder, desc: Descriptor, offsets: list[SSAValue], block_shape: tuple[int, ...]
) -> tuple[SSAValue, SSAValue]:
    """`generatePtr` then `generateMask`: each builds its own offset ranges."""
    ptr = pointers_from_ranges(b, desc, [offset_range(b, block_shape, o, d) for d, o in enumerate(offsets)], block_shape)
    mask = mask_from_ranges(b, desc, [offset_range(b, block_shape, o, d) for d, o in enumerate(offsets)], block_shape)
    return ptr, mask


def reduce_kind_to_rmw(kind: DescriptorReduceKind, element: Attribute) -> RMWOp | None:
    """Triton's `translateReduceKind`: min and max need the block's signedness; floats only add."""
    signedness = element.signedness.data if isinstance(element, IntegerType) else None
    if kind is DescriptorReduceKind.ADD:
        return RMWOp.ADD if isinstance(element, IntegerType) else RMWOp.FADD
    if kind in (DescriptorReduceKind.MIN, DescriptorReduceKind.MAX):
        is_min = kind is DescriptorReduceKind.MIN
        if signedness is Signedness.UNSIGNED:
            return RMWOp.UMIN if is_min else RMWOp.UMAX
        if signedness is Signedness.SIGNED:
            return RMWOp.MIN if is_min else RMWOp.MAX
        return None
    return {
        DescriptorReduceKind.AND: RMWOp.AND,
        DescriptorReduceKind.OR: RMWOp.OR,
        DescriptorReduceKind.XOR: RMWOp.XOR,
    }.get(kind)


def _block_shape(type_: Attribute) -> tuple[int, ...]:
    assert isinstance(type_, TensorType)
    return tuple(type_.get_shape())


class _Rewriter(OneToManyRewriter[TensorDescType]):
    """One run of the pass: the parts each descriptor value stands for, and what to erase."""

    converted_kind = "a tensor descriptor"
    pass_name = "triton-rewrite-tensor-descriptor-to-pointer"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.descriptor_parts: dict[SSAValue, list[SSAValue]] = {}

    def rewrite(self, op: Operation) -> Operation | None:
        if isinstance(op, FuncOp):
            self.convert_signature(op)
            return op
        if isinstance(op, MakeTensorDescOp):
            self.rewrite_make(op)
        elif isinstance(op, DescriptorLoadOp):
            self.rewrite_load(op)
        elif isinstance(op, DescriptorStoreOp):
            self.rewrite_store(op)
        elif isinstance(op, DescriptorGatherOp):
            self.rewrite_gather(op)
        elif isinstance(op, DescriptorScatterOp):
            self.rewrite_scatter(op)
        elif isinstance(op, DescriptorReduceOp):
            self.rewrite_reduce(op)
        elif not has_descriptor(o.type for o in op.operands) and not has_descriptor(r.type for r in op.results):
            return op
        elif isinstance(op, scf.ForOp):
            return self.rewrite_for(op)
        elif isinstance(op, scf.WhileOp):
            return self.rewrite_while(op)
        elif isinstance(op, scf.IfOp):
            return self.rewrite_if(op)
        elif isinstance(op, scf.YieldOp | scf.ConditionOp | ReturnOp):
            op.operands = self.flatten(op, list(op.operands))
        elif isinstance(op, CallOp):
            self.rewrite_call(op)
        elif isinstance(op, arith.SelectOp):
            self.rewrite_select(op)
        else:
            raise op_error(op, f"'{op.name}' on tensor descriptors cannot be rewritten to pointers")
        return None

    def part_types(self, type_: Attribute) -> list[Attribute] | None:
        return descriptor_parts_of(type_)

    def parts(self, user: Operation, value: SSAValue) -> list[SSAValue]:
        parts = self.descriptor_parts.get(value)
        if parts is None:
            raise op_error(user, "cannot find the pointer, shape and strides of this tensor descriptor")
        return parts

    def carried(self, user: Operation, value: SSAValue) -> TensorDescType | None:
        """A descriptor's parts follow from its type alone."""
        return value.type if isinstance(value.type, TensorDescType) else None

    yielded = carried

    def record(self, value: SSAValue, info: TensorDescType, parts: list[SSAValue]) -> None:
        self.descriptor_parts[value] = parts

    def result_infos(self, op: Operation) -> list[TensorDescType | None]:
        return [self.carried(op, r) for r in op.results]

    # -- functions -------------------------------------------------------------------------------

    def convert_signature(self, func: FuncOp) -> None:
        """The function's descriptor parameters and results become their parts (Triton's
        `convertFuncOpTypes`): the entry block gains the parts' arguments in place of each
        descriptor, which keep its location; its argument attributes go to the base pointer."""
        ftype = func.function_type
        inputs, outputs = list(ftype.inputs.data), list(ftype.outputs.data)
        if not has_descriptor(inputs) and not has_descriptor(outputs):
            return
        new_inputs = converted_types(inputs)
        entry = func.body.blocks.first
        if entry is not None:
            for arg in list(entry.args):
                if not isinstance(arg.type, TensorDescType):
                    continue
                types = descriptor_part_types(arg.type)
                parts: list[SSAValue] = []
                for offset, type_ in enumerate(types):
                    new_arg = entry.insert_arg(type_, arg.index + 1 + offset, arg.location)  # pyright: ignore[reportCallIssue]
                    new_arg.name_hint = arg.name_hint
                    parts.append(new_arg)
                self.descriptor_parts[arg] = parts
                self.stale.append(arg)
        if func.arg_attrs is not None and len(new_inputs) != len(inputs):
            attrs: list[DictionaryAttr] = []
            for type_, attr in zip(inputs, func.arg_attrs.data, strict=True):
                attrs.append(attr)
                if isinstance(type_, TensorDescType):
                    attrs.extend(DictionaryAttr({}) for _ in descriptor_part_types(type_)[1:])
            func.arg_attrs = ArrayAttr(attrs)
        if func.res_attrs is not None and has_descriptor(outputs):
            res: list[DictionaryAttr] = []
            for type_, attr in zip(outputs, func.res_attrs.data, strict=True):
                res.extend([attr] * (len(descriptor_part_types(type_)) if isinstance(type_, TensorDescType) else 1))
            func.res_attrs = ArrayAttr(res)
        func.function_type = FunctionType.from_lists(new_inputs, converted_types(outputs))

    def erase_stale_arguments(self) -> None:
        for value in self.stale:
            owner = value.owner
            if isinstance(owner, Block) and isinstance(owner.parent_op(), FuncOp) and value in owner.args:
                owner.erase_arg(value)  # pyright: ignore[reportArgumentType]

    def rewrite_call(self, op: CallOp) -> None:
        new = CallOp.create(
            operands=self.flatten(op, list(op.operands)),
            result_types=converted_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
        )
        self.replace_op(op, new, self.result_infos(op))

    # -- descriptors and accesses ----------------------------------------------------------------

    def rewrite_make(self, op: MakeTensorDescOp) -> None:
        b = BlockBuilder(self.ctx, op)
        shape = [cast_to_i64(b, s) for s in op.shape]
        padding = op.padding.value.data if op.padding is not None else int(PaddingOption.PAD_ZERO)
        nan = b.constant(IntegerAttr(int(padding == PaddingOption.PAD_NAN), i1), i1)
        self.descriptor_parts[op.result] = [op.base, *shape, *op.strides, nan]
        self.erased.append(op)

    def _descriptor(self, op: Operation, value: SSAValue) -> tuple[Descriptor, TensorDescType]:
        desc_type = value.type
        assert isinstance(desc_type, TensorDescType)
        return Descriptor.unpack(self.parts(op, value)), desc_type

    def _emit(self, op: Operation, new: Operation, b: BlockBuilder) -> None:
        """Insert `new` for `op`, with `op`'s attributes (Triton copies them all but the operand
        segment sizes: a descriptor load's cache and eviction become the load's)."""
        for name, attr in op.properties.items():
            if name in type(new).get_irdl_definition().properties:
                new.properties[name] = attr
        for name, attr in op.attributes.items():
            new.attributes[name] = attr
        new.location = op.location
        b.insert_op(new)
        for old, result in zip(op.results, new.results):
            old.replace_all_uses_with(result)
        self.erased.append(op)

    def rewrite_load(self, op: DescriptorLoadOp) -> None:
        b = BlockBuilder(self.ctx, op)
        desc, desc_type = self._descriptor(op, op.desc)
        block = desc_type.signless_block_type
        shape = _block_shape(block)
        offsets = [cast_to_i64(b, i) for i in op.indices]
        other = other_value(b, block.get_element_type(), shape, desc.padding_nan)
        ptr, mask = block_pointer_and_mask(b, desc, offsets, shape)
        new = LoadOp.build(operands=[ptr, mask, other], result_types=[op.result.type])
        self._emit(op, new, b)

    def rewrite_store(self, op: DescriptorStoreOp) -> None:
        b = BlockBuilder(self.ctx, op)
        desc, desc_type = self._descriptor(op, op.desc)
        shape = _block_shape(desc_type.signless_block_type)
        offsets = [cast_to_i64(b, i) for i in op.indices]
        ptr, mask = block_pointer_and_mask(b, desc, offsets, shape)
        self._emit(op, StoreOp.build(operands=[ptr, op.src, mask]), b)

    def _rows_pointer_and_mask(
        self, b: BlockBuilder, desc: Descriptor, x_offsets: SSAValue, y_offset: SSAValue, shape: tuple[int, ...]
    ) -> tuple[SSAValue, SSAValue]:
        """`generateGatherScatterPtrMask`: rows at `x_offsets`, columns from `y_offset` on."""
        rows = expand_to_rank(b, x_offsets, len(shape), 0)
        y = cast_to_i64(b, y_offset)
        rows = b.value("arith.extsi", [rows], TensorType(i64, _block_shape(rows.type)))
        cols = offset_range(b, shape, y, 1)
        return pointers_from_ranges(b, desc, [rows, cols], shape), mask_from_ranges(b, desc, [rows, cols], shape)

    def rewrite_gather(self, op: DescriptorGatherOp) -> None:
        b = BlockBuilder(self.ctx, op)
        desc, desc_type = self._descriptor(op, op.desc)
        shape = _block_shape(op.result.type)
        ptr, mask = self._rows_pointer_and_mask(b, desc, op.x_offsets, op.y_offset, shape)
        other = other_value(b, desc_type.signless_block_type.get_element_type(), shape, desc.padding_nan)
        self._emit(op, LoadOp.build(operands=[ptr, mask, other], result_types=[op.result.type]), b)

    def rewrite_scatter(self, op: DescriptorScatterOp) -> None:
        b = BlockBuilder(self.ctx, op)
        desc, _ = self._descriptor(op, op.desc)
        shape = _block_shape(op.src.type)
        ptr, mask = self._rows_pointer_and_mask(b, desc, op.x_offsets, op.y_offset, shape)
        self._emit(op, StoreOp.build(operands=[ptr, op.src, mask]), b)

    def rewrite_reduce(self, op: DescriptorReduceOp) -> None:
        b = BlockBuilder(self.ctx, op)
        desc, desc_type = self._descriptor(op, op.desc)
        block = desc_type.signless_block_type
        shape = _block_shape(block)
        offsets = [cast_to_i64(b, i) for i in op.indices]
        kind = DescriptorReduceKind(op.kind.value.data)
        element = desc_type.block_type.get_element_type()
        rmw = reduce_kind_to_rmw(kind, element)
        if rmw is None:
            raise op_error(op, f"Cannot fallback on descriptor atomic op, unsupported for type {element}")
        ptr, mask = block_pointer_and_mask(b, desc, offsets, shape)
        new = AtomicRMWOp.build(
            operands=[ptr, op.src, mask],
            result_types=[block],
            properties={
                "atomic_rmw_op": rmw.attr(),
                "sem": MemSemantic.RELEASE.attr(),
                "scope": MemSyncScope.GPU.attr(),
            },
        )
        new.location = op.location
        b.insert_op(new)
        self.erased.append(op)

    # -- control flow ----------------------------------------------------------------------------

    def rewrite_select(self, op: Operation) -> None:
        """Triton's `RewriteArithSelectOp`: an `scf.if` yielding the true or the false parts."""
        cond, true_value, false_value = op.operands
        true_parts, false_parts = self.parts(op, true_value), self.parts(op, false_value)
        branches = []
        for parts in (true_parts, false_parts):
            yield_op = scf.YieldOp(*parts)
            yield_op.location = op.location
            branches.append(Region(Block([yield_op])))
        new = scf.IfOp.create(
            operands=[cond],
            result_types=[p.type for p in true_parts],
            attributes=dict(op.attributes),
            regions=branches,
        )
        self.replace_op(op, new, self.result_infos(op))

    # -- clean-up --------------------------------------------------------------------------------

    def erase(self) -> None:
        super().erase()
        self.erase_stale_arguments()


class TritonRewriteTensorDescriptorToPointer(
    TtcPass,
    name="triton-rewrite-tensor-descriptor-to-pointer",
    summary="Rewrite load/stores of tensor descriptors into pointer load/stores",
):
    """Rewrite tensor-descriptor accesses into pointer loads, stores and atomics."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        _Rewriter(ctx).run(op)
