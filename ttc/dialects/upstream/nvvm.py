"""MLIR's `nvvm` dialect: the NVIDIA ops Triton's LLVM-dialect output keeps until translation.

Mirrors `mlir/Dialect/LLVMIR/NVVMOps.td` for the ops Triton 3.6 leaves after
`convert-nvvm-to-llvm` (ops that have an LLVM intrinsic are not rewritten to inline asm): the
special-register reads (`nvvm.read.ptx.sreg.tid.x` ...), barriers, `cp.async` and bulk (TMA)
group control, `wgmma` fences and waits, `ldmatrix`/`stmatrix`, `shfl.sync`, `elect.sync` and
proxy fences. Their syntax is
MLIR's; `ttc.targets.llvmir` lowers each to its `llvm.nvvm.*` intrinsic.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import I32, I64, IntegerAttr, IntegerType, UnitAttr, i1, i32
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
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
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import NoMemoryEffect
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.upstream.llvm import ConstantRangeAttr, LLVMPointerType, LLVMStructType
from ttc.dialects.upstream.llvm_syntax import AttrDirective
from ttc.ir.op_definition import op_definition

# --------------------------------------------------------------------------------------------
# Attributes
# --------------------------------------------------------------------------------------------


class _KeywordAttr(ParametrizedAttribute):
    """An NVVM enum attribute printed as `#nvvm.<name><keyword>`."""

    KEYWORDS: ClassVar[tuple[str, ...]]

    keyword: IntegerAttr

    @classmethod
    def get(cls, keyword: str) -> _KeywordAttr:
        return cls(IntegerAttr(cls.KEYWORDS.index(keyword), i32))

    @property
    def value(self) -> str:
        return self.KEYWORDS[self.keyword.value.data]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.value}>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntegerAttr]:
        with parser.in_angle_brackets():
            keyword = parser.parse_identifier()
        if keyword not in cls.KEYWORDS:
            parser.raise_error(f"expected one of {', '.join(cls.KEYWORDS)}, got '{keyword}'")
        return (IntegerAttr(cls.KEYWORDS.index(keyword), i32),)


@irdl_attr_definition
class MMALayoutAttr(_KeywordAttr):
    """`#nvvm.mma_layout<row>` or `<col>`."""

    name = "nvvm.mma_layout"
    KEYWORDS: ClassVar = ("row", "col")


@irdl_attr_definition
class LdStMatrixEltTypeAttr(_KeywordAttr):
    """`#nvvm.ld_st_matrix_elt_type<b16>`: element type of ldmatrix/stmatrix."""

    name = "nvvm.ld_st_matrix_elt_type"
    KEYWORDS: ClassVar = ("b16", "b8", "b8x16.b6x16_p32", "b8x16.b4x16_p64")


@irdl_attr_definition
class ProxyKindAttr(_KeywordAttr):
    """`#nvvm.proxy_kind<async.shared>`: the memory proxy of `nvvm.fence.proxy`."""

    name = "nvvm.proxy_kind"
    KEYWORDS: ClassVar = ("alias", "async", "async.global", "async.shared", "tensormap", "generic")


@irdl_attr_definition
class SharedSpaceAttr(_KeywordAttr):
    """`#nvvm.shared_space<cta>` or `<cluster>`."""

    name = "nvvm.shared_space"
    KEYWORDS: ClassVar = ("cta", "cluster")


@irdl_attr_definition
class ShflKindAttr(_KeywordAttr):
    """`#nvvm.shfl_kind<bfly>`: the lane pattern of `nvvm.shfl.sync`."""

    name = "nvvm.shfl_kind"
    KEYWORDS: ClassVar = ("bfly", "up", "down", "idx")


@irdl_attr_definition
class LdStMatrixShapeAttr(ParametrizedAttribute):
    """`#nvvm.ld_st_matrix_shape<m = 8, n = 8>`."""

    name = "nvvm.ld_st_matrix_shape"

    m: IntegerAttr
    n: IntegerAttr

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<m = {self.m.value.data}, n = {self.n.value.data}>")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntegerAttr, IntegerAttr]:
        with parser.in_angle_brackets():
            parser.parse_keyword("m")
            parser.parse_punctuation("=")
            m = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_punctuation(",")
            parser.parse_keyword("n")
            parser.parse_punctuation("=")
            n = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return IntegerAttr(m, i32), IntegerAttr(n, i32)


# --------------------------------------------------------------------------------------------
# Special registers
# --------------------------------------------------------------------------------------------


@irdl_custom_directive
class RangeParameters(AttrDirective):
    """`<i32, 0, 1024>`: a `#llvm.constant_range` written by its parameters alone."""

    attr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        self.attr.set(state, ConstantRangeAttr(*ConstantRangeAttr.parse_parameters(parser)))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        attr = self.attr.get(op)
        assert isinstance(attr, ConstantRangeAttr)
        state.print_whitespace(printer)
        attr.print_parameters(printer)


class SpecialRegisterOp(IRDLOperation):
    """`nvvm.read.ptx.sreg.<reg> [range <i32, 0, 1024>] : i32`; `REGISTER` is the PTX name."""

    res = result_def(IntegerType)
    range = opt_prop_def(ConstantRangeAttr)

    traits = traits_def(NoMemoryEffect())

    REGISTER: ClassVar[str]

    def __init__(self, type: Attribute = i32):
        super().__init__(result_types=[type])

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "(`range` custom<RangeParameters>($range)^)? attr-dict `:` type($res)"
    custom_directives = (RangeParameters,)


def _special_register(register: str, width: int) -> type[SpecialRegisterOp]:
    cls = type(
        "Read" + "".join(p.capitalize() for p in register.split(".")) + "Op",
        (SpecialRegisterOp,),
        {
            "name": f"nvvm.read.ptx.sreg.{register}",
            "REGISTER": register,
            "__annotations__": {"REGISTER": "ClassVar[str]"},
            "__doc__": f"`nvvm.read.ptx.sreg.{register}`: reads PTX's `%{register}` (i{width}).",
        },
    )
    return op_definition(cls)


_XYZ = ("x", "y", "z")
SPECIAL_REGISTERS: dict[str, int] = {
    **{f"{r}.{d}": 32 for r in ("tid", "ntid", "ctaid", "nctaid") for d in _XYZ},
    **{f"{r}.{d}": 32 for r in ("clusterid", "nclusterid") for d in _XYZ},
    **{f"cluster.{r}.{d}": 32 for r in ("ctaid", "nctaid") for d in _XYZ},
    "cluster.ctarank": 32, "cluster.nctarank": 32,
    "laneid": 32, "warpid": 32, "nwarpid": 32, "warpsize": 32, "smid": 32, "nsmid": 32,
    "gridid": 64, "clock": 32, "clock64": 64, "globaltimer": 64,
    **{f"lanemask.{m}": 32 for m in ("eq", "le", "lt", "ge", "gt")},
}  # fmt: skip
"""PTX special registers readable through `nvvm.read.ptx.sreg.*`, with their bit widths."""

SPECIAL_REGISTER_OPS: dict[str, type[SpecialRegisterOp]] = {
    f"nvvm.read.ptx.sreg.{r}": _special_register(r, w) for r, w in SPECIAL_REGISTERS.items()
}
ThreadIdXOp = SPECIAL_REGISTER_OPS["nvvm.read.ptx.sreg.tid.x"]
BlockIdXOp = SPECIAL_REGISTER_OPS["nvvm.read.ptx.sreg.ctaid.x"]


# --------------------------------------------------------------------------------------------
# Synchronisation
# --------------------------------------------------------------------------------------------


class _NoOperandOp(IRDLOperation):
    """An op with no operands or results: `nvvm.<name> attr-dict`."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__()


@op_definition
class Barrier0Op(_NoOperandOp):
    """`nvvm.barrier0`: `bar.sync 0` over the whole CTA."""

    name = "nvvm.barrier0"


@op_definition
class CpAsyncCommitGroupOp(_NoOperandOp):
    """`nvvm.cp.async.commit.group`."""

    name = "nvvm.cp.async.commit.group"


@op_definition
class CpAsyncBulkCommitGroupOp(_NoOperandOp):
    """`nvvm.cp.async.bulk.commit.group`: close the group of bulk (TMA) copies issued so far."""

    name = "nvvm.cp.async.bulk.commit.group"


@op_definition
class WgmmaFenceAlignedOp(_NoOperandOp):
    """`nvvm.wgmma.fence.aligned`: `wgmma.fence.sync.aligned`."""

    name = "nvvm.wgmma.fence.aligned"


@op_definition
class WgmmaGroupSyncAlignedOp(_NoOperandOp):
    """`nvvm.wgmma.commit.group.sync.aligned`."""

    name = "nvvm.wgmma.commit.group.sync.aligned"


@op_definition
class ClusterArriveOp(_NoOperandOp):
    """`nvvm.cluster.arrive [{aligned}]`: `barrier.cluster.arrive[.aligned]`."""

    name = "nvvm.cluster.arrive"

    aligned = opt_prop_def(UnitAttr)


@op_definition
class ClusterWaitOp(_NoOperandOp):
    """`nvvm.cluster.wait [{aligned}]`: `barrier.cluster.wait[.aligned]`."""

    name = "nvvm.cluster.wait"

    aligned = opt_prop_def(UnitAttr)


@op_definition
class FenceProxyOp(_NoOperandOp):
    """`nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}`."""

    name = "nvvm.fence.proxy"

    kind = prop_def(ProxyKindAttr)
    space = opt_prop_def(SharedSpaceAttr)

    def verify_(self) -> None:
        if self.kind.value == "async.shared" and self.space is None:
            raise VerifyException("fence.proxy async.shared needs a shared space")


class _CountOp(IRDLOperation):
    """`nvvm.<name> N attr-dict`: a pending-group count (property `COUNT_NAME`), printed without
    its type."""

    irdl_options = (ParsePropInAttrDict(),)

    COUNT_NAME: ClassVar[str]

    def count(self) -> int:
        attr = self.properties[self.COUNT_NAME]
        assert isinstance(attr, IntegerAttr)
        return attr.value.data


@op_definition
class CpAsyncWaitGroupOp(_CountOp):
    """`nvvm.cp.async.wait.group N`: wait until at most N cp.async groups are pending."""

    name = "nvvm.cp.async.wait.group"

    n = prop_def(IntegerAttr[I32])
    COUNT_NAME: ClassVar = "n"
    assembly_format = "$n attr-dict"


@op_definition
class CpAsyncBulkWaitGroupOp(_CountOp):
    """`nvvm.cp.async.bulk.wait_group N {read}`: wait until at most N bulk groups are pending
    (with `read`, until their sources have been read)."""

    name = "nvvm.cp.async.bulk.wait_group"

    group = prop_def(IntegerAttr[I32])
    read = opt_prop_def(UnitAttr)
    COUNT_NAME: ClassVar = "group"
    assembly_format = "$group attr-dict"


@op_definition
class WgmmaWaitGroupSyncOp(_CountOp):
    """`nvvm.wgmma.wait.group.sync.aligned N`: wait until at most N wgmma groups are pending."""

    name = "nvvm.wgmma.wait.group.sync.aligned"

    expected = prop_def(IntegerAttr[I64])
    COUNT_NAME: ClassVar = "expected"
    assembly_format = "$expected attr-dict"


@op_definition
class BarWarpSyncOp(IRDLOperation):
    """`nvvm.bar.warp.sync %mask : i32`."""

    name = "nvvm.bar.warp.sync"

    mask = operand_def(IntegerType)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$mask attr-dict `:` type($mask)"


@op_definition
class ElectSyncOp(IRDLOperation):
    """`%pred = nvvm.elect.sync [%membermask] -> i1`: true in exactly one lane of the warp (of
    `membermask`, all lanes when absent), the lane Triton's TMA lowering lets issue a copy."""

    name = "nvvm.elect.sync"

    membermask = opt_operand_def(i32)
    pred = result_def(i1)

    assembly_format = "($membermask^)? attr-dict `->` type($pred)"


# --------------------------------------------------------------------------------------------
# Data movement
# --------------------------------------------------------------------------------------------


@irdl_custom_directive
class KindKeyword(AttrDirective):
    """`  bfly`: the kind of `shfl.sync` or `redux.sync` as its bare keyword, after two spaces as MLIR
    prints it; the op class's `KIND` is the attribute class."""

    attr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        kind_class: type[_KeywordAttr] = state.op_type.KIND  # type: ignore[attr-defined]
        keyword = parser.parse_identifier()
        if keyword not in kind_class.KEYWORDS:
            parser.raise_error(f"unknown kind '{keyword}' for '{state.op_type.name}'")
        self.attr.set(state, kind_class.get(keyword))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        kind = self.attr.get(op)
        assert isinstance(kind, _KeywordAttr)
        state.print_whitespace(printer)
        printer.print_string(f" {kind.value}")


@op_definition
class ShflOp(IRDLOperation):
    """`nvvm.shfl.sync bfly %mask, %val, %offset, %clamp [{return_value_and_is_valid}] : f32 -> f32`."""

    name = "nvvm.shfl.sync"

    thread_mask = operand_def(i32)
    val = operand_def()
    offset = operand_def(i32)
    mask_and_clamp = operand_def(i32)
    res = result_def()
    kind = prop_def(ShflKindAttr)
    return_value_and_is_valid = opt_prop_def(UnitAttr)

    def verify_(self) -> None:
        if self.return_value_and_is_valid is not None:
            expected: Attribute = LLVMStructType([self.val.type, IntegerType(1)])
        else:
            expected = self.val.type
        if self.res.type != expected:
            raise VerifyException(f"expected result type {expected}")

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<KindKeyword>($kind) $thread_mask `,` $val `,` $offset `,` $mask_and_clamp attr-dict "
        "`:` type($val) `->` type($res)"
    )
    custom_directives = (KindKeyword,)

    KIND: ClassVar = ShflKindAttr


@irdl_attr_definition
class ReduxKindAttr(_KeywordAttr):
    """`#nvvm.redux_kind<add>`: the combiner of `nvvm.redux.sync`."""

    name = "nvvm.redux_kind"
    KEYWORDS: ClassVar = ("add", "and", "max", "min", "or", "umax", "umin", "xor")


@op_definition
class ReduxOp(IRDLOperation):
    """`nvvm.redux.sync  add %val, %mask : i32 -> i32`: `redux.sync` over the lanes in `mask`
    (sm_80+; 32-bit integers)."""

    name = "nvvm.redux.sync"

    val = operand_def(IntegerType)
    mask_and_clamp = operand_def(i32)
    res = result_def(IntegerType)
    kind = prop_def(ReduxKindAttr)

    def __init__(self, kind: str, value: SSAValue, mask: SSAValue) -> None:
        super().__init__(operands=[value, mask], result_types=[value.type],
                         properties={"kind": ReduxKindAttr.get(kind)})

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<KindKeyword>($kind) $val `,` $mask_and_clamp attr-dict `:` type($val) `->` type($res)"
    )
    custom_directives = (KindKeyword,)

    KIND: ClassVar = ReduxKindAttr


class _MatrixOp(IRDLOperation):
    """Shared properties of `nvvm.ldmatrix` and `nvvm.stmatrix`."""

    num = prop_def(IntegerAttr)
    layout = prop_def(MMALayoutAttr)
    eltType = opt_prop_def(LdStMatrixEltTypeAttr)
    shape = opt_prop_def(LdStMatrixShapeAttr)

    irdl_options = (ParsePropInAttrDict(),)

    def verify_(self) -> None:
        if self.num.value.data not in (1, 2, 4):
            raise VerifyException("num must be 1, 2 or 4")


@op_definition
class LdMatrixOp(_MatrixOp):
    """`nvvm.ldmatrix %ptr {layout = ..., num = 4 : i32, ...} : (!llvm.ptr<3>) -> !llvm.struct<...>`."""

    name = "nvvm.ldmatrix"

    ptr = operand_def(LLVMPointerType)
    res = result_def()

    assembly_format = "$ptr attr-dict `:` functional-type($ptr, $res)"


@op_definition
class StMatrixOp(_MatrixOp):
    """`nvvm.stmatrix %ptr, %a, %b {layout = ...} : !llvm.ptr<3>, i32, i32`."""

    name = "nvvm.stmatrix"

    ptr = operand_def(LLVMPointerType)
    sources = var_operand_def()

    assembly_format = "operands attr-dict `:` type(operands)"


NVVM = Dialect(
    "nvvm",
    [
        *SPECIAL_REGISTER_OPS.values(),
        Barrier0Op,
        ElectSyncOp,
        CpAsyncCommitGroupOp,
        CpAsyncBulkCommitGroupOp,
        CpAsyncBulkWaitGroupOp,
        CpAsyncWaitGroupOp,
        WgmmaFenceAlignedOp,
        WgmmaGroupSyncAlignedOp,
        WgmmaWaitGroupSyncOp,
        ClusterArriveOp,
        ClusterWaitOp,
        FenceProxyOp,
        BarWarpSyncOp,
        ShflOp,
        ReduxOp,
        LdMatrixOp,
        StMatrixOp,
    ],
    [
        MMALayoutAttr,
        LdStMatrixEltTypeAttr,
        LdStMatrixShapeAttr,
        ProxyKindAttr,
        SharedSpaceAttr,
        ShflKindAttr,
        ReduxKindAttr,
    ],
)
