"""Dialects ttc understands: Triton's tt/ttg/ttng plus the upstream MLIR dialects they use."""
