"""The cache key of ttc-compiled kernels: what must change when ttc's output could change.

Triton caches a compiled kernel under a key made of the source, Triton itself, the backend and the
options; it does not see which compiler ran the stages after the frontend. ttc adds this
fingerprint to both of Triton's keys (the in-memory one of each `@triton.jit` function and the
on-disk one), so a kernel Triton compiled is never loaded as ttc's, nor ttc's as Triton's, and a
change to ttc's sources, to the pipelines file or to the integration's options recompiles.

It mirrors Triton's own `triton_key()`: a hash of every source file of the compiler.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from ttc.triton.options import IntegrationOptions


@cache
def source_hash() -> str:
    """SHA-256 over ttc's Python sources and packaged data (computed once per process)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".yaml") and path.is_file():
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def pipelines_hash(pipelines_file: str | None) -> str:
    """SHA-256 of the pipelines file a compile reads. The file may be edited while a program
    runs, so its state is looked at each time, but it is read again only when its size or
    modification time changed (kernel launches may ask for the key)."""
    from ttc.pipelines.yaml_pipelines import default_pipelines_file

    path = Path(pipelines_file) if pipelines_file else default_pipelines_file()
    try:
        state = path.stat()
    except OSError:
        return "missing:" + str(path)
    return _file_hash(str(path), state.st_mtime_ns, state.st_size)


@cache
def _file_hash(path: str, mtime_ns: int, size: int) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable:" + path


def fingerprint(options: IntegrationOptions) -> str:
    """The key text of everything that decides ttc's output besides Triton's own key."""
    from ttc import __version__

    return (f"ttc-{__version__}-{source_hash()}-{pipelines_hash(options.pipelines_file)}"
            f"-{options.target}-{options.dump_dir}-{int(options.fallback)}")


def fingerprint_hash(options: IntegrationOptions) -> str:
    """SHA-256 of `fingerprint(options)`."""
    return hashlib.sha256(fingerprint(options).encode()).hexdigest()
