"""Per-function lowering state and the helpers every op lowering uses.

Mirrors what Triton's `ConvertOpToLLVMPattern`s share: the type converter
(`TritonGPUToLLVMTypeConverter`: `!tt.ptr<T, as>` → `!llvm.ptr<as>`, `index` → `i32`, a tensor →
one value per register), `TritonLLVMOpBuilder`'s constant and arithmetic helpers, and the
`unpackLLElements`/`packLLElements` pair. Instead of packing every tensor into an `!llvm.struct`
between ops, ttc keeps a Python map from each TTGIR value to the list of its per-thread LLVM
values (a scalar is a list of one); structs appear only where values cross blocks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

from xdsl.builder import Builder
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ReducedPrecisionFloatType,
    StringAttr,
    TensorType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.dialects.tt.types import PointerType, TensorDescType
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import AsyncTokenType, MemDescType
from ttc.dialects.upstream import llvm
from ttc.ir.errors import TtcError
from ttc.ir.locations import source_location
from ttc.ir.target import TargetInfo
from ttc.layouts.linear import LayoutError, LinearLayout

OpT = TypeVar("OpT", bound=Operation)

FLOAT_TYPES = (Float16Type, BFloat16Type, Float32Type, Float64Type)
SHARED_ADDRESS_SPACE = 3
GLOBAL_SMEM = "global_smem"
"""The module's external `addrspace(3)` array that kernels address their shared memory from."""


def is_fp8(type: Attribute) -> bool:
    """Whether `type` is an 8-bit float (a register holds one as its `i8` bits)."""
    return isinstance(type, ReducedPrecisionFloatType) and type.bitwidth == 8


def bit_width(type: Attribute) -> int:
    """The width in bits of an LLVM scalar type (pointers are 64 bits)."""
    if isinstance(type, IntegerType):
        return type.width.data
    if isinstance(type, llvm.LLVMPointerType):
        return 64
    if isinstance(type, FLOAT_TYPES):
        return type.bitwidth
    raise ValueError(f"no bit width for {type}")



@lru_cache(maxsize=4096)
def _integer_attr(value: int, type: IntegerType) -> IntegerAttr:
    """`IntegerAttr(value, type)`, built (and range-checked) once: a lowering asks for the same
    few index and mask constants thousands of times."""
    return IntegerAttr(value, type)

class FunctionLowering:
    """The state of lowering one `tt.func`: the value map, the insertion point, the target
    description and the warps it runs on."""

    def __init__(
        self, target: TargetInfo, builder: Builder, axis_info: ModuleAxisInfo | None = None,
        *, num_warps: int, num_ctas: int = 1
    ) -> None:
        self.target = target
        self.num_warps = num_warps
        """The function's warps (`lookup_num_warps`)."""
        self.num_ctas = num_ctas
        """The module's CTAs per cluster (`lookup_num_ctas`)."""
        self.axis_info = axis_info
        """Contiguity/divisibility/constancy of the module's values, computed before lowering."""
        self.builder = builder
        self.values: dict[SSAValue, list[SSAValue]] = {}
        self.blocks: dict[Block, Block] = {}
        """Each TTGIR block of the function → its LLVM-dialect block."""
        self.current: Operation | None = None
        self._layouts: dict[Attribute, LinearLayout] = {}
        self._followers: dict[Block, list[Block]] = {}
        """Blocks a lowering split off (`emit_if`), in order, after the LLVM block of a TTGIR
        block."""
        self._head: dict[Block, Block] = {}
        self.is_kernel = True
        """A kernel (public `tt.func`) or a device function that kernels call."""
        self.shared_memory_argument: SSAValue | None = None
        """A device function's shared-memory base (its caller's buffer for the call)."""
        self.scratch_arguments: tuple[SSAValue, SSAValue] | None = None
        """The function's global-scratch and profile-scratch base pointers (its last two
        arguments, Triton's `kGlobalScratchBufferOffset` / `kProfileScratchBufferOffset`)."""
        self.module_attributes: dict[str, Attribute] = {}

    @property
    def num_threads(self) -> int:
        """The threads of one CTA."""
        return self.num_warps * self.target.threads_per_warp

    # -- errors -------------------------------------------------------------------------------

    def error(self, op: Operation, message: str) -> TtcError:
        """An error located at `op`."""
        return TtcError(message, location=source_location(op.location))

    def cannot_lower(self, op: Operation) -> TtcError:
        """`cannot lower '<op>' for cuda:NN` at `op` (the one message for unsupported input)."""
        return self.error(op, f"cannot lower '{op.name}' for {self.target.name}")

    # -- types ----------------------------------------------------------------------------------

    def llvm_type(self, type: Attribute) -> Attribute:
        """The LLVM type of one register of a value of `type` (the element type for tensors, the
        base pointer for a shared-memory descriptor, `i32` for an async token, `i8` for an 8-bit
        float, a generic `!llvm.ptr` to the CUtensorMap for a tensor descriptor, as Triton's type
        converter)."""
        if isinstance(type, MemDescType):
            return llvm.LLVMPointerType(IntAttr(SHARED_ADDRESS_SPACE))
        if isinstance(type, AsyncTokenType):
            return i32
        if isinstance(type, TensorDescType):
            return llvm.LLVMPointerType()
        if isinstance(type, TensorType):
            type = type.element_type
        if isinstance(type, PointerType):
            space = type.address_space
            return llvm.LLVMPointerType(space) if space.data else llvm.LLVMPointerType()
        if isinstance(type, IndexType):
            return i32
        if isinstance(type, (IntegerType, llvm.LLVMPointerType, *FLOAT_TYPES)):
            return type
        if is_fp8(type):
            return IntegerType(8)  # fp8 values travel as their bits, as in Triton's type converter
        assert self.current is not None
        raise self.cannot_lower(self.current)

    def layout(self, type: Attribute) -> LinearLayout:
        """The linear layout of a distributed tensor type (register, lane, warp, block → coords)."""
        if type not in self._layouts:
            assert self.current is not None
            if not isinstance(type, TensorType) or type.encoding is None:
                raise self.cannot_lower(self.current)
            try:
                self._layouts[type] = to_linear_layout(type.encoding, type.get_shape())
            except LayoutError:
                raise self.cannot_lower(self.current) from None
        return self._layouts[type]

    def num_regs(self, type: Attribute) -> int:
        """How many registers each thread holds for a value of `type` (1 for a scalar)."""
        if isinstance(type, TensorType):
            return self.layout(type).in_dim_size("register")
        if isinstance(type, MemDescType):
            return 1 + len(type.get_shape())
        return 1

    def struct_type(self, type: Attribute) -> Attribute:
        """The LLVM type of a value crossing a block boundary: a struct for a tensor."""
        if isinstance(type, TensorType):
            return llvm.LLVMStructType([self.llvm_type(type)] * self.num_regs(type))
        if isinstance(type, MemDescType):
            return llvm.LLVMStructType([self.llvm_type(type)] + [i32] * len(type.get_shape()))
        return self.llvm_type(type)

    # -- values ---------------------------------------------------------------------------------

    def regs(self, value: SSAValue) -> list[SSAValue]:
        """The per-thread LLVM values of a TTGIR value (one for a scalar)."""
        return self.values[value]

    def scalar(self, value: SSAValue) -> SSAValue:
        """The LLVM value of a scalar TTGIR value."""
        (reg,) = self.values[value]
        return reg

    def bind(self, value: SSAValue, regs: Sequence[SSAValue]) -> None:
        """Record the per-thread LLVM values of a TTGIR value."""
        assert len(regs) == self.num_regs(value.type), (value.type, len(regs))
        self.values[value] = list(regs)

    def pack(self, value: SSAValue) -> SSAValue:
        """The value as one LLVM value: the scalar itself, or a struct of a tensor's registers."""
        regs = self.regs(value)
        if not isinstance(value.type, TensorType | MemDescType):
            return regs[0]
        struct = self.value(llvm.UndefOp(self.struct_type(value.type)))
        for i, reg in enumerate(regs):
            struct = self.value(llvm.InsertValueOp(struct, reg, [i]))
        return struct

    def unpack(self, packed: SSAValue, type: Attribute) -> list[SSAValue]:
        """The registers of `packed`, a value built by `pack` for a TTGIR value of `type`."""
        if not isinstance(type, TensorType | MemDescType):
            return [packed]
        return [
            self.value(llvm.ExtractValueOp(packed, [i])) for i in range(self.num_regs(type))
        ]

    # -- building -------------------------------------------------------------------------------

    def emit(self, op: OpT) -> OpT:
        """Insert `op` at the insertion point, located at the op being lowered."""
        if self.current is not None:
            op.location = self.current.location
        self.builder.insert(op)
        return op

    def value(self, op: Operation) -> SSAValue:
        """Insert a one-result op and return its result."""
        return self.emit(op).results[0]

    def const(self, value: float, type: Attribute) -> SSAValue:
        """`llvm.mlir.constant(value : type) : type` (`index` constants become i32)."""
        if isinstance(type, IndexType):
            type = i32
        if isinstance(type, IntegerType):
            attr: Attribute = _integer_attr(int(value), type)
        else:
            assert isinstance(type, FLOAT_TYPES)
            attr = FloatAttr(float(value), type)
        return self.value(llvm.ConstantOp(attr, type))

    def i32(self, value: int) -> SSAValue:
        return self.const(value, i32)

    def binary(self, cls: type[Operation], lhs: SSAValue, rhs: SSAValue | int) -> SSAValue:
        """An LLVM binary op; an int `rhs` becomes a constant of `lhs`'s type."""
        if isinstance(rhs, int):
            rhs = self.const(rhs, lhs.type)
        return self.value(cls(lhs, rhs))  # type: ignore[call-arg]

    def icmp(self, predicate: str, lhs: SSAValue, rhs: SSAValue | int) -> SSAValue:
        if isinstance(rhs, int):
            rhs = self.const(rhs, lhs.type)
        return self.value(llvm.ICmpOp(predicate, lhs, rhs))

    def and_(self, a: SSAValue | None, b: SSAValue | None) -> SSAValue | None:
        """`a and b`, where None stands for `true`."""
        if a is None:
            return b
        if b is None:
            return a
        return self.value(llvm.AndOp(a, b))

    # -- control flow inside a lowering --------------------------------------------------------------

    def _block_after_current(self, arg_types: Sequence[Attribute]) -> Block:
        """A new block placed right after the one being filled."""
        current = self.builder.insertion_point.block
        head = self._head.get(current, current)
        followers = self._followers.setdefault(head, [])
        position = 0 if current is head else followers.index(current) + 1
        block = Block(arg_types=arg_types)
        followers.insert(position, block)
        self._head[block] = head
        return block

    def emit_if(
        self,
        condition: SSAValue,
        then: Callable[[], Sequence[SSAValue] | None],
        otherwise: Sequence[SSAValue] = (),
    ) -> list[SSAValue]:
        """`if (condition) { then() }` (Triton's `createIfBlock`): what `then` emits runs in a block
        of its own, entered only where `condition` holds. The values `then` returns, or
        `otherwise` when the block is skipped, arrive as arguments of the block that follows,
        where emission goes on."""
        join = self._block_after_current([v.type for v in otherwise])
        body = self._block_after_current([])
        self.emit(
            llvm.CondBrOp(operands=[condition, [], list(otherwise)], successors=[body, join])
        )
        self.builder = Builder(InsertPoint.at_end(body))
        results = then() or ()
        self.emit(llvm.BrOp(join, *results))
        self.builder = Builder(InsertPoint.at_end(join))
        return list(join.args)

    def llvm_blocks(self, blocks: Iterable[Block]) -> list[Block]:
        """The LLVM blocks of lowered TTGIR `blocks`, each followed by the blocks its lowerings
        split off."""
        result: list[Block] = []
        for block in blocks:
            if block in self.blocks:
                head = self.blocks[block]
                result += [head, *self._followers.get(head, [])]
        return result

    def call_intrinsic(
        self, name: str, args: Sequence[SSAValue], result: Attribute | None
    ) -> SSAValue | None:
        """`llvm.call_intrinsic "name"(args)`: an intrinsic with a fixed (unmangled) name."""
        op = self.emit(
            llvm.CallIntrinsicOp.create(
                operands=list(args),
                result_types=[result] if result is not None else [],
                properties={"intrin": StringAttr(name)},
            )
        )
        return op.results[0] if op.results else None

    def stack_pointer(self) -> SSAValue:
        """Where this function's shared memory starts (Triton's `getStackPointer`): `@global_smem`
        in a kernel, the shared-memory argument its caller passed in a device function."""
        if self.shared_memory_argument is not None:
            return self.shared_memory_argument
        return self.value(
            llvm.AddressOfOp(GLOBAL_SMEM, llvm.LLVMPointerType(IntAttr(SHARED_ADDRESS_SPACE)))
        )

    def special_register(self, op_name: str) -> SSAValue:
        """Read a PTX special register through its `nvvm.read.ptx.sreg.*` op."""
        from ttc.dialects.upstream.nvvm import SPECIAL_REGISTER_OPS

        return self.value(SPECIAL_REGISTER_OPS[op_name]())


def constant_int(value: SSAValue) -> int | None:
    """The value of an integer `llvm.mlir.constant`, or None for any other value."""
    owner = value.owner
    if isinstance(owner, llvm.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def pack_vector(lw: FunctionLowering, elems: Sequence[SSAValue]) -> SSAValue:
    """A `vector<N x T>` of `elems`: `insertelement` into an undef vector, as Triton packs."""
    vector_type = VectorType(elems[0].type, [len(elems)])
    vector = lw.value(llvm.UndefOp(vector_type))
    for i, elem in enumerate(elems):
        vector = lw.value(
            llvm.InsertElementOp.create(operands=[vector, elem, lw.i32(i)], result_types=[vector_type])
        )
    return vector


def unpack_vector(lw: FunctionLowering, vector: SSAValue) -> list[SSAValue]:
    """The elements of a `vector<N x T>` value (`extractelement` each)."""
    assert isinstance(vector.type, VectorType)
    element = vector.type.element_type
    return [
        lw.value(llvm.ExtractElementOp.create(operands=[vector, lw.i32(i)], result_types=[element]))
        for i in range(vector.type.get_shape()[0])
    ]


def dense_i32(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i32, list(values))
