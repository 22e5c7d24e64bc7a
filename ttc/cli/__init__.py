"""The ttc command line."""
