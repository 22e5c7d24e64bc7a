"""Compile-cache speed: what a `ttc compile` costs when the cache already holds the result.

For examples/add.ttir (or FILE) to PTX for cuda:90 (or --target/--until), in a temporary cache
directory: one compile fills the cache, then N processes hit it. Reports, each as the median and
the minimum over N runs, the wall time and the CPU time (user + system, which load on a shared
machine disturbs less than wall time) of

* `python -c pass` (the interpreter's own start-up),
* `ttc --version` (click and ttc's command-line shell),
* the cache hit,

and which heavy modules (xDSL's IR and dialects, llvmlite, yaml, ttc's parser) the hit imported,
from `python -X importtime` (there should be none). The goal is a hit under 0.1 s.

The child processes write bytecode to a temporary `PYTHONPYCACHEPREFIX`, as an installed ttc has
its `.pyc` files, even where `PYTHONDONTWRITEBYTECODE` is set.

Usage: python bench/compile_cache.py [FILE] [-n N] [--target cuda:90] [--until ptx]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_INPUT = Path(__file__).resolve().parents[1] / "examples" / "add.ttir"

HEAVY = ("xdsl.ir", "xdsl.dialects", "xdsl.parser", "llvmlite", "yaml", "ttc.ir.parser",
         "ttc.dialects")
"""Modules a cache hit must not import: the compiler itself."""


def measure(command: list[str], env: dict[str, str], runs: int) -> tuple[list[float], list[float]]:
    """(wall seconds, CPU seconds of the process and its children) of `runs` runs of `command`,
    one after another."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", nargs="?", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("-n", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--until", default="ptx", help="the output suffix: ptx, cubin, llir, ttgir")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ttc-cache-bench-") as tmp:
        env = {**os.environ, "TTC_CACHE_DIR": str(Path(tmp) / "cache"),
               "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        compile_command = [sys.executable, "-m", "ttc", "compile", str(args.input.resolve()),
                           f"--target={args.target}", "-o", str(Path(tmp) / f"out.{args.until}")]
        start = time.perf_counter()
        subprocess.run(compile_command, env=env, check=True)
        print(f"{args.input} -> {args.until} for {args.target}: the miss took "
              f"{time.perf_counter() - start:.2f} s (bytecode included)")
        commands = {"python -c pass": [sys.executable, "-c", "pass"],
                    "ttc --version": [sys.executable, "-m", "ttc", "--version"],
                    "cache hit": compile_command}
        for name, command in commands.items():
            walls, cpus = measure(command, env, args.n)
            print(f"  {name:15s} wall median {statistics.median(walls):.3f} s, min "
                  f"{min(walls):.3f} s; CPU median {statistics.median(cpus):.3f} s, min "
                  f"{min(cpus):.3f} s")
        traced = subprocess.run([sys.executable, "-X", "importtime", *compile_command[1:]],
                                env=env, check=True, capture_output=True, text=True)
        imported = {line.rsplit("|", 1)[-1].strip() for line in traced.stderr.splitlines()
                    if line.startswith("import time:")}
        heavy = sorted(m for m in imported if m.startswith(HEAVY))
        print(f"  heavy modules the hit imported: {', '.join(heavy) or 'none'}")


if __name__ == "__main__":
    main()
