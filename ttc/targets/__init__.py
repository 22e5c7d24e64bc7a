"""Targets: the plugin contract and the built-in NVIDIA and MUSA targets."""
