"""ttc's stages inside Triton's `compile()`: the NVIDIA backend's ttir, ttgir, llir, ptx and cubin.

Mirrors `CUDABackend.add_stages` of Triton 3.6 (third_party/nvidia/backend/compiler.py). Triton's
frontend still turns the Python function into TTIR (the `source`); `KernelBuild` then runs, for
each stage Triton calls:

- `ttir`, `ttgir`, `llir`: the pipelines of those names in pipelines.yaml, on one xDSL module that
  is parsed once from the frontend's text and handed from stage to stage (`StageModule`; its text
  is what Triton caches as `<kernel>.ttir`/`.ttgir`). `llir` ends in LLVM IR: the LLVM dialect
  translated and optimised at O3 with libdevice linked, as make_llir does.
- `ptx`: NVPTX code generation; `cubin`: ptxas (the one Triton uses).

Each stage fills the metadata Triton's launcher reads, where Triton's stage fills it:
`cluster_dims` and `tensordesc_meta` (ttgir); `num_warps` under warp specialization, `shared`,
`tmem_size`, `global_scratch_size`/`_align` and `profile_scratch_size`/`_align` (llir); `name` (ptx).

The MLIR stages compile for the capability Triton asks for (or the integration's `target`), PTX
and the cubin for the GPU Triton builds for, as Triton does under `TRITON_OVERRIDE_ARCH`. Triton's
options reach ttc: warps, stages and CTAs, `maxnreg`, `enable_fp_fusion`, the libdevice of
`extern_libs`, and `ptx_options` (more ptxas flags).

A failure raises `TtcCompileError` with ttc's located diagnostics, which point into the user's
Python source (the frontend's locations), or, with `fallback`, warns and replays Triton's own
stages from the first one ttc ran.

With the integration's `cache` on, the first stage looks the kernel up in ttc's compile cache
(`ttc.cache`), keyed by the frontend's TTIR, Triton's options, both targets and their tools, the
pipelines file and ttc's version. On a hit every stage hands back its stored result and metadata
(and writes its dump file) without compiling. A stage given something other than what the stage
before it returned (Triton's IR override) compiles from there, and that compile is not stored;
nor is one with a failure, a fallback or a diagnostic. Any other is stored once its last stage
has run.
"""

from __future__ import annotations

import io
import json
import linecache
import os
import time
import traceback
import warnings
from collections.abc import Callable, MutableMapping
from typing import Any

from ttc.cache import CompileCache, Entry
from ttc.compile_driver import Compilation, CompileOptions, kernel_function
from ttc.ir.diagnostics import Diagnostic, DiagnosticPrinter, diagnostic_handler
from ttc.ir.errors import TtcError
from ttc.ir.stack import call_with_deep_stack
from ttc.pipelines.runner import PassFailure
from ttc.targets.base import LLVMIR, parse_target
from ttc.targets.nvidia.target import CUBIN, PTX, SUPPORTED_CC, NvidiaTarget
from ttc.triton.options import IntegrationOptions

STAGES = ("ttir", "ttgir", "llir", "ptx", "cubin")
"""The stages of Triton's NVIDIA backend that ttc runs, in order."""

SOURCE_BUFFER = "<triton frontend TTIR>"
"""The name under which diagnostics quote the frontend's TTIR (their locations are the Python's)."""

Stage = Callable[[Any, MutableMapping[str, Any]], Any]


class TtcCompileError(RuntimeError):
    """ttc could not compile a Triton kernel; the message holds ttc's diagnostics, located in the
    kernel's Python source where the IR knows the place."""

    def __init__(self, kernel: str, stage: str, diagnostics: str) -> None:
        self.kernel = kernel
        self.stage = stage
        self.diagnostics = diagnostics
        super().__init__(f"ttc could not compile kernel '{kernel}' ({stage} stage):\n{diagnostics}")


class TtcFallbackWarning(UserWarning):
    """ttc could not compile a kernel and, as asked, Triton's own stages compiled it."""


class StageModule:
    """An MLIR stage's result: ttc's module, handed on to the next stage, and its text."""

    def __init__(self, module: Any, text: str) -> None:
        self.module = module
        self.text = text

    def __str__(self) -> str:
        return self.text


class KernelBuild:
    """One Triton `compile()` of one kernel, with ttc running the stages (see the module doc)."""

    def __init__(self, settings: IntegrationOptions, options: Any, capability: int,
                 device_arch: int, originals: dict[str, Stage], ptxas: str | None) -> None:
        self.settings = settings
        self.options = options
        self.originals = originals
        self.kernel = "<kernel>"
        self.root: tuple[str, Any] | None = None
        self.fell_back = False
        self.started = 0.0
        cc = parse_target(settings.target).info.compute_capability if settings.target \
            else capability
        libdevice = dict(options.extern_libs or ()).get("libdevice")
        fp_fusion = bool(options.enable_fp_fusion)
        self.target = NvidiaTarget(cc, ptxas, libdevice, fp_fusion)
        self.device_arch = device_arch
        self.device_target = NvidiaTarget(device_arch, ptxas, libdevice, fp_fusion,
                                          tuple((options.ptx_options or "").split()))
        self.compilation: Compilation | None = None
        self.cache = CompileCache() if settings.cache else None
        self.cached: Entry | None = None
        """The cache entry being replayed, stage by stage, after a hit."""
        self.cache_key: str | None = None
        """Where to store this compile once all its stages ran (None: it is not to be stored)."""
        self.recorded: dict[str, tuple[Any, dict[str, Any], str]] = {}
        """Each stage's result, metadata written and kernel name, for the cache entry."""
        self.previous: Any = None
        """What the last stage ttc ran returned to Triton."""
        self.keep = None
        if settings.dump_dir is not None:
            from ttc.outputs import dump_writer

            self.keep = dump_writer(settings.dump_dir)

    def stage(self, name: str) -> Stage:
        """The function Triton calls for stage `name`."""
        return lambda src, metadata: self.run(name, src, metadata)

    def run(self, name: str, src: Any, metadata: MutableMapping[str, Any]) -> Any:
        """Run stage `name` with ttc; on failure raise, or fall back to Triton's stages."""
        if self.fell_back:
            return self.originals[name](src, metadata)
        if self.root is None:
            self.root = (name, src)
            self.kernel = _entry_name(src) or self.kernel
            self.started = time.perf_counter()
            self._look_up(name, src)
        if self.root[0] != name and src is not self.previous:
            # Triton replaced the input (its IR override): compile from here, store nothing.
            self.cached = self.cache_key = None
        if self.cached is not None:
            return self._replay_cached(name, metadata)
        errors: list[Diagnostic] = []
        try:
            check_capability(self.device_arch)
            before = dict(metadata)
            result = call_with_deep_stack(lambda: self._step(name, src, metadata, errors))
            self._record(name, result, before, metadata)
            if name == STAGES[-1]:
                self._log(ok=True)
            return result
        except PassFailure as failure:
            if not errors:
                errors.append(Diagnostic.from_error(failure))
        except TtcError as error:
            errors.append(Diagnostic.from_error(error))
        except RecursionError:
            errors.append(Diagnostic("error", "the kernel is nested too deeply for ttc"))
        except Exception as error:  # noqa: BLE001 - a bug in ttc must reach the user as ttc's error
            debug = os.environ.get("TTC_DEBUG") == "1"
            if debug:
                traceback.print_exc()
            hint = "" if debug else " (set TTC_DEBUG=1 for a traceback)"
            errors.append(Diagnostic("error", f"internal error: {type(error).__name__}: "
                                              f"{error}{hint}"))
        self.cache_key = None
        report = _render(errors, self._source_text())
        self._log(ok=False, stage=name, error=report)
        if not self.settings.fallback:
            raise TtcCompileError(self.kernel, name, report)
        first = report.splitlines()[0] if report else "unknown error"
        warnings.warn(TtcFallbackWarning(
            f"ttc could not compile kernel '{self.kernel}' ({name} stage: {first}); "
            "Triton's own stages compile it"), stacklevel=2)
        return self._replay(name, metadata)

    def _step(self, name: str, src: Any, metadata: MutableMapping[str, Any],
              errors: list[Diagnostic]) -> Any:
        """Stage `name` itself, on the compiling thread: errors are collected into `errors`,
        warnings (and remarks, when wanted) printed at once."""
        printer = DiagnosticPrinter(stream=_StderrProxy(), color=False)

        def handle(diagnostic: Diagnostic) -> None:
            self.cache_key = None  # a kernel with diagnostics shows them every time it compiles
            if diagnostic.severity == "error":
                errors.append(diagnostic)
            elif diagnostic.severity != "remark" or _remarks_wanted():
                _add_sources(printer, diagnostic, self._source_text())
                printer.print(diagnostic)

        with diagnostic_handler(handle):
            return getattr(self, f"_{name}")(src, metadata)

    # The compile cache.

    def _cache_settings(self, root: str) -> dict[str, Any]:
        """What decides this compile's results besides its input and the pipelines file."""
        return {"root": root, "target": self.target.string,
                "target_tools": self.target.cache_identity(LLVMIR.name),
                "device": self.device_target.string,
                "device_tools": self.device_target.cache_identity(CUBIN.name),
                "options": repr(self.options), "mma": self.settings.mma}

    def _look_up(self, root: str, src: Any) -> None:
        """At the first stage: find this compile in the cache, or note where to store it."""
        if self.cache is None:
            return
        key = self.cache.key(str(src).encode("utf-8"), self._cache_settings(root),
                             self.settings.pipelines_file)
        entry = self.cache.get(key, need_stages=True)
        wanted = STAGES[STAGES.index(root):]
        if entry is not None and entry.stages is not None and entry.metadata is not None \
                and all(stage in entry.stages for stage in wanted):
            self.cached = entry
        else:
            self.cache_key = key

    def _replay_cached(self, name: str, metadata: MutableMapping[str, Any]) -> Any:
        """Stage `name` from the cache entry: its result, metadata and dump file."""
        assert self.cached is not None and self.cached.stages is not None
        assert self.cached.metadata is not None
        written = self.cached.metadata[name]
        metadata.update(written["metadata"])
        self.kernel = written["kernel"]
        result = self.cached.stages[name]
        self._keep(name, result)
        if name == STAGES[-1]:
            self._log(ok=True)
        self.previous = result
        return result

    def _record(self, name: str, result: Any, before: dict[str, Any],
                metadata: MutableMapping[str, Any]) -> None:
        """Note a stage's result for the cache; store the entry after the last stage."""
        self.previous = result
        if self.cache is None or self.cache_key is None:
            return
        written = {key: value for key, value in metadata.items()
                   if key not in before or before[key] != value}
        try:
            json.dumps(written)
        except (TypeError, ValueError):
            self.cache_key = None
            return
        data = result.text if isinstance(result, StageModule) else result
        self.recorded[name] = (data, written, self.kernel)
        if name == STAGES[-1]:
            self.cache.put(self.cache_key, Entry(
                data, self.kernel,
                {stage: {"metadata": written, "kernel": kernel}
                 for stage, (_, written, kernel) in self.recorded.items()},
                {stage: stage_data for stage, (stage_data, _, _) in self.recorded.items()}))

    def _log(self, ok: bool, **failure: str) -> None:
        """Append this compile's record to the compile log, if one was asked for."""
        if self.settings.compile_log is None:
            return
        record = {"kernel": self.kernel, "ok": ok,
                  "s": round(time.perf_counter() - self.started, 4), **failure}
        with open(self.settings.compile_log, "a", encoding="utf-8") as log:
            log.write(json.dumps(record) + "\n")

    def _replay(self, failed: str, metadata: MutableMapping[str, Any]) -> Any:
        """Triton's own stages from the first one ttc ran up to `failed`, on Triton's input."""
        assert self.root is not None
        first, result = self.root
        self.fell_back = True
        for name in STAGES[STAGES.index(first):STAGES.index(failed) + 1]:
            result = self.originals[name](result, metadata)
        return result

    # The MLIR stages.

    def _module(self, src: Any, stage: str) -> Any:
        """ttc's module for a stage's input: the previous stage's, or parsed from Triton's text."""
        if isinstance(src, StageModule):
            return src.module
        options = CompileOptions(target=self.target, until="cubin",
                                 num_warps=self.options.num_warps,
                                 num_stages=self.options.num_stages,
                                 num_ctas=self.options.num_ctas, mma=self.settings.mma,
                                 pipelines_file=self.settings.pipelines_file, keep=self.keep)
        self.compilation = Compilation(str(src), SOURCE_BUFFER, options)
        module, kind = self.compilation.parse()
        self.kernel = self.compilation.kernel
        expected = "ttir" if stage in ("ttir", "ttgir") else "ttgir"
        if kind != expected:
            raise TtcError(f"the {stage} stage expects {expected.upper()} but was given "
                           f"{kind.upper()}")
        return module

    def _mlir_stage(self, stage: str, src: Any) -> Any:
        """Run an MLIR stage's pipeline on its input; return the module, changed in place."""
        module = self._module(src, stage)
        assert self.compilation is not None
        if stage == "ttgir" and self.options.maxnreg is not None:
            from xdsl.dialects.builtin import IntegerAttr, i32

            from ttc.dialects.ttng.tmem import MAX_NREG_ATTR

            module.attributes[MAX_NREG_ATTR] = IntegerAttr(self.options.maxnreg, i32)
        self.compilation.run_stage(stage, module)
        return module

    def _printed_stage(self, stage: str, src: Any) -> StageModule:
        """An MLIR stage whose result Triton keeps as text (TTIR, TTGIR): printed now, before the
        next stage changes the module in place."""
        module = self._mlir_stage(stage, src)
        assert self.compilation is not None
        return StageModule(module, self.compilation.print_module(module))

    def _ttir(self, src: Any, metadata: MutableMapping[str, Any]) -> StageModule:
        return self._printed_stage("ttir", src)

    def _ttgir(self, src: Any, metadata: MutableMapping[str, Any]) -> StageModule:
        from ttc.transforms.triton_nvidia_tma_lowering import host_descriptor_metadata

        result = self._printed_stage("ttgir", src)
        metadata["cluster_dims"] = (self.options.num_ctas, 1, 1)
        metadata["tensordesc_meta"] = host_descriptor_metadata(kernel_function(result.module))
        return result

    def _llir(self, src: Any, metadata: MutableMapping[str, Any]) -> str:
        module = self._mlir_stage("llir", src)
        assert self.compilation is not None
        attributes = _int_attributes(module)
        optimize = self.target.backend_step(LLVMIR)
        llvm_ir = optimize.run(self.compilation.translate(module))
        self._keep("llir", llvm_ir)
        if (total := attributes.get("ttg.total-num-warps")) is not None:
            metadata["num_warps"] = total
        metadata["shared"] = attributes.get("ttg.shared", 0)
        metadata["tmem_size"] = attributes.get("ttg.tensor_memory_size", 0)
        metadata["global_scratch_size"] = attributes.get("ttg.global_scratch_memory_size", 0)
        metadata["global_scratch_align"] = attributes.get("ttg.global_scratch_memory_alignment", 1)
        metadata["profile_scratch_size"] = attributes.get("ttg.profile_scratch_memory_size", 0)
        metadata["profile_scratch_align"] = attributes.get(
            "ttg.profile_scratch_memory_alignment", 1)
        return llvm_ir

    # The back end.

    def _ptx(self, src: Any, metadata: MutableMapping[str, Any]) -> str:
        from ttc.targets.nvidia.ptx import ptx_kernel_name

        ptx = self.device_target.backend_step(PTX).run(str(src))
        self.kernel = metadata["name"] = ptx_kernel_name(ptx)
        self._keep("ptx", ptx)
        return ptx

    def _cubin(self, src: Any, metadata: MutableMapping[str, Any]) -> bytes:
        cubin = self.device_target.backend_step(CUBIN).run(str(src))
        assert isinstance(cubin, bytes)
        self._keep("cubin", cubin)
        return cubin

    def _keep(self, suffix: str, data: str | bytes) -> None:
        if self.keep is not None:
            self.keep(f"{self.kernel}.{suffix}", data)

    def _source_text(self) -> str | None:
        return self.compilation.text if self.compilation is not None else None


def _remarks_wanted() -> bool:
    """Whether remarks are shown: as in Triton, only under `MLIR_ENABLE_REMARK=1` (warnings
    always are)."""
    return os.environ.get("MLIR_ENABLE_REMARK", "0") not in ("", "0")


def _entry_name(src: Any) -> str | None:
    """The kernel's name in a Triton module (`get_entry_func_name`), before ttc parses it."""
    try:
        return str(src.get_entry_func_name())
    except Exception:  # noqa: BLE001 - not a Triton module, or one without a kernel
        return None


def check_capability(device_arch: int) -> None:
    """TtcError unless ttc can build code for a GPU of compute capability `device_arch`."""
    if device_arch not in SUPPORTED_CC:
        supported = ", ".join(f"sm_{cc}" for cc in SUPPORTED_CC)
        raise TtcError(f"ttc compiles for {supported}; this GPU is sm_{device_arch}")


def _int_attributes(module: Any) -> dict[str, int]:
    found = {}
    for key, attr in module.attributes.items():
        value = getattr(getattr(attr, "value", None), "data", None)
        if isinstance(value, int):
            found[key] = value
    return found


class _StderrProxy(io.TextIOBase):
    """Writes to whatever `sys.stderr` is at the time (pytest swaps it per test)."""

    def write(self, text: str) -> int:
        import sys

        return sys.stderr.write(text)


def _add_sources(printer: DiagnosticPrinter, diagnostic: Diagnostic, source: str | None) -> None:
    """Give the printer the text of every file the diagnostic points into (the kernel's Python)."""
    for diag in (diagnostic, *diagnostic.notes):
        if diag.location is None or diag.location.file in printer.sources:
            continue
        if diag.location.file == SOURCE_BUFFER and source is not None:
            printer.add_source(SOURCE_BUFFER, source)
        elif lines := linecache.getlines(diag.location.file):
            printer.add_source(diag.location.file, "".join(lines))


def _render(diagnostics: list[Diagnostic], source: str | None) -> str:
    """The diagnostics as text, each with its source line and caret."""
    stream = io.StringIO()
    printer = DiagnosticPrinter(stream=stream, color=False)
    for diagnostic in diagnostics:
        _add_sources(printer, diagnostic, source)
        printer.print(diagnostic)
    return stream.getvalue().rstrip("\n")
