"""Global atomics: `tt.atomic_rmw` and `tt.atomic_cas` → PTX `atom` (Triton's NVIDIA
`AtomicRMWOpConversion` and `AtomicCASOpConversion` in LoadStoreOpToLLVM.cpp, with the PTX strings
of AtomicPTXBuilder.h and the result staging of `broadcastScalarAtomicResult` and
`finalizeTensorAtomicResults`).

* **One atomic per element.** Only the first copy of each element issues it: registers that repeat
  another register are skipped (they take its result), and threads holding a copy another thread
  holds are predicated off (`emitRedundantThreadPredicate`), as is every masked-off element. A
  scalar atomic is issued by thread 0 alone.
* **The instruction.** `@p atom.global.<scope>.<sem>.<op>[.vN].<type> $0, [ $1 + 0 ], $2;` with
  the output first set to zero (`mov.u32 $0, 0x0;`); integer `max/min` are `.s`, `umax/umin` are
  `max/min.u`, `add` is `.u`, bitwise ops and `exch` are `.b`, and `fadd` is `add.f32` or
  `add.noftz.f16`/`.bf16`. Where the pointers are contiguous, f16 pairs go as one `f16x2` atomic
  (sm_60+), and on sm_90 with PTX 8.1 `fadd` on f16/bf16/f32 takes a `.v2/.v4/.v8` vector of
  contiguous elements. A bf16 `fadd` before sm_90 is an `llvm.atomicrmw` in a block of its own
  (LLVM expands it into a compare-and-swap loop). `tt.atomic_cas` is
  `atom.global.<sem>.<scope>.cas.bN $0, [ $1 + 0 ], $2, $3;`.
* **Dead results.** An atomic whose result nothing reads is still an `atom` with an output
  register, as in Triton 3.6 (whose language tests look for `atom.global.<scope>.<sem>` in the PTX;
  `red` is later Triton's choice). A scalar `add`/`fadd` of the constant 0 that is relaxed or
  acquire is a plain `ld.global.<scope>.<sem>.bN` (Triton's `isPromotableToNVPTXLD`), and nothing at
  all when its result is dead (Triton's load then has no user and is dropped).
* **Ordering.** A release or acq_rel atomic has a CTA barrier before it; an acquire or acq_rel one
  a barrier after it, unless the result staging below already ends with one (later Triton's
  `insertAtomicOrderingBarriers`; Triton 3.6 has none).
* **Result staging.** Where threads that did not issue the atomic read its result (a scalar, or a
  tensor whose layout holds copies of elements), the issuing threads write their results into the
  op's scratch buffer (sized by `ttc.analysis.allocation.atomic_scratch_bytes`, Triton's
  `getRepShapeForAtomic`), then `bar.sync`, then every thread reads what it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    TensorType,
    VectorType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ttc.analysis.allocation import atomic_scratch_bytes
from ttc.conversion.tritongpu_to_llvm.indices import (
    distinct_registers,
    emit_indices,
    linearize,
    redundant_thread_predicate,
    scalar_free_masks,
)
from ttc.conversion.tritongpu_to_llvm.load_store import vector_size
from ttc.conversion.tritongpu_to_llvm.lowering import (
    FLOAT_TYPES,
    FunctionLowering,
    bit_width,
    pack_vector,
    unpack_vector,
)
from ttc.conversion.tritongpu_to_llvm.ptx import PtxInstruction, operand_list
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.conversion.tritongpu_to_llvm.shared_memory import (
    barrier,
    gep,
    load_shared,
    shared_base,
    store_shared,
)
from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.types import MemSemantic, MemSyncScope, RMWOp
from ttc.dialects.upstream import arith, llvm
from ttc.layouts.order import layout_order

_INTEGER_KINDS = frozenset(
    {RMWOp.AND, RMWOp.OR, RMWOp.XOR, RMWOp.ADD, RMWOp.MAX, RMWOp.MIN, RMWOp.UMAX, RMWOp.UMIN}
)
_BITWISE_KINDS = frozenset({RMWOp.AND, RMWOp.OR, RMWOp.XOR, RMWOp.XCHG})
_LLVM_BIN_OPS = {
    RMWOp.AND: "_and", RMWOp.OR: "_or", RMWOp.XOR: "_xor", RMWOp.ADD: "add",
    RMWOp.FADD: "fadd", RMWOp.MAX: "max", RMWOp.MIN: "min", RMWOp.UMAX: "umax",
    RMWOp.UMIN: "umin", RMWOp.XCHG: "xchg",
}  # fmt: skip
_LLVM_ORDERINGS = {
    MemSemantic.RELAXED: "monotonic", MemSemantic.ACQUIRE: "acquire",
    MemSemantic.RELEASE: "release", MemSemantic.ACQUIRE_RELEASE: "acq_rel",
}  # fmt: skip
_LLVM_SCOPES = {MemSyncScope.GPU: "device", MemSyncScope.CTA: "block"}
_REGISTER_CODES = {16: "h", 32: "r", 64: "l"}
_MOV_BITS = {"c": 16, "h": 16, "r": 32, "l": 64}


def _register_code(bits: int) -> str:
    """The inline-asm constraint of a `bits`-wide operand (Triton's `getPtxRegisterSizeCode`)."""
    return _REGISTER_CODES[bits]


def _zero_output(asm: PtxInstruction, code: str) -> str:
    """A new output operand, first set to zero (Triton's `newOperand(constraint, init=true)`)."""
    out = asm.output(code)
    asm.lines.append(f"mov.u{_MOV_BITS[code]} {out}, 0x0;")
    return out


def _guard(asm: PtxInstruction, predicate: SSAValue | None) -> str:
    return "" if predicate is None else f"@{asm.input(predicate, 'b')} "


# -- what both ops share ------------------------------------------------------------------------


def _registers(lw: FunctionLowering, type: Attribute) -> tuple[list[int], list[int]]:
    """The registers that issue an atomic, and for every register the one whose result it takes."""
    if not isinstance(type, TensorType):
        return [0], [0]
    return distinct_registers(lw.layout(type))


def _thread_predicate(lw: FunctionLowering, ptr: SSAValue) -> SSAValue | None:
    """True on the one thread of each group holding the same pointers (thread 0 for a scalar)."""
    if isinstance(ptr.type, TensorType):
        free = lw.layout(ptr.type).get_free_variable_masks()
    else:
        free = scalar_free_masks(lw)
    return redundant_thread_predicate(lw, free)


def _check_global(lw: FunctionLowering, op: Operation, ptr: SSAValue) -> None:
    pointer = lw.llvm_type(ptr.type)
    if not isinstance(pointer, llvm.LLVMPointerType) or pointer.addr_space.data != 1:
        raise lw.cannot_lower(op)


def _with_ordering(
    lw: FunctionLowering, op: Operation, sem: MemSemantic, emit: Callable[[bool], None]
) -> None:
    """Emit the atomic (`emit(staged)`) between the CTA barriers its semantic asks for (Triton's
    `insertAtomicOrderingBarriers`). `staged`: its result goes through shared memory, whose
    barrier then stands for the one after."""
    staged = atomic_scratch_bytes(op) > 0
    if lw.num_ctas > 1 and (staged or sem is not MemSemantic.RELAXED):
        raise lw.cannot_lower(op)
    if sem in (MemSemantic.RELEASE, MemSemantic.ACQUIRE_RELEASE):
        barrier(lw)
    emit(staged)
    if sem in (MemSemantic.ACQUIRE, MemSemantic.ACQUIRE_RELEASE) and not staged:
        barrier(lw)


def _bind_result(
    lw: FunctionLowering,
    op: Operation,
    results: dict[int, SSAValue],
    canonical: Sequence[int],
    store_predicate: SSAValue | None,
    staged: bool,
) -> None:
    """Bind the op's result; where `staged`, through the scratch buffer: the issuing threads
    (`store_predicate`) write, `bar.sync`, every thread reads what it holds."""
    result = op.results[0]
    if not result.uses:
        return
    if not staged:
        lw.bind(result, [results[r] for r in canonical])
        return
    base = shared_base(lw, op)
    value_type = lw.llvm_type(result.type)
    if not isinstance(result.type, TensorType):
        store_shared(lw, base, results[0], store_predicate)
        barrier(lw)
        lw.bind(result, [load_shared(lw, base, value_type, None)])
        return
    layout = lw.layout(result.type)
    shape, order = result.type.get_shape(), layout_order(layout)
    indices = emit_indices(lw, layout)
    pointers = {
        r: gep(lw, base, value_type, linearize(lw, indices[r], shape, order)) for r in results
    }
    for r, value in results.items():
        store_shared(lw, pointers[r], value, store_predicate)
    barrier(lw)
    loaded = {r: load_shared(lw, pointer, value_type, None) for r, pointer in pointers.items()}
    lw.bind(result, [loaded[r] for r in canonical])


# -- tt.atomic_rmw --------------------------------------------------------------------------------


def _check_rmw_type(lw: FunctionLowering, op: Operation, kind: RMWOp, type: Attribute) -> None:
    """The element types PTX has the atomic for."""
    is_int = isinstance(type, IntegerType)
    bits = bit_width(type) if is_int or isinstance(type, FLOAT_TYPES) else 0
    if kind is RMWOp.FADD:
        ok = isinstance(type, FLOAT_TYPES)
    elif kind in _INTEGER_KINDS:
        ok = is_int and bits in (32, 64)
    else:
        ok = bits in (32, 64)
    if not ok:
        raise lw.cannot_lower(op)


def _vectorizable(lw: FunctionLowering, kind: RMWOp, type: Attribute) -> bool:
    """Vector atomics (`.v2/.v4/.v8`): `fadd` on f16/bf16/f32 from sm_90 and PTX 8.1 on
    (Triton's `supportsVectorized`)."""
    return (
        lw.target.compute_capability >= 90
        and lw.target.ptx_version >= 81
        and kind is RMWOp.FADD
        and isinstance(type, Float16Type | BFloat16Type | Float32Type)
    )


def _is_zero_constant(value: SSAValue) -> bool:
    """`arith.constant 0` (integer or float, either sign)."""
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp):
        return False
    attr = owner.properties.get("value")
    if isinstance(attr, IntegerAttr):
        return attr.value.data == 0
    return isinstance(attr, FloatAttr) and attr.value.data == 0.0


def _rmw_instruction(
    kind: RMWOp, sem: MemSemantic, scope: MemSyncScope, type: Attribute, vec: int, packed: int
) -> str:
    """`atom.global.gpu.acq_rel.add.f32` and the like (Triton's `emitPtxAtomicRMWImpl`)."""
    bits = bit_width(type)
    name = kind.keyword
    if kind in _BITWISE_KINDS:
        suffix = f"b{bits}"
    elif kind is RMWOp.ADD:
        suffix = f"u{bits}"
    elif kind is RMWOp.FADD:
        name = "add.noftz" if bits == 16 else "add"
        suffix = ("bf" if isinstance(type, BFloat16Type) else "f") + str(bits)
        suffix += "x2" if packed == 2 and bits == 16 else ""
    elif kind in (RMWOp.MAX, RMWOp.MIN):
        suffix = f"s{bits}"
    else:
        name = "max" if kind is RMWOp.UMAX else "min"
        suffix = f"u{bits}"
    parts = ["atom", "global", scope.keyword, sem.keyword, name]
    if vec > 1:
        parts.append(f"v{vec}")
    return ".".join([*parts, suffix])


def _rmw_ptx(
    lw: FunctionLowering, instruction: str, type: Attribute, ptr: SSAValue,
    values: Sequence[SSAValue], predicate: SSAValue | None, vec: int, packed: int,
) -> list[SSAValue]:
    """One `atom` over `values` (a vector of `vec`, or `packed` elements in one register); returns
    the old values."""
    asm = PtxInstruction()
    code = _register_code(bit_width(type) * packed)
    outs = [_zero_output(asm, code) for _ in range(vec)]
    address = asm.input(ptr, "l")
    if vec > 1:
        operand = operand_list([asm.input(v, code) for v in values])
    elif packed > 1:
        operand = asm.input(pack_vector(lw, values), code)
    else:
        operand = asm.input(values[0], code)
    guard = _guard(asm, predicate)
    destination = operand_list(outs) if vec > 1 else outs[0]
    asm.lines.append(f"{guard}{instruction} {destination}, [ {address} + 0 ], {operand};")
    if vec > 1:
        result = asm.launch(lw, llvm.LLVMStructType([type] * vec))
        assert result is not None
        return [lw.value(llvm.ExtractValueOp(result, [k])) for k in range(vec)]
    if packed > 1:
        result = asm.launch(lw, VectorType(type, [packed]))
        assert result is not None
        return unpack_vector(lw, result)
    result = asm.launch(lw, type)
    assert result is not None
    return [result]


def _rmw_llvm(
    lw: FunctionLowering, kind: RMWOp, sem: MemSemantic, scope: MemSyncScope, type: Attribute,
    ptr: SSAValue, value: SSAValue, predicate: SSAValue | None,
) -> SSAValue:
    """`llvm.atomicrmw` in a block entered where `predicate` holds (undef elsewhere): the bf16
    `fadd` before sm_90, which LLVM expands into a compare-and-swap loop."""
    properties: dict[str, Attribute] = {
        "bin_op": IntegerAttr(llvm.ATOMIC_BIN_OPS.index(_LLVM_BIN_OPS[kind]), i64),
        "ordering": IntegerAttr(llvm.ATOMIC_ORDERINGS[_LLVM_ORDERINGS[sem]], i64),
    }
    if scope in _LLVM_SCOPES:
        properties["syncscope"] = StringAttr(_LLVM_SCOPES[scope])

    def atomic() -> list[SSAValue]:
        return [
            lw.value(
                llvm.AtomicRMWOp.create(
                    operands=[ptr, value], result_types=[type], properties=properties
                )
            )
        ]

    if predicate is None:
        return atomic()[0]
    return lw.emit_if(predicate, atomic, [lw.value(llvm.UndefOp(type))])[0]


def _load_instead(
    lw: FunctionLowering, sem: MemSemantic, scope: MemSyncScope, type: Attribute, ptr: SSAValue,
    predicate: SSAValue | None,
) -> SSAValue:
    """`ld.global.<scope>.<sem>.bN`: an atomic add of zero only reads (Triton's
    `isPromotableToNVPTXLD` and NVGPU's `LoadAcquireOp` lowering)."""
    bits = max(8, bit_width(type))
    code = {64: "l", 32: "r"}.get(bits, "c")
    asm = PtxInstruction()
    out = _zero_output(asm, code)
    address = asm.input(ptr, "l")
    guard = _guard(asm, predicate)
    asm.lines.append(f"{guard}ld.global.{scope.keyword}.{sem.keyword}.b{bits} {out}, [ {address} + 0 ];")
    word = asm.launch(lw, IntegerType(bits))
    assert word is not None
    return word if word.type == type else lw.value(llvm.BitcastOp(word, type))


@lowers("tt.atomic_rmw")
def _atomic_rmw(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.AtomicRMWOp)
    kind = RMWOp.from_attr(op.atomic_rmw_op)
    sem = MemSemantic.from_attr(op.sem)
    scope = MemSyncScope.from_attr(op.scope)
    assert isinstance(kind, RMWOp) and isinstance(sem, MemSemantic) and isinstance(scope, MemSyncScope)
    _check_global(lw, op, op.ptr)
    type = lw.llvm_type(op.val.type)
    _check_rmw_type(lw, op, kind, type)
    bits = bit_width(type)
    tensor = isinstance(op.val.type, TensorType)
    vec = packed = 1
    if tensor:
        assert lw.axis_info is not None
        vec = vector_size(lw, lw.axis_info, op.ptr, op.mask, bits)
        if not _vectorizable(lw, kind, type):
            packed = min(vec, 2 if isinstance(type, Float16Type) else 1)
            vec = 1
    load_instead = (
        not tensor
        and kind in (RMWOp.ADD, RMWOp.FADD)
        and sem in (MemSemantic.RELAXED, MemSemantic.ACQUIRE)
        and _is_zero_constant(op.val)
    )
    if load_instead and not op.result.uses:
        return  # a load nobody reads: Triton's dead `nvgpu.ld_acquire` is dropped
    through_llvm = isinstance(type, BFloat16Type) and lw.target.compute_capability < 90
    unique, canonical = _registers(lw, op.val.type)
    ptrs, values = lw.regs(op.ptr), lw.regs(op.val)
    masks = lw.regs(op.mask) if op.mask is not None else None
    instruction = _rmw_instruction(kind, sem, scope, type, vec, packed)

    def emit(staged: bool) -> None:
        thread_predicate = _thread_predicate(lw, op.ptr)
        results: dict[int, SSAValue] = {}
        predicate = thread_predicate
        step = vec * packed
        for start in range(0, len(unique), step):
            chunk = unique[start : start + step]
            first = chunk[0]
            predicate = lw.and_(thread_predicate, masks[first] if masks is not None else None)
            if load_instead:
                old = [_load_instead(lw, sem, scope, type, ptrs[first], predicate)]
            elif through_llvm:
                old = [_rmw_llvm(lw, kind, sem, scope, type, ptrs[first], values[first], predicate)]
            else:
                old = _rmw_ptx(
                    lw, instruction, type, ptrs[first], [values[r] for r in chunk], predicate,
                    vec, packed,
                )
            results.update(zip(chunk, old))
        store_predicate = thread_predicate if tensor else predicate
        _bind_result(lw, op, results, canonical, store_predicate, staged)

    _with_ordering(lw, op, sem, emit)


# -- tt.atomic_cas --------------------------------------------------------------------------------


@lowers("tt.atomic_cas")
def _atomic_cas(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.AtomicCASOp)
    sem = MemSemantic.from_attr(op.sem)
    scope = MemSyncScope.from_attr(op.scope)
    assert isinstance(sem, MemSemantic) and isinstance(scope, MemSyncScope)
    _check_global(lw, op, op.ptr)
    type = lw.llvm_type(op.val.type)
    if not isinstance(type, (IntegerType, *FLOAT_TYPES)) or bit_width(type) not in (16, 32, 64):
        raise lw.cannot_lower(op)
    bits = bit_width(type)
    code = _register_code(bits)
    unique, canonical = _registers(lw, op.val.type)
    ptrs, cmps, values = lw.regs(op.ptr), lw.regs(op.cmp), lw.regs(op.val)

    def emit(staged: bool) -> None:
        thread_predicate = _thread_predicate(lw, op.ptr)
        results: dict[int, SSAValue] = {}
        for r in unique:
            asm = PtxInstruction()
            out = _zero_output(asm, code)
            address = asm.input(ptrs[r], "l")
            expected = asm.input(cmps[r], code)
            desired = asm.input(values[r], code)
            guard = _guard(asm, thread_predicate)
            asm.lines.append(
                f"{guard}atom.global.{sem.keyword}.{scope.keyword}.cas.b{bits} "
                f"{out}, [ {address} + 0 ], {expected}, {desired};"
            )
            old = asm.launch(lw, type)
            assert old is not None
            results[r] = old
        _bind_result(lw, op, results, canonical, thread_predicate, staged)

    _with_ordering(lw, op, sem, emit)
