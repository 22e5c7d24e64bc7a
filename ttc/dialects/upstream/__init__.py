"""MLIR's own dialects as Triton's IR uses them (arith, math, scf, gpu, llvm, nvvm)."""
