"""Per-kernel CPU time of in-process compiles: every TTIR of test/gpu/kernels/triton-3.6 and
test/corpus/triton-3.6, for cuda:90 and cuda:80 (where the kernel has that TTIR), to PTX.

Each kernel compiles through `ttc.compile_driver.compile_source` with the warps and stages of its
Triton metadata (`sm<cc>.meta.json`, else `sm90.meta.json`), after one warm-up compile; the figure
is this process's CPU seconds (`time.process_time`: the passes, the LLVM IR printer and llvmlite's
O3 and code generation all run in it), the least of `--runs` compiles. CPU time depends less on
other processes than wall time, so two trees can be compared on a shared machine by running this
alternately under each (`PYTHONPATH=<tree> python bench/kernel_cpu.py`).

`--out DIR` writes each output (`<set>_<kernel>_sm<cc>.<until>`) there, to check that a change
leaves every output byte-identical (`diff -r`); `--steps` adds the wall seconds of each pass and
back-end step summed over the kernels (the fifteen largest).

Usage: python bench/kernel_cpu.py [--runs N] [--until ptx] [--only SUBSTRING] [--out DIR] [--steps]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from ttc.compile_driver import CompileOptions, compile_source
from ttc.pipelines.runner import Timing
from ttc.targets.base import parse_target

ROOT = Path(__file__).resolve().parents[1]
KERNEL_SETS = {"gpu": ROOT / "test" / "gpu" / "kernels" / "triton-3.6",
               "corpus": ROOT / "test" / "corpus" / "triton-3.6"}
TARGETS = (90, 80)


def cases() -> list[tuple[str, Path, int, int, int]]:
    """(name, TTIR file, compute capability, warps, stages) of every kernel and target."""
    found = []
    for set_name, folder in KERNEL_SETS.items():
        for kernel in sorted(folder.iterdir()):
            for cc in TARGETS:
                ttir = kernel / f"sm{cc}.ttir"
                if not ttir.exists():
                    continue
                meta_file = kernel / f"sm{cc}.meta.json"
                if not meta_file.exists():
                    meta_file = kernel / "sm90.meta.json"
                meta = json.loads(meta_file.read_text()) if meta_file.exists() else {}
                found.append((f"{set_name}_{kernel.name}_sm{cc}", ttir, cc,
                              meta.get("num_warps", 4), meta.get("num_stages", 3)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--until", default="ptx")
    parser.add_argument("--only", help="only the kernels whose name contains this")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--steps", action="store_true")
    args = parser.parse_args()

    selected = [case for case in cases() if args.only is None or args.only in case[0]]

    def compile_case(case: tuple[str, Path, int, int, int], timing: Timing | None) -> str | bytes:
        _, ttir, cc, warps, stages = case
        options = CompileOptions(target=parse_target(f"cuda:{cc}"), until=args.until,
                                 num_warps=warps, num_stages=stages, timing=timing)
        return compile_source(ttir.read_text(), str(ttir), options).output

    compile_case(selected[0], None)
    steps: dict[str, float] = {}
    total = 0.0
    for case in selected:
        best = float("inf")
        for _ in range(args.runs):
            timing = Timing() if args.steps else None
            start = time.process_time()
            output = compile_case(case, timing)
            best = min(best, time.process_time() - start)
            if timing is not None:
                for step, seconds in timing.seconds.items():
                    steps[step] = steps.get(step, 0.0) + seconds / args.runs
        total += best
        print(f"{case[0]:50s} {best:7.3f}", flush=True)
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            path = args.out / f"{case[0]}.{args.until}"
            if isinstance(output, bytes):
                path.write_bytes(output)
            else:
                path.write_text(output)
    print(f"total CPU seconds: {total:.3f} over {len(selected)} compiles")
    for step, seconds in sorted(steps.items(), key=lambda item: -item[1])[:15]:
        print(f"  {seconds:7.3f} s wall  {step}")


if __name__ == "__main__":
    main()
