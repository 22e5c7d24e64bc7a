"""Conversions between levels: TTIR to TTGIR, TTGIR to the LLVM dialect."""
