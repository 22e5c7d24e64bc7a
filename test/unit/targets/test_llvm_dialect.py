"""The `llvm` and `nvvm` dialects: Triton's real output and hand-written cases round-trip.

Every pure llvm/nvvm dump of the corpus (both kernels) must parse, verify and print back
byte-identical to Triton's text once locations are dropped. Hand-written cases cover the ops and
flags the two kernels do not use; malformed input must fail with a parse or verify error.
"""

from __future__ import annotations

import re
import textwrap

import pytest
from corpus_llvm import KERNELS, llvm_dialect_dumps
from triton_corpus import strip_locations
from xdsl.dialects.builtin import i1

from ttc.dialects.upstream import llvm, nvvm
from ttc.dialects.verifier import verify_module
from ttc.ir.errors import TtcError
from ttc.ir.printer import print_module
from ttc_parse import parse_module


@pytest.mark.parametrize("kernel", KERNELS)
def test_corpus_llvm_dialect_round_trips(kernel: str) -> None:
    dumps = llvm_dialect_dumps(kernel)
    assert len(dumps) >= 7
    for flag, text in dumps[-2:] if kernel != "add" else dumps:
        module = parse_module(text, f"{kernel}/{flag}.mlir")
        module.verify()
        assert print_module(module) == strip_locations(text), flag


def round_trip(text: str) -> str:
    text = textwrap.dedent(text).strip("\n") + "\n"
    module = parse_module(text)
    module.verify()
    printed = print_module(module)
    assert printed == text
    return printed


ARG_NAMES = {"p": "%arg0", "s": "%arg1", "i": "%arg2", "f": "%arg3"}


def func(body: str) -> str:
    """A function around `body`, whose `%p`, `%s`, `%i`, `%f` are arguments (printed `%argN`)."""
    body = re.sub(r"%([psif])\b", lambda m: ARG_NAMES[m.group(1)], textwrap.dedent(body))
    body = textwrap.indent(body.strip("\n"), "    ")
    args = "%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<3>, %arg2: i32, %arg3: f32"
    return f"module {{\n  llvm.func @f({args}) {{\n{body}\n    llvm.return\n  }}\n}}\n"


CASES = {
    "int-flags": """
        %0 = llvm.add %i, %i overflow<nsw, nuw> : i32
        %1 = llvm.shl %0, %i overflow<nsw> : i32
        %2 = llvm.sdiv exact %1, %i : i32
        %3 = llvm.or disjoint %2, %i : i32
        %4 = llvm.ashr %3, %i : i32
        %5 = llvm.trunc %4 overflow<nuw> : i32 to i16
        %6 = llvm.zext nneg %5 : i16 to i64
        %7 = llvm.uitofp nneg %6 : i64 to f32
        %8 = llvm.freeze %7 : f32
    """,
    "float": """
        %0 = llvm.fmul %f, %f {fastmathFlags = #llvm.fastmath<fast>} : f32
        %1 = llvm.fneg %0 : f32
        %2 = llvm.fcmp "olt" %1, %f : f32
        %3 = llvm.select %2, %1, %f : i1, f32
        %4 = llvm.intr.fmuladd(%3, %f, %f) : (f32, f32, f32) -> f32
        %5 = llvm.intr.smax(%i, %i) : (i32, i32) -> i32
        %6 = llvm.fptosi %4 : f32 to i32
        %7 = llvm.mlir.constant(1.500000e+00 : f16) : f16
        %8 = llvm.fpext %7 : f16 to f32
    """,
    "memory": """
        %0 = llvm.load volatile %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
        %1 = llvm.load %p atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
        llvm.store %0, %s atomic release {alignment = 4 : i64} : i32, !llvm.ptr<3>
        %2 = llvm.getelementptr inbounds %p[%i, 1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.struct<(i32, f32)>
        %3 = llvm.addrspacecast %2 : !llvm.ptr<1> to !llvm.ptr
        %4 = llvm.ptrtoint %3 : !llvm.ptr to i64
        %5 = llvm.inttoptr %4 : i64 to !llvm.ptr<1>
        %6 = llvm.atomicrmw fadd %5, %f acq_rel : !llvm.ptr<1>, f32
        %7 = llvm.cmpxchg %p, %i, %0 syncscope("agent") acq_rel monotonic : !llvm.ptr<1>, i32
        %8 = llvm.extractvalue %7[1] : !llvm.struct<(i32, i1)> 
        llvm.fence syncscope("agent") release
    """,
    "assume": """
        %0 = llvm.mlir.constant(0 : i32) : i32
        %1 = llvm.icmp "sgt" %i, %0 : i32
        llvm.intr.assume %1 : i1
    """,
    "vectors": """
        %0 = llvm.mlir.poison : vector<2xf32>
        %1 = llvm.mlir.constant(0 : i32) : i32
        %2 = llvm.insertelement %f, %0[%1 : i32] : vector<2xf32>
        %3 = llvm.shufflevector %2, %2 [1, 0, -1, 0] : vector<2xf32> 
        %4 = llvm.extractelement %3[%1 : i32] : vector<4xf32>
        %5 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
        %6 = llvm.mlir.zero : !llvm.struct<(i32, array<2 x ptr<3>>)>
        %7 = llvm.insertvalue %s, %6[1, 0] : !llvm.struct<(i32, array<2 x ptr<3>>)> 
    """,
    "nvvm": """
        %0 = nvvm.read.ptx.sreg.tid.x range <i32, 0, 128> : i32
        %1 = nvvm.read.ptx.sreg.clock64 : i64
        %2 = nvvm.shfl.sync  bfly %0, %f, %i, %i : f32 -> f32
        %3 = nvvm.shfl.sync  idx %0, %i, %i, %i {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
        %4 = nvvm.elect.sync -> i1
        nvvm.cp.async.bulk.commit.group
        nvvm.cp.async.bulk.wait_group 0 {read}
        nvvm.bar.warp.sync %0 : i32
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        nvvm.wgmma.wait.group.sync.aligned 1
        nvvm.cluster.arrive {aligned}
        nvvm.stmatrix %s, %0, %0 {layout = #nvvm.mma_layout<col>, num = 2 : i32} : !llvm.ptr<3>, i32, i32
    """,
}


@pytest.mark.parametrize("name", CASES)
def test_op_round_trips(name: str) -> None:
    round_trip(func(CASES[name]))


def test_control_flow_and_symbols_round_trip() -> None:
    round_trip(
        """
        module {
          llvm.mlir.global internal constant @table(dense<[1, 2]> : tensor<2xi32>) {addr_space = 1 : i32} : !llvm.array<2 x i32>
          llvm.func @callee(i32, !llvm.ptr<1>) -> i32
          llvm.func internal @f(%arg0: i32, %arg1: !llvm.ptr<1> {llvm.noalias}) -> i32 attributes {nvvm.maxntid = array<i32: 128, 1, 1>} {
            %0 = llvm.call @callee(%arg0, %arg1) : (i32, !llvm.ptr<1>) -> i32
            %1 = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.laneid"() : () -> i32
            llvm.switch %0 : i32, ^bb1(%0 : i32) [
              0: ^bb2,
              7: ^bb1(%1 : i32)
            ]
          ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb0
            %3 = llvm.icmp "eq" %2, %arg0 : i32
            llvm.cond_br %3 weights([3, 1]), ^bb2, ^bb3
          ^bb2:  // 2 preds: ^bb0, ^bb1
            llvm.return %arg0 : i32
          ^bb3:  // pred: ^bb1
            llvm.unreachable
          }
        }
        """
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("%0 = llvm.extractvalue %p[0] : !llvm.ptr<1>", "expected an LLVM struct or array"),
        ('%0 = llvm.icmp "lt" %i, %i : i32', "unknown predicate 'lt'"),
        ("%0 = llvm.load %p atomic sometimes : !llvm.ptr<1> -> i32", "unknown atomic ordering"),
        ("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>}", "needs a shared space"),
        ("%0 = llvm.intr.smin(%i) : (i32) -> i32", "takes 2 operands"),
        ("llvm.intr.assume %i : i32", "operand 'cond' at position 0 does not verify"),
        ('llvm.intr.assume %i ["align"(%p : !llvm.ptr<1>)] : i1', "operand bundles"),
        ("%0 = nvvm.shfl.sync bfly %i, %f, %i, %i : f32 -> i32", "expected result type f32"),
    ],
)
def test_invalid_input_is_rejected(body: str, message: str) -> None:
    with pytest.raises(TtcError, match=re.escape(message)):
        verify_module(parse_module(func(body), "bad.mlir"), "bad.mlir")


def test_builders_create_verifiable_ops() -> None:
    struct = llvm.LLVMStructType([llvm.LLVMPointerType(), llvm.LLVMArrayType(2, llvm.LLVMPointerType())])
    assert str(struct) == "!llvm.struct<(ptr, array<2 x ptr>)>"
    tid = nvvm.ThreadIdXOp()
    add = llvm.AddOp(tid, tid)
    cmp = llvm.ICmpOp("ult", add, tid)
    for op in (tid, add, cmp):
        op.verify()
    assert cmp.predicate_name == "ult"
    assert cmp.res.type == i1
