"""Types and enumerations of Triton's `tt` dialect, and the type relations its ops rely on.

Mirrors `TritonTypes.td` (`!tt.ptr<T, addrspace>`, `!tt.tensordesc<...>`), `TritonAttrDefs.td` (the
I32 enums: cache modifier, eviction policy, atomic kinds, memory semantics and scopes, program-id
axis, rounding, NaN propagation, dot input precision, scaled-dot element types, padding) and the
helpers of `Triton/IR/Types.cpp` / `Utility.cpp` (`getPointeeType`, `getI1SameShape`,
`getPointerTypeSameShape`, `getElementTypeOrSelf`).

Enum-valued op attributes are stored as MLIR stores an `I32EnumAttr`: a builtin `IntegerAttr` of
type `i32`. The enums below give those integers their Triton names, which is how the custom
syntax spells them (`cacheModifier = ca`, `tt.get_program_id x`).
"""

from __future__ import annotations

from enum import IntEnum

from xdsl.dialects.builtin import (
    AnyFloat,
    IntAttr,
    IntegerAttr,
    IntegerType,
    NoneAttr,
    Signedness,
    TensorType,
    i1,
    i32,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.ir.syntax import parsing_syntax, printing_syntax

GLOBAL_ADDRESS_SPACE = 1
"""Triton's default address space; `!tt.ptr<f32, 1>` prints as `!tt.ptr<f32>`."""

NAMED_ADDRESS_SPACES: dict[str, int] = {"descriptor": 0, "global": 1, "constant": 4}
"""The string spellings Triton ≥ 3.9 uses for address spaces, with their integer values."""
_ADDRESS_SPACE_NAMES = {value: name for name, value in NAMED_ADDRESS_SPACES.items()}


POINTEE_ERROR = "pointer types must point to integer or floating-point types"


def _is_pointee(t: Attribute) -> bool:
    """An integer or float scalar, or a block of them (or of pointers) for a block pointer
    (`!tt.ptr<tensor<64x32xf16>>`, Triton's `TT_TensorPtr`, made by `tt.make_tensor_ptr`)."""
    if isinstance(t, TensorType):
        element = t.get_element_type()
        return isinstance(element, IntegerType | AnyFloat | PointerType)
    return isinstance(t, IntegerType | AnyFloat)


@irdl_attr_definition
class PointerType(ParametrizedAttribute, TypeAttribute):
    """`!tt.ptr<pointee[, address_space]>`: a pointer to an integer or floating-point scalar, or
    to a tensor block (a block pointer, `!tt.ptr<tensor<64x32xf16>>`).

    Accepts the integer address space of Triton ≤ 3.8 and the named form of later releases, and
    prints the one the input used (`ttc.ir.syntax`); the default (global, 1) is elided.
    """

    name = "tt.ptr"

    pointee_type: Attribute
    address_space: IntAttr

    def __init__(self, pointee_type: Attribute, address_space: int = GLOBAL_ADDRESS_SPACE):
        super().__init__(pointee_type, IntAttr(address_space))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[Attribute, IntAttr]:
        with parser.in_angle_brackets():
            start = parser.pos
            pointee = parser.parse_type()
            if not _is_pointee(pointee):
                parser.raise_error(POINTEE_ERROR, start, parser.pos)
            space = GLOBAL_ADDRESS_SPACE
            if parser.parse_optional_punctuation(","):
                pos = parser.pos
                named = parser.parse_optional_str_literal()
                if named is None:
                    space = parser.parse_integer(allow_boolean=False, allow_negative=False)
                elif named in NAMED_ADDRESS_SPACES:
                    space = NAMED_ADDRESS_SPACES[named]
                    syntax = parsing_syntax(parser)
                    if syntax is not None:
                        syntax.named_address_spaces = True
                else:
                    parser.raise_error(f"invalid pointer address space '{named}'", pos, parser.pos)
        return pointee, IntAttr(space)

    def verify(self) -> None:
        """Triton's `PointerType::verify`: only scalars of integer or float type are pointed to."""
        if not _is_pointee(self.pointee_type):
            raise VerifyException(POINTEE_ERROR)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.pointee_type)
            space = self.address_space.data
            if space != GLOBAL_ADDRESS_SPACE:
                printer.print_string(", ")
                name = _ADDRESS_SPACE_NAMES.get(space)
                if name is not None and printing_syntax(printer).named_address_spaces:
                    printer.print_string(f'"{name}"')
                else:
                    printer.print_int(space)


@irdl_attr_definition
class TensorDescType(ParametrizedAttribute, TypeAttribute):
    """`!tt.tensordesc<tensor<128x64xf16, #shared>>`: a TMA-style descriptor of a global tensor block.

    Also parses the shorter form of Triton ≥ 3.8 (`!tt.tensordesc<128x64xf16, #shared>`), and
    prints the form the input used (`ttc.ir.syntax`).
    """

    name = "tt.tensordesc"

    block_type: TensorType

    def __init__(self, block_type: TensorType):
        super().__init__(block_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[TensorType]:
        with parser.in_angle_brackets():
            if parser.parse_optional_keyword("tensor"):
                with parser.in_angle_brackets():
                    block = _parse_tensor_body(parser)
            else:
                block = _parse_tensor_body(parser)
                syntax = parsing_syntax(parser)
                if syntax is not None:
                    syntax.bare_tensor_descriptors = True
        return (block,)

    @property
    def signless_block_type(self) -> TensorType:
        """The block with a signless element type (Triton's `getSignlessBlockType`): the frontend
        gives an integer block the signedness of its data (`si8`, `ui32`), while the pointer and
        the tensors a descriptor loads and stores carry the signless type (`i8`, `i32`)."""
        block = self.block_type
        element = block.get_element_type()
        if signless(element) is element:
            return block
        return TensorType(signless(element), block.get_shape(), block.encoding)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            if printing_syntax(printer).bare_tensor_descriptors:
                print_tensor_body(printer, self.block_type)
            else:
                printer.print_attribute(self.block_type)


def signless(type: Attribute) -> Attribute:
    """An integer type without its signedness (`si8` → `i8`); any other type as it is."""
    if isinstance(type, IntegerType) and type.signedness.data is not Signedness.SIGNLESS:
        return IntegerType(type.width.data)
    return type


def _parse_tensor_body(parser: AttrParser) -> TensorType:
    """The inside of `tensor<...>`: a static shape, an element type and an optional encoding."""
    pos = parser.pos
    shape, element_type = parser.parse_ranked_shape()
    if any(dim < 0 for dim in shape):
        parser.raise_error("tensor descriptors need a static block shape", pos, parser.pos)
    encoding: Attribute = NoneAttr()
    if parser.parse_optional_punctuation(","):
        encoding = parser.parse_attribute()
    return TensorType(element_type, shape, encoding)


def print_tensor_body(printer: Printer, tensor: TensorType) -> None:
    """The inside of `tensor<...>`: `128x64xf16` and, if any, `, #encoding`."""
    printer.print_string("".join(f"{dim}x" for dim in tensor.get_shape()))
    printer.print_attribute(tensor.element_type)
    if not isinstance(tensor.encoding, NoneAttr):
        printer.print_string(", ")
        printer.print_attribute(tensor.encoding)


class TritonEnum(IntEnum):
    """An I32 enum of `TritonAttrDefs.td`: `keyword` is its textual spelling."""

    @property
    def keyword(self) -> str:
        return KEYWORDS[type(self)][self]

    @classmethod
    def from_keyword(cls, word: str) -> TritonEnum | None:
        for member, spelling in KEYWORDS[cls].items():
            if spelling == word:
                return member
        return None

    @classmethod
    def keywords(cls) -> list[str]:
        return list(KEYWORDS[cls].values())

    def attr(self) -> IntegerAttr:
        """The `IntegerAttr` (type i32) MLIR stores for this enum value."""
        return IntegerAttr(int(self), i32)

    @classmethod
    def from_attr(cls, attr: IntegerAttr) -> TritonEnum:
        return cls(attr.value.data)


class CacheModifier(TritonEnum):
    NONE = 1
    CA = 2
    CG = 3
    WB = 4
    CS = 5
    WT = 6
    CV = 7


class EvictionPolicy(TritonEnum):
    NORMAL = 1
    EVICT_FIRST = 2
    EVICT_LAST = 3


class MemSemantic(TritonEnum):
    RELAXED = 1
    ACQUIRE = 2
    RELEASE = 3
    ACQUIRE_RELEASE = 4


class MemSyncScope(TritonEnum):
    GPU = 1
    CTA = 2
    SYSTEM = 3


class RMWOp(TritonEnum):
    AND = 1
    OR = 2
    XOR = 3
    ADD = 4
    FADD = 5
    MAX = 6
    MIN = 7
    UMAX = 8
    UMIN = 9
    XCHG = 10


class DescriptorReduceKind(TritonEnum):
    ADD = 1
    MIN = 2
    MAX = 3
    INC = 4
    DEC = 5
    AND = 6
    OR = 7
    XOR = 8


class ProgramIDDim(TritonEnum):
    X = 0
    Y = 1
    Z = 2


class RoundingMode(TritonEnum):
    RTZ = 0
    RTNE = 1


class PropagateNan(TritonEnum):
    NONE = 0
    ALL = 0xFFFF


class InputPrecision(TritonEnum):
    TF32 = 0
    TF32x3 = 1
    IEEE = 2
    BF16x3 = 3
    BF16x6 = 4


class ScaleDotElemType(TritonEnum):
    E4M3 = 0
    E5M2 = 1
    E2M3 = 2
    E3M2 = 3
    E2M1 = 4
    BF16 = 5
    FP16 = 6


class PaddingOption(TritonEnum):
    PAD_ZERO = 1
    PAD_NAN = 2


def _lower(enum: type[TritonEnum], **overrides: str) -> dict[TritonEnum, str]:
    return {member: overrides.get(member.name, member.name.lower()) for member in enum}


KEYWORDS: dict[type[TritonEnum], dict[TritonEnum, str]] = {
    CacheModifier: _lower(CacheModifier),
    EvictionPolicy: _lower(EvictionPolicy, NORMAL="evict_normal"),
    MemSemantic: _lower(MemSemantic, ACQUIRE_RELEASE="acq_rel"),
    MemSyncScope: _lower(MemSyncScope, SYSTEM="sys"),
    RMWOp: _lower(RMWOp, XCHG="exch"),
    DescriptorReduceKind: _lower(DescriptorReduceKind),
    ProgramIDDim: _lower(ProgramIDDim),
    RoundingMode: _lower(RoundingMode),
    PropagateNan: _lower(PropagateNan),
    InputPrecision: _lower(InputPrecision),
    ScaleDotElemType: _lower(ScaleDotElemType),
    PaddingOption: _lower(PaddingOption, PAD_ZERO="zero", PAD_NAN="nan"),
}


# ----------------------------------------------------------------------------------------------
# Type relations (Triton's Types.cpp / Utility.cpp)
# ----------------------------------------------------------------------------------------------


def element_type_or_self(t: Attribute) -> Attribute:
    """The element type of a tensor, or the type itself."""
    return t.element_type if isinstance(t, TensorType) else t


def with_element_type(like: Attribute, element_type: Attribute) -> Attribute:
    """`element_type` in the shape and encoding of `like` if it is a tensor, else `element_type`."""
    if isinstance(like, TensorType):
        return TensorType(element_type, like.get_shape(), like.encoding)
    return element_type


def pointee_type(ptr_like: Attribute) -> Attribute:
    """Triton's `getPointeeType`: what loading through `ptr_like` yields (same shape, same encoding)."""
    element = element_type_or_self(ptr_like)
    if not isinstance(element, PointerType):
        raise VerifyException(f"expected a pointer or a tensor of pointers, got {ptr_like}")
    return with_element_type(ptr_like, element.pointee_type)


def pointer_type_same_shape(value_like: Attribute, address_space: int = GLOBAL_ADDRESS_SPACE) -> Attribute:
    """Triton's `getPointerTypeSameShape`: pointers to the elements of `value_like`, same shape."""
    return with_element_type(value_like, PointerType(element_type_or_self(value_like), address_space))


def i1_same_shape(like: Attribute) -> Attribute:
    """Triton's `getI1SameShape`: `i1` in the shape and encoding of `like`."""
    return with_element_type(like, i1)


def shape_of(t: Attribute) -> tuple[int, ...]:
    """The shape of a tensor type; scalars have the empty shape."""
    return t.get_shape() if isinstance(t, TensorType) else ()


def encoding_of(t: Attribute) -> Attribute | None:
    """The layout encoding of a tensor type, or None (scalars and tensors without one)."""
    if isinstance(t, TensorType) and not isinstance(t.encoding, NoneAttr):
        return t.encoding
    return None


def is_float(t: Attribute) -> bool:
    return isinstance(t, AnyFloat)


def is_int(t: Attribute) -> bool:
    return isinstance(t, IntegerType)


def is_ptr(t: Attribute) -> bool:
    return isinstance(t, PointerType)


def is_tensor_ptr(t: Attribute) -> bool:
    """Triton's `isTensorPointerType`: a block pointer, a `!tt.ptr` to a ranked tensor."""
    return isinstance(t, PointerType) and isinstance(t.pointee_type, TensorType)


def bit_width(t: Attribute) -> int:
    """Width in bits of an int or float type (pointers count as 64 bits, as in Triton)."""
    if isinstance(t, IntegerType):
        return t.width.data
    if isinstance(t, AnyFloat):
        return t.bitwidth
    if isinstance(t, PointerType):
        return 64
    raise VerifyException(f"type {t} has no bit width")
