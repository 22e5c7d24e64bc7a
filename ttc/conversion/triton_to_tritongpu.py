"""`convert-triton-to-tritongpu`: give every tensor of a TTIR module a layout.

Mirrors Triton's ConvertTritonToTritonGPU (lib/Conversion/TritonToTritonGPU): MLIR's partial
dialect conversion with the TritonGPU type converter, which gives each tensor without encoding
the default blocked layout of its shape (`getDefaultBlockedEncoding`), and these patterns:

- generic ops (arith, math, most tt ops, `scf.yield`, `tt.return`, ...): operands in their
  default layout, results in the default layout of their shape;
- `tt.expand_dims`: the operand is converted to `#ttg.slice<{dim = axis, parent = P}>`, where P
  is the operand's blocked layout with a 1 inserted at `axis` and order 0..rank-1; the result
  has layout P;
- `tt.broadcast`: the result keeps the operand's layout;
- `tt.reduce` / `tt.scan`: results follow the operands (a slice of the operand layout along the
  reduced axis, or a scalar);
- `tt.trans`: the operand layout, transposed;
- `tt.join`: operands in their default layout, the result in the layout Triton infers from it
  (`ttc.dialects.ttg.layout_inference`);
- `tt.split`: the operand converted, unless it already holds both halves in one thread (blocked,
  2 elements per thread in the last dimension, which is the most minor), to the default layout of
  a result with that dimension appended; the results in the inferred layout;
- `tt.descriptor_gather` / `tt.descriptor_scatter`: generic, then the row offsets converted to
  `#ttg.slice<{dim = 0}>` of a blocked layout with 4 offsets per thread along the lanes and the
  warps spread over the other dimension (the layout the TMA gather4/scatter4 lowering reads);
- `tt.cat`: the result's default layout with more elements per thread along its fastest
  dimension, so that each thread holds its share of both operands (the next power of two of
  their sum);
- `tt.dot`: a blocked result layout of sizePerThread 1, 2 or 4 in the last two dimensions
  (by elements per thread), operands converted to `#ttg.dot_op` of it, the accumulator converted
  to it;
- `scf.for` / `scf.if` / `scf.while`: region arguments and results retyped;
- `tt.func` (Triton's function signature conversion): argument and result types converted, the
  entry block's arguments with them; `tt.call` and `tt.return` are generic ops, so a call's
  results get default layouts and a returned value is converted to its default layout.

Where a value's layout differs from the default one its user expects, a `ttg.convert_layout` is
placed right after the value's definition (once per value and layout), as MLIR's target
materialization does. Ops are converted in place, in pre-order, so names and attributes stay.
Finally the module gets `"ttg.num-ctas"`, `"ttg.num-warps"`, `ttg.target` and
`"ttg.threads-per-warp"`.

`enable-source-remat` selects MLIR's source materialization in Triton; converting in place never
leaves an unconverted value in use, so the option changes nothing here.
"""

from __future__ import annotations

from dataclasses import field

from xdsl.context import Context
from xdsl.dialects.builtin import (
    FunctionType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    TensorType,
    i32,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.descriptor import DescriptorGatherOp, DescriptorScatterOp
from ttc.dialects.tt.map_elementwise import MapElementwiseOp
from ttc.dialects.tt.types import encoding_of, shape_of
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import (
    BlockedEncodingAttr,
    CTALayout,
    DotOperandEncodingAttr,
    ints,
)
from ttc.dialects.ttg.layout_inference import infer_join_encoding, infer_split_encoding
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.upstream import arith, scf
from ttc.ir.diagnostics import op_error
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.tritongpu_utils import (
    blocked_for_shape,
    cta_layout_for_shape,
    default_blocked,
    infer_dst_encoding,
    retype_constant,
    set_type,
    slice_encoding,
    with_encoding,
)

STRUCTURED_OPS = (scf.ForOp, scf.IfOp, scf.WhileOp)
GATHER_SCATTER = (DescriptorGatherOp, DescriptorScatterOp)


class _Conversion:
    """One run of the conversion over a module."""

    def __init__(self, num_warps: int, threads_per_warp: int, num_ctas: int) -> None:
        self.num_warps = num_warps
        self.threads_per_warp = threads_per_warp
        self.num_ctas = num_ctas
        self.original: dict[SSAValue, Attribute] = {}
        self.materialized: dict[tuple[SSAValue, Attribute], SSAValue] = {}

    # -- types ----------------------------------------------------------------------------

    def convert_type(self, type_: Attribute) -> Attribute:
        """The type converter: a tensor without encoding gets the default blocked layout."""
        if isinstance(type_, TensorType) and encoding_of(type_) is None:
            shape = type_.get_shape()
            return with_encoding(
                type_, default_blocked(shape, self.num_warps, self.threads_per_warp, self.num_ctas)
            )
        return type_

    def original_type(self, value: SSAValue) -> Attribute:
        return self.original.get(value, value.type)

    def retype(self, value: SSAValue, type_: Attribute) -> None:
        if value.type != type_:
            self.original.setdefault(value, value.type)
            set_type(value, type_)

    def is_legal_type(self, type_: Attribute) -> bool:
        return self.convert_type(type_) == type_

    # -- materialization --------------------------------------------------------------------

    def convert(self, value: SSAValue, type_: Attribute, before: Operation) -> SSAValue:
        """A new `ttg.convert_layout` of `value` to `type_`, inserted before `before`."""
        op = ttg.ConvertLayoutOp(value, type_)
        block = before.parent
        assert block is not None
        block.insert_op_before(op, before)
        return op.results[0]

    def adapt(self, value: SSAValue) -> SSAValue:
        """`value` in the type its users expect (MLIR's adaptor operand): converted right after
        its definition when its layout is not the default one."""
        desired = self.convert_type(self.original_type(value))
        if value.type == desired:
            return value
        key = (value, desired)
        if key not in self.materialized:
            op = ttg.ConvertLayoutOp(value, desired)
            if isinstance(value, BlockArgument):
                block = value.block
                first = block.first_op
                if first is None:
                    block.add_op(op)
                else:
                    block.insert_op_before(op, first)
            else:
                owner = value.owner
                assert isinstance(owner, Operation) and owner.parent is not None
                owner.parent.insert_op_after(op, owner)
            self.materialized[key] = op.results[0]
        return self.materialized[key]

    def adapt_operands(self, op: Operation) -> None:
        op.operands = [self.adapt(v) for v in op.operands]

    # -- legality -----------------------------------------------------------------------------

    def is_legal(self, op: Operation) -> bool:
        if isinstance(op, tt.FuncOp):
            signature = op.properties["function_type"]
            assert isinstance(signature, FunctionType)
            return all(self.is_legal_type(t) for t in (*signature.inputs, *signature.outputs))
        if isinstance(op, tt.DotOp):
            return all(
                isinstance(encoding_of(self.original_type(v)), DotOperandEncodingAttr)
                for v in op.operands[:2]
            )
        types = [self.original_type(v) for v in op.operands]
        types += [r.type for r in op.results]
        for region in op.regions:
            for block in region.blocks:
                types += [self.original_type(a) for a in block.args]
        return all(self.is_legal_type(t) for t in types)

    # -- driver -------------------------------------------------------------------------------

    def run_block(self, block: Block) -> None:
        for op in list(block.ops):
            if not self.is_legal(op):
                self.rewrite(op)
            for region in op.regions:
                for inner in list(region.blocks):
                    self.run_block(inner)

    def retype_block_args(self, op: Operation) -> None:
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    self.retype(arg, self.convert_type(arg.type))

    def rewrite(self, op: Operation) -> None:
        if isinstance(op, GATHER_SCATTER):
            self.rewrite_gather_scatter(op)
            return
        if isinstance(op, tt.FuncOp):
            self.rewrite_func(op)
            return
        if isinstance(op, STRUCTURED_OPS):
            self.adapt_operands(op)
            self.retype_block_args(op)
            for result in op.results:
                self.retype(result, self.convert_type(result.type))
            return
        if isinstance(op, arith.ConstantOp):
            new_type = self.convert_type(op.results[0].type)
            self.original.setdefault(op.results[0], op.results[0].type)
            retype_constant(op, new_type)
            return
        if isinstance(op, tt.ExpandDimsOp):
            self.rewrite_expand_dims(op)
            return
        if isinstance(op, tt.BroadcastOp):
            self.adapt_operands(op)
            encoding = encoding_of(op.operands[0].type)
            assert encoding is not None
            self.retype(op.results[0], with_encoding(op.results[0].type, encoding))
            return
        if isinstance(op, (tt.ReduceOp, tt.ScanOp, tt.TransOp)):
            self.rewrite_inferred(op)
            return
        if isinstance(op, tt.DotOp):
            self.rewrite_dot(op)
            return
        if isinstance(op, tt.JoinOp):
            self.rewrite_join(op)
            return
        if isinstance(op, tt.SplitOp):
            self.rewrite_split(op)
            return
        if isinstance(op, tt.CatOp):
            self.rewrite_cat(op)
            return
        if op.regions and not isinstance(op, MapElementwiseOp):
            raise op_error(op, f"failed to legalize operation '{op.name}'")
        # Elementwise ops, tt.map_elementwise too (its body works on scalars, so only its
        # operands and results take the default layout).
        self.adapt_operands(op)
        for result in op.results:
            self.retype(result, self.convert_type(result.type))

    def rewrite_gather_scatter(self, op: Operation) -> None:
        """A generic op whose row offsets (operand 1) are then converted to the layout a TMA
        gather or scatter reads them in: four neighbouring offsets per thread, every warp holding
        all of them (Triton's `GatherScatterOpPattern`)."""
        self.adapt_operands(op)
        for result in op.results:
            self.retype(result, self.convert_type(result.type))
        rows = BlockedEncodingAttr.make(
            (1, 4), (self.threads_per_warp, 1), (1, self.num_warps), (1, 0),
            CTALayout((1, self.num_ctas), (1, self.num_ctas), (1, 0)),
        )
        offsets = op.operands[1]
        wanted = with_encoding(offsets.type, slice_encoding(0, rows))
        if offsets.type != wanted:
            operands = list(op.operands)
            operands[1] = self.convert(offsets, wanted, op)
            op.operands = operands

    def rewrite_func(self, op: Operation) -> None:
        signature = op.properties["function_type"]
        assert isinstance(signature, FunctionType)
        op.properties["function_type"] = FunctionType.from_lists(
            [self.convert_type(t) for t in signature.inputs],
            [self.convert_type(t) for t in signature.outputs],
        )
        self.retype_block_args(op)

    def rewrite_expand_dims(self, op: Operation) -> None:
        self.adapt_operands(op)
        src = op.operands[0]
        encoding = encoding_of(src.type)
        if not isinstance(encoding, BlockedEncodingAttr):
            raise op_error(op, "failed to legalize operation 'tt.expand_dims'")
        axis = op.properties["axis"].value.data  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        rank = encoding.rank + 1

        def insert_one(values: tuple[int, ...]) -> tuple[int, ...]:
            return values[:axis] + (1,) + values[axis:]

        cta = encoding.cta_layout
        cta_order = tuple(o + 1 if o >= axis else o for o in cta.cta_order)
        result_cta = CTALayout(
            insert_one(cta.ctas_per_cga), insert_one(cta.cta_split_num), (axis, *cta_order)
        )
        if all(n == 1 for n in result_cta.ctas_per_cga):
            # One CTA: Triton 3.6 keeps the CTA layout as a linear layout, where the order of a
            # single CTA means nothing; the default spelling is what it prints.
            result_cta = CTALayout.default(rank)
        result_encoding = BlockedEncodingAttr.make(
            insert_one(ints(encoding.size_per_thread)),
            insert_one(ints(encoding.threads_per_warp)),
            insert_one(ints(encoding.warps_per_cta)),
            list(range(rank)),
            result_cta,
        )
        src_type = with_encoding(src.type, slice_encoding(axis, result_encoding))
        op.operands = [self.convert(src, src_type, op)]
        self.retype(op.results[0], with_encoding(op.results[0].type, result_encoding))

    def rewrite_inferred(self, op: Operation) -> None:
        """Ops whose result layouts are inferred from their operands."""
        self.adapt_operands(op)
        encoding = encoding_of(op.operands[0].type)
        assert encoding is not None
        for result in op.results:
            if not isinstance(result.type, TensorType):
                continue
            result_encoding = infer_dst_encoding(op, encoding)
            if result_encoding is None:
                raise op_error(op, f"failed to legalize operation '{op.name}'")
            self.retype(result, with_encoding(result.type, result_encoding))

    def rewrite_join(self, op: Operation) -> None:
        self.adapt_operands(op)
        lhs = op.operands[0].type
        encoding = encoding_of(lhs)
        result_encoding = None if encoding is None else infer_join_encoding(encoding, shape_of(lhs))
        if result_encoding is None:
            raise op_error(op, "failed to legalize operation 'tt.join'")
        self.retype(op.results[0], with_encoding(op.results[0].type, result_encoding))

    def rewrite_split(self, op: Operation) -> None:
        self.adapt_operands(op)
        src = op.operands[0]
        shape = shape_of(src.type)
        rank = len(shape)
        encoding = encoding_of(src.type)
        holds_pairs = (
            isinstance(encoding, BlockedEncodingAttr)
            and ints(encoding.size_per_thread)[-1] == 2
            and ints(encoding.order)[0] == rank - 1
        )
        if not holds_pairs:
            half = default_blocked(
                shape[:-1], self.num_warps, self.threads_per_warp, self.num_ctas
            )
            cta = half.cta_layout
            cta_layout = CTALayout(
                (*cta.ctas_per_cga, 1), (*cta.cta_split_num, 1), (rank - 1, *cta.cta_order)
            )
            if all(n == 1 for n in cta_layout.ctas_per_cga):
                cta_layout = CTALayout.default(rank)
            encoding = BlockedEncodingAttr.make(
                (*ints(half.size_per_thread), 2),
                (*ints(half.threads_per_warp), 1),
                (*ints(half.warps_per_cta), 1),
                (rank - 1, *ints(half.order)),
                cta_layout,
            )
            op.operands = [self.convert(src, with_encoding(src.type, encoding), op)]
        assert encoding is not None
        result_encoding = infer_split_encoding(encoding, shape)
        if result_encoding is None:
            raise op_error(op, "failed to legalize operation 'tt.split'")
        for result in op.results:
            self.retype(result, with_encoding(result.type, result_encoding))

    def rewrite_cat(self, op: Operation) -> None:
        self.adapt_operands(op)
        result = op.results[0]
        result_type = self.convert_type(result.type)
        encoding = encoding_of(result_type)
        assert isinstance(encoding, BlockedEncodingAttr) and isinstance(result_type, TensorType)

        def registers(type_: Attribute) -> int:
            assert isinstance(type_, TensorType) and type_.encoding is not None
            return to_linear_layout(type_.encoding, type_.get_shape()).in_dim_size("register")

        operands = registers(op.operands[0].type) + registers(op.operands[1].type)
        wanted = 1 << (operands - 1).bit_length()
        size_per_thread = list(ints(encoding.size_per_thread))
        size_per_thread[ints(encoding.order)[0]] *= max(1, wanted // registers(result_type))
        new_encoding = BlockedEncodingAttr.make(
            size_per_thread,
            ints(encoding.threads_per_warp),
            ints(encoding.warps_per_cta),
            ints(encoding.order),
            encoding.cta_layout,
        )
        self.retype(result, with_encoding(result.type, new_encoding))

    def rewrite_dot(self, op: Operation) -> None:
        self.adapt_operands(op)
        shape = shape_of(op.results[0].type)
        rank = len(shape)
        elements = 1
        for size in shape:
            elements *= size
        per_thread = elements // (self.num_warps * self.threads_per_warp)
        size = 4 if per_thread >= 16 else 2 if per_thread >= 4 else 1
        size_per_thread = [1] * rank
        size_per_thread[rank - 1] = min(size, shape[rank - 1])
        size_per_thread[rank - 2] = min(size, shape[rank - 2])
        order = list(range(rank - 1, -1, -1))
        cta = cta_layout_for_shape(shape, size_per_thread, order, self.num_ctas)
        d_encoding = blocked_for_shape(
            shape, size_per_thread, order, self.num_warps, self.threads_per_warp, cta
        )
        a, b, c = op.operands[0], op.operands[1], op.operands[2]
        if not isinstance(encoding_of(a.type), DotOperandEncodingAttr):
            a = self.convert(a, with_encoding(a.type, DotOperandEncodingAttr.make(0, d_encoding)), op)
        if not isinstance(encoding_of(b.type), DotOperandEncodingAttr):
            b = self.convert(b, with_encoding(b.type, DotOperandEncodingAttr.make(1, d_encoding)), op)
        result_type = with_encoding(op.results[0].type, d_encoding)
        c = self.convert(c, result_type, op)
        op.operands = [a, b, c, *op.operands[3:]]
        self.retype(op.results[0], result_type)


class ConvertTritonToTritonGPUPass(
    TtcPass,
    name="convert-triton-to-tritongpu",
    summary="Convert TTIR to TTGIR: default blocked layouts on every tensor",
):
    """Assign Triton's default blocked layouts to every tensor of a TTIR module."""

    target: str = field(default="", metadata={"help": "the target, e.g. cuda:80 or cuda:90"})
    num_warps: int = field(default=4, metadata={"help": "number of warps per CTA"})
    threads_per_warp: int = field(default=32, metadata={"help": "number of threads per warp"})
    num_ctas: int = field(default=1, metadata={"help": "number of CTAs per cluster"})
    enable_source_remat: bool = field(
        default=False, metadata={"help": "Triton's source materialization (no effect in ttc)"}
    )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not self.target:
            raise op_error(op, "'convert-triton-to-tritongpu' requires 'target' option to be set")
        for option, value in (("num-warps", self.num_warps),
                              ("threads-per-warp", self.threads_per_warp),
                              ("num-ctas", self.num_ctas)):
            # the blocked layouts split each of them over dimensions by powers of two
            if value < 1 or value & (value - 1):
                raise op_error(op, f"'convert-triton-to-tritongpu' option {option}={value} is "
                                   "not a power of two")
        attributes = dict(op.attributes)
        attributes.update(
            {
                "ttg.num-warps": IntegerAttr(self.num_warps, i32),
                "ttg.threads-per-warp": IntegerAttr(self.threads_per_warp, i32),
                "ttg.num-ctas": IntegerAttr(self.num_ctas, i32),
                "ttg.target": StringAttr(self.target),
            }
        )
        op.attributes = dict(sorted(attributes.items()))
        _Conversion(self.num_warps, self.threads_per_warp, self.num_ctas).run_block(
            op.body.block
        )
