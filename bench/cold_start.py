"""Cold start: `ttc compile` in a new process with nothing cached, as a user's first compile is.

For the vector add to PTX and the 128x128x64 f16 matmul to a cubin (both Triton 3.6 TTIR for
cuda:90; the goals are 0.3 s and 0.8 s of wall time on an idle 2-CPU machine), runs
`python -m ttc compile ... --no-cache` N times and reports the median and minimum of

* the wall time, and
* the CPU time (user + system of the process and its children, ptxas included), which load on a
  shared machine disturbs less than wall time;

with `python -c pass` (the interpreter's own start-up) as the floor. Then, for each compile:

* where its time went: `--mlir-timing`'s rows summed into parse (parser and verifiers, with the
  dialects they load), passes, LLVM (translation, O3, PTX codegen), ptxas, and the rest (the
  driver's imports outside those steps, writing the output), medians of three processes; Python's
  start-up and the command line's imports come before the report's clock starts;
* what its imports cost, from one more process: `python -X importtime`'s own time of each module,
  summed by package
  (xdsl, llvmlite, ttc's subpackages, ...). Imports made inside a step are also counted in that
  step's row above; importtime's bookkeeping inflates these figures a little.

The child processes write bytecode to a temporary `PYTHONPYCACHEPREFIX` (warmed by one run that
is not counted), as an installed ttc has its `.pyc` files, even where `PYTHONDONTWRITEBYTECODE` is
set. Needs ptxas for the cubin (see ttc.targets.nvidia.ptxas).

Usage: python bench/cold_start.py [-n N]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from compile_cache import measure  # bench/ is this script's folder, first on sys.path

ROOT = Path(__file__).resolve().parents[1]

KERNELS = {
    "add -> ptx": (ROOT / "examples" / "add.ttir", "ptx"),
    "matmul 128x128x64 -> cubin": (
        ROOT / "test" / "gpu" / "kernels" / "triton-3.6" / "matmul_f16_128x128x64_w8_s3"
        / "sm90.ttir", "cubin"),
}
"""The compiles measured: input and output suffix (the target is cuda:90)."""

PHASES = {"Parser": "parse", "Verifier": "parse", "LLVM IR translation": "LLVM",
          "LLVM opt (O3)": "LLVM", "PTX codegen": "LLVM", "ptxas": "ptxas", "Rest": "rest"}
"""`--mlir-timing` rows by phase; every other row (but Total) is a pass."""

_TIMING_ROW = re.compile(r"^\s+([0-9.]+) \(\s*[0-9.]+%\)\s+(.+?)\s*$")
_IMPORT_ROW = re.compile(r"^import time:\s+(\d+) \|\s+\d+ \| *(\S+)$")


def phases(command: list[str], env: dict[str, str], runs: int = 3) -> dict[str, float]:
    """Median seconds per phase of `runs` runs of `command` with `--mlir-timing`."""
    samples: dict[str, list[float]] = {}
    for _ in range(runs):
        report = subprocess.run([*command, "--mlir-timing"], env=env, check=True,
                                capture_output=True, text=True).stderr
        totals: Counter[str] = Counter()
        for line in report.splitlines():
            match = _TIMING_ROW.match(line)
            if match is not None and match.group(2) != "Total":
                totals[PHASES.get(match.group(2), "passes")] += float(match.group(1))
        for phase, seconds in totals.items():
            samples.setdefault(phase, []).append(seconds)
    return {phase: statistics.median(values) for phase, values in samples.items()}


def package_of(module: str) -> str:
    """How the import breakdown groups a module: ttc by subpackage, others by top package."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "ttc" and len(parts) > 1 else parts[0]


def import_breakdown(command: list[str], env: dict[str, str]) -> Counter[str]:
    """Seconds of `python -X importtime` self time per package of one run of `command`."""
    trace = subprocess.run([sys.executable, "-X", "importtime", *command[1:]], env=env,
                           check=True, capture_output=True, text=True).stderr
    seconds: Counter[str] = Counter()
    for line in trace.splitlines():
        match = _IMPORT_ROW.match(line)
        if match is not None:
            seconds[package_of(match.group(2))] += int(match.group(1)) / 1e6
    return seconds


def summary(name: str, walls: list[float], cpus: list[float]) -> str:
    return (f"  {name:28s} wall median {statistics.median(walls):.3f} s, min {min(walls):.3f} s; "
            f"CPU median {statistics.median(cpus):.3f} s, min {min(cpus):.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=7, help="runs of each command (default 7)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ttc-cold-start-") as tmp:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        commands = {"python -c pass": [sys.executable, "-c", "pass"]}
        for name, (path, suffix) in KERNELS.items():
            commands[name] = [sys.executable, "-m", "ttc", "compile", str(path),
                              "--target=cuda:90", "-o", str(Path(tmp) / f"out.{suffix}"),
                              "--no-cache"]
            subprocess.run(commands[name], env=env, check=True)
        print(f"cold processes, {args.n} runs each (load average {os.getloadavg()[0]:.1f} at the "
              f"start, {os.cpu_count()} CPUs):")
        for name, command in commands.items():
            print(summary(name, *measure(command, env, args.n)), flush=True)
        for name in KERNELS:
            times = phases(commands[name], env)
            print(f"{name}, steps: " + ", ".join(
                f"{phase} {times.get(phase, 0.0):.3f} s"
                for phase in ("parse", "passes", "LLVM", "ptxas", "rest")))
            imports = import_breakdown(commands[name], env)
            print(f"  imports {sum(imports.values()):.3f} s: " + ", ".join(
                f"{package} {seconds:.3f}" for package, seconds in imports.most_common(12)))


if __name__ == "__main__":
    main()
