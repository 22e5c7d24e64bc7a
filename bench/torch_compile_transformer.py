"""A two-block transformer under `torch.compile`, its Inductor kernels compiled by Triton or by ttc.

For each Inductor mode (`default`, `max-autotune`) the model runs twice, each in a fresh process
with empty Inductor, Triton and ttc caches: once with Triton alone, once under `ttc run` (with a compile
log), so that ttc compiles the kernels of Inductor's parallel compile workers too. The report gives, per mode,
the kernels ttc compiled and how many failed, the forward time of each (`triton.testing.do_bench`,
median ms) and their ratio, and the largest difference between the two outputs.

Usage: python bench/torch_compile_transformer.py [--modes default max-autotune] [--json FILE]
Needs an NVIDIA GPU, torch and Triton.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

BATCH, SEQUENCE, WIDTH, HEADS, BLOCKS = 8, 512, 512, 8, 2


def build_model():  # noqa: ANN201 - torch is imported lazily, in the child process only
    import torch
    from torch import nn

    class Block(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.norm1, self.norm2 = nn.LayerNorm(WIDTH), nn.LayerNorm(WIDTH)
            self.qkv, self.proj = nn.Linear(WIDTH, 3 * WIDTH), nn.Linear(WIDTH, WIDTH)
            self.mlp = nn.Sequential(nn.Linear(WIDTH, 4 * WIDTH), nn.GELU(),
                                     nn.Linear(4 * WIDTH, WIDTH))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            b, s, _ = x.shape
            q, k, v = self.qkv(self.norm1(x)).view(b, s, 3, HEADS, -1).permute(2, 0, 3, 1, 4)
            scores = (q @ k.transpose(-1, -2)) * (q.shape[-1] ** -0.5)
            causal = torch.ones(s, s, device=x.device, dtype=torch.bool).triu(1)
            attention = scores.masked_fill(causal, float("-inf")).softmax(-1) @ v
            x = x + self.proj(attention.transpose(1, 2).reshape(b, s, WIDTH))
            return x + self.mlp(self.norm2(x))

    torch.manual_seed(0)
    return nn.Sequential(*[Block() for _ in range(BLOCKS)]).cuda().half().eval()


def child(compiler: str, mode: str, out: Path) -> None:
    """One run: compile the model with `compiler`, save its output, time its forward pass."""
    import torch
    import triton

    log = out.with_suffix(".jsonl")
    if compiler == "ttc":
        import ttc.triton

        if ttc.triton.installed() is None:
            raise SystemExit("the ttc run was not started under `ttc run`")
    model = build_model()
    torch.manual_seed(1)
    x = torch.randn(BATCH, SEQUENCE, WIDTH, device="cuda", dtype=torch.half)
    compiled = torch.compile(model, mode=mode)
    with torch.no_grad():
        y = compiled(x).clone()  # max-autotune's CUDA graphs reuse the output buffer
        milliseconds = triton.testing.do_bench(lambda: compiled(x), warmup=100, rep=500)
    torch.save(y.cpu(), out)
    records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    out.with_suffix(".json").write_text(json.dumps({
        "ms": milliseconds, "compiled": len(records),
        "failed": [r["kernel"] for r in records if not r["ok"]],
        "errors": sorted({(r.get("error") or "?").splitlines()[0] for r in records if not r["ok"]})[:10],
    }))


def run(compiler: str, mode: str, work: Path) -> dict:
    out = work / f"{compiler}-{mode}.pt"
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=str(work / f"inductor-{compiler}-{mode}"),
               TRITON_CACHE_DIR=str(work / f"triton-{compiler}-{mode}"),
               TTC_CACHE_DIR=str(work / f"ttc-cache-{mode}"),
               TORCHINDUCTOR_FX_GRAPH_CACHE="0", TORCHINDUCTOR_AUTOGRAD_CACHE="0")
    command = [sys.executable, __file__, "--child", compiler, mode, str(out)]
    if compiler == "ttc":
        command = [sys.executable, "-m", "ttc", "run", "--compile-log",
                   str(out.with_suffix(".jsonl")), "--", *command]
    subprocess.run(command, env=env, check=True)
    return json.loads(out.with_suffix(".json").read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="+", default=["default", "max-autotune"])
    parser.add_argument("--json", type=Path, help="also write the report as JSON here")
    parser.add_argument("--child", nargs=3, metavar=("COMPILER", "MODE", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], Path(args.child[2]))
        return
    import torch

    report = {}
    with tempfile.TemporaryDirectory(prefix="ttc-transformer-") as tmp:
        work = Path(tmp)
        for mode in args.modes:
            triton_run, ttc_run = run("triton", mode, work), run("ttc", mode, work)
            difference = (torch.load(work / f"ttc-{mode}.pt").float()
                          - torch.load(work / f"triton-{mode}.pt").float()).abs().max().item()
            report[mode] = {"triton_ms": triton_run["ms"], "ttc_ms": ttc_run["ms"],
                            "speed_ratio": triton_run["ms"] / ttc_run["ms"],
                            "kernels_compiled_by_ttc": ttc_run["compiled"],
                            "failed_compiles": len(ttc_run["failed"]),
                            "failure_reasons": ttc_run["errors"],
                            "max_abs_difference": difference}
            row = report[mode]
            print(f"{mode:>13}: Triton {row['triton_ms']:.3f} ms, ttc {row['ttc_ms']:.3f} ms "
                  f"(ttc speed {row['speed_ratio']:.2f}x Triton's); ttc compiled "
                  f"{row['kernels_compiled_by_ttc']} kernels, {row['failed_compiles']} failed; "
                  f"max |ttc - Triton| = {difference:.3g}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
