"""Dialects ttc understands, one package each for Triton's and one for MLIR's own:

- `tt/`: Triton's `tt` dialect (types, ops, their syntax and verifiers);
- `ttg/`: TritonGPU (`ttg`): layout encodings, the ops on them, and the one `TTG` dialect object;
- `ttng/`: TritonNvidiaGPU (`ttng`): TMA, TMEM, barriers, wgmma and tcgen05;
- `upstream/`: MLIR's arith, math, scf, gpu, llvm and nvvm as Triton's IR uses them;
- `nvgpu.py` (Triton's `nvg`), `tti.py` (its instrumentation ops) and `legacy.py` (the names older
  Triton releases wrote, mapped to today's).

A dialect's core ops are its package's `ops` module (`from ttc.dialects.tt import ops as tt`); the
package `__init__` modules import nothing, so importing one module of a dialect loads only what
that module needs.
"""
