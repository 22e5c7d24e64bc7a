"""Real `@triton.jit` kernels launched by Triton's runtime, compiled by ttc (`ttc.triton`).

Skipped unless Triton, torch and a CUDA GPU are present. Checked against torch at sizes that are
not multiples of the blocks; the example program compares ttc's results with Triton's own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
triton = pytest.importorskip("triton")
if not torch.cuda.is_available():
    pytest.skip("GPU test: no CUDA device for torch", allow_module_level=True)

import triton.language as tl  # noqa: E402

import ttc.triton  # noqa: E402

pytestmark = pytest.mark.gpu
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "triton_program.py"


@pytest.fixture(autouse=True)
def through_ttc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "cache"))
    ttc.triton.install(dump_dir=str(tmp_path / "dump"))
    yield tmp_path / "dump"
    ttc.triton.uninstall()


@triton.jit
def gelu_rows(x_ptr, out_ptr, rows, cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)[:, None]
    c = tl.arange(0, BLOCK_C)[None, :]
    mask = (r < rows) & (c < cols)
    x = tl.load(x_ptr + r * cols + c, mask=mask, other=0.0)
    y = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
    tl.store(out_ptr + r * cols + c, y, mask=mask)


@triton.jit
def cumsum_argmax(x_ptr, sums_ptr, index_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * cols + c, mask=c < cols, other=0)
    tl.store(sums_ptr + row * cols + c, tl.cumsum(x, axis=0), mask=c < cols)
    tl.store(index_ptr + row, tl.argmax(x, axis=0))


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        kk = k + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :],
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :],
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def test_elementwise_math(through_ttc: Path) -> None:
    x = torch.randn(37, 300, device="cuda")
    out = torch.empty_like(x)
    gelu_rows[(triton.cdiv(37, 8),)](x, out, 37, 300, BLOCK_R=8, BLOCK_C=512)
    torch.testing.assert_close(out, torch.nn.functional.gelu(x), rtol=1e-5, atol=1e-5)
    assert (through_ttc / "gelu_rows.cubin").is_file()


def test_scan_and_argmax() -> None:
    x = torch.randint(-50, 50, (19, 1000), device="cuda", dtype=torch.int32)
    sums, index = torch.empty_like(x), torch.empty(19, device="cuda", dtype=torch.int32)
    cumsum_argmax[(19,)](x, sums, index, 1000, BLOCK=1024)
    torch.testing.assert_close(sums, torch.cumsum(x, dim=1, dtype=torch.int32))
    assert torch.equal(x.gather(1, index.long()[:, None]).squeeze(1), x.max(dim=1).values)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_matmul(dtype: torch.dtype) -> None:
    a = torch.randn(200, 72, device="cuda", dtype=dtype)
    b = torch.randn(72, 136, device="cuda", dtype=dtype)
    c = torch.empty(200, 136, device="cuda", dtype=torch.float32)
    kernel = matmul[(triton.cdiv(200, 64), triton.cdiv(136, 64))](a, b, c, 200, 136, 72,
                                                                  BM=64, BN=64, BK=32)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-2, atol=1e-2)
    assert kernel.metadata.shared > 0


def test_the_example_program_matches_triton() -> None:
    result = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ttc - Triton" in result.stdout
