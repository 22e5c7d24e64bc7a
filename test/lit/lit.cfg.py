"""lit configuration for ttc's FileCheck tests.

RUN lines are written as in Triton's own tests with `triton-opt` replaced by `ttc opt`; `FileCheck`
is the Python port (`filecheck`), run with `--enable-var-scope` as Triton's lit setup does.

Both are Python programs whose start-up (imports) costs more than most RUN lines' work, so the
`ttc` and `FileCheck` that RUN lines call are clients of one fork server started here
(tools/forkserver.py), which has both imported; without the server they are the programs
themselves.
"""

import atexit
import os
import shlex
import shutil
import subprocess
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


def start_fork_server(commands):
    """Start tools/forkserver.py for this lit run and write a client script for each of
    `commands` (program name -> its own shell command, the fallback); the scripts' folder, or
    None if the server did not start. The server and the folder go when lit exits."""
    folder = tempfile.mkdtemp(prefix="ttc-lit-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    script = os.path.join(config.test_source_root, "tools", "forkserver.py")
    socket_path = os.path.join(folder, "socket")
    server = subprocess.Popen([sys.executable, script, "serve", socket_path],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env=dict(config.environment), cwd=folder)

    def stop():
        server.stdin.close()
        server.wait()

    atexit.register(stop)
    if server.stdout.readline() != b"ready\n":
        return None
    bin_folder = os.path.join(folder, "bin")
    os.mkdir(bin_folder)
    for name, fallback in commands.items():
        path = os.path.join(bin_folder, name)
        with open(path, "w", encoding="utf-8") as client:
            client.write("#!/bin/sh\nexec " + shlex.join(
                [sys.executable, "-S", "-I", script, "call", socket_path, name, fallback])
                + ' "$@"\n')
        os.chmod(path, 0o755)
    return bin_folder


clients = start_fork_server({"ttc": ttc, "filecheck": filecheck})
if clients is not None:
    config.environment["PATH"] = os.pathsep.join(
        [clients, config.environment.get("PATH", os.defpath)])
    ttc = os.path.join(clients, "ttc")
    filecheck = os.path.join(clients, "filecheck")
config.substitutions.append(("FileCheck", filecheck))
config.substitutions.append(("%ttc", ttc))
config.substitutions.append(("%python", sys.executable))

try:  # tests that link libdevice (`REQUIRES: libdevice`) need one on this machine
    from ttc.targets.nvidia.libdevice import find_libdevice

    find_libdevice(None)
    config.available_features.add("libdevice")
except Exception:  # noqa: BLE001 (no libdevice, or ttc not importable by lit's Python)
    pass

try:  # tests that assemble a cubin (`REQUIRES: ptxas`) need ptxas on this machine
    from ttc.targets.nvidia.ptxas import find_ptxas

    find_ptxas()
    config.available_features.add("ptxas")
except Exception:  # noqa: BLE001 (no ptxas, or ttc not importable by lit's Python)
    pass
