"""The compile cache: a finished compile's results on disk, found again by what decided them.

Triton keeps every compiled kernel under a hash of its source, the compiler's own sources, the
backend and the options (`triton.runtime.cache`, `triton_key()`); this is ttc's counterpart, used
by `ttc compile` (through `ttc.compile_driver.compile_source`), the Python API (`ttc.compile`)
and the Triton integration (`ttc.triton.stages`).

An entry's key is a SHA-256 over

* the input's bytes as read (never parsed: a hit loads neither xDSL nor llvmlite),
* the options that decide the output (target string and its tool set-up, stage or artifact, warps,
  stages, CTAs, ...; the caller names them),
* the pipelines file the compile would read (its bytes), and
* ttc's version (`ttc_version`): a hash of ttc's own Python sources and data, with the versions
  of xDSL and llvmlite.

An entry holds the output, the kernel's name, the launch metadata and, when the compile was asked
to keep them (`--dump-dir`), every kept stage by file name. An entry made without the stages does
not answer a request that needs them: that compile runs again and its entry replaces the old one.

Entries live in `TTC_CACHE_DIR`, by default `$XDG_CACHE_HOME/ttc` (`~/.cache/ttc`), as
`entries/<2 hex>/<key>`. A file is written to a temporary name in its final directory and
renamed over the entry (`os.replace`), so many processes may write the same entry at once and a
reader sees a whole file or none. A file holds a magic line, the SHA-256 of the rest, then a JSON
header and the blobs it lists by size; a file that does not check out (truncated, corrupted, an
older format) is a miss, and the rebuilt entry replaces it. The cache never makes a compile fail:
an unwritable cache directory only means nothing is kept.

`ttc_version` hashes the sources once per set of file states: the stat signature of every
source file (path, size, modification time) names a small memo file under `versions/` holding the
hash, so a process that finds its sources unchanged reads them not at all.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ttc.pipelines.location import pipelines_file_path

CACHE_DIR_VARIABLE = "TTC_CACHE_DIR"
"""Where the cache lives; overrides the per-user default."""

MAGIC = b"ttc-cache-entry 1\n"
"""The first line of every entry file; a file with another first line is a miss."""

DEPENDENCIES = ("xdsl", "llvmlite")
"""Packages whose version can change ttc's output (the parser and printer; LLVM)."""

_SOURCE_SUFFIXES = (".py", ".yaml")
_PACKAGE_ROOT = Path(__file__).resolve().parent


def default_cache_dir() -> Path:
    """`$TTC_CACHE_DIR`, else `$XDG_CACHE_HOME/ttc`, else `~/.cache/ttc`."""
    explicit = os.environ.get(CACHE_DIR_VARIABLE)
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "ttc"


def _source_files(root: Path) -> list[tuple[str, os.stat_result]]:
    """(path relative to `root`, stat) of every source file of the package, in a fixed order."""
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(_SOURCE_SUFFIXES):
                path = os.path.join(directory, name)
                found.append((os.path.relpath(path, root).replace(os.sep, "/"), os.stat(path)))
    return found


def _dependency_stats() -> list[tuple[str, str, int, int]]:
    """(package, path, size, mtime) of each dependency's `__init__.py`, found without importing
    it: a reinstall of another version changes them."""
    stats = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin is None:
            stats.append((name, "", 0, 0))
            continue
        state = os.stat(origin)
        stats.append((name, origin, state.st_size, state.st_mtime_ns))
    return stats


def _content_version(root: Path, files: list[tuple[str, os.stat_result]]) -> str:
    """The expensive part of `ttc_version`: every source file's bytes and the dependencies'
    versions."""
    import importlib.metadata

    from ttc import __version__

    digest = hashlib.sha256(f"ttc {__version__}\n".encode())
    for relative, _ in files:
        digest.update(relative.encode() + b"\0")
        digest.update(hashlib.sha256((root / relative).read_bytes()).digest())
    for name in DEPENDENCIES:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "absent"
        digest.update(f"{name} {version}\n".encode())
    return digest.hexdigest()


@cache
def ttc_version(memo_dir: Path | None = None, root: Path = _PACKAGE_ROOT) -> str:
    """A SHA-256 that changes whenever ttc's sources (under `root`), its packaged data or the
    versions of its dependencies do: the "compiler" part of every cache key. Computed once per
    process (a running process keeps the code it imported).

    With `memo_dir`, the hash is remembered there under the stat signature of the files, so an
    unchanged installation is recognised by stat calls alone (see the module docstring).
    """
    files = _source_files(root)
    signature = hashlib.sha256(f"{root}\n".encode())
    for relative, state in files:
        signature.update(f"{relative}\0{state.st_size}\0{state.st_mtime_ns}\n".encode())
    for name, origin, size, mtime in _dependency_stats():
        signature.update(f"{name}\0{origin}\0{size}\0{mtime}\n".encode())
    memo = memo_dir / "versions" / signature.hexdigest() if memo_dir is not None else None
    if memo is not None:
        try:
            known = memo.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError):
            known = ""
        if len(known) == 64 and all(c in "0123456789abcdef" for c in known):
            return known
    version = _content_version(root, files)
    if memo is not None:
        _write_atomically(memo, version.encode("ascii"))
    return version


@cache
def _file_hash(path: str, mtime_ns: int, size: int) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable:" + path


def pipelines_hash(pipelines_file: str | None) -> str:
    """SHA-256 of the pipelines file a compile given `pipelines_file` reads (`missing:<path>` if
    there is none). Its state is looked at each time, so an edit is seen at once, but it is read
    again only when its size or modification time changed."""
    path = pipelines_file_path(pipelines_file)
    try:
        state = path.stat()
    except OSError:
        return "missing:" + str(path)
    return _file_hash(str(path.resolve()), state.st_mtime_ns, state.st_size)


def file_identity(path: str | os.PathLike[str] | None) -> str:
    """A tool's or a library's identity for a key: its path, size and modification time."""
    if path is None:
        return "none"
    try:
        state = os.stat(path)
    except OSError:
        return f"missing:{path}"
    return f"{os.path.abspath(path)}:{state.st_size}:{state.st_mtime_ns}"


@dataclass(frozen=True)
class Entry:
    """What a compile produced: the output, the kernel's name, the launch metadata (None before
    LLVM IR) and, when it kept them, the kept stages by file name (None when it did not)."""

    output: str | bytes
    kernel: str
    metadata: dict[str, Any] | None
    stages: dict[str, str | bytes] | None = None


class CompileCache:
    """The entries under one directory (see the module docstring)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()

    def key(self, source: bytes, options: Mapping[str, Any],
            pipelines_file: str | None) -> str:
        """The key of compiling `source` with `options` (JSON-able values) and the stages of
        `pipelines_file` (None: the default one)."""
        digest = hashlib.sha256(MAGIC)
        digest.update(ttc_version(self.directory).encode())
        digest.update(pipelines_hash(pipelines_file).encode())
        digest.update(json.dumps(options, sort_keys=True).encode())
        digest.update(b"\0")
        digest.update(source)
        return digest.hexdigest()

    def path(self, key: str) -> Path:
        """Where the entry of `key` is stored."""
        return self.directory / "entries" / key[:2] / key

    def get(self, key: str, need_stages: bool = False) -> Entry | None:
        """The entry of `key`, or None: none stored, one that does not check out, or (with
        `need_stages`) one stored without its stages."""
        try:
            data = self.path(key).read_bytes()
        except OSError:
            return None
        entry = _decode(data)
        if entry is None or (need_stages and entry.stages is None):
            return None
        return entry

    def put(self, key: str, entry: Entry) -> None:
        """Store `entry` under `key`, replacing what was there; nothing if it cannot be written."""
        _write_atomically(self.path(key), _encode(entry))


def _blob(data: str | bytes) -> tuple[bytes, bool]:
    return (data, True) if isinstance(data, bytes) else (data.encode("utf-8"), False)


def _encode(entry: Entry) -> bytes:
    named: list[tuple[str, str | bytes]] = [("", entry.output)]
    if entry.stages is not None:
        named += list(entry.stages.items())
    blobs = []
    listing = []
    for name, data in named:
        raw, binary = _blob(data)
        blobs.append(raw)
        listing.append({"name": name, "size": len(raw), "binary": binary})
    header = {"kernel": entry.kernel, "metadata": entry.metadata,
              "stages": entry.stages is not None, "blobs": listing}
    body = json.dumps(header, sort_keys=True).encode() + b"\n" + b"".join(blobs)
    return MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def _decode(data: bytes) -> Entry | None:
    """The entry a file holds, or None when it is not a whole, intact entry of this format."""
    if not data.startswith(MAGIC):
        return None
    checksum, newline, body = data[len(MAGIC):].partition(b"\n")
    if not newline or hashlib.sha256(body).hexdigest().encode() != checksum:
        return None
    header_text, newline, payload = body.partition(b"\n")
    try:
        header = json.loads(header_text)
        listing = header["blobs"]
        if sum(item["size"] for item in listing) != len(payload) or not listing:
            return None
        values: list[tuple[str, str | bytes]] = []
        offset = 0
        for item in listing:
            raw = payload[offset:offset + item["size"]]
            offset += item["size"]
            values.append((item["name"], raw if item["binary"] else raw.decode("utf-8")))
        stages = dict(values[1:]) if header["stages"] else None
        return Entry(values[0][1], header["kernel"], header["metadata"], stages)
    except (ValueError, KeyError, TypeError):
        return None


def _write_atomically(path: Path, data: bytes) -> None:
    """`data` as `path`, through a temporary file in the same directory and a rename; an
    OSError (read-only or full disk) leaves the cache as it was."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name[:16]}.", suffix=".tmp",
                                             dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temp_name, path)
    except OSError:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
