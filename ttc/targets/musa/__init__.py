"""The MUSA target (Moore Threads GPUs with SQMMA matrix instructions)."""
