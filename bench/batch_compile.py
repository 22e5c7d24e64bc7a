"""Batch compile speed: `ttc compile --out-dir DIR -j N` of many kernels against `-j 1`.

Copies the TTIR of KERNELS (by default the ten kernels of test/gpu/kernels/triton-3.6 that take
longest to compile: matmuls, attention, sort) into a temporary folder as `<kernel>.ttir`, then runs
`python -m ttc compile *.ttir --target cuda:90 --to ptx --out-dir OUT -j 1` and the same with
`-j N` (default 2), alternately, R times each (default 3). Prints each run's wall seconds, the CPU
seconds of the process and its workers (user + system: the work, which parallelism must not
inflate), and the load average before it (other processes sharing the CPUs slow the parallel
runs most), then the median wall time of each and the ratio of the medians. The goal on a
machine with 2 free CPUs: `-j 2` at most 0.6 of `-j 1`.

On Linux with `kernel.sched_autogroup_enabled` = 1, every process of one session (the batch and
its workers) shares one scheduling group, and busy groups of other sessions get equal shares: with
another session keeping the CPUs busy, the batch gets at most one CPU's worth however many workers
it runs, and -j N cannot beat -j 1 in wall time. The script prints that setting.

Because a shared machine rarely has its CPUs free, it also prints a figure that does not depend
on the load: each kernel's CPU seconds when compiled alone in this process (after the compiler's
warm-up, which both runs pay once), and the ratio those give when the batch's scheduling (largest
input first, each job to the first free worker) is played out on N CPUs:
(warm-up + makespan on N) / (warm-up + sum).

Usage: python bench/batch_compile.py [KERNEL ...] [-j N] [-r R] [--target cuda:90] [--to ptx]
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

KERNELS_DIR = Path(__file__).resolve().parents[1] / "test" / "gpu" / "kernels" / "triton-3.6"
DEFAULT_KERNELS = (
    "attention", "sort", "matmul_f16_128x128x64_w8_s3", "matmul_bf16_128x64x32_w4_s4_relu",
    "matmul_bf16_64x64x32_w4_s2", "matmul_bf16_128x128x64_w8_s3",
    "matmul_f16_128x64x32_w4_s4_relu", "matmul_f32_tf32_64x64x32_w4_s3",
    "matmul_f16_64x64x32_w4_s2", "matmul_f32_ieee_32x32x16_w4_s2",
)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(inputs: list[Path], out_dir: Path, jobs: int, target: str, to: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one batch compile."""
    command = [sys.executable, "-m", "ttc", "compile", *map(str, inputs), f"--target={target}",
               f"--to={to}", "--out-dir", str(out_dir), "-j", str(jobs)]
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - start, children_cpu() - cpu


def modelled_ratio(inputs: list[Path], workers: int, target: str, to: str) -> float:
    """The -j N / -j 1 ratio from each kernel's CPU seconds (see the module docstring)."""
    from ttc.cli.batch import longest_first, warm_up
    from ttc.cli.compile import Job
    from ttc.compile_driver import CompileOptions, compile_source
    from ttc.targets.base import parse_target

    start = time.process_time()
    warm_up()
    warm = time.process_time() - start
    seconds = []
    for path in inputs:
        options = CompileOptions(target=parse_target(target), until=to)
        start = time.process_time()
        compile_source(path.read_text(), str(path), options)
        seconds.append(time.process_time() - start)
        print(f"  {seconds[-1]:6.2f} s CPU  {path.stem}")
    free = [0.0] * workers
    for index in longest_first([Job(str(path), "") for path in inputs]):
        first = free.index(min(free))
        free[first] += seconds[index]
    return (warm + max(free)) / (warm + sum(seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kernels", nargs="*", default=list(DEFAULT_KERNELS))
    parser.add_argument("-j", type=int, default=2, help="workers of the parallel runs (2)")
    parser.add_argument("-r", type=int, default=3, help="runs of each (3; 0: the model only)")
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--to", default="ptx")
    args = parser.parse_args()
    cc = args.target.split(":")[1]
    autogroup = Path("/proc/sys/kernel/sched_autogroup_enabled")
    if autogroup.exists():
        print(f"sched_autogroup_enabled = {autogroup.read_text().strip()}, "
              f"{os.cpu_count()} CPUs")
    walls: dict[int, list[float]] = {1: [], args.j: []}
    with tempfile.TemporaryDirectory(prefix="ttc-batch-") as tmp:
        inputs = []
        for kernel in args.kernels:
            path = Path(tmp) / f"{kernel}.ttir"
            path.write_text((KERNELS_DIR / kernel / f"sm{cc}.ttir").read_text())
            inputs.append(path)
        for _ in range(args.r):
            for jobs in (1, args.j):
                load = os.getloadavg()[0]
                wall, cpu = run(inputs, Path(tmp) / f"out{jobs}", jobs, args.target, args.to)
                walls[jobs].append(wall)
                print(f"-j {jobs}: {wall:6.2f} s wall, {cpu:6.2f} s CPU (load before {load:.1f})",
                      flush=True)
        if args.r:
            one, many = statistics.median(walls[1]), statistics.median(walls[args.j])
            print(f"{len(args.kernels)} kernels to {args.to} for {args.target}: -j 1 median "
                  f"{one:.2f} s, -j {args.j} median {many:.2f} s, ratio {many / one:.2f}")
        ratio = modelled_ratio(inputs, args.j, args.target, args.to)
        print(f"load-independent: -j {args.j} / -j 1 from CPU seconds = {ratio:.2f}")


if __name__ == "__main__":
    main()
