"""TTGIR → LLVM dialect for NVIDIA GPUs: Triton's `convert-triton-gpu-to-llvm`.

Design
------
* **Registers, not structs.** A tensor with a distributed layout is, per thread, the list of its
  register values. During the conversion `FunctionLowering.values` maps every TTGIR value to that
  list (a scalar is a list of one); Triton packs the same list into an `!llvm.struct` between
  ops, ttc only where a tensor crosses a block boundary: after `convert-scf-to-cf`, a tensor block
  argument becomes one struct argument, unpacked at the top of its block and packed at branches.
* **Linear layouts are the one index description.** `FunctionLowering.layout(type)` gives the
  `LinearLayout` (register, lane, warp, block) → coordinates of a tensor type; `indices.py` applies
  it: the register part is folded at compile time, the thread part is emitted once from `tid.x`.
  Register-renaming ops (broadcast, expand_dims, reshape, trans) match registers by comparing
  layouts, never by encoding-specific rules.
* **One lowering per op name.** `registry.lowers("tt.splat", ...)` registers a function
  `(lw: FunctionLowering, op) -> None`; the driver (`convert.py`) calls it for each op in
  dominance order. An op without a lowering stops the pass with
  `cannot lower '<op>' for cuda:NN` at the op's location.

Extension API (for a new op family, add a module here; it is imported automatically)::

    @lowers("tt.my_op")
    def _my_op(lw: FunctionLowering, op: Operation) -> None:
        xs = lw.regs(op.operands[0])                      # per-thread registers
        idx = emit_indices(lw, lw.layout(op.operands[0].type))   # coordinates per register
        ys = [lw.value(llvm.FAddOp(x, x)) for x in xs]    # emit LLVM ops (located at `op`)
        lw.bind(op.results[0], ys)

Helpers: `lw.const/i32/binary/icmp/and_/call_intrinsic/special_register`, `lw.pack/unpack`
(struct ⇄ registers), `lw.llvm_type/struct_type/num_regs`, `indices.thread_coordinates/
apply_layout/emit_indices/redundant_thread_predicate`, `ptx.PtxInstruction` (predicated inline
PTX as Triton's PTXBuilder writes it), `lw.cannot_lower(op)` for unsupported cases.

Modules: `convert` (the pass and the function driver, kernel ABI), `control_flow` (tt.return,
cf.br/cond_br), `spmd` (program ids), `view` (constants, make_range, splat, broadcast, expand_dims,
reshape, trans), `elementwise` (arith, math, tt elementwise ops), `math_libdevice` (float
functions through libdevice, extern_elementwise, mulhiui), `fp_conversions` (fp_to_fp, packed
int8 to bf16), `load_store` (addptr, load, store), `inline_asm` (tt.elementwise_inline_asm),
`printing` (tt.print through vprintf), `assertion` (tt.assert through __assertfail), `symbols`
(module-level declarations and constant strings a lowering adds), `mbarrier` (ttng mbarrier
init/inval/expect/arrive/wait), `tma` (TMA copies, bulk waits, device-side tensormaps).
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
