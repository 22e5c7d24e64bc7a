"""`ttc compile`'s checks of --num-warps, --num-stages and --num-ctas; the one list of targets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from triton_corpus import GPU_KERNELS

from ttc.cli.main import cli
from ttc.compile_driver import MAX_NUM_CTAS, check_launch_options
from ttc.ir.errors import UsageError
from ttc.targets.base import known_targets, parse_target, target_classes

ADD = Path(__file__).resolve().parents[3] / "examples" / "add.ttir"


def compile_(*args: str) -> Result:
    return CliRunner().invoke(cli, ["compile", *args])


@pytest.mark.parametrize(("option", "message"), [
    ("--num-warps=3", "--num-warps=3: the number of warps must be a power of two"),
    ("--num-warps=64", "--num-warps=64: 64 warps of 32 threads are 2048 threads, more than the "
                       "1024 of a block on cuda:90 (at most 32 warps)"),
    ("--num-ctas=3", "--num-ctas=3: the number of CTAs must be a power of two"),
    ("--num-ctas=32", f"--num-ctas=32: the number of CTAs must be a power of two from 1 to "
                      f"{MAX_NUM_CTAS}"),
])
def test_bad_launch_options_are_usage_errors(option: str, message: str, tmp_path: Path) -> None:
    output = tmp_path / "add.ptx"
    result = compile_(str(ADD), "--target=cuda:90", option, "-o", str(output))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert not output.exists()


def test_largest_block_compiles(tmp_path: Path) -> None:
    result = compile_(str(ADD), "--target=cuda:80", "--num-warps=32", "--num-ctas=2",
                      "-o", str(tmp_path / "add.ttgir"))
    assert result.exit_code == 0, result.output
    assert '"ttg.num-warps" = 32' in (tmp_path / "add.ttgir").read_text()


@pytest.mark.parametrize("warps", [1, 2, 4, 8, 16, 32])
def test_powers_of_two_up_to_a_full_block_pass(warps: int) -> None:
    check_launch_options(parse_target("cuda:90"), warps, 3, 1)


def test_zero_stages_is_no_pipelining_as_in_triton(tmp_path: Path) -> None:
    matmul = GPU_KERNELS / "matmul_f16_64x64x32_w4_s2" / "sm80.ttir"
    outputs = []
    for stages in (0, 1, 2):
        output = tmp_path / f"mm{stages}.ttgir"
        result = compile_(str(matmul), "--target=cuda:80", f"--num-stages={stages}", "-o",
                          str(output))
        assert result.exit_code == 0, result.output
        outputs.append(output.read_text())
    assert outputs[0] == outputs[1] != outputs[2]


@pytest.mark.parametrize(("warps", "stages", "ctas", "option"), [
    (0, 3, 1, "--num-warps"), (6, 3, 1, "--num-warps"), (2048, 3, 1, "--num-warps"),
    (4, -1, 1, "--num-stages"), (4, 3, 0, "--num-ctas"), (4, 3, 12, "--num-ctas"),
])
def test_the_check_names_the_option(warps: int, stages: int, ctas: int, option: str) -> None:
    with pytest.raises(UsageError, match=f"^error: {option}="):
        check_launch_options(parse_target("cuda:80"), warps, stages, ctas)


def test_the_block_limit_counts_the_targets_warp_width() -> None:
    musa = parse_target("musa:31")
    most = musa.max_threads_per_block // musa.threads_per_warp
    check_launch_options(musa, most, 1, 1)
    with pytest.raises(UsageError, match=f"at most {most} warps"):
        check_launch_options(musa, most * 2, 1, 1)


def test_every_listed_target_is_accepted_and_canonical() -> None:
    listed = CliRunner().invoke(cli, ["list", "targets"])
    assert listed.exit_code == 0
    strings = [line.split()[0] for line in listed.output.splitlines()]
    assert strings == [string for string, _ in known_targets()]
    for string in strings:
        assert parse_target(string).string == string


@pytest.mark.parametrize("family", ["cuda", "musa"])
def test_an_unsupported_arch_names_the_listed_targets(family: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_target(f"{family}:999")
    named = set(re.findall(rf"\b{family}:\w+", str(caught.value))) - {f"{family}:999"}
    listed = {string for string, _ in target_classes()[family].examples()}
    # every target listed is named; what else is named is another spelling of a listed one
    assert listed <= named
    assert {parse_target(string).string for string in named} == listed
