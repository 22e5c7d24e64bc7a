"""ttc: a Triton compiler driver (triton-opt and triton-translate as one command)."""

__version__ = "0.1.0"
