"""Target strings and the target description: `ttc.ir.target`, and the module's `ttg.target`."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import ModuleOp, StringAttr

from ttc.dialects.ttg import module_compute_capability, required_compute_capability
from ttc.ir.errors import TtcError
from ttc.ir.target import (
    TARGET_ATTR,
    TargetInfo,
    TargetString,
    cuda_compute_capability,
    cuda_target,
    parse_target_string,
)


def test_target_strings_are_family_and_architecture() -> None:
    assert parse_target_string("cuda:90") == TargetString("cuda", "90")
    assert parse_target_string("musa:ph1") == TargetString("musa", "ph1")
    assert parse_target_string("musa:ph1").number is None  # type: ignore[union-attr]
    assert [parse_target_string(text) for text in ("cuda", "cuda:", "CUDA:90", " cuda:90")] \
        == [None] * 4
    assert str(TargetString("cuda", "90")) == cuda_target(90) == "cuda:90"


def test_only_cuda_targets_have_a_compute_capability() -> None:
    assert [cuda_compute_capability(text) for text in ("cuda:90", "cuda:107", "musa:31",
                                                       "cuda:sm90", "")] \
        == [90, 107, None, None, None]


def test_a_module_names_its_target() -> None:
    named = ModuleOp([], attributes={TARGET_ATTR: StringAttr("cuda:89")})
    assert module_compute_capability(named) == required_compute_capability(named) == 89
    unnamed = ModuleOp([])
    assert module_compute_capability(unnamed) is None
    with pytest.raises(TtcError, match='expected a ttg.target = "cuda:NN" module attribute'):
        required_compute_capability(unnamed)


def test_the_nvidia_description() -> None:
    info = TargetInfo.cuda(90, 87)
    assert (info.name, info.compute_capability, info.ptx_version, info.threads_per_warp,
            info.inline_ptx) == ("cuda:90", 90, 87, 32, True)
