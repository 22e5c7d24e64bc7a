"""TMA copies between global memory (through a tensor descriptor) and shared memory.

Mirrors `TTNG_AsyncTMACopyGlobalToLocalOp`, `TTNG_AsyncTMACopyLocalToGlobalOp`,
`TTNG_AsyncTMAReduceOp`, `TTNG_AsyncTMAGatherOp` and `TTNG_AsyncTMAScatterOp` of Triton's `TritonNvidiaGPUOps.td` and their verifiers in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`:

```
ttng.async_tma_copy_global_to_local %d[%i, %j] %buf, %bar, %pred [cacheModifier = ..]
    [evictionPolicy = ..] : !tt.tensordesc<...>, !ttg.memdesc<1xi64, ...> -> !ttg.memdesc<...>
ttng.async_tma_copy_local_to_global %d[%i, %j] %buf : !tt.tensordesc<...>, !ttg.memdesc<...>
ttng.async_tma_reduce add, %d[%i, %j] %buf : !tt.tensordesc<...>, !ttg.memdesc<...>
ttng.async_tma_gather %d[%rows, %y] %buf, %bar, %pred : <the six operand types>
ttng.async_tma_scatter %d[%rows, %y] %buf : <the four operand types>
```

A load writes the block at the coordinates into a mutable NVMMA-swizzled buffer and signals the
mbarrier; a store reads the buffer back, a reduction combines it element-wise into global
memory. A gather (scatter) moves one row of a 1xM descriptor block per x offset. Descriptor and
buffer share the NVMMA swizzle.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    BoolAttr,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    NoneAttr,
    Signedness,
    TensorType,
    UnitAttr,
    i1,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    base,
    operand_def,
    opt_prop_def,
    prop_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.cache_syntax import CacheAndEvict
from ttc.dialects.tt.descriptor import verify_block_matches, verify_rows
from ttc.dialects.tt.op_bases import PropsInAttrDictOp, MemoryReadWriteOp
from ttc.dialects.tt.ops import I32Attr
from ttc.dialects.tt.syntax import enum_attr, enum_keyword
from ttc.dialects.tt.types import (
    CacheModifier,
    DescriptorReduceKind,
    EvictionPolicy,
    TensorDescType,
)
from ttc.dialects.ttg.attrs import NVMMASharedEncodingAttr, format_bases
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import MemDescType, layout_dims, lookup_num_ctas, memdesc_layout
from ttc.dialects.ttng.attrs import encoding_cga_bases, has_cga_layout
from ttc.dialects.ttng.barriers import verify_barrier_type
from ttc.dialects.ttng.types import TensorDescIm2ColType
from ttc.ir.op_definition import op_definition
from ttc.layouts.order import contig_per_thread

_I16 = IntegerType(16)
TWO_CTAS = "ttng.two-ctas"
"""The module attribute (a bool) saying the kernel runs its MMAs on CTA pairs."""


def _verify_coords(desc: Attribute, count: int) -> None:
    """Triton's `verifyAsyncTMACoords`: one coordinate per block dimension (TILED mode), or 3 to
    5 coordinates of the whole tensor (IM2COL mode, an im2col descriptor)."""
    if isinstance(desc, TensorDescIm2ColType):
        if count < 3:
            raise VerifyException(f"IM2COL mode requires at least 3D coordinates, but got {count}D")
        if count > 5:
            raise VerifyException(f"IM2COL mode supports at most 5D coordinates, but got {count}D")
        return
    if not isinstance(desc, TensorDescType):
        raise VerifyException(f"operand #0 must be tensor descriptor type, but got '{desc}'")
    rank = len(desc.block_type.get_shape())
    if count != rank:
        raise VerifyException(f"expected {rank} coordinates, but got {count}")
    if not 1 <= count <= 5:
        raise VerifyException("must have between 1 and 5 coordinates")


def _verify_tma_encoding(desc: TensorDescType, memdesc: MemDescType) -> None:
    """Triton's `verifyTMAEncoding`: descriptor and buffer share an untransposed NVMMA layout."""
    nvmma = memdesc.encoding
    if not isinstance(nvmma, NVMMASharedEncodingAttr):
        raise VerifyException("TMA descriptor must have NVMMA shared layout")
    if nvmma.rank != len(memdesc.get_shape()):
        raise VerifyException("TMA shared memory and layout ranks must match")
    desc_enc = desc.block_type.encoding
    # The ranks may differ (rank-reducing copies): compare the swizzle parameters only.
    if not isinstance(desc_enc, NVMMASharedEncodingAttr) or any(
        getattr(desc_enc, field) != getattr(nvmma, field)
        for field in ("transposed", "swizzling_byte_width", "element_bit_width", "fp4_padded")
    ):
        shown = desc_enc if isinstance(desc_enc, NVMMASharedEncodingAttr) else "<<NULL ATTRIBUTE>>"
        raise VerifyException(
            "TMA descriptor layout must match shared layout, but got descriptor layout "
            f"{shown} and shared memory layout {nvmma}"
        )
    if nvmma.is_transposed:
        raise VerifyException("TMA descriptor layout must not be transposed")


def _verify_multicast(multicast: UnitAttr | None, memdesc: MemDescType) -> None:
    """A multicast load needs a buffer broadcast over CTAs (Triton's `hasCGABroadcast`)."""
    if multicast is None:
        return
    layout = memdesc_layout(memdesc)
    if layout is None or not layout.get_free_variable_masks().get("block", 0):
        raise VerifyException("multicast requires the shared layout to broadcast across CTAs")


def _memdesc(op: Operation, value_type: Attribute) -> MemDescType:
    if not isinstance(value_type, MemDescType):
        raise VerifyException(f"'{op.name}' expects a !ttg.memdesc, got {value_type}")
    return value_type


def _fp4_padded(memdesc: MemDescType) -> bool:
    encoding = memdesc.encoding
    return isinstance(encoding, NVMMASharedEncodingAttr) and encoding.is_fp4_padded


def _block_bases(memdesc: MemDescType) -> tuple[list[list[int]], tuple[int, ...]]:
    """The `block` bases of the buffer's allocation layout and the shape they index."""
    layout = memdesc_layout(memdesc)
    bases = layout.bases.get("block", []) if layout is not None else []
    return bases, layout_dims(memdesc.get_shape(), memdesc.encoding)


def _verify_tma_load_buffer(
    op: Operation, desc: TensorDescType, barrier: SSAValue, result: MemDescType
) -> None:
    """Triton's `verifyAsyncTMALoadOp`: an mbarrier, a mutable NVMMA buffer, and no CTA's part of
    the buffer lying outside the CTA (or CTA pair) that the barrier tracks."""
    verify_barrier_type(op, barrier)
    _verify_tma_barrier_layout(op, barrier)
    if not result.is_mutable:
        raise VerifyException("cannot store into immutable memory")
    _verify_tma_encoding(desc, result)
    assert isinstance(barrier.type, MemDescType)
    barrier_layout = memdesc_layout(barrier.type)
    barrier_mask = (
        barrier_layout.get_free_variable_masks().get("block", 0) if barrier_layout else 0
    )
    bases, shape = _block_bases(result)
    for bit, basis in enumerate(bases):
        if any(c >= size for c, size in zip(basis, shape, strict=True)) and (
            bit or barrier_mask > 1
        ):
            raise VerifyException(
                "TMA destination and completion barrier must belong to the same CTA or a CTA pair"
            )


def _verify_tma_mode(desc: Attribute, coords: int, offsets: int) -> None:
    """Triton's `verifyTMAMode`: IM2COL loads take `coords - 2` i16 offsets, TILED ones none."""
    if not isinstance(desc, TensorDescIm2ColType):
        if offsets:
            raise VerifyException("TILED mode does not support offsets")
        return
    if not offsets:
        raise VerifyException("IM2COL mode requires offsets to be provided")
    if offsets != coords - 2:
        raise VerifyException(
            f"IM2COL mode with {coords}D coordinates requires {coords - 2} offsets, but got "
            f"{offsets}"
        )


def _verify_tma_barrier_layout(op: Operation, barrier: SSAValue) -> None:
    """Triton's `verifyTMABarrierLayout`: under the module's `ttng.two-ctas`, a TMA barrier is one
    per CTA, or (two-CTA mode) one per CTA pair."""
    module = op.get_toplevel_object()
    two_ctas = module.attributes.get(TWO_CTAS) if isinstance(module, ModuleOp) else None
    if not isinstance(two_ctas, IntegerAttr):
        return
    assert isinstance(barrier.type, MemDescType)
    encoding = barrier.type.encoding
    num_ctas = lookup_num_ctas(op)
    one_cta = tuple((1 << i,) for i in range(num_ctas.bit_length() - 1))
    if has_cga_layout(encoding, one_cta):
        return
    expected = format_bases(one_cta)
    if two_ctas.value.data:
        pair = ((0,), *((1 << i,) for i in range(num_ctas.bit_length() - 2)))
        if has_cga_layout(encoding, pair):
            return
        expected += f" or {format_bases(pair)}"
    raise VerifyException(
        f"TMA barrier cga_layout must be {expected}, got "
        f"{format_bases(encoding_cga_bases(encoding) or ())}"
    )


def _verify_tma_store_buffer(desc: TensorDescType, src: MemDescType) -> None:
    """Triton's `verifyAsyncTMAStoreOp`: no fp4 padding, each CTA's part of the source inside it,
    the descriptor's NVMMA layout."""
    if _fp4_padded(src):
        raise VerifyException("does not support fp4_padded operands")
    bases, shape = _block_bases(src)
    for basis in bases:
        if any(c >= size for c, size in zip(basis, shape, strict=True)):
            raise VerifyException("source subview may have an origin in another CTA")
    _verify_tma_encoding(desc, src)


def _verify_tma_store(op: Operation, desc: Attribute, coords: int, src_type: Attribute) -> None:
    """The verifier shared by TMA stores and reductions: coordinates, block size, buffer."""
    _verify_coords(desc, coords)
    src = _memdesc(op, src_type)
    verify_block_matches(desc, src)  # type: ignore[arg-type]
    assert isinstance(desc, TensorDescType)
    _verify_tma_store_buffer(desc, src)


@op_definition
class AsyncTMACopyGlobalToLocalOp(MemoryReadWriteOp):
    """`ttng.async_tma_copy_global_to_local %desc[%coord...] %result, %barrier, %pred`."""

    name = "ttng.async_tma_copy_global_to_local"

    desc = operand_def(base(TensorDescType) | base(TensorDescIm2ColType))
    coord = var_operand_def(i32)
    offsets = var_operand_def(_I16)
    barrier = operand_def(MemDescType)
    result = operand_def(MemDescType)
    pred = operand_def(i1)
    multicast = opt_prop_def(UnitAttr)
    cache = opt_prop_def(I32Attr, default_value=CacheModifier.NONE.attr())
    evict = opt_prop_def(I32Attr, default_value=EvictionPolicy.NORMAL.attr())
    is_volatile = opt_prop_def(BoolAttr, prop_name="isVolatile", default_value=BoolAttr(0, i1))

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())

    def cache_modifier(self) -> CacheModifier:
        return enum_attr(CacheModifier, self.cache, CacheModifier.NONE)

    def eviction_policy(self) -> EvictionPolicy:
        return enum_attr(EvictionPolicy, self.evict, EvictionPolicy.NORMAL)

    assembly_format = (
        "$desc `[` $coord `]` (`offsets` `=` `[` $offsets^ `]`)? $result `,` $barrier `,` $pred "
        "custom<CacheAndEvict>($cache, $evict) attr-dict `:` type($desc) `,` type($barrier) `->` "
        "type($result)"
    )
    custom_directives = (CacheAndEvict,)

    def verify_(self) -> None:
        _verify_coords(self.desc.type, len(self.coord))
        result = _memdesc(self, self.result.type)
        desc = self.desc.type
        if isinstance(desc, TensorDescIm2ColType):  # checked as the tiled descriptor of its block
            desc = TensorDescType(desc.block_type)
        verify_block_matches(desc, result)  # type: ignore[arg-type]
        assert isinstance(desc, TensorDescType)
        _verify_tma_load_buffer(self, desc, self.barrier, result)
        _verify_tma_mode(self.desc.type, len(self.coord), len(self.offsets))
        _verify_multicast(self.multicast, result)


@op_definition
class AsyncTMACopyLocalToGlobalOp(MemoryReadWriteOp):
    """`ttng.async_tma_copy_local_to_global %desc[%coord...] %src : desc type, src type`."""

    name = "ttng.async_tma_copy_local_to_global"

    desc = operand_def(TensorDescType)
    coord = var_operand_def(i32)
    src = operand_def(MemDescType)

    assembly_format = "$desc `[` $coord `]` $src attr-dict `:` type($desc) `,` type($src)"

    def verify_(self) -> None:
        _verify_tma_store(self, self.desc.type, len(self.coord), self.src.type)


def _supports_reduce(kind: DescriptorReduceKind, element: Attribute) -> bool:
    """Triton's `AsyncTMAReduceOp::isSupportedReduceKind`: what `cp.reduce.async.bulk.tensor`
    combines."""
    is_int = isinstance(element, IntegerType)
    width = element.width.data if is_int else 0
    int32_or_64 = width in (32, 64)
    f16_or_bf16 = isinstance(element, Float16Type | BFloat16Type)
    if kind is DescriptorReduceKind.ADD:
        unsigned_or_signless_64 = (
            width == 64 and element.signedness.data is not Signedness.SIGNED  # type: ignore[union-attr]
        )
        return width == 32 or unsigned_or_signless_64 or isinstance(element, Float32Type) or f16_or_bf16
    if kind in (DescriptorReduceKind.MIN, DescriptorReduceKind.MAX):
        return int32_or_64 or f16_or_bf16
    if kind in (DescriptorReduceKind.AND, DescriptorReduceKind.OR, DescriptorReduceKind.XOR):
        return int32_or_64
    return False


@op_definition
class AsyncTMAReduceOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`ttng.async_tma_reduce add, %desc[%coord...] %src`: combine a buffer into global memory."""

    name = "ttng.async_tma_reduce"

    kind = prop_def(IntegerAttr)
    desc = operand_def(TensorDescType)
    coord = var_operand_def(i32)
    src = operand_def(MemDescType)

    assembly_format = (
        "custom<DescriptorReduceKind>($kind) `,` $desc `[` $coord `]` $src attr-dict `:` "
        "type($desc) `,` type($src)"
    )
    custom_directives = (enum_keyword(DescriptorReduceKind),)

    def verify_(self) -> None:
        _verify_tma_store(self, self.desc.type, len(self.coord), self.src.type)
        kind = DescriptorReduceKind.from_attr(self.kind)
        assert isinstance(self.desc.type, TensorDescType)
        element = self.desc.type.block_type.get_element_type()
        if not _supports_reduce(kind, element):
            raise VerifyException(f"unsupported reduce kind {kind.keyword} for element type '{element}'")


def _verify_row_offsets(rows: Attribute) -> None:
    """The distribution Triton's `verifyAsyncTMAGatherScatterOp` asks of the x offsets: four
    contiguous rows per thread, the same rows in every lane of a warp."""
    assert isinstance(rows, TensorType)
    if isinstance(rows.encoding, NoneAttr):
        return
    layout = to_linear_layout(rows.encoding, rows.get_shape())
    if contig_per_thread(layout)[0] < 4:
        raise VerifyException("x offsets must have at least 4 contiguous elements per thread")
    if layout.get_free_variable_masks().get("lane", 0) != layout.in_dim_size("lane") - 1:
        raise VerifyException("x offsets must be broadcasted across each warp")


@op_definition
class AsyncTMAGatherOp(MemoryReadWriteOp, PropsInAttrDictOp):
    """`ttng.async_tma_gather %desc[%x_offsets, %y] %result, %barrier, %pred : <operand types>`."""

    name = "ttng.async_tma_gather"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    barrier = operand_def(MemDescType)
    result = operand_def(MemDescType)
    pred = operand_def(i1)
    multicast = opt_prop_def(UnitAttr)

    assembly_format = (
        "$desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred attr-dict `:` "
        "type($desc) `,` type($x_offsets) `,` type($y_offset) `,` type($barrier) `,` "
        "type($result) `,` type($pred)"
    )

    def verify_(self) -> None:
        result = _memdesc(self, self.result.type)
        assert isinstance(self.desc.type, TensorDescType)
        _verify_tma_load_buffer(self, self.desc.type, self.barrier, result)
        if _fp4_padded(result):
            raise VerifyException("does not support fp4_padded operands")
        _verify_multicast(self.multicast, result)
        verify_rows(self.desc.type, self.x_offsets.type, result)
        _verify_row_offsets(self.x_offsets.type)


@op_definition
class AsyncTMAScatterOp(MemoryReadWriteOp):
    """`ttng.async_tma_scatter %desc[%x_offsets, %y] %src : <operand types>`."""

    name = "ttng.async_tma_scatter"

    desc = operand_def(TensorDescType)
    x_offsets = operand_def(TensorType)
    y_offset = operand_def(i32)
    src = operand_def(MemDescType)

    assembly_format = (
        "$desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` "
        "type($desc) `,` type($x_offsets) `,` type($y_offset) `,` type($src)"
    )

    def verify_(self) -> None:
        src = _memdesc(self, self.src.type)
        assert isinstance(self.desc.type, TensorDescType)
        _verify_tma_store_buffer(self.desc.type, src)
        verify_rows(self.desc.type, self.x_offsets.type, src)
        _verify_row_offsets(self.x_offsets.type)


TMA_OPS: tuple[type[IRDLOperation], ...] = (
    AsyncTMACopyGlobalToLocalOp,
    AsyncTMACopyLocalToGlobalOp,
    AsyncTMAReduceOp,
    AsyncTMAGatherOp,
    AsyncTMAScatterOp,
)
"""The ops of this module, for the `ttng` dialect."""
