"""ttc's IR layer on top of xDSL: context, MLIR-faithful parser and printer, diagnostics."""
