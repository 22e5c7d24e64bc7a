"""The cache key of ttc-compiled kernels: what must change when ttc's output could change.

Triton caches a compiled kernel under a key made of the source, Triton itself, the backend and the
options; it does not see which compiler ran the stages after the frontend. ttc adds this
fingerprint to both of Triton's keys (the in-memory one of each `@triton.jit` function and the
on-disk one), so a kernel Triton compiled is never loaded as ttc's, nor ttc's as Triton's, and a
change to ttc's sources, to the pipelines file or to the integration's options recompiles.

It mirrors Triton's own `triton_key()`: a hash of every source file of the compiler, which
`ttc.cache.ttc_version` computes (with the pipelines file's hash, the part of ttc's own compile
cache keys that the integration shares).
"""

from __future__ import annotations

import hashlib

from ttc.cache import default_cache_dir, pipelines_hash, ttc_version
from ttc.triton.options import IntegrationOptions


def fingerprint(options: IntegrationOptions) -> str:
    """The key text of everything that decides ttc's output besides Triton's own key."""
    from ttc import __version__

    version = ttc_version(default_cache_dir() if options.cache else None)
    return (f"ttc-{__version__}-{version}-{pipelines_hash(options.pipelines_file)}"
            f"-{options.target}-{options.dump_dir}-{int(options.fallback)}-{options.mma}")


def fingerprint_hash(options: IntegrationOptions) -> str:
    """SHA-256 of `fingerprint(options)`."""
    return hashlib.sha256(fingerprint(options).encode()).hexdigest()
