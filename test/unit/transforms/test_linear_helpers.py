"""The helpers that keep passes linear in the kernel's size agree with the direct computations.

Strongly connected components against brute-force reachability; program order from neighbours
against a walk; the effect cache against xDSL's `get_effects`; coalesce's per-component widest
access against the slice of every memory op computed on its own.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Block, BlockArgument, Operation
from xdsl.traits import get_effects
from xdsl.transforms.dead_code_elimination import region_dce as xdsl_region_dce

from ttc.analysis.axis_info import ModuleAxisInfo
from ttc.analysis.liveness import Liveness
from ttc.conversion.scf_to_cf import ConvertScfToCfPass
from ttc.conversion.triton_to_tritongpu import ConvertTritonToTritonGPUPass
from ttc.dialects.context import make_context
from ttc.dialects.ttg.cta import shape_per_cta_of
from ttc.ir.printer import print_module
from ttc.ir.walk import walk
from ttc.transforms.graph import strongly_connected_components
from ttc.transforms.patterns.greedy import region_dce
from ttc.transforms.tritongpu_coalesce import (
    DataFlowSlices,
    data_flow_neighbours,
    elements_per_thread,
    memory_pointer,
    order_from_contiguity,
)
from ttc.transforms.utils import (
    EffectCache,
    is_before_in_block,
    postorder,
    preorder,
    sort_in_program_order,
)
from ttc_parse import parse_module

TESTS = Path(__file__).resolve().parents[2]
KERNELS = sorted([*(TESTS / "corpus").glob("**/sm90.ttir"), *(TESTS / "gpu" / "kernels").glob("**/sm90.ttir")])

NEST = """
module {
  tt.func public @nest(%ptr: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %base = tt.splat %ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32)  : i32 {
      %v = tt.load %ptrs : tensor<128x!tt.ptr<i32>>
      scf.for %j = %c0 to %n step %c1  : i32 {
        %s = arith.addi %i, %j : i32
        %cond = arith.cmpi slt, %s, %n : i32
        scf.if %cond {
          %ss = tt.splat %s : i32 -> tensor<128xi32>
          %w = arith.addi %v, %ss : tensor<128xi32>
          tt.store %ptrs, %w : tensor<128x!tt.ptr<i32>>
        } else {
          %k = arith.muli %s, %s : i32
        }
      }
      scf.for %j = %c0 to %n step %c1  : i32 {
        %t = arith.addi %i, %j : i32
      }
      %next = arith.addi %acc, %i : i32
      scf.yield %next : i32
    }
    tt.return
  }
}
"""


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=30))
))
def test_components_match_reachability(graph: tuple[int, list[tuple[int, int]]]) -> None:
    size, edges = graph
    successors: dict[int, list[int]] = {node: [] for node in range(size)}
    for source, target in edges:
        successors[source].append(target)

    def reach(node: int) -> set[int]:
        seen, stack = {node}, [node]
        while stack:
            for nxt in successors[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    components, component_of = strongly_connected_components(range(size), lambda n: iter(successors[n]))
    assert sorted(n for c in components for n in c) == list(range(size))
    for a in range(size):
        for b in range(size):
            mutual = b in reach(a) and a in reach(b)
            assert (component_of[a] == component_of[b]) == mutual
    for source, target in edges:  # successors' components come first
        assert component_of[target] <= component_of[source]


def test_program_order_from_neighbours() -> None:
    module = parse_module(NEST, "nest", ctx=make_context())
    walk = list(module.walk())
    shuffled = walk[:]
    random.Random(7).shuffle(shuffled)
    assert sort_in_program_order(shuffled) == walk
    for block_op in walk:
        for region in block_op.regions:
            for block in region.blocks:
                ops = list(block.ops)
                for i, a in enumerate(ops):
                    for j, b in enumerate(ops):
                        assert is_before_in_block(a, b) == (i < j)


def test_walk_matches_xdsl_walk() -> None:
    for text in [NEST, *(path.read_text() for path in KERNELS[:6])]:
        module = parse_module(text, "case", ctx=make_context())
        roots = [module, *module.body.block.ops, module.body, module.body.block]
        for root in roots:
            for reverse in (False, True):
                for region_first in (False, True):
                    ours = list(walk(root, reverse=reverse, region_first=region_first))
                    assert ours == list(root.walk(reverse=reverse, region_first=region_first))
        assert list(preorder(module.body)) == list(module.body.walk())
        assert list(postorder(module.body)) == list(module.body.walk(region_first=True))


def test_effect_cache_matches_get_effects() -> None:
    module = parse_module(NEST, "nest", ctx=make_context())
    cache = EffectCache()
    for op in reversed(list(module.walk())):  # inner ops first, so outer ones reuse them
        assert cache.effects(op) == get_effects(op)
    assert cache.effects(module) == get_effects(module)


def test_region_dce_matches_xdsl() -> None:
    dead_code = NEST.replace("      %next = arith.addi %acc, %i : i32", """      %unused = arith.muli %acc, %i : i32
      scf.for %j = %c0 to %n step %c1  : i32 {
        %u = tt.load %ptrs : tensor<128x!tt.ptr<i32>>
      }
      %next = arith.addi %acc, %i : i32""")
    for text in [NEST, dead_code, *(path.read_text() for path in KERNELS[:12])]:
        ours = parse_module(text, "case", ctx=make_context())
        theirs = parse_module(text, "case", ctx=make_context())
        assert region_dce(ours.body) == xdsl_region_dce(theirs.body)
        assert print_module(ours) == print_module(theirs)


def _round_robin_liveness(func: Operation, blocks: list[Block]) -> tuple[dict, dict]:
    """Live-in and live-out sets of every block: use/def sets of each block (nested ops
    included), then rounds over all blocks until nothing changes."""
    use, define, out_values = {}, {}, {}
    for block in blocks:
        defs, uses, out = set(block.args), set(), set()
        region = block.parent_region()
        for op in block.ops:
            for result in op.results:
                owners = [use.operation.parent_block() for use in result.uses]
                if any(region.find_ancestor_block_in_region(owner) is not block for owner in owners):
                    out.add(result)
            for nested in op.walk():
                defs.update(nested.results)
                uses.update(nested.operands)
                for nested_region in nested.regions:
                    for nested_block in nested_region.blocks:
                        defs.update(nested_block.args)
        use[block], define[block], out_values[block] = uses - defs, defs, out
    live_in = {block: set() for block in blocks}
    live_out = {block: set() for block in blocks}
    changed = True
    while changed:
        changed = False
        for block in blocks:
            out = set(out_values[block])
            for succ in Liveness.successors(block):
                out |= live_in[succ]
            new_in = use[block] | (out - define[block])
            if (out, new_in) != (live_out[block], live_in[block]):
                live_out[block], live_in[block] = out, new_in
                changed = True
    return live_in, live_out


def test_liveness_per_value_is_the_round_robin_fixed_point() -> None:
    for text in [NEST, *(path.read_text() for path in KERNELS[:8])]:
        for lower in (False, True):
            ctx = make_context()
            module = parse_module(text, "case", ctx=ctx)
            if lower:
                ConvertScfToCfPass().apply(ctx, module)
            for func in module.body.block.ops:
                liveness = Liveness(func)
                live_in, live_out = _round_robin_liveness(func, liveness.blocks)
                values = {v for op in func.walk() for v in op.results}
                values |= {a for b in liveness.blocks for a in b.args}
                for value in values:
                    into, out_of = liveness.live_blocks(value)
                    assert into == {b for b in liveness.blocks if value in live_in[b]}
                    assert out_of == {b for b in liveness.blocks if value in live_out[b]}


def _slice(root: Operation) -> list[Operation]:
    seen = {root: None}
    queue = [root]
    while queue:
        for other in data_flow_neighbours(queue.pop()):
            if other not in seen:
                seen[other] = None
                queue.append(other)
    return list(seen)


def _check_widest(module: ModuleOp) -> int:
    info = ModuleAxisInfo(module)
    slices = DataFlowSlices(module, info)
    checked = 0
    for op in module.walk():
        ptr = memory_pointer(op)
        if ptr is None or not isinstance(ptr.type, TensorType) or isinstance(ptr, BlockArgument):
            continue
        order = order_from_contiguity(info.get(ptr).contiguity)
        shape = ptr.type.get_shape()
        per_cta = shape_per_cta_of(ptr.type)
        expected = max(
            elements_per_thread(other, order, info, per_cta)
            for other in _slice(op)
            if (other_ptr := memory_pointer(other)) is not None
            and isinstance(other_ptr.type, TensorType)
            and other_ptr.type.get_shape() == shape
            and order_from_contiguity(info.get(other_ptr).contiguity) == order
        )
        assert slices.widest_access(op, (tuple(shape), tuple(order), tuple(per_cta))) == expected
        checked += 1
    return checked


def test_widest_access_matches_each_slice() -> None:
    checked = 0
    for path in KERNELS:
        ctx = make_context()
        module = parse_module(path.read_text(), str(path), ctx=ctx)
        ConvertTritonToTritonGPUPass(target="cuda:90").apply(ctx, module)
        checked += _check_widest(module)
    ctx = make_context()
    module = parse_module(NEST, "nest", ctx=ctx)
    ConvertTritonToTritonGPUPass(target="cuda:90").apply(ctx, module)
    checked += _check_widest(module)
    assert checked > 20
