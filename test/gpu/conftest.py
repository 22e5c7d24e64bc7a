"""GPU test fixtures: skip the whole folder unless an NVIDIA GPU, cupy and ptxas are present.

The tests compile Triton's TTIR with `ttc compile`, load the result with cupy and compare against
numpy. CI has no GPU, so there every test here is skipped with the reason printed.
"""

from __future__ import annotations

import shutil

import pytest


def _gpu_reason() -> str | None:
    try:
        import cupy
    except ImportError:
        return "cupy is not installed"
    try:
        if cupy.cuda.runtime.getDeviceCount() < 1:
            return "no CUDA device"
    except Exception as exc:  # the CUDA runtime reports a missing driver as an exception
        return f"no usable CUDA device ({exc.__class__.__name__})"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _gpu_reason()
    for item in items:
        if "gpu" in item.keywords and reason is not None:
            item.add_marker(pytest.mark.skip(reason=f"GPU test: {reason}"))


@pytest.fixture(scope="session")
def compute_capability() -> int:
    import cupy

    major, minor = cupy.cuda.Device(0).compute_capability[:1], cupy.cuda.Device(0).compute_capability[1:]
    return int(major + minor)


@pytest.fixture(scope="session")
def ptxas_available() -> bool:
    return shutil.which("ptxas") is not None
