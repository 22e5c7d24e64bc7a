"""Analyses: axis info, shared-memory allocation, barriers."""
