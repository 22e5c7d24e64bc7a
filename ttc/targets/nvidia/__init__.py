"""The NVIDIA (CUDA) target."""
