"""Shared memory under warp specialization and partitioned layouts (Triton's Allocation.cpp rules
for `ttg.warp_specialize` and `#ttg.partitioned_shared`), checked as invariants over generated
functions: buffers of regions that run at the same time never share bytes, a buffer live across
the op keeps its bytes from everything inside it, and the buffers of a partitioned allocation sit
in different physical partitions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import Float16Type, IntegerType, f32, i1, i8, i64

from ttc.analysis.allocation import BufferKind, allocate_module, capture_bytes
from ttc.dialects.tt.types import PointerType
from ttc_parse import parse_module

HEADER = """
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#sw2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
"""


def _module(body: str):
    return parse_module(
        HEADER + 'module attributes {"ttg.num-warps" = 4 : i32} {\n' + body + "\n}", allow_unregistered=True
    )


@pytest.mark.parametrize(
    ("kind", "size"),
    [(i1, 1), (i8, 1), (Float16Type(), 2), (f32, 4), (i64, 8), (IntegerType(17), 3),
     (PointerType(f32), 8)],
)
def test_scalar_captures_take_their_bytes(kind, size) -> None:
    assert capture_bytes(kind) == size


def test_memdesc_captures_take_a_pointer_and_an_offset_per_dimension() -> None:
    module = _module(
        """
tt.func @f() {
  %a = ttg.local_alloc : () -> !ttg.memdesc<4x4x4xf32, #sw2, #smem, mutable>
  tt.return
}"""
    )
    alloc = next(op for op in module.walk() if op.name == "ttg.local_alloc")
    assert capture_bytes(alloc.results[0].type) == 8 + 3 * 4


def _alloc(name: str, elements: int) -> str:
    return f"    %{name} = ttg.local_alloc : () -> !ttg.memdesc<{elements}xf32, #sw, #smem, mutable>"


def _use(name: str, elements: int) -> str:
    return f'    "use"(%{name}) : (!ttg.memdesc<{elements}xf32, #sw, #smem, mutable>) -> ()'


region_buffers = st.lists(st.tuples(st.sampled_from([4, 8, 16, 64]), st.booleans()), max_size=4)


@settings(max_examples=60, deadline=None)
@given(
    outside=st.lists(st.tuples(st.sampled_from([4, 16, 32]), st.booleans()), max_size=3),
    default=region_buffers,
    partitions=st.lists(region_buffers, min_size=1, max_size=3),
)
def test_concurrent_regions_never_share_bytes(outside, default, partitions) -> None:
    """`outside` buffers are allocated before the op (True: used after it); region buffers are
    used at the end of their region (True) or never."""
    lines = ["tt.func @f() {"]
    for i, (n, _) in enumerate(outside):
        lines.append(_alloc(f"o{i}", n))
    lines.append("  ttg.warp_specialize()\n  default {")
    region_of: dict[str, str] = {}
    for i, (n, _) in enumerate(default):
        lines.append(_alloc(f"d{i}", n))
        region_of[f"d{i}"] = "default"
    lines += [_use(f"d{i}", n) for i, (n, used) in enumerate(default) if used]
    lines.append("    ttg.warp_yield\n  }")
    for p, buffers in enumerate(partitions):
        lines.append(f"  partition{p}() num_warps(1) {{")
        for i, (n, _) in enumerate(buffers):
            lines.append(_alloc(f"p{p}n{i}", n))
            region_of[f"p{p}n{i}"] = f"partition{p}"
        lines += [_use(f"p{p}n{i}", n) for i, (n, used) in enumerate(buffers) if used]
        lines.append("    ttg.warp_return\n  }")
    lines[-1] += " : () -> ()"
    lines += [_use(f"o{i}", n) for i, (n, used) in enumerate(outside) if used]
    lines.append("  tt.return\n}")
    module = _module("\n".join(lines))
    plan = next(iter(allocate_module(module).functions.values()))

    named = {v.name_hint: b for v, bs in plan.value_buffers.items() for b in bs}
    assert len(named) == len(outside) + len(region_of)
    function_buffer = plan.scratch_buffer(plan.function)
    assert function_buffer is not None and function_buffer.size == len(partitions)

    def disjoint(x, y) -> bool:
        return x.offset + x.size <= y.offset or y.offset + y.size <= x.offset

    for a, x in named.items():
        assert disjoint(x, function_buffer)
        for b, y in named.items():
            if a < b and a in region_of and b in region_of and region_of[a] != region_of[b]:
                assert disjoint(x, y), (a, b)
            if a.startswith("o") and outside[int(a[1:])][1] and b in region_of:
                assert disjoint(x, y), (a, b)
    assert all(b.kind is not BufferKind.VIRTUAL for b in plan.buffers)


@pytest.mark.parametrize("partition_size", [0, 1024, 2048, 4096])
@pytest.mark.parametrize("partitions", [2, 4])
def test_partitioned_buffers_occupy_different_physical_partitions(partition_size, partitions) -> None:
    module = parse_module(
        HEADER
        + f"#split = #ttg.partitioned_shared<{{numPartitions = {partitions}, numGroups = 1, "
        "partitionDim = 0, partitionLayout = #sw2}>\n"
        + 'module attributes {"ttg.num-warps" = 4 : i32} {\n'
        + """tt.func @f() {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32, #sw2, #smem, mutable>
  %s = ttg.local_alloc : () -> !ttg.memdesc<64x16xf32, #split, #smem, mutable>
  "use"(%a) : (!ttg.memdesc<16x16xf32, #sw2, #smem, mutable>) -> ()
  "use"(%s) : (!ttg.memdesc<64x16xf32, #split, #smem, mutable>) -> ()
  tt.return
}
}""",
        allow_unregistered=True,
    )
    allocation = allocate_module(module, partition_size=partition_size)
    plan = next(iter(allocation.functions.values()))
    split = next(bs for bs in plan.value_buffers.values() if len(bs) > 1)
    assert len(split) == partitions and all(b.size == 64 * 16 * 4 // partitions for b in split)
    every = [b for bs in plan.value_buffers.values() for b in bs]
    for x in every:
        for y in every:
            if x is not y:
                assert x.offset + x.size <= y.offset or y.offset + y.size <= x.offset
    if partition_size:
        spans = [(b.offset // partition_size, (b.offset + b.size - 1) // partition_size) for b in split]
        for i, (lo, hi) in enumerate(spans):
            for other_lo, other_hi in spans[i + 1:]:
                assert hi < other_lo or other_hi < lo
