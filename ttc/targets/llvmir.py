"""LLVM-dialect module → LLVM IR text: ttc's counterpart of MLIR's `translateModuleToLLVMIR`.

Mirrors `mlir/lib/Target/LLVMIR/ModuleTranslation.cpp` and the NVVM dialect translation
interface for what Triton emits: opaque pointers with address spaces, globals (the external
`addrspace(3)` `@global_smem`), kernels as the `ptx_kernel` calling convention with
`"nvvm.reqntid"`/`"nvvm.maxntid"` string function attributes (LLVM 22's spelling), inline asm,
`llvm.intr.*` and `nvvm.*` ops lowered to calls of their intrinsics (declared on first use),
block arguments turned into phi nodes, and `llvm.mlir.constant`/`undef`/`poison`/`zero`/
`addressof` folded into their uses as LLVM constants, as MLIR does.

The IR is written as text rather than through llvmlite's `ir` builder: that builder cannot express
string function attributes (its attribute set is a fixed allow-list), so `nvvm.reqntid` would be
lost, and building text directly keeps `ttc` from importing llvmlite unless PTX is wanted. Values
are named `%vN`, arguments `%argN` and blocks `bbN`, numbered in program order, so the output is
deterministic.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    UnregisteredOp,
    VectorType,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.traits import ConstantLike

from ttc.dialects.upstream import llvm, nvvm
from ttc.ir.errors import TtcError
from ttc.ir.identity import IdentityMemo
from ttc.ir.int_attrs import int_property
from ttc.ir.locations import source_location
from ttc.ir.traits import has_trait


def _error(op: Operation, message: str) -> TtcError:
    return TtcError(message, location=source_location(op.location))


def _cannot_translate(op: Operation) -> TtcError:
    name = op.op_name.data if isinstance(op, UnregisteredOp) else op.name
    return _error(op, f"cannot translate '{name}' to LLVM IR")


# --------------------------------------------------------------------------------------------
# Types and constants
# --------------------------------------------------------------------------------------------

_FLOAT_TYPES: dict[type[Attribute], str] = {
    Float16Type: "half",
    BFloat16Type: "bfloat",
    Float32Type: "float",
    Float64Type: "double",
}


def llvm_type(type: Attribute) -> str:
    """The LLVM IR spelling of an LLVM-compatible MLIR type; raises KeyError if there is none."""
    if isinstance(type, IntegerType):
        return f"i{type.width.data}"
    if (name := _FLOAT_TYPES.get(type.__class__)) is not None:
        return name
    if isinstance(type, llvm.LLVMPointerType):
        space = address_space(type)
        return f"ptr addrspace({space})" if space else "ptr"
    if isinstance(type, llvm.LLVMVoidType):
        return "void"
    if isinstance(type, llvm.LLVMStructType) and not type.struct_name.data:
        members = ", ".join(llvm_type(t) for t in type.types.data)
        return f"{{ {members} }}" if members else "{}"
    if isinstance(type, llvm.LLVMArrayType):
        return f"[{type.size.data} x {llvm_type(type.type)}]"
    if isinstance(type, VectorType) and type.get_num_dims() == 1 and not type.get_num_scalable_dims():
        return f"<{type.get_shape()[0]} x {llvm_type(type.element_type)}>"
    raise KeyError(str(type))


def address_space(type: llvm.LLVMPointerType) -> int:
    """The address space of `!llvm.ptr<N>` (0 for `!llvm.ptr`)."""
    space = type.addr_space
    return space.data if isinstance(space, IntAttr) else 0


def mangled_type(type: Attribute) -> str:
    """The suffix LLVM appends to an overloaded intrinsic's name for `type` (`i32`, `v4f32`)."""
    if isinstance(type, IntegerType):
        return f"i{type.width.data}"
    if isinstance(type, Float16Type | Float32Type | Float64Type):
        return f"f{type.bitwidth}"
    if isinstance(type, BFloat16Type):
        return "bf16"
    if isinstance(type, llvm.LLVMPointerType):
        return f"p{address_space(type)}"
    if isinstance(type, VectorType):
        return f"v{type.get_shape()[0]}{mangled_type(type.element_type)}"
    raise KeyError(str(type))


def _float_literal(value: float, type: Attribute) -> str:
    if isinstance(type, Float16Type):
        return "0xH" + struct.pack(">e", value).hex().upper()
    if isinstance(type, BFloat16Type):
        return "0xR" + struct.pack(">f", value).hex().upper()[:4]
    if isinstance(type, Float32Type):
        value = struct.unpack("<f", struct.pack("<f", value))[0]
    return "0x" + struct.pack(">d", value).hex().upper()


def _scalar_literal(value: float, type: Attribute) -> str:
    if isinstance(type, IntegerType):
        if type.width.data == 1:
            return "true" if value else "false"
        return str(int(value))
    return _float_literal(float(value), type)


def constant_literal(value: Attribute, type: Attribute) -> str:
    """The LLVM IR constant (without its type) for an `llvm.mlir.constant` value of `type`."""
    if isinstance(value, IntegerAttr):
        return _scalar_literal(value.value.data, element_type_of(type))
    if isinstance(value, FloatAttr):
        return _float_literal(value.value.data, type)
    if isinstance(value, DenseIntOrFPElementsAttr) and isinstance(type, VectorType | llvm.LLVMArrayType):
        elem = element_type_of(type)
        values = list(value.get_values())
        count = type.get_shape()[0] if isinstance(type, VectorType) else type.size.data
        if len(values) == 1:
            values *= count
        if all(v == 0 for v in values):
            return "zeroinitializer"
        body = ", ".join(f"{llvm_type(elem)} {_scalar_literal(v, elem)}" for v in values)
        return f"<{body}>" if isinstance(type, VectorType) else f"[{body}]"
    raise KeyError(str(value))


def element_type_of(type: Attribute) -> Attribute:
    if isinstance(type, VectorType):
        return type.element_type
    if isinstance(type, llvm.LLVMArrayType):
        return type.type
    return type


_PLAIN_NAME = re.compile(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*")


def global_ref(name: str) -> str:
    """`@name`, quoted (`@"a(b)"`) when the name has characters LLVM's lexer stops at."""
    if _PLAIN_NAME.fullmatch(name):
        return f"@{name}"
    return "@" + llvm_string(name)


def llvm_string(text: str) -> str:
    """`text` as an LLVM IR string literal: bytes outside printable ASCII, `"` and `\\` as `\\XX`."""
    out = []
    for byte in text.encode():
        if 0x20 <= byte < 0x7F and byte not in (0x22, 0x5C):
            out.append(chr(byte))
        else:
            out.append(f"\\{byte:02X}")
    return '"' + "".join(out) + '"'


# --------------------------------------------------------------------------------------------
# Flags
# --------------------------------------------------------------------------------------------

_FASTMATH_ORDER = ("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")


_CONTRACTIBLE = (llvm.FAddOp, llvm.FSubOp, llvm.FMulOp)
"""Float ops that may fuse into an fma when floating-point contraction is allowed."""


def _fastmath(op: Operation, extra: frozenset[str] = frozenset()) -> str:
    fmf = op.properties.get("fastmathFlags")
    flags = {str(f) for f in fmf.data} if isinstance(fmf, llvm.FastMathAttr) else set()
    flags |= extra
    if not flags:
        return ""
    if flags >= set(_FASTMATH_ORDER):
        return " fast"
    return "".join(f" {f}" for f in _FASTMATH_ORDER if f in flags)


def _overflow(op: Operation) -> str:
    """`nuw`/`nsw` in LLVM's order (MLIR prints them the other way round)."""
    names = llvm.overflow_flag_names(op.properties.get("overflowFlags"))
    return "".join(f" {f}" for f in reversed(names))


def _syncscope(op: Operation) -> str:
    scope = op.properties.get("syncscope")
    return f' syncscope("{scope.data}")' if isinstance(scope, StringAttr) else ""


def _align(op: Operation) -> str:
    alignment = int_property(op, "alignment")
    return f", align {alignment}" if alignment else ""


# --------------------------------------------------------------------------------------------
# Function attributes (MLIR's NVVM translation interface)
# --------------------------------------------------------------------------------------------


def _is_set(attr: Attribute | None) -> bool:
    if isinstance(attr, UnitAttr):
        return True
    if isinstance(attr, IntegerAttr):
        return bool(attr.value.data)
    return False


def _int_list(attr: Attribute) -> list[int]:
    if isinstance(attr, DenseArrayBase):
        return [int(v) for v in attr.get_values()]
    if isinstance(attr, ArrayAttr):
        return [a.value.data for a in attr.data if isinstance(a, IntegerAttr)]
    if isinstance(attr, IntegerAttr):
        return [attr.value.data]
    return []


_LICM_PROPERTIES = {"disable": "llvm.licm.disable",
                    "versioningDisable": "llvm.loop.licm_versioning.disable"}


def loop_properties(op: Operation, annotation: llvm.LoopAnnotationAttr) -> list[str]:
    """The `!llvm.loop` property names of a loop annotation (boolean flags set to true); a
    TtcError for the annotations ttc does not translate yet."""
    names = []
    for key, value in annotation.values.items():
        if key == "licm" and isinstance(value, llvm.LoopLICMAttr):
            names += [_LICM_PROPERTIES[flag] for flag, on in value.values.items() if _is_true(on)]
        elif key == "mustProgress":
            names += ["llvm.loop.mustprogress"] if _is_true(value) else []
        elif key == "disableNonforced":
            names += ["llvm.loop.disable_nonforced"] if _is_true(value) else []
        else:
            raise TtcError(f"cannot translate the loop annotation '{key}' to LLVM IR",
                           source_location(op.location))
    return names


def _is_true(value: Attribute) -> bool:
    return isinstance(value, IntegerAttr) and bool(value.value.data)


NVVM_FUNCTION_ATTRS: dict[str, str] = {
    "nvvm.reqntid": "nvvm.reqntid",
    "nvvm.maxntid": "nvvm.maxntid",
    "nvvm.cluster_dim": "nvvm.cluster_dim",
    "nvvm.minctasm": "nvvm.minctasm",
    "nvvm.maxnreg": "nvvm.maxnreg",
    "nvvm.cluster_max_blocks": "nvvm.maxclusterrank",
}
"""NVVM function attributes and the LLVM string attribute each becomes (comma-joined lists)."""

ARG_ATTRS: dict[str, Callable[[Attribute], str]] = {
    "llvm.noalias": lambda _: "noalias",
    "llvm.nonnull": lambda _: "nonnull",
    "llvm.noundef": lambda _: "noundef",
    "llvm.readonly": lambda _: "readonly",
    "llvm.writeonly": lambda _: "writeonly",
    "llvm.nocapture": lambda _: "captures(none)",
    "llvm.align": lambda a: f"align {_int_list(a)[0]}",
    "llvm.dereferenceable": lambda a: f"dereferenceable({_int_list(a)[0]})",
    "llvm.byval": lambda a: f"byval({llvm_type(a)})",
    "nvvm.grid_constant": lambda _: '"nvvm.grid_constant"',
}
"""`llvm.*` (and NVVM) argument attributes and their LLVM IR spelling; others (`tt.divisibility`)
are dropped."""


@dataclass(frozen=True)
class KernelABI:
    """How a kernel (an `llvm.func` with `nvvm.kernel`) appears in the LLVM IR of a target.

    NVIDIA: the `ptx_kernel` calling convention and the `nvvm.reqntid`/`maxntid` string attributes.
    A target that marks kernels with named metadata instead (MUSA's `!musa.annotations`) names
    that list in `annotations`: each kernel then gets `!{ptr @k, !"kernel", i32 1}` and, for a
    known block size (`nvvm.reqntid`/`nvvm.maxntid`), `!{ptr @k, !"maxntidx", i32 N}`, in place
    of the NVVM string attributes.
    """

    calling_convention: str = "ptx_kernel"
    annotations: str | None = None


NVIDIA_KERNEL_ABI = KernelABI()


# --------------------------------------------------------------------------------------------
# The emitter
# --------------------------------------------------------------------------------------------


@dataclass
class _Declaration:
    ret: str
    params: list[str]


@dataclass
class _FunctionState:
    names: dict[SSAValue, str] = field(default_factory=dict)
    blocks: dict[Block, str] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    counter: int = 0
    edge_labels: dict[tuple[Operation, int], str] = field(default_factory=dict)
    """Labels of trampoline blocks that stand in for repeated successors of one terminator."""
    trampolines: dict[Block, list[tuple[str, Block]]] = field(default_factory=dict)


class LLVMIREmitter:
    """Writes one module's LLVM IR; `emit()` returns the text."""

    def __init__(self, module: ModuleOp, triple: str, data_layout: str | None, reflect_ftz: bool,
                 fp_contract: bool, kernel_abi: KernelABI = NVIDIA_KERNEL_ABI):
        self.module = module
        self.kernel_abi = kernel_abi
        self.annotations: list[str] = []
        self.triple = triple
        self.data_layout = data_layout
        self.reflect_ftz = reflect_ftz
        self.contract = frozenset({"contract"}) if fp_contract else frozenset()
        self.declarations: dict[str, _Declaration] = {}
        self.defined: set[str] = set()
        self.attribute_groups: dict[str, int] = {}
        self.metadata: dict[str, int] = {}
        self.fn: _FunctionState = _FunctionState()
        self.type_names = IdentityMemo(llvm_type)
        """`llvm_type` of each type object met (a struct type spells hundreds of members)."""

    # -- values ----------------------------------------------------------------------------

    def type_of(self, op: Operation, type: Attribute) -> str:
        try:
            return self.type_names(type)
        except KeyError:
            raise _error(op, f"cannot translate type '{type}' to LLVM IR") from None

    def ref(self, value: SSAValue) -> str:
        return self.fn.names[value]

    def typed(self, op: Operation, value: SSAValue) -> str:
        return f"{self.type_of(op, value.type)} {self.ref(value)}"

    def fresh(self) -> str:
        name = f"%v{self.fn.counter}"
        self.fn.counter += 1
        return name

    def emit(self, line: str) -> None:
        self.fn.lines.append("  " + line)

    def define(self, op: Operation, text: str) -> None:
        """Emit `%vN = text` for the op's single result (named by `name_values`)."""
        self.emit(f"{self.ref(op.results[0])} = {text}")

    def metadata_node(self, body: str) -> str:
        index = self.metadata.setdefault(body, len(self.metadata) + 1)
        return f"!{index}"

    def declare(self, name: str, ret: str, params: Sequence[str]) -> None:
        if name not in self.defined:
            self.declarations.setdefault(name, _Declaration(ret, list(params)))

    def call(
        self,
        op: Operation,
        callee: str,
        args: Sequence[SSAValue],
        *,
        literal_args: Sequence[str] = (),
        ret_attrs: str = "",
    ) -> None:
        """Emit a call to a declared function or intrinsic `callee`, typed from the op."""
        arg_types = [self.type_of(op, a.type) for a in args]
        params = [*(a.split(" ", 1)[0] for a in literal_args), *arg_types]
        ret = self.type_of(op, op.results[0].type) if op.results else "void"
        self.declare(callee, ret, params)
        operands = ", ".join([*literal_args, *(self.typed(op, a) for a in args)])
        fmf = _fastmath(op)
        text = f"call{fmf}{ret_attrs} {ret} {global_ref(callee)}({operands})"
        if ret != "void":
            self.define(op, text)
        else:
            self.emit(text)

    # -- module ----------------------------------------------------------------------------

    def run(self) -> str:
        body: list[str] = []
        for op in self.module.body.ops:
            if isinstance(op, llvm.FuncOp):
                self.defined.add(op.sym_name.data)
        for op in self.module.body.ops:
            if isinstance(op, llvm.GlobalOp):
                body.append(self.global_(op))
            elif isinstance(op, llvm.FuncOp):
                body.append(self.function(op))
            else:
                raise _cannot_translate(op)
        out = ["; ModuleID = 'LLVMDialectModule'", 'source_filename = "LLVMDialectModule"']
        if self.data_layout:
            out.append(f'target datalayout = "{self.data_layout}"')
        out.append(f'target triple = "{self.triple}"')
        out.append("")
        out.extend(body)
        for name in sorted(self.declarations):
            decl = self.declarations[name]
            out.append(f"declare {decl.ret} {global_ref(name)}({', '.join(decl.params)})")
            out.append("")
        for attrs, index in self.attribute_groups.items():
            out.append(f"attributes #{index} = {{ {attrs} }}")
        if self.reflect_ftz:
            flag = self.metadata_node('!{i32 4, !"nvvm-reflect-ftz", i32 1}')
            out.append(f"!llvm.module.flags = !{{{flag}}}")
        if self.annotations:
            out.append(f"!{self.kernel_abi.annotations} = !{{{', '.join(self.annotations)}}}")
        for body_text, index in self.metadata.items():
            out.append(f"!{index} = {body_text}")
        return "\n".join(out).rstrip("\n") + "\n"

    def global_(self, op: llvm.GlobalOp) -> str:
        if op.initializer.blocks:
            raise _error(op, "cannot translate a global with an initializer region to LLVM IR")
        linkage = op.linkage.linkage.data
        parts = [f"{global_ref(op.sym_name.data)} ="]
        parts.append(linkage)
        if op.address_space:
            parts.append(f"addrspace({op.address_space})")
        parts.append("constant" if op.constant is not None else "global")
        type = self.type_of(op, op.global_type)
        parts.append(type)
        if op.value is not None:
            parts.append(self.global_value(op, op.value, op.global_type))
        elif linkage not in ("external", "extern_weak"):
            parts.append("undef")
        text = " ".join(parts)
        if op.alignment is not None:
            text += f", align {op.alignment.value.data}"
        return text + "\n"

    def global_value(self, op: Operation, value: Attribute, type: Attribute) -> str:
        if isinstance(value, StringAttr):
            return "c" + llvm_string(value.data)
        try:
            return constant_literal(value, type)
        except KeyError:
            raise _error(op, f"cannot translate the initializer '{value}' to LLVM IR") from None

    # -- functions ---------------------------------------------------------------------------

    def function(self, op: llvm.FuncOp) -> str:
        self.fn = _FunctionState()
        ftype = op.function_type
        ret = self.type_of(op, ftype.output)
        is_kernel = _is_set(op.attributes.get("nvvm.kernel"))
        header = "define" if op.body.blocks else "declare"
        linkage = "" if op.linkage_name == "external" else f" {op.linkage_name}"
        cc = f" {self.kernel_abi.calling_convention}" if is_kernel else ""
        if is_kernel and self.kernel_abi.annotations is not None:
            self.annotate_kernel(op)
        arg_attrs = op.arg_attrs.data if op.arg_attrs is not None else ()
        params = []
        for i, type in enumerate(ftype.inputs.data):
            text = self.type_of(op, type)
            if i < len(arg_attrs):
                text += "".join(f" {a}" for a in self.argument_attrs(arg_attrs[i]))
            if op.body.blocks:
                name = f"%arg{i}"
                self.fn.names[op.body.blocks[0].args[i]] = name
                text += f" {name}"
            params.append(text)
        if ftype.is_variadic:
            params.append("...")
        group = self.function_attrs(op)
        suffix = f" #{group}" if group is not None else ""
        signature = f"{header}{linkage}{cc} {ret} {global_ref(op.sym_name.data)}({', '.join(params)}){suffix}"
        if not op.body.blocks:
            return signature + "\n"
        for i, block in enumerate(op.body.blocks):
            self.fn.blocks[block] = f"bb{i}"
        self.name_values(op)
        incoming = self.phi_incoming(op)
        body_lines: list[str] = []
        for block in op.body.blocks:
            self.fn.lines = []
            for arg in block.args if block is not op.body.blocks[0] else ():
                edges = ", ".join(
                    f"[ {self.ref(value)}, %{pred} ]" for pred, value in incoming[block][arg.index]
                )
                self.emit(f"{self.ref(arg)} = phi {self.type_of(op, arg.type)} {edges}")
            for inner in block.ops:
                self.operation(inner)
            body_lines.append(f"{self.fn.blocks[block]}:")
            body_lines.extend(self.fn.lines)
            for label, dest in self.fn.trampolines.get(block, []):
                body_lines.extend([f"{label}:", f"  br {self.label(dest)}"])
        return signature + " {\n" + "\n".join(body_lines) + "\n}\n"

    def name_values(self, func: llvm.FuncOp) -> None:
        """Name every value up front (phi nodes refer forward); fold constants into literals."""
        for block in func.body.blocks:
            if block is not func.body.blocks[0]:
                for arg in block.args:
                    self.fn.names[arg] = self.fresh()
            for op in block.ops:
                if (literal := self.constant(op)) is not None:
                    self.fn.names[op.results[0]] = literal
                    continue
                for result in op.results:
                    if not isinstance(result.type, llvm.LLVMVoidType):
                        self.fn.names[result] = self.fresh()

    def constant(self, op: Operation) -> str | None:
        """The literal an `llvm.mlir.*` constant op folds to, or None for other ops."""
        if not has_trait(op, ConstantLike, value_if_unregistered=False):
            return None
        if isinstance(op, llvm.ConstantOp):
            try:
                return constant_literal(op.value, op.res.type)
            except KeyError:
                raise _error(op, f"cannot translate the constant '{op.value}' to LLVM IR") from None
        if isinstance(op, llvm.UndefOp):
            return "undef"
        if isinstance(op, llvm.PoisonOp):
            return "poison"
        if isinstance(op, llvm.ZeroOp):
            return "zeroinitializer"
        if isinstance(op, llvm.AddressOfOp):
            return global_ref(op.global_name.string_value())
        return None

    def argument_attrs(self, attrs: Attribute) -> list[str]:
        if not isinstance(attrs, DictionaryAttr):
            return []
        return [ARG_ATTRS[k](v) for k, v in sorted(attrs.data.items()) if k in ARG_ATTRS]

    def annotate_kernel(self, op: llvm.FuncOp) -> None:
        """Add the kernel's entries to the target's annotation list (KernelABI.annotations)."""
        ref = f"ptr {global_ref(op.sym_name.data)}"
        self.annotations.append(self.metadata_node(f'!{{{ref}, !"kernel", i32 1}}'))
        for name in ("nvvm.reqntid", "nvvm.maxntid"):
            if (attr := op.attributes.get(name)) is not None:
                threads = 1
                for extent in _int_list(attr):
                    threads *= extent
                self.annotations.append(
                    self.metadata_node(f'!{{{ref}, !"maxntidx", i32 {threads}}}'))
                break

    def function_attrs(self, op: llvm.FuncOp) -> int | None:
        attrs = self.passthrough(op)
        if _is_set(op.attributes.get("noinline")) and "noinline" not in attrs:
            attrs.append("noinline")
        for name, llvm_name in NVVM_FUNCTION_ATTRS.items():
            if self.kernel_abi.annotations is not None and name in ("nvvm.reqntid", "nvvm.maxntid"):
                continue
            if (attr := op.attributes.get(name)) is not None:
                values = _int_list(attr)
                if not values:
                    raise _error(op, f"'{name}' must be a list of integers")
                attrs.append(f'"{llvm_name}"="{",".join(str(v) for v in values)}"')
        if not attrs:
            return None
        text = " ".join(attrs)
        return self.attribute_groups.setdefault(text, len(self.attribute_groups))

    def passthrough(self, op: llvm.FuncOp) -> list[str]:
        """MLIR's `passthrough` function attributes: a name (`"noreturn"`) is an LLVM attribute
        keyword, a `["key", "value"]` pair a string attribute."""
        attr = op.attributes.get("passthrough")
        if attr is None:
            return []
        if not isinstance(attr, ArrayAttr):
            raise _error(op, "'passthrough' must be an array")
        out: list[str] = []
        for entry in attr.data:
            if isinstance(entry, StringAttr) and re.fullmatch(r"[a-z_]+", entry.data):
                out.append(entry.data)
            elif (
                isinstance(entry, ArrayAttr)
                and len(entry.data) == 2
                and all(isinstance(e, StringAttr) for e in entry.data)
            ):
                key, value = (e.data for e in entry.data)  # type: ignore[attr-defined]
                out.append(f"{llvm_string(key)}={llvm_string(value)}")
            else:
                raise _error(op, f"cannot translate the passthrough attribute {entry}")
        return out

    def phi_incoming(self, func: llvm.FuncOp) -> dict[Block, list[list[tuple[str, SSAValue]]]]:
        """For each block and each of its arguments, the (predecessor label, value) pairs.

        LLVM allows one phi entry per predecessor, so a terminator that reaches the same block
        with arguments more than once gets a trampoline block per repeat (MLIR's
        `ensureDistinctSuccessors` before export does the same).
        """
        incoming: dict[Block, list[list[tuple[str, SSAValue]]]] = {
            b: [[] for _ in b.args] for b in func.body.blocks
        }
        for block in func.body.blocks:
            term = block.last_op
            seen: set[Block] = set()
            for index, (dest, args) in enumerate(successor_operands(term)):
                label = self.fn.blocks[block]
                if dest in seen and dest.args:
                    assert term is not None
                    label = f"{label}.{index}"
                    self.fn.edge_labels[(term, index)] = label
                    self.fn.trampolines.setdefault(block, []).append((label, dest))
                seen.add(dest)
                for i, value in enumerate(args):
                    incoming[dest][i].append((label, value))
        return incoming

    # -- operations --------------------------------------------------------------------------

    def operation(self, op: Operation) -> None:
        handler = _HANDLERS.get(type(op))
        if handler is None:
            if isinstance(op, llvm.IntrinsicOp):
                handler = LLVMIREmitter.intrinsic
            elif isinstance(op, nvvm.SpecialRegisterOp):
                handler = LLVMIREmitter.special_register
            else:
                raise _cannot_translate(op)
        handler(self, op)

    def no_op(self, op: Operation) -> None:
        """Constants are folded into their uses by `name_values`."""

    def binary(self, op: Operation) -> None:
        assert isinstance(op, llvm._BinaryOp)
        extra = self.contract if isinstance(op, _CONTRACTIBLE) else frozenset()
        flags = _overflow(op) + _fastmath(op, extra)
        if op.PREFIX_FLAG is not None and op.PREFIX_FLAG[1] in op.properties:
            flags += f" {op.PREFIX_FLAG[0]}"
        opcode = op.name.removeprefix("llvm.")
        self.define(op, f"{opcode}{flags} {self.typed(op, op.lhs)}, {self.ref(op.rhs)}")

    def unary(self, op: Operation) -> None:
        assert isinstance(op, llvm._UnaryOp)
        opcode = op.name.removeprefix("llvm.")
        self.define(op, f"{opcode}{_fastmath(op)} {self.typed(op, op.operand)}")

    def compare(self, op: Operation) -> None:
        assert isinstance(op, llvm._CmpOp)
        opcode = op.name.removeprefix("llvm.")
        self.define(
            op,
            f"{opcode}{_fastmath(op)} {op.predicate_name} {self.typed(op, op.lhs)}, "
            f"{self.ref(op.rhs)}",
        )

    def select(self, op: Operation) -> None:
        assert isinstance(op, llvm.SelectOp)
        self.define(
            op,
            f"select{_fastmath(op)} {self.typed(op, op.condition)}, "
            f"{self.typed(op, op.true_value)}, {self.typed(op, op.false_value)}",
        )

    def cast(self, op: Operation) -> None:
        assert isinstance(op, llvm._CastOp)
        flags = _overflow(op)
        if op.PREFIX_FLAG is not None and op.PREFIX_FLAG[1] in op.properties:
            flags += f" {op.PREFIX_FLAG[0]}"
        opcode = op.name.removeprefix("llvm.")
        self.define(
            op, f"{opcode}{flags} {self.typed(op, op.arg)} to {self.type_of(op, op.res.type)}"
        )

    def gep(self, op: Operation) -> None:
        assert isinstance(op, llvm.GEPOp)
        flags = "".join(f" {f}" for f in llvm.gep_flag_names(op.no_wrap_flags))
        indices = [
            self.typed(op, i) if isinstance(i, SSAValue) else f"i32 {i}" for i in op.indices()
        ]
        self.define(
            op,
            f"getelementptr{flags} {self.type_of(op, op.elem_type)}, "
            + ", ".join([self.typed(op, op.base), *indices]),
        )

    def memory_metadata(self, op: Operation) -> str:
        text = ""
        if "nontemporal" in op.properties:
            text += f", !nontemporal {self.metadata_node('!{i32 1}')}"
        if "invariant" in op.properties:
            text += f", !invariant.load {self.metadata_node('!{}')}"
        return text

    def load(self, op: Operation) -> None:
        assert isinstance(op, llvm.LoadOp)
        ordering = llvm.ordering_name(op.ordering)
        atomic = " atomic" if ordering != "not_atomic" else ""
        volatile = " volatile" if op.volatile_ is not None else ""
        order = f"{_syncscope(op)} {ordering}" if atomic else ""
        self.define(
            op,
            f"load{atomic}{volatile} {self.type_of(op, op.dereferenced_value.type)}, "
            f"{self.typed(op, op.addr)}{order}{_align(op)}{self.memory_metadata(op)}",
        )

    def store(self, op: Operation) -> None:
        assert isinstance(op, llvm.StoreOp)
        ordering = llvm.ordering_name(op.ordering)
        atomic = " atomic" if ordering != "not_atomic" else ""
        volatile = " volatile" if op.volatile_ is not None else ""
        order = f"{_syncscope(op)} {ordering}" if atomic else ""
        self.emit(
            f"store{atomic}{volatile} {self.typed(op, op.value)}, "
            f"{self.typed(op, op.addr)}{order}{_align(op)}{self.memory_metadata(op)}"
        )

    def alloca(self, op: Operation) -> None:
        assert isinstance(op, llvm.AllocaOp)
        space = address_space(op.res.type)
        addrspace = f", addrspace({space})" if space else ""
        self.define(
            op,
            f"alloca {self.type_of(op, op.elem_type)}, {self.typed(op, op.arraySize)}"
            f"{_align(op)}{addrspace}",
        )

    def extractvalue(self, op: Operation) -> None:
        assert isinstance(op, llvm.ExtractValueOp)
        position = ", ".join(str(i) for i in op.position.get_values())
        self.define(op, f"extractvalue {self.typed(op, op.container)}, {position}")

    def insertvalue(self, op: Operation) -> None:
        assert isinstance(op, llvm.InsertValueOp)
        position = ", ".join(str(i) for i in op.position.get_values())
        self.define(
            op,
            f"insertvalue {self.typed(op, op.container)}, {self.typed(op, op.value)}, {position}",
        )

    def extractelement(self, op: Operation) -> None:
        assert isinstance(op, llvm.ExtractElementOp)
        self.define(
            op, f"extractelement {self.typed(op, op.vector)}, {self.typed(op, op.position)}"
        )

    def insertelement(self, op: Operation) -> None:
        assert isinstance(op, llvm.InsertElementOp)
        self.define(
            op,
            f"insertelement {self.typed(op, op.vector)}, {self.typed(op, op.value)}, "
            f"{self.typed(op, op.position)}",
        )

    def shufflevector(self, op: Operation) -> None:
        assert isinstance(op, llvm.ShuffleVectorOp)
        mask = op.mask.get_values()
        elements = ", ".join("i32 poison" if i < 0 else f"i32 {i}" for i in mask)
        self.define(
            op,
            f"shufflevector {self.typed(op, op.v1)}, {self.typed(op, op.v2)}, "
            f"<{len(mask)} x i32> <{elements}>",
        )

    def label(self, block: Block) -> str:
        return f"label %{self.fn.blocks[block]}"

    def edge(self, term: Operation, index: int) -> str:
        """The label a terminator's `index`-th successor edge jumps to."""
        if (label := self.fn.edge_labels.get((term, index))) is not None:
            return f"label %{label}"
        return self.label(term.successors[index])

    def br(self, op: Operation) -> None:
        assert isinstance(op, llvm.BrOp)
        self.emit(f"br {self.label(op.dest)}" + self.loop_metadata(op))

    def cond_br(self, op: Operation) -> None:
        assert isinstance(op, llvm.CondBrOp)
        text = f"br {self.typed(op, op.condition)}, {self.edge(op, 0)}, {self.edge(op, 1)}"
        if op.branch_weights is not None:
            weights = ", ".join(f"i32 {w}" for w in op.branch_weights.get_values())
            node = self.metadata_node('!{!"branch_weights", ' + weights + "}")
            text += f", !prof {node}"
        self.emit(text + self.loop_metadata(op))

    def loop_metadata(self, op: Operation) -> str:
        """`, !llvm.loop !N` for a branch with a `loop_annotation`: a distinct node naming itself,
        then one node per property (MLIR's LoopAnnotationTranslation)."""
        annotation = op.attributes.get("loop_annotation")
        if not isinstance(annotation, llvm.LoopAnnotationAttr):
            return ""
        properties = [self.metadata_node("!{!" + f'"{name}"' + "}")
                      for name in loop_properties(op, annotation)]
        if not properties:
            return ""
        index = len(self.metadata) + 1
        node = self.metadata_node(f"distinct !{{!{index}, {', '.join(properties)}}}")
        return f", !llvm.loop {node}"

    def switch(self, op: Operation) -> None:
        assert isinstance(op, llvm.SwitchOp)
        type = self.type_of(op, op.value.type)
        cases = " ".join(
            f"{type} {value}, {self.edge(op, i + 1)}"
            for i, (value, _, _) in enumerate(op.case_list())
        )
        self.emit(
            f"switch {self.typed(op, op.value)}, {self.label(op.defaultDestination)} [ {cases} ]"
        )

    def return_(self, op: Operation) -> None:
        assert isinstance(op, llvm.ReturnOp)
        self.emit(f"ret {self.typed(op, op.arg[0])}" if op.arg else "ret void")

    def unreachable(self, op: Operation) -> None:
        self.emit("unreachable")

    def call_op(self, op: Operation) -> None:
        assert isinstance(op, llvm.CallOp)
        args = list(op.callee_operands)
        ret = self.type_of(op, op.results[0].type) if op.results else "void"
        if op.callee is not None:
            callee = global_ref(op.callee.string_value())
        else:
            callee = self.ref(args.pop(0))
        operands = ", ".join(self.typed(op, a) for a in args)
        text = f"call{_fastmath(op)} {ret} {callee}({operands})"
        if ret != "void":
            self.define(op, text)
        else:
            self.emit(text)

    def call_intrinsic(self, op: Operation) -> None:
        assert isinstance(op, llvm.CallIntrinsicOp)
        self.call(op, op.intrin.data, list(op.args))

    def intrinsic(self, op: Operation) -> None:
        assert isinstance(op, llvm.IntrinsicOp)
        try:
            name = f"{op.LLVM_NAME}.{mangled_type(op.res.type)}"
        except KeyError:
            raise _cannot_translate(op) from None
        self.call(op, name, list(op.args))

    def abs(self, op: Operation) -> None:
        assert isinstance(op, llvm.AbsOp)
        type = self.type_of(op, op.res.type)
        try:
            name = f"llvm.abs.{mangled_type(op.res.type)}"
        except KeyError:
            raise _cannot_translate(op) from None
        self.declare(name, type, [type, "i1"])
        poison = "true" if op.is_int_min_poison.value.data else "false"
        self.define(op, f"call {type} @{name}({self.typed(op, op.in_)}, i1 {poison})")

    def assume(self, op: Operation) -> None:
        assert isinstance(op, llvm.AssumeOp)
        self.call(op, "llvm.assume", [op.cond])

    def inline_asm(self, op: Operation) -> None:
        assert isinstance(op, llvm.InlineAsmOp)
        result = op.results[0] if op.results else None
        ret = "void" if result is None else self.type_of(op, result.type)
        flags = ""
        if op.has_side_effects is not None:
            flags += " sideeffect"
        if op.is_align_stack is not None:
            flags += " alignstack"
        if op.asm_dialect is not None and op.asm_dialect.data == "intel":
            flags += " inteldialect"
        elementtypes = _asm_elementtypes(op)
        operands = []
        for i, value in enumerate(op.operands_):
            attr = f" elementtype({self.type_of(op, elementtypes[i])})" if i in elementtypes else ""
            operands.append(f"{self.type_of(op, value.type)}{attr} {self.ref(value)}")
        text = (
            f"call {ret} asm{flags} {llvm_string(op.asm_string.data)}, "
            f"{llvm_string(op.constraints.data)}({', '.join(operands)})"
        )
        if ret != "void":
            self.define(op, text)
        else:
            self.emit(text)

    def atomicrmw(self, op: Operation) -> None:
        assert isinstance(op, llvm.AtomicRMWOp)
        volatile = " volatile" if op.volatile_ is not None else ""
        self.define(
            op,
            f"atomicrmw{volatile} {op.bin_op_name.lstrip('_')} {self.typed(op, op.ptr)}, "
            f"{self.typed(op, op.val)}{_syncscope(op)} {llvm.ordering_name(op.ordering)}"
            f"{_align(op)}",
        )

    def cmpxchg(self, op: Operation) -> None:
        assert isinstance(op, llvm.AtomicCmpXchgOp)
        weak = " weak" if op.weak is not None else ""
        volatile = " volatile" if op.volatile_ is not None else ""
        self.define(
            op,
            f"cmpxchg{weak}{volatile} {self.typed(op, op.ptr)}, {self.typed(op, op.val)}, "
            f"{self.typed(op, op.new_val)}{_syncscope(op)} "
            f"{llvm.ordering_name(op.success_ordering)} {llvm.ordering_name(op.failure_ordering)}"
            f"{_align(op)}",
        )

    def fence(self, op: Operation) -> None:
        assert isinstance(op, llvm.FenceOp)
        self.emit(f"fence{_syncscope(op)} {llvm.ordering_name(op.ordering)}")

    # -- nvvm ---------------------------------------------------------------------------------

    def special_register(self, op: Operation) -> None:
        assert isinstance(op, nvvm.SpecialRegisterOp)
        ret_attrs = ""
        if op.range is not None:
            ret_attrs = (
                f" range({llvm_type(op.range.int_type)} {op.range.lower.data}, "
                f"{op.range.upper.data})"
            )
        self.call(op, f"llvm.nvvm.read.ptx.sreg.{op.REGISTER}", [], ret_attrs=ret_attrs)

    def nvvm_fixed(self, op: Operation) -> None:
        callee, literal_args = NVVM_FIXED_INTRINSICS[type(op)](op)
        self.call(op, callee, [], literal_args=literal_args)

    def matrix(self, op: Operation) -> None:
        assert isinstance(op, nvvm.LdMatrixOp | nvvm.StMatrixOp)
        elt = op.eltType.value if op.eltType is not None else "b16"
        shape = (op.shape.m.value.data, op.shape.n.value.data) if op.shape is not None else (8, 8)
        if elt != "b16" or shape != (8, 8):
            raise _error(op, f"cannot translate '{op.name}' with {elt} m{shape[0]}n{shape[1]}")
        kind = "ldmatrix" if isinstance(op, nvvm.LdMatrixOp) else "stmatrix"
        trans = ".trans" if op.layout.value == "col" else ""
        name = (
            f"llvm.nvvm.{kind}.sync.aligned.m8n8.x{op.num.value.data}{trans}.b16."
            f"{mangled_type(op.ptr.type)}"
        )
        self.call(op, name, list(op.operands))

    def shfl(self, op: Operation) -> None:
        assert isinstance(op, nvvm.ShflOp)
        suffix = "f32" if isinstance(op.val.type, Float32Type) else "i32"
        predicate = "p" if op.return_value_and_is_valid is not None else ""
        self.call(op, f"llvm.nvvm.shfl.sync.{op.kind.value}.{suffix}{predicate}", list(op.operands))

    def redux(self, op: Operation) -> None:
        assert isinstance(op, nvvm.ReduxOp)
        self.call(op, f"llvm.nvvm.redux.sync.{op.kind.value}", list(op.operands))

    def bar_warp_sync(self, op: Operation) -> None:
        assert isinstance(op, nvvm.BarWarpSyncOp)
        self.call(op, "llvm.nvvm.bar.warp.sync", [op.mask])

    def elect_sync(self, op: Operation) -> None:
        """`llvm.nvvm.elect.sync(mask)` gives `{ laneid, pred }`; the op is its predicate. The
        whole warp (-1) when the op names no member mask."""
        assert isinstance(op, nvvm.ElectSyncOp)
        mask = "i32 -1" if op.membermask is None else self.typed(op, op.membermask)
        self.declare("llvm.nvvm.elect.sync", "{ i32, i1 }", ["i32"])
        pair = self.fresh()
        self.emit(f"{pair} = call {{ i32, i1 }} {global_ref('llvm.nvvm.elect.sync')}({mask})")
        self.define(op, f"extractvalue {{ i32, i1 }} {pair}, 1")


def successor_operands(term: Operation | None) -> list[tuple[Block, Sequence[SSAValue]]]:
    """The (destination, operands) edges of a terminator."""
    if isinstance(term, llvm.BrOp):
        return [(term.dest, term.destOperands)]
    if isinstance(term, llvm.CondBrOp):
        return [(term.trueDest, term.trueDestOperands), (term.falseDest, term.falseDestOperands)]
    if isinstance(term, llvm.SwitchOp):
        return [
            (term.defaultDestination, term.defaultOperands),
            *((dest, args) for _, dest, args in term.case_list()),
        ]
    return []


def _asm_elementtypes(op: llvm.InlineAsmOp) -> dict[int, Attribute]:
    """Operand index → `elementtype` of indirect memory operands (from `operand_attrs`)."""
    if op.operand_attrs is None:
        return {}
    return {
        i: attrs.data["elementtype"].type
        for i, attrs in enumerate(op.operand_attrs.data)
        if isinstance(attrs, DictionaryAttr) and "elementtype" in attrs.data
    }


def _fence_proxy(op: Operation) -> tuple[str, list[str]]:
    assert isinstance(op, nvvm.FenceProxyOp)
    kind = op.kind.value
    if kind == "async.shared":
        assert op.space is not None
        return f"llvm.nvvm.fence.proxy.async.shared_{op.space.value}", []
    if kind in ("alias", "async", "async.global"):
        return f"llvm.nvvm.fence.proxy.{kind}", []
    raise _error(op, f"cannot translate 'nvvm.fence.proxy' of kind {kind} to LLVM IR")


def _cluster(op: Operation) -> tuple[str, list[str]]:
    action = "arrive" if isinstance(op, nvvm.ClusterArriveOp) else "wait"
    aligned = ".aligned" if "aligned" in op.properties else ""
    return f"llvm.nvvm.barrier.cluster.{action}{aligned}", []


NVVM_FIXED_INTRINSICS: dict[type[Operation], Callable[[Operation], tuple[str, list[str]]]] = {
    nvvm.Barrier0Op: lambda _: ("llvm.nvvm.barrier.cta.sync.aligned.all", ["i32 0"]),
    nvvm.CpAsyncCommitGroupOp: lambda _: ("llvm.nvvm.cp.async.commit.group", []),
    nvvm.CpAsyncWaitGroupOp: lambda op: (
        "llvm.nvvm.cp.async.wait.group", [f"i32 {op.count()}"]  # type: ignore[attr-defined]
    ),
    nvvm.CpAsyncBulkCommitGroupOp: lambda _: ("llvm.nvvm.cp.async.bulk.commit.group", []),
    nvvm.CpAsyncBulkWaitGroupOp: lambda op: (
        "llvm.nvvm.cp.async.bulk.wait.group" + (".read" if "read" in op.properties else ""),
        [f"i32 {op.count()}"],  # type: ignore[attr-defined]
    ),
    nvvm.WgmmaFenceAlignedOp: lambda _: ("llvm.nvvm.wgmma.fence.sync.aligned", []),
    nvvm.WgmmaGroupSyncAlignedOp: lambda _: ("llvm.nvvm.wgmma.commit_group.sync.aligned", []),
    nvvm.WgmmaWaitGroupSyncOp: lambda op: (
        "llvm.nvvm.wgmma.wait_group.sync.aligned", [f"i64 {op.count()}"]  # type: ignore[attr-defined]
    ),
    nvvm.FenceProxyOp: _fence_proxy,
    nvvm.ClusterArriveOp: _cluster,
    nvvm.ClusterWaitOp: _cluster,
}
"""NVVM ops without SSA operands: (intrinsic, immediate arguments) of each."""


_HANDLERS: dict[type[Operation], Callable[[LLVMIREmitter, Operation], None]] = {
    **{cls: LLVMIREmitter.no_op for cls in (
        llvm.ConstantOp, llvm.UndefOp, llvm.PoisonOp, llvm.ZeroOp, llvm.AddressOfOp)},
    **{cls: LLVMIREmitter.binary for cls in (
        llvm.AddOp, llvm.SubOp, llvm.MulOp, llvm.ShlOp, llvm.UDivOp, llvm.SDivOp, llvm.LShrOp,
        llvm.AShrOp, llvm.URemOp, llvm.SRemOp, llvm.AndOp, llvm.OrOp, llvm.XOrOp, llvm.FAddOp,
        llvm.FSubOp, llvm.FMulOp, llvm.FDivOp, llvm.FRemOp)},
    **{cls: LLVMIREmitter.cast for cls in (
        llvm.BitcastOp, llvm.AddrSpaceCastOp, llvm.IntToPtrOp, llvm.PtrToIntOp, llvm.SExtOp,
        llvm.ZExtOp, llvm.TruncOp, llvm.SIToFPOp, llvm.UIToFPOp, llvm.FPToSIOp, llvm.FPToUIOp,
        llvm.FPExtOp, llvm.FPTruncOp)},
    **{cls: LLVMIREmitter.nvvm_fixed for cls in NVVM_FIXED_INTRINSICS},
    llvm.FNegOp: LLVMIREmitter.unary,
    llvm.FreezeOp: LLVMIREmitter.unary,
    llvm.ICmpOp: LLVMIREmitter.compare,
    llvm.FCmpOp: LLVMIREmitter.compare,
    llvm.SelectOp: LLVMIREmitter.select,
    llvm.GEPOp: LLVMIREmitter.gep,
    llvm.LoadOp: LLVMIREmitter.load,
    llvm.StoreOp: LLVMIREmitter.store,
    llvm.AllocaOp: LLVMIREmitter.alloca,
    llvm.ExtractValueOp: LLVMIREmitter.extractvalue,
    llvm.InsertValueOp: LLVMIREmitter.insertvalue,
    llvm.ExtractElementOp: LLVMIREmitter.extractelement,
    llvm.InsertElementOp: LLVMIREmitter.insertelement,
    llvm.ShuffleVectorOp: LLVMIREmitter.shufflevector,
    llvm.BrOp: LLVMIREmitter.br,
    llvm.CondBrOp: LLVMIREmitter.cond_br,
    llvm.SwitchOp: LLVMIREmitter.switch,
    llvm.ReturnOp: LLVMIREmitter.return_,
    llvm.UnreachableOp: LLVMIREmitter.unreachable,
    llvm.CallOp: LLVMIREmitter.call_op,
    llvm.CallIntrinsicOp: LLVMIREmitter.call_intrinsic,
    llvm.AbsOp: LLVMIREmitter.abs,
    llvm.AssumeOp: LLVMIREmitter.assume,
    llvm.InlineAsmOp: LLVMIREmitter.inline_asm,
    llvm.AtomicRMWOp: LLVMIREmitter.atomicrmw,
    llvm.AtomicCmpXchgOp: LLVMIREmitter.cmpxchg,
    llvm.FenceOp: LLVMIREmitter.fence,
    nvvm.LdMatrixOp: LLVMIREmitter.matrix,
    nvvm.StMatrixOp: LLVMIREmitter.matrix,
    nvvm.ShflOp: LLVMIREmitter.shfl,
    nvvm.ReduxOp: LLVMIREmitter.redux,
    nvvm.BarWarpSyncOp: LLVMIREmitter.bar_warp_sync,
    nvvm.ElectSyncOp: LLVMIREmitter.elect_sync,
}  # fmt: skip


_PARAM_TYPE = re.compile(r"\s*(ptr(?: addrspace\(\d+\))?|i\d+|half|bfloat|float|double|"
                         r"<\d+ x [\w ()]+>)")


def parameter_types(params: str) -> tuple[str, ...]:
    """The types of the parameters of an LLVM function header (the text between its parentheses),
    without their attributes and names."""
    types = []
    for param in _split_params(params):
        match = _PARAM_TYPE.match(param)
        types.append(match.group(1) if match else param.strip().rsplit(" ", 1)[0])
    return tuple(types)


def kernel_header(define: re.Pattern[str], llvm_ir: str, kind: str) -> tuple[str, tuple[str, ...]]:
    """The name and parameter types of the one kernel whose header `define` matches (groups: the
    name, the parameter text); `kind` says what such a function is when there is not one."""
    kernels = define.findall(llvm_ir)
    if len(kernels) != 1:
        found = ", ".join(name for name, _ in kernels) or "none"
        raise TtcError(f"expected exactly one kernel ({kind}) in the LLVM IR, found {found}")
    name, params = kernels[0]
    return name.strip('"'), parameter_types(params)


def _split_params(text: str) -> list[str]:
    """The parameters of an LLVM function header, split at the commas outside brackets."""
    params: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char in "(<[{":
            depth += 1
        elif char in ")>]}":
            depth -= 1
        if char == "," and depth == 0:
            params.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        params.append(current)
    return params


def emit_llvm_ir(
    module: ModuleOp,
    *,
    triple: str,
    data_layout: str | None = None,
    nvvm_reflect_ftz: bool = False,
    fp_contract: bool = False,
    kernel_abi: KernelABI = NVIDIA_KERNEL_ABI,
) -> str:
    """Translate an LLVM-dialect module (with `nvvm` ops) to LLVM IR text.

    `nvvm_reflect_ftz` adds the `nvvm-reflect-ftz` module flag Triton sets for libdevice.
    `fp_contract` marks fadd/fsub/fmul `contract`, letting the back end fuse them into fma: this is
    how ttc mirrors Triton's `enable_fp_fusion` (LLVM's AllowFPOpFusion=Fast, which llvmlite cannot
    set), and without it NVPTX prints `add.rn`/`mul.rn`, which ptxas may not fuse either.
    `kernel_abi` says how kernels are marked (NVIDIA's by default).
    Raises TtcError at the op's location for anything that has no translation.
    """
    return LLVMIREmitter(module, triple, data_layout, nvvm_reflect_ftz, fp_contract,
                         kernel_abi).run()
