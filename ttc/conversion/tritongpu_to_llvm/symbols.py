"""Module-level symbols a lowering adds: external function declarations and constant strings.

Mirrors Triton's `LLVM::addStringToModule` and `getOrInsertGlobalConstant`
(lib/Conversion/TritonGPUToLLVM/Utility.cpp) and the NVIDIA `getVprintfDeclaration` /
`getAssertfailDeclaration` (TargetInfo.cpp):

* a string becomes an `internal constant` global of `!llvm.array<N x i8>` named `<key>N` with the
  first free N; a global with the same type and contents is reused;
* a function is declared once, by name, and must keep its type;
* each new symbol is inserted at the start of the module, as Triton's rewriter does, so the output
  order is the reverse of creation order.

The module is found from the op being lowered, which stays in its TTGIR module until the pass has
lowered the whole function.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IntegerType, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Attribute, Operation, Region, SSAValue

from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering
from ttc.conversion.tritongpu_to_llvm.shared_memory import gep
from ttc.dialects.upstream import llvm

I8 = IntegerType(8)


def current_module(lw: FunctionLowering) -> ModuleOp:
    """The module that holds the op being lowered."""
    assert lw.current is not None
    top = lw.current.get_toplevel_object()
    assert isinstance(top, ModuleOp)
    return top


def _symbols(module: ModuleOp) -> dict[str, Operation]:
    symbols: dict[str, Operation] = {}
    for op in module.body.ops:
        name = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if isinstance(name, StringAttr):
            symbols[name.data] = op
    return symbols


def _insert_at_start(module: ModuleOp, op: Operation) -> None:
    body = module.body.block
    if body.first_op is None:
        body.add_op(op)
    else:
        body.insert_op_before(op, body.first_op)


def current_function(lw: FunctionLowering) -> Operation:
    """The top-level op of the module (the function) that holds the op being lowered."""
    assert lw.current is not None
    op = lw.current
    while not isinstance(op.parent_op(), ModuleOp):
        parent = op.parent_op()
        assert parent is not None, "the op being lowered is not inside a module"
        op = parent
    return op


def declare_function(
    lw: FunctionLowering,
    name: str,
    inputs: Sequence[Attribute],
    output: Attribute | None,
    passthrough: Sequence[str] = (),
    attributes: dict[str, Attribute] | None = None,
    before_function: bool = False,
) -> None:
    """Declare the external function `name` unless the module already has it; a symbol of that
    name that is not a function of this type is an error located at the op being lowered.

    `passthrough` lists LLVM function attributes (`noreturn`) as MLIR's `passthrough` attribute,
    `attributes` are further attributes of the declaration (the `libname`/`libpath` of Triton's
    extern functions). With `before_function` the declaration goes just before the function being
    lowered, where Triton's `appendOrGetExternFuncOp` puts it, not at the start of the module.
    """
    module = current_module(lw)
    type = llvm.LLVMFunctionType(list(inputs), output)
    assert lw.current is not None
    if (existing := _symbols(module).get(name)) is not None:
        if not isinstance(existing, llvm.FuncOp):
            raise lw.error(lw.current, f"'{name}' is called as an external function, but the "
                                       "module defines another symbol of that name")
        if existing.function_type != type:
            raise lw.error(lw.current, f"'{name}' is called as {type} but declared as "
                                       f"{existing.function_type}")
        return
    all_attributes = dict(attributes or {})
    if passthrough:
        all_attributes["passthrough"] = ArrayAttr([StringAttr(a) for a in passthrough])
    declaration = llvm.FuncOp.create(
        properties={"sym_name": StringAttr(name), "function_type": type},
        attributes=all_attributes,
        regions=[Region()],
    )
    if before_function:
        function = current_function(lw)
        declaration.location = function.location
        module.body.block.insert_op_before(declaration, function)
    else:
        _insert_at_start(module, declaration)


def global_string(lw: FunctionLowering, key: str, content: str) -> llvm.GlobalOp:
    """The internal constant global holding `content` (its bytes as they are: add any `\\0`)."""
    module = current_module(lw)
    type = llvm.LLVMArrayType(len(content.encode()), I8)
    value = StringAttr(content)
    for op in module.body.ops:
        if (
            isinstance(op, llvm.GlobalOp)
            and op.constant is not None
            and op.linkage.linkage.data == "internal"
            and op.global_type == type
            and op.value == value
        ):
            return op
    symbols = _symbols(module)
    number = 0
    while f"{key}{number}" in symbols:
        number += 1
    global_op = llvm.GlobalOp.create(
        properties={
            "global_type": type,
            "sym_name": StringAttr(f"{key}{number}"),
            "linkage": llvm.LinkageAttr("internal"),
            "constant": UnitAttr(),
            "value": value,
        },
        regions=[Region()],
    )
    _insert_at_start(module, global_op)
    return global_op


def string_pointer(lw: FunctionLowering, key: str, content: str) -> SSAValue:
    """A generic pointer to the first byte of the constant string `content` (Triton's
    `addStringToModule`: `llvm.mlir.addressof` then a `getelementptr i8` at index 0)."""
    global_op = global_string(lw, key, content)
    address = lw.value(llvm.AddressOfOp(global_op.sym_name.data, llvm.LLVMPointerType()))
    return gep(lw, address, I8, lw.i32(0))
