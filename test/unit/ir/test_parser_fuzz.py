"""Fuzzing `ttc opt`'s parse → verify → print flow with mutated real Triton IR.

Seeds are Triton 3.6's own TTIR/TTGIR (the corpus and the GPU-test kernels), with their
locations and without them (so that mutations reach the verifier instead of stopping at a
dangling `#loc`). Each of the `EXAMPLES` inputs applies one to three mutations of three kinds:

- tokens: delete, duplicate or swap a token, replace one by another identifier, type, number or
  keyword, insert punctuation;
- characters: delete a run of characters, or truncate;
- whole lines: duplicate a line (a `#loc` or `#blocked` alias defined twice, an op twice),
  swap two lines, delete a line, or truncate the text after a line.

The mutated text goes through `run_opt`, the function behind `ttc opt`, in process and under a
`TIME_LIMIT_SECONDS` alarm; the only acceptable outcomes are success (exit 0) or errors that all
carry a `file:line:col` location (exit 1) - never a hang, an internal error or an exception, not
even one that the parser's or verifier's last-resort handlers would have turned into a located
error.
"""

from __future__ import annotations

import io
import re
import signal
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from triton_corpus import CORPUS, strip_locations
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from ttc.cli.opt import parse_args, run_opt
from ttc.ir.errors import TtcError
from ttc.ir.parser import TtcParser

KERNELS = Path(__file__).resolve().parents[2] / "gpu" / "kernels" / "triton-3.6"


def _seed_texts() -> list[str]:
    paths = [*CORPUS.glob("*/*.ttir"), *CORPUS.glob("*/*.ttgir"), *KERNELS.glob("*/*.ttir")]
    raw = {path.read_text() for path in paths}
    return sorted(raw | {strip_locations(text) for text in raw})


SEEDS = _seed_texts()

TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'  # string literals
    r"|[%@#^!]?[A-Za-z_$][\w$.\-]*"  # identifiers, keywords, types, SSA/symbol/alias names
    r"|%\d+(?:#\d+)?|0x[0-9a-fA-F]+|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?"  # SSA numbers, numbers
    r"|->|\S"  # arrows, single punctuation
)
REPLACEMENTS = (
    # identifiers and names
    "%0", "%arg0", "%arg99", "%undefined", "%c0_i32", "@f", "@missing", "#blocked", "#blocked9",
    "#mma", "#loc", "#loc999", "^bb1", "^bb99",
    # types
    "i1", "i8", "i32", "i64", "f16", "bf16", "f32", "f8E4M3FN", "index", "none",
    "!tt.ptr<f32>", "!tt.ptr<f16, 3>", "!tt.ptr<i32, \"global\">", "tensor<0xi32>",
    "tensor<?xf32>", "tensor<4x!tt.ptr<f32>>", "tensor<3xi32>", "tensor<64x64xf32, #mma>",
    "!ttg.memdesc<16x16xf16, #shared, #smem, mutable>", "!ttg.async.token", "vector<4xf32>",
    # numbers
    "0", "1", "-1", "3", "65536", "2147483648", "-9223372036854775809", "1e309", "0.5", "nan",
    "0x7FC00000", "0x",
    # keywords, ops and attributes
    "tt.func", "tt.return", "tt.load", "tt.store", "tt.dot", "tt.reduce", "scf.for", "scf.yield",
    "arith.constant", "arith.addi", "ttg.convert_layout", "ttg.local_alloc", "module",
    "attributes", "loc", "to", "step", "iter_args", "dense", "array", "true", "false", "unit",
    "private", "public", "axis", "order", "tt.divisibility", "{}", "[]", "()", "<>", '""', '"\\"',
)  # fmt: skip
PUNCTUATION = "%#!^@{}()<>[]:=,.\"'?*+-/\\|`~$;\n\t "

@st.composite
def token_mutation(draw: st.DrawFn, text: str) -> str:
    """One edit of the tokens of `text`."""
    tokens = list(TOKEN.finditer(text))
    if not tokens:
        return text
    index = draw(st.integers(0, len(tokens) - 1))
    token = tokens[index]
    start, end = token.span()
    kind = draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "insert"]))
    if kind == "delete":
        return text[:start] + text[end:]
    if kind == "duplicate":
        return text[:end] + " " + token.group() + text[end:]
    if kind == "swap":
        if index + 1 >= len(tokens):
            return text
        after = tokens[index + 1]
        return (
            text[:start] + after.group() + text[end : after.start()] + token.group()
            + text[after.end() :]
        )  # fmt: skip
    if kind == "replace":
        return text[:start] + draw(st.sampled_from(REPLACEMENTS)) + text[end:]
    inserted = draw(st.text(alphabet=PUNCTUATION, min_size=1, max_size=3))
    return text[:start] + inserted + text[start:]


@st.composite
def character_mutation(draw: st.DrawFn, text: str) -> str:
    """Delete a run of characters, or truncate."""
    position = draw(st.integers(0, max(len(text) - 1, 0)))
    if draw(st.booleans()):
        return text[:position]
    return text[:position] + text[position + draw(st.integers(1, 16)) :]


@st.composite
def line_mutation(draw: st.DrawFn, text: str) -> str:
    """Duplicate, swap or delete whole lines, or truncate after one."""
    lines = text.split("\n")
    index = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["duplicate", "swap", "delete", "truncate"]))
    if kind == "duplicate":
        where = draw(st.integers(0, len(lines)))
        lines.insert(where, lines[index])
    elif kind == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    elif kind == "delete":
        del lines[index]
    else:
        del lines[index + 1 :]
    return "\n".join(lines)


MUTATIONS = (token_mutation, token_mutation, character_mutation, line_mutation)


@st.composite
def mutated_ir(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        text = draw(draw(st.sampled_from(MUTATIONS))(text))
    return text


LOCATED_ERROR = re.compile(r"^fuzz\.mlir:\d+:\d+: error: ", re.M)
UNLOCATED_ERROR = re.compile(r"^(?:internal )?error: ", re.M)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


class EscapedException(BaseException):
    """An exception other than a parse or verify error raised inside the parser or an op verifier
    (xDSL's attribute constructors raise verify errors while parsing, for `16 : i2` say).

    `parse_module` and `verify_module` turn those into located errors so that users never see a
    traceback; the fuzzer lets them through (a `BaseException` passes `except Exception`) because
    each one is a bug reported with a made-up message.
    """


def _strict(
    method: Callable[..., Any], expected: tuple[type[BaseException], ...]
) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except expected:
            raise
        except Exception as error:
            raise EscapedException(f"{type(error).__name__}: {error}") from error

    return wrapper


@pytest.fixture
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make exceptions escaping the parser or an op verifier fail the test."""
    parse_errors = (ParseError, VerifyException, TtcError)
    monkeypatch.setattr(
        TtcParser, "parse_ttc_module", _strict(TtcParser.parse_ttc_module, parse_errors)
    )
    monkeypatch.setattr(
        Operation,
        "verify",
        _strict(Operation.verify, (VerifyException, DiagnosticException, TtcError)),
    )


EXAMPLES = 400
TIME_LIMIT_SECONDS = 10.0


class Hang(BaseException):
    """`ttc opt` ran past `TIME_LIMIT_SECONDS` on one input (a `BaseException`, so that no
    `except Exception` inside ttc can swallow it)."""


def _time_out(signum: int, frame: object) -> None:
    raise Hang(f"ttc opt ran for more than {TIME_LIMIT_SECONDS} s")


def run_ttc_opt(text: str, workdir: Path) -> tuple[int, str]:
    """Exit code and diagnostics of `ttc opt fuzz.mlir -o out.mlir`, run in process; `Hang` if
    it takes longer than `TIME_LIMIT_SECONDS`."""
    source = workdir / "fuzz.mlir"
    source.write_text(text)
    stderr = io.StringIO()
    previous = signal.signal(signal.SIGALRM, _time_out)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT_SECONDS)
    try:
        with redirect_stderr(stderr), redirect_stdout(io.StringIO()):
            try:
                code = run_opt(parse_args(["fuzz.mlir", "-o", str(workdir / "out.mlir")]))
            except TtcError as error:  # reported by `run_command` in the CLI
                assert error.location is not None, str(error)
                code = error.exit_code
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return code, stderr.getvalue()


@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.function_scoped_fixture],
)  # fmt: skip
@given(text=mutated_ir())
@pytest.mark.usefixtures("strict")
def test_mutated_ir_gives_output_or_located_errors(
    text: str, workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    code, diagnostics = run_ttc_opt(text, workdir)
    assert "internal error" not in diagnostics, diagnostics
    assert not UNLOCATED_ERROR.search(diagnostics), diagnostics
    if code == 0:
        assert not diagnostics.strip(), diagnostics
    else:
        assert code == 1
        assert LOCATED_ERROR.search(diagnostics), diagnostics


def test_seeds_pass_unchanged(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workdir)
    assert len(SEEDS) >= 8
    for text in SEEDS:
        assert run_ttc_opt(text, workdir) == (0, "")


def test_the_time_limit_stops_a_hang(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workdir)
    monkeypatch.setattr(sys.modules[__name__], "TIME_LIMIT_SECONDS", 0.2)

    def spin(*args: object) -> int:
        while True:
            pass

    monkeypatch.setattr(sys.modules[__name__], "run_opt", spin)
    with pytest.raises(Hang):
        run_ttc_opt(SEEDS[0], workdir)


def test_a_redefined_alias_is_an_error_at_its_second_definition(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    text = next(seed for seed in SEEDS if "#loc8 = " in seed)
    definition = next(line for line in text.split("\n") if line.startswith("#loc8 = "))
    duplicated = text + definition + "\n"
    code, diagnostics = run_ttc_opt(duplicated, workdir)
    line = duplicated.count("\n")
    assert code == 1
    assert f"fuzz.mlir:{line}:1: error: redefinition of attribute alias id 'loc8'" in diagnostics


def test_a_broken_seed_gives_a_located_error(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workdir)
    code, diagnostics = run_ttc_opt(SEEDS[0].replace("tt.func", "tt.fun", 1), workdir)
    assert code == 1
    assert LOCATED_ERROR.search(diagnostics), diagnostics
