"""Triton's `tt` dialect: the tile-level IR that `make_ttir` produces (TTIR).

Mirrors `TritonOps.td` / `Ops.cpp` of Triton 3.6: the ops with the custom syntax Triton prints,
their verifiers (shapes, encodings, pointer/element relations, axis ranges), and the spellings of
older releases, which parse into today's ops and print as Triton 3.6 prints:

- `tt.splat %x : (T) -> U` and the other parenthesised functional types of Triton ≤ 2.3;
- `tt.load`/`tt.store` typed by their value (`: tensor<128xf16>`) with integer `cache`/`evict`;
- `tt.dot {allowTF32 = true}` (becomes `inputPrecision = tf32`), `tt.get_program_id {axis = 0 : i32}`;
- `tt.view` (renamed to `tt.reshape` by `ttc.dialects.legacy`), `!tt.ptr<f16, 1>`.

Types and enums live in `ttc.dialects.tt.types`, shared syntax pieces in `ttc.dialects.tt.syntax`, type constraints and
trait checks in `ttc.dialects.tt.verify`. Verifier messages are MLIR's text after `'<op>' op `.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import ClassVar

from xdsl.dialects.builtin import (
    I32,
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
    DictionaryAttr,
    FlatSymbolRefAttrConstr,
    FunctionType,
    IntAttr,
    IntegerAttr,
    ModuleOp,
    NoneAttr,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    i1,
    i32,
    i64,
)
from xdsl.dialects.utils import parse_func_op_like, print_func_op_like
from xdsl.ir import Attribute, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    SameVariadicOperandSize,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    CallableOpInterface,
    ConditionallySpeculatable,
    EffectInstance,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    MemoryEffect,
    MemoryEffectKind,
    NoMemoryEffect,
    OpTrait,
    Pure,
    ReturnLike,
    SymbolOpInterface,
    SymbolTable,
    SymbolUserOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt import verify as v
from ttc.dialects.tt.cache_syntax import (
    CacheAndEvict,
    parse_cache_and_evict,
    print_cache_and_evict,
)
from ttc.dialects.tt.descriptor import (
    DESCRIPTOR_OPS,
    DESCRIPTOR_WRITE_FORMAT,
    verify_block_matches,
)
from ttc.dialects.tt.map_elementwise import MAP_ELEMENTWISE_OPS
from ttc.dialects.tt.op_bases import (
    PropsInAttrDictOp,
    PureOp,
    MemoryReadOp,
    MemoryWriteOp,
    MemoryReadWriteOp,
)
from ttc.dialects.tt.sync import SYNC_OPS
from ttc.dialects.tt.syntax import (
    ArrowTypes,
    InferredI32,
    OneType,
    enum_keyword,
    enum_attr,
    parse_arrow_types,
    parse_attr_dict,
    parse_bracketed_operands,
    parse_enum,
    parse_operand_list,
    parse_optional_enum,
    parse_optional_operand_groups,
    parse_tensor_type,
    print_attr_dict,
    print_operands,
    split_attr_dict,
)
from ttc.dialects.tt.types import (
    CacheModifier,
    EvictionPolicy,
    InputPrecision,
    MemSemantic,
    MemSyncScope,
    PaddingOption,
    PointerType,
    ProgramIDDim,
    PropagateNan,
    RMWOp,
    RoundingMode,
    ScaleDotElemType,
    TensorDescType,
    bit_width,
    element_type_or_self,
    encoding_of,
    i1_same_shape,
    is_ptr,
    is_tensor_ptr,
    pointee_type,
    pointer_type_same_shape,
    shape_of,
)
from ttc.dialects.ttg import layout_inference
from ttc.dialects.ttg.attrs import SliceEncodingAttr
from ttc.dialects.ttg.mma_support import verify_dot_encodings, verify_dot_operand_encoding
from ttc.ir.op_definition import op_definition
from ttc.ir.verify import RegionPhaseVerifier, VerifyErrors

I32Attr = IntegerAttr[I32]
DenseI32 = DenseArrayBase[I32]
FALSE = IntegerAttr(0, i1)


# --------------------------------------------------------------------------------------------
# Memory effects that depend on an op's properties (Triton's hand-written `getEffects`)
# --------------------------------------------------------------------------------------------

_READ = EffectInstance(MemoryEffectKind.READ)
_WRITE = EffectInstance(MemoryEffectKind.WRITE)


def _flag(op: Operation, name: str) -> bool:
    attr = op.properties.get(name)
    return isinstance(attr, IntegerAttr) and bool(attr.value.data)


class LoadEffects(MemoryEffect):
    """`LoadOp::getEffects`: a load reads global memory; a volatile one also writes."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return frozenset({_READ, _WRITE} if _flag(op, "isVolatile") else {_READ})


class PureWhenMarked(MemoryEffect, ConditionallySpeculatable):
    """`getEffects`/`getSpeculatability` of `extern_elementwise` and `elementwise_inline_asm`:
    no effects and speculatable when the `pure` property is set, else reads and writes."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return frozenset() if _flag(op, "pure") else frozenset({_READ, _WRITE})

    @classmethod
    def is_speculatable(cls, op: Operation) -> bool:
        return _flag(op, "pure")


class TTOp(PropsInAttrDictOp, RegionPhaseVerifier):
    """Base of every `tt` op: Triton's `TensorSizeTrait`, then the op's own `verify_op`; an op
    with result-type inference or a combining region checks them in `verify_regions`."""

    def verify_(self) -> None:
        v.tensor_sizes(self)
        self.verify_op()

    def verify_op(self) -> None:
        """The op's own invariants (Triton's `verify()` and ODS traits)."""


def equivalent_tensor_types(a: Attribute, b: Attribute, ignore_register_broadcast: bool = False) -> bool:
    """Triton's `verifyEquivalentTensorType`: same shape and element type, and encodings that
    lay the tensor out alike (`isCompatibleReturnTypes` of ops inferring layouts)."""
    if not (isinstance(a, TensorType) and isinstance(b, TensorType)):
        return a == b
    if a.get_shape() != b.get_shape() or a.element_type != b.element_type:
        return False
    ea, eb = encoding_of(a), encoding_of(b)
    if ea == eb:
        return True
    if ea is None or eb is None:
        return False
    return layout_inference.layouts_equivalent(
        a.get_shape(), ea, eb, ignore_register_broadcast
    )


def _i32(value: int) -> IntegerAttr:
    return IntegerAttr(value, i32)


def _dense_i32(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i32, list(values))


# ==============================================================================================
# Ops of the form `%r = tt.op %src [keywords] attr-dict : T -> U`
# ==============================================================================================


class UnaryTypedOp(TTOp):
    """`$src attr-dict : type($src) -> type($result)`; also accepts the legacy `(T) -> U`."""

    src = operand_def()
    result = result_def()

    assembly_format = "$src attr-dict `:` custom<ArrowTypes>(type($src), type($result))"
    custom_directives = (ArrowTypes,)

    TENSOR_RESULT: ClassVar[bool] = False
    """The result's ODS type is a ranked tensor: the format parses it as one."""

    TENSOR_SOURCE: ClassVar[bool] = False
    """Likewise for the source."""

    def __init__(self, src: SSAValue, result_type: Attribute,
                 properties: dict[str, Attribute] | None = None):
        super().__init__(operands=[src], result_types=[result_type], properties=properties or {})

    @classmethod
    def upgrade_properties(
        cls, properties: dict[str, Attribute], src_type: Attribute, result_type: Attribute
    ) -> None:
        """Fill in what older Triton left implicit (only `tt.trans` needs it)."""


class ElementwiseCastOp(PureOp, UnaryTypedOp):
    """`Elementwise, SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure` casts."""

    SRC: ClassVar[v.TypeConstraint] = v.TT_TYPE
    RESULT: ClassVar[v.TypeConstraint] = v.TT_TYPE

    def verify_op(self) -> None:
        v.check_operands(self, self.SRC)
        v.check_results(self, self.RESULT)
        v.elementwise(self)
        types = (self.src.type, self.result.type)
        v.same_shape(types)
        v.same_encoding(types)
        self.verify_cast()

    def verify_cast(self) -> None:
        """Checks beyond the common ones (bit widths, rounding)."""


@op_definition
class IntToPtrOp(ElementwiseCastOp):
    """`tt.int_to_ptr`: cast an int64 (or tensor of) to a pointer."""

    name = "tt.int_to_ptr"
    SRC: ClassVar[v.TypeConstraint] = v.I64_LIKE
    RESULT: ClassVar[v.TypeConstraint] = v.PTR_LIKE


@op_definition
class PtrToIntOp(ElementwiseCastOp):
    """`tt.ptr_to_int`: cast a pointer (or tensor of) to int64."""

    name = "tt.ptr_to_int"
    SRC: ClassVar[v.TypeConstraint] = v.PTR_LIKE
    RESULT: ClassVar[v.TypeConstraint] = v.I64_LIKE


@op_definition
class BitcastOp(ElementwiseCastOp):
    """`tt.bitcast`: reinterpret between types of the same bit width (pointers included)."""

    name = "tt.bitcast"

    def verify_cast(self) -> None:
        src = element_type_or_self(self.src.type)
        dst = element_type_or_self(self.result.type)
        if is_ptr(src) or is_ptr(dst):
            if not (is_ptr(src) and is_ptr(dst)):
                raise VerifyException("Cannot bitcast pointer to non-pointer type")
            assert isinstance(src, PointerType) and isinstance(dst, PointerType)
            if src.address_space != dst.address_space:
                raise VerifyException("Cannot bitcast pointer between different address spaces")
            return
        if bit_width(src) != bit_width(dst):
            raise VerifyException(
                f"Cannot bitcast data-type of size {bit_width(src)} to data-type of size "
                f"{bit_width(dst)}"
            )


@op_definition
class FpToFpOp(ElementwiseCastOp):
    """`tt.fp_to_fp %x, rounding = rtne : T -> U`: float casts incl. fp8, with a rounding mode."""

    name = "tt.fp_to_fp"
    SRC: ClassVar[v.TypeConstraint] = v.FLOAT_LIKE
    RESULT: ClassVar[v.TypeConstraint] = v.FLOAT_LIKE
    rounding = opt_prop_def(I32Attr)

    assembly_format = (
        "$src attr-dict (`,` `rounding` `=` custom<RoundingMode>($rounding)^)? `:` "
        "custom<ArrowTypes>(type($src), type($result))"
    )
    custom_directives = (ArrowTypes, enum_keyword(RoundingMode))

    def verify_cast(self) -> None:
        if self.rounding is not None:
            RoundingMode.from_attr(self.rounding)
        src = element_type_or_self(self.src.type)
        dst = element_type_or_self(self.result.type)
        if bit_width(dst) < bit_width(src) and self.rounding is None:
            raise VerifyException("Rounding mode is required for FP downcast")


@op_definition
class SplatOp(PureOp, UnaryTypedOp):
    """`tt.splat %x : T -> tensor<NxT>`: broadcast a scalar to a tensor."""

    name = "tt.splat"
    TENSOR_RESULT: ClassVar[bool] = True

    def verify_op(self) -> None:
        v.check_operands(self, v.TT_TYPE)
        v.check_results(self, v.TENSOR)
        types = (self.src.type, self.result.type)
        v.same_element_type(types)
        v.same_encoding(types)


@op_definition
class ExpandDimsOp(PureOp, UnaryTypedOp):
    """`tt.expand_dims %x {axis = N : i32} : T -> U`: insert a size-1 dimension at `axis`."""

    name = "tt.expand_dims"
    TENSOR_RESULT: ClassVar[bool] = True
    TENSOR_SOURCE: ClassVar[bool] = True
    axis = prop_def(I32Attr)

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR)
        v.check_results(self, v.TENSOR)
        v.same_element_type((self.src.type, self.result.type))
        src_shape = list(shape_of(self.src.type))
        axis = self.axis.value.data
        if axis < 0 or axis > len(src_shape):
            raise VerifyException(
                f"axis {axis} out of range for a tensor of rank {len(src_shape)}"
            )

    def verify_regions(self) -> None:
        v.inferred_types(self, self.infer_result_types)

    def infer_result_types(self) -> list[Attribute]:
        """`ExpandDimsOp::inferReturnTypes`: a 1 inserted at `axis`; a sliced layout's parent."""
        src = self.src.type
        assert isinstance(src, TensorType)
        axis = self.axis.value.data
        shape = list(src.get_shape())
        shape.insert(axis, 1)
        encoding: Attribute = NoneAttr()
        source_encoding = encoding_of(src)
        if source_encoding is not None:
            if not isinstance(source_encoding, SliceEncodingAttr):
                cause = "ExpandDimsOp operand encoding must be SliceEncodingAttr"
            elif source_encoding.dim.data != axis:
                cause = "Incompatible slice dimension for ExpandDimsOp operand"
            else:
                cause = ""
                encoding = source_encoding.parent
            if cause:
                raise VerifyErrors("failed to infer layout for ExpandDimsOp", (cause,))
        return [TensorType(src.element_type, shape, encoding)]


@op_definition
class BroadcastOp(PureOp, UnaryTypedOp):
    """`tt.broadcast %x : tensor<1x32xT> -> tensor<64x32xT>`: grow size-1 dimensions."""

    name = "tt.broadcast"
    TENSOR_RESULT: ClassVar[bool] = True
    TENSOR_SOURCE: ClassVar[bool] = True

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR)
        v.check_results(self, v.TENSOR)
        types = (self.src.type, self.result.type)
        v.same_element_type(types)
        v.same_encoding(types)
        src_shape = shape_of(self.src.type)
        result_shape = shape_of(self.result.type)
        if len(src_shape) != len(result_shape):
            raise VerifyException("rank of source must be same as rank of result")
        for index, (s, r) in enumerate(zip(src_shape, result_shape)):
            if s != 1 and s != r:
                raise VerifyException(
                    f"Different dimensions at index {index} between source and result.  "
                    "Broadcast requires the source dimension to be 1."
                )


@op_definition
class ReshapeOp(PureOp, UnaryTypedOp):
    """`tt.reshape %x [allow_reorder] [efficient_layout] : T -> U` (Triton ≤ 2.3: `tt.view`)."""

    name = "tt.reshape"
    TENSOR_RESULT: ClassVar[bool] = True
    TENSOR_SOURCE: ClassVar[bool] = True
    allow_reorder = opt_prop_def(UnitAttr)
    efficient_layout = opt_prop_def(UnitAttr)

    assembly_format = (
        "$src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)? "
        "attr-dict `:` custom<ArrowTypes>(type($src), type($result))"
    )

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR)
        v.check_results(self, v.TENSOR)
        v.same_element_type((self.src.type, self.result.type))
        if _num_elements(self.src.type) != _num_elements(self.result.type):
            raise VerifyException("number of src and dst elements of reshape must be the same")
        if (encoding_of(self.src.type) is None) != (encoding_of(self.result.type) is None):
            raise VerifyException(
                "Op requires that either (a) src and dst both have encodings, or (b) neither does."
            )


@op_definition
class TransOp(PureOp, UnaryTypedOp):
    """`tt.trans %x {order = array<i32: 1, 0>} : T -> U`: permute dimensions.

    Triton ≤ 2.3 only had 2-D transposes and no `order`; those get `order = [1, 0]`.
    """

    name = "tt.trans"
    TENSOR_RESULT: ClassVar[bool] = True
    TENSOR_SOURCE: ClassVar[bool] = True
    order = prop_def(DenseI32)

    @classmethod
    def upgrade_properties(
        cls, properties: dict[str, Attribute], src_type: Attribute, result_type: Attribute
    ) -> None:
        if "order" not in properties and len(shape_of(src_type)) == 2:
            properties["order"] = _dense_i32([1, 0])

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR)
        v.check_results(self, v.TENSOR)
        v.same_element_type((self.src.type, self.result.type))
        order = list(self.order.get_values())
        src_shape = shape_of(self.src.type)
        if len(order) != len(src_shape):
            raise VerifyException("order must have the same size as the source tensor")
        if sorted(order) != list(range(len(order))):
            raise VerifyException("order must be a permutation of 0..n-1")
        if tuple(src_shape[i] for i in order) != shape_of(self.result.type):
            raise VerifyException("result shape must match the permutation of the source shape")

    def verify_regions(self) -> None:
        v.inferred_types(self, self.infer_result_types, equivalent_tensor_types)

    def infer_result_types(self) -> list[Attribute]:
        """`TransOp::inferReturnTypes`: the permuted shape, the transposed layout."""
        src = self.src.type
        assert isinstance(src, TensorType)
        order = list(self.order.get_values())
        shape = src.get_shape()
        encoding: Attribute = NoneAttr()
        source_encoding = encoding_of(src)
        if source_encoding is not None:
            inferred = layout_inference.infer_trans_encoding(source_encoding, shape, order)
            if inferred is None:
                raise VerifyException(f"cannot transpose the layout {source_encoding} by {order}")
            encoding = inferred
        return [TensorType(src.element_type, [shape[o] for o in order], encoding)]


@op_definition
class HistogramOp(PureOp, TTOp):
    """`tt.histogram %x[, %mask] : tensor<NxiK> -> tensor<MxiK>`: counts of values 0..M-1."""

    name = "tt.histogram"
    src = operand_def()
    mask = opt_operand_def()
    result = result_def()

    # Hand-written syntax: the optional mask's type (an i1 tensor shaped like the source) is inferred,
    # not printed.
    @classmethod
    def parse(cls, parser: Parser) -> HistogramOp:
        src = parser.parse_unresolved_operand()
        mask = parser.parse_unresolved_operand() if parser.parse_optional_punctuation(",") else None
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        (src_type,), result_type = parse_arrow_types(parser, 1, cls.name)
        return cls.build(
            operands=[
                parser.resolve_operand(src, src_type),
                None if mask is None else parser.resolve_operand(mask, i1_same_shape(src_type)),
            ],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, self.operands)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_op(self) -> None:
        v.check_operands(self, v.INT_TENSOR)
        v.check_results(self, v.INT_TENSOR)
        if self.mask is not None:
            v.types_match(self.mask.type, i1_same_shape(self.src.type), "mask type matches src type")


def _num_elements(t: Attribute) -> int:
    count = 1
    for dim in shape_of(t):
        count *= dim
    return count


@op_definition
class UnsplatOp(PureOp, TTOp):
    """`tt.unsplat %x : tensor<1x1xT>`: the single element of a one-element tensor."""

    name = "tt.unsplat"
    src = operand_def()
    result = result_def()

    # Hand-written syntax: the result type is the source's element type (inferred, not printed).
    @classmethod
    def parse(cls, parser: Parser) -> UnsplatOp:
        src = parser.parse_unresolved_operand()
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        src_type = parse_tensor_type(parser, cls.name)
        return cls.build(
            operands=[parser.resolve_operand(src, src_type)],
            result_types=[element_type_or_self(src_type)],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.src)
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR)
        if _num_elements(self.src.type) != 1:
            raise VerifyException("source tensor must have exactly one element")

    def verify_regions(self) -> None:
        v.inferred_types(self, lambda: [element_type_or_self(self.src.type)])


# ==============================================================================================
# Two-input shape ops: cat, join; split
# ==============================================================================================


SPLIT_LAYOUT_ERROR = (
    "Fp4ToFpOp/SplitOp requires at least 2 elements per thread in the axis/last dimension"
)
"""Triton's message when no layout splits in two along the last dimension."""


class BinaryShapeOp(TTOp):
    """`$lhs, $rhs attr-dict : type($lhs) -> type($result)`; also the legacy `(T, T) -> U`."""

    lhs = operand_def()
    rhs = operand_def()
    result = result_def()
    traits = traits_def(NoMemoryEffect())
    TENSOR_RESULT: ClassVar[bool] = True
    TENSOR_SOURCE: ClassVar[bool] = True

    assembly_format = "$lhs `,` $rhs attr-dict `:` custom<ArrowTypes>(type(operands), type($result))"
    custom_directives = (ArrowTypes,)

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR, v.TENSOR)
        v.check_results(self, v.TENSOR)
        v.same_type_operands((self.lhs.type, self.rhs.type))
        self.verify_shapes()

    def verify_shapes(self) -> None:
        """Shape and encoding relations between the inputs and the result."""


@op_definition
class CatOp(BinaryShapeOp):
    """`tt.cat %a, %b : T -> U`: concatenate (the order of elements is unspecified)."""

    name = "tt.cat"

    def verify_shapes(self) -> None:
        v.same_element_type((self.lhs.type, self.result.type))
        expected = _num_elements(self.lhs.type) * 2
        actual = _num_elements(self.result.type)
        if actual != expected:
            raise VerifyException(
                "result element count must equal the sum of the operand element counts, "
                f"expected {expected} but got {actual}"
            )
        if (encoding_of(self.lhs.type) is None) != (encoding_of(self.result.type) is None):
            raise VerifyException(
                "requires that either (a) operands and result all have encodings, or (b) none do."
            )


@op_definition
class JoinOp(BinaryShapeOp):
    """`tt.join %a, %b : tensor<NxT> -> tensor<Nx2xT>`: join along a new minor dimension."""

    name = "tt.join"

    def verify_shapes(self) -> None:
        expected = (*shape_of(self.lhs.type), 2)
        actual = shape_of(self.result.type)
        if actual != expected:
            raise VerifyException(
                f"result shape must be ({', '.join(map(str, expected))}), but got "
                f"{', '.join(map(str, actual))}"
            )
        if element_type_or_self(self.result.type) != element_type_or_self(self.lhs.type):
            raise VerifyException("result element type must match the input element type")
        result_encoding = encoding_of(self.result.type)
        source_encoding = encoding_of(self.lhs.type)
        if result_encoding is None:
            if source_encoding is not None:
                raise VerifyException("result encoding must be specified")
            return
        # Only one source layout (up to broadcast registers) joins into the result's layout.
        split = layout_inference.infer_split_encoding(result_encoding, actual)
        if split is None:
            raise VerifyException(SPLIT_LAYOUT_ERROR)
        if source_encoding is None or not layout_inference.layouts_equivalent(
            shape_of(self.lhs.type), split, source_encoding, ignore_register_broadcast=True
        ):
            raise VerifyException("incompatible join layout")


@op_definition
class SplitOp(TTOp):
    """`%a, %b = tt.split %x : tensor<Nx2xT> -> tensor<NxT>`: the two halves of the last dimension."""

    name = "tt.split"
    src = operand_def()
    out_lhs = result_def()
    out_rhs = result_def()
    traits = traits_def(NoMemoryEffect())
    TENSOR_RESULT: ClassVar[bool] = True
    TENSOR_SOURCE: ClassVar[bool] = True

    def asm_result_names(self) -> Sequence[tuple[int, str]]:
        """Triton names the halves (`getAsmResultNames`): `%outLHS, %outRHS = tt.split ...`."""
        return ((0, "outLHS"), (1, "outRHS"))

    assembly_format = "$src attr-dict `:` custom<ArrowTypes>(type($src), type(results))"
    custom_directives = (ArrowTypes,)

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR)
        v.check_results(self, v.TENSOR, v.TENSOR)
        v.types_match(self.out_rhs.type, self.out_lhs.type, "outLHS and outRHS types match")

    def verify_regions(self) -> None:
        v.inferred_types(
            self,
            self.infer_result_types,
            lambda a, b: equivalent_tensor_types(a, b, ignore_register_broadcast=True),
        )

    def infer_result_types(self) -> list[Attribute]:
        """`SplitOp::inferReturnTypes`: the shape without its last dimension (of size 2)."""
        src = self.src.type
        assert isinstance(src, TensorType)
        shape = src.get_shape()
        if not shape or shape[-1] != 2:
            raise VerifyException("last dimension of input tensor must be 2")
        encoding: Attribute = NoneAttr()
        source_encoding = encoding_of(src)
        if source_encoding is not None:
            inferred = layout_inference.infer_split_encoding(source_encoding, shape)
            if inferred is None:
                raise VerifyException(SPLIT_LAYOUT_ERROR)
            encoding = inferred
        half = TensorType(src.element_type, shape[:-1], encoding)
        return [half, half]


# ==============================================================================================
# Elementwise arithmetic
# ==============================================================================================


class SameTypeOp(PureOp, TTOp):
    """`$operands attr-dict : type($x)`: Elementwise, SameOperandsAndResultType, Pure."""

    CONSTRAINT: ClassVar[v.TypeConstraint] = v.FLOAT_LIKE

    assembly_format = "operands attr-dict `:` custom<OneType>(type(operands), type(results))"
    custom_directives = (OneType,)

    def verify_op(self) -> None:
        v.check_operands(self, *[self.CONSTRAINT] * len(self.operands))
        v.check_results(self, self.CONSTRAINT)
        v.elementwise(self)
        v.same_type([*self.operand_types, *self.result_types])


@op_definition
class PreciseSqrtOp(SameTypeOp):
    """`tt.precise_sqrt %x : T`: IEEE-exact square root."""

    name = "tt.precise_sqrt"
    x = operand_def()
    result = result_def()


@op_definition
class PreciseDivFOp(SameTypeOp):
    """`tt.precise_divf %x, %y : T`: IEEE-exact division."""

    name = "tt.precise_divf"
    x = operand_def()
    y = operand_def()
    result = result_def()


@op_definition
class MulhiUIOp(SameTypeOp):
    """`tt.mulhiui %x, %y : T`: high half of the unsigned 2N-bit product."""

    name = "tt.mulhiui"
    CONSTRAINT: ClassVar[v.TypeConstraint] = v.INT_LIKE
    x = operand_def()
    y = operand_def()
    result = result_def()


@op_definition
class ClampFOp(PureOp, TTOp):
    """`tt.clampf %x, %min, %max, propagateNan = none : T`."""

    name = "tt.clampf"
    x = operand_def()
    min = operand_def()
    max = operand_def()
    propagateNan = prop_def(I32Attr)
    result = result_def()

    assembly_format = (
        "$x `,` $min `,` $max `,` `propagateNan` `=` custom<PropagateNan>($propagateNan) "
        "attr-dict `:` custom<OneType>(type(operands), type(results))"
    )
    custom_directives = (OneType, enum_keyword(PropagateNan))

    def verify_op(self) -> None:
        v.check_operands(self, v.FLOAT_LIKE, v.FLOAT_LIKE, v.FLOAT_LIKE)
        v.elementwise(self)
        v.same_type([*self.operand_types, self.result.type])
        _check_enum(PropagateNan, self.propagateNan, "propagateNan")


def _check_enum(enum: type, attr: IntegerAttr | None, name: str) -> None:
    if attr is not None and attr.value.data not in {int(m) for m in enum}:
        raise VerifyException(f"attribute '{name}' failed to satisfy constraint: allowed {enum.__name__} value")


@op_definition
class ExternElementwiseOp(TTOp):
    """`tt.extern_elementwise %a, %b {libname, libpath, symbol, pure} : (A, B) -> R`."""

    name = "tt.extern_elementwise"
    srcs = var_operand_def()
    libname = prop_def(StringAttr)
    libpath = prop_def(StringAttr)
    symbol = prop_def(StringAttr)
    pure = prop_def(BoolAttr)
    result = result_def()

    traits = traits_def(PureWhenMarked())

    assembly_format = "operands attr-dict `:` functional-type(operands, results)"

    def verify_op(self) -> None:
        v.check_operands(self, *[v.TT_TYPE] * len(self.srcs))
        v.check_results(self, v.TT_TYPE)
        v.elementwise(self)
        types = [*self.operand_types, self.result.type]
        v.same_shape(types)
        v.same_encoding(types)


@op_definition
class ElementwiseInlineAsmOp(TTOp):
    """`tt.elementwise_inline_asm "asm" {constraints, packed_element, pure} %a : A -> R[, R2]`."""

    name = "tt.elementwise_inline_asm"
    asm_string = prop_def(StringAttr)
    constraints = prop_def(StringAttr)
    pure = prop_def(BoolAttr)
    packed_element = prop_def(I32Attr)
    args = var_operand_def()
    result = var_result_def()

    traits = traits_def(PureWhenMarked())

    assembly_format = "$asm_string attr-dict ($args^ `:` type($args))? `->` type($result)"

    def verify_op(self) -> None:
        v.check_operands(self, *[v.TT_TYPE] * len(self.args))
        v.check_results(self, *[v.TT_TYPE] * len(self.results))
        v.elementwise(self)
        v.same_encoding([*self.operand_types, *self.result_types])
        packed = self.packed_element.value.data
        if packed <= 0:
            raise VerifyException("#packed_element must be positive")
        if self.args:
            count = _num_elements(self.args[0].type) if isinstance(self.args[0].type, TensorType) else 0
            if count % packed:
                raise VerifyException(
                    f"number of input elements {count} must be a multiple of the op's "
                    f"packed_element attribute, {packed}"
                )


# ==============================================================================================
# SPMD ops
# ==============================================================================================


class ProgramAxisOp(PureOp, TTOp):
    """`tt.op x : i32`, also the legacy `tt.op {axis = 0 : i32} : i32`."""

    axis = prop_def(I32Attr)
    result = result_def()

    # Hand-written syntax: it also accepts the legacy `{axis = 0 : i32}` without the keyword.
    @classmethod
    def parse(cls, parser: Parser) -> ProgramAxisOp:
        properties: dict[str, Attribute] = {}
        axis = parse_optional_enum(parser, ProgramIDDim)
        if axis is not None:
            properties["axis"] = axis.attr()
        attr_props, attributes = parse_attr_dict(parser, cls)
        properties |= attr_props
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        return cls.build(result_types=[result_type], properties=properties, attributes=attributes)

    def dim(self) -> ProgramIDDim:
        return ProgramIDDim(self.axis.value.data)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string(self.dim().keyword)
        print_attr_dict(printer, self, elided=("axis",))
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_op(self) -> None:
        v.check_results(self, v.I32)
        _check_enum(ProgramIDDim, self.axis, "axis")


@op_definition
class GetProgramIdOp(ProgramAxisOp):
    """`tt.get_program_id x : i32`: the program (CTA) index along an axis of the grid."""

    name = "tt.get_program_id"


@op_definition
class GetNumProgramsOp(ProgramAxisOp):
    """`tt.get_num_programs x : i32`: the grid size along an axis."""

    name = "tt.get_num_programs"


@op_definition
class MakeRangeOp(PureOp, TTOp):
    """`tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>`."""

    name = "tt.make_range"
    start = prop_def(I32Attr)
    end = prop_def(I32Attr)
    result = result_def()

    # Hand-written syntax: the result parses as a ranked tensor with MLIR's
    # `parseType<RankedTensorType>` error.
    @classmethod
    def parse(cls, parser: Parser) -> MakeRangeOp:
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        return cls.build(
            result_types=[parse_tensor_type(parser, cls.name)],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)

    def verify_op(self) -> None:
        v.check_results(self, v.INT_TENSOR)
        start, end = self.start.value.data, self.end.value.data
        if start >= end:
            raise VerifyException("start must be less than end")
        shape = shape_of(self.result.type)
        if len(shape) != 1:
            raise VerifyException("return type must be a 1D tensor")
        if end - start != shape[0]:
            raise VerifyException(
                f"number of elements in returned tensor, {shape[0]}, must match size of range "
                f"[{start}, {end}), which has {end - start} elements"
            )
        if element_type_or_self(self.result.type) != i32:
            raise VerifyException("returned tensor must have i32 elements")


# ==============================================================================================
# Pointers and memory
# ==============================================================================================


@op_definition
class AddPtrOp(PureOp, TTOp):
    """`tt.addptr %p, %off : tensor<Nx!tt.ptr<T>>, tensor<Nxi32>`: advance pointers by elements."""

    name = "tt.addptr"
    ptr = operand_def()
    offset = operand_def()
    result = result_def()

    assembly_format = (
        "$ptr `,` $offset attr-dict `:` custom<OneType>(type($result), type($ptr)) `,` type($offset)"
    )
    custom_directives = (OneType,)

    def verify_op(self) -> None:
        v.check_operands(self, v.PTR_LIKE, v.INT_LIKE)
        v.check_results(self, v.PTR_LIKE)
        types = (self.ptr.type, self.offset.type, self.result.type)
        v.same_shape(types)
        v.same_encoding(types)
        v.types_match(self.result.type, self.ptr.type, "result type matches ptr type")


def _parse_pointer_type(parser: Parser) -> Attribute:
    """The type after `:` of tt.load/tt.store, as a pointer-like type.

    Today it is the pointer type. Triton ≤ 2.3 wrote the loaded/stored value's type instead
    (`: tensor<128xf16>`); then the pointers are global pointers of the same shape. A block-pointer
    load of that era may also repeat its result type after `->`.
    """
    t = parser.parse_type()
    if not v.PTR_LIKE.test(t):
        t = pointer_type_same_shape(t)
    if parser.parse_optional_punctuation("->"):
        pos = parser.pos
        result_type = parser.parse_type()
        if result_type != pointee_type(t):
            parser.raise_error(f"result type {result_type} does not match the pointee type of {t}", pos)
    return t


_LOAD_STORE_DEFAULTS: dict[str, Attribute] = {
    "boundaryCheck": _dense_i32([]),
    "cache": CacheModifier.NONE.attr(),
    "evict": EvictionPolicy.NORMAL.attr(),
    "isVolatile": FALSE,
}


def _verify_pointer_operand(op: Operation, ptr_type: Attribute) -> None:
    element = element_type_or_self(ptr_type)
    if not isinstance(element, PointerType):
        raise VerifyException(
            f"operand #0 must be ptr or ranked tensor of ptr values, but got '{ptr_type}'"
        )


class CachedAccessOp(TTOp):
    """Ops with `cache`/`evict` properties: typed accessors for passes and lowering."""

    def cache_modifier(self) -> CacheModifier:
        return enum_attr(CacheModifier, self.properties.get("cache"), CacheModifier.NONE)

    def eviction_policy(self) -> EvictionPolicy:
        return enum_attr(EvictionPolicy, self.properties.get("evict"), EvictionPolicy.NORMAL)


@op_definition
class LoadOp(CachedAccessOp):
    """`tt.load %p[, %mask[, %other]] [cacheModifier = ..] [evictionPolicy = ..] : <ptr type>`.

    The result, mask and `other` types are derived from the pointer type (Triton's TypesMatchWith).
    """

    name = "tt.load"
    ptr = operand_def()
    mask = opt_operand_def()
    other = opt_operand_def()
    boundaryCheck = opt_prop_def(DenseI32, default_value=_dense_i32([]))
    padding = opt_prop_def(I32Attr)
    cache = opt_prop_def(I32Attr, default_value=CacheModifier.NONE.attr())
    evict = opt_prop_def(I32Attr, default_value=EvictionPolicy.NORMAL.attr())
    isVolatile = opt_prop_def(BoolAttr, default_value=FALSE)
    result = result_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(LoadEffects())

    # Hand-written syntax: ODS's `oilist` (absent from xDSL 0.74) and older releases' integer
    # cache/evict and value-typed forms.
    @classmethod
    def parse(cls, parser: Parser) -> LoadOp:
        operands = [parser.parse_unresolved_operand(), *parse_optional_operand_groups(parser, 2)]
        properties = parse_cache_and_evict(parser)
        attr_props, attributes = parse_attr_dict(parser, cls)
        properties |= attr_props
        parser.parse_punctuation(":")
        ptr_type = _parse_pointer_type(parser)
        value_type = pointee_type(ptr_type)
        types = [ptr_type, i1_same_shape(value_type), value_type]
        resolved = [None if o is None else parser.resolve_operand(o, t) for o, t in zip(operands, types)]
        resolved += [None] * (3 - len(resolved))
        return cls.build(
            operands=resolved,
            result_types=[value_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, [o for o in (self.ptr, self.mask, self.other) if o is not None])
        print_cache_and_evict(printer, self.cache, self.evict)
        print_attr_dict(
            printer,
            self,
            elided=("cache", "evict", "operandSegmentSizes"),
            defaults=_LOAD_STORE_DEFAULTS,
        )
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)

    def is_volatile(self) -> bool:
        return self.isVolatile is not None and self.isVolatile.value.data != 0

    def verify_op(self) -> None:
        _verify_pointer_operand(self, self.ptr.type)
        value_type = pointee_type(self.ptr.type)
        v.types_match(self.result.type, value_type, "result matches ptr type")
        if self.mask is not None:
            v.BOOL_LIKE.check(self.mask.type, "operand #1")
            v.types_match(self.mask.type, i1_same_shape(value_type), "mask type matches ptr type")
        if self.other is not None:
            v.types_match(self.other.type, value_type, "other matches ptr type")
        _check_enum(CacheModifier, self.cache, "cache")
        _check_enum(EvictionPolicy, self.evict, "evict")
        _check_enum(PaddingOption, self.padding, "padding")


@op_definition
class StoreOp(MemoryWriteOp, CachedAccessOp):
    """`tt.store %p, %v[, %mask] [cacheModifier = ..] [evictionPolicy = ..] : <ptr type>`."""

    name = "tt.store"
    ptr = operand_def()
    value = operand_def()
    mask = opt_operand_def()
    boundaryCheck = opt_prop_def(DenseI32, default_value=_dense_i32([]))
    cache = opt_prop_def(I32Attr, default_value=CacheModifier.NONE.attr())
    evict = opt_prop_def(I32Attr, default_value=EvictionPolicy.NORMAL.attr())

    # Hand-written syntax: ODS's `oilist` (absent from xDSL 0.74) and older releases' integer
    # cache/evict and value-typed forms.
    @classmethod
    def parse(cls, parser: Parser) -> StoreOp:
        operands = parse_operand_list(parser)
        pos = parser.pos
        if not 2 <= len(operands) <= 3:
            parser.raise_error(f"tt.store takes 2 or 3 operands, got {len(operands)}", pos)
        properties = parse_cache_and_evict(parser)
        attr_props, attributes = parse_attr_dict(parser, cls)
        properties |= attr_props
        parser.parse_punctuation(":")
        ptr_type = _parse_pointer_type(parser)
        value_type = pointee_type(ptr_type)
        types = [ptr_type, value_type, i1_same_shape(value_type)]
        resolved = [parser.resolve_operand(o, t) for o, t in zip(operands, types)]
        return cls.build(
            operands=[*resolved, *([None] * (3 - len(resolved)))],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, [o for o in (self.ptr, self.value, self.mask) if o is not None])
        print_cache_and_evict(printer, self.cache, self.evict)
        print_attr_dict(printer, self, elided=("cache", "evict"), defaults=_LOAD_STORE_DEFAULTS)
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)

    def verify_op(self) -> None:
        _verify_pointer_operand(self, self.ptr.type)
        value_type = pointee_type(self.ptr.type)
        v.types_match(self.value.type, value_type, "value type matches ptr type")
        if self.mask is not None:
            v.BOOL_LIKE.check(self.mask.type, "operand #2")
            v.types_match(self.mask.type, i1_same_shape(value_type), "mask type matches ptr type")
        _check_enum(CacheModifier, self.cache, "cache")
        _check_enum(EvictionPolicy, self.evict, "evict")


@op_definition
class AtomicRMWOp(MemoryReadWriteOp, TTOp):
    """`tt.atomic_rmw add, release, gpu, %p, %v[, %mask] : (P, V[, M]) -> R`."""

    name = "tt.atomic_rmw"
    ptr = operand_def()
    val = operand_def()
    mask = opt_operand_def()
    atomic_rmw_op = prop_def(I32Attr)
    sem = prop_def(I32Attr)
    scope = prop_def(I32Attr)
    result = result_def()

    assembly_format = (
        "custom<RMWOp>($atomic_rmw_op) `,` custom<MemSemantic>($sem) `,` "
        "custom<MemSyncScope>($scope) `,` $ptr `,` $val (`,` $mask^)? attr-dict `:` "
        "functional-type(operands, $result)"
    )
    custom_directives = (enum_keyword(RMWOp), enum_keyword(MemSemantic), enum_keyword(MemSyncScope))

    def verify_op(self) -> None:
        v.check_operands(self, v.PTR_LIKE, v.TT_TYPE, v.BOOL_LIKE)
        v.check_results(self, v.TT_TYPE)
        v.types_match(self.ptr.type, _pointer_like(self.val.type, self.ptr.type), "ptr type matches value type")
        if self.mask is not None:
            v.types_match(self.mask.type, i1_same_shape(self.val.type), "mask type matches value type")
        types = [*self.operand_types, self.result.type]
        v.same_shape(types)
        v.same_encoding(types)
        _check_enum(RMWOp, self.atomic_rmw_op, "atomic_rmw_op")
        _check_enum(MemSemantic, self.sem, "sem")
        _check_enum(MemSyncScope, self.scope, "scope")


def _pointer_like(value_type: Attribute, ptr_type: Attribute) -> Attribute:
    """Pointers to `value_type`'s elements in the address space of `ptr_type`, same shape."""
    element = element_type_or_self(ptr_type)
    space = element.address_space.data if isinstance(element, PointerType) else 1
    return pointer_type_same_shape(value_type, space)


@op_definition
class AtomicCASOp(MemoryReadWriteOp, TTOp):
    """`tt.atomic_cas acq_rel, gpu, %p, %cmp, %val : (P, C, V) -> R`."""

    name = "tt.atomic_cas"
    ptr = operand_def()
    cmp = operand_def()
    val = operand_def()
    sem = prop_def(I32Attr)
    scope = prop_def(I32Attr)
    result = result_def()

    assembly_format = (
        "custom<MemSemantic>($sem) `,` custom<MemSyncScope>($scope) `,` $ptr `,` $cmp `,` $val "
        "attr-dict `:` functional-type(operands, $result)"
    )
    custom_directives = (enum_keyword(MemSemantic), enum_keyword(MemSyncScope))

    def verify_op(self) -> None:
        v.check_operands(self, v.PTR_LIKE, v.TT_TYPE, v.TT_TYPE)
        v.check_results(self, v.TT_TYPE)
        v.types_match(
            self.ptr.type, _pointer_like(self.cmp.type, self.ptr.type), "ptr type matches cmp type"
        )
        v.types_match(
            self.ptr.type, _pointer_like(self.val.type, self.ptr.type), "ptr type matches value type"
        )
        types = [*self.operand_types, self.result.type]
        v.same_shape(types)
        v.same_encoding(types)
        _check_enum(MemSemantic, self.sem, "sem")
        _check_enum(MemSyncScope, self.scope, "scope")


# ==============================================================================================
# Dot products
# ==============================================================================================


class DotOpInterface(OpTrait):
    """Triton's `DotOpInterface`: the op is a matrix product (`tt.dot`, `tt.dot_scaled`, and dot
    ops of target dialects); passes treat its result layout as chosen (a layout anchor)."""


def verify_dot_interface(
    a_shape: Sequence[int],
    b_shape: Sequence[int],
    c_shape: Sequence[int],
    dims_match: bool,
    output_matches: bool,
) -> None:
    """Triton's `verifyDotOpInterface`: (…, M, K) x (…, K, N) -> (…, M, N) in 2-D or 3-D, for
    the shapes of A, B and C (tensors, or memory descriptors of the MMA ops).

    `dims_match` and `output_matches` are the op's `verifyDims` / `verifyOutputDims` (scaled
    dots count packed fp4 elements twice).
    """
    if len(a_shape) not in (2, 3):
        raise VerifyException("expected operands to be 2d or 3d")
    if len(a_shape) != len(b_shape) or len(a_shape) != len(c_shape):
        raise VerifyException("expected all operands to have the same rank")
    if not dims_match:
        raise VerifyException(
            "expected the last dimension of the first operand to be equal to the second-to-last "
            "dimension of the second operand"
        )
    if len(a_shape) == 3 and (a_shape[0] != c_shape[0] or b_shape[0] != c_shape[0]):
        raise VerifyException(
            "expected the first dimension of the first operand to be equal to the first "
            "dimension of the result"
        )
    if not output_matches:
        raise VerifyException(
            "expected the output shape to be the concatenation of the last dimension of the "
            "first operand and the last dimension of the second "
        )


@op_definition
class DotOp(TTOp):
    """`tt.dot %a, %b, %c[, inputPrecision = tf32] : A * B -> D`: D = A @ B + C.

    Triton ≤ 2.3 wrote `{allowTF32 = true|false}` (and the always-false `transA`/`transB`);
    `allowTF32` becomes `inputPrecision = tf32` or the default `ieee`.
    """

    name = "tt.dot"
    a = operand_def()
    b = operand_def()
    c = operand_def()
    inputPrecision = opt_prop_def(I32Attr, default_value=InputPrecision.IEEE.attr())
    maxNumImpreciseAcc = opt_prop_def(I32Attr, default_value=_i32(0))
    d = result_def()
    traits = traits_def(Pure(), DotOpInterface())

    DEFAULTS: ClassVar[dict[str, Attribute]] = {
        "inputPrecision": InputPrecision.IEEE.attr(),
        "maxNumImpreciseAcc": _i32(0),
    }

    # Hand-written syntax: older releases' `allowTF32` is upgraded to `inputPrecision`, and c's type is
    # inferred from d's.
    @classmethod
    def parse(cls, parser: Parser) -> DotOp:
        operands = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        properties: dict[str, Attribute] = {}
        if parser.parse_optional_punctuation(","):
            parser.parse_keyword("inputPrecision")
            parser.parse_punctuation("=")
            properties["inputPrecision"] = parse_enum(parser, InputPrecision).attr()
        pos = parser.pos
        raw = parser.parse_optional_attr_dict()
        properties |= _upgrade_dot_attributes(parser, raw, pos)
        attr_props, attributes = split_attr_dict(cls, raw)
        properties = attr_props | properties
        parser.parse_punctuation(":")
        a_type = parse_tensor_type(parser, cls.name)
        parser.parse_punctuation("*")
        b_type = parse_tensor_type(parser, cls.name)
        parser.parse_punctuation("->")
        d_type = parse_tensor_type(parser, cls.name)
        types = [a_type, b_type, d_type]
        return cls.build(
            operands=[parser.resolve_operand(o, t) for o, t in zip(operands, types)],
            result_types=[d_type],
            properties=properties,
            attributes=attributes,
        )

    def input_precision(self) -> InputPrecision:
        return enum_attr(InputPrecision, self.properties.get("inputPrecision"), InputPrecision.IEEE)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        print_operands(printer, (self.a, self.b, self.c))
        precision = self.input_precision()
        if precision is not InputPrecision.IEEE:
            printer.print_string(f", inputPrecision = {precision.keyword}")
        print_attr_dict(printer, self, elided=("inputPrecision",), defaults=self.DEFAULTS)
        printer.print_string(" : ")
        printer.print_attribute(self.a.type)
        printer.print_string(" * ")
        printer.print_attribute(self.b.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.d.type)

    def verify_op(self) -> None:
        v.check_operands(self, v.FP_INT_TENSOR, v.FP_INT_TENSOR, v.FP_INT_TENSOR)
        v.check_results(self, v.FP_INT_TENSOR)
        v.types_match(self.c.type, self.d.type, "result's type matches accumulator's type")
        _check_enum(InputPrecision, self.properties.get("inputPrecision"), "inputPrecision")  # type: ignore[arg-type]
        a, b, c = shape_of(self.a.type), shape_of(self.b.type), shape_of(self.c.type)
        verify_dot_interface(
            a,
            b,
            c,
            dims_match=a[-1] == b[-2],
            output_matches=c[-2:] == (a[-2], b[-1]),
        )
        a_element = element_type_or_self(self.a.type)
        b_element = element_type_or_self(self.b.type)
        if bit_width(a_element) != bit_width(b_element):
            raise VerifyException("element types of operands A and B must have same bit width")
        a_enc, b_enc = encoding_of(self.a.type), encoding_of(self.b.type)
        if a_enc is None and b_enc is None:
            return
        if a_enc is None or b_enc is None:
            raise VerifyException("mismatching encoding between A and B operands")
        if encoding_of(self.c.type) is None:
            raise VerifyException("miss encoding of C operand")
        verify_dot_encodings(self, a_enc, b_enc)

    def verify_regions(self) -> None:
        v.inferred_types(self, self.infer_result_types)

    def infer_result_types(self) -> list[Attribute]:
        """`DotOp::inferReturnTypes`: the accumulator's type, once A's and B's layouts fit it."""
        a_enc, result_enc = encoding_of(self.a.type), encoding_of(self.c.type)
        if a_enc is not None and result_enc is not None:
            verify_dot_operand_encoding(a_enc, 0, result_enc)
            b_enc = encoding_of(self.b.type)
            if b_enc is not None:
                verify_dot_operand_encoding(b_enc, 1, result_enc)
        return [self.c.type]


def _upgrade_dot_attributes(
    parser: Parser, attributes: dict[str, Attribute], pos: int
) -> dict[str, Attribute]:
    """Map Triton ≤ 2.3's `allowTF32`/`transA`/`transB` (removed from `attributes`) to properties."""
    upgraded: dict[str, Attribute] = {}
    for flag in ("transA", "transB"):
        value = attributes.pop(flag, None)
        if value is not None and value != FALSE:
            parser.raise_error(
                f"'{flag} = true' on tt.dot is no longer supported; transpose the operand with "
                "tt.trans instead",
                pos,
            )
    allow_tf32 = attributes.pop("allowTF32", None)
    if allow_tf32 is not None:
        tf32 = isinstance(allow_tf32, IntegerAttr) and allow_tf32.value.data != 0
        upgraded["inputPrecision"] = (InputPrecision.TF32 if tf32 else InputPrecision.IEEE).attr()
    return upgraded


def _parse_scale_type(parser: Parser) -> Attribute:
    parser.parse_punctuation(",")
    return parse_tensor_type(parser, DotScaledOp.name)


@op_definition
class DotScaledOp(TTOp):
    """`tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : ...`."""

    name = "tt.dot_scaled"
    a = operand_def()
    b = operand_def()
    c = operand_def()
    a_scale = opt_operand_def()
    b_scale = opt_operand_def()
    a_elem_type = prop_def(I32Attr)
    b_elem_type = prop_def(I32Attr)
    fastMath = prop_def(BoolAttr)
    lhs_k_pack = opt_prop_def(BoolAttr, default_value=IntegerAttr(1, i1))
    rhs_k_pack = opt_prop_def(BoolAttr, default_value=IntegerAttr(1, i1))
    d = result_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure(), DotOpInterface())

    DEFAULTS: ClassVar[dict[str, Attribute]] = {
        "lhs_k_pack": IntegerAttr(1, i1),
        "rhs_k_pack": IntegerAttr(1, i1),
    }

    # Hand-written syntax: the scale types sit inside the `A, SA * B, SB -> D` list only when the scales
    # are present.
    @classmethod
    def parse(cls, parser: Parser) -> DotScaledOp:
        a = parser.parse_unresolved_operand()
        a_scale = parser.parse_unresolved_operand() if parser.parse_optional_keyword("scale") else None
        parser.parse_punctuation(",")
        b = parser.parse_unresolved_operand()
        b_scale = parser.parse_unresolved_operand() if parser.parse_optional_keyword("scale") else None
        parser.parse_punctuation(",")
        c = parser.parse_unresolved_operand()
        parser.parse_keyword("lhs")
        parser.parse_punctuation("=")
        lhs = parse_enum(parser, ScaleDotElemType)
        parser.parse_keyword("rhs")
        parser.parse_punctuation("=")
        rhs = parse_enum(parser, ScaleDotElemType)
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        a_type = parse_tensor_type(parser, cls.name)
        a_scale_type = _parse_scale_type(parser) if a_scale is not None else None
        parser.parse_punctuation("*")
        b_type = parse_tensor_type(parser, cls.name)
        b_scale_type = _parse_scale_type(parser) if b_scale is not None else None
        parser.parse_punctuation("->")
        d_type = parse_tensor_type(parser, cls.name)
        return cls.build(
            operands=[
                parser.resolve_operand(a, a_type),
                parser.resolve_operand(b, b_type),
                parser.resolve_operand(c, d_type),
                None if a_scale is None else parser.resolve_operand(a_scale, a_scale_type),
                None if b_scale is None else parser.resolve_operand(b_scale, b_scale_type),
            ],
            result_types=[d_type],
            properties=properties | {"a_elem_type": lhs.attr(), "b_elem_type": rhs.attr()},
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.a)
        if self.a_scale is not None:
            printer.print_string(" scale ")
            printer.print_operand(self.a_scale)
        printer.print_string(", ")
        printer.print_operand(self.b)
        if self.b_scale is not None:
            printer.print_string(" scale ")
            printer.print_operand(self.b_scale)
        printer.print_string(", ")
        printer.print_operand(self.c)
        printer.print_string(f" lhs = {ScaleDotElemType.from_attr(self.a_elem_type).keyword}")
        printer.print_string(f" rhs = {ScaleDotElemType.from_attr(self.b_elem_type).keyword}")
        print_attr_dict(
            printer,
            self,
            elided=("a_elem_type", "b_elem_type", "operandSegmentSizes"),
            defaults=self.DEFAULTS,
        )
        printer.print_string(" : ")
        printer.print_attribute(self.a.type)
        if self.a_scale is not None:
            printer.print_string(", ")
            printer.print_attribute(self.a_scale.type)
        printer.print_string(" * ")
        printer.print_attribute(self.b.type)
        if self.b_scale is not None:
            printer.print_string(", ")
            printer.print_attribute(self.b_scale.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.d.type)

    def verify_op(self) -> None:
        v.check_operands(self, v.FLOAT_OR_I8_TENSOR, v.FLOAT_OR_I8_TENSOR, v.FLOAT_TENSOR)
        v.check_results(self, v.FLOAT_TENSOR)
        v.types_match(self.c.type, self.d.type, "result's type matches accumulator's type")
        _check_enum(ScaleDotElemType, self.a_elem_type, "a_elem_type")
        _check_enum(ScaleDotElemType, self.b_elem_type, "b_elem_type")
        a, b, c = shape_of(self.a.type), shape_of(self.b.type), shape_of(self.c.type)
        a_fp4, b_fp4 = self._is_fp4(self.a_elem_type), self._is_fp4(self.b_elem_type)
        lhs_pack, rhs_pack = self._k_packed("lhs_k_pack"), self._k_packed("rhs_k_pack")
        if len(a) >= 2 and len(b) >= 2 and len(c) >= 2:
            k = a[-1] * (2 if a_fp4 and lhs_pack else 1)
            m = a[-2] * (2 if a_fp4 and not lhs_pack else 1)
            n = b[-1] * (2 if b_fp4 and not rhs_pack else 1)
            dims_match = k == b[-2] * (2 if b_fp4 and rhs_pack else 1)
            output_matches = (c[-2], c[-1]) == (m, n)
        else:
            dims_match = output_matches = False
        verify_dot_interface(a, b, c, dims_match, output_matches)
        factor = self.scale_factor()
        rank = len(a)
        for scale, dim, name in ((self.a_scale, c[-2], "M"), (self.b_scale, c[-1], "N")):
            if scale is None:
                continue
            scale_shape = shape_of(scale.type)
            if scale_shape[rank - 2] != dim:
                raise VerifyException(
                    f"scales {name} dimension must match the operand {name} dimension"
                )
            if scale_shape[rank - 1] != k // factor:
                raise VerifyException(
                    "scales K dimension must match the operand K divided by the scale factor"
                )

    def _k_packed(self, name: str) -> bool:
        """Whether two fp4 values share a byte along K (`lhs_k_pack`/`rhs_k_pack`, default true)."""
        attr = self.properties.get(name, self.DEFAULTS[name])
        return isinstance(attr, IntegerAttr) and bool(attr.value.data)

    @staticmethod
    def _is_fp4(elem_type: IntegerAttr) -> bool:
        return elem_type.value.data == ScaleDotElemType.E2M1

    def scale_factor(self) -> int:
        """Triton's `deduceScaleFactor`: how many K elements share a scale (16 or 32), from
        each scale's shape; 32 when neither operand is scaled per block."""
        lhs = _operand_scale_factor(
            shape_of(self.a.type), self.a_scale, 0,
            self._is_fp4(self.a_elem_type) and self._k_packed("lhs_k_pack"),
        )
        rhs = _operand_scale_factor(
            shape_of(self.b.type), self.b_scale, 1,
            self._is_fp4(self.b_elem_type) and self._k_packed("rhs_k_pack"),
        )
        if lhs and rhs and lhs != rhs:
            raise VerifyException(
                f"Operands must have the same scale factor; (lhs: {lhs} vs rhs: {rhs})"
            )
        return lhs or rhs or 32


def _operand_scale_factor(
    shape: Sequence[int], scale: SSAValue | None, op_index: int, fp4_packed: bool
) -> int:
    """The scale factor one operand's scale implies (0 without a scale per block)."""
    if scale is None or prod(shape_of(scale.type)) == 1:
        return 0
    k = (shape[-1] if op_index == 0 else shape[-2]) * (2 if fp4_packed else 1)
    factor = k // shape_of(scale.type)[-1]
    if factor not in (16, 32):
        raise VerifyException(f"scale factor must be 16 or 32. Got {factor}")
    return factor


# ==============================================================================================
# Reductions and scans (generic syntax, as Triton prints them)
# ==============================================================================================


class CombineOp(PureOp, TTOp):
    """`tt.reduce` / `tt.scan`: combine `srcs` along `axis` with the region's scalar function."""

    srcs = var_operand_def()
    axis = prop_def(I32Attr)
    result = var_result_def()
    combineOp = region_def("single_block")

    RETURN_NAME: ClassVar[str] = ""

    def verify_op(self) -> None:
        v.check_operands(self, *[v.TENSOR] * len(self.srcs))
        self.verify_traits()
        if not self.srcs:
            raise VerifyException("must have at least 1 operand")
        if len(self.srcs) != len(self.results):
            raise VerifyException("must have the same number of inputs as outputs")
        axis = self.axis.value.data
        ranks = [len(shape_of(t)) for t in self.operand_types]
        for rank in ranks:
            if axis < 0 or axis >= rank:
                raise VerifyException(f"axis out of bounds for operand rank {rank}")
            if rank != ranks[0]:
                raise VerifyException(
                    f"all operands must have the same rank, but got ranks {ranks[0]} and {rank}"
                )
        elements = [element_type_or_self(t) for t in self.operand_types]
        for element, result_type in zip(elements, self.result_types):
            if element != element_type_or_self(result_type):
                raise VerifyException("operand types and result types must agree")

    def verify_traits(self) -> None:
        """The shape and encoding traits of the op (before its own verifier)."""

    def infer_result_types(self) -> list[Attribute]:
        """The op's `inferReturnTypes`."""
        raise NotImplementedError

    def verify_regions(self) -> None:
        v.inferred_types(self, self.infer_result_types)
        elements = [element_type_or_self(t) for t in self.operand_types]
        block = self.combineOp.block
        expected_args = 2 * len(self.srcs)
        if len(block.args) != expected_args:
            raise VerifyException(
                f"nested block must take {expected_args} arguments, but given block with "
                f"{len(block.args)} arguments"
            )
        for index, arg in enumerate(block.args):
            expected = elements[index % len(elements)]
            if arg.type != expected:
                raise VerifyException(
                    "type mismatch on combine operation. Expected argument "
                    f"{index} to have type {expected} but got {arg.type}"
                )
        terminator = block.last_op
        if terminator is None or terminator.name != self.RETURN_NAME:
            raise VerifyException(
                f"combine operation must be terminated with a ReduceReturnOp but got {terminator}"
            )
        returned = list(terminator.operand_types)
        if len(returned) != len(self.srcs):
            raise VerifyException(
                f"expected combine operation to return {len(self.srcs)} values but got "
                f"{len(returned)}"
            )
        for index, (got, expected) in enumerate(zip(returned, elements)):
            if got != expected:
                raise VerifyException(
                    "type mismatch on combine operation. Expected argument "
                    f"{index} to have type {expected} but got {got}"
                )


@op_definition
class ReduceOp(CombineOp):
    """`"tt.reduce"(%x) <{axis = 1 : i32}> ({^bb0(%a: f32, %b: f32): ...}) : (T) -> U`."""

    name = "tt.reduce"
    RETURN_NAME: ClassVar[str] = "tt.reduce.return"

    def verify_traits(self) -> None:
        v.same_shape(self.operand_types, "all operands")
        v.same_encoding(self.operand_types, "all operands")

    def infer_result_types(self) -> list[Attribute]:
        """`ReduceOp::inferReturnTypes`: the shape without `axis` (a scalar when none is left),
        the layout sliced along `axis`."""
        axis = self.axis.value.data
        inferred: list[Attribute] = []
        for src in self.operand_types:
            assert isinstance(src, TensorType)
            shape = list(src.get_shape())
            del shape[axis]
            if not shape:
                inferred.append(src.element_type)
                continue
            source_encoding = encoding_of(src)
            encoding: Attribute = (
                NoneAttr()
                if source_encoding is None
                else SliceEncodingAttr(IntAttr(axis), source_encoding)
            )
            inferred.append(TensorType(src.element_type, shape, encoding))
        return inferred


@op_definition
class ScanOp(CombineOp):
    """`"tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({...}) : (T) -> T`."""

    name = "tt.scan"
    reverse = prop_def(BoolAttr)
    RETURN_NAME: ClassVar[str] = "tt.scan.return"

    def verify_traits(self) -> None:
        v.check_results(self, *[v.TENSOR] * len(self.results))
        types = [*self.operand_types, *self.result_types]
        v.same_encoding(types)
        v.same_shape(types)

    def infer_result_types(self) -> list[Attribute]:
        """`ScanOp::inferReturnTypes`: the operand types."""
        return list(self.operand_types)


class CombineReturnOp(TTOp):
    """`tt.reduce.return %v : T` / `tt.scan.return %v : T`: yield the combined scalars."""

    result = var_operand_def()

    assembly_format = "$result attr-dict `:` type($result)"


@op_definition
class ReduceReturnOp(CombineReturnOp):
    name = "tt.reduce.return"
    traits = traits_def(HasParent(ReduceOp), Pure(), IsTerminator(), ReturnLike())


@op_definition
class ScanReturnOp(CombineReturnOp):
    name = "tt.scan.return"
    traits = traits_def(HasParent(ScanOp), Pure(), IsTerminator(), ReturnLike())


# ==============================================================================================
# Debugging: print, assert
# ==============================================================================================


@op_definition
class PrintOp(MemoryWriteOp, TTOp):
    """`tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<...>`."""

    name = "tt.print"
    prefix = prop_def(StringAttr)
    hex = prop_def(BoolAttr)
    isSigned = prop_def(DenseI32)
    args = var_operand_def()

    assembly_format = "$prefix attr-dict (`:` $args^ `:` type($args))?"

    def verify_op(self) -> None:
        v.check_operands(self, *[v.TT_TYPE] * len(self.args))


@op_definition
class AssertOp(MemoryWriteOp, TTOp):
    """`tt.assert %cond, "message" : tensor<Nxi1>`: abort when an element of `cond` is false."""

    name = "tt.assert"
    condition = operand_def()
    message = prop_def(StringAttr)

    assembly_format = "$condition `,` $message attr-dict `:` type($condition)"

    def verify_op(self) -> None:
        v.check_operands(self, v.I1_OR_I1_TENSOR)


# ==============================================================================================
# Gather and tensor descriptors
# ==============================================================================================


@op_definition
class GatherOp(PureOp, TTOp):
    """`tt.gather %src[%idx] {axis = 0 : i32} : (S, I) -> R`: gather along one axis."""

    name = "tt.gather"
    src = operand_def()
    indices = operand_def()
    axis = prop_def(I32Attr)
    efficient_layout = opt_prop_def(UnitAttr)
    result = result_def()

    assembly_format = "$src `[` $indices `]` attr-dict `:` functional-type(operands, results)"

    def verify_op(self) -> None:
        v.check_operands(self, v.TENSOR, v.INT_TENSOR)
        v.check_results(self, v.TENSOR)
        src_shape, idx_shape = shape_of(self.src.type), shape_of(self.indices.type)
        if shape_of(self.result.type) != idx_shape:
            raise VerifyException("indices and output shapes must match")
        if encoding_of(self.indices.type) != encoding_of(self.result.type):
            raise VerifyException("indices and output encodings must match")
        if element_type_or_self(self.src.type) != element_type_or_self(self.result.type):
            raise VerifyException("input and output element types must match")
        if len(src_shape) != len(idx_shape):
            raise VerifyException("input and indices ranks must match")
        axis = self.axis.value.data
        if axis < 0 or axis >= len(src_shape):
            raise VerifyException("gather dimension must be less than the input rank")
        for dim, (s, i) in enumerate(zip(src_shape, idx_shape)):
            if dim != axis and i != s:
                raise VerifyException(
                    f"indices dimension {dim} must match the corresponding input dimension"
                )


def _parse_dialect_type(
    parser: Parser, type_class: type[PointerType | TensorDescType]
) -> Attribute:
    """A `tt` type written in full (`!tt.ptr<f32>`) or stripped (`<f32>`), as ODS allows."""
    pos = parser.pos
    t = parser.parse_optional_type()
    if t is None:
        return type_class.new(type_class.parse_parameters(parser))
    if not isinstance(t, type_class):
        parser.raise_error(f"expected !{type_class.name}, got {t}", pos)
    return t


@op_definition
class MakeTensorDescOp(PureOp, TTOp):
    """`tt.make_tensor_descriptor %base, [%s0, %s1], [%st0, %st1] : <f16>, <tensor<64x64xf16>>`.

    The pointer and descriptor types are printed stripped of `!tt.ptr`/`!tt.tensordesc`, as ODS
    prints types whose C++ class is known.
    """

    name = "tt.make_tensor_descriptor"
    base = operand_def()
    shape = var_operand_def()
    strides = var_operand_def()
    padding = opt_prop_def(I32Attr, default_value=PaddingOption.PAD_ZERO.attr())
    result = result_def()
    irdl_options = (SameVariadicOperandSize(),)

    # Hand-written syntax: the shape/stride operands are i32/i64 by definition (inferred, not printed).
    @classmethod
    def parse(cls, parser: Parser) -> MakeTensorDescOp:
        base = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        shape = parse_bracketed_operands(parser)
        parser.parse_punctuation(",")
        strides = parse_bracketed_operands(parser)
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        base_type = _parse_dialect_type(parser, PointerType)
        parser.parse_punctuation(",")
        desc_type = _parse_dialect_type(parser, TensorDescType)
        pos = parser.pos
        return cls.build(
            operands=[
                parser.resolve_operand(base, base_type),
                parser.resolve_operands(shape, [i32] * len(shape), pos),
                parser.resolve_operands(strides, [i64] * len(strides), pos),
            ],
            result_types=[desc_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.base)
        printer.print_string(", [")
        print_operands(printer, self.shape)
        printer.print_string("], [")
        print_operands(printer, self.strides)
        printer.print_string("]")
        print_attr_dict(
            printer, self, defaults={"padding": PaddingOption.PAD_ZERO.attr()}
        )
        printer.print_string(" : ")
        self.base.type.print_parameters(printer)
        printer.print_string(", ")
        self.result.type.print_parameters(printer)

    def verify_op(self) -> None:
        v.check_operands(self, v.PTR)
        desc = self.result.type
        if not isinstance(desc, TensorDescType):
            raise VerifyException(f"result #0 must be tensor descriptor type, but got '{desc}'")
        base = self.base.type
        assert isinstance(base, PointerType)
        if base.pointee_type != desc.signless_block_type.element_type:
            raise VerifyException(
                f"descriptor element type '{desc.block_type.element_type}' does not match the base "
                f"pointer's pointee type '{base.pointee_type}'"
            )
        rank = len(desc.block_type.get_shape())
        if len(self.shape) != rank:
            raise VerifyException(f"expected {rank} shape operands for a rank-{rank} block, got {len(self.shape)}")
        _check_enum(PaddingOption, self.padding, "padding")


def _verify_block_pointer(op: Operation, ptr_type: Attribute, what: str) -> TensorType:
    """Triton's `TT_TensorPtr` constraint on `what`; the block it points to."""
    if not is_tensor_ptr(ptr_type):
        raise VerifyException(f"{what} must be ptr, but got '{ptr_type}'")
    assert isinstance(ptr_type, PointerType) and isinstance(ptr_type.pointee_type, TensorType)
    return ptr_type.pointee_type


@op_definition
class MakeTensorPtrOp(PureOp, TTOp):
    """`tt.make_tensor_ptr %base, [%shape...], [%strides...], [%offsets...] {order = array<i32: ...>}
    : <tensor<64x32xf16>>`: a block pointer (`tl.make_block_ptr`), its type printed without `!tt.ptr`.

    Triton's `TT_MakeTensorPtrOp`: i64 shape and strides, i32 offsets, one of each per dimension of
    the block (ttc also checks that count, which Triton's rewrite of block pointers assumes), and a
    base pointer to the block's element type in the block pointer's address space.
    """

    name = "tt.make_tensor_ptr"
    base = operand_def()
    shape = var_operand_def()
    strides = var_operand_def()
    offsets = var_operand_def()
    order = prop_def(DenseI32)
    result = result_def()
    irdl_options = (SameVariadicOperandSize(),)

    # Hand-written syntax: every operand type is derived from the printed result pointer type.
    @classmethod
    def parse(cls, parser: Parser) -> MakeTensorPtrOp:
        base = parser.parse_unresolved_operand()
        groups: list[list[UnresolvedOperand]] = []
        for _ in range(3):
            parser.parse_punctuation(",")
            groups.append(parse_bracketed_operands(parser))
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        pos = parser.pos
        result_type = _parse_dialect_type(parser, PointerType)
        if not is_tensor_ptr(result_type):
            parser.raise_error(f"expected a pointer to a tensor, got {result_type}", pos, parser.pos)
        assert isinstance(result_type, PointerType) and isinstance(result_type.pointee_type, TensorType)
        sizes = {len(group) for group in groups}
        if len(sizes) != 1:
            parser.raise_error("shape, strides and offsets must have the same number of operands", pos)
        block = result_type.pointee_type
        base_type = PointerType(block.get_element_type(), result_type.address_space.data)
        shape, strides, offsets = groups
        return cls.build(
            operands=[
                parser.resolve_operand(base, base_type),
                parser.resolve_operands(shape, [i64] * len(shape), pos),
                parser.resolve_operands(strides, [i64] * len(strides), pos),
                parser.resolve_operands(offsets, [i32] * len(offsets), pos),
            ],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.base)
        for group in (self.shape, self.strides, self.offsets):
            printer.print_string(", [")
            print_operands(printer, group)
            printer.print_string("]")
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        self.result.type.print_parameters(printer)

    def verify_op(self) -> None:
        v.check_operands(self, v.PTR)
        for group, constraint, index in ((self.shape, v.I64, 1), (self.strides, v.I64, 2), (self.offsets, v.I32, 3)):
            for value in group:
                constraint.check(value.type, f"operand #{index}")
        block = _verify_block_pointer(self, self.result.type, "result #0")
        result_type = self.result.type
        assert isinstance(result_type, PointerType)
        v.types_match(
            self.base.type,
            PointerType(block.get_element_type(), result_type.address_space.data),
            "infer pointer type from the result type",
        )
        rank = len(block.get_shape())
        for what, group in (("shape", self.shape), ("strides", self.strides), ("offsets", self.offsets)):
            if len(group) != rank:
                raise VerifyException(f"expected {rank} {what} operands for a rank-{rank} block, got {len(group)}")


@op_definition
class AdvanceOp(PureOp, TTOp):
    """`tt.advance %ptr, [%o0, %o1] : <tensor<64x32xf16>>`: a block pointer moved by i32 element
    offsets, one per dimension (`tl.advance`; Triton's `TT_AdvanceOp`)."""

    name = "tt.advance"
    ptr = operand_def()
    offsets = var_operand_def()
    result = result_def()

    # Hand-written syntax: the pointer's type is the result's and the offsets are i32 (inferred, not
    # printed).
    @classmethod
    def parse(cls, parser: Parser) -> AdvanceOp:
        ptr = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        offsets = parse_bracketed_operands(parser)
        properties, attributes = parse_attr_dict(parser, cls)
        parser.parse_punctuation(":")
        pos = parser.pos
        result_type = _parse_dialect_type(parser, PointerType)
        return cls.build(
            operands=[
                parser.resolve_operand(ptr, result_type),
                parser.resolve_operands(offsets, [i32] * len(offsets), pos),
            ],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.ptr)
        printer.print_string(", [")
        print_operands(printer, self.offsets)
        printer.print_string("]")
        print_attr_dict(printer, self)
        printer.print_string(" : ")
        self.result.type.print_parameters(printer)

    def verify_op(self) -> None:
        block = _verify_block_pointer(self, self.ptr.type, "operand #0")
        for value in self.offsets:
            v.I32.check(value.type, "operand #1")
        v.types_match(self.result.type, self.ptr.type, "result type matches ptr type")
        rank = len(block.get_shape())
        if len(self.offsets) != rank:
            raise VerifyException(f"expected {rank} offsets for a rank-{rank} block, got {len(self.offsets)}")


def _verify_descriptor_access(desc_type: Attribute, indices: Sequence[SSAValue], tensor_type: Attribute) -> None:
    """A descriptor load/store: one i32 index per block dimension; the tensor matches the block."""
    if not isinstance(desc_type, TensorDescType):
        raise VerifyException(f"operand #0 must be tensor descriptor type, but got '{desc_type}'")
    block = desc_type.block_type
    for index in indices:
        v.I32.check(index.type, "index")
    if len(indices) != len(block.get_shape()):
        raise VerifyException(
            f"expected {len(block.get_shape())} indices for the descriptor block, got {len(indices)}"
        )
    if isinstance(tensor_type, TensorType):
        verify_block_matches(desc_type, tensor_type)


@op_definition
class DescriptorLoadOp(MemoryReadOp, CachedAccessOp):
    """`tt.descriptor_load %d[%i, %j] [cacheModifier = ..] : !tt.tensordesc<...> -> tensor<...>`."""

    name = "tt.descriptor_load"
    desc = operand_def()
    indices = var_operand_def()
    cache = opt_prop_def(I32Attr, default_value=CacheModifier.NONE.attr())
    evict = opt_prop_def(I32Attr, default_value=EvictionPolicy.NORMAL.attr())
    result = result_def()

    assembly_format = (
        "$desc `[` $indices `]` custom<CacheAndEvict>($cache, $evict) attr-dict `:` type($desc) "
        "`->` type($result) custom<InferredI32>(type($indices))"
    )
    custom_directives = (CacheAndEvict, InferredI32)

    def verify_op(self) -> None:
        v.check_results(self, v.TENSOR)
        _verify_descriptor_access(self.desc.type, self.indices, self.result.type)
        _check_enum(CacheModifier, self.cache, "cache")
        _check_enum(EvictionPolicy, self.evict, "evict")


@op_definition
class DescriptorStoreOp(MemoryReadWriteOp, TTOp):
    """`tt.descriptor_store %d[%i, %j], %src : !tt.tensordesc<...>, tensor<...>`."""

    name = "tt.descriptor_store"
    desc = operand_def()
    src = operand_def()
    indices = var_operand_def()

    assembly_format = DESCRIPTOR_WRITE_FORMAT
    custom_directives = (InferredI32,)

    def verify_op(self) -> None:
        v.check_operands(self, None, v.TENSOR)
        _verify_descriptor_access(self.desc.type, self.indices, self.src.type)


# ==============================================================================================
# Functions: tt.func, tt.call, tt.return
# ==============================================================================================


class FuncCallable(CallableOpInterface):
    @classmethod
    def get_callable_region(cls, op: Operation) -> Region:
        assert isinstance(op, FuncOp)
        return op.body

    @classmethod
    def get_argument_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.inputs.data

    @classmethod
    def get_result_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.outputs.data


_FUNC_RESERVED = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


@op_definition
class FuncOp(TTOp):
    """`tt.func public @k(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false}`."""

    name = "tt.func"
    body = region_def()
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    sym_visibility = opt_prop_def(StringAttr)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    traits = traits_def(
        IsolatedFromAbove(), SymbolOpInterface(), FuncCallable(), HasParent(ModuleOp)
    )

    @property
    def is_kernel(self) -> bool:
        """A public function is a kernel (Triton's `isKernel`); the others are device functions."""
        return self.sym_visibility is None or self.sym_visibility.data == "public"

    # Hand-written syntax: the function signature syntax (`@f(%a: T {attrs}) -> R attributes {...}`) is
    # MLIR's FunctionOpInterface printer.
    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        visibility = parser.parse_optional_visibility_keyword()
        name, inputs, outputs, region, extra, arg_attrs, res_attrs = parse_func_op_like(
            parser, reserved_attr_names=_FUNC_RESERVED
        )
        return cls.build(
            regions=[region],
            properties={
                "sym_name": StringAttr(name),
                "function_type": FunctionType.from_lists(inputs, outputs),
                "sym_visibility": visibility,
                "arg_attrs": arg_attrs,
                "res_attrs": res_attrs,
            },
            attributes=None if extra is None else dict(extra.data),
        )

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(f" {self.sym_visibility.data}")
        print_func_op_like(
            printer,
            self.sym_name,
            self.function_type,
            self.body,
            dict(sorted(self.attributes.items())),
            arg_attrs=self.arg_attrs,
            res_attrs=self.res_attrs,
            reserved_attr_names=_FUNC_RESERVED,
        )

    def verify_op(self) -> None:
        entry = self.body.blocks.first
        if entry is None:
            return
        block_types = tuple(entry.arg_types)
        if block_types != self.function_type.inputs.data:
            raise VerifyException(
                "entry block argument types must match the function signature"
            )

    @property
    def args(self) -> tuple[SSAValue, ...]:
        entry = self.body.blocks.first
        assert entry is not None, "a function declaration has no arguments"
        return entry.args


class CallSymbolUser(SymbolUserOpInterface):
    """Triton's `CallOp::verifySymbolUses`."""

    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp)
        callee = SymbolTable.lookup_symbol(op, op.callee)
        if not isinstance(callee, FuncOp):
            raise VerifyException(f"'{op.callee.root_reference.data}' does not reference a valid function")
        signature = callee.function_type
        if len(signature.inputs) != len(op.operands):
            raise VerifyException("incorrect number of operands for callee")
        for index, (expected, value) in enumerate(zip(signature.inputs, op.operands)):
            if value.type != expected:
                raise VerifyException(
                    f"operand type mismatch: expected operand type {expected}, but provided "
                    f"{value.type} for operand number {index}"
                )
        if len(signature.outputs) != len(op.results):
            raise VerifyException("incorrect number of results for callee")
        for index, (expected, result) in enumerate(zip(signature.outputs, op.results)):
            if result.type != expected:
                raise VerifyException(f"result type mismatch at index {index}")


@op_definition
class CallOp(TTOp):
    """`%r = tt.call @f(%a, %b) : (A, B) -> R`."""

    name = "tt.call"
    callee = prop_def(FlatSymbolRefAttrConstr)
    arguments = var_operand_def()
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res = var_result_def()
    traits = traits_def(CallSymbolUser())

    assembly_format = "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, results)"


@op_definition
class ReturnOp(TTOp):
    """`tt.return` / `tt.return %a, %b : A, B`."""

    name = "tt.return"
    srcs = var_operand_def()
    traits = traits_def(Pure(), HasParent(FuncOp), IsTerminator(), ReturnLike())

    assembly_format = "attr-dict ($srcs^ `:` type($srcs))?"

    def verify_op(self) -> None:
        func = self.parent_op()
        assert isinstance(func, FuncOp)
        results = func.function_type.outputs.data
        name = func.sym_name.data
        if len(self.srcs) != len(results):
            raise VerifyException(
                f"has {len(self.srcs)} operands, but enclosing function (@{name}) returns "
                f"{len(results)}"
            )
        for index, (value, expected) in enumerate(zip(self.srcs, results)):
            if value.type != expected:
                raise VerifyException(
                    f"type of return operand {index} ({value.type}) doesn't match function "
                    f"result type ({expected}) in function @{name}"
                )


TT = Dialect(
    "tt",
    [
        *DESCRIPTOR_OPS,
        *MAP_ELEMENTWISE_OPS,
        *SYNC_OPS,
        FuncOp,
        CallOp,
        ReturnOp,
        GetProgramIdOp,
        GetNumProgramsOp,
        MakeRangeOp,
        SplatOp,
        UnsplatOp,
        BroadcastOp,
        ExpandDimsOp,
        ReshapeOp,
        TransOp,
        CatOp,
        JoinOp,
        SplitOp,
        AddPtrOp,
        LoadOp,
        StoreOp,
        AtomicRMWOp,
        AtomicCASOp,
        DotOp,
        DotScaledOp,
        ReduceOp,
        ReduceReturnOp,
        ScanOp,
        ScanReturnOp,
        FpToFpOp,
        BitcastOp,
        IntToPtrOp,
        PtrToIntOp,
        ClampFOp,
        PreciseSqrtOp,
        PreciseDivFOp,
        MulhiUIOp,
        ExternElementwiseOp,
        ElementwiseInlineAsmOp,
        PrintOp,
        AssertOp,
        HistogramOp,
        GatherOp,
        MakeTensorDescOp,
        MakeTensorPtrOp,
        AdvanceOp,
        DescriptorLoadOp,
        DescriptorStoreOp,
    ],
    [PointerType, TensorDescType],
)
