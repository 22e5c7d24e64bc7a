"""Parser and printer throughput on a large TTGIR file, and `ttc` start-up time.

Builds a TTGIR module of at least `--size-mb` megabytes from the corpus kernels (every TTGIR file
of `--corpus`, each function renamed per copy, each file's aliases given a per-file prefix so
that they do not clash), then reports:

- parse: `ttc.ir.parser.parse_module` on that text, MB/s of input;
- verify: `ttc.dialects.verifier.verify_module`, seconds;
- print: `ttc.ir.printer.print_module` of the parsed module, MB/s of output (plain and with
  `debuginfo`);
- start-up: wall time of `ttc --version` in a fresh process (median of `--repeat` runs).

Times are the least CPU time of `--repeat` runs (start-up: median wall time). `--profile` prints the top of a cProfile of one parse
and one print instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / "test" / "corpus" / "triton-3.6"
_ALIAS_USE = re.compile(r"#(loc[0-9]*|blocked[0-9]*|mma[0-9]*|shared[0-9]*|smem|linear[0-9]*)\b")
_FUNC_NAME = re.compile(r"tt\.func public @(\w+)")


def build_module(corpus: Path, size_mb: float) -> str:
    """One module holding copies of every corpus TTGIR function, at least `size_mb` MB long."""
    files = sorted(corpus.glob("*/*.ttgir"))
    if not files:
        raise SystemExit(f"no .ttgir files under {corpus}")
    header = ""
    aliases: list[str] = []
    bodies: list[str] = []
    for index, path in enumerate(files):
        text = _ALIAS_USE.sub(lambda m, i=index: f"#f{i}_{m.group(1)}", path.read_text())
        text = _FUNC_NAME.sub(lambda m, i=index: f"tt.func public @{m.group(1)}_f{i}", text)
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("module"))
        end = max(i for i, line in enumerate(lines) if line.startswith("}"))
        header = header or lines[start]
        aliases += [line for line in lines[:start] + lines[end + 1 :] if line.startswith("#")]
        bodies.append("\n".join(lines[start + 1 : end]))
    copies: list[str] = []
    size = 0
    copy = 0
    while size < size_mb * 1e6:
        for body in bodies:
            renamed = _FUNC_NAME.sub(lambda m, c=copy: f"tt.func public @{m.group(1)}_{c}", body)
            copies.append(renamed)
            size += len(renamed) + 1
        copy += 1
    return "\n".join([header, *copies, "} loc(#f0_loc)", *aliases]) + "\n"


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    """The least process CPU time of `repeat` runs (steadier than wall time on a shared
    machine; the work is single-threaded) and the last run's result."""
    best = float("inf")
    result: object = None
    for _ in range(repeat):
        start = time.process_time()
        result = run()
        best = min(best, time.process_time() - start)
    return best, result


def startup_seconds(repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "ttc", "--version"], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--size-mb", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    from ttc.dialects.context import make_context
    from ttc.ir.parser import parse_module
    from ttc.ir.printer import print_module
    from ttc.dialects.verifier import verify_module

    text = build_module(args.corpus, args.size_mb)
    mb = len(text.encode()) / 1e6
    ops = text.count(" = ") + text.count("tt.return") + text.count("tt.store")
    print(f"input: {mb:.2f} MB, about {ops} ops")

    if args.profile:
        profile = cProfile.Profile()
        module = profile.runcall(lambda: parse_module(text, "bench.ttgir", ctx=make_context()))
        profile.runcall(print_module, module)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return

    parse_s, module = best_of(args.repeat, lambda: parse_module(text, "bench.ttgir", ctx=make_context()))
    verify_s, _ = best_of(args.repeat, lambda: verify_module(module, "bench.ttgir"))  # type: ignore[arg-type]
    print_s, out = best_of(args.repeat, lambda: print_module(module))  # type: ignore[arg-type]
    debug_s, debug_out = best_of(args.repeat, lambda: print_module(module, debuginfo=True))  # type: ignore[arg-type]
    out_mb = len(str(out).encode()) / 1e6
    debug_mb = len(str(debug_out).encode()) / 1e6
    print(f"parse:  {parse_s:6.2f} s  {mb / parse_s:5.2f} MB/s  {ops / parse_s:8.0f} ops/s")
    print(f"verify: {verify_s:6.2f} s")
    print(f"print:  {print_s:6.2f} s  {out_mb / print_s:5.2f} MB/s ({out_mb:.2f} MB out)")
    print(f"print --mlir-print-debuginfo: {debug_s:6.2f} s  {debug_mb / debug_s:5.2f} MB/s")
    print(f"ttc --version: {startup_seconds(args.repeat):.3f} s")


if __name__ == "__main__":
    main()
