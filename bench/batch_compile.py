"""Batch compile speed: `ttc compile --out-dir DIR -j N` of many kernels against `-j 1`.

Copies the TTIR of KERNELS (by default the ten kernels of test/gpu/kernels/triton-3.6 that take
longest to compile: matmuls, attention, sort) into a temporary folder as `<kernel>.ttir`, then runs
`python -m ttc compile *.ttir --target cuda:90 --to ptx --out-dir OUT -j 1 --no-cache` (the compile
cache would answer every run after the first) and the same with `-j N` (default 2), alternately, R times each (default 3). Prints each run's wall seconds, the CPU
seconds of the process and its workers (user + system: the work, which parallelism must not
inflate), and the load average before it (other processes sharing the CPUs slow the parallel
runs most), then the median wall time of each and the ratio of the medians. The goal on a
machine with 2 free CPUs: `-j 2` at most 0.6 of `-j 1`.

On Linux with `kernel.sched_autogroup_enabled` = 1, every process of one session (the batch and
its workers) shares one scheduling group, and busy groups of other sessions get equal shares: with
another session keeping the CPUs busy, the batch gets at most one CPU's worth however many workers
it runs, and -j N cannot beat -j 1 in wall time. The script prints that setting.

Because a shared machine rarely has its CPUs free, it also prints figures that do not depend
on the load, taken through the same pool (`ttc.cli.batch.compile_batch`, run from this process
with each job's CPU seconds logged): the CPU seconds of the batch one job after another, and the
CPU seconds of the critical path with N workers (this process's warm-up, then the busiest
worker's jobs), each plus the CPU seconds of starting the command; their ratio is the wall-time
ratio on N otherwise idle CPUs.

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

import ttc.cli.batch as batch
from ttc.cli.batch import run_job
from ttc.cli.jobs import CompileSettings, Job

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
               f"--to={to}", "--out-dir", str(out_dir), "-j", str(jobs), "--no-cache"]
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - start, children_cpu() - cpu


JOB_LOG = Path(tempfile.gettempdir()) / f"ttc-batch-jobs-{os.getpid()}.txt"
"""Where `timed_job` appends `<pid> <CPU seconds>` for each job it runs."""


def timed_job(job: Job, settings: CompileSettings) -> tuple[int, str]:
    """`ttc.cli.batch.run_job`, logging the CPU seconds of the job and the process it ran in."""
    start = time.process_time()
    result = run_job(job, settings)
    with JOB_LOG.open("a") as log:
        log.write(f"{os.getpid()} {time.process_time() - start}\n")
    return result


def cpu_seconds(inputs: list[Path], out_dir: Path, workers: int, target: str,
                to: str) -> tuple[float, float]:
    """(CPU seconds of the batch run one job after another, CPU seconds of its critical path with
    `workers` workers), both through ttc.cli.batch's own pool, from this process, warmed up once
    (see the module docstring)."""
    start = time.process_time()
    batch.warm_up()
    warm = time.process_time() - start
    jobs = [Job(str(path), str(out_dir / f"{path.stem}.{to}")) for path in inputs]
    settings = CompileSettings(target_text=target, ptxas=None, until=to, num_warps=None,
                               num_stages=3, num_ctas=1, mma=None, pipelines_file=None,
                               verify_each=False, timing=False, dump_dir=None, cache=False)
    out_dir.mkdir(exist_ok=True)
    batch.run_job = timed_job
    per_process = []
    for count in (1, workers):
        JOB_LOG.unlink(missing_ok=True)
        batch.compile_batch(jobs, settings, count)
        sums: dict[str, float] = {}
        for line in JOB_LOG.read_text().splitlines():
            pid, seconds = line.split()
            sums[pid] = sums.get(pid, 0.0) + float(seconds)
        per_process.append(sums)
    JOB_LOG.unlink(missing_ok=True)
    batch.run_job = run_job
    return warm + sum(per_process[0].values()), warm + max(per_process[1].values())


def startup_cpu() -> float:
    """CPU seconds of starting Python and importing the batch command, which both runs pay."""
    cpu = children_cpu()
    subprocess.run([sys.executable, "-c", "import ttc.cli.main, ttc.cli.batch"], check=True)
    return children_cpu() - cpu


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
        startup = startup_cpu()
        sequential, critical = cpu_seconds(inputs, Path(tmp) / "cpu", args.j, args.target,
                                           args.to)
        print(f"CPU seconds: start-up {startup:.2f}, -j 1 {sequential:.2f}, critical path of "
              f"-j {args.j} {critical:.2f}; load-independent ratio "
              f"{(startup + critical) / (startup + sequential):.2f}")


if __name__ == "__main__":
    main()
