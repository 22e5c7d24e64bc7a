"""`ttc compile --out-dir DIR -j N a.ttir b.ttir ...`: many kernels in one pool of processes.

Each input is one job (`ttc.cli.jobs.Job`) compiled by `run_job`, in this process for `-j 1`
or a single input, else in a `concurrent.futures.ProcessPoolExecutor` of at most N workers. The
compiler is imported once (`warm_up`: the dialects, the parser, every pass, which is most of what
the first compile of a process costs): where processes fork (Linux), here before the workers
are forked, so they start with it; elsewhere once in each worker, as it starts. Workers are forked
before the progress bar starts its thread, and jobs are handed out largest input first.

A job's diagnostics (and `--mlir-timing` report) are captured rather than written as they come,
and printed on stderr in the order of the inputs once every job is done, so that the output does
not depend on which worker finished first; then a summary names the inputs that failed. A job that
fails writes nothing; the others' outputs are written (each whole, by its worker). On a terminal a
`rich` progress bar counts the finished jobs; elsewhere nothing is drawn.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

from ttc.cli.common import exit_code_of
from ttc.cli.jobs import CompileSettings, Job, run_compile


def warm_up() -> None:
    """Import what every compile uses: the dialects, the parser, every pass and lowering."""
    from ttc.dialects.context import make_context
    from ttc.ir.parser import parse_module  # noqa: F401 - imported for the workers' sake
    from ttc.pipelines.registry import all_passes

    make_context()
    all_passes()


def start_worker() -> None:
    """A worker's start: Ctrl-C ends it at once (the pool then reports its jobs as not done, and
    this process exits), rather than ending only its current job; then `warm_up`."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    warm_up()


def run_job(job: Job, settings: CompileSettings) -> tuple[int, str]:
    """Compile one job; its exit code and what it wrote to stderr."""
    stream = io.StringIO()
    with contextlib.redirect_stderr(stream):
        code = exit_code_of(lambda: run_compile(job.input_path, job.output, settings.options(),
                                                settings.dump_dir, job.depfile,
                                                settings.compile_cache()))
    return code, stream.getvalue()


@contextlib.contextmanager
def progress_bar(total: int) -> Iterator[Callable[[], None]]:
    """A function to call when a job ends: advances a bar on a terminal's stderr, else nothing."""
    from rich.console import Console

    # Bound to the stream of now: a job run here captures sys.stderr while the bar redraws.
    console = Console(file=sys.stderr)
    if not console.is_terminal:
        yield lambda: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress("compiling", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True, redirect_stderr=False) as progress:
        task = progress.add_task("compile", total=total)
        yield lambda: progress.advance(task)


def longest_first(jobs: list[Job]) -> list[int]:
    """The jobs' indices, largest input first (its size standing for its compile time), so that
    the last job to start is a short one and the workers finish close together."""
    def size(index: int) -> int:
        try:
            return os.path.getsize(jobs[index].input_path)
        except OSError:
            return 0  # reported by the job itself

    return sorted(range(len(jobs)), key=lambda index: (-size(index), index))


def compile_batch(jobs: list[Job], settings: CompileSettings, workers: int) -> int:
    """Compile every job, `workers` at a time; 0 if all succeeded, else 1 (see the docstring)."""
    results: list[tuple[int, str]] = [(1, "")] * len(jobs)
    if workers == 1 or len(jobs) == 1:
        with progress_bar(len(jobs)) as advance:
            for index, job in enumerate(jobs):
                results[index] = run_job(job, settings)
                advance()
    else:
        fork = "fork" in multiprocessing.get_all_start_methods()
        if fork:
            warm_up()
        context = multiprocessing.get_context("fork" if fork else "spawn")
        # Every worker is forked at the first submit, before the progress bar starts a thread.
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context,
                                 initializer=start_worker) as pool:
            futures: dict[Future[tuple[int, str]], int] = {
                pool.submit(run_job, jobs[index], settings): index
                for index in longest_first(jobs)}
            with progress_bar(len(jobs)) as advance:
                for future in as_completed(futures):
                    index = futures[future]
                    try:
                        results[index] = future.result()
                    except BrokenProcessPool:
                        results[index] = (1, f"error: the worker compiling "
                                             f"'{jobs[index].input_path}' died\n")
                    advance()
    failed = []
    for job, (code, diagnostics) in zip(jobs, results):
        sys.stderr.write(diagnostics)
        if code != 0:
            failed.append(job.input_path)
    if failed:
        sys.stderr.write(f"error: {len(failed)} of {len(jobs)} inputs failed: "
                         + ", ".join(failed) + "\n")
        return 1
    return 0
