"""Triton's TritonGPU (`ttg`) dialect: layout encodings, the ops on them and the dialect object."""
