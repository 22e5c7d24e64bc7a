"""TritonGPU types and ops: Triton 3.6's op syntax round-trips, verifiers, `verify_layouts`.

Ops are placed in `func.func` bodies so these tests need only the builtin and func dialects.
"""

from __future__ import annotations

import io
import re

import pytest
from xdsl.dialects.builtin import ModuleOp, f16
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import DiagnosticException, ParseError

from ttc.analysis.membar import is_shared_memory_barrier
from ttc.dialects.context import make_context
from ttc.dialects.ttg.attrs import SharedMemorySpaceAttr, SwizzledSharedEncodingAttr
from ttc.dialects.ttg.ops import (
    AddrSpace,
    BarrierOp,
    LayoutVerifyException,
    LocalLoadOp,
    MemDescType,
    format_addr_space,
    verify_layouts,
)
from ttc.transforms.canonicalize import CanonicalizePass
from ttc.transforms.cse import CsePass

HEADER = """
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
"""

BLOCKED = (
    "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>"
)
SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>"
FLAT = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>"
MMA = (
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
    "instrShape = [16, 8]}>"
)
MODULE_ATTRS = (
    '{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", '
    '"ttg.threads-per-warp" = 32 : i32}'
)


def parse(body: str, args: str = "", module_attrs: str = MODULE_ATTRS) -> ModuleOp:
    text = (
        f"{HEADER}module attributes {module_attrs} {{\n"
        f"  func.func @f({args}) {{\n{body}\n    func.return\n  }}\n}}\n"
    )
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def expand(line: str) -> str:
    """A line in Triton's aliased spelling, with the aliases written out as xDSL prints them."""
    return (
        line.replace("#blocked", BLOCKED)
        .replace("#shared", SHARED)
        .replace("#flat", FLAT)
        .replace("#smem", "#ttg.shared_memory")
        .replace("#mma", MMA)
    )


def printed_ops(module: ModuleOp) -> list[str]:
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return [
        line.strip()
        for line in stream.getvalue().splitlines()
        if re.match(r"\s*(%\S+ = )?ttg\.", line)
    ]


ARGS = "%t: tensor<64x32xf16, #blocked>, %i: i32"

ROUND_TRIPS = [
    "%a = ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16, #shared, #smem, mutable>",
    "%b = ttg.local_alloc %t : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>",
    "%a = ttg.local_alloc {alignment = 16 : i32} : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>",
    "%c = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #mma>",
    "%c = ttg.async_commit_group",
    "%w = ttg.async_wait {num = 0 : i32}",
    "%g = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : i64",
]


@pytest.mark.parametrize("line", ROUND_TRIPS)
def test_single_op_round_trip(line: str) -> None:
    assert printed_ops(parse(f"    {line}", ARGS)) == [expand(line)]


def test_shared_memory_pipeline_round_trips() -> None:
    lines = [
        "%a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>",
        "%v = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>",
        "%s = ttg.memdesc_subslice %v[32, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable, 64x32>",
        "%r = ttg.memdesc_reshape %v : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<2048xf16, #flat, #smem, mutable>",
        "%tr = ttg.memdesc_trans %v {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>",
        "ttg.local_store %t, %v : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>",
        "%first = ttg.async_commit_group",
        "%second = ttg.async_commit_group tokens %first",
        "%w = ttg.async_wait %first, %second {num = 1 : i32}",
        "%l = ttg.local_load %v token %w : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>",
        "%l2 = ttg.local_load %v : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>",
        "ttg.local_dealloc %a : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>",
    ]
    module = parse("\n".join(f"    {line}" for line in lines), ARGS)
    assert printed_ops(module) == [expand(line) for line in lines]
    verify_layouts(module)


def test_async_copy_prints_unqualified_memdesc_and_non_default_modifiers() -> None:
    args = (
        "%p: tensor<64x32xi64, #blocked>, %m: tensor<64x32xi1, #blocked>, "
        "%o: tensor<64x32xi64, #blocked>, %v: !ttg.memdesc<64x32xi64, #shared, #smem, mutable>"
    )
    lines = [
        "%0 = ttg.async_copy_global_to_local %p, %v mask %m other %o {contiguity = 8 : i32} : tensor<64x32xi64, #blocked> -> <64x32xi64, #shared, #smem, mutable>",
        "%1 = ttg.async_copy_global_to_local %p, %v cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<64x32xi64, #blocked> -> <64x32xi64, #shared, #smem, mutable>",
        "%2 = ttg.async_copy_global_to_local %p, %v mask %m : tensor<64x32xi64, #blocked> -> <64x32xi64, #shared, #smem, mutable>",
    ]
    module = parse("\n".join(f"    {line}" for line in lines), args)
    assert printed_ops(module) == [expand(line) for line in lines]


def test_async_copy_elides_default_values_and_accepts_full_memdesc() -> None:
    args = "%p: tensor<64xi64, #ttg.slice<{dim = 0, parent = #blocked}>>, %v: !ttg.memdesc<64xi64, #flat, #smem, mutable>"
    line = (
        "%0 = ttg.async_copy_global_to_local %p, %v cacheModifier = none {contiguity = 1 : i32} "
        ": tensor<64xi64, #ttg.slice<{dim = 0, parent = #blocked}>> -> "
        "!ttg.memdesc<64xi64, #flat, #smem, mutable>"
    )
    (printed,) = printed_ops(parse(f"    {line}", args))
    assert printed == expand(
        "%0 = ttg.async_copy_global_to_local %p, %v : tensor<64xi64, #ttg.slice<{dim = 0, "
        "parent = #blocked}>> -> <64xi64, #flat, #smem, mutable>"
    )


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        (
            "!ttg.memdesc<128x64xf16, #shared, #smem, mutable, 256x64>",
            f"!ttg.memdesc<128x64xf16, {SHARED}, #ttg.shared_memory, mutable, 256x64>",
        ),
        (
            "!ttg.memdesc<128x64xf16, #shared, #smem, 256x64>",
            f"!ttg.memdesc<128x64xf16, {SHARED}, #ttg.shared_memory, 256x64>",
        ),
        (  # alloc shape equal to the shape is not printed
            "!ttg.memdesc<128x64xf16, #shared, #smem, mutable, 128x64>",
            f"!ttg.memdesc<128x64xf16, {SHARED}, #ttg.shared_memory, mutable>",
        ),
        (  # Triton 3.0: no memory space
            "!tt.memdesc<16x16xf16, #shared, mutable>",
            f"!ttg.memdesc<16x16xf16, {SHARED}, #ttg.shared_memory, mutable>",
        ),
        (
            "!triton_gpu.memdesc<16x16xf16, #shared, #triton_gpu.shared_memory>",
            f"!ttg.memdesc<16x16xf16, {SHARED}, #ttg.shared_memory>",
        ),
        ("!ttg.async.token", "!ttg.async.token"),
    ],
)
def test_types(text: str, printed: str) -> None:
    parser = Parser(make_context(), HEADER + f"module attributes {{x = {text}}} {{}}")
    module = parser.parse_module()
    assert str(module.attributes["x"]) == printed


def test_memdesc_builder_defaults() -> None:
    shared = SwizzledSharedEncodingAttr.make(1, 1, 1, [1, 0])
    memdesc = MemDescType.make([2, 16], f16, shared)
    assert memdesc.get_alloc_shape() == (2, 16)
    assert not memdesc.is_mutable
    assert memdesc.memory_space == SharedMemorySpaceAttr()
    sliced = memdesc.with_shape([1, 16])
    assert (sliced.get_shape(), sliced.get_alloc_shape()) == ((1, 16), (2, 16))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("!ttg.memdesc<128x48xf16, #shared, #smem>", "shape must have power-of-2 and non-zero dimensions; got 128, 48"),
        ("!ttg.memdesc<128x64xf16, #shared, #smem, 64x64>", "shape must be less than or equal to allocShape"),
        ("!ttg.memdesc<2x128x64xf16, #shared, #smem, 64x64>", "alloc shape must have at least as many"),
        ("!ttg.memdesc<3x128x64xf16, #shared, #smem, 3x128x48>", "alloc shape must have power-of-2 and non-zero dimensions; got 3, 128, 48"),
        ("!ttg.memdesc<128x0xf16, #shared, #smem>", "shape has 0 dimension"),
        ("!ttg.memdesc<128x64xf16, #shared, #smem, 0x64>", "alloc shape has 0 dimension"),
        ("!ttg.memdesc<128x64xi4, #shared, #smem>", "element type bit width must be 1 or at least 8; got 4"),
        ("!ttg.memdesc<2x2x2x64xf16, #shared, #smem>", "rank must be equal to or one less than the shape size. Got 2 and 4"),
        ("!ttg.memdesc<64xf16, #shared, #smem>", "rank must be equal to or one less than the shape size. Got 2 and 1"),
        ("!ttg.memdesc<64x64xf16, #blocked, #smem>", "is not a valid encoding"),
        ("!ttg.memdesc<64x64xf16, #shared, #shared>", "memorySpace must be SharedMemorySpace for shared encoding"),
    ],
)
def test_invalid_memdesc(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        Parser(make_context(), HEADER + f"module attributes {{x = {text}}} {{}}").parse_module()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "%c = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #mma>",
            "requires the same shape",
        ),
        (
            "%c = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf32, #mma>",
            "requires the same element type",
        ),
        (
            "%a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem>",
            "uninitialized alloc must have a mutable memdesc type",
        ),
        (
            "%a = ttg.local_alloc %t : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf32, #shared, #smem>",
            "must match destination element type",
        ),
        (
            "%v = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>",
            "result rank must be input rank - 1",
        ),
        (
            "%v = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>",
            "result shape must equal to srcShape[1:]",
        ),
        (
            "%v = ttg.memdesc_subslice %m[0, 48, 0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable, 2x64x32>",
            "The split offset may not exceed the source shape",
        ),
        (
            "%v = ttg.memdesc_trans %m {order = array<i32: 0, 2, 1>} : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>",
            "permuted by order",
        ),
        (
            "%v = ttg.memdesc_reshape %m : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>",
            "number of src and dst elements",
        ),
        (
            "%l = ttg.local_load %m : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>",
            "must match [destination shape",
        ),
    ],
)
def test_op_verifiers(line: str, message: str) -> None:
    args = f"{ARGS}, %m: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>"
    with pytest.raises(DiagnosticException, match=re.escape(message)):
        parse(f"    {line}", args)


def test_local_store_into_immutable_memory_is_rejected() -> None:
    args = f"{ARGS}, %m: !ttg.memdesc<64x32xf16, #shared, #smem>"
    line = "ttg.local_store %t, %m : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem>"
    with pytest.raises(DiagnosticException, match="Cannot store into immutable memory"):
        parse(f"    {line}", args)


def test_local_load_token_operand_is_optional() -> None:
    module = parse(
        "    %l = ttg.local_load %m : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>",
        "%m: !ttg.memdesc<64x32xf16, #shared, #smem>",
    )
    (load,) = [op for op in module.walk() if isinstance(op, LocalLoadOp)]
    assert load.token is None


# ---------------------------------------------------------------------------------------------
# verify_layouts
# ---------------------------------------------------------------------------------------------


USE_T = "    %c = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked>"


def layout_error(module: ModuleOp) -> str:
    with pytest.raises(LayoutVerifyException) as info:
        verify_layouts(module)
    return str(info.value)


def test_warps_must_match_module_num_warps() -> None:
    module = parse(USE_T, ARGS, '{"ttg.num-warps" = 8 : i32}')
    message = layout_error(module)
    assert "Layout has 4 warps per CTA, but the context requires 8 warps per CTA." in message


def test_threads_must_match_module_threads_per_warp() -> None:
    module = parse(USE_T, ARGS, '{"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32}')
    message = layout_error(module)
    assert "Layout has 32 threads per warp, but the module specifies 64 threads per warp." in message


def test_ctas_must_match_module_num_ctas() -> None:
    module = parse(USE_T, ARGS, '{"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32}')
    assert "Layout has 1 CTAs per CGA, but the context requires 2 CTAs per CGA." in layout_error(module)


def test_function_num_warps_overrides_module() -> None:
    text = (
        f"{HEADER}module attributes {{\"ttg.num-warps\" = 4 : i32}} {{\n"
        f"  func.func @f({ARGS}) attributes {{\"ttg.num-warps\" = 8 : i32}} {{\n"
        f"{USE_T}\n    func.return\n  }}\n}}\n"
    )
    module = Parser(make_context(), text).parse_module()
    assert "but the context requires 8 warps per CTA" in layout_error(module)


def test_tensor_rank_must_match_layout_rank() -> None:
    module = parse(
        "    %c = ttg.convert_layout %t : tensor<64xf16, #blocked> -> tensor<64xf16, #blocked>",
        "%t: tensor<64xf16, #blocked>",
        "{}",
    )
    message = layout_error(module)
    assert "Layout has rank 2, but the tensor it's attached to has rank 1." in message


def test_valid_module_passes() -> None:
    verify_layouts(parse(USE_T, ARGS))


def test_layouts_need_a_number_of_warps() -> None:
    module = parse(USE_T, ARGS, "{}")
    assert "Could not determine the number of warps per CTA." in layout_error(module)


def test_tensor_shape_must_be_powers_of_two() -> None:
    module = parse(
        "    %c = ttg.convert_layout %t : tensor<64x24xf16, #blocked> -> tensor<64x24xf16, #blocked>",
        "%t: tensor<64x24xf16, #blocked>",
    )
    assert "Layout has shape 64, 24, but the tensor it's attached to has shape 64, 24 which is not a power of two." in layout_error(module)


def test_layout_error_names_the_failing_op() -> None:
    module = parse(
        "    %c = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #mma>",
        ARGS,
        '{"ttg.num-warps" = 8 : i32}',
    )
    with pytest.raises(LayoutVerifyException) as info:
        verify_layouts(module)
    assert info.value.op.name == "ttg.convert_layout"


# ttg.barrier (Triton 3.7)


@pytest.mark.parametrize("mask", range(int(AddrSpace.ALL) + 1))
def test_barrier_every_mask_round_trips(mask: int) -> None:
    text = f'    "ttg.barrier"() <{{addrSpace = {mask} : i32}}> : () -> ()'
    (printed,) = printed_ops(parse(text))
    assert printed == f"ttg.barrier {format_addr_space(mask)}"
    (op,) = [o for o in parse(f"    {printed}").walk() if isinstance(o, BarrierOp)]
    assert op.spaces == mask


def test_barrier_keywords_follow_mlir_bit_enum_spelling() -> None:
    assert format_addr_space(0) == "none"
    assert format_addr_space(AddrSpace.ALL) == "all"
    assert format_addr_space(AddrSpace.TENSOR_WRITE | AddrSpace.LOCAL) == "local|tensor_write"
    assert BarrierOp().spaces == AddrSpace.LOCAL


def test_barrier_survives_canonicalize_and_cse() -> None:
    """A barrier orders memory: it is neither dead code nor a common subexpression."""
    body = "    ttg.barrier local\n    ttg.barrier local\n    ttg.barrier none"
    module = parse(body)
    ctx = make_context()
    CanonicalizePass().apply(ctx, module)
    CsePass().apply(ctx, module)
    assert printed_ops(module) == ["ttg.barrier local", "ttg.barrier local", "ttg.barrier none"]


@pytest.mark.parametrize(
    ("text", "shared"),
    [("ttg.barrier local", True), ("ttg.barrier all", True), ("ttg.barrier global_read", False)],
)
def test_membar_counts_local_ttg_barriers_only(text: str, shared: bool) -> None:
    (op,) = [o for o in parse(f"    {text}").walk() if isinstance(o, BarrierOp)]
    assert is_shared_memory_barrier(op) is shared


