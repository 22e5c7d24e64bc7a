"""Compile-time scaling: does every step of `ttc compile` grow linearly with the kernel's size?

Generates two families of TTIR kernels and compiles each in this process with per-step timing (the
`Timing` that `--mlir-timing` prints):

* `add`: Triton's vector-add body (program id, range, mask, two loads, an add, a store) repeated
  N times in one `tt.func`, each copy reading and writing its own offset;
* `nest`: `scf.for` loops nested D deep, the innermost loading a tensor, adding the induction
  variables and storing it back.

For every size it prints the total and the slowest steps, then for each family and each step the
ratio t(largest)/t(smallest). A linear compiler gives ratios close to the ratio of the sizes (10 for
N 50 → 500, 8 for D 50 → 400); a quadratic step shows a ratio near its square.

Usage: python bench/scaling.py [--add 50,125,250,500] [--nest 50,100,200,400]
                               [--until ptx] [--target cuda:90] [--top 6] [--emit FILE]
`--emit add:N` or `--emit nest:D` prints one generated kernel instead (for `ttc compile` or
profiling).
"""

from __future__ import annotations

import argparse
import sys
import time

from ttc.compile_driver import CompileOptions, compile_source
from ttc.pipelines.runner import Timing
from ttc.targets.base import parse_target

BLOCK = 1024


def add_kernel(copies: int) -> str:
    """TTIR of the vector add's body repeated `copies` times in one function."""
    lines = [
        "module {",
        "  tt.func public @add_repeated(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, "
        "%y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, "
        "%out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {",
        "    %pid = tt.get_program_id x : i32",
    ]
    tensor = f"tensor<{BLOCK}xi32>"
    ptrs = f"tensor<{BLOCK}x!tt.ptr<f32>>"
    for k in range(copies):
        lines += [
            f"    %c{k} = arith.constant {BLOCK * (k + 1)} : i32",
            f"    %base{k} = arith.muli %pid, %c{k} : i32",
            f"    %range{k} = tt.make_range {{end = {BLOCK} : i32, start = 0 : i32}} : {tensor}",
            f"    %sbase{k} = tt.splat %base{k} : i32 -> {tensor}",
            f"    %offs{k} = arith.addi %sbase{k}, %range{k} : {tensor}",
            f"    %sn{k} = tt.splat %n : i32 -> {tensor}",
            f"    %mask{k} = arith.cmpi slt, %offs{k}, %sn{k} : {tensor}",
            f"    %xs{k} = tt.splat %x_ptr : !tt.ptr<f32> -> {ptrs}",
            f"    %xp{k} = tt.addptr %xs{k}, %offs{k} : {ptrs}, {tensor}",
            f"    %x{k} = tt.load %xp{k}, %mask{k} : {ptrs}",
            f"    %ys{k} = tt.splat %y_ptr : !tt.ptr<f32> -> {ptrs}",
            f"    %yp{k} = tt.addptr %ys{k}, %offs{k} : {ptrs}, {tensor}",
            f"    %y{k} = tt.load %yp{k}, %mask{k} : {ptrs}",
            f"    %os{k} = tt.splat %out_ptr : !tt.ptr<f32> -> {ptrs}",
            f"    %op{k} = tt.addptr %os{k}, %offs{k} : {ptrs}, {tensor}",
            f"    %sum{k} = arith.addf %x{k}, %y{k} : tensor<{BLOCK}xf32>",
            f"    tt.store %op{k}, %sum{k}, %mask{k} : {ptrs}",
        ]
    lines += ["    tt.return", "  }", "}", ""]
    return "\n".join(lines)


def nest_kernel(depth: int) -> str:
    """TTIR of `depth` nested scf.for loops around a load, an add of the induction variables and a store."""
    tensor = f"tensor<{BLOCK}xi32>"
    ptrs = f"tensor<{BLOCK}x!tt.ptr<i32>>"
    lines = [
        "module {",
        "  tt.func public @nest(%ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) {",
        "    %c0 = arith.constant 0 : i32",
        "    %c1 = arith.constant 1 : i32",
        f"    %range = tt.make_range {{end = {BLOCK} : i32, start = 0 : i32}} : {tensor}",
        f"    %base = tt.splat %ptr : !tt.ptr<i32> -> {ptrs}",
        f"    %ptrs = tt.addptr %base, %range : {ptrs}, {tensor}",
    ]
    for d in range(depth):
        lines.append(f"{'  ' * (d + 2)}scf.for %i{d} = %c0 to %n step %c1  : i32 {{")
    pad = "  " * (depth + 2)
    lines += [
        f"{pad}%v = tt.load %ptrs : {ptrs}",
        f"{pad}%s = arith.addi %i0, %i{depth - 1} : i32",
        f"{pad}%ss = tt.splat %s : i32 -> {tensor}",
        f"{pad}%w = arith.addi %v, %ss : {tensor}",
        f"{pad}tt.store %ptrs, %w : {ptrs}",
    ]
    for d in reversed(range(depth)):
        lines.append(f"{'  ' * (d + 2)}}}")
    lines += ["    tt.return", "  }", "}", ""]
    return "\n".join(lines)


FAMILIES = {"add": add_kernel, "nest": nest_kernel}


def measure(text: str, name: str, target: str, until: str) -> list[tuple[str, float]]:
    """(step, seconds) of one in-process compile of `text`, with `Total` last."""
    timing = Timing()
    options = CompileOptions(target=parse_target(target), until=until, timing=timing)
    compile_source(text, name, options)
    return timing.rows()


def sizes(spec: str) -> list[int]:
    return [int(part) for part in spec.split(",") if part]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--add", default="50,125,250,500", help="copies of the add body")
    parser.add_argument("--nest", default="50,100,200,400", help="loop nesting depths")
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--until", default="ptx", help="ptx, llvmir, ttgir, ...")
    parser.add_argument("--top", type=int, default=6, help="slowest steps shown per size")
    parser.add_argument("--emit", help="print one kernel (add:N or nest:D) and stop")
    args = parser.parse_args()
    if args.emit:
        family, size = args.emit.split(":")
        sys.stdout.write(FAMILIES[family](int(size)))
        return
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 100_000))
    measure(add_kernel(1), "warm-up", args.target, args.until)
    for family, spec in (("add", args.add), ("nest", args.nest)):
        runs: dict[int, dict[str, float]] = {}
        for size in sizes(spec):
            start = time.perf_counter()
            rows = measure(FAMILIES[family](size), f"{family}-{size}", args.target, args.until)
            wall = time.perf_counter() - start
            runs[size] = dict(rows)
            steps = sorted(rows[:-2], key=lambda row: -row[1])[: args.top]
            shown = ", ".join(f"{name} {seconds:.2f}" for name, seconds in steps)
            print(f"{family} {size:4d}: {wall:8.2f} s  ({shown})", flush=True)
        if len(runs) < 2:
            continue
        small, large = min(runs), max(runs)
        print(f"{family}: t({large})/t({small}), sizes x{large / small:g}")
        names = sorted(runs[large], key=lambda name: -runs[large][name])
        for name in names[: args.top + 1]:
            before = runs[small].get(name, 0.0)
            ratio = runs[large][name] / before if before > 1e-4 else float("inf")
            print(f"  {ratio:8.1f}x  {runs[large][name]:8.2f} s  {name}")


if __name__ == "__main__":
    main()
