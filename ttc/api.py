"""ttc's Python API: `ttc.parse`, `ttc.opt` and `ttc.compile`, the three commands as functions.

What `ttc opt` and `ttc compile` do, for a program instead of a shell (docs/python-api.md):

* `parse(source)`: parse and verify Triton IR; a `Parsed` module (the xDSL `ModuleOp`, its kind,
  its kernel) that prints as `ttc opt` prints it.
* `opt(source, passes=..., pipeline=...)`: run passes (`--pass-pipeline` text) or a named pipeline
  of pipelines.yaml; an `Optimized` result with the printed module.
* `compile(source, target, output=...)`: any stage to any later one, as `ttc compile` does and
  through the same compile cache; a `CompileResult` with the artifact, the kernel's name, its
  `LaunchMetadata` and, when asked, every stage on the way.

A source is IR text (`str`), UTF-8 bytes, or a path (`pathlib.Path` or any `os.PathLike`) to read.
Each call runs on a thread with a deep stack (`ttc.ir.stack`), so it takes the nesting the command
line takes. Failures are `TtcError`s, as on the command line: `UsageError` for bad arguments, a
located `TtcError` for bad input, `CompileError` (with every diagnostic) when a pass reports
errors, `InternalError` for a bug in ttc (the original exception chained). Warnings and remarks
come back in the result's `diagnostics` instead of being printed.

`import ttc` loads none of this: `ttc/__init__.py` imports this module when one of its names is
first used, and this module loads the compiler only inside the calls.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ttc.cache import CompileCache
from ttc.ir.diagnostics import Diagnostic, carry_handlers, diagnostic_handler
from ttc.ir.errors import Note, PassFailure, SourceLocation, TtcError, UsageError
from ttc.ir.stack import call_with_deep_stack

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from ttc.ir.syntax import TritonSyntax

T = TypeVar("T")

Source = str | bytes | os.PathLike[str]
"""IR text, its UTF-8 bytes, or the path of a file holding it."""

DEFAULT_NAME = "<string>"
"""The file name diagnostics give a source passed as text."""


class CompileError(TtcError):
    """Passes reported errors: the first one's message and location, every one in
    `diagnostics` (each with its notes)."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        first = diagnostics[0]
        super().__init__(first.message, first.location, first.source_line,
                         notes=[Note(note.message, note.location) for note in first.notes])
        self.diagnostics = tuple(diagnostics)


class InternalError(TtcError):
    """A bug in ttc (the command line prints `internal error`); the exception is chained."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(f"internal error: {type(error).__name__}: {error}")


@dataclass(frozen=True)
class Parsed:
    """A parsed and verified module: the xDSL `module`, its `kind` (`ttir`, `ttgir`, `llvm`, or
    None when it holds no kernel), its `kernel`'s name (None likewise), the Triton release
    spelling it was written in, and the warnings the verifier emitted."""

    module: ModuleOp
    kind: str | None
    kernel: str | None
    syntax: TritonSyntax
    diagnostics: tuple[Diagnostic, ...] = ()

    def text(self, *, debuginfo: bool = False, generic: bool = False) -> str:
        """The module as `ttc opt` prints it (locations with `debuginfo`, generic op form)."""
        from ttc.ir.printer import print_module

        return call_with_deep_stack(lambda: print_module(
            self.module, debuginfo=debuginfo, generic=generic, syntax=self.syntax))


@dataclass(frozen=True)
class Optimized:
    """What `opt` made: the printed module (`text`, what `ttc opt` prints), the module itself,
    and the warnings and remarks the passes emitted."""

    text: str
    module: ModuleOp
    diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True)
class KernelParam:
    """One kernel parameter: its name and Triton signature type (`*fp32`, `i32`, `nvTmaDesc`)."""

    name: str
    type: str


@dataclass(frozen=True)
class LaunchMetadata:
    """What a launcher needs, as `<kernel>.json` of `--dump-dir` holds it: the kernel's symbol,
    target, warps, threads, CTAs, shared-memory bytes, the scratch buffers' sizes (None where
    the kernel needs none) and its parameters (Triton's two trailing scratch pointers included).
    """

    name: str
    target: str
    num_warps: int | None
    threads_per_warp: int
    threads_per_block: int | None
    num_ctas: int
    shared: int | None
    global_scratch_size: int | None
    profile_scratch_size: int | None
    params: tuple[KernelParam, ...]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LaunchMetadata:
        """From the driver's metadata (`ttc.compile_driver.Compilation.metadata`)."""
        params = tuple(KernelParam(p["name"], p["type"]) for p in data["params"])
        return cls(**{**data, "params": params})


@dataclass(frozen=True)
class CompileResult:
    """What `compile` made: the `output` (text, or bytes for a binary such as a cubin) of kind
    `output_kind`, the kernel's name, its launch metadata (None when the compile stopped before
    LLVM IR), every stage kept on the way by file suffix (`ttir`, `ttgir`, `llir`, `ptx`,
    `json`, ...) when `keep_stages` was asked, and the warnings and remarks emitted."""

    output: str | bytes
    output_kind: str
    kernel: str
    metadata: LaunchMetadata | None
    stages: dict[str, str | bytes] = field(default_factory=dict)
    diagnostics: tuple[Diagnostic, ...] = ()


def parse(source: Source, *, filename: str | None = None,
          allow_unregistered: bool = False) -> Parsed:
    """Parse and verify `source` (see the module docstring)."""
    text, name = _read(source, filename)
    parsed, diagnostics = _run(lambda: _parse(text, name, allow_unregistered)[0])
    return replace(parsed, diagnostics=diagnostics)


def _parse(text: str, name: str, allow_unregistered: bool) -> tuple[Parsed, Any]:
    """The parsed module and the xDSL context it was parsed in."""
    from ttc.compile_driver import input_kind, kernel_function
    from ttc.dialects.context import make_context
    from ttc.ir.parser import parse_module
    from ttc.dialects.verifier import verify_module

    ctx = make_context(allow_unregistered)
    module = parse_module(text, name, ctx=ctx)
    verify_module(module, name)
    try:
        kind: str | None = input_kind(module)
        kernel = kernel_function(module).properties["sym_name"]
    except TtcError:
        kind, kernel = None, None
    return Parsed(module, kind, getattr(kernel, "data", None), ctx.syntax), ctx


def opt(source: Source, passes: str | Sequence[str] = (), *, pipeline: str | None = None,
        target: str | None = None, num_warps: int | None = None, num_stages: int | None = None,
        num_ctas: int | None = None, pipelines_file: str | os.PathLike[str] | None = None,
        filename: str | None = None, verify_each: bool = True,
        allow_unregistered: bool = False) -> Optimized:
    """Run `passes` (a `--pass-pipeline` text such as `"canonicalize, cse"` or
    `"builtin.module(tt.func(cse))"`, or a list of pass texts) on `source`, or the named
    `pipeline` of pipelines.yaml (`pipelines_file`), whose templates `target`, `num_warps`,
    `num_stages` and `num_ctas` fill; verify after every pass unless `verify_each` is False."""
    if pipeline is not None and passes:
        raise UsageError("give opt() either passes or a pipeline, not both")
    text, name = _read(source, filename)
    pipeline_text = passes if isinstance(passes, str) else ", ".join(passes)
    variables = {"target": target, "num_warps": num_warps, "num_stages": num_stages,
                 "num_ctas": num_ctas}

    def body() -> Optimized:
        from ttc.dialects.verifier import verify_module
        from ttc.pipelines.runner import RunOptions, run_passes

        passes_to_run = _resolve(pipeline_text, pipeline, variables, pipelines_file)
        parsed, ctx = _parse(text, name, allow_unregistered)
        verify = (lambda m: verify_module(m, name)) if verify_each else None
        run_passes(passes_to_run, parsed.module, ctx,
                   RunOptions(print_ir=lambda m: parsed.text(), verify=verify))
        if not verify_each:
            verify_module(parsed.module, name)
        return Optimized(parsed.text(), parsed.module)

    result, diagnostics = _run(body)
    return Optimized(result.text, result.module, diagnostics)


def compile(source: Source, target: str, *, output: str | None = None,
            num_warps: int | None = None, num_stages: int | None = None,
            num_ctas: int | None = None, pipelines_file: str | os.PathLike[str] | None = None,
            filename: str | None = None, keep_stages: bool = False,
            cache: bool | str | os.PathLike[str] = True, ptxas: str | None = None,
            verify_each: bool = False) -> CompileResult:
    """Compile `source` (TTIR, TTGIR, the LLVM dialect or LLVM IR) for `target` (`cuda:90`) up to
    `output`: a stage (`ttir`, `ttgir`) or one of the target's artifacts (`llvmir`, `ptx`,
    `cubin` for NVIDIA; the last, the binary, by default). `num_warps` None takes the module's
    `ttg.num-warps`, else 4; stages and CTAs default as on the command line. `cache` True uses
    the compile cache in `TTC_CACHE_DIR`, a path one in that directory, False none. `ptxas`
    names the ptxas to run, as `--ptxas` does."""
    from ttc.compile_driver import (
        DEFAULT_NUM_CTAS,
        DEFAULT_NUM_STAGES,
        CompileOptions,
        compile_source,
    )
    from ttc.targets.base import MLIR_STAGES, parse_target

    parsed_target = parse_target(target, {"ptxas": ptxas} if ptxas else {})
    produced = [*MLIR_STAGES[:2], *(artifact.name for artifact in parsed_target.artifacts)]
    until = output or produced[-1]
    if until not in produced:
        raise UsageError(f"target {parsed_target.string} cannot produce '{until}': "
                         f"choose one of {', '.join(produced)}")
    text, name = _read(source, filename)
    stages: dict[str, str | bytes] = {}
    options = CompileOptions(
        target=parsed_target, until=until, num_warps=num_warps,
        num_stages=DEFAULT_NUM_STAGES if num_stages is None else num_stages,
        num_ctas=DEFAULT_NUM_CTAS if num_ctas is None else num_ctas,
        pipelines_file=None if pipelines_file is None else os.fspath(pipelines_file),
        verify_each=verify_each,
        keep=(lambda file, data: stages.__setitem__(file.rpartition(".")[2], data))
        if keep_stages else None)
    compile_cache = None if cache is False else \
        CompileCache(None if cache is True else os.fspath(cache))
    compiled, diagnostics = _run(lambda: compile_source(text, name, options, compile_cache))
    metadata = LaunchMetadata.from_json(compiled.metadata) if compiled.metadata else None
    return CompileResult(compiled.output, until, compiled.kernel, metadata, stages, diagnostics)


def _read(source: Source, filename: str | None) -> tuple[str, str]:
    """(text, name for diagnostics) of a source, with the command line's errors."""
    if isinstance(source, str):
        return source, filename or DEFAULT_NAME
    if isinstance(source, bytes):
        name = filename or DEFAULT_NAME
        try:
            return source.decode("utf-8"), name
        except UnicodeDecodeError as error:
            raise TtcError(f"input '{name}' is not valid UTF-8 (byte {error.start})") from None
    if isinstance(source, os.PathLike):
        from ttc.cli.common import read_input

        text, name = read_input(os.fspath(source))
        return text, filename or name
    raise UsageError(f"a source is IR text, bytes or a path, not {type(source).__name__}")


def _resolve(pipeline_text: str, pipeline: str | None, variables: dict[str, Any],
             pipelines_file: str | os.PathLike[str] | None) -> list[Any]:
    """The passes of a `--pass-pipeline` text, or of a named pipeline."""
    from ttc.pipelines.grammar import PipelineError, build_pass, parse_pipeline
    from ttc.pipelines.yaml_pipelines import load_pipelines

    if pipeline is not None:
        file = load_pipelines(None if pipelines_file is None else Path(pipelines_file))
        return file.resolve(pipeline, file.variables(variables))
    try:
        return [build_pass(spec) for spec in parse_pipeline(pipeline_text)]
    except PipelineError as error:
        raise TtcError(f"invalid pass pipeline: {error.message}",
                       SourceLocation("<pass-pipeline>", 1, (error.offset or 0) + 1),
                       pipeline_text, exit_code=2) from None


def _run(body: Callable[[], T]) -> tuple[T, tuple[Diagnostic, ...]]:
    """`body()` on a deep stack, its diagnostics collected: (result, warnings and remarks), or
    the failure as a TtcError."""
    collected: list[Diagnostic] = []

    def collecting() -> T:
        with diagnostic_handler(collected.append):
            return body()

    try:
        result = call_with_deep_stack(carry_handlers(collecting))
    except PassFailure:
        errors = [d for d in collected if d.severity == "error"]
        raise CompileError(errors or [Diagnostic("error", "a pass failed")]) from None
    except TtcError:
        raise
    except RecursionError:
        raise TtcError("the input is nested too deeply for ttc to process") from None
    except Exception as error:
        raise InternalError(error) from error
    errors = [d for d in collected if d.severity == "error"]
    if errors:
        raise CompileError(errors)
    return result, tuple(collected)
