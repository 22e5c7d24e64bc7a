"""`convert-nvvm-to-musa`: the NVVM ops the shared lowering emits, as MUSA's `llvm.musa.*` calls.

FlagTree lowers TTGIR for MUSA with Triton's shared patterns and MUSA's `TargetInfo`, whose
thread ids, barriers and shuffles are `llvm.musa.*` intrinsics that mirror NVVM's names
(`llvm.musa.read.ptx.sreg.tid.x`, `llvm.musa.barrier0`). ttc's shared lowering writes NVVM ops;
this pass, run right after it, renames them:

- `nvvm.read.ptx.sreg.<r>` → `llvm.musa.read.ptx.sreg.<r>`;
- `nvvm.barrier0` → `llvm.musa.barrier0`; `nvvm.bar.warp.sync` (a warp's threads meet, in
  code every thread of the CTA runs) → `llvm.musa.barrier0` too, the barrier MUSA documents;
- `nvvm.shfl.sync <kind>` → `llvm.musa.shfl.sync.<kind>.<type>` (NVVM's operands: mask, value,
  offset, clamp);
- the NVVM math the lowering calls by name: `llvm.nvvm.div.full` → `fdiv`,
  `llvm.nvvm.ex2.approx.f(32)` → `llvm.exp2.f32`.

- libdevice calls (`__nv_sqrtf`, ...) whose meaning an LLVM intrinsic states exactly become that
  intrinsic (`llvm.sqrt.f32`); MUSA links its own libdevice (`__mt_*`) into the IR it compiles.

Anything else NVIDIA-only (other `nvvm` ops, `llvm.nvvm.*` intrinsics, other `__nv_*` functions,
PTX inline assembly) is an error at the op: the module cannot run on MUSA as it is.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation

from ttc.conversion.tritongpu_to_llvm.masked_memory import mangled
from ttc.dialects.upstream import llvm, nvvm
from ttc.ir.diagnostics import op_error
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass

RENAMED_INTRINSICS: dict[str, str] = {
    "llvm.nvvm.ex2.approx.f": "llvm.exp2.f32",
    "llvm.nvvm.ex2.approx.f32": "llvm.exp2.f32",
    "llvm.nvvm.ex2.approx.ftz.f": "llvm.exp2.f32",
}
"""NVVM intrinsics called by name in the shared lowering → MUSA's (generic LLVM) equivalent."""

LIBDEVICE_INTRINSICS: dict[str, str] = {
    **{f"__nv_{f}f": f"llvm.{f}.f32" for f in ("sqrt", "fabs", "floor", "ceil", "rint", "trunc",
                                                "fma", "exp2", "copysign")},
    **{f"__nv_{f}": f"llvm.{f}.f64" for f in ("sqrt", "fabs", "floor", "ceil", "rint", "trunc",
                                               "fma", "exp2", "copysign")},
}
"""libdevice functions that are exactly an LLVM intrinsic (IEEE results both ways)."""


def _call(name: str, op: Operation) -> Operation:
    return llvm.CallIntrinsicOp.create(
        operands=list(op.operands), result_types=[r.type for r in op.results],
        properties={"intrin": StringAttr(name)})


def musa_equivalent(op: Operation) -> Operation | None:
    """The MUSA form of one NVIDIA-specific op, None if `op` is not NVIDIA-specific; raises when
    it has none."""
    if isinstance(op, nvvm.SpecialRegisterOp):
        return _call(f"llvm.musa.read.ptx.sreg.{op.REGISTER}", op)
    if isinstance(op, nvvm.Barrier0Op):
        return _call("llvm.musa.barrier0", op)
    if isinstance(op, nvvm.BarWarpSyncOp):
        return llvm.CallIntrinsicOp.create(properties={"intrin": StringAttr("llvm.musa.barrier0")})
    if isinstance(op, nvvm.ShflOp) and op.return_value_and_is_valid is None:
        kind = op.kind.value
        return _call(f"llvm.musa.shfl.sync.{kind}.{mangled(op.val.type)}", op)
    if isinstance(op, llvm.CallIntrinsicOp) and op.intrin.data.startswith("llvm.nvvm."):
        name = op.intrin.data
        if name == "llvm.nvvm.div.full":
            return llvm.FDivOp(op.operands[0], op.operands[1])
        if name in RENAMED_INTRINSICS:
            return _call(RENAMED_INTRINSICS[name], op)
        raise op_error(op, f"'{name}' has no MUSA equivalent")
    if isinstance(op, llvm.CallOp) and op.callee is not None:
        callee = op.callee.string_value()
        if callee in LIBDEVICE_INTRINSICS:
            return llvm.CallIntrinsicOp.create(
                operands=list(op.operands), result_types=[r.type for r in op.results],
                properties={"intrin": StringAttr(LIBDEVICE_INTRINSICS[callee])})
        if callee.startswith("__nv_"):
            raise op_error(op, f"the libdevice function '{callee}' has no MUSA equivalent in "
                               "ttc yet")
    if isinstance(op, llvm.InlineAsmOp):
        raise op_error(op, "PTX inline assembly cannot run on MUSA")
    if op.dialect_name() == "nvvm":
        raise op_error(op, f"'{op.name}' has no MUSA equivalent")
    return None


class ConvertNVVMToMusaPass(
    TtcPass, name="convert-nvvm-to-musa", summary="Turn NVVM special registers, barriers and shuffles into llvm.musa.*"
):
    """Rename the shared lowering's NVVM ops to MUSA intrinsics (module docstring)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for inner in list(walk(op)):
            replacement = musa_equivalent(inner)
            if replacement is None:
                continue
            block = inner.parent_block()
            assert block is not None
            block.insert_op_before(replacement, inner)
            for old, new in zip(inner.results, replacement.results, strict=True):
                old.replace_all_uses_with(new)
            block.erase_op(inner)
        _drop_unused_libdevice_declarations(op)


def _drop_unused_libdevice_declarations(module: ModuleOp) -> None:
    called = {o.callee.string_value() for o in walk(module)
              if isinstance(o, llvm.CallOp) and o.callee is not None}
    for func in list(module.body.block.ops):
        if isinstance(func, llvm.FuncOp) and not func.body.blocks \
                and func.sym_name.data.startswith("__nv_") and func.sym_name.data not in called:
            module.body.block.erase_op(func)
