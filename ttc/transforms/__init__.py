"""Passes over TTIR and TTGIR, one module per pass, named after its Triton flag."""
