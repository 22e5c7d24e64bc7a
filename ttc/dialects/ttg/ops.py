"""The TritonGPU dialect (`ttg`): types, ops and the module-level layout check.

Mirrors Triton's `TritonGPUOps.td`, `TritonGPUTypes.td` and the tensor-layout verifier of
`TritonGPU/IR/Dialect.cpp`:

- types `!ttg.memdesc<SHAPExELT, ENCODING, MEMSPACE[, mutable][, ALLOCSHAPE]>` (a view of a buffer
  in shared memory) and `!ttg.async.token`;
- ops on layouts and shared memory: `convert_layout`, `local_alloc/load/store/dealloc`,
  `memdesc_index/subslice/trans/reshape`, the cp.async family (`async_copy_global_to_local`,
  `async_commit_group`, `async_wait`), `global_scratch_alloc`, and the CTA barrier `barrier`
  (Triton 3.7's spelling of `gpu.barrier`, with the address spaces it orders);
- `verify_op_layouts(op)`: the checks Triton makes on an op's tensor and memdesc layouts against
  its context (`"ttg.num-warps"` of the nearest `tt.func` or module, the module's
  `"ttg.threads-per-warp"` and `"ttg.num-ctas"`); `ttc.dialects.verifier` runs them as each op is
  verified, before the op's own verifier.

Older spellings (`!tt.memdesc`, a memdesc without memory space, `#triton_gpu.shared`) are read
here or in `ttc.dialects.ttg.legacy`; everything prints as Triton does today.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import IntFlag
from math import prod

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    TensorType,
    UnitAttr,
    i32,
)
from xdsl.ir import (
    Attribute,
    Dialect,
    Operation,
    ParametrizedAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AnyAttr,
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    OperandVariable,
    OptionalOperandVariable,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import (
    EffectInstance,
    MemoryAllocEffect,
    MemoryEffect,
    MemoryEffectKind,
    MemoryFreeEffect,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.cache_syntax import CacheAndEvict
from ttc.dialects.tt.op_bases import (
    PropsInAttrDictOp,
    PureOp,
    MemoryReadOp,
    MemoryWriteOp,
    MemoryReadWriteOp,
)
from ttc.dialects.tt.types import CacheModifier, EvictionPolicy, bit_width
from ttc.dialects.ttg.attrs import (
    ENCODING_ATTRS,
    DistributedEncoding,
    LayoutEncoding,
    SharedEncoding,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
    format_ints,
    int_list,
    ints,
)
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.shared_attrs import SHARED_ATTRS, PaddedSharedEncodingAttr
from ttc.dialects.ttg.warp_specialize import maybe_lookup_num_warps
from ttc.dialects.ttng.attrs import (
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TensorMemorySpaceAttr,
)
from ttc.ir.diagnostics import op_error
from ttc.ir.int_attrs import int_attribute
from ttc.ir.op_definition import op_definition
from ttc.ir.target import TARGET_ATTR, cuda_compute_capability
from ttc.ir.walk import walk
from ttc.layouts.linear import LayoutError, LinearLayout, is_power_of_two
from ttc.layouts.utils import minimal_conversion

# --------------------------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------------------------


TMEM_ENCODINGS = (TensorMemoryEncodingAttr, TensorMemoryScalesEncodingAttr)
"""The encodings of a buffer in tensor memory."""


def _format_shape(shape: Sequence[int]) -> str:
    return "".join(f"{d}x" for d in shape)


@irdl_attr_definition
class MemDescType(ParametrizedAttribute, TypeAttribute):
    """`!ttg.memdesc`: a descriptor of a (sub)buffer in shared or tensor memory.

    `alloc_shape` is the shape of the underlying allocation; it is printed only when it differs
    from `shape` (a subslice). The 3.0 spelling without a memory space reads as
    `#ttg.shared_memory`, the only memory space of that release.
    """

    name = "ttg.memdesc"

    shape: ArrayAttr[IntAttr]
    element_type: Attribute
    encoding: Attribute
    memory_space: Attribute
    mutable: IntAttr
    alloc_shape: ArrayAttr[IntAttr]

    @staticmethod
    def make(
        shape: Sequence[int],
        element_type: Attribute,
        encoding: Attribute,
        memory_space: Attribute | None = None,
        mutable: bool = False,
        alloc_shape: Sequence[int] | None = None,
    ) -> MemDescType:
        return MemDescType(
            int_list(shape),
            element_type,
            encoding,
            memory_space or SharedMemorySpaceAttr(),
            IntAttr(int(mutable)),
            int_list(shape if alloc_shape is None else alloc_shape),
        )

    def get_shape(self) -> tuple[int, ...]:
        return ints(self.shape)

    def get_alloc_shape(self) -> tuple[int, ...]:
        return ints(self.alloc_shape)

    def get_element_type(self) -> Attribute:
        return self.element_type

    @property
    def is_mutable(self) -> bool:
        return bool(self.mutable.data)

    def with_shape(self, shape: Sequence[int], encoding: Attribute | None = None) -> MemDescType:
        """The same buffer viewed with another shape (and optionally another encoding)."""
        return MemDescType(
            int_list(shape),
            self.element_type,
            self.encoding if encoding is None else encoding,
            self.memory_space,
            self.mutable,
            self.alloc_shape,
        )

    def verify(self) -> None:
        """Triton's `MemDescType::verify`, check for check and word for word."""
        shape, alloc = self.get_shape(), self.get_alloc_shape()
        if not shape:
            raise VerifyException("rank 0 memdesc is not allowed")
        width = bit_width(self.element_type)
        if width != 1 and width < 8:
            raise VerifyException(f"element type bit width must be 1 or at least 8; got {width}")
        if 0 in shape:
            raise VerifyException("shape has 0 dimension")
        if 0 in alloc:
            raise VerifyException("alloc shape has 0 dimension")
        if len(alloc) < len(shape):
            raise VerifyException("alloc shape must have at least as many dimensions as shape")
        encoding = self.encoding
        if not isinstance(encoding, (SharedEncoding, *TMEM_ENCODINGS)):
            raise VerifyException(f"{encoding} is not a valid encoding")
        rank = encoding.rank
        if isinstance(encoding, TensorMemoryEncodingAttr):
            if len(shape) not in (2, 3):
                raise VerifyException("rank must be 2 or 3")
        elif isinstance(encoding, SharedEncoding):
            if rank not in (len(shape), len(shape) - 1):
                raise VerifyException(
                    "rank must be equal to or one less than the shape size. "
                    f"Got {rank} and {len(shape)}"
                )
        elif len(shape) != 2:
            raise VerifyException(
                f"tensor-memory scale descriptors must have rank 2; got {len(shape)}"
            )
        # Only a leading pipelining dimension may have a size that is not a power of two.
        if not all(is_power_of_two(d) for d in shape[len(shape) - rank :]):
            raise VerifyException(
                f"shape must have power-of-2 and non-zero dimensions; got {format_ints(shape)}"
            )
        if not all(is_power_of_two(d) for d in alloc[len(alloc) - rank :]):
            raise VerifyException(
                "alloc shape must have power-of-2 and non-zero dimensions; got "
                f"{format_ints(alloc)}"
            )
        if any(s > a for s, a in zip(shape, alloc[len(alloc) - len(shape) :])):
            raise VerifyException(
                "shape must be less than or equal to allocShape. shape = "
                f"{format_ints(shape)}, allocShape = {format_ints(alloc)}"
            )
        if isinstance(encoding, TMEM_ENCODINGS):
            _verify_tensor_memory(self, encoding)
        elif not isinstance(self.memory_space, SharedMemorySpaceAttr):
            raise VerifyException(
                "memorySpace must be SharedMemorySpace for shared encoding. "
                f"Got {self.memory_space}"
            )
        if isinstance(encoding, PaddedSharedEncodingAttr | SharedLinearEncodingAttr):
            _check_component_shape(encoding, alloc[len(alloc) - rank :])

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        return cls.parse_body(parser)

    @classmethod
    def parse_body(cls, parser: AttrParser) -> Sequence[Attribute]:
        """Parse after the `<`: the shape, element type, encoding, memory space and flags."""
        start = parser.pos
        shape, element_type = parser.parse_ranked_shape()
        parser.parse_punctuation(",")
        encoding = parser.parse_attribute()
        memory_space: Attribute = SharedMemorySpaceAttr()
        mutable = False
        alloc_shape = shape
        if parser.parse_optional_punctuation(","):
            if parser.parse_optional_keyword("mutable"):
                mutable = True
            elif (space := parser.parse_optional_attribute()) is not None:
                memory_space = space
                if parser.parse_optional_punctuation(","):
                    mutable = parser.parse_optional_keyword("mutable") is not None
                    if not mutable:
                        alloc_shape = parser.parse_dimension_list()
            else:
                alloc_shape = parser.parse_dimension_list()
            if mutable and parser.parse_optional_punctuation(","):
                alloc_shape = parser.parse_dimension_list()
        parser.parse_punctuation(">")
        params = (
            int_list(shape),
            element_type,
            encoding,
            memory_space,
            IntAttr(int(mutable)),
            int_list(alloc_shape),
        )
        try:
            cls.new(params)
        except VerifyException as err:
            parser.raise_error(str(err), start, parser.pos)
        return params

    def print_body(self, printer: Printer) -> None:
        """Print `<...>`: what follows `!ttg.memdesc`, and all that some ops print."""
        printer.print_string(f"<{_format_shape(self.get_shape())}")
        printer.print_attribute(self.element_type)
        printer.print_string(", ")
        printer.print_attribute(self.encoding)
        printer.print_string(", ")
        printer.print_attribute(self.memory_space)
        if self.is_mutable:
            printer.print_string(", mutable")
        if self.get_alloc_shape() != self.get_shape():
            printer.print_string(", " + "x".join(map(str, self.get_alloc_shape())))
        printer.print_string(">")

    def print_parameters(self, printer: Printer) -> None:
        self.print_body(printer)


def _verify_tensor_memory(
    memdesc: MemDescType, encoding: TensorMemoryEncodingAttr | TensorMemoryScalesEncodingAttr
) -> None:
    """The tensor-memory rules of Triton's `MemDescType::verify`."""
    if not isinstance(memdesc.memory_space, TensorMemorySpaceAttr):
        raise VerifyException("memorySpace must be TensorMemorySpace")
    shape, alloc = memdesc.get_shape(), memdesc.get_alloc_shape()
    width = bit_width(memdesc.element_type)
    if isinstance(encoding, TensorMemoryScalesEncodingAttr):
        if len(alloc) != 2:
            raise VerifyException("Scales don't currently support multibuffering")
        if width != 8:
            raise VerifyException("bitwidth must be 8")
        return
    if width < 8:
        raise VerifyException(
            f"tensor-memory element type bit width must be at least 8; got {width}"
        )
    col_stride = encoding.col_stride.data
    if width * col_stride > 32:
        raise VerifyException(
            "bitwidth * colStride must be less than or equal to 32. Got "
            f"{width} and {col_stride}"
        )
    split = encoding.cta_split()
    block_n = min(encoding.block_n.data, shape[-1])
    min_m, min_n = encoding.block_m.data * split[0], block_n * split[1]
    if shape[-2] < min_m or shape[-1] < min_n:
        raise VerifyException(
            f"the tensor shape must be at least {min_m}x{min_n}. Got {format_ints(shape)}"
        )
    alloc = layout_dims(alloc, encoding)
    layout = encoding.to_linear_layout(alloc)
    got = tuple(layout.out_dim_size(d) for d in layout.out_dims)
    if got != alloc:
        raise VerifyException(f"allocation shape must be equal to {got[0]}x{got[1]}")


def _check_component_shape(
    encoding: PaddedSharedEncodingAttr | SharedLinearEncodingAttr, alloc: Sequence[int]
) -> None:
    """A layout given by its bases covers exactly the allocation (its last `rank` dimensions)."""
    covered = ints(encoding.shape) if isinstance(encoding, PaddedSharedEncodingAttr) else encoding.shape()
    for dim, (expected, got) in enumerate(zip(alloc, covered, strict=True)):
        if expected != got:
            raise VerifyException(
                f"Mismatch in expected shape for dimension {dim}. Expected: {expected}, "
                f"got: {got}"
            )


def parse_memdesc_maybe_unqualified(parser: AttrParser) -> MemDescType:
    """A memdesc written in full (`!ttg.memdesc<...>`) or, as some ops print it, as `<...>`."""
    if parser.parse_optional_punctuation("<") is not None:
        return MemDescType.new(MemDescType.parse_body(parser))
    memdesc = parser.parse_type()
    if not isinstance(memdesc, MemDescType):
        parser.raise_error(f"expected a !ttg.memdesc type, got {memdesc}")
    return memdesc


@irdl_attr_definition
class AsyncTokenType(ParametrizedAttribute, TypeAttribute):
    """`!ttg.async.token`: completion of asynchronous copies (cp.async groups, tcgen05)."""

    name = "ttg.async.token"


# --------------------------------------------------------------------------------------------
# Shared verification helpers
# --------------------------------------------------------------------------------------------


def _tensor(value: SSAValue, what: str) -> TensorType[Attribute]:
    if not isinstance(value.type, TensorType):
        raise VerifyException(f"{what} must be a ranked tensor, got {value.type}")
    return value.type


def _memdesc(value: SSAValue, what: str) -> MemDescType:
    if not isinstance(value.type, MemDescType):
        raise VerifyException(f"{what} must be a !ttg.memdesc, got {value.type}")
    return value.type


def check_shared_rank(tensor: TensorType[Attribute], memdesc: MemDescType, what: str) -> None:
    """Triton's `verifySharedMemoryRank`: the tensor has the rank the memdesc's encoding lays out."""
    encoding = memdesc.encoding
    if not isinstance(encoding, LayoutEncoding):
        raise VerifyException("expected memdesc to have a shared memory encoding")
    if len(tensor.get_shape()) != encoding.rank:
        raise VerifyException(
            f"{what} has rank {len(tensor.get_shape())} but memdesc encoding has rank "
            f"{encoding.rank}"
        )


def check_memory_op_types(
    src: TensorType[Attribute] | MemDescType, dst: TensorType[Attribute] | MemDescType
) -> None:
    """Triton's `verifyMemoryOpTypes`: source and destination agree on element type and shape."""
    if src.get_element_type() != dst.get_element_type():
        raise VerifyException(
            f"source element type '{src}' must match destination element type "
            f"'{dst.get_element_type()}'"
        )
    if src.get_shape() != dst.get_shape():
        raise VerifyException(
            f"source shape [{', '.join(map(str, src.get_shape()))}] must match [destination "
            f"shape {', '.join(map(str, dst.get_shape()))}]"
        )


def verify_alloc(src: SSAValue | None, memdesc: MemDescType) -> None:
    """Triton's `verifyAllocOp`: a whole buffer, mutable unless initialised from `src`."""
    if memdesc.get_shape() != memdesc.get_alloc_shape():
        raise VerifyException("result shape and its alloc shape must match")
    if src is None:
        if not memdesc.is_mutable:
            raise VerifyException("uninitialized alloc must have a mutable memdesc type")
        return
    check_memory_op_types(_tensor(src, "src"), memdesc)


def layout_dims(shape: Sequence[int], encoding: Attribute) -> tuple[int, ...]:
    """Triton's `dropPipeliningDim`: the trailing dimensions the encoding lays out (the leading
    ones index pipeline stages or buffers)."""
    if isinstance(encoding, LayoutEncoding):
        return tuple(shape[len(shape) - encoding.rank :])
    return tuple(shape)


def memdesc_layout(memdesc: MemDescType) -> LinearLayout | None:
    """The linear layout (offset, block) -> logical dims of a shared-memory buffer's allocation
    (Triton's `toLinearLayout(MemDescType)`); None for encodings without one in ttc."""
    if not isinstance(memdesc.encoding, SharedEncoding):
        return None
    try:
        return to_linear_layout(
            memdesc.encoding, layout_dims(memdesc.get_alloc_shape(), memdesc.encoding)
        )
    except LayoutError:
        return None


# --------------------------------------------------------------------------------------------
# Layout conversion
# --------------------------------------------------------------------------------------------


@op_definition
class ConvertLayoutOp(PureOp, PropsInAttrDictOp):
    """`ttg.convert_layout`: the same tensor in another encoding (a register shuffle).

    `force_warp_shuffle` asks the lowering for lane shuffles only, so the data must stay within
    each warp (Triton's verifier checks the minimal conversion moves no warp or block)."""

    name = "ttg.convert_layout"

    src = operand_def(TensorType)
    force_warp_shuffle = opt_prop_def(UnitAttr)
    result = result_def(TensorType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def __init__(self, src: SSAValue, result_type: Attribute):
        super().__init__(operands=[src], result_types=[result_type])

    def verify_(self) -> None:
        src, res = _tensor(self.src, "src"), _tensor(self.result, "result")
        if src.get_shape() != res.get_shape():
            raise VerifyException("requires the same shape for all operands and results")
        if src.get_element_type() != res.get_element_type():
            raise VerifyException("requires the same element type for all operands and results")
        if self.force_warp_shuffle is None:
            return
        try:
            conversion = minimal_conversion(
                to_linear_layout(src.encoding, src.get_shape()),
                to_linear_layout(res.encoding, res.get_shape()),
            )
        except LayoutError:
            return
        if "warp" in conversion.in_dims or "block" in conversion.in_dims:
            raise VerifyException("force_warp_shuffle requires a conversion within one warp")


# --------------------------------------------------------------------------------------------
# Shared memory
# --------------------------------------------------------------------------------------------


class LocalAllocEffects(MemoryEffect):
    """`LocalAllocOp::getEffects`: an immutable buffer without `allocation.offset` has no effects
    (so early passes may CSE and erase it); otherwise it allocates its result, and writes it
    when initialised from a tensor."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        memdesc = op.results[0].type
        mutable = isinstance(memdesc, MemDescType) and memdesc.is_mutable
        if not mutable and "allocation.offset" not in op.attributes:
            return frozenset()
        buffer = op.results[0]
        effects = {EffectInstance(MemoryEffectKind.ALLOC, buffer)}
        if op.operands:
            effects.add(EffectInstance(MemoryEffectKind.WRITE, buffer))
        return frozenset(effects)


@op_definition
class LocalAllocOp(PropsInAttrDictOp):
    """`ttg.local_alloc`: allocate a shared-memory buffer, optionally initialised from a tensor."""

    name = "ttg.local_alloc"

    src = opt_operand_def(TensorType)
    alignment = opt_prop_def(IntegerAttr)
    result = result_def(MemDescType)

    traits = traits_def(LocalAllocEffects())
    assembly_format = "($src^)? attr-dict `:` functional-type(operands, results)"

    def __init__(self, result_type: Attribute, src: SSAValue | None = None):
        """A buffer of `result_type`, initialised from the tensor `src` when given."""
        super().__init__(operands=[[] if src is None else [src]], result_types=[result_type])

    def verify_(self) -> None:
        """Triton's `LocalAllocOp::verify` (with `verifyAllocOp` and `verifyMemoryOpTypes`)."""
        memdesc = _memdesc(self.result, "result")
        if not isinstance(memdesc.memory_space, SharedMemorySpaceAttr):
            raise VerifyException("should create a buffer of shared memory")
        if bit_width(memdesc.element_type) % 8:
            raise VerifyException("element type bit width must be a multiple of 8")
        if self.src is not None:
            check_shared_rank(_tensor(self.src, "src"), memdesc, "source")
        verify_alloc(self.src, memdesc)


@op_definition
class LocalDeallocOp(IRDLOperation):
    """`ttg.local_dealloc`: free a buffer from `local_alloc` (optional in Triton)."""

    name = "ttg.local_dealloc"

    src = operand_def(MemDescType)

    traits = traits_def(MemoryFreeEffect())

    assembly_format = "$src attr-dict `:` type($src)"


@op_definition
class LocalLoadOp(MemoryReadOp):
    """`ttg.local_load`: read a shared-memory buffer into a distributed tensor."""

    name = "ttg.local_load"

    src = operand_def(MemDescType)
    token = opt_operand_def(AsyncTokenType)
    result = result_def(TensorType)

    assembly_format = "$src (`token` $token^)? attr-dict `:` type($src) `->` type($result)"

    def __init__(self, src: SSAValue, result_type: Attribute):
        super().__init__(operands=[src, []], result_types=[result_type])

    def verify_(self) -> None:
        tensor, memdesc = _tensor(self.result, "result"), _memdesc(self.src, "src")
        check_shared_rank(tensor, memdesc, "result")
        check_memory_op_types(memdesc, tensor)


@op_definition
class LocalStoreOp(MemoryWriteOp):
    """`ttg.local_store`: write a distributed tensor into a (mutable) shared-memory buffer."""

    name = "ttg.local_store"

    src = operand_def(TensorType)
    dst = operand_def(MemDescType)

    assembly_format = "$src `,` $dst attr-dict `:` type($src) `->` type($dst)"

    def verify_(self) -> None:
        memdesc = _memdesc(self.dst, "dst")
        if not memdesc.is_mutable:
            raise VerifyException("Cannot store into immutable memory")
        tensor = _tensor(self.src, "src")
        check_shared_rank(tensor, memdesc, "source")
        check_memory_op_types(tensor, memdesc)


@op_definition
class MemDescIndexOp(PureOp):
    """`ttg.memdesc_index`: the `index`-th buffer along dimension 0 (a multi-buffer slot)."""

    name = "ttg.memdesc_index"

    src = operand_def(MemDescType)
    index = operand_def(IntegerType(32))
    result = result_def(MemDescType)

    assembly_format = "$src `[` $index `]` attr-dict `:` type($src) `->` type($result)"

    def verify_(self) -> None:
        src, res = _memdesc(self.src, "src"), _memdesc(self.result, "result")
        if src.element_type != res.element_type:
            raise VerifyException("result element type must match desc element type")
        if src.encoding != res.encoding:
            raise VerifyException("src and result must have the same encoding")
        if len(res.get_shape()) != len(src.get_shape()) - 1:
            raise VerifyException("result rank must be input rank - 1")
        if len(src.get_alloc_shape()) != len(src.get_shape()):
            raise VerifyException("We don't allow taking memdesc_index of a memdesc_index")
        layout_shape = layout_dims(src.get_shape(), src.encoding)
        if layout_shape != res.get_shape():
            raise VerifyException("result shape must equal to srcShape[1:]")
        if layout_dims(src.get_alloc_shape(), src.encoding) != layout_shape:
            raise VerifyException("We only support memdesc_index of a multibuffer-prefix subview")
        if res.get_alloc_shape() != res.get_shape():
            raise VerifyException("alloc shape must match shape for the result")


@irdl_custom_directive
class Offsets(CustomDirective):
    """Triton's `custom<Offsets>($offsets)`: `[0, 32]`, an i32 array glued to the operand before."""

    offsets: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        offsets = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
        self.offsets.set(state, DenseArrayBase.from_list(i32, offsets))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        offsets = self.offsets.get(op)
        assert isinstance(offsets, DenseArrayBase)
        printer.print_string(f"[{', '.join(str(int(v)) for v in offsets.get_values())}]")


@op_definition
class MemDescSubsliceOp(PureOp):
    """`ttg.memdesc_subslice %src[o0, o1]`: a static sub-tile of a buffer (Triton prints the
    offsets right after the operand)."""

    name = "ttg.memdesc_subslice"

    src = operand_def(MemDescType)
    offsets = prop_def(DenseArrayBase)
    result = result_def(MemDescType)

    def offset_values(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.offsets.get_values())

    assembly_format = "$src custom<Offsets>($offsets) attr-dict `:` type($src) `->` type($result)"
    custom_directives = (Offsets,)

    def verify_(self) -> None:
        src, res = _memdesc(self.src, "src"), _memdesc(self.result, "result")
        offsets = self.offset_values()
        if src.element_type != res.element_type:
            raise VerifyException("result element type must match desc element type")
        if src.encoding != res.encoding:
            raise VerifyException("src and result must have the same encoding")
        if len(offsets) != len(src.get_shape()):
            raise VerifyException("offsets must have the same rank as input")
        if len(res.get_shape()) != len(src.get_shape()):
            raise VerifyException("result rank must equal to input rank")
        if src.get_alloc_shape() != res.get_alloc_shape():
            raise VerifyException("source and result must have the same allocation shape")
        if not isinstance(src.encoding, SharedEncoding):
            raise VerifyException("src and dst must both be of shared memory encoding")
        prefix = len(offsets) - len(layout_dims(offsets, src.encoding))
        split = [
            dim for dim, (a, b) in enumerate(zip(src.get_shape(), res.get_shape())) if a != b
        ]
        for dim, offset in enumerate(offsets):
            size, full = res.get_shape()[dim], src.get_shape()[dim]
            if dim not in split:
                if offset:
                    raise VerifyException(
                        "A non zero offset found in a dimension that is not being split"
                    )
                continue
            if offset < 0 or offset > full - size:
                raise VerifyException("The split offset may not exceed the source shape")
            if dim >= prefix and offset & (size - 1):
                raise VerifyException("The split offset may not touch the tile")
        padded = src.encoding if isinstance(src.encoding, PaddedSharedEncodingAttr) else None
        if split and padded is not None and padded.rank < len(src.get_shape()):
            raise VerifyException(
                "SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not "
                "supported yet"
            )
        if any(dim >= prefix for dim in split):
            _check_split_along_tiles(src, res, [dim - prefix for dim in split if dim >= prefix])


def _check_split_along_tiles(
    src: MemDescType, res: MemDescType, layout_split: Sequence[int]
) -> None:
    """A subslice's tiles must be whole swizzle tiles: stepping a split dimension by the tile
    size (and each doubling of it) moves by a power of two in the buffer (Triton's check in
    `MemDescSubsliceOp::verify`)."""
    layout = memdesc_layout(src)
    if layout is None:
        return
    inverse = layout.pseudo_invert()
    res_shape = layout_dims(res.get_shape(), res.encoding)
    src_shape = layout_dims(src.get_shape(), src.encoding)
    names = layout.out_dims
    for dim in layout_split:
        size = res_shape[dim]
        while size < src_shape[dim]:
            offset = inverse.apply({name: size if i == dim else 0 for i, name in enumerate(names)})
            step = offset["offset"]
            if step & (step - 1):
                raise VerifyException("We don't support splitting along the swizzling pattern")
            size *= 2


@op_definition
class MemDescTransOp(PureOp, PropsInAttrDictOp):
    """`ttg.memdesc_trans`: a transposed view of a buffer (`order` permutes the dimensions)."""

    name = "ttg.memdesc_trans"

    src = operand_def(MemDescType)
    order = prop_def(DenseArrayBase)
    result = result_def(MemDescType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def verify_(self) -> None:
        src, res = _memdesc(self.src, "src"), _memdesc(self.result, "result")
        order = tuple(int(v) for v in self.order.get_values())
        shape = src.get_shape()
        if sorted(order) != list(range(len(shape))):
            raise VerifyException("order must be a permutation of 0..(rank-1)")
        if res.get_shape() != tuple(shape[i] for i in order):
            raise VerifyException("result shape must be the source shape permuted by order")
        if src.element_type != res.element_type:
            raise VerifyException("requires the same element type for all operands and results")


@op_definition
class MemDescReshapeOp(PureOp):
    """`ttg.memdesc_reshape`: the same buffer viewed with another shape."""

    name = "ttg.memdesc_reshape"

    src = operand_def(MemDescType)
    result = result_def(MemDescType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def verify_(self) -> None:
        src, res = _memdesc(self.src, "src"), _memdesc(self.result, "result")
        if src.element_type != res.element_type:
            raise VerifyException("requires the same element type for all operands and results")
        if prod(src.get_shape()) != prod(res.get_shape()):
            raise VerifyException("number of src and dst elements of reshape must be the same")


# --------------------------------------------------------------------------------------------
# Asynchronous copies (cp.async)
# --------------------------------------------------------------------------------------------

@irdl_custom_directive
class MemDescBody(CustomDirective):
    """`<shape x T, #enc, #space[, mutable]>`: a memdesc type without its `!ttg.memdesc` prefix, as
    some of Triton's formats print it; it also reads the full spelling."""

    memdesc: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.memdesc.set(state, [parse_memdesc_maybe_unqualified(parser)])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        memdesc = self.memdesc.get(op)[0]
        assert isinstance(memdesc, MemDescType)
        memdesc.print_body(printer)


@irdl_custom_directive
class MaskAndOtherTypes(CustomDirective):
    """Nothing printed: the types of an access's optional `mask` (i1) and `other` (pointee) operands,
    derived from its pointer tensor's type (Triton's `TypesMatchWith`)."""

    pointers: TypeDirective
    mask: TypeDirective
    other: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        assert isinstance(self.pointers.inner, OperandVariable)
        pointers = state.operand_types[self.pointers.inner.index]
        assert pointers is not None
        for directive, derive in ((self.mask, _mask_type), (self.other, _pointee_tensor_type)):
            assert isinstance(directive.inner, OptionalOperandVariable)
            present = state.operands[directive.inner.index]
            directive.set(state, [derive(pointers[0])] if present else [])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        pass


@op_definition
class AsyncCopyGlobalToLocalOp(MemoryReadWriteOp):
    """`ttg.async_copy_global_to_local`: cp.async from global pointers into a shared buffer.

    `%tok = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %o cacheModifier = ca
    evictionPolicy = evict_last {contiguity = 8 : i32} : tensor<..x!tt.ptr<T>> -> <memdesc body>`;
    the memdesc type is printed without its `!ttg.memdesc` prefix, as Triton does.
    """

    name = "ttg.async_copy_global_to_local"

    src = operand_def(TensorType)
    result = operand_def(MemDescType)
    mask = opt_operand_def(TensorType)
    other = opt_operand_def(AnyAttr())
    cache = opt_prop_def(IntegerAttr, default_value=CacheModifier.NONE.attr())
    evict = opt_prop_def(IntegerAttr, default_value=EvictionPolicy.NORMAL.attr())
    is_volatile = opt_prop_def(BoolAttr, prop_name="isVolatile", default_value=IntegerAttr(0, 1))
    contiguity = opt_prop_def(IntegerAttr, default_value=IntegerAttr(1, i32))
    token = result_def(AsyncTokenType)

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    assembly_format = (
        "$src `,` $result (`mask` $mask^)? (`other` $other^)? custom<CacheAndEvict>($cache, $evict) "
        "attr-dict `:` type($src) `->` custom<MemDescBody>(type($result)) "
        "custom<MaskAndOtherTypes>(ref(type($src)), type($mask), type($other))"
    )
    custom_directives = (CacheAndEvict, MemDescBody, MaskAndOtherTypes)

    def verify_(self) -> None:
        src = _tensor(self.src, "src")
        memdesc = _memdesc(self.result, "result")
        if not memdesc.is_mutable:
            raise VerifyException("Cannot store into immutable memory")
        if src.get_shape() != memdesc.get_shape():
            raise VerifyException("the pointer tensor and the memdesc must have the same shape")
        if self.mask is not None and self.mask.type != _mask_type(src):
            raise VerifyException("mask must be an i1 tensor of the pointer tensor's shape")
        if self.cache.value.data not in set(CacheModifier):
            raise VerifyException(f"invalid cache modifier {self.cache.value.data}")
        if self.evict.value.data not in set(EvictionPolicy):
            raise VerifyException(f"invalid eviction policy {self.evict.value.data}")


def _mask_type(ptr_tensor: Attribute) -> Attribute:
    """The i1 tensor of a pointer tensor's shape and encoding (Triton's getI1SameShape)."""
    if not isinstance(ptr_tensor, TensorType):
        return IntegerType(1)
    return TensorType(IntegerType(1), ptr_tensor.get_shape(), ptr_tensor.encoding)


def _pointee_tensor_type(ptr_tensor: Attribute) -> Attribute:
    """The value tensor a pointer tensor points to (Triton's getPointeeType)."""
    if not isinstance(ptr_tensor, TensorType):
        return ptr_tensor
    pointee = getattr(ptr_tensor.get_element_type(), "pointee_type", None)
    if pointee is None:
        return ptr_tensor
    return TensorType(pointee, ptr_tensor.get_shape(), ptr_tensor.encoding)


@op_definition
class AsyncCommitGroupOp(IRDLOperation):
    """`ttg.async_commit_group [tokens %t...]`: close the current batch of async copies.

    Before Triton 3.3 it had no token result; that form still reads, and gains the token.
    """

    name = "ttg.async_commit_group"

    input_tokens = var_operand_def(AsyncTokenType)
    async_token = result_def(AsyncTokenType)

    assembly_format = "(`tokens` $input_tokens^)? attr-dict"


@op_definition
class AsyncWaitOp(PropsInAttrDictOp):
    """`ttg.async_wait %t... {num = N : i32}`: wait until at most N copy groups are pending.

    Before Triton 3.3 it had no token result; that form still reads, and gains the token.
    """

    name = "ttg.async_wait"

    async_token = var_operand_def(AsyncTokenType)
    num = prop_def(IntegerAttr)
    ret_token = result_def(AsyncTokenType)

    assembly_format = "($async_token^)? attr-dict"


@op_definition
class GlobalScratchAllocOp(PropsInAttrDictOp):
    """`ttg.global_scratch_alloc {alignment, nbytes} : !tt.ptr<i8>`: per-program global scratch."""

    name = "ttg.global_scratch_alloc"

    nbytes = prop_def(IntegerAttr)
    alignment = prop_def(IntegerAttr)
    result = result_def(AnyAttr())

    traits = traits_def(MemoryAllocEffect())

    assembly_format = "attr-dict `:` type($result)"


# --------------------------------------------------------------------------------------------
# CTA barrier
# --------------------------------------------------------------------------------------------


class AddrSpace(IntFlag):
    """Triton's `AddrSpace` bit enum (`TritonGPUEnums.td`): what a `ttg.barrier` makes visible."""

    NONE = 0
    LOCAL = 0b00001
    GLOBAL_READ = 0b00010
    GLOBAL_WRITE = 0b00100
    TENSOR_READ = 0b01000
    TENSOR_WRITE = 0b10000
    ALL = 0b11111


ADDR_SPACE_KEYWORDS: dict[str, AddrSpace] = {
    "none": AddrSpace.NONE,
    "local": AddrSpace.LOCAL,
    "global_read": AddrSpace.GLOBAL_READ,
    "global_write": AddrSpace.GLOBAL_WRITE,
    "tensor_read": AddrSpace.TENSOR_READ,
    "tensor_write": AddrSpace.TENSOR_WRITE,
    "all": AddrSpace.ALL,
}
"""The keywords of the bit enum, as MLIR's bit-enum syntax spells its cases."""


def format_addr_space(value: int) -> str:
    """MLIR's `stringifyAddrSpace`: `none` for 0, `all` for every bit, else the set bits by `|`."""
    if value == AddrSpace.NONE:
        return "none"
    if value == AddrSpace.ALL:
        return "all"
    return "|".join(
        keyword
        for keyword, bit in ADDR_SPACE_KEYWORDS.items()
        if bit not in (AddrSpace.NONE, AddrSpace.ALL) and value & bit
    )


@op_definition
class BarrierOp(MemoryReadWriteOp):
    """`ttg.barrier local|global_read`: a CTA-wide barrier (Triton 3.7's `TTG_BarrierOp`).

    Every thread of the CTA waits, and the accesses to the selected address spaces made before it
    become visible CTA-wide. `addrSpace` is an i32 bitmask (`AddrSpace`), written as `|`-separated
    keywords; `none` is a control-only barrier and combines with nothing. The op orders memory, so
    it reads and writes all of it, as MLIR assumes of an op without declared effects.
    """

    name = "ttg.barrier"

    addr_space = prop_def(IntegerAttr, prop_name="addrSpace")

    def __init__(self, addr_space: AddrSpace = AddrSpace.LOCAL) -> None:
        super().__init__(properties={"addrSpace": IntegerAttr(int(addr_space), i32)})

    @property
    def spaces(self) -> AddrSpace:
        return AddrSpace(self.addr_space.value.data)

    # Hand-written syntax: the address spaces are a `|`-separated bit-enum of keywords.
    @classmethod
    def parse(cls, parser: Parser) -> BarrierOp:
        keywords: list[str] = []
        first = parser.pos
        while True:
            start = parser.pos
            word = parser.parse_optional_identifier()
            if word not in ADDR_SPACE_KEYWORDS:
                expected = ", ".join(ADDR_SPACE_KEYWORDS)
                parser.raise_error(f"expected an address space ({expected})", start, parser.pos)
            keywords.append(word)
            if parser.parse_optional_punctuation("|") is None:
                break
        if "none" in keywords and len(keywords) > 1:
            parser.raise_error(
                "'none' cannot be combined with other address spaces", first, parser.pos
            )
        value = AddrSpace.NONE
        for word in keywords:
            value |= ADDR_SPACE_KEYWORDS[word]
        op = cls(value)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" " + format_addr_space(self.addr_space.value.data))
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        value = self.addr_space.value.data
        if self.addr_space.type != i32 or not 0 <= value <= AddrSpace.ALL:
            raise VerifyException(
                f"addrSpace must be an i32 bitmask of the address spaces (0..{int(AddrSpace.ALL)}),"
                f" got {self.addr_space}"
            )


@op_definition
class WarpIdOp(PureOp, PropsInAttrDictOp):
    """`ttg.warp_id`: the index of the current warp (`omitUniformHint`: the NVIDIA lowering skips
    the shuffle that marks it warp-uniform)."""

    name = "ttg.warp_id"

    omit_uniform_hint = opt_prop_def(UnitAttr, prop_name="omitUniformHint")
    result = result_def(i32)

    assembly_format = "attr-dict"


# --------------------------------------------------------------------------------------------
# Module-level layout verification
# --------------------------------------------------------------------------------------------

NUM_WARPS = "ttg.num-warps"
THREADS_PER_WARP = "ttg.threads-per-warp"
NUM_CTAS = "ttg.num-ctas"


class LayoutVerifyException(VerifyException):
    """A layout that does not fit its context; `op` is the operation to report it on. Triton
    reports it with `emitError`, so the message does not start with the op's name."""

    names_op = False

    def __init__(self, message: str, op: Operation) -> None:
        super().__init__(message)
        self.op = op


def lookup_num_ctas(op: Operation) -> int:
    """Triton's `lookupNumCTAs`: the enclosing module's `"ttg.num-ctas"` (1 if unset); the one
    reader of the CTA count."""
    return _module_value(op, NUM_CTAS, 1)


def module_compute_capability(op: Operation) -> int | None:
    """Triton's `getNVIDIAComputeCapability`: NN of the `ttg.target = "cuda:NN"` of `op`'s module
    (`op` itself when a module); None when the module names no NVIDIA target."""
    current: Operation | None = op
    while current is not None and not isinstance(current, ModuleOp):
        current = current.parent_op()
    target = None if current is None else current.attributes.get(TARGET_ATTR)
    return cuda_compute_capability(target.data) if isinstance(target, StringAttr) else None


def required_compute_capability(op: Operation) -> int:
    """`module_compute_capability`, which must be there (Triton asserts): a located error
    otherwise."""
    compute_capability = module_compute_capability(op)
    if compute_capability is None:
        raise op_error(op, 'expected a ttg.target = "cuda:NN" module attribute')
    return compute_capability


def lookup_threads_per_warp(op: Operation) -> int:
    """Triton's `lookupThreadsPerWarp`: the enclosing module's `"ttg.threads-per-warp"` (32 if
    unset); the one reader of the warp width."""
    return _module_value(op, THREADS_PER_WARP, 32)


def _module_value(op: Operation, key: str, default: int) -> int:
    """A module attribute (`ttg.num-ctas`, `ttg.threads-per-warp`) of the enclosing module."""
    current: Operation | None = op
    while current is not None and not isinstance(current, ModuleOp):
        current = current.parent_op()
    value = None if current is None else int_attribute(current, key)
    return default if value is None else value


LAYOUT_VERIFIED_DIALECTS = ("tt", "ttg", "ttng")
"""The dialects whose ops carry Triton's `VerifyTensorLayoutsTrait` (and, for `ttg` and `ttng`,
`VerifyMemDescLayoutsTrait`)."""


def _checked_values(op: Operation) -> Iterator[tuple[str, Attribute]]:
    """Triton's naming of each operand and result whose layout is checked."""
    for i, operand in enumerate(op.operands):
        yield f"Operand {i} has an invalid layout: ", operand.type
    for i, result in enumerate(op.results):
        where = "Result" if len(op.results) == 1 else f"Result {i}"
        yield f"{where} has an invalid layout: ", result.type


def _check_ctas(op: Operation, encoding: LayoutEncoding) -> str | None:
    ctas, required = encoding.num_ctas, lookup_num_ctas(op)
    if ctas != required:
        return (
            f"{encoding}. Layout has {ctas} CTAs per CGA, but the context requires {required} "
            "CTAs per CGA."
        )
    return None


def _check_tensor_layout(op: Operation, tensor: TensorType[Attribute]) -> str | None:
    """Triton's `verifyTensorLayout`; the message that follows "has an invalid layout: "."""
    encoding, shape = tensor.encoding, tensor.get_shape()
    if not isinstance(encoding, LayoutEncoding):
        return None
    if encoding.rank != len(shape):
        return (
            f"Layout has rank {encoding.rank}, but the tensor it's attached to has rank "
            f"{len(shape)}."
        )
    if (message := _check_ctas(op, encoding)) is not None:
        return message
    if not isinstance(encoding, DistributedEncoding):
        return "Non-distributed layout is not allowed in tensor type."
    if not all(is_power_of_two(d) for d in shape):
        return (
            f"Layout has shape {format_ints(shape)}, but the tensor it's attached to has shape "
            f"{format_ints(shape)} which is not a power of two."
        )
    lanes, required_lanes = encoding.num_lanes, lookup_threads_per_warp(op)
    if lanes != required_lanes:
        return (
            f"{encoding}. Layout has {lanes} threads per warp, but the module specifies "
            f"{required_lanes} threads per warp."
        )
    required_warps = maybe_lookup_num_warps(op)
    if required_warps is None:
        return (
            "Could not determine the number of warps per CTA. Operation is not in a context "
            "with `ttg.num-warps`."
        )
    if encoding.num_warps != required_warps:
        return (
            f"{encoding}. Layout has {encoding.num_warps} warps per CTA, but the context "
            f"requires {required_warps} warps per CTA."
        )
    return None


def _check_memdesc_layout(op: Operation, memdesc: MemDescType) -> str | None:
    """Triton's `verifyMemDescLayout`; the message that follows "has an invalid layout: "."""
    encoding, rank = memdesc.encoding, len(memdesc.get_shape())
    if not isinstance(encoding, LayoutEncoding):
        return None
    if encoding.rank not in (rank, rank - 1):
        return (
            f"Layout has rank {encoding.rank}, but the memdesc it's attached to has rank {rank}. "
            "Memdesc rank must equal the layout rank or be exactly one greater for "
            "multibuffering."
        )
    if (message := _check_ctas(op, encoding)) is not None:
        return message
    if isinstance(encoding, SharedLinearEncodingAttr):
        alloc = memdesc.get_alloc_shape()[-encoding.rank :]
        if encoding.shape() != alloc:
            return (
                f"{encoding}. Layout has shape {format_ints(encoding.shape())}, but the memdesc "
                f"type has shape {format_ints(alloc)}."
            )
    return None


def verify_op_layouts(op: Operation) -> None:
    """Check the layouts of `op`'s operands and results against its context, as Triton's
    `VerifyTensorLayoutsTrait` and `VerifyMemDescLayoutsTrait` do when the op is verified (after
    its type constraints, before its own verifier).

    Tensors: the encoding's rank is the tensor's; its CTAs are `"ttg.num-ctas"` (default 1); it is
    a distributed encoding over a power-of-two shape whose lanes are the module's
    `"ttg.threads-per-warp"` (default 32) and whose warps are the `"ttg.num-warps"` of the nearest
    `tt.func` or module (which must set it). Memdescs: the encoding's rank is the memdesc's, or
    one less; its CTAs match; a `#ttg.shared_linear` covers the allocation exactly.

    Only ops of Triton's dialects carry these traits. Raises `LayoutVerifyException`; Triton puts
    a newline before "Layout has ..."; here it is one line, so that either part matches.
    """
    dialect = op.name.split(".", 1)[0]
    if dialect not in LAYOUT_VERIFIED_DIALECTS:
        return
    for prefix, value_type in _checked_values(op):
        if isinstance(value_type, TensorType):
            message = _check_tensor_layout(op, value_type)
        elif isinstance(value_type, MemDescType) and dialect != "tt":
            message = _check_memdesc_layout(op, value_type)
        else:
            continue
        if message is not None:
            raise LayoutVerifyException(prefix + message, op)


def verify_layouts(module: ModuleOp) -> None:
    """`verify_op_layouts` for every op of `module`, outermost first."""
    for op in walk(module):
        verify_op_layouts(op)


CORE_OPS: tuple[type[Operation], ...] = (
        ConvertLayoutOp,
        LocalAllocOp,
        LocalDeallocOp,
        LocalLoadOp,
        LocalStoreOp,
        MemDescIndexOp,
        MemDescSubsliceOp,
        MemDescTransOp,
        MemDescReshapeOp,
        AsyncCopyGlobalToLocalOp,
        AsyncCommitGroupOp,
        AsyncWaitOp,
        GlobalScratchAllocOp,
        BarrierOp,
        WarpIdOp,
)
"""The ops defined here, in the `ttg` dialect object (`ttc.dialects.ttg.dialect.TTG`)."""

CORE_ATTRS: tuple[type[Attribute], ...] = (*ENCODING_ATTRS, *SHARED_ATTRS, MemDescType, AsyncTokenType)
"""The encodings, the memdesc and async-token types: the attributes of the `ttg` dialect object."""
