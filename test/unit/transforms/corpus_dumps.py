"""Input/expected-output pairs for ttc's TTIR passes, cut from Triton's real pass dumps.

`shared/corpus/*/sm90.passes.mlir.gz` holds the IR before every pass of Triton 3.6's sm90
pipeline. The dump before pass P is P's input; the next dump at module level is P's output (the
inliner's nested canonicalizer dumps on single `tt.func`s are skipped, being part of `inline`).
Outputs are compared after printing both sides with ttc's printer and renaming SSA values in
order of appearance, so names that MLIR derives from locations do not matter.
"""

from __future__ import annotations

import gzip
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

from ttc.pipelines.pass_base import TtcPass

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "triton-3.6"
if not CORPUS.exists():
    CORPUS = Path("/work/shared/corpus/triton-3.6")

_HEADER = re.compile(r"^// -----// IR Dump Before \S+ \(([^)]*)\) \('([^']*)' operation", re.M)
MODULES = {"loop-invariant-code-motion": "licm"}
_SSA = re.compile(r"%[A-Za-z0-9_$.\-]+")


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


def _dumps(kernel: str) -> list[tuple[str, str, str]]:
    text = gzip.open(CORPUS / kernel / "sm90.passes.mlir.gz", "rt").read()
    headers = list(_HEADER.finditer(text))
    dumps: list[tuple[str, str, str]] = []
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        body = text[text.index("\n", header.start()) + 1 : end]
        dumps.append((header.group(1), header.group(2), body))
    return dumps


def pass_cases(flags: set[str]) -> list[PassCase]:
    """Every run of a pass in `flags` (at module level) in the corpus, with its expected output."""
    cases: list[PassCase] = []
    if not CORPUS.exists():
        return cases
    for kernel_dir in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        dumps = _dumps(kernel_dir.name)
        for i, (flag, anchor, before) in enumerate(dumps):
            if flag not in flags or anchor != "builtin.module":
                continue
            following = [d for d in dumps[i + 1 :] if d[1] == "builtin.module"]
            if following:
                cases.append(PassCase(kernel_dir.name, i, flag, before, following[0][2]))
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
