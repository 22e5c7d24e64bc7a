"""The library behind `ttc compile` and `ttc translate`: any stage of a kernel to any later one.

Mirrors Triton's `triton.compile` for an IR source: the input's stage is read from its content
(LLVM IR text; else an MLIR module with `llvm.func` kernels is the LLVM dialect, one whose module
carries `ttg.*` attributes is TTGIR, anything else TTIR), the MLIR stages after it run as the
target names them in pipelines.yaml (`ttir` → `ttgir` → `llir`, templates filled from the target
and the options), the fully lowered module is translated to LLVM IR, and the target's back-end
steps follow (for NVIDIA: O3 LLVM IR, PTX, cubin) up to the requested artifact.

Before anything runs, `check_launch_options` rejects warps, stages or CTAs no launch could use
(a usage error naming the option, as Triton's backend options assert them).

Every stage's result can be handed to a `keep` callback (for `--dump-dir`), named by Triton's file
suffixes (`ttir`, `ttgir`, `llir`, `ptx`, `cubin`), and once the LLVM IR exists, `json`: what a
launcher needs (see `kernel_metadata`). With a `Timing`, parsing, each pass, translation and each
back-end step are timed.

`compile_source` runs the compile on a thread with a deep stack (`ttc.ir.stack`), so it accepts
the nesting the command line accepts, and given a `CompileCache` (`ttc.cache`) it looks the compile
up before parsing anything: a hit hands back the stored output, metadata and kept stages; a miss
compiles and stores them, unless the compile emitted diagnostics (warnings are shown every time).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ttc.ir.errors import TtcError, UsageError
from ttc.ir.stack import call_with_deep_stack
from ttc.ir.syntax import TRITON_3_6
from ttc.ir.target import MmaChoice
from ttc.targets.base import LLVMIR, MLIR_STAGES, Target

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.ir import Operation

    from ttc.cache import CompileCache
    from ttc.pipelines.pass_base import TtcPass
    from ttc.pipelines.runner import Timing

T = TypeVar("T")

INPUT_KINDS: dict[str, str] = {
    "ttir": "TTIR",
    "ttgir": "TTGIR",
    "llvm": "the LLVM dialect",
    "llvmir": "LLVM IR",
}
"""The kinds of input, by the stage they are at, with their names in messages."""

_FIRST_STAGE = {"ttir": 0, "ttgir": 2, "llvm": 3, "llvmir": 3}
"""Index in MLIR_STAGES of the first stage an input of each kind goes through."""

SCRATCH_PARAMS = ("global_scratch", "profile_scratch")
"""The pointer parameters Triton's lowering appends to every kernel (passed as null if unused)."""

DEFAULT_NUM_WARPS = 4
DEFAULT_NUM_STAGES = 3
DEFAULT_NUM_CTAS = 1
MAX_NUM_CTAS = 16
"""The largest cluster of CTAs a kernel may ask for (CUDA's non-portable cluster size)."""

_LLVM_IR_LINE = re.compile(
    r"^(?:define|declare|target\s+(?:datalayout|triple)|source_filename|; ModuleID)\b",
    re.MULTILINE)
_MLIR_MODULE = re.compile(r"^\s*(?:module\b|tt\.func\b|llvm\.func\b|\"builtin\.module\")",
                          re.MULTILINE)

_TT_SCALARS = {"f16": "fp16", "bf16": "bf16", "f32": "fp32", "f64": "fp64",
               "f8E5M2": "fp8e5", "f8E5M2FNUZ": "fp8e5b16", "f8E4M3FN": "fp8e4nv",
               "f8E4M3FNUZ": "fp8e4b8", "f8E4M3B11FNUZ": "fp8e4b15"}
"""MLIR's float type names as Triton's signature spells them (`tl.dtype` names)."""
_LLVM_SCALARS = {"half": "fp16", "bfloat": "bf16", "float": "fp32", "double": "fp64"}


@dataclass
class CompileOptions:
    """What to compile for and how far.

    `until` is an MLIR stage (`ttir`, `ttgir`) or an artifact of the target (`llvmir`, `ptx`,
    `cubin`). `num_warps` None means the module's `ttg.num-warps`, else DEFAULT_NUM_WARPS.
    `mma` fills the pipelines' `{mma}` (None: the file's default; see `ttc.ir.target.MmaChoice`).
    `keep(file_name, data)` receives each stage's result, named `<kernel>.<suffix>`; `accept`
    limits the input kinds; `translator` replaces the target's LLVM-dialect → LLVM IR step.
    """

    target: Target
    until: str
    num_warps: int | None = None
    num_stages: int = DEFAULT_NUM_STAGES
    num_ctas: int = DEFAULT_NUM_CTAS
    mma: MmaChoice | None = None
    pipelines_file: str | None = None
    verify_each: bool = False
    timing: Timing | None = None
    keep: Callable[[str, str | bytes], None] | None = None
    accept: tuple[str, ...] = tuple(INPUT_KINDS)
    translator: Callable[[ModuleOp], str] | None = None


@dataclass
class Compiled:
    """The requested output, the kernel's name, and the launcher metadata (once LLVM IR existed)."""

    output: str | bytes
    kernel: str
    metadata: dict[str, Any] | None


def check_launch_options(target: Target, num_warps: int | None, num_stages: int,
                         num_ctas: int) -> None:
    """UsageError naming the option when the warps, stages or CTAs cannot give a kernel to launch.

    As Triton's backend options check them: `num_warps` is a power of two, and the block it makes
    (times the target's threads per warp) is at most `target.max_threads_per_block` threads;
    `num_stages` is not negative (0 and 1 both mean no software pipelining, as in Triton);
    `num_ctas` is a power of two of at most MAX_NUM_CTAS.
    """
    if num_warps is not None:
        if num_warps < 1 or num_warps & (num_warps - 1):
            raise UsageError(f"--num-warps={num_warps}: the number of warps must be a power of two")
        warp = target.threads_per_warp
        most = target.max_threads_per_block
        if num_warps * warp > most:
            raise UsageError(
                f"--num-warps={num_warps}: {num_warps} warps of {warp} threads are "
                f"{num_warps * warp} threads, more than the {most} of a block on {target.string} "
                f"(at most {most // warp} warps)")
    if num_stages < 0:
        raise UsageError(f"--num-stages={num_stages}: the number of stages cannot be negative")
    if num_ctas < 1 or num_ctas & (num_ctas - 1) or num_ctas > MAX_NUM_CTAS:
        raise UsageError(f"--num-ctas={num_ctas}: the number of CTAs must be a power of two "
                         f"from 1 to {MAX_NUM_CTAS}")


def is_llvm_ir(text: str) -> bool:
    """Whether `text` is LLVM IR rather than MLIR (by its top-level lines)."""
    return _LLVM_IR_LINE.search(text) is not None and _MLIR_MODULE.search(text) is None


def input_kind(module: ModuleOp) -> str:
    """`ttir`, `ttgir` or `llvm` for a parsed module; TtcError when it holds no kernel."""
    from ttc.ir.walk import walk

    names = {op.name for op in walk(module)}
    if "tt.func" in names:
        ttg = any(key.startswith(("ttg.", "triton_gpu.")) for key in module.attributes)
        return "ttgir" if ttg else "ttir"
    if "llvm.func" in names:
        return "llvm"
    raise TtcError("no kernel in the input: expected a tt.func or an llvm.func")


def kernel_function(module: ModuleOp) -> Operation:
    """The module's kernel: its one public `tt.func`, or its `llvm.func` marked as a kernel."""
    funcs = [op for op in module.ops if op.name in ("tt.func", "llvm.func")]
    candidates = [op for op in funcs if _is_kernel(op)]
    if len(candidates) != 1:
        found = ", ".join(_symbol(op) for op in candidates) or "none"
        raise TtcError(f"expected exactly one kernel (a public tt.func, or an llvm.func with "
                       f"nvvm.kernel) in the input, found {found}")
    return candidates[0]


def _is_kernel(op: Operation) -> bool:
    from ttc.dialects.tt import ops as tt

    if isinstance(op, tt.FuncOp):
        return op.is_kernel
    cconv = op.properties.get("CConv")
    return "nvvm.kernel" in op.attributes or (cconv is not None and "ptx_kernel" in str(cconv))


def _symbol(op: Operation) -> str:
    name = op.properties.get("sym_name")
    return str(getattr(name, "data", "?"))


def _int_attr(module: ModuleOp, *keys: str) -> int | None:
    for key in keys:
        attr = module.attributes.get(key)
        value = getattr(getattr(attr, "value", None), "data", None)
        if isinstance(value, int):
            return value
    return None


def _string_attr(module: ModuleOp, key: str) -> str | None:
    data = getattr(module.attributes.get(key), "data", None)
    return data if isinstance(data, str) else None


def _timed(timing: Timing | None, label: str, body: Callable[[], T]) -> T:
    start = time.perf_counter()
    try:
        return body()
    finally:
        if timing is not None:
            timing.add(label, time.perf_counter() - start)


class Compilation:
    """One run of the driver over one input (see the module docstring)."""

    def __init__(self, text: str, filename: str, options: CompileOptions) -> None:
        self.text = text
        self.filename = filename
        self.options = options
        self.target = options.target
        self.kernel = ""
        self.module_info: dict[str, Any] = {}
        self.syntax = TRITON_3_6
        """The Triton release spelling of the input, kept in the IR this prints."""
        self.ctx: Any = None
        """The xDSL context `parse` made, shared by every stage's passes."""

    def run(self) -> Compiled:
        """Compile; raise TtcError (or PassFailure, diagnostics emitted) on failure."""
        options = self.options
        check_launch_options(self.target, options.num_warps, options.num_stages, options.num_ctas)
        self.target.check_tools(options.until)
        if is_llvm_ir(self.text):
            self._accept("llvmir")
            self._check_until("llvmir")
            return self._backend(self.text)
        module, kind = self.parse()
        self._accept(kind)
        self._check_until(kind)
        stages = self._stages(kind)
        plans = self._plan(stages)
        if kind == "ttgir":
            self._keep("ttgir", lambda: self.print_module(module))
        for stage, passes in plans:
            self._run_stage(stage, passes, module)
            if stage == options.until:
                return Compiled(self.print_module(module), self.kernel, None)
        return self._backend(self.translate(module))

    def parse(self) -> tuple[ModuleOp, str]:
        """Parse and verify the MLIR input; note its kernel and metadata; return it and its kind."""
        from ttc.dialects.context import make_context
        from ttc.ir.parser import parse_module
        from ttc.dialects.verifier import verify_module

        self.ctx = make_context()
        self.syntax = self.ctx.syntax
        module = _timed(self.options.timing, "Parser",
                        lambda: parse_module(self.text, self.filename, ctx=self.ctx))
        _timed(self.options.timing, "Verifier", lambda: verify_module(module, self.filename))
        kind = input_kind(module)
        self.kernel = _symbol(kernel_function(module))
        self._read_module(module, kind)
        return module, kind

    def run_stage(self, stage: str, module: ModuleOp) -> None:
        """Run one MLIR stage's pipeline (`ttir`, `ttgir`, `llir`) on a module `parse` made."""
        ((_, passes),) = self._plan([stage])
        self._run_stage(stage, passes, module)

    def translate(self, module: ModuleOp) -> str:
        """The fully lowered module as LLVM IR (before the target's back-end steps)."""
        self._read_module(module, "llvm")
        self._check_lowered(module)
        translate = self.options.translator or self.target.translate
        return _timed(self.options.timing, "LLVM IR translation", lambda: translate(module))

    def _keep(self, suffix: str, data: Callable[[], str | bytes]) -> None:
        if self.options.keep is not None:
            self.options.keep(f"{self.kernel}.{suffix}", data())

    def _accept(self, kind: str) -> None:
        if kind not in self.options.accept:
            accepted = ", ".join(INPUT_KINDS[k] for k in self.options.accept)
            raise TtcError(f"the input is {INPUT_KINDS[kind]}; this command takes {accepted}"
                           + (" (`ttc compile` starts from TTIR)" if kind == "ttir" else ""))

    def _check_until(self, kind: str) -> None:
        until = self.options.until
        if until in MLIR_STAGES and MLIR_STAGES.index(until) < _FIRST_STAGE[kind]:
            raise TtcError(f"the input is already {INPUT_KINDS[kind]}: it cannot be compiled back "
                           f"to {until.upper()}")

    def _read_module(self, module: ModuleOp, kind: str) -> None:
        """Check the module's own target and warp count against the options; note its metadata."""
        info = self.module_info
        declared = _string_attr(module, "ttg.target") or _string_attr(module, "triton_gpu.target")
        if declared is not None and declared != self.target.string:
            raise TtcError(f"the input was compiled for {declared} (module attribute ttg.target) "
                           f"but --target is {self.target.string}")
        warps = _int_attr(module, "ttg.num-warps", "triton_gpu.num-warps")
        if kind != "ttir" and warps is not None:
            if self.options.num_warps is not None and self.options.num_warps != warps \
                    and "num_warps" not in info:
                raise TtcError(f"the input has ttg.num-warps = {warps} but --num-warps is "
                               f"{self.options.num_warps}")
            info["num_warps"] = warps
        total = _int_attr(module, "ttg.total-num-warps")
        if total is not None:
            info["total_num_warps"] = total
        for key, attr in (("shared", "ttg.shared"),
                          ("global_scratch_size", "ttg.global_scratch_memory_size"),
                          ("profile_scratch_size", "ttg.profile_scratch_memory_size")):
            value = _int_attr(module, attr)
            if value is not None:
                info[key] = value
        if kind == "ttir" or "params" not in info:
            func = kernel_function(module)
            if func.name == "tt.func":
                info["params"] = _tt_params(func)

    def _stages(self, kind: str) -> list[str]:
        until = self.options.until
        last = MLIR_STAGES.index(until) + 1 if until in MLIR_STAGES else len(MLIR_STAGES)
        return list(MLIR_STAGES[_FIRST_STAGE[kind]:last])

    def _plan(self, stages: list[str]) -> list[tuple[str, list[TtcPass]]]:
        """The passes of each stage, resolved before anything runs (errors come first)."""
        if not stages:
            return []
        from ttc.pipelines.yaml_pipelines import load_pipelines

        file = load_pipelines(self.options.pipelines_file)
        warps = self.module_info.get("num_warps") or self.options.num_warps or DEFAULT_NUM_WARPS
        variables = file.variables({**self.target.pipeline_variables(
            warps, self.options.num_stages, self.options.num_ctas), "mma": self.options.mma})
        plans = []
        for stage in stages:
            name = self.target.stage_pipeline(stage)
            if name not in file.pipelines:
                raise TtcError(
                    f"cannot compile for {self.target.string}: {file.path} has no '{name}' "
                    f"pipeline (Triton's {stage} stage) yet; it defines "
                    + ", ".join(file.pipelines))
            plans.append((stage, file.resolve(name, variables)))
        return plans

    def print_module(self, module: ModuleOp) -> str:
        from ttc.ir.printer import print_module

        return _timed(self.options.timing, "Output", lambda: print_module(module, syntax=self.syntax))

    def _run_stage(self, stage: str, passes: list[TtcPass], module: ModuleOp) -> None:
        from ttc.dialects.verifier import verify_module
        from ttc.pipelines.runner import RunOptions, run_passes

        def verify(m: ModuleOp) -> None:
            verify_module(m, self.filename)

        run_passes(passes, module, self.ctx, RunOptions(
            print_ir=self.print_module, verify=verify if self.options.verify_each else None,
            timing=self.options.timing))
        if not self.options.verify_each:
            _timed(self.options.timing, "Verifier", lambda: verify(module))
        if stage != "llir":
            self._keep(stage, lambda: self.print_module(module))

    def _check_lowered(self, module: ModuleOp) -> None:
        from ttc.ir.locations import source_location
        from ttc.ir.walk import walk

        allowed = self.target.lowered_dialects
        for op in walk(module):
            name = getattr(getattr(op, "op_name", None), "data", None) or op.name
            if name.split(".", 1)[0] not in allowed:
                raise TtcError(f"cannot lower '{name}' for {self.target.string}",
                               source_location(op.location))

    def _backend(self, llvm_ir: str) -> Compiled:
        options = self.options
        data: str | bytes = llvm_ir
        metadata = None
        for artifact in self.target.artifacts:
            step = self.target.backend_step(artifact)
            source = data
            assert isinstance(source, str), "only the last back-end step may produce bytes"
            data = _timed(options.timing, step.label, lambda: step.run(source))
            result = data
            if artifact == LLVMIR:
                assert isinstance(data, str)
                metadata = self.metadata(data)
                self.kernel = metadata["name"]
                self._keep("json", lambda: render_metadata(metadata))
            self._keep(artifact.suffixes[0].lstrip("."), lambda: result)
            if artifact.name == options.until:
                return Compiled(data, self.kernel, metadata)
        raise AssertionError(f"{options.until} is not an artifact of {self.target.string}")

    def metadata(self, llvm_ir: str) -> dict[str, Any]:
        """What a launcher needs, from the module attributes seen and the LLVM IR."""
        signature = self.target.describe_kernel(llvm_ir)
        info = self.module_info
        named: list[tuple[str, str]] = info.get("params", [])
        params = []
        for index, llvm_type in enumerate(signature.param_types):
            if index < len(named):
                name, type_name = named[index]
            elif named:
                extra = index - len(named)
                name = SCRATCH_PARAMS[extra] if extra < len(SCRATCH_PARAMS) else f"arg{index}"
                type_name = _llvm_type_name(llvm_type)
            else:
                name, type_name = f"arg{index}", _llvm_type_name(llvm_type)
            params.append({"name": name, "type": type_name})
        warps = info.get("total_num_warps") or info.get("num_warps")
        threads = signature.threads_per_block
        if threads is None and warps is not None:
            threads = warps * self.target.threads_per_warp
        if warps is None and threads is not None:
            warps = threads // self.target.threads_per_warp
        return {
            "name": signature.name,
            "target": self.target.string,
            "num_warps": warps,
            "threads_per_warp": self.target.threads_per_warp,
            "threads_per_block": threads,
            "num_ctas": self.options.num_ctas,
            "shared": info.get("shared"),
            "global_scratch_size": info.get("global_scratch_size"),
            "profile_scratch_size": info.get("profile_scratch_size"),
            "params": params,
        }


TMA_DESCRIPTOR_PARAM = "nvTmaDesc"
"""Triton's launcher type of a tensor-descriptor argument: a 128-byte CUtensorMap by value."""


def _tt_params(func: Operation) -> list[tuple[str, str]]:
    """(name, Triton signature type) of a tt.func's arguments: `x_ptr`, `*fp32`."""
    args = func.regions[0].blocks[0].args if func.regions[0].blocks else ()
    return [(arg.name_hint or f"arg{index}", _tt_type_name(str(arg.type)))
            for index, arg in enumerate(args)]


def _tt_type_name(text: str) -> str:
    if text.startswith("!tt.tensordesc<"):
        return TMA_DESCRIPTOR_PARAM
    pointer = re.fullmatch(r"!tt\.ptr<([\w]+)(?:,.*)?>", text)
    if pointer is not None:
        return "*" + _TT_SCALARS.get(pointer.group(1), pointer.group(1))
    return _TT_SCALARS.get(text, text)


def _llvm_type_name(text: str) -> str:
    if text.startswith("ptr"):
        return "*i8"
    return _LLVM_SCALARS.get(text, text)


def render_metadata(metadata: dict[str, Any]) -> str:
    """The metadata as the `<kernel>.json` file: indented, keys in a fixed order."""
    return json.dumps(metadata, indent=2) + "\n"


def cache_settings(filename: str, options: CompileOptions) -> dict[str, Any] | None:
    """Everything in `options` (besides the pipelines file) that decides the output, for the
    compile cache's key; None when the output cannot be cached (a custom translator)."""
    if options.translator is not None:
        return None
    return {"filename": filename, "target": options.target.string,
            "tools": options.target.cache_identity(options.until), "until": options.until,
            "num_warps": options.num_warps, "num_stages": options.num_stages,
            "num_ctas": options.num_ctas, "mma": options.mma, "verify_each": options.verify_each,
            "accept": list(options.accept)}


def compile_source(text: str, filename: str, options: CompileOptions,
                   cache: CompileCache | None = None) -> Compiled:
    """Compile `text` (read from `filename`) as `options` say, through `cache` when given; see
    the module docstring."""
    from ttc.ir.diagnostics import carry_handlers

    settings = cache_settings(filename, options) if cache is not None else None
    if cache is None or settings is None:
        return call_with_deep_stack(carry_handlers(Compilation(text, filename, options).run))
    start = time.perf_counter()
    key = cache.key(text.encode("utf-8"), settings, options.pipelines_file)
    entry = cache.get(key, need_stages=options.keep is not None)
    if entry is not None:
        if options.keep is not None:
            for name, data in (entry.stages or {}).items():
                options.keep(name, data)
        if options.timing is not None:
            options.timing.add("Compile cache (hit)", time.perf_counter() - start)
        return Compiled(entry.output, entry.kernel, entry.metadata)
    return call_with_deep_stack(carry_handlers(
        lambda: _compile_and_store(text, filename, options, cache, key)))


def _compile_and_store(text: str, filename: str, options: CompileOptions, cache: CompileCache,
                       key: str) -> Compiled:
    """Compile, and store the result under `key` when no diagnostic was emitted."""
    from ttc.cache import Entry
    from ttc.ir.diagnostics import observe

    kept: dict[str, str | bytes] = {}
    if options.keep is not None:
        forward = options.keep

        def keep(name: str, data: str | bytes) -> None:
            kept[name] = data
            forward(name, data)

        options = replace(options, keep=keep)
    with observe() as diagnostics:
        compiled = Compilation(text, filename, options).run()
    if not diagnostics:
        stages = kept if options.keep is not None else None
        cache.put(key, Entry(compiled.output, compiled.kernel, compiled.metadata, stages))
    return compiled
