"""The target plugin registry (entry points and built-ins) and the NVIDIA target's own rules."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner

from ttc.cli.main import cli
from ttc.ir.errors import TtcError, UsageError
from ttc.ir.target import TargetInfo
from ttc.targets import base
from ttc.targets.base import LLVMIR, Artifact, BackendStep, KernelSignature, Target, parse_target
from ttc.targets.nvidia import libdevice
from ttc.targets.nvidia.target import NvidiaTarget


class ToyTarget(Target):
    """A third target, as a plugin package would define it."""

    family = "toy"
    description = "a test target"
    artifacts = (LLVMIR,)
    lowered_dialects = frozenset({"builtin", "llvm"})

    @classmethod
    def from_arch(cls, arch: str, tools: Mapping[str, str]) -> ToyTarget:
        return cls()

    @classmethod
    def examples(cls) -> list[tuple[str, str]]:
        return [("toy:1", "a toy")]

    @property
    def string(self) -> str:
        return "toy:1"

    @property
    def info(self) -> TargetInfo:
        return TargetInfo(self.string, 0, 0, threads_per_warp=8, inline_ptx=False)

    def pipeline_variables(self, num_warps: int, num_stages: int,
                           num_ctas: int) -> dict[str, str | int | None]:
        return {"target": self.string}

    def translate(self, module: object) -> str:
        return ""

    def backend_step(self, artifact: Artifact) -> BackendStep:
        return BackendStep(LLVMIR, "nothing", lambda text: text)

    def describe_kernel(self, llvm_ir: str) -> KernelSignature:
        return KernelSignature("k", (), None)


@pytest.fixture
def entry_points(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[importlib.metadata.EntryPoint]]:
    """Installed `ttc.targets` entry points, as a list the test fills."""
    points: list[importlib.metadata.EntryPoint] = []
    monkeypatch.setattr(base.importlib.metadata, "entry_points",
                        lambda group: [p for p in points if p.group == group])
    base.target_classes.cache_clear()
    yield points
    base.target_classes.cache_clear()


def test_plugin_from_an_entry_point(entry_points: list[importlib.metadata.EntryPoint]) -> None:
    entry_points.append(importlib.metadata.EntryPoint(
        "toy", f"{__name__}:ToyTarget", base.ENTRY_POINT_GROUP))
    assert isinstance(parse_target("toy:1"), ToyTarget)
    assert isinstance(parse_target("cuda:90"), NvidiaTarget)
    listed = CliRunner().invoke(cli, ["list", "targets"])
    assert listed.exit_code == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()] == [
        "cuda:80", "cuda:86", "cuda:87", "cuda:89", "cuda:90", "musa:31", "toy:1"]


def test_entry_point_that_is_not_a_target(
        entry_points: list[importlib.metadata.EntryPoint]) -> None:
    entry_points.append(importlib.metadata.EntryPoint("bad", "pathlib:Path",
                                                      base.ENTRY_POINT_GROUP))
    message = ("entry point 'bad' names <class 'pathlib.Path'>, which is not a subclass of "
               "ttc.targets.base.Target")
    with pytest.raises(TtcError, match=message):
        parse_target("bad:1")
    with pytest.raises(TtcError, match=message):
        base.known_targets()
    # A broken plugin of another family does not stand in the way of a built-in target.
    assert isinstance(parse_target("cuda:90"), NvidiaTarget)


def test_nvidia_target_configuration() -> None:
    sm80, sm90 = parse_target("cuda:80"), parse_target(" cuda:90 ", {"ptxas": "/x/ptxas"})
    assert isinstance(sm80, NvidiaTarget) and isinstance(sm90, NvidiaTarget)
    assert (sm80.cc, sm90.cc, sm90.ptxas, sm90.threads_per_warp) == (80, 90, "/x/ptxas", 32)
    assert sm90.pipeline_variables(8, 2, 1) == {
        "target": "cuda:90", "num_warps": 8, "num_stages": 2, "num_ctas": 1, "ptx_version": 87}
    assert [a.name for a in sm90.artifacts] == ["llvmir", "ptx", "cubin"]
    assert [sm90.stage_pipeline(s) for s in base.MLIR_STAGES] == ["ttir", "ttgir", "llir"]
    with pytest.raises(UsageError, match="unsupported target 'cuda:100'"):
        parse_target("cuda:100")


def test_describe_kernel() -> None:
    target = NvidiaTarget(90)
    signature = target.describe_kernel(
        "define ptx_kernel void @k(ptr addrspace(1) noalias %0, i32 %1, <2 x half> %2, "
        "float %3) #0 {\n  ret void\n}\nattributes #0 = { \"nvvm.maxntid\"=\"32,2,1\" }\n")
    assert signature == KernelSignature("k", ("ptr addrspace(1)", "i32", "<2 x half>", "float"),
                                        64)
    two = "define ptx_kernel void @a() {\n  ret void\n}\ndefine ptx_kernel void @b() {\n" \
          "  ret void\n}\n"
    with pytest.raises(TtcError, match="exactly one kernel .* found a, b"):
        target.describe_kernel(two)


def test_missing_libdevice_names_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.delenv("TTC_LIBDEVICE", raising=False)
    monkeypatch.setattr(libdevice, "libdevice_candidates", lambda ptxas, explicit=None: [tmp_path / "no.bc"])
    calls = ("declare float @__nv_expf(float)\ndeclare float @__nv_erff(float)\n"
             "define ptx_kernel void @k() {\n  ret void\n}\n")
    with pytest.raises(TtcError) as error:
        libdevice.link_libdevice(calls)
    assert error.value.message == (
        "libdevice.10.bc not found (the kernel calls __nv_erff, __nv_expf): install the CUDA "
        "toolkit or `pip install nvidia-cuda-nvcc-cu12`, or set TTC_LIBDEVICE to the file")
    monkeypatch.setenv("TTC_LIBDEVICE", str(tmp_path / "missing.bc"))
    with pytest.raises(TtcError, match="TTC_LIBDEVICE names no file: .*missing.bc"):
        libdevice.link_libdevice(calls)
    assert libdevice.link_libdevice("define void @f() {\n  ret void\n}\n") == \
        "define void @f() {\n  ret void\n}\n"
