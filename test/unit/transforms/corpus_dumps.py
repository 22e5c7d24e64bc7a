"""Input/expected-output pairs for ttc's TTIR passes, cut from Triton's real pass dumps.

`test/corpus/triton-3.6/*/sm90.passes.mlir.gz` (and, for the GPU-test kernels,
`test/gpu/kernels/triton-3.6/*/sm80.passes.mlir.gz`) hold the IR before every pass of Triton 3.6's
pipeline. The dump before pass P is P's input; the next dump at module level is P's output (the
inliner's nested canonicalizer dumps on single `tt.func`s are skipped, being part of `inline`).
Outputs are compared after printing both sides with ttc's printer and renaming SSA values in
order of appearance, so names that MLIR derives from locations do not matter.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from triton_corpus import assert_same_text, pass_dumps

from ttc.pipelines.pass_base import TtcPass

MODULES = {"loop-invariant-code-motion": "licm"}
_SSA = re.compile(r"%[A-Za-z0-9_$.\-]+")
PIPELINER_FLAGS = frozenset({"tritongpu-assign-latencies", "tritongpu-schedule-loops", "tritongpu-pipeline"})
"""The software-pipelining passes."""
_STAGED_FLAGS = frozenset({"tritongpu-assign-latencies", "tritongpu-pipeline"})
_STAGES = re.compile(r"_s(\d+)")


@dataclass(frozen=True)
class PassCase:
    """One run of pass `flag` in a kernel's pipeline: its input and Triton's output."""

    kernel: str
    index: int
    flag: str
    before: str
    after: str

    @property
    def id(self) -> str:
        return f"{self.kernel}-{self.index:02d}-{self.flag}"


def pass_cases(flags: set[str], arch: str = "sm90") -> list[PassCase]:
    """Every run of a pass in `flags` (at module level) in the `arch` pass dumps, with its
    expected output."""
    cases: list[PassCase] = []
    modules = [dump for dump in pass_dumps(arch=arch) if dump.anchor == "builtin.module"]
    for dump, following in zip(modules, modules[1:]):
        if dump.flag in flags and following.kernel == dump.kernel:
            kernel = dump.kernel if arch == "sm90" else f"{dump.kernel}-{arch}"
            cases.append(PassCase(kernel, dump.index, dump.flag, dump.text, following.text))
    return cases


def pass_class(flag: str) -> type[TtcPass]:
    """The ttc pass for `flag`, from its own module (`triton-combine` -> triton_combine.py)."""
    module = importlib.import_module("ttc.transforms." + MODULES.get(flag, flag.replace("-", "_")))
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, TtcPass) and value.__dict__.get("name") == flag:
            return value
    raise LookupError(flag)


def normalize(text: str) -> str:
    """`text` with SSA names replaced by %v0, %v1, ... in order of first appearance."""
    names: dict[str, str] = {}

    def rename(match: re.Match[str]) -> str:
        return names.setdefault(match.group(0), f"%v{len(names)}")

    return _SSA.sub(rename, text)


def pipeliner_options(case: PassCase) -> dict[str, object]:
    """The options `case`'s pass ran with in Triton: the kernel's number of stages (`_s<N>` in
    its name, else 3) for the passes that take one, nothing for the others."""
    if case.flag not in _STAGED_FLAGS:
        return {}
    match = _STAGES.search(case.kernel)
    return {"num_stages": int(match.group(1)) if match else 3}


def assert_pass_matches(case: PassCase, options: dict[str, object]) -> None:
    """Run `case.flag` with `options` on Triton's input; its output must be Triton's."""
    from ttc.dialects.context import make_context
    from ttc_parse import parse_module
    from ttc.ir.printer import print_module
    from ttc.pipelines.registry import get_pass

    ctx = make_context()
    module = parse_module(case.before, case.id, ctx=ctx)
    expected = print_module(parse_module(case.after, case.id))
    cls = get_pass(case.flag)
    assert cls is not None, case.flag
    cls(**options).apply(ctx, module)  # pyright: ignore[reportCallIssue]
    got, want = normalize(print_module(module)), normalize(expected)
    assert_same_text(got, want)
