"""The target plugin contract, and the registry that finds targets by their target string.

A target (docs/adding-a-target.md) is a subclass of `Target` registered under the entry-point group
`ttc.targets`, the entry's name being the family before the colon of a target string (`cuda` in
`cuda:90`). Built-in targets are also listed in `BUILTIN_TARGETS`, so they work from a source
checkout whose entry points were never installed; an installed entry point of the same name wins.

What a target class provides:

* `family`, `description` and `examples()`: what `ttc list targets` prints, one line for every
  canonical target string `from_arch` accepts (the list its errors name too);
* `from_arch(arch, tools)`: a configured instance for the part after the colon (`90`), or a
  `UsageError` saying which values are accepted; `tools` maps a tool name (`ptxas`) to the path
  the user gave on the command line;
* `string`: the canonical target string; `max_threads_per_block` (1024 unless overridden): the
  largest block the GPU launches;
* `info`: the target description, what passes and lowerings know of the target
  (`ttc.ir.target.TargetInfo`: compute capability, PTX version, threads per warp, inline PTX),
  built once from the configuration; `threads_per_warp` reads it;
* `stage_pipeline(stage)`: the pipelines.yaml pipeline that runs MLIR stage `ttir`, `ttgir` or
  `llir` (Triton's make_ttir, make_ttgir and the MLIR half of make_llir);
* `pipeline_variables(...)`: the values of the pipeline templates (`{target}`,
  `{ptx_version}`, ...; `{cc}` follows from `{target}`);
* `lowered_dialects`: the dialects that may remain once `llir` has run (the input of translation);
* `translate(module)`: that module as LLVM IR text, with the target's triple and data layout;
* `artifacts`: what the back end produces, in order, from LLVM IR (`llvmir`, then e.g. `ptx`,
  `cubin`), and `backend_step(artifact)`: the function computing one from the one before it;
* `describe_kernel(llvm_ir)`: the kernel's name, parameter types and block size, for the
  launcher's metadata;
* `check_tools(until)` (optional): fail early when a tool the requested output needs is missing;
* `cache_identity(until)`: what besides the target string decides the output (its configuration
  and the identity of the tools producing `until`), for the compile cache's key.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ttc.ir.errors import TtcError, UsageError
from ttc.ir.target import TargetInfo, parse_target_string

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

ENTRY_POINT_GROUP = "ttc.targets"

BUILTIN_TARGETS: dict[str, str] = {
    "cuda": "ttc.targets.nvidia.target:NvidiaTarget",
    "musa": "ttc.targets.musa.target:MusaTarget",
}
"""Family → `module:Class` of the targets that ship with ttc (when no entry point names them)."""

MLIR_STAGES: tuple[str, ...] = ("ttir", "ttgir", "llir")
"""Triton's MLIR stages in order; `llir` ends in the LLVM dialect."""

@dataclass(frozen=True)
class Artifact:
    """A kind of back-end output: its name (`ptx`), file suffixes (first is preferred), encoding."""

    name: str
    suffixes: tuple[str, ...]
    binary: bool = False


@dataclass(frozen=True)
class BackendStep:
    """Computes one artifact from the one before (LLVM IR text for the first); `label` names it."""

    artifact: Artifact
    label: str
    run: Callable[[str], str | bytes]


@dataclass(frozen=True)
class KernelSignature:
    """What the LLVM IR says about the kernel: name, parameter types (LLVM spelling), block size."""

    name: str
    param_types: tuple[str, ...]
    threads_per_block: int | None


LLVMIR = Artifact("llvmir", (".llir", ".ll"))
"""Optimised LLVM IR text: the first artifact of every target."""


class Target(ABC):
    """One compilation target, configured from its target string."""

    family: ClassVar[str]
    description: ClassVar[str]
    artifacts: ClassVar[tuple[Artifact, ...]]
    lowered_dialects: ClassVar[frozenset[str]]
    max_threads_per_block: ClassVar[int] = 1024

    @classmethod
    @abstractmethod
    def from_arch(cls, arch: str, tools: Mapping[str, str]) -> Target:
        """The target for `<family>:<arch>`; raise UsageError if `arch` is not supported."""

    @classmethod
    @abstractmethod
    def examples(cls) -> list[tuple[str, str]]:
        """(canonical target string, one-line description) for every configuration accepted."""

    @property
    @abstractmethod
    def string(self) -> str:
        """The canonical target string (`cuda:90`)."""

    @property
    @abstractmethod
    def info(self) -> TargetInfo:
        """The target description: what passes and lowerings know of this target."""

    @property
    def threads_per_warp(self) -> int:
        """Threads in one warp."""
        return self.info.threads_per_warp

    def stage_pipeline(self, stage: str) -> str:
        """The pipelines.yaml pipeline that runs MLIR stage `stage` (one of MLIR_STAGES)."""
        return stage

    @abstractmethod
    def pipeline_variables(self, num_warps: int, num_stages: int,
                           num_ctas: int) -> dict[str, str | int | None]:
        """Template values for pipelines.yaml (keys of ttc.pipelines.yaml_pipelines.VARIABLES)."""

    @abstractmethod
    def translate(self, module: ModuleOp) -> str:
        """A fully lowered module (only `lowered_dialects`) as unoptimised LLVM IR text."""

    @abstractmethod
    def backend_step(self, artifact: Artifact) -> BackendStep:
        """The step producing `artifact` (one of `artifacts`) from the artifact before it."""

    @abstractmethod
    def describe_kernel(self, llvm_ir: str) -> KernelSignature:
        """The one kernel of `llvm_ir`; raise TtcError if there is not exactly one."""

    def check_tools(self, until: str) -> None:
        """Raise TtcError now if producing `until` (a stage or artifact name) needs a tool that is
        missing, so that the error comes before the compilation rather than after it."""

    def cache_identity(self, until: str) -> str:
        """What besides `string` decides the output up to `until` (a stage or artifact name), as
        text for the compile cache's key (`ttc.cache`). By default the instance's configuration
        (its attributes); a target whose steps run external tools adds each tool's identity
        (`ttc.cache.file_identity`), so a different tool is a different entry."""
        return repr(sorted(vars(self).items()))

    def artifact(self, name: str) -> Artifact:
        """The artifact called `name`; UsageError naming the choices if there is none."""
        for artifact in self.artifacts:
            if artifact.name == name:
                return artifact
        choices = ", ".join(a.name for a in self.artifacts)
        raise UsageError(f"target {self.string} cannot produce '{name}' (it produces {choices})")


@cache
def target_classes() -> dict[str, type[Target]]:
    """Every known target class by family: the built-ins, then installed entry points."""
    import importlib.metadata

    specs = dict(BUILTIN_TARGETS)
    entries = {entry.name: entry for entry in
               importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}
    classes: dict[str, type[Target]] = {}
    for family in sorted(set(specs) | set(entries)):
        cls = entries[family].load() if family in entries else _load(specs[family])
        if not (isinstance(cls, type) and issubclass(cls, Target)):
            raise TtcError(f"the {ENTRY_POINT_GROUP} entry point '{family}' names {cls!r}, "
                           "which is not a subclass of ttc.targets.base.Target")
        classes[family] = cls
    return classes


def _load(spec: str) -> type[Target]:
    module_name, _, attr = spec.partition(":")
    cls: type[Target] = getattr(importlib.import_module(module_name), attr)
    return cls


def known_targets() -> list[tuple[str, str]]:
    """(target string, description) for every usual configuration of every target."""
    return [example for cls in target_classes().values() for example in cls.examples()]


def parse_target(text: str, tools: Mapping[str, str] | None = None) -> Target:
    """The target named by `text` (`cuda:90`); UsageError listing the known ones otherwise."""
    parsed = parse_target_string(text.strip())
    if parsed is None:
        raise UsageError(f"invalid target '{text}': expected FAMILY:ARCH, e.g. {_known_list()}")
    family, arch = parsed.family, parsed.arch
    # A built-in family resolves without scanning the installed distributions for plugins.
    cls = _load(BUILTIN_TARGETS[family]) if family in BUILTIN_TARGETS else target_classes().get(family)
    if cls is None:
        raise UsageError(f"unknown target family '{family}' in '{text}' "
                         f"(known targets: {_known_list()})")
    return cls.from_arch(arch, dict(tools or {}))


def _known_list() -> str:
    return ", ".join(string for string, _ in known_targets())
