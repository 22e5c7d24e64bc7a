"""Writing what ttc produces: each output file whole, and each kept stage of a compile.

`write_output` writes through a temporary file in the target's directory and a rename, so a
reader (or a Makefile after a failed build) never sees a partial file; `-` is standard output.
`dump_writer` is the `keep` callback of a compile (`CompileOptions.keep`) that `--dump-dir` and
the Triton integration's dump folder use: every stage becomes a file in one directory.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from ttc.ir.errors import TtcError


def write_output(path: str, text: str | bytes) -> None:
    """Write `text` (or bytes) to `path` whole (stdout for `-`); TtcError if it cannot be written."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    if path == "-":
        if isinstance(text, str):
            sys.stdout.write(text)
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(text)
        sys.stdout.flush()
        return
    target = Path(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise TtcError(f"cannot write output file '{path}': {error.strerror}") from None
    try:
        if mode is not None and not stat.S_ISREG(mode):
            with open(target, "wb") as stream:
                stream.write(data)
            return
        directory = target.parent
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                             dir=directory)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            if mode is not None:
                os.chmod(temp_name, stat.S_IMODE(mode))
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(temp_name, 0o666 & ~umask)
            os.replace(temp_name, target)
        except BaseException:
            os.unlink(temp_name)
            raise
    except OSError as error:
        raise TtcError(f"cannot write output file '{path}': {error.strerror or error}") \
            from None


def dump_writer(dump_dir: str, prefix: str | None = None) -> Callable[[str, str | bytes], None]:
    """Writes each stage into `dump_dir`, created when the first stage is ready.

    The driver names a stage `<kernel>.<suffix>`; with `prefix` the file is
    `<prefix>.<kernel>.<suffix>`.
    """
    directory = Path(dump_dir)

    def keep(name: str, data: str | bytes) -> None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise TtcError(f"cannot create dump directory '{dump_dir}': "
                           f"{error.strerror or error}") from None
        if prefix is not None:
            name = f"{prefix}.{name}"
        write_output(str(directory / name), data)

    return keep
