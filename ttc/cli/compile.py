"""`ttc compile`: kernels from TTIR (or any later stage) to GPU binaries, as `triton.compile` does.

What to produce is `--to FORMAT` (`ttir`, `ttgir`, `llvm-mlir` — the LLVM dialect after the `llir`
stage — then the target's artifacts: `llvmir`, `ptx`, `cubin` for NVIDIA), or without `--to` the
suffix of `-o`: `.ttir`, `.ttgir`, `.llir`/`.ll` (O3 LLVM IR), `.ptx`, `.cubin`. `-o -` writes to
standard output and needs `--to`.

Several inputs (or one) compile with `--out-dir DIR --to FORMAT`: each output is named after its
input's stem (`DIR/add.ptx` for `kernels/add.ttir`), `-j N` compiles N at once in worker processes
(`ttc.cli.batch`), and the batch fails (exit 1) if any input does, after every failure's
diagnostics; the outputs of the others are still written.

`-MD` writes a Make rule `output: input pipelines.yaml` beside each output (`<output>.d`),
`-MF FILE` names the one depfile instead (`ttc.cli.depfile`). `--dump-dir` keeps every stage as
`<output stem>.<kernel>.<suffix>` plus `<output stem>.<kernel>.json` (name, parameters, warps,
threads per block, shared memory: what a launcher needs); with `-o -` the input's stem stands for
the output's, and from stdin to stdout there is no prefix. Two builds of one kernel that write
different outputs (for two targets, say) keep their stages apart in one folder, under names a
script can predict. `--mlir-timing` reports each pass and each back-end step. Outputs and
depfiles are written only when the whole compile succeeds, each whole.

Compiles go through the compile cache (`ttc.cache`, in `TTC_CACHE_DIR`) unless `--no-cache` is
given: a hit writes the stored output, kept stages and metadata without loading the compiler.

One input's compile (`ttc.cli.jobs.run_compile`) is shared with `ttc translate`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ttc.cli.common import run_command
from ttc.cli.depfile import default_depfile
from ttc.cli.jobs import CompileSettings, Job, run_compile, tools
from ttc.compile_driver import DEFAULT_NUM_CTAS, DEFAULT_NUM_STAGES
from ttc.ir.errors import TtcError, UsageError
from ttc.ir.target import MMA_CHOICES, MmaChoice

if TYPE_CHECKING:
    from ttc.targets.base import Target


@dataclass(frozen=True)
class OutputFormat:
    """What `--to NAME` produces: the driver's `until` and the file suffix under `--out-dir`."""

    name: str
    until: str
    suffix: str


MLIR_FORMATS = (
    OutputFormat("ttir", "ttir", ".ttir"),
    OutputFormat("ttgir", "ttgir", ".ttgir"),
    OutputFormat("llvm-mlir", "llir", ".llvm.mlir"),
)
"""The MLIR stages a compile can stop after; the target's artifacts follow them."""


def output_formats(target: Target) -> dict[str, OutputFormat]:
    """Every `--to` value for `target`, in pipeline order."""
    formats = {fmt.name: fmt for fmt in MLIR_FORMATS}
    for artifact in target.artifacts:
        formats[artifact.name] = OutputFormat(artifact.name, artifact.name, artifact.suffixes[0])
    return formats


def output_format(target: Target, to: str | None, output: str | None) -> OutputFormat:
    """The format `--to` names, else the one `-o`'s suffix names; UsageError when neither does."""
    formats = output_formats(target)
    if to is not None:
        if to not in formats:
            raise UsageError(f"--to={to}: target {target.string} produces "
                             + ", ".join(formats))
        return formats[to]
    if output is None or output == "-":
        where = "standard output (-o -)" if output == "-" else "--out-dir"
        raise UsageError(f"--to is needed to say what to write to {where}: one of "
                         + ", ".join(formats))
    suffix = Path(output).suffix
    by_suffix = {fmt.suffix: fmt for fmt in MLIR_FORMATS[:2]}
    for artifact in target.artifacts:
        by_suffix.update(dict.fromkeys(artifact.suffixes, formats[artifact.name]))
    if suffix in by_suffix:
        return by_suffix[suffix]
    if other := _other_targets_artifact(suffix):
        produced = ", ".join(a.name for a in target.artifacts)
        raise UsageError(f"target {target.string} cannot produce {other} (the output name "
                         f"'{output}' asks for it); it produces {produced}")
    raise UsageError(f"cannot tell what to produce from the output name '{output}': use one of "
                     f"{', '.join(by_suffix)}, or --to")


def ptxas_option(function: click.decorators.FC) -> click.decorators.FC:
    """`--ptxas PATH` (NVIDIA targets)."""
    return click.option(
        "--ptxas", metavar="PATH", default=None,
        help="ptxas to run for cubin (default: TTC_PTXAS, the nvidia-cuda-nvcc wheel, PATH, "
             "/usr/local/cuda/bin).")(function)


def timing_option(function: click.decorators.FC) -> click.decorators.FC:
    """`--mlir-timing`."""
    return click.option(
        "--mlir-timing", "timing", is_flag=True,
        help="Print the seconds spent parsing, in each pass and in each back-end step (LLVM "
             "opt, PTX codegen, ptxas) to stderr.")(function)


def check_destination(output: str | None, out_dir: str | None) -> None:
    """UsageError unless exactly one of `-o` and `--out-dir` is given."""
    if output is not None and out_dir is not None:
        raise UsageError("-o and --out-dir cannot both be given")
    if output is None and out_dir is None:
        raise UsageError("missing the output: -o FILE (or -o - for standard output), or "
                         "--out-dir DIR")


def plan_jobs(inputs: tuple[str, ...], output: str | None, out_dir: str | None,
              fmt: OutputFormat, md: bool, mf: str | None) -> list[Job]:
    """The jobs of one command; UsageError for a contradictory or ambiguous request."""
    check_destination(output, out_dir)
    if output is not None:
        if len(inputs) > 1:
            raise UsageError(f"-o names one output but {len(inputs)} inputs were given: use "
                             "--out-dir DIR")
        depfile = mf or (default_depfile(output) if md else None)
        if depfile is not None and output == "-":
            raise UsageError("-MD/-MF need -o FILE: a Make rule cannot name standard output")
        jobs = [Job(inputs[0], output, depfile)]
    else:
        assert out_dir is not None
        if mf is not None and len(inputs) > 1:
            raise UsageError(f"-MF names one depfile but {len(inputs)} inputs were given: use "
                             "-MD (each output gets <output>.d)")
        if "-" in inputs:
            raise UsageError("--out-dir names each output after its input: standard input ('-') "
                             "has no name; use -o")
        jobs = []
        writers: dict[str, str] = {}
        for input_path in inputs:
            out = str(Path(out_dir) / (Path(input_path).stem + fmt.suffix))
            if out in writers:
                raise UsageError(f"inputs '{writers[out]}' and '{input_path}' would both be "
                                 f"compiled to '{out}'")
            writers[out] = input_path
            jobs.append(Job(input_path, out, mf or (default_depfile(out) if md else None)))
    for job in jobs:
        if job.input_path != "-" and job.output != "-" \
                and Path(job.output).resolve() == Path(job.input_path).resolve():
            raise UsageError(f"the output '{job.output}' is the input: it would be overwritten")
    return jobs


@click.command("compile", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("inputs", metavar="INPUT...", nargs=-1)
@click.option("--target", "target_text", required=True, metavar="TARGET",
              help="Target string, e.g. cuda:80 or cuda:90 (`ttc list targets`).")
@click.option("-o", "output", default=None, metavar="FILE",
              help="Output file ('-': standard output, with --to); without --to its suffix "
                   "picks the result: .ttir, .ttgir, .llir/.ll, .ptx, .cubin.")
@click.option("--to", "to", default=None, metavar="FORMAT",
              help="What to produce: ttir, ttgir, llvm-mlir (the LLVM dialect), then the "
                   "target's artifacts (llvmir, ptx, cubin for cuda).")
@click.option("--out-dir", metavar="DIR", default=None,
              help="Write each input's output to DIR/<input stem>.<format suffix> (with --to).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Compile this many inputs at once, in worker processes.")
@click.option("-MD", "md", is_flag=True,
              help="Also write a Make rule 'output: input pipelines.yaml' to <output>.d.")
@click.option("-MF", "mf", metavar="FILE", default=None,
              help="Write the Make rule to FILE (implies -MD; one input).")
@click.option("--num-warps", type=int, default=None,
              help="Warps per program, a power of two (default: the module's ttg.num-warps, "
                   "else 4).")
@click.option("--num-stages", type=int, default=DEFAULT_NUM_STAGES,
              show_default=True, help="Software-pipelining stages.")
@click.option("--num-ctas", type=int, default=DEFAULT_NUM_CTAS,
              show_default=True, help="CTAs per cluster, a power of two.")
@click.option("--mma", type=click.Choice(MMA_CHOICES), default=None, envvar="TTC_MMA",
              help="How cuda:9x picks wgmma or mma.sync for a dot: auto (ttc's measured cost "
                   "model), wgmma (Triton's choice) or mma-sync (default: TTC_MMA, else the "
                   "pipelines file's, auto).")
@click.option("--dump-dir", metavar="DIR", default=None,
              help="Keep every stage in DIR as <output stem>.<kernel>.ttir/.ttgir/.llir/.ptx/"
                   ".cubin and <output stem>.<kernel>.json (launch metadata).")
@click.option("--pipelines-file", metavar="FILE", default=None,
              help="Read the stages from FILE instead of pipelines.yaml.")
@click.option("--verify-each", is_flag=True,
              help="Verify the module after every pass (default: after every stage).")
@click.option("--no-cache", is_flag=True,
              help="Compile even when the compile cache (TTC_CACHE_DIR) holds the result, and "
                   "store nothing there.")
@timing_option
@ptxas_option
def compile_command(inputs: tuple[str, ...], target_text: str, output: str | None,
                    to: str | None, out_dir: str | None, jobs: int, md: bool, mf: str | None,
                    num_warps: int | None, num_stages: int, num_ctas: int, mma: MmaChoice | None,
                    dump_dir: str | None, pipelines_file: str | None, verify_each: bool,
                    no_cache: bool, timing: bool, ptxas: str | None) -> None:
    """Compile each INPUT (TTIR, TTGIR, the LLVM dialect or LLVM IR; '-' or none: stdin)."""

    def body() -> int:
        from ttc.compile_driver import check_launch_options
        from ttc.targets.base import parse_target

        target = parse_target(target_text, tools(ptxas))
        check_launch_options(target, num_warps, num_stages, num_ctas)
        check_destination(output, out_dir)
        fmt = output_format(target, to, output)
        planned = plan_jobs(inputs or ("-",), output, out_dir, fmt, md, mf)
        settings = CompileSettings(
            target_text=target_text, ptxas=ptxas, until=fmt.until, num_warps=num_warps,
            num_stages=num_stages, num_ctas=num_ctas, mma=mma, pipelines_file=pipelines_file,
            verify_each=verify_each, timing=timing, dump_dir=dump_dir, cache=not no_cache)
        if out_dir is None:
            (job,) = planned
            return run_compile(job.input_path, job.output, settings.options(), dump_dir,
                               job.depfile, settings.compile_cache())
        from ttc.cli.batch import compile_batch  # its process pool is for --out-dir alone

        try:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise TtcError(f"cannot create output directory '{out_dir}': "
                           f"{error.strerror or error}") from None
        return compile_batch(planned, settings, jobs)

    run_command(body)


def _other_targets_artifact(suffix: str) -> str | None:
    """`'cubin' (a cuda artifact)` when `suffix` names an artifact of some target family."""
    from ttc.targets.base import target_classes

    for family, cls in target_classes().items():
        for artifact in cls.artifacts:
            if suffix in artifact.suffixes:
                return f"'{artifact.name}' (a {family} artifact)"
    return None
