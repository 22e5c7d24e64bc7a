"""Switching ttc on and off inside Triton: the stages hook and the cache keys.

Triton (3.5 and later) lets a program replace the stages of its compile through
`triton.knobs.runtime.add_stages_inspection_hook`: the backend calls it with the `stages` dict it
just filled, the options, the language and the compute capability. `install` sets that hook;
for Triton kernels (not Gluon's) it puts ttc's stages (`ttc.triton.stages`) in place of the
NVIDIA backend's.

Triton caches compiled kernels twice: per `@triton.jit` function in memory
(`triton.runtime.jit.compute_cache_key`) and on disk (`get_cache_key`). Later Triton releases ask
the hook itself for a key, calling it without arguments; Triton 3.6 does not, so there `install`
adds ttc's fingerprint (`ttc.triton.fingerprint`) to both keys by wrapping those two functions, and
`uninstall` puts them back. Either way a kernel compiled by Triton is never taken for ttc's, nor
the reverse, and a change to ttc or its pipelines recompiles.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ttc.ir.errors import UsageError
from ttc.ir.target import MmaChoice
from ttc.triton.fingerprint import fingerprint, fingerprint_hash
from ttc.triton.options import IntegrationOptions
from ttc.triton.stages import STAGES, KernelBuild


@dataclass
class _Installed:
    """What `install` changed, so that `uninstall` can put it back."""

    options: IntegrationOptions
    hook: Callable[..., Any]
    restore: list[tuple[Any, str, Any]] = field(default_factory=list)


_installed: _Installed | None = None


def installed() -> IntegrationOptions | None:
    """The options ttc was installed with, or None when Triton compiles on its own."""
    return _installed.options if _installed is not None else None


def install(target: str | None = None, pipelines_file: str | None = None,
            dump_dir: str | None = None, fallback: bool = False, compile_log: str | None = None,
            cache: bool = True, mma: MmaChoice | None = None, *,
            options: IntegrationOptions | None = None) -> IntegrationOptions:
    """Compile every Triton kernel of this process with ttc from now on (see the module doc).

    Installing again replaces the options. Raises UsageError when Triton is missing or too old,
    or when another stages hook is set.
    """
    global _installed
    settings = options or IntegrationOptions(target, pipelines_file, dump_dir, fallback,
                                             compile_log, cache, mma)
    knobs, jit, compiler = _triton()
    current = knobs.runtime.add_stages_inspection_hook
    if current is not None and (_installed is None or current is not _installed.hook):
        raise UsageError("another add_stages_inspection_hook is already set in "
                         "triton.knobs.runtime; ttc cannot install its stages beside it")
    uninstall()
    hook = _make_hook(settings)
    state = _Installed(settings, hook)
    if not _triton_asks_hook_for_key(compiler):
        _wrap(state, jit, "compute_cache_key",
              lambda original: lambda *args: original(*args) + "-ttc-" + _memory_key(settings))
        for module in (compiler, jit):
            if hasattr(module, "get_cache_key"):
                _wrap(state, module, "get_cache_key",
                      lambda original: lambda *args, **kwargs:
                      original(*args, **kwargs) + "-" + fingerprint(settings))
    knobs.runtime.add_stages_inspection_hook = hook
    _installed = state
    return settings


def uninstall() -> None:
    """Let Triton compile on its own again (a no-op when ttc is not installed)."""
    global _installed
    if _installed is None:
        return
    knobs, _, _ = _triton()
    if knobs.runtime.add_stages_inspection_hook is _installed.hook:
        knobs.runtime.add_stages_inspection_hook = None
    for owner, name, original in reversed(_installed.restore):
        setattr(owner, name, original)
    _installed = None


def _triton() -> tuple[Any, Any, Any]:
    """Triton's knobs, runtime.jit and compiler.compiler modules; UsageError if unusable."""
    try:
        import triton.compiler.compiler as compiler
        import triton.runtime.jit as jit
        from triton import knobs
    except ImportError as error:
        raise UsageError(f"the Triton integration needs Triton (pip install triton): "
                         f"{error}") from None
    if not hasattr(knobs.runtime, "add_stages_inspection_hook"):
        import triton

        raise UsageError(f"Triton {triton.__version__} has no add_stages_inspection_hook; "
                         "ttc needs Triton 3.5 or later")
    return knobs, jit, compiler


def _triton_asks_hook_for_key(compiler: Any) -> bool:
    """Whether this Triton calls the hook without arguments for a cache key (after 3.6)."""
    try:
        return "add_stages_inspection_hook()" in inspect.getsource(compiler.compile)
    except (OSError, TypeError):
        return False


_memory_keys: dict[IntegrationOptions, str] = {}


def _memory_key(settings: IntegrationOptions) -> str:
    """The fingerprint hash for in-memory keys, computed once per options (kernel launches use
    it, so it must cost nothing after the first)."""
    key = _memory_keys.get(settings)
    if key is None:
        key = _memory_keys[settings] = fingerprint_hash(settings)
    return key


def _wrap(state: _Installed, owner: Any, name: str,
          make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    original = getattr(owner, name)
    state.restore.append((owner, name, original))
    setattr(owner, name, make(original))


def _make_hook(settings: IntegrationOptions) -> Callable[..., Any]:
    """The stages hook: ttc's stages for Triton kernels; (key, hash) when called bare."""

    def hook(backend: Any = None, stages: dict[str, Any] | None = None, options: Any = None,
             language: Any = None, capability: int | None = None) -> tuple[str, str]:
        key = (fingerprint(settings), fingerprint_hash(settings))
        if stages is None:
            return key
        from triton.backends.compiler import Language

        if language != Language.TRITON:
            return key  # Gluon kernels (and any other language) stay with Triton.
        device_arch = backend.target.arch
        ptxas = _triton_ptxas(device_arch)
        originals = {name: stages[name] for name in STAGES if name in stages}
        build = KernelBuild(settings, options, capability or device_arch, device_arch,
                            originals, ptxas)
        for name in originals:
            stages[name] = build.stage(name)
        return key

    return hook


def _triton_ptxas(arch: int) -> str | None:
    """The ptxas Triton would run for `arch` (so both compilers use one), if it can be found."""
    try:
        from triton.backends.nvidia.compiler import get_ptxas

        return str(get_ptxas(arch).path)
    except Exception:  # noqa: BLE001 - any failure leaves ttc to find its own ptxas
        return None
