"""`tt.dot` on CUDA cores: a `#ttg.blocked` result with `#ttg.dot_op` operands of that parent
(Triton's `convertFMADot`, lib/Conversion/TritonGPUToLLVM/DotOpToLLVM/FMA.cpp and
FMADotUtility.cpp).

Each thread holds all of K for its rows of A and its columns of B (`fma_dot_operand_to_linear`),
so every accumulator element is a chain over k = 0 .. K-1 of `llvm.intr.fmuladd(a[m, k], b[k, n],
acc)` (integers: `mul` then `add`), computed in the thread that holds it. The operands' registers
are found by the coordinates they hold (`dot_operands.RegisterTable`) after checking that their
lanes, warps and blocks follow the result's along M (A) and N (B) and broadcast along K.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.ir import Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.dot_operands import RegisterTable, threads_agree
from ttc.conversion.tritongpu_to_llvm.elementwise import intrinsic
from ttc.conversion.tritongpu_to_llvm.lowering import FLOAT_TYPES, FunctionLowering
from ttc.dialects.upstream import llvm

THREAD_DIMS = ["lane", "warp", "block"]


def lower_fma_dot(lw: FunctionLowering, op: Operation) -> None:
    """Lower `op`, a `tt.dot` whose result has a blocked layout, to multiply-adds."""
    a, b, c = op.operands
    d = op.results[0]
    assert isinstance(a.type, TensorType) and isinstance(d.type, TensorType)
    element = lw.llvm_type(d.type)
    if lw.llvm_type(a.type) != element or lw.llvm_type(b.type) != element or not isinstance(
        element, (*FLOAT_TYPES, IntegerType)
    ):
        raise lw.cannot_lower(op)
    rank = d.type.get_num_dims()
    batch = list(range(rank - 2))
    a_layout, b_layout, d_layout = lw.layout(a.type), lw.layout(b.type), lw.layout(d.type)
    if not (
        threads_agree(a_layout, d_layout, [*batch, rank - 2, None], THREAD_DIMS)
        and threads_agree(b_layout, d_layout, [*batch, None, rank - 1], THREAD_DIMS)
    ):
        raise lw.cannot_lower(op)
    a_regs = RegisterTable(a_layout, lw.regs(a))
    b_regs = RegisterTable(b_layout, lw.regs(b))
    c_regs = RegisterTable(d_layout, lw.regs(c))
    k_size = a.type.get_shape()[-1]
    results: dict[tuple[int, ...], SSAValue] = {}
    for coords in c_regs.distinct():
        *outer, m, n = coords
        acc = c_regs.get(coords)
        for k in range(k_size):
            x = a_regs.get((*outer, m, k))
            y = b_regs.get((*outer, k, n))
            if x is None or y is None or acc is None:
                raise lw.cannot_lower(op)
            if isinstance(element, IntegerType):
                acc = lw.value(llvm.AddOp(lw.value(llvm.MulOp(x, y)), acc))
            else:
                acc = intrinsic(lw, "fmuladd", [x, y, acc])
        assert acc is not None
        results[coords] = acc
    lw.bind(d, [results[coords] for coords in c_regs.coords])
