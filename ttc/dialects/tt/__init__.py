"""Triton's `tt` dialect: its types, ops and their syntax and verifiers (Triton's `TritonOps.td`)."""
