"""The MUSA GPU dialect (`ttmg`): async barriers and the tensor-memory engine (TME) of PH1.

Mirrors FlagTree's `ttmg` dialect (FTnew `MUSAOps.td`) and its Triton 3.1 spelling
`triton_mthreads_gpu.*`, which reads into the same ops (the context maps the prefix; 3.1's
`barrier_arrive` is today's `arrive_barrier`):

- `ttmg.init_arrival %bar, %count, %phase[, %pred] : i32`: initialise async barrier `%bar` to
  expect `%count` arrivals, starting in phase `%phase`;
- `ttmg.barrier_add_trans %bar, %bytes, %pred : i32`: add `%bytes` expected transaction bytes;
- `ttmg.async_tme_copy_global_to_local %desc[%coords] %bar, %dst, %pred : desc, i32 -> memdesc`:
  the TME copies the global tile at `%coords` into shared `%dst`, counted on `%bar`;
- `ttmg.async_tme_copy_local_to_global %desc[%coords] %src, %pred : desc, memdesc`, with
  `ttmg.tme_store_commit` and `ttmg.tme_store_read_wait`: the TME store and its completion;
- `%phase = ttmg.arrive_barrier %bar : i32 -> i32` (arrive, and the phase to wait on) and
  `ttmg.arrive_barrier_noret %bar, %pred : i32`;
- `ttmg.wait_barrier %bar, %phase : i32`: block until `%bar` completes phase `%phase`;
- `%d = ttmg.squad_dot %a, %b, %c[, %useC] {inputPrecision, maxNumImpreciseAcc, isAsync}
  : !ttg.memdesc<A> * !ttg.memdesc<B> -> tensor<C, #ttg.musa_sqmma>`: one squad-level SQMMA
  product, both operands in shared memory (Triton 3.1's MUSA fork wrote it as a `tt.dot` on
  memdescs, which Triton 3.6's `tt.dot` does not accept).

A TME descriptor is a `!tt.ptr<i8>` to the 64-byte descriptor the host fills (3.1), an `i64`
or a `!tt.tensordesc`. Triton 3.1 printed the copy's types without their dialect prefix
(`: <i8>, i32 -> <32x32xf16, #shared, mutable>`); both forms are read, the full one printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from xdsl.dialects.builtin import (
    I32,
    BFloat16Type,
    BoolAttr,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    TensorType,
    i1,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.declarative_assembly_format import (
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from ttc.dialects.tt.op_bases import PropsInAttrDictOp
from ttc.dialects.tt.ops import DotOpInterface
from ttc.dialects.tt.types import InputPrecision, PointerType, TensorDescType
from ttc.dialects.ttg.ops import MemDescType
from ttc.ir.op_definition import op_definition
from ttc.targets.musa.sqmma_encoding import SqmmaEncoding


@cache
def bare_type_directive(cls: type[ParametrizedAttribute]) -> type[CustomDirective]:
    """The directive `custom<Bare<cls>>(type($x))`: a type in full (`!ttg.memdesc<...>`) or, as
    Triton 3.1 printed an op's declared type, the parameters of `cls` alone (`<...>`); printed in
    full."""

    def parse(self: CustomDirective, parser: Parser, state: ParsingState) -> None:
        if parser._current_token.kind != MLIRTokenKind.LESS:
            self.type.set(state, [parser.parse_type()])
        else:
            self.type.set(state, [cls.new(cls.parse_parameters(parser))])

    def print(self: CustomDirective, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        printer.print_attribute(self.type.get(op)[0])

    namespace = {
        "__annotations__": {"type": TypeDirective},
        "__doc__": f"A type, or the parameters of a `{cls.__name__}` alone (Triton 3.1).",
        "parse": parse,
        "print": print,
    }
    return irdl_custom_directive(type(f"Bare{cls.__name__}", (CustomDirective,), namespace))


def _verify_descriptor(desc: Attribute) -> None:
    if isinstance(desc, PointerType):
        if desc.pointee_type != IntegerType(8):
            raise VerifyException("a TME descriptor pointer must be !tt.ptr<i8>")
    elif not (isinstance(desc, TensorDescType) or desc == IntegerType(64)):
        raise VerifyException("a TME descriptor is a !tt.ptr<i8>, an i64 or a !tt.tensordesc")


def _verify_coords(coords: Sequence[SSAValue], memdesc: Attribute) -> None:
    assert isinstance(memdesc, MemDescType)
    if len(coords) != len(memdesc.get_shape()):
        raise VerifyException(f"expected {len(memdesc.get_shape())} coordinates (one per "
                              f"dimension of the tile), got {len(coords)}")


class _TMECopy(IRDLOperation):
    """Shared syntax of the TME copies: `%desc[%c0, ...] rest : desc-type, ...`, the descriptor
    and the shared buffer also in their Triton 3.1 spelling (`<i8>`, `<32x32xf16, ...>`)."""

    custom_directives = (bare_type_directive(PointerType), bare_type_directive(MemDescType))


TME_TARGET = "$desc `[` $coords `]`"
"""`%desc[%c0, ...]`: where a TME copy reads or writes global memory."""

TME_DESC_TYPE = "custom<BarePointerType>(type($desc))"
"""The descriptor's type: a `!tt.ptr<i8>` (3.1: `<i8>`), an `i64` or a `!tt.tensordesc`."""


@op_definition
class InitArrivalOp(IRDLOperation):
    """`ttmg.init_arrival %bar, %count, %phase[, %pred] : i32`."""

    name = "ttmg.init_arrival"

    bar_id = operand_def(I32)
    arrive_count = operand_def(I32)
    phase_id = operand_def(I32)
    pred = opt_operand_def(i1)

    assembly_format = ("$bar_id `,` $arrive_count `,` $phase_id (`,` $pred^)? attr-dict "
                       "`:` type($bar_id)")


@op_definition
class BarrierAddTransOp(IRDLOperation):
    """`ttmg.barrier_add_trans %bar, %bytes, %pred : i32`."""

    name = "ttmg.barrier_add_trans"

    bar_id = operand_def(I32)
    bytes = operand_def(I32)
    pred = operand_def(i1)

    assembly_format = "$bar_id `,` $bytes `,` $pred attr-dict `:` type($bar_id)"


@op_definition
class ArriveBarrierOp(IRDLOperation):
    """`%phase = ttmg.arrive_barrier %bar : i32 -> i32` (3.1: `barrier_arrive`)."""

    name = "ttmg.arrive_barrier"

    bar_id = operand_def(I32)
    phase_id = result_def(I32)

    assembly_format = "$bar_id attr-dict `:` type($bar_id) `->` type($phase_id)"


@op_definition
class ArriveBarrierNoRetOp(IRDLOperation):
    """`ttmg.arrive_barrier_noret %bar, %pred : i32`: arrive (thread 0, when `%pred`)."""

    name = "ttmg.arrive_barrier_noret"

    bar_id = operand_def(I32)
    pred = operand_def(i1)

    assembly_format = "$bar_id `,` $pred attr-dict `:` type($bar_id)"


@op_definition
class WaitBarrierOp(IRDLOperation):
    """`ttmg.wait_barrier %bar, %phase : i32`."""

    name = "ttmg.wait_barrier"

    bar_id = operand_def(I32)
    phase_id = operand_def(I32)

    assembly_format = "$bar_id `,` $phase_id attr-dict `:` type($bar_id)"


@op_definition
class AsyncTMECopyGlobalToLocalOp(_TMECopy):
    """`ttmg.async_tme_copy_global_to_local %desc[%coords] %bar, %dst, %pred : D, i32 -> M`.

    The 3.1 op carries `sqmma.opIdx` (which SQMMA operand the tile feeds) as a discardable
    attribute; the copy writes `%dst`, so it has no result.
    """

    name = "ttmg.async_tme_copy_global_to_local"

    desc = operand_def()
    coords = var_operand_def(I32)
    bar_id = operand_def(I32)
    result = operand_def(MemDescType)
    pred = operand_def(i1)

    assembly_format = (
        f"{TME_TARGET} $bar_id `,` $result `,` $pred attr-dict `:` {TME_DESC_TYPE} `,` "
        "type($bar_id) `->` custom<BareMemDescType>(type($result))"
    )

    def verify_(self) -> None:
        _verify_descriptor(self.desc.type)
        _verify_coords(self.coords, self.result.type)
        assert isinstance(self.result.type, MemDescType)
        if not self.result.type.is_mutable:
            raise VerifyException("the destination of a TME copy must be mutable")


@op_definition
class AsyncTMECopyLocalToGlobalOp(_TMECopy):
    """`ttmg.async_tme_copy_local_to_global %desc[%coords] %src, %pred : D, M`."""

    name = "ttmg.async_tme_copy_local_to_global"

    desc = operand_def()
    coords = var_operand_def(I32)
    src = operand_def(MemDescType)
    pred = operand_def(i1)

    assembly_format = (
        f"{TME_TARGET} $src `,` $pred attr-dict `:` {TME_DESC_TYPE} `,` "
        "custom<BareMemDescType>(type($src))"
    )

    def verify_(self) -> None:
        _verify_descriptor(self.desc.type)
        _verify_coords(self.coords, self.src.type)


@op_definition
class TMEStoreCommitOp(IRDLOperation):
    """`ttmg.tme_store_commit`: close the group of TME stores issued so far."""

    name = "ttmg.tme_store_commit"
    assembly_format = "attr-dict"


@op_definition
class TMEStoreReadWaitOp(IRDLOperation):
    """`ttmg.tme_store_read_wait`: wait until the TME has read the committed stores' sources."""

    name = "ttmg.tme_store_read_wait"
    assembly_format = "attr-dict"


def sqmma_k_choices(element: Attribute, tf32: bool) -> tuple[int, ...]:
    """The K of PH1's SQMMA instructions for operands of `element` type (FTnew
    `isSupportedSqmma`); empty when SQMMA does not take that type."""
    if isinstance(element, Float16Type | BFloat16Type):
        return (16, 32, 64)
    if isinstance(element, Float32Type) and tf32:
        return (8, 16, 32)
    if element == IntegerType(8) or getattr(element, "name", "") in (
            "f8E4M3FN", "f8E5M2"):
        return (32, 64, 128)
    return ()


@op_definition
class SquadDotOp(PropsInAttrDictOp):
    """`ttmg.squad_dot`: D = A * B + C on a squad of 4 warps (SQMMA), A and B in shared memory."""

    name = "ttmg.squad_dot"

    ACC: ClassVar = VarConstraint("ACC", base(TensorType))

    a = operand_def(MemDescType)
    b = operand_def(MemDescType)
    c = operand_def(ACC)
    use_c = opt_operand_def(i1)
    input_precision = opt_prop_def(IntegerAttr, prop_name="inputPrecision")
    max_num_imprecise_acc = opt_prop_def(IntegerAttr, prop_name="maxNumImpreciseAcc")
    is_async = opt_prop_def(BoolAttr, prop_name="isAsync")
    d = result_def(ACC)

    assembly_format = (
        "$a `,` $b `,` $c (`,` $use_c^)? attr-dict `:` type($a) `*` type($b) `->` type($d)")
    traits = traits_def(DotOpInterface())

    def verify_(self) -> None:
        a, b, d = self.a.type, self.b.type, self.d.type
        assert isinstance(a, MemDescType) and isinstance(b, MemDescType)
        assert isinstance(d, TensorType)
        (m, k), (k_b, n) = a.get_shape(), b.get_shape()
        if k != k_b or tuple(d.get_shape()) != (m, n):
            raise VerifyException(f"SQMMA shapes do not compose: {m}x{k} * {k_b}x{n} -> "
                                  f"{'x'.join(map(str, d.get_shape()))}")
        if a.element_type != b.element_type:
            raise VerifyException("SQMMA operands A and B must have the same element type")
        encoding = d.encoding
        if not isinstance(encoding, SqmmaEncoding):
            raise VerifyException("the result of a SQMMA must have a SQMMA layout")
        _, _, instr_k = encoding.instr_mnk
        tf32 = (self.input_precision is not None
                and self.input_precision.value.data == InputPrecision.TF32.value)
        if instr_k not in sqmma_k_choices(a.element_type, tf32) or k % instr_k:
            raise VerifyException(f"no PH1 SQMMA takes {a.element_type} operands with K = "
                                  f"{instr_k} for a K of {k}")


TTMG = Dialect("ttmg", [
    InitArrivalOp, BarrierAddTransOp, ArriveBarrierOp, ArriveBarrierNoRetOp, WaitBarrierOp,
    AsyncTMECopyGlobalToLocalOp, AsyncTMECopyLocalToGlobalOp, TMEStoreCommitOp,
    TMEStoreReadWaitOp, SquadDotOp,
], [])
"""The `ttmg` dialect (a ttc.dialects.context plugin dialect)."""
