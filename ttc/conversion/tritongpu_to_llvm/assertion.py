"""`tt.assert` → a call of CUDA's `__assertfail` (Triton's AssertOpToLLVM.cpp and the NVIDIA
`TargetInfo::assertFail`).

Each thread ORs `element == 0` over the condition elements it holds; if any is false it calls
`__assertfail(message, file, line, function, 1)` in a block of its own, then continues in the next
block. The message, file and function names are internal constant strings (`assertMessage_N`,
`assertFile_N`, `assertFunc_N`, NUL-terminated); the file and line come from the op's location
(through call sites to the callee and through names to the named location), `unknown` and 0 when
there is none, and the function is always `unknown`, as in Triton. `__assertfail` is declared
`noreturn`. After a tensor condition every thread waits at a barrier, so that no thread runs ahead
into an op that the failing assertion was guarding.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    CallSiteLoc,
    FileLineColLoc,
    IntegerType,
    NameLoc,
    SymbolRefAttr,
    TensorType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import barrier
from ttc.conversion.tritongpu_to_llvm.symbols import declare_function, string_pointer
from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import llvm

ASSERT_FAIL = "__assertfail"


def file_and_line(location: Attribute) -> tuple[str, int]:
    """The file and line an assertion reports (Triton's walk: call sites to their callee, names to
    their child location, then a file location), or ("unknown", 0)."""
    while isinstance(location, CallSiteLoc):
        location = location.callee
    while isinstance(location, NameLoc):
        location = location.location
    if isinstance(location, FileLineColLoc):
        return location.filename.data, location.line.data
    return "unknown", 0


@lowers("tt.assert")
def _assert(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.AssertOp)
    elements = lw.regs(op.condition)
    if not isinstance(elements[0].type, IntegerType):
        raise lw.error(op, "Unsupported type for assert")
    failed = lw.const(0, i1)
    for element in elements:
        is_false = lw.icmp("eq", element, lw.const(0, element.type))
        failed = lw.value(llvm.OrOp(failed, is_false))
    file, line = file_and_line(op.location)

    def fail() -> None:
        pointer = llvm.LLVMPointerType()
        declare_function(
            lw, ASSERT_FAIL, [pointer, pointer, i32, pointer, i64], None, passthrough=["noreturn"]
        )
        message = string_pointer(lw, "assertMessage_", op.message.data + "\0")
        file_name = string_pointer(lw, "assertFile_", file + "\0")
        function = string_pointer(lw, "assertFunc_", "unknown\0")
        lw.emit(
            llvm.CallOp.create(
                operands=[message, file_name, lw.i32(line), function, lw.const(1, i64)],
                properties={"callee": SymbolRefAttr(ASSERT_FAIL)},
            )
        )

    lw.emit_if(failed, fail)
    if isinstance(op.condition.type, TensorType):
        barrier(lw)
