"""Inline asm and device printf compiled by ttc, launched on a real GPU.

* `rotate`: a 32-bit rotate written as inline PTX (`shf.l.wrap.b32`, `tt.elementwise_inline_asm`),
  checked against numpy at sizes that are not multiples of the 512-element block and at shift
  amounts that keep the TTIR's `tt.divisibility = 16` (16, 48 wraps to 16, 0).
* `print`: `tl.device_print("x=", x)` (`tt.print` through `vprintf`). The kernel runs in a child
  process, whose standard output receives the device's printf buffer once the launch is
  synchronised; every line must be one Triton would print: the format string is read from
  Triton's own LLVM IR of the kernel (`printfFormat_0`) and filled with each program id, index
  and loaded value (-1 where the load is masked off), each (program, index) exactly once.

Each kernel is built for cuda:80 (PTX) and cuda:90 (cubin) from Triton's TTIR, TTGIR and LLVM IR
(see harness.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from harness import KERNELS, OUTPUT_SUFFIX, Case, build, build_and_check, cdiv, skip_without_hopper

pytestmark = pytest.mark.gpu

GPU_TESTS = Path(__file__).resolve().parent


def rotate_left(x: np.ndarray, shift: int) -> np.ndarray:
    """`shf.l.wrap.b32 d, x, x, s`: x rotated left by s mod 32."""
    s = shift % 32
    wide = x.astype(np.uint64)
    return (((wide << s) | (wide >> (32 - s))) & 0xFFFFFFFF).astype(np.uint32)


def check_rotate(kernel: Any, size: tuple[int, int], rng: np.random.Generator) -> None:
    import cupy

    n, shift = size
    x = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    out = cupy.full(n + 16, 0xDEADBEEF, dtype=cupy.uint32)
    kernel(cdiv(n, 512), cupy.asarray(x.view(np.int32)), out, n, shift)
    result = out.get()
    np.testing.assert_array_equal(result[:n], rotate_left(x, shift))
    assert (result[n:] == 0xDEADBEEF).all(), "the kernel wrote past n"


LAUNCH_SCRIPT = """
import json, sys
from pathlib import Path
import cupy, numpy as np
from launch import load
binary, metadata, values, n, grid = sys.argv[1:]
kernel = load(Path(binary), json.loads(Path(metadata).read_text()))
kernel(tuple(json.loads(grid)), cupy.asarray(np.load(values)), int(n))
cupy.cuda.Device().synchronize()
"""


def triton_format(cc: int) -> str:
    """The format string of Triton's own print kernel (its `printfFormat_0`), unescaped."""
    llir = (KERNELS / "print" / f"sm{cc}.llir").read_text()
    match = re.search(r'^@printfFormat_0 = internal constant \[\d+ x i8\] c"(.*)"$', llir, re.M)
    assert match is not None, "Triton's print kernel has no printfFormat_0"
    text = re.sub(r"\\([0-9A-F]{2})", lambda m: chr(int(m[1], 16)), match[1])
    assert text.endswith("\n\0")
    return text[:-2]


class PrintingLauncher:
    """Launches a built print kernel in a child process and returns what it printed."""

    def __init__(self, binary: Path, metadata: dict[str, Any], cc: int, tmp_path: Path) -> None:
        self.binary = binary
        self.format = triton_format(cc)
        self.metadata_file = tmp_path / "print_kernel.json"
        self.metadata_file.write_text(json.dumps(metadata))
        self.values_file = tmp_path / "values.npy"

    def __call__(self, grid: tuple[int, int, int], values: np.ndarray, n: int) -> list[str]:
        np.save(self.values_file, values)
        result = subprocess.run(
            [sys.executable, "-c", LAUNCH_SCRIPT, str(self.binary), str(self.metadata_file),
             str(self.values_file), str(n), json.dumps(grid)],
            capture_output=True, text=True, cwd=GPU_TESTS, timeout=120, check=False,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.splitlines()


BLOCK = 32


def expected_lines(format: str, grid: tuple[int, int, int], values: np.ndarray, n: int) -> list[str]:
    """What every program of `grid` prints: each index of the block with its loaded value."""
    lines = []
    for z in range(grid[2]):
        for y in range(grid[1]):
            for x in range(grid[0]):
                for i in range(BLOCK):
                    value = int(values[i]) if i < n else -1
                    lines.append(format % (x, y, z, i, value))
    return sorted(lines)


def check_print(
    launch: PrintingLauncher, size: tuple[int, tuple[int, int, int]], rng: np.random.Generator
) -> None:
    n, grid = size
    values = rng.integers(-(2**31), 2**31, BLOCK, dtype=np.int64).astype(np.int32)
    printed = launch(grid, values, n)
    assert sorted(printed) == expected_lines(launch.format, grid, values, n)


PRINT_CASE = Case("print", (("x_ptr", "*i32"), ("n", "i32")), 1,
                  ((16, (1, 1, 1)), (16, (2, 3, 1)), (32, (1, 1, 2)), (0, (1, 1, 1))),
                  check_print)

ROTATE_CASE = Case("rotate", (("x_ptr", "*i32"), ("out_ptr", "*i32"), ("n", "i32"),
                              ("shift", "i32")),
                   4, ((16, 16), (512 * 3 + 16 * 5, 48), (16 * 12345, 16), (512 + 16, 0)),
                   check_rotate)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
def test_rotate(source: str, cc: int, compute_capability: int, tmp_path: Path) -> None:
    build_and_check(ROTATE_CASE, source, cc, compute_capability, tmp_path)


@pytest.mark.parametrize("cc", sorted(OUTPUT_SUFFIX), ids=lambda cc: f"cuda:{cc}")
@pytest.mark.parametrize("source", ["ttir", "ttgir", "llir"])
def test_print(source: str, cc: int, compute_capability: int, tmp_path: Path) -> None:
    skip_without_hopper(cc, compute_capability)
    binary, metadata = build(PRINT_CASE, source, cc, tmp_path)
    launch = PrintingLauncher(binary, metadata, cc, tmp_path)
    assert launch.format == "pid (%u, %u, %u) idx (%2u) x=: %i"
    rng = np.random.default_rng(0)
    for size in PRINT_CASE.sizes:
        PRINT_CASE.check(launch, size, rng)
