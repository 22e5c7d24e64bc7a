"""lit configuration for ttc's FileCheck tests.

RUN lines are written as in Triton's own tests with `triton-opt` replaced by `ttc opt`; `FileCheck`
is the Python port (`filecheck`), run with `--enable-var-scope` as Triton's lit setup does.
"""

import atexit
import os
import shutil
import sys
import tempfile

import lit.formats

config.name = "ttc"
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir", ".ll", ".test", ".yaml"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
config.environment["PYTHONUNBUFFERED"] = "1"
# `ttc compile` caches its results (ttc.cache): keep this run's entries out of the user's cache.
_cache_dir = tempfile.mkdtemp(prefix="ttc-lit-cache-")
atexit.register(shutil.rmtree, _cache_dir, True)
config.environment["TTC_CACHE_DIR"] = _cache_dir
for var in ("HOME", "PATH", "PYTHONPATH", "TTC_PTXAS", "TTC_LIBDEVICE"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

ttc = shutil.which("ttc") or f"{sys.executable} -m ttc"
filecheck = shutil.which("filecheck") or f"{sys.executable} -m filecheck"
config.substitutions.append(("FileCheck", filecheck))
config.substitutions.append(("%ttc", ttc))
config.substitutions.append(("%python", sys.executable))

try:  # tests that link libdevice (`REQUIRES: libdevice`) need one on this machine
    from ttc.targets.nvidia.libdevice import find_libdevice

    find_libdevice(None)
    config.available_features.add("libdevice")
except Exception:  # noqa: BLE001 (no libdevice, or ttc not importable by lit's Python)
    pass
