"""The --pass-pipeline grammar, option strings, and option conversion to field types."""

from __future__ import annotations

import enum
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttc.pipelines.grammar import (
    PassSpec,
    PipelineError,
    build_pass,
    convert_value,
    parse_options,
    parse_pipeline,
    pass_to_string,
    type_name,
)


def test_nested_pipeline_keeps_order_options_and_anchors() -> None:
    text = ("builtin.module(canonicalize, tt.func(cse), "
            "convert-triton-to-tritongpu{num-warps=4 target=cuda:90 })")
    specs = parse_pipeline(text)
    assert [s.name for s in specs] == ["canonicalize", "cse", "convert-triton-to-tritongpu"]
    assert specs[1].anchor == ("builtin.module", "tt.func")
    assert specs[2].options == (("num-warps", "4"), ("target", "cuda:90"))
    assert text[specs[2].offset:].startswith("convert-triton-to-tritongpu")


def test_list_form_and_empty_anchor() -> None:
    assert [s.name for s in parse_pipeline("a, b{x=1},c")] == ["a", "b", "c"]
    assert parse_pipeline("builtin.module()") == []
    assert parse_pipeline("  ") == []


def test_capitalised_pass_names_and_nested_anchors() -> None:
    specs = parse_pipeline("builtin.module(llvm.func(canonicalize-llvm-ir), tritongpu-F32DotTC)")
    assert [(s.name, s.anchor) for s in specs] == [
        ("canonicalize-llvm-ir", ("builtin.module", "llvm.func")),
        ("tritongpu-F32DotTC", ("builtin.module",)),
    ]


@pytest.mark.parametrize(
    ("text", "message", "offset"),
    [
        ("builtin.module(cse", "expected ')' to close 'builtin.module('", 18),
        ("cse{a=1", "unterminated '{'", 3),
        ("cse canonicalize", "expected ',' or end of input after 'cse'", 4),
        ("cse,,", "expected a pass or op name", 4),
        ("a{x=\"unterminated}", "unterminated '{'", 1),
        ("builtin.module(cse))", "after 'builtin.module', found ')'", 19),
    ],
)
def test_syntax_errors_point_at_the_problem(text: str, message: str, offset: int) -> None:
    with pytest.raises(PipelineError) as info:
        parse_pipeline(text)
    assert message in info.value.message
    assert info.value.offset == offset


def test_option_strings() -> None:
    assert parse_options("target=cuda:80 num-warps=2") == (("target", "cuda:80"),
                                                           ("num-warps", "2"))
    assert parse_options("a=\"x y\" b='z' c={p{q=1}} flag") == (
        ("a", "x y"), ("b", "z"), ("c", "p{q=1}"), ("flag", "true"))
    assert parse_options("use_async_copy=1 use_pingpong=1") == (
        ("use_async_copy", "1"), ("use_pingpong", "1"))
    with pytest.raises(PipelineError, match="missing value for option 'a'"):
        parse_options("a= b=1")


class Mode(enum.Enum):
    FAST = "fast"
    SLOW = "slow"


@pytest.mark.parametrize(
    ("raw", "tp", "value"),
    [
        ("true", bool, True), ("1", bool, True), ("FALSE", bool, False), ("0", bool, False),
        ("42", int, 42), ("-3", int, -3), ("0x10", int, 16), ("08", int, 8),
        ("2.5", float, 2.5), ("cuda:80", str, "cuda:80"), ("slow", Mode, Mode.SLOW),
        ("None", Literal["None", "ValidConstant"], "None"),
        ("1,2,3", tuple[int, ...], (1, 2, 3)), ("7", int | None, 7),
    ],
)
def test_convert_value(raw: str, tp: object, value: object) -> None:
    assert convert_value(raw, tp) == value


@pytest.mark.parametrize(
    ("raw", "tp", "expected"),
    [("yes please", bool, "true, false, 1 or 0"), ("four", int, "an integer"),
     ("x", float, "a number"), ("medium", Mode, "one of fast, slow"), (True, int, "an integer")],
)
def test_convert_value_rejects(raw: object, tp: object, expected: str) -> None:
    with pytest.raises(ValueError, match=expected):
        convert_value(raw, tp)  # type: ignore[arg-type]


def test_type_names() -> None:
    assert type_name(int) == "int"
    assert type_name(Mode) == "fast|slow"
    assert type_name(tuple[int, ...]) == "list of int"
    assert type_name(bool | None) == "bool"


def test_build_pass_converts_and_validates_options() -> None:
    instance = build_pass(PassSpec("canonicalize", (("max-iterations", "3"),)))
    assert instance.name == "canonicalize"
    assert getattr(instance, "max_iterations") == 3
    assert pass_to_string(instance) == "canonicalize{max-iterations=3}"
    underscore = build_pass(PassSpec("canonicalize", (("max_iterations", "4"),)))
    assert getattr(underscore, "max_iterations") == 4


def test_build_pass_errors_name_the_pass() -> None:
    with pytest.raises(PipelineError, match="unknown pass 'canonicalise'; did you mean "
                                            "'canonicalize'"):
        build_pass(PassSpec("canonicalise"))
    with pytest.raises(PipelineError, match="pass 'canonicalize' has no option 'max-iter'; "
                                            "did you mean 'max-iterations'"):
        build_pass(PassSpec("canonicalize", (("max-iter", "1"),)))
    with pytest.raises(PipelineError, match="invalid value 'many' for option 'max-iterations' "
                                            "of pass 'canonicalize': expected an integer"):
        build_pass(PassSpec("canonicalize", (("max-iterations", "many"),)))


_KEYS = st.from_regex(r"[a-z][a-z0-9_-]{0,12}", fullmatch=True)
_VALUES = st.one_of(
    st.from_regex(r"[A-Za-z0-9:.,_+-]{1,12}", fullmatch=True),
    st.from_regex(r"[A-Za-z0-9 :=,{}]{0,12}", fullmatch=True).filter(lambda v: "'" not in v),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_KEYS, _VALUES), max_size=5), st.sampled_from([" ", "  ", "\t"]))
def test_options_round_trip_through_their_text(options: list[tuple[str, str]], sep: str) -> None:
    def quote(value: str) -> str:
        bare = value and not any(c.isspace() or c in "{}'\"" for c in value)
        return value if bare else f"'{value}'"

    text = sep.join(f"{key}={quote(value)}" for key, value in options)
    assert parse_options(text) == tuple(options)
    pipeline = "builtin.module(" + ", ".join(
        f"pass{i}{{{text}}}" for i in range(len(options) + 1)) + ")"
    assert [spec.options for spec in parse_pipeline(pipeline)] == [tuple(options)] * (
        len(options) + 1)
