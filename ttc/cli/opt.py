"""`ttc opt`: parse, verify and transform Triton IR, taking triton-opt's and mlir-opt's spellings.

Every flag may be written with one dash or two, values after `=` or (for options that take one) as
the next argument, as LLVM's command-line library allows. Pass flags come from the pass registry,
so the command line is parsed here rather than by click: `-canonicalize`, `--triton-combine`,
`-convert-triton-to-tritongpu='target=cuda:80 num-warps=2'`, `--tritongpu-pipeline=num-stages=3`.
Passes run in the order the flags, `--pass-pipeline=` texts and `--pipeline=` names appear.

For each input buffer (each `// -----` chunk with `-split-input-file`) the steps are: parse,
verify, run the passes (verifying after each), print. Chunks are independent: a failing chunk
prints its diagnostics and produces no output, the others go on, and the exit code is 1.
"""

from __future__ import annotations

import os
import re
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

import click
from xdsl.dialects.builtin import ModuleOp

from ttc.cli.common import read_input, run_command
from ttc.ir.diagnostics import (
    Diagnostic,
    DiagnosticPrinter,
    DiagnosticVerifier,
    diagnostic_handler,
    emit,
    use_color,
)
from ttc.ir.errors import SourceLocation, TtcError, UsageError
from ttc.ir.target import MMA_CHOICES, parse_target_string
from ttc.outputs import write_output
from ttc.pipelines.grammar import (
    PassSpec,
    PipelineError,
    build_pass,
    close_matches,
    parse_options,
    parse_pipeline,
    unknown_pass_message,
)
from ttc.pipelines.pass_base import TtcPass
from ttc.pipelines.registry import PASSES
from ttc.pipelines.runner import PassFailure, RunOptions, Timing, run_passes

FlagKind = Literal["bool", "value", "optional"]


@dataclass(frozen=True)
class Flag:
    """One general option of `ttc opt`; `dest` None means accepted and ignored."""

    name: str
    kind: FlagKind
    help: str
    dest: str | None
    metavar: str = ""


FLAGS: tuple[Flag, ...] = (
    Flag("o", "value", "Output file (default: stdout).", "output", "FILE"),
    Flag("split-input-file", "bool",
         "Split the input on '// -----' lines and process each chunk on its own; outputs are "
         "joined with '// -----'.", "split_input_file"),
    Flag("verify-diagnostics", "optional",
         "Check diagnostics against '// expected-error|warning|remark|note[@+N|@-N|@above|"
         "@below|@unknown] {{message}}' comments; '=only-expected' ignores unexpected ones.",
         "verify_diagnostics", "[=all|only-expected]"),
    Flag("allow-unregistered-dialect", "bool", "Accept ops of unknown dialects.",
         "allow_unregistered"),
    Flag("pass-pipeline", "value",
         "An MLIR textual pipeline, e.g. 'builtin.module(canonicalize, tt.func(cse))'. Nesting "
         "anchors (tt.func, llvm.func, func.func) are accepted; their passes run on the module.",
         "pass_pipeline", "TEXT"),
    Flag("pipeline", "value", "Run a named pipeline from pipelines.yaml (see `ttc list "
         "pipelines`).", "pipeline", "NAME"),
    Flag("pipelines-file", "value", "Read named pipelines from FILE instead of pipelines.yaml.",
         "pipelines_file", "FILE"),
    Flag("target", "value", "Fill {target} (and {cc}) in --pipeline, e.g. cuda:90.", "target",
         "TARGET"),
    Flag("num-warps", "value", "Fill {num_warps} in --pipeline.", "num_warps", "N"),
    Flag("num-stages", "value", "Fill {num_stages} in --pipeline.", "num_stages", "N"),
    Flag("num-ctas", "value", "Fill {num_ctas} in --pipeline.", "num_ctas", "N"),
    Flag("ptx-version", "value", "Fill {ptx_version} in --pipeline, e.g. 88.", "ptx_version",
         "N"),
    Flag("mma", "value", "Fill {mma} in --pipeline: how cuda:9x picks wgmma or mma.sync "
         "(auto: ttc's measured cost model; wgmma: Triton's choice; mma-sync).", "mma",
         "CHOICE"),
    Flag("verify-each", "bool", "Verify the module after each pass (default: true).",
         "verify_each"),
    Flag("mlir-print-debuginfo", "bool", "Print locations.", "debuginfo"),
    Flag("mlir-print-op-generic", "bool", "Print every op in generic form.", "generic"),
    Flag("mlir-print-ir-before-all", "bool", "Dump the IR to stderr before each pass.",
         "print_before_all"),
    Flag("mlir-print-ir-after-all", "bool", "Dump the IR to stderr after each pass.",
         "print_after_all"),
    Flag("mlir-print-ir-before", "value", "Dump the IR to stderr before each run of the given "
         "passes (comma-separated pass flags; may be repeated).", "print_before", "PASSES"),
    Flag("mlir-print-ir-after", "value", "Dump the IR to stderr after each run of the given "
         "passes (comma-separated pass flags; may be repeated).", "print_after", "PASSES"),
    Flag("mlir-print-ir-after-failure", "bool", "Dump the IR to stderr after a pass fails.",
         "print_after_failure"),
    Flag("mlir-timing", "bool", "Print the time spent in parsing, each pass and printing to "
         "stderr.", "timing"),
    Flag("mlir-disable-threading", "bool", "Accepted and ignored (ttc is single-threaded).",
         None),
    Flag("mlir-use-nameloc-as-prefix", "bool",
         "Accepted and ignored (ttc always names values as Triton prints them).", None),
    Flag("mlir-print-ir-module-scope", "bool",
         "Accepted and ignored (IR dumps always show the whole module).", None),
)

UNSUPPORTED: dict[str, str] = {
    "mlir-print-local-scope": "ttc always prints attribute aliases (#blocked, #mma, ...), so it "
                              "cannot print attributes inline",
}
"""mlir-opt flags that change the output in a way ttc does not offer: refused, not ignored."""

FLAGS_BY_NAME: dict[str, Flag] = {flag.name: flag for flag in FLAGS}

PIPELINE_VARIABLES = ("target", "num_warps", "num_stages", "num_ctas", "ptx_version", "mma")

_BOOL_VALUES = {"true": True, "1": True, "false": False, "0": False}


@dataclass(frozen=True)
class Step:
    """A source of passes, in command-line order: a pass flag, a textual pipeline or a name."""

    kind: Literal["pass", "pass-pipeline", "pipeline"]
    text: str
    arg: str


@dataclass
class OptOptions:
    """Everything the command line says."""

    input: str = "-"
    output: str = "-"
    steps: list[Step] = field(default_factory=list)
    split_input_file: bool = False
    verify_diagnostics: Literal["all", "only-expected"] | None = None
    allow_unregistered: bool = False
    pipelines_file: str | None = None
    variables: dict[str, str | None] = field(
        default_factory=lambda: dict.fromkeys(PIPELINE_VARIABLES))
    verify_each: bool = True
    debuginfo: bool = False
    generic: bool = False
    print_before_all: bool = False
    print_after_all: bool = False
    print_before: frozenset[str] = frozenset()
    print_after: frozenset[str] = frozenset()
    print_after_failure: bool = False
    timing: bool = False
    help: bool = False


def _bool_value(flag: str, value: str) -> bool:
    try:
        return _BOOL_VALUES[value.lower()]
    except KeyError:
        raise UsageError(f"option '--{flag}' takes true or false, not '{value}'") from None


def parse_args(argv: Sequence[str]) -> OptOptions:
    """Parse `ttc opt`'s arguments; raise UsageError for anything it does not understand."""
    options = OptOptions()
    inputs: list[str] = []
    args = list(argv)
    index = 0
    only_positional = False
    while index < len(args):
        arg = args[index]
        index += 1
        if only_positional or arg == "-" or not arg.startswith("-"):
            inputs.append(arg)
            continue
        if arg == "--":
            only_positional = True
            continue
        body = arg[2:] if arg.startswith("--") else arg[1:]
        key, eq, value = body.partition("=")
        if key in ("h", "help"):
            options.help = True
            continue
        if key in UNSUPPORTED:
            raise UsageError(f"'{arg}' is not supported: {UNSUPPORTED[key]}")
        flag = FLAGS_BY_NAME.get(key)
        if flag is None:
            if key in PASSES:
                options.steps.append(Step("pass", body, arg))
                continue
            choices = [f.name for f in FLAGS] + list(PASSES)
            matches = close_matches(key, choices)
            hint = ("; did you mean " + " or ".join(f"'-{m}'" for m in matches) + "?"
                    if matches else " (`ttc opt --help` lists options, `ttc list passes` "
                    "lists pass flags)")
            raise UsageError(f"unknown option or pass '{arg}'{hint}")
        setting: str | bool
        if flag.kind == "bool":
            setting = _bool_value(key, value) if eq else True
        elif flag.kind == "optional":
            setting = value if eq else "all"
        else:
            if not eq:
                if index >= len(args):
                    raise UsageError(f"option '{arg}' needs a value ({flag.metavar})")
                value = args[index]
                index += 1
            setting = value
        _apply_flag(options, flag, setting, arg)
    if len(inputs) > 1:
        raise UsageError(f"too many input files: {' '.join(inputs)} (ttc opt takes one)")
    if inputs:
        options.input = inputs[0]
    if any(v is not None for v in options.variables.values()) and not any(
            step.kind == "pipeline" for step in options.steps):
        raise UsageError("--target, --num-warps, --num-stages, --num-ctas, --ptx-version and "
                         "--mma fill in a --pipeline; give one")
    return options


def _apply_flag(options: OptOptions, flag: Flag, setting: str | bool, arg: str) -> None:
    if flag.dest is None:
        return
    if flag.dest in ("pass_pipeline", "pipeline"):
        kind: Literal["pass-pipeline", "pipeline"] = (
            "pass-pipeline" if flag.dest == "pass_pipeline" else "pipeline")
        options.steps.append(Step(kind, str(setting), arg))
    elif flag.dest == "verify_diagnostics":
        if setting not in ("all", "only-expected"):
            raise UsageError(f"'{arg}': -verify-diagnostics takes 'all' or 'only-expected'")
        options.verify_diagnostics = setting  # type: ignore[assignment]
    elif flag.dest in ("print_before", "print_after"):
        setattr(options, flag.dest, getattr(options, flag.dest) | _pass_names(str(setting), arg))
    elif flag.dest in PIPELINE_VARIABLES:
        text = str(setting)
        if flag.dest == "mma" and text not in MMA_CHOICES:
            raise UsageError(f"'{arg}': --mma takes {', '.join(MMA_CHOICES)}")
        if flag.dest not in ("target", "mma") and not (text.isdigit() and int(text) > 0):
            raise UsageError(f"'{arg}': --{flag.name} takes a positive integer")
        if flag.dest == "target" and parse_target_string(text) is None:
            raise UsageError(f"'{arg}': --target takes a target string such as cuda:90")
        options.variables[flag.dest] = text
    else:
        setattr(options, flag.dest, setting)


def _pass_names(text: str, arg: str) -> frozenset[str]:
    """The pass flags of a comma-separated list (mlir-opt's `-mlir-print-ir-before=a,b`)."""
    names = [name.strip() for name in text.split(",")]
    if not any(names):
        raise UsageError(f"'{arg}' needs a comma-separated list of pass flags")
    for name in names:
        if name not in PASSES:
            raise UsageError(f"'{arg}': {unknown_pass_message(name)}")
    return frozenset(names)


def resolve_passes(options: OptOptions) -> list[TtcPass]:
    """The pass instances the steps name, in order; bad names and options are usage errors."""
    from ttc.pipelines.yaml_pipelines import load_pipelines

    passes: list[TtcPass] = []
    pipeline_file = None
    for step in options.steps:
        if step.kind == "pass":
            name, _, text = step.text.partition("=")
            try:
                passes.append(build_pass(PassSpec(name, parse_options(text))))
            except PipelineError as error:
                raise UsageError(f"'{step.arg}': {error.message}") from None
        elif step.kind == "pass-pipeline":
            try:
                specs = parse_pipeline(step.text)
                passes.extend(build_pass(spec) for spec in specs)
            except PipelineError as error:
                column = (error.offset or 0) + 1
                raise TtcError(f"invalid --pass-pipeline: {error.message}",
                               SourceLocation("<pass-pipeline>", 1, column), step.text,
                               exit_code=2) from None
        else:
            if pipeline_file is None:
                pipeline_file = load_pipelines(options.pipelines_file)
            variables = pipeline_file.variables(options.variables)
            passes.extend(pipeline_file.resolve(step.text, variables))
    return passes


_SPLIT_MARKER = re.compile(r"^[ \t]*// -----")


def split_chunks(text: str) -> list[str]:
    """Split on `// -----` lines; each chunk is padded with blank lines to keep line numbers."""
    chunks: list[str] = []
    current: list[str] = []
    first_line = 0
    lines = text.splitlines(keepends=True)
    for number, line in enumerate(lines):
        if _SPLIT_MARKER.match(line):
            chunks.append("\n" * first_line + "".join(current))
            current = []
            first_line = number + 1
        else:
            current.append(line)
    chunks.append("\n" * first_line + "".join(current))
    return chunks


_T = TypeVar("_T")


@dataclass
class _Session:
    """What every chunk shares: options, passes, the diagnostic printer and the timer."""

    options: OptOptions
    passes: list[TtcPass]
    filename: str
    printer: DiagnosticPrinter
    timing: Timing | None

    def timed(self, name: str, body: Callable[[], _T]) -> _T:
        """Run `body`, adding its time to the step `name` with --mlir-timing."""
        start = time.perf_counter()
        try:
            return body()
        finally:
            if self.timing is not None:
                self.timing.add(name, time.perf_counter() - start)


def _transform(session: _Session, chunk: str) -> str | None:
    """Parse, verify, transform and print one chunk; None if it failed (diagnostics emitted)."""
    from ttc.dialects.context import make_context
    from ttc.ir.parser import parse_module
    from ttc.ir.printer import print_module
    from ttc.dialects.verifier import verify_module

    options = session.options
    filename = session.filename

    ctx = make_context(options.allow_unregistered)

    def render(module: ModuleOp) -> str:
        # in the spelling of the Triton release that wrote the input (ttc.ir.syntax)
        return print_module(module, debuginfo=options.debuginfo, generic=options.generic,
                            syntax=ctx.syntax)

    try:

        def parse() -> ModuleOp:
            parsed = parse_module(chunk, filename, ctx=ctx)
            verify_module(parsed, filename)
            return parsed

        module = session.timed("Parser", parse)
        run_options = RunOptions(
            print_ir=render,
            verify=(lambda m: verify_module(m, filename)) if options.verify_each else None,
            print_before_all=options.print_before_all,
            print_after_all=options.print_after_all,
            print_before=options.print_before,
            print_after=options.print_after,
            print_after_failure=options.print_after_failure,
            timing=session.timing,
        )
        run_passes(session.passes, module, ctx, run_options)
        return session.timed("Output", lambda: render(module))
    except PassFailure:
        return None
    except TtcError as error:
        emit(Diagnostic.from_error(error))
        return None
    except Exception as error:  # noqa: BLE001 - report a bug as a diagnostic, go on to the next chunk
        debug = os.environ.get("TTC_DEBUG") == "1"
        if debug:
            traceback.print_exc()
        hint = "" if debug else " (set TTC_DEBUG=1 for a traceback)"
        emit(Diagnostic("error", f"internal error: {type(error).__name__}: {error}{hint}"))
        return None


def _process_chunk(session: _Session, chunk: str) -> tuple[str, bool]:
    """(output, succeeded) for one chunk, checking diagnostics when -verify-diagnostics is on."""
    mode = session.options.verify_diagnostics
    if mode is None:
        with diagnostic_handler(session.printer.print) as scope:
            output = _transform(session, chunk)
        ok = output is not None and scope.errors == 0
        return (output or "") if ok else "", ok
    try:
        verifier = DiagnosticVerifier(chunk, session.filename, mode == "only-expected")
    except TtcError as error:
        session.printer.print_error(error)
        return "", False
    with diagnostic_handler(verifier.handle):
        output = _transform(session, chunk)
    problems = verifier.problems()
    for problem in problems:
        session.printer.print(problem)
    return output or "", not problems


def run_opt(options: OptOptions) -> int:
    """Run `ttc opt` with parsed options; return the exit code."""
    timing = Timing() if options.timing else None
    passes = resolve_passes(options)
    text, filename = read_input(options.input)
    printer = DiagnosticPrinter()
    printer.add_source(filename, text)
    session = _Session(options, passes, filename, printer, timing)
    chunks = split_chunks(text) if options.split_input_file else [text]
    outputs: list[str] = []
    failed = False
    for chunk in chunks:
        output, ok = _process_chunk(session, chunk)
        outputs.append(output)
        failed = failed or not ok
    result = "// -----\n".join(outputs)
    if not failed or options.output == "-":
        write_output(options.output, result)
    if timing is not None:
        timing.report(sys.stderr, use_color(sys.stderr))
    return 1 if failed else 0


def format_help() -> str:
    """`ttc opt --help`."""
    formatter = click.HelpFormatter()
    formatter.write_usage("ttc opt", "[OPTIONS] [PASS FLAGS] [INPUT]")
    formatter.write_paragraph()
    formatter.write_text(
        "Parse, verify and transform Triton IR, like triton-opt and mlir-opt. INPUT is a file, "
        "or '-' (or nothing) for stdin. Flags take one dash or two; values follow '=' or come "
        "as the next argument.")
    with formatter.section("Options"):
        rows = [("-h, --help", "Show this message and exit.")]
        for flag in FLAGS:
            metavar = flag.metavar if flag.kind == "optional" else (
                f" {flag.metavar}" if flag.metavar else "")
            rows.append((f"-{flag.name}{metavar}", flag.help))
        formatter.write_dl(rows)
    with formatter.section("Pass flags"):
        formatter.write_text(
            "`ttc list passes` lists every pass flag with its options. Write one as -NAME or "
            "-NAME='opt=value opt2=value'. Passes run in command-line order, together with "
            "--pass-pipeline and --pipeline.")
    with formatter.section("Examples"):
        formatter.write_text("ttc opt kernel.ttir -canonicalize -cse")
        formatter.write_text("ttc opt tests.mlir -split-input-file -verify-diagnostics")
        formatter.write_text("ttc opt add.ttir --pipeline=ttgir --target=cuda:90 --num-warps=8")
    return formatter.getvalue()


@click.command(
    "opt",
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                      "help_option_names": []},
    add_help_option=False,
    help="Parse, verify and transform Triton IR (a drop-in triton-opt). "
         "`ttc opt --help` lists the options.",
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def opt(args: tuple[str, ...]) -> None:
    """Entry point of `ttc opt`: the arguments are parsed by `parse_args`."""

    def body() -> int:
        options = parse_args(args)
        if options.help:
            click.echo(format_help(), nl=False)
            return 0
        return run_opt(options)

    run_command(body)
