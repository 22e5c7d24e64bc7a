"""`tritongpu-fuse-nested-loops`: the fused loop does what the nest did.

Each kernel below is run by a small interpreter of scalar `arith`/`scf`/`tt` ops before and after
the pass (and after canonicalize, which folds its guards): the stores (address, value), in order,
and the returned values must agree for several trip counts, empty inner loops included. Unit
checks cover which nests the pass takes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from xdsl.dialects.builtin import IntegerType, ModuleOp
from xdsl.ir import Operation

from ttc.dialects.context import make_context
from ttc.dialects.tt.ops import FuncOp
from ttc.dialects.upstream.scf import ForOp
from ttc.transforms.canonicalize import CanonicalizePass
from ttc.transforms.tritongpu_fuse_nested_loops import (
    TritonGPUFuseNestedLoops,
    find_loop_nests,
    has_positive_trip_count,
    should_fuse,
)
from ttc_parse import parse_module

Value = int | float


class _Interpreter:
    """Runs one `tt.func` of scalar ops; pointers are integers, `tt.load` reads `memory`."""

    def __init__(self) -> None:
        self.stores: list[tuple[int, Value]] = []
        self.memory: dict[int, Value] = {}

    def run(self, func: Operation, args: Sequence[Value]) -> list[Value]:
        block = func.regions[0].blocks.first
        assert block is not None
        env = dict(zip(block.args, args, strict=True))
        return self._block(block, env)

    def _block(self, block, env) -> list[Value]:  # noqa: ANN001
        for op in block.ops:
            name = op.name
            if name in ("tt.return", "scf.yield"):
                return [env[v] for v in op.operands]
            values = [env.get(v) for v in op.operands]
            if isinstance(op, ForOp):
                results = self._for(op, values, env)
            elif name == "scf.if":
                region = op.regions[0] if values[0] else op.regions[1]
                inner = region.blocks.first
                results = self._block(inner, env) if inner is not None else []
            else:
                results = [self._scalar(op, values)] if op.results else []
                self._effects(op, values)
            env.update(zip(op.results, results, strict=True))
        raise AssertionError("block without terminator")

    def _for(self, op: ForOp, values: list, env: dict) -> list[Value]:  # noqa: ANN001
        lb, ub, step, *carried = values
        body = op.body.block
        iv = lb
        while iv < ub:
            env.update(zip(body.args, [iv, *carried], strict=True))
            carried = self._block(body, env)
            iv += step
        return carried

    def _effects(self, op: Operation, values: list) -> None:  # noqa: ANN001
        if op.name == "tt.store":
            self.stores.append((values[0], values[1]))

    def _scalar(self, op: Operation, v: list) -> Value:  # noqa: ANN001, PLR0911
        name = op.name
        if name == "arith.constant":
            attr = op.properties["value"]
            return attr.value.data  # pyright: ignore[reportAttributeAccessIssue]
        if name == "ub.poison":
            return 0
        if name in ("arith.addi", "tt.addptr"):
            return self._wrap(op, v[0] + v[1])
        if name == "arith.subi":
            return self._wrap(op, v[0] - v[1])
        if name == "arith.muli":
            return self._wrap(op, v[0] * v[1])
        if name == "arith.ceildivsi":
            return -((-v[0]) // v[1]) if v[1] > 0 else math.ceil(v[0] / v[1])
        if name == "arith.maxsi":
            return max(v)
        if name == "arith.andi":
            return v[0] & v[1]
        if name == "arith.select":
            return v[1] if v[0] else v[2]
        if name in ("arith.index_cast", "arith.extsi", "arith.trunci"):
            return v[0]
        if name == "arith.addf":
            return v[0] + v[1]
        if name == "arith.cmpi":
            predicate = ["eq", "ne", "slt", "sle", "sgt", "sge"][op.properties["predicate"].value.data]  # pyright: ignore[reportAttributeAccessIssue]
            a, b = v
            return int({"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b}[predicate])
        if name == "tt.load":
            return self.memory.get(v[0], float(v[0]))
        if name == "llvm.intr.assume":
            assert v[0], "assumption violated"
            return 0
        raise AssertionError(f"no semantics for {name}")

    @staticmethod
    def _wrap(op: Operation, value: int) -> int:
        type_ = op.results[0].type
        if isinstance(type_, IntegerType) and type_.width.data > 1:
            width = type_.width.data
            value &= (1 << width) - 1
            if value >= 1 << (width - 1):
                value -= 1 << width
        return value


def _func(module: ModuleOp) -> FuncOp:
    func = next(op for op in module.walk() if isinstance(op, FuncOp))
    return func


def _trace(text: str, args: Sequence[Value], passes: str) -> tuple[list[Value], list[tuple[int, Value]]]:
    ctx = make_context()
    module = parse_module(text, "case", ctx=ctx)
    if "fuse" in passes:
        TritonGPUFuseNestedLoops().apply(ctx, module)
    if "canonicalize" in passes:
        CanonicalizePass().apply(ctx, module)
    module.verify()
    interpreter = _Interpreter()
    results = interpreter.run(_func(module), args)
    return results, interpreter.stores


ONE_INNER = """
tt.func @k(%n: i32, %m: i32, %p: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %base = arith.muli %i, %m : i32
    %t = scf.for %j = %c0 to %m step %c1 iter_args(%a = %s) -> (i32) : i32 {
      %off = arith.addi %base, %j : i32
      %q = tt.addptr %p, %off : !tt.ptr<i32>, i32
      tt.store %q, %a : !tt.ptr<i32>
      %b = arith.addi %a, %c7 : i32
      scf.yield %b : i32
    }
    %q = tt.addptr %p, %i : !tt.ptr<i32>, i32
    tt.store %q, %t : !tt.ptr<i32>
    scf.yield %t : i32
  } {tt.flatten}
  tt.return %r : i32
}
"""

TWO_INNER = """
tt.func @k(%n: i32, %m: i32, %l: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = arith.muli %i, %c2 : i32
    scf.for %j = %c0 to %m step %c1 : i32 {
      %o = arith.addi %x, %j : i32
      %q = tt.addptr %p, %o : !tt.ptr<i32>, i32
      tt.store %q, %j : !tt.ptr<i32>
    }
    %y = arith.addi %x, %c1 : i32
    scf.for %j = %c1 to %l step %c2 : i32 {
      %o = arith.addi %y, %j : i32
      %q = tt.addptr %p, %o : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    }
    %q = tt.addptr %p, %y : !tt.ptr<i32>, i32
    tt.store %q, %x : !tt.ptr<i32>
  } {"ttg.always-fuse"}
  tt.return
}
"""

DEPENDENT = """
tt.func @k(%n: i32, %p: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    %lb = arith.muli %i, %c3 : i32
    %ub = arith.addi %lb, %i : i32
    %ub1 = arith.addi %ub, %c1 : i32
    %pos = arith.cmpi sgt, %ub1, %lb : i32
    llvm.intr.assume %pos : i1
    %k2 = scf.for %j = %lb to %ub1 step %c1 iter_args(%a = %k) -> (i32) : i32 {
      %q = tt.addptr %p, %a : !tt.ptr<i32>, i32
      tt.store %q, %j : !tt.ptr<i32>
      %b = arith.addi %a, %c1 : i32
      scf.yield %b : i32
    }
    scf.yield %k2 : i32
  } {tt.flatten}
  tt.return %r : i32
}
"""

CARRIED = """
tt.func @k(%n: i32, %m: i32, %p: !tt.ptr<f32>) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero) -> (f32) : i32 {
    %acc = scf.for %j = %c0 to %m step %c1 iter_args(%a = %zero) -> (f32) : i32 {
      %o = arith.addi %i, %j : i32
      %q = tt.addptr %p, %o : !tt.ptr<f32>, i32
      %v = tt.load %q : !tt.ptr<f32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    }
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %q, %acc : !tt.ptr<f32>
    %u = arith.addf %t, %acc : f32
    scf.yield %u : f32
  } {tt.flatten}
  tt.return %total : f32
}
"""

THREE_LEVELS = """
tt.func @k(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %c2 step %c1 : i32 {
      scf.for %k = %c0 to %n step %c2 : i32 {
        %a = arith.muli %i, %n : i32
        %b = arith.addi %a, %k : i32
        %q = tt.addptr %p, %b : !tt.ptr<i32>, i32
        tt.store %q, %j : !tt.ptr<i32>
      }
    }
  } {"ttg.always-fuse"}
  tt.return
}
"""

CASES = [
    ("one_inner", ONE_INNER, [(3, 4, 1000), (2, 0, 1000), (0, 3, 1000), (1, 1, 1000)]),
    ("two_inner", TWO_INNER, [(3, 2, 5, 100), (2, 0, 4, 100), (2, 3, 0, 100), (0, 2, 2, 100), (2, 0, 0, 100)]),
    ("dependent", DEPENDENT, [(4, 100), (1, 100), (0, 100)]),
    ("carried", CARRIED, [(3, 4, 10), (2, 0, 10), (0, 2, 10)]),
    ("three_levels", THREE_LEVELS, [(3, 0), (4, 0), (1, 0), (0, 0)]),
]


@pytest.mark.parametrize(
    ("text", "args"),
    [pytest.param(text, args, id=f"{name}{args}") for name, text, many in CASES for args in many],
)
@pytest.mark.parametrize("passes", ["fuse", "fuse canonicalize"])
def test_fused_loop_matches_nest(text: str, args: tuple[Value, ...], passes: str) -> None:
    expected = _trace(text, args, "")
    got = _trace(text, args, passes)
    assert got == expected


@pytest.mark.parametrize("passes", ["fuse", "fuse canonicalize"])
def test_fusion_leaves_one_loop_per_nest(passes: str) -> None:
    for text in (ONE_INNER, CARRIED, THREE_LEVELS, TWO_INNER):
        ctx = make_context()
        module = parse_module(text, "case", ctx=ctx)
        TritonGPUFuseNestedLoops().apply(ctx, module)
        # The versioned copy (inner loop empty) keeps the outer loop on its own.
        fused = [op for op in module.walk() if isinstance(op, ForOp) and "tt.flatten" not in op.attributes]
        nested = [op for op in fused if any(isinstance(p, ForOp) for p in _ancestors(op))]
        assert not nested


def _ancestors(op: Operation) -> list[Operation]:
    found: list[Operation] = []
    parent = op.parent_op()
    while parent is not None:
        found.append(parent)
        parent = parent.parent_op()
    return found


def _nests(text: str):  # noqa: ANN202
    module = parse_module(text, "case", ctx=make_context())
    return find_loop_nests(_func(module), [])


def test_loop_nests_and_selection() -> None:
    (nest,) = _nests(ONE_INNER)
    assert len(nest.nodes) == 2 and should_fuse(nest)
    (nest,) = _nests(TWO_INNER)
    assert len(nest.root.children) == 2 and should_fuse(nest)  # ttg.always-fuse
    (nest,) = _nests(THREE_LEVELS)
    assert len(nest.nodes) == 3 and len(nest.root.children[0].children) == 1
    flatten_two = TWO_INNER.replace('{"ttg.always-fuse"}', "{tt.flatten}")
    (nest,) = _nests(flatten_two)
    assert not should_fuse(nest)
    under_if = """
    tt.func @k(%n: i32, %c: i1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %i = %c0 to %n step %c1 : i32 {
        scf.if %c {
          scf.for %j = %c0 to %n step %c1 : i32 {
          }
        }
      } {tt.flatten}
      tt.return
    }
    """
    inner, outer = _nests(under_if)
    assert len(outer.nodes) == 1 and len(inner.nodes) == 1 and not should_fuse(outer)


def test_positive_trip_count_from_assume() -> None:
    (nest,) = _nests(DEPENDENT)
    assert has_positive_trip_count(nest.root.children[0].loop)
    (nest,) = _nests(ONE_INNER)
    assert not has_positive_trip_count(nest.root.children[0].loop)
