"""pipelines.yaml: composition, templating, and errors located at the YAML line and column."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from ttc.ir.errors import TtcError
from ttc.pipelines.location import DEFAULT_PIPELINES_FILE
from ttc.pipelines.registry import all_passes
from ttc.pipelines.yaml_pipelines import load_pipelines, parse_pipelines


def test_every_shipped_pipeline_resolves_to_registered_passes() -> None:
    file = load_pipelines(DEFAULT_PIPELINES_FILE)
    assert "ttir" in file.pipelines and "gpu" in file.pipelines
    variables = file.variables({})
    for name in file.pipelines:
        passes = file.resolve(name, variables)
        assert passes, f"pipeline '{name}' is empty"
        assert all(p.name in all_passes() for p in passes)


def test_ttir_is_tritons_make_ttir_order() -> None:
    file = load_pipelines(DEFAULT_PIPELINES_FILE)
    tail = ["canonicalize", "triton-combine", "triton-reorder-broadcast", "cse", "symbol-dce", "triton-loop-unroll"]
    for target, head in (
        ("cuda:80", ["inline", "triton-rewrite-tensor-pointer", "triton-rewrite-tensor-descriptor-to-pointer"]),
        ("cuda:90", ["inline", "triton-rewrite-tensor-pointer"]),
    ):
        names = [s.name for s in file.specs("ttir", file.variables({"target": target}))]
        assert names == head + tail, target


STAGES = ("ttir", "ttgir", "llir")
"""Triton's stages in compile order; each one's output is the next one's input."""


def test_gpu_chains_every_connected_stage_in_order() -> None:
    file = load_pipelines(DEFAULT_PIPELINES_FILE)
    chain = list(itertools.takewhile(lambda stage: stage in file.pipelines, STAGES))
    assert [entry.text for entry in file.pipelines["gpu"].entries] == chain


TEMPLATED = """\
defaults:
  target: cuda:80
  num_warps: 4
pipelines:
  inner:
    summary: one pass
    passes:
      - "canonicalize{max-iterations={num_warps}}"
  outer:
    passes:
      - inner
      - canonicalize: {max-iterations: "{cc}"}
      - builtin.module(canonicalize, tt.func(canonicalize))
"""


def test_composition_and_templating() -> None:
    file = parse_pipelines(TEMPLATED, "p.yaml")
    specs = file.specs("outer", file.variables({"num_warps": 8, "target": "cuda:90"}))
    assert [(s.name, s.options) for s in specs] == [
        ("canonicalize", (("max-iterations", "8"),)),
        ("canonicalize", (("max-iterations", "90"),)),
        ("canonicalize", ()),
        ("canonicalize", ()),
    ]
    assert file.pipelines["inner"].summary == "one pass"
    defaults = file.specs("inner", file.variables({}))
    assert defaults[0].options == (("max-iterations", "4"),)


def _error(text: str, name: str | None = None) -> TtcError:
    with pytest.raises(TtcError) as info:
        file = parse_pipelines(text, "p.yaml")
        for pipeline in [name] if name else list(file.pipelines):
            file.resolve(pipeline, file.variables({}))
    return info.value


def _where(error: TtcError) -> tuple[int, int]:
    assert error.location is not None and error.location.file == "p.yaml"
    return error.location.line, error.location.column


def test_malformed_yaml_is_located() -> None:
    error = _error("pipelines:\n  a: [cse\n  b: 1\n")
    assert error.message.startswith("malformed YAML")
    assert _where(error)[0] == 3


def test_unknown_pass_is_located_at_its_entry() -> None:
    error = _error("pipelines:\n  a:\n    passes:\n      - canonicalize\n      - canonicalise\n")
    assert "unknown pass 'canonicalise'; did you mean 'canonicalize'" in error.message
    assert _where(error) == (5, 9)
    assert error.source_line == "      - canonicalise"


def test_bad_option_in_a_quoted_entry_points_into_the_string() -> None:
    text = 'pipelines:\n  a:\n    passes: ["canonicalize", "canonicalize{max-iterations=lots}"]\n'
    error = _error(text)
    assert "invalid value 'lots' for option 'max-iterations'" in error.message
    assert _where(error) == (3, 31)


def test_bad_option_in_a_mapping_entry() -> None:
    error = _error("pipelines:\n  a:\n    passes:\n      - canonicalize:\n          bogus: 1\n")
    assert "pass 'canonicalize' has no option 'bogus'" in error.message
    assert _where(error) == (4, 9)


def test_unknown_pipeline_cycle_and_structure_errors() -> None:
    cycle = _error("pipelines:\n  a:\n    passes: [b]\n  b:\n    passes: [canonicalize, a]\n", "a")
    assert "pipeline 'a' includes itself: a -> b -> a" in cycle.message
    assert _where(cycle) == (5, 28)
    assert "unknown key 'stages'" in _error("stages: {}\npipelines: {}\n").message
    assert "has no 'passes' list" in _error("pipelines:\n  a: {summary: x}\n").message
    assert "must be a list" in _error("pipelines:\n  a: {passes: canonicalize}\n").message
    assert "duplicate key 'a'" in _error(
        "pipelines:\n  a: {passes: [canonicalize]}\n  a: {passes: [canonicalize]}\n").message
    assert "has the name of a pass" in _error("pipelines:\n  canonicalize: {passes: [canonicalize]}\n").message
    assert "unknown variable 'warps'" in _error("defaults: {warps: 4}\npipelines: {}\n").message
    assert "missing key 'pipelines'" in _error("defaults: {}\n").message
    assert "is empty" in _error("").message
    empty = _error("pipelines:\n  a: {passes: [' ']}\n")
    assert "empty pass entry" in empty.message


def test_unknown_pipeline_is_a_usage_error() -> None:
    file = parse_pipelines("pipelines:\n  ttir: {passes: [canonicalize]}\n", "p.yaml")
    with pytest.raises(TtcError) as info:
        file.specs("ttri", {})
    assert info.value.exit_code == 2
    assert "did you mean 'ttir'" in info.value.message


def test_template_without_value() -> None:
    error = _error("pipelines:\n  a:\n    passes: ['canonicalize{max-iterations={cc}}']\n")
    assert "template variable '{cc}' has no value" in error.message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TtcError, match="does not exist"):
        load_pipelines(tmp_path / "none.yaml")


CONDITIONAL = """\
defaults:
  target: cuda:80
pipelines:
  stage:
    passes:
      - cse
      - if: cc < 90
        then: [canonicalize]
      - if: cc >= 90 and num_warps == 8
        then: [symbol-dce]
        else:
          - if: cc != 80
            then: [sccp]
"""


@pytest.mark.parametrize(("target", "warps", "expected"), [
    ("cuda:80", 4, ["cse", "canonicalize"]),
    ("cuda:86", 4, ["cse", "canonicalize", "sccp"]),
    ("cuda:90", 8, ["cse", "symbol-dce"]),
    ("cuda:90", 4, ["cse", "sccp"]),
])
def test_conditional_entries_follow_the_variables(target: str, warps: int,
                                                  expected: list[str]) -> None:
    file = parse_pipelines(CONDITIONAL, "p.yaml")
    variables = file.variables({"target": target, "num_warps": warps})
    assert [spec.name for spec in file.specs("stage", variables)] == expected


@pytest.mark.parametrize(("entry", "message", "where"), [
    ("{if: cc < 90}", "needs a 'then' list", (4, 14)),
    ("{if: cc ~ 90, then: [cse]}", "malformed condition 'cc ~ 90'", (4, 19)),
    ("{if: sm < 90, then: [cse]}", "unknown condition variable 'sm'", (4, 19)),
    ("{if: cc < 90, then: cse}", "'then' of a conditional entry must be a list", (4, 34)),
    ("{if: cc < 90, then: [cse], elif: []}", "unknown key 'elif'", (4, 41)),
    ("{if: cc < 90, then: [csee]}", "unknown pass 'csee'", (4, 35)),
])
def test_conditional_entry_errors_are_located(entry: str, message: str,
                                              where: tuple[int, int]) -> None:
    error = _error(f"defaults: {{target: cuda:80}}\npipelines:\n  a:\n    passes: [{entry}]\n")
    assert message in error.message
    assert _where(error) == where


def test_condition_on_a_variable_without_a_number() -> None:
    file = parse_pipelines("pipelines:\n  a:\n    passes: [{if: cc < 90, then: [cse]}]\n",
                           "p.yaml")
    with pytest.raises(TtcError, match="condition variable 'cc' has no value"):
        file.specs("a", file.variables({}))
