"""Tensor-memory (TMEM) ops of TritonNvidiaGPU: allocate, load, store, copy and slice.

Mirrors `TTNG_TMEMAllocOp`, `TTNG_TMEMLoadOp`, `TTNG_TMEMStoreOp`, `TTNG_TMEMCopyOp` and
`TTNG_TMEMSubSliceOp` of Triton's `TritonNvidiaGPUOps.td` and their verifiers in
`lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`:

```
%m, %tok = ttng.tmem_alloc %src : (tensor<...>) -> (!ttg.memdesc<...>, !ttg.async.token)
%t, %tok2 = ttng.tmem_load %m[%tok] {redOp = #ttng.redOp<max>} : !ttg.memdesc<...> -> tensor<...>, tensor<...>
%tok3 = ttng.tmem_store %t, %m[%tok2], %pred : tensor<...> -> !ttg.memdesc<...>
ttng.tmem_copy %smem, %m : !ttg.memdesc<...>, !ttg.memdesc<...>
%s = ttng.tmem_subslice %m {offset = 64 : i32[, dim = 0 : i32]} : !ttg.memdesc<...> -> !ttg.memdesc<...>
```

`[%dep]` (Triton's `custom<Token>`) is the optional token dependency: `[]` produces a token
without consuming one, no brackets neither. That custom directive is why `tmem_load`,
`tmem_store` (and the MMA ops of `ttc.dialects.ttng.mma`) parse and print by hand; the others use
`assembly_format`. The register layout of a load or store is checked
against the TMEM layout as far as `ttc.dialects.ttng.tmem_access` ports Triton's
`isDistributedLayoutTMemCompatible`.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BoolAttr,
    Float32Type,
    IntegerAttr,
    ModuleOp,
    NoneAttr,
    TensorType,
    i1,
    i32,
)
from xdsl.ir import Attribute, Operation
from xdsl.irdl import (
    AttrSizedResultSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.declarative_assembly_format import (
    CustomDirective,
    OptionalOperandVariable,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import (
    PropsInAttrDictOp,
    PureOp,
    MemoryReadOp,
    MemoryWriteOp,
    MemoryReadWriteOp,
)
from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg.attrs import (
    LinearEncodingAttr,
    NVMMASharedEncodingAttr,
    SharedLinearEncodingAttr,
    SharedMemorySpaceAttr,
    bases_attr,
)
from ttc.dialects.ttg.ops import (
    TMEM_ENCODINGS,
    AsyncTokenType,
    LocalAllocEffects,
    MemDescType,
    check_memory_op_types,
    layout_dims,
    memdesc_layout,
    verify_alloc,
)
from ttc.dialects.ttg.warp_specialize import (
    WarpSpecializeOp,
    WarpSpecializePartitionsOp,
    maybe_lookup_num_warps,
)
from ttc.dialects.ttng.attrs import (
    TensorMemoryEncodingAttr,
    TensorMemoryScalesEncodingAttr,
    TensorMemorySpaceAttr,
    TMEMLoadReduceModifierAttr,
)
from ttc.dialects.ttng.tmem_access import (
    ATOMS_FOR_HINTS,
    distributed_layout_for,
    split_long_m_layout,
    tmem_access_error,
    tmem_reduce_error,
)
from ttc.ir.int_attrs import int_attribute
from ttc.ir.op_definition import op_definition
from ttc.ir.verify import NotedVerifyException
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.tmem import view_layout

MAX_REGISTERS = 256
MAX_NREG_ATTR = "ttg.maxnreg"


class UnnamedVerifyException(VerifyException):
    """A failure Triton reports with `emitError`: the message does not start with the op."""

    names_op = False


def tmem_layout(memdesc: MemDescType) -> LinearLayout:
    """Triton's `toLinearLayout(MemDescType)` of a TMEM buffer: (row, col, block) -> the view's
    logical dims (the allocation's layout trimmed to the view)."""
    encoding = memdesc.encoding
    assert isinstance(encoding, TMEM_ENCODINGS)
    allocation = encoding.to_linear_layout(layout_dims(memdesc.get_alloc_shape(), encoding))
    return view_layout(
        allocation, layout_dims(memdesc.get_shape(), encoding), bit_width(memdesc.element_type)
    )


def tmem_rows(memdesc: MemDescType) -> int:
    """The TMEM rows a buffer spans (Triton's `getTmemAllocSizes(...).numRows`): 128, or 64 when
    one 16-row block per warp leaves rows 16-31 of each warp unused."""
    layout = tmem_layout(memdesc)
    rows = layout.in_dim_size("row")
    row_bases = layout.bases["row"]
    if len(row_bases) > 4 and not any(row_bases[4]):
        rows //= 2
    return rows


def memdesc_linear_layout(memdesc: MemDescType) -> LinearLayout | None:
    """The linear layout of a buffer in shared or tensor memory (`toLinearLayout(MemDescType)`)."""
    if isinstance(memdesc.memory_space, TensorMemorySpaceAttr):
        return tmem_layout(memdesc)
    return memdesc_layout(memdesc)


# --------------------------------------------------------------------------------------------
# `custom<Token>`: `[%dep]`, `[]` or nothing
# --------------------------------------------------------------------------------------------


@irdl_custom_directive
class Token(CustomDirective):
    """Triton's `custom<Token>($dep, type($token))`: `[%dep]` when the op takes and gives an async
    token, `[]` when it only gives one, nothing when it has none; the token types are inferred."""

    dep: OptionalOperandVariable
    dep_type: TypeDirective
    token_type: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> None:
        dep = None
        produces = parser.parse_optional_punctuation("[") is not None
        if produces and parser.parse_optional_punctuation("]") is None:
            dep = parser.parse_unresolved_operand()
            parser.parse_punctuation("]")
        self.dep.set(state, dep)
        self.dep_type.set(state, [AsyncTokenType()] if dep is not None else [])
        self.token_type.set(state, [AsyncTokenType()] if produces else [])

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        if not self.token_type.get(op):
            return
        printer.print_string("[")
        dep = self.dep.get(op)
        if dep is not None:
            printer.print_operand(dep)
        printer.print_string("]")


# --------------------------------------------------------------------------------------------
# Verification helpers
# --------------------------------------------------------------------------------------------


def contextual_max_nreg(op: Operation) -> int:
    """Triton's `getContextualMaxNReg`: 256, or less under `ttg.maxnreg` or a warp-specialize
    partition's register budget."""
    max_nreg = MAX_REGISTERS
    current: Operation | None = op
    while current is not None and not isinstance(current, ModuleOp):
        parent = current.parent_op()
        limit: int | None = None
        if isinstance(parent, WarpSpecializePartitionsOp):
            ws = parent.parent_op()
            region = current.parent_region()
            index = parent.regions.index(region) if region is not None else 0
            if isinstance(ws, WarpSpecializeOp):
                if ws.actual_registers is not None:
                    limit = ws.actual_registers.get_values()[1 + index]
                elif ws.requested_registers is not None:
                    limit = ws.requested_registers.get_values()[index]
        elif isinstance(parent, WarpSpecializeOp) and parent.actual_registers is not None:
            limit = parent.actual_registers.get_values()[0]
        if limit is not None:
            max_nreg = min(max_nreg, int(limit))
            break
        current = parent
    while current is not None and not isinstance(current, ModuleOp):
        current = current.parent_op()
    if current is not None and (attr := int_attribute(current, MAX_NREG_ATTR)) is not None:
        max_nreg = min(max_nreg, attr)
    return max_nreg


def is_tmem_compatible(op: Operation, tensor: TensorType[Attribute], memdesc: MemDescType) -> bool:
    """Triton's `isDistributedLayoutTMemCompatible`: `op` can move `tensor` to or from the TMEM
    buffer with tcgen05.ld/st messages."""
    bits, max_nreg = bit_width(memdesc.element_type), contextual_max_nreg(op)
    return tmem_access_error(tensor, bits, tmem_layout(memdesc), max_nreg) is None


def verify_tmem_operand(
    op: Operation, tensor: TensorType[Attribute], memdesc: MemDescType, what: str
) -> None:
    """Triton's `verifyTMEMOperand`: a 2-D register tensor whose layout maps onto TMEM messages."""
    if len(tensor.get_shape()) != 2:
        raise VerifyException(f"{what} must be a 2D tensor")
    if isinstance(tensor.encoding, NoneAttr):
        return
    if is_tmem_compatible(op, tensor, memdesc):
        return
    bits, memory = bit_width(memdesc.element_type), tmem_layout(memdesc)
    notes = [f"Got: {tensor.encoding}"]
    num_warps = maybe_lookup_num_warps(op) or 4
    layouts = [distributed_layout_for(memory, atom, num_warps, bits) for atom in ATOMS_FOR_HINTS]
    layouts.append(split_long_m_layout(memory, num_warps, bits))
    notes += [f"potential TMEM layout: {_linear_encoding(ll)}" for ll in layouts if ll is not None]
    raise NotedVerifyException(what, tuple(notes))


def _linear_encoding(layout: LinearLayout) -> LinearEncodingAttr:
    bases = layout.bases
    return LinearEncodingAttr(
        *(bases_attr(bases.get(dim, [])) for dim in ("register", "lane", "warp", "block"))
    )


# --------------------------------------------------------------------------------------------
# Ops
# --------------------------------------------------------------------------------------------


@op_definition
class TMEMAllocOp(PropsInAttrDictOp):
    """`ttng.tmem_alloc`: allocate a TMEM buffer, optionally initialised from a tensor."""

    name = "ttng.tmem_alloc"

    src = opt_operand_def(TensorType)
    result = result_def(MemDescType)
    token = opt_result_def(AsyncTokenType)

    traits = traits_def(LocalAllocEffects())
    assembly_format = "($src^)? attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        memdesc = self.result.type
        assert isinstance(memdesc, MemDescType)
        if not isinstance(memdesc.encoding, TMEM_ENCODINGS):
            raise VerifyException("should use tensor memory encoding")
        if self.src is not None:
            assert isinstance(self.src.type, TensorType)
            verify_tmem_operand(self, self.src.type, memdesc, "source")
        verify_alloc(self.src, memdesc)


@op_definition
class TMEMLoadOp(MemoryReadOp):
    """`ttng.tmem_load`: read a TMEM buffer into registers, optionally reducing along N."""

    name = "ttng.tmem_load"

    src = operand_def(MemDescType)
    dep = opt_operand_def(AsyncTokenType)
    red_op = opt_prop_def(TMEMLoadReduceModifierAttr, prop_name="redOp")
    abs = opt_prop_def(BoolAttr)
    nan = opt_prop_def(BoolAttr, prop_name="NaN")
    result = result_def(TensorType)
    token = opt_result_def(AsyncTokenType)
    red = opt_result_def(TensorType)

    irdl_options = (AttrSizedResultSegments(as_property=True), ParsePropInAttrDict())
    assembly_format = (
        "$src custom<Token>($dep, type($dep), type($token)) attr-dict `:` type($src) `->` "
        "type($result) (`,` type($red)^)?"
    )
    custom_directives = (Token,)

    def verify_(self) -> None:
        memdesc, tensor = self.src.type, self.result.type
        assert isinstance(memdesc, MemDescType) and isinstance(tensor, TensorType)
        if not isinstance(memdesc.memory_space, TensorMemorySpaceAttr):
            raise VerifyException("source must be a tensor memory buffer.")
        if not isinstance(memdesc.encoding, TensorMemoryEncodingAttr):
            raise VerifyException("should use tensor memory encoding.")
        verify_tmem_operand(self, tensor, memdesc, "result")
        has_red = self.red is not None
        use_abs = self.abs is not None and bool(self.abs.value.data)
        use_nan = self.nan is not None and bool(self.nan.value.data)
        if self.red_op is not None and not has_red:
            raise VerifyException("redOp is set but 'red' result is not present")
        if has_red and self.red_op is None:
            raise VerifyException("'red' result is present but redOp is not set")
        if use_abs and self.red_op is None:
            raise VerifyException("'abs' requires 'redOp' to be set")
        if use_nan and self.red_op is None:
            raise VerifyException("'NaN' requires 'redOp' to be set")
        is_f32 = isinstance(memdesc.element_type, Float32Type)
        if use_abs and not is_f32:
            raise VerifyException("'abs' requires floating-point element type (f32)")
        if use_nan and not is_f32:
            raise VerifyException("'NaN' requires floating-point element type (f32)")
        if self.red_op is not None:
            bits, max_nreg = bit_width(memdesc.element_type), contextual_max_nreg(self)
            error = tmem_reduce_error(tensor, bits, tmem_layout(memdesc), max_nreg)
            if error is not None:
                raise VerifyException(error)
        check_memory_op_types(memdesc, tensor)


@op_definition
class TMEMStoreOp(MemoryWriteOp, PropsInAttrDictOp):
    """`ttng.tmem_store`: write registers into a mutable TMEM buffer under a predicate."""

    name = "ttng.tmem_store"

    dst = operand_def(MemDescType)
    dep = opt_operand_def(AsyncTokenType)
    src = operand_def(TensorType)
    pred = operand_def(i1)
    token = opt_result_def(AsyncTokenType)

    assembly_format = (
        "$src `,` $dst custom<Token>($dep, type($dep), type($token)) `,` $pred attr-dict `:` "
        "type($src) `->` type($dst)"
    )
    custom_directives = (Token,)

    def verify_(self) -> None:
        memdesc, tensor = self.dst.type, self.src.type
        assert isinstance(memdesc, MemDescType) and isinstance(tensor, TensorType)
        if not isinstance(memdesc.encoding, TMEM_ENCODINGS):
            raise VerifyException("should use tensor memory encoding.")
        if not memdesc.is_mutable:
            raise VerifyException("Cannot store into an immutable alloc")
        verify_tmem_operand(self, tensor, memdesc, "source")
        check_memory_op_types(tensor, memdesc)


@op_definition
class TMEMCopyOp(MemoryReadWriteOp):
    """`ttng.tmem_copy`: an asynchronous shared-to-tensor-memory copy (tcgen05.cp)."""

    name = "ttng.tmem_copy"

    src = operand_def(MemDescType)
    dst = operand_def(MemDescType)

    assembly_format = "$src `,` $dst attr-dict `:` type($src) `,` type($dst)"

    def verify_(self) -> None:
        src, dst = self.src.type, self.dst.type
        assert isinstance(src, MemDescType) and isinstance(dst, MemDescType)
        if not isinstance(src.memory_space, SharedMemorySpaceAttr):
            raise VerifyException("The source must be a shared memory buffer")
        if src.get_shape() != dst.get_shape():
            raise VerifyException(
                f"source shape {_dims(src.get_shape())} must match destination shape "
                f"{_dims(dst.get_shape())}"
            )
        if not dst.is_mutable:
            raise VerifyException("Cannot copy into an immutable alloc")
        if isinstance(src.encoding, SharedLinearEncodingAttr) and src.encoding.alignment.data < 16:
            raise VerifyException(
                "Source must have at least 16-byte alignment to be representable in a matrix "
                "descriptor."
            )
        smem = memdesc_layout(src)
        tmem = tmem_layout(dst)
        if smem is not None and not _same_cga(tmem, smem):
            raise VerifyException(
                "The source and destination must have the same cga layout. Got source: "
                f"{smem} and destination: {tmem}"
            )
        nvmma = src.encoding if isinstance(src.encoding, NVMMASharedEncodingAttr) else None
        if nvmma is not None and (nvmma.is_transposed or nvmma.is_fp4_padded):
            raise VerifyException("The source should not be transposed or padded")
        if isinstance(dst.encoding, TensorMemoryScalesEncodingAttr):
            if nvmma is not None and nvmma.swizzling_byte_width.data != 0:
                raise VerifyException("The source should not be swizzled for now")
            return
        if not isinstance(dst.encoding, TensorMemoryEncodingAttr):
            raise VerifyException("Incorrect tmem layout.")
        if dst.encoding.block_m.data != 128:
            raise VerifyException("Tmem layout must have blockM=128.")
        if nvmma is not None and nvmma.swizzling_byte_width.data == 0:
            raise VerifyException("Source layout should be swizzled.")
        if bit_width(src.element_type) != 32:
            raise VerifyException("Source element type should be 32-bit.")
        col_bases = tmem.bases["col"]
        leading = next((i for i, b in enumerate(col_bases) if not any(b)), len(col_bases))
        if leading < 2:
            raise VerifyException(
                "The destination must have at least 128 contiguous bits per TMEM row."
            )


def _dims(shape: tuple[int, ...]) -> str:
    return ", ".join(map(str, shape))


def _same_cga(tmem: LinearLayout, smem: LinearLayout) -> bool:
    """`tmemLl.invertAndCompose(shmemLl).isTrivialOver({block})`. A shared source subview has the
    layout of its whole allocation, so the TMEM view is read as a map into that larger space."""
    try:
        widened = LinearLayout(tmem.bases.items(), smem.out_dim_sizes)
        return widened.invert_and_compose(smem).is_trivial_over(["block"])
    except LayoutError:
        return False


@op_definition
class TMEMSubSliceOp(PureOp, PropsInAttrDictOp):
    """`ttng.tmem_subslice`: a view of part of a TMEM buffer along one dimension."""

    name = "ttng.tmem_subslice"

    src = operand_def(MemDescType)
    offset = prop_def(IntegerAttr[i32])
    dim = prop_def(IntegerAttr[i32], default_value=IntegerAttr(1, i32))
    result = result_def(MemDescType)

    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def verify_(self) -> None:
        src, dst = self.src.type, self.result.type
        assert isinstance(src, MemDescType) and isinstance(dst, MemDescType)
        if not isinstance(src.memory_space, TensorMemorySpaceAttr):
            raise VerifyException("The source must be a tensor memory buffer.")
        if not isinstance(dst.memory_space, TensorMemorySpaceAttr):
            raise VerifyException("The destination must be a tensor memory buffer.")
        if src.element_type != dst.element_type:
            raise VerifyException("The source and result must have the same element type.")
        if src.encoding != dst.encoding:
            raise VerifyException("The source and result must have the same encoding.")
        if src.get_alloc_shape() != dst.get_alloc_shape():
            raise VerifyException("The source and result must have the same alloc shape.")
        src_shape, dst_shape = src.get_shape(), dst.get_shape()
        rank = len(src_shape)
        if rank != len(dst_shape) or rank not in (2, 3):
            raise VerifyException(
                "The source and result must both be 2D or 3D tensor memory buffers."
            )
        dim, offset = self.dim.value.data, self.offset.value.data
        if not 0 <= dim < rank:
            raise VerifyException("The slice dimension must be within the descriptor rank.")
        if any(dst_shape[a] != src_shape[a] for a in range(rank) if a != dim):
            raise VerifyException(
                "The result must have the same size as the source in the dimensions that are "
                "not being sliced."
            )
        if offset < 0 or offset + dst_shape[dim] > src_shape[dim]:
            raise UnnamedVerifyException("The split offset may not exceed the source shape")
        if rank == 3 and dim == 0:
            return
        src_dims = layout_dims(src_shape, src.encoding)
        dst_dims = layout_dims(dst_shape, dst.encoding)
        dim -= rank - len(src_dims)
        layout = tmem_layout(src)
        if offset & (dst_dims[dim] - 1) and not _slice_stays_in_tile(
            layout, dim, offset, dst_dims[dim]
        ):
            raise UnnamedVerifyException("The split offset may not touch the tile")
        if any(basis[dim] >= dst_dims[dim] for basis in layout.bases.get("block", [])):
            raise VerifyException("The result may not be sliced across CTAs.")
        logical = {"dim0": offset if dim == 0 else 0, "dim1": offset if dim == 1 else 0}
        column = layout.pseudo_invert().apply(logical)["col"]
        if column * bit_width(src.element_type) % 32:
            raise VerifyException("The split offset must be 32-bit aligned in tensor memory.")


def _slice_stays_in_tile(layout: LinearLayout, dim: int, offset: int, size: int) -> bool:
    """An unaligned slice needs, in one of `row` or `col`, consecutive bases along `dim` covering
    the offset bits from its lowest set one to the highest one the slice changes."""
    first = (offset & -offset).bit_length() - 1
    last = offset + size - 1
    count = (offset ^ last).bit_length() - first
    for in_dim in ("row", "col"):
        bases = layout.bases[in_dim]
        for start in range(len(bases) - count + 1):
            if all(
                bases[start + bit][1 - dim] == 0 and bases[start + bit][dim] == 1 << (first + bit)
                for bit in range(count)
            ):
                return True
    return False


TMEM_OPS = (TMEMAllocOp, TMEMLoadOp, TMEMStoreOp, TMEMCopyOp, TMEMSubSliceOp)
"""The tensor-memory ops, registered with the `ttng` dialect."""
