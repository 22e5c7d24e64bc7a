"""The MUSA target (`musa:31`): Moore Threads' PH1 GPUs and their squad-level MMA (SQMMA).

Mirrors the MUSA back end of FlagTree (`third_party/mthreads`): its target strings, its TTGIR
extensions (the `#ttg.mthreads_sqmma` / `#ttg.musa_sqmma` layout and the `ttmg` ops), its
matmul and TME passes, and its LLVM IR conventions (`mtgpu-mt-musa`, `llvm.musa.*`).
"""
