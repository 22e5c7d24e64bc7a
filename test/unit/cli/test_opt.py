"""`ttc opt`: argument parsing, input splitting, exit codes, output files, dumps and timing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from ttc.cli.main import cli
from ttc.cli.opt import parse_args, split_chunks
from ttc.ir.errors import UsageError

GOOD = """\
tt.func @f(%arg0: i32) -> i32 {
  %c0_i32 = arith.constant 0 : i32
  %0 = arith.addi %arg0, %c0_i32 : i32
  tt.return %0 : i32
}
"""

BAD = """\
tt.func @g() {
  %0 = arith.constant 1 : i32
  tt.bogus %0
}
"""


def _opt(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["opt", *args], input=stdin)


def test_flags_in_both_spellings_and_value_forms() -> None:
    options = parse_args(["-split-input-file", "--verify-diagnostics=only-expected", "in.mlir",
                          "-o", "out.mlir", "--allow-unregistered-dialect=true",
                          "-mlir-disable-threading", "--mlir-print-ir-after-all=0",
                          "-canonicalize=max-iterations=2", "--pipeline", "ttir",
                          "--num-warps=8", "--target", "cuda:90"])
    assert options.split_input_file and options.allow_unregistered
    assert options.verify_diagnostics == "only-expected"
    assert not options.print_after_all
    assert (options.input, options.output) == ("in.mlir", "out.mlir")
    assert [(s.kind, s.text) for s in options.steps] == [
        ("pass", "canonicalize=max-iterations=2"), ("pipeline", "ttir")]
    assert options.variables["num_warps"] == "8" and options.variables["target"] == "cuda:90"
    assert parse_args([]).input == "-"
    assert parse_args(["-verify-diagnostics"]).verify_diagnostics == "all"


@pytest.mark.parametrize(("argv", "message"), [
    (["-canonicalise"], "unknown option or pass '-canonicalise'; did you mean '-canonicalize'"),
    (["--split-input"], "did you mean '-split-input-file'"),
    (["-o"], "option '-o' needs a value"),
    (["a.mlir", "b.mlir"], "too many input files"),
    (["--num-warps=4"], "fill in a --pipeline"),
    (["--pipeline=ttir", "--num-warps=four"], "takes a positive integer"),
    (["--pipeline=ttir", "--target=sm90"], "--target takes a target string"),
    (["-verify-diagnostics=some"], "takes 'all' or 'only-expected'"),
    (["--mlir-timing=maybe"], "takes true or false"),
    (["--mlir-print-local-scope"], "is not supported: ttc always prints attribute aliases"),
    (["--mlir-print-ir-after=cse,csee"], "unknown pass 'csee'; did you mean 'cse'"),
    (["--mlir-print-ir-before="], "needs a comma-separated list of pass flags"),
])
def test_usage_errors(argv: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_args(argv)


def test_print_ir_before_and_after_named_passes_accumulate() -> None:
    options = parse_args(["--mlir-print-ir-after=cse, canonicalize", "-mlir-print-ir-after",
                          "inline", "-mlir-print-ir-before=symbol-dce"])
    assert options.print_after == {"cse", "canonicalize", "inline"}
    assert options.print_before == {"symbol-dce"}
    assert not options.print_after_all and not options.print_before_all


def test_split_keeps_original_line_numbers() -> None:
    text = "a\n// -----\nb\nc\n  // -----  tail\nd"
    chunks = split_chunks(text)
    assert chunks == ["a\n", "\n\nb\nc\n", "\n\n\n\n\nd"]
    assert [c.splitlines()[-1] for c in chunks] == ["a", "c", "d"]
    assert chunks[2].splitlines().index("d") == 5


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["// -----", "  // ----- x", "a", "", "b c", "//----"]),
                max_size=12))
def test_split_puts_every_line_at_its_original_number(lines: list[str]) -> None:
    chunks = split_chunks("\n".join(lines) + "\n")
    assert len(chunks) == 1 + sum(line.lstrip().startswith("// -----") for line in lines)
    for number, line in enumerate(lines):
        if line.lstrip().startswith("// -----") or not line:
            continue
        holders = [c for c in chunks if number < len(c.splitlines())
                   and c.splitlines()[number] == line]
        assert len(holders) == 1


def test_help_lists_general_options_and_points_to_list_passes() -> None:
    result = _opt("--help")
    assert result.exit_code == 0
    assert "-split-input-file" in result.stdout and "ttc list passes" in result.stdout


def test_usage_error_exit_code_2() -> None:
    result = _opt("-no-such-pass")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown option or pass '-no-such-pass'")
    bad_option = _opt("-canonicalize=max-iterations=x", "-")
    assert bad_option.exit_code == 2
    assert "of pass 'canonicalize': expected an integer" in bad_option.stderr
    bad_pipeline = _opt("--pass-pipeline=builtin.module(canonicalize")
    assert bad_pipeline.exit_code == 2
    assert bad_pipeline.stderr.startswith("<pass-pipeline>:1:28: error: invalid --pass-pipeline")


@pytest.mark.parametrize("argv", [
    ["-canonicalize=region-simplify=sometimes", "-"],
    ["--pass-pipeline=builtin.module(canonicalize{region-simplify=sometimes})", "-"],
])
def test_enum_option_rejects_unknown_choice_with_exit_code_2(argv: list[str]) -> None:
    result = _opt(*argv, stdin="tt.func @f() {\n  tt.return\n}\n")
    assert result.exit_code == 2
    assert ("invalid value 'sometimes' for option 'region-simplify' of pass 'canonicalize': "
            "expected one of disabled, normal, aggressive") in result.stderr
    assert "internal error" not in result.stderr


def test_missing_input_exit_code_1(tmp_path: Path) -> None:
    result = _opt(str(tmp_path / "none.mlir"))
    assert result.exit_code == 1
    assert "could not open input file" in result.stderr and "Traceback" not in result.stderr


def test_stdin_transform_and_stdout() -> None:
    result = _opt("-canonicalize", stdin=GOOD)
    assert result.exit_code == 0, result.stderr
    assert "arith.addi" not in result.stdout
    assert result.stdout.startswith("module {\n  tt.func @f(%arg0: i32) -> i32 {\n")


def test_parse_error_is_located_and_the_other_chunks_go_on(tmp_path: Path) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(GOOD + "// -----\n" + BAD)
    result = _opt(str(source), "-split-input-file")
    assert result.exit_code == 1
    assert result.stdout.startswith("module {") and result.stdout.endswith("// -----\n")
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{source}:9:")
    assert lines[1] == "  tt.bogus %0"
    assert lines[2].rstrip().endswith("^")


def test_output_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.mlir", tmp_path / "bad.mlir"
    good.write_text(GOOD)
    bad.write_text(BAD)
    out = tmp_path / "out.mlir"
    assert _opt(str(good), "-o", str(out)).exit_code == 0
    first = out.read_text()
    assert first.startswith("module {")
    failed = _opt(str(bad), "-o", str(out))
    assert failed.exit_code == 1 and failed.stdout == ""
    assert out.read_text() == first
    fresh = tmp_path / "fresh.mlir"
    assert _opt(str(bad), f"-o={fresh}").exit_code == 1
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.mlir", "good.mlir", "out.mlir"]


def test_verify_diagnostics_exit_codes(tmp_path: Path) -> None:
    expected = tmp_path / "expected.mlir"
    expected.write_text(BAD.replace("  tt.bogus", "  // expected-error @below {{tt.bogus}}\n"
                                                 "  tt.bogus"))
    assert _opt(str(expected), "-verify-diagnostics", "-o", "/dev/null").exit_code == 0
    wrong = tmp_path / "wrong.mlir"
    wrong.write_text(GOOD.replace("  tt.return", "  // expected-error @below {{nope}}\n"
                                                 "  tt.return"))
    result = _opt(str(wrong), "-verify-diagnostics")
    assert result.exit_code == 1
    assert 'error: expected error "nope" was not produced' in result.stderr


def test_dumps_and_timing_go_to_stderr(tmp_path: Path) -> None:
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    result = _opt(str(source), "--pass-pipeline=builtin.module(tt.func(canonicalize))",
                  "--mlir-print-ir-before-all", "--mlir-print-ir-after-all", "--mlir-timing")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("('builtin.module' operation) //----- //") == 2
    assert "IR Dump Before CanonicalizePass (canonicalize)" in result.stderr
    assert "Execution time report" in result.stderr and "Parser" in result.stderr
    assert "IR Dump" not in result.stdout


def test_named_pipeline_from_a_file(tmp_path: Path) -> None:
    pipelines = tmp_path / "p.yaml"
    pipelines.write_text("defaults: {num_warps: 4}\npipelines:\n  simplify:\n    passes:\n"
                         "      - canonicalize{max-iterations={num_warps}}\n")
    source = tmp_path / "in.mlir"
    source.write_text(GOOD)
    result = _opt(str(source), "--pipelines-file", str(pipelines), "--pipeline=simplify",
                  "--num-warps=2", "-mlir-print-ir-after-all")
    assert result.exit_code == 0, result.stderr
    assert "arith.addi" not in result.stdout
    unknown = _opt(str(source), "--pipelines-file", str(pipelines), "--pipeline=simplfy")
    assert unknown.exit_code == 2
    assert "unknown pipeline 'simplfy'; did you mean 'simplify'?" in unknown.stderr
