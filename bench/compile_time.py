"""Compile speed: `ttc compile` of a Triton TTIR to a cuda:90 cubin, by default the vector add.

Measures, for test/corpus/triton-3.6/add/sm90.ttir (or FILE, with its --num-warps and
--num-stages; e.g. the 128x128x64 matmul,
test/gpu/kernels/triton-3.6/matmul_f16_128x128x64_w8_s3/sm90.ttir --num-warps 8 --num-stages 3,
which Triton compiles in 0.19 s and ttc should in at most 1.5 s cold):

* in-process: the median and minimum wall time of N compiles through `ttc.compile_driver` once the
  modules are imported and warmed up, with the median of each step (parse, every pass, LLVM IR
  translation, LLVM opt, PTX codegen, ptxas) from one more timed run;
* cold: the median wall time of `python -m ttc compile ... -o x.cubin --no-cache` in a new
  process (imports included), as a user sees it the first time (bench/compile_cache.py measures
  the compile cache's hits).

The target for the add is 0.5 s. Needs ptxas (see ttc.targets.nvidia.ptxas); use --until=ptx
without one.

Usage: python bench/compile_time.py [FILE] [-n N] [--cold N] [--target cuda:90] [--until cubin]
                                    [--num-warps W] [--num-stages S]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ttc.compile_driver import CompileOptions, compile_source
from ttc.pipelines.runner import Timing
from ttc.targets.base import parse_target

DEFAULT_INPUT = Path(__file__).resolve().parents[1] / "test" / "corpus" / "triton-3.6" / "add" / "sm90.ttir"


def options_for(target: str, until: str, warps: int | None, stages: int,
                timing: Timing | None = None) -> CompileOptions:
    return CompileOptions(target=parse_target(target), until=until, num_warps=warps,
                          num_stages=stages, timing=timing)


def in_process(text: str, filename: str, target: str, until: str, runs: int,
               warps: int | None, stages: int) -> list[float]:
    """Wall seconds of `runs` compiles in this process (after one warm-up)."""
    times = []
    for _ in range(runs + 1):
        options = options_for(target, until, warps, stages)
        start = time.perf_counter()
        compile_source(text, filename, options)
        times.append(time.perf_counter() - start)
    return times[1:]


def step_times(text: str, filename: str, target: str, until: str, warps: int | None,
               stages: int) -> list[tuple[str, float]]:
    """(step, seconds) of one timed compile, as `--mlir-timing` reports them."""
    timing = Timing()
    compile_source(text, filename, options_for(target, until, warps, stages, timing))
    return timing.rows()


def cold(path: Path, target: str, until: str, runs: int, warps: int | None,
         stages: int) -> list[float]:
    """Wall seconds of `runs` `python -m ttc compile` processes."""
    suffix = {"cubin": ".cubin", "ptx": ".ptx", "llvmir": ".llir"}.get(until, f".{until}")
    times = []
    with tempfile.TemporaryDirectory(prefix="ttc-compile-time-") as tmp:
        output = Path(tmp) / f"out{suffix}"
        for _ in range(runs):
            start = time.perf_counter()
            command = [sys.executable, "-m", "ttc", "compile", str(path), f"--target={target}",
                       f"--num-stages={stages}", "-o", str(output), "--no-cache"]
            if warps is not None:
                command.append(f"--num-warps={warps}")
            subprocess.run(command, check=True)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", nargs="?", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("-n", type=int, default=10, help="in-process compiles (default 10)")
    parser.add_argument("--cold", type=int, default=3, help="CLI processes (default 3)")
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--until", default="cubin", help="cubin, ptx, llvmir or ttgir")
    parser.add_argument("--num-warps", type=int, default=None)
    parser.add_argument("--num-stages", type=int, default=3)
    args = parser.parse_args()
    text = args.input.read_text()
    config = (args.num_warps, args.num_stages)
    warm = in_process(text, str(args.input), args.target, args.until, args.n, *config)
    print(f"{args.input} -> {args.until} for {args.target}")
    for name, seconds in step_times(text, str(args.input), args.target, args.until, *config):
        print(f"  {seconds:8.4f} s  {name}")
    print(f"in-process: median {statistics.median(warm):.3f} s, min {min(warm):.3f} s "
          f"over {args.n} runs")
    if args.cold:
        processes = cold(args.input, args.target, args.until, args.cold, *config)
        print(f"cold CLI:   median {statistics.median(processes):.3f} s over {args.cold} runs")


if __name__ == "__main__":
    main()
