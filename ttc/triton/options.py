"""What the Triton integration is asked to do: its options, from a call or from the environment.

`install(...)` takes them as arguments; `ttc run`, the pytest plugin and the start-up hook read
the same settings from environment variables, so a command and every Python process it starts
agree:

| variable              | option           | meaning                                                  |
|-----------------------|------------------|----------------------------------------------------------|
| `TTC_TRITON`          |                  | `1`: switch ttc on in every Python process (`ttc run`)   |
| `TTC_TARGET`          | `target`         | compile the MLIR stages for this target (`cuda:80`)      |
| `TTC_PIPELINES_FILE`  | `pipelines_file` | the pipelines.yaml whose `ttir`/`ttgir`/`llir` run       |
| `TTC_DUMP_DIR`        | `dump_dir`       | keep every stage of every kernel here                    |
| `TTC_FALLBACK`        | `fallback`       | `1`: a kernel ttc cannot compile goes to Triton, warned  |
| `TTC_COMPILE_LOG`     | `compile_log`    | append one JSON line per kernel compiled (see below)     |
| `TTC_CACHE`           | `cache`          | `0`: do not use ttc's compile cache (on by default)      |
| `TTC_CACHE_DIR`       |                  | where the compile cache lives (`ttc.cache`)              |
| `TTC_MMA`             | `mma`            | cuda:9x dots: `auto`, `wgmma` or `mma-sync` (see below)  |

This module imports neither Triton nor the compiler, so reading it costs nothing at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from ttc.ir.errors import UsageError
from ttc.ir.target import MMA_CHOICES, MmaChoice

ENABLE_VARIABLE = "TTC_TRITON"
_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"", "0", "false", "no", "off"})


@dataclass(frozen=True)
class IntegrationOptions:
    """How ttc compiles Triton's kernels.

    `target` (`cuda:80`, `cuda:90`, ...) replaces the compute capability Triton asks for in the
    `ttir`, `ttgir` and `llir` stages; PTX and the cubin are always built for the GPU Triton
    targets, as with `TRITON_OVERRIDE_ARCH`. `pipelines_file` replaces ttc's pipelines.yaml.
    `dump_dir` receives `<kernel>.<stage>` files as `ttc compile --dump-dir` writes them.
    `fallback` hands a kernel ttc cannot compile to Triton's own stages, with a warning, instead
    of raising. `compile_log` names a file that gets one JSON line per kernel ttc compiles:
    `{"kernel", "ok", "s" (seconds after the frontend), "stage" and "error" when it failed}`.
    `cache` looks each kernel up in ttc's compile cache (`ttc.cache`) and stores what it compiles
    there, so a kernel Triton's own cache no longer holds (a new `TRITON_CACHE_DIR`, another
    Triton key) is not compiled again. `mma` is how a cuda:9x target picks wgmma or mma.sync for
    a dot (`ttc.ir.target.MmaChoice`; None: the pipelines file's default, ttc's cost model).
    """

    target: str | None = None
    pipelines_file: str | None = None
    dump_dir: str | None = None
    fallback: bool = False
    compile_log: str | None = None
    cache: bool = True
    mma: MmaChoice | None = None

    def __post_init__(self) -> None:
        if self.mma is not None and self.mma not in MMA_CHOICES:
            raise UsageError(f"mma '{self.mma}': expected one of {', '.join(MMA_CHOICES)}")
        if self.target is not None:
            from ttc.targets.base import parse_target

            if parse_target(self.target).family != "cuda":
                raise UsageError(f"ttc compiles Triton's kernels for NVIDIA targets only, not "
                                 f"'{self.target}'")
        if self.pipelines_file is not None and not os.path.isfile(self.pipelines_file):
            raise UsageError(f"pipelines file not found: {self.pipelines_file}")

    def environment(self) -> dict[str, str]:
        """The variables that switch ttc on with these options in another process."""
        env = {ENABLE_VARIABLE: "1", "TTC_FALLBACK": "1" if self.fallback else "0",
               "TTC_CACHE": "1" if self.cache else "0"}
        for key, value in (("TTC_TARGET", self.target),
                           ("TTC_PIPELINES_FILE", self.pipelines_file),
                           ("TTC_DUMP_DIR", self.dump_dir),
                           ("TTC_COMPILE_LOG", self.compile_log),
                           ("TTC_MMA", self.mma)):
            if value is not None:
                env[key] = value if key in ("TTC_TARGET", "TTC_MMA") else os.path.abspath(value)
        return env

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> IntegrationOptions:
        """The options the `TTC_*` variables give; UsageError naming a malformed one."""
        env = os.environ if env is None else env
        return cls(target=env.get("TTC_TARGET") or None,
                   pipelines_file=env.get("TTC_PIPELINES_FILE") or None,
                   dump_dir=env.get("TTC_DUMP_DIR") or None,
                   fallback=flag(env, "TTC_FALLBACK"),
                   compile_log=env.get("TTC_COMPILE_LOG") or None,
                   cache=flag(env, "TTC_CACHE", default=True),
                   mma=env.get("TTC_MMA") or None)  # type: ignore[arg-type]


def flag(env: Mapping[str, str], name: str, default: bool = False) -> bool:
    """A boolean environment variable (1/0, true/false, yes/no, on/off; unset is `default`)."""
    if name not in env:
        return default
    value = env[name].strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise UsageError(f"{name}={env[name]!r}: expected 1 or 0")
