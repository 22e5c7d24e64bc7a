"""The wgmma lowering's shared-memory matrix descriptors against the PTX ISA's canonical layouts.

For every operand layout the lowering accepts, a model of what the hardware reads (PTX ISA,
"Shared memory matrix layout" of wgmma: 8-row core-matrix groups `stride` bytes apart, M/N-major
column blocks of one swizzle width `leading` bytes apart, and the 16-byte-chunk XOR swizzle on
address bits 4-6 by bits 7-9 of the 128-, 64- or 32-byte modes) applied to each instruction's
descriptor must address exactly the byte where ttc's `#ttg.nvmma_shared` layout stores the
element. Triton's own descriptors for the tutorial matmul (read from its sm_90 LLVM IR) are checked
bit for bit.
"""

from __future__ import annotations

import pytest
from xdsl.parser import Parser

from ttc.conversion.tritongpu_to_llvm.wgmma import SharedOperand, shared_operand
from ttc.dialects.context import make_context
from ttc.dialects.ttg.ops import MemDescType

MODE_BYTES = {1: 128, 2: 64, 3: 32}
"""The PTX ISA's swizzle modes (descriptor bits 62-63)."""
f16, f32 = "f16", "f32"


def memdesc(shape: tuple[int, int], element: str, swizzle: int, transposed: bool) -> MemDescType:
    encoding = (f"#ttg.nvmma_shared<{{swizzlingByteWidth = {swizzle}, transposed = "
                f"{str(transposed).lower()}, elementBitWidth = {element[1:]}}}>")
    text = f"!ttg.memdesc<{shape[0]}x{shape[1]}x{element}, {encoding}, #ttg.shared_memory, mutable>"
    type = Parser(make_context(), text).parse_type()
    assert isinstance(type, MemDescType)
    return type


def swizzled(address: int, mode: int) -> int:
    """The PTX ISA's swizzle: the 16-byte chunk index (bits 4..) XORed with bits 7.. ."""
    width = MODE_BYTES[mode]
    mask = width // 16 - 1
    return address ^ (((address >> 7) & mask) << 4)


def hardware_address(descriptor: int, start: int, mn: int, k: int, mn_major: bool,
                     element_bytes: int) -> int:
    """The byte wgmma reads for element (mn, k) of a tile whose descriptor is `descriptor`
    (address field replaced by `start`, a byte address)."""
    leading = ((descriptor >> 16) & 0x3FFF) << 4
    stride = ((descriptor >> 32) & 0x3FFF) << 4
    mode = descriptor >> 62
    width = MODE_BYTES[mode]
    per_row = width // element_bytes
    if mn_major:
        linear = (mn // per_row) * leading + (k // 8) * stride + (k % 8) * width + (mn % per_row) * element_bytes
    else:
        linear = (mn // 8) * stride + (mn % 8) * width + k * element_bytes
    return swizzled(start + linear, mode)


CASES = [
    # (shape, element, swizzle, transposed, k_dim, tile (mn, k))
    ((128, 64), f16, 128, False, 1, (64, 16)),    # A K-major, the tutorial's
    ((64, 128), f16, 128, False, 0, (128, 16)),   # B N-major over two column blocks
    ((64, 32), f16, 64, False, 1, (64, 16)),      # A, 64-byte rows
    ((32, 64), f16, 64, False, 0, (64, 16)),      # B N-major, two 32-element blocks
    ((64, 16), f16, 32, False, 1, (64, 16)),      # A, 32-byte rows
    ((64, 128), f16, 128, True, 1, (64, 16)),     # A stored M-major (transposed)
    ((128, 64), f16, 128, True, 0, (64, 16)),     # B stored K-major (transposed)
    ((64, 32), f32, 128, False, 1, (64, 8)),      # tf32 A
    ((32, 64), f32, 128, True, 0, (64, 8)),       # tf32 B, K-major
]


@pytest.mark.parametrize(("shape", "element", "swizzle", "transposed", "k_dim", "tile"), CASES)
def test_descriptors_address_the_layout(shape: tuple[int, int], element: str, swizzle: int,
                                        transposed: bool, k_dim: int, tile: tuple[int, int]) -> None:
    type = memdesc(shape, element, swizzle, transposed)
    plan = shared_operand(type, (0, 0), k_dim, k_major_only=element is f32)
    assert plan is not None
    mn_dim = 1 - k_dim
    tile_mn, tile_k = tile
    for mn0 in range(0, shape[mn_dim], tile_mn):
        for k0 in range(0, shape[k_dim], tile_k):
            origin = [0, 0]
            origin[mn_dim], origin[k_dim] = mn0, k0
            start = plan.byte_offset(origin)
            for mn in range(min(tile_mn, shape[mn_dim])):
                for k in range(tile_k):
                    coords = [0, 0]
                    coords[mn_dim], coords[k_dim] = mn0 + mn, k0 + k
                    assert hardware_address(plan.descriptor_bits, start, mn, k, plan.mn_major,
                                            plan.element_bytes) == plan.byte_offset(coords)


def test_tutorial_matmul_descriptors_match_triton() -> None:
    """Triton 3.6's sm_90 LLVM IR of the 128x128x64 fp16 matmul ORs these constants into the
    addresses of A (128x64) and B (64x128)."""
    a = shared_operand(memdesc((128, 64), f16, 128, False), (0, 0), 1, False)
    b = shared_operand(memdesc((64, 128), f16, 128, False), (0, 0), 0, False)
    assert isinstance(a, SharedOperand) and isinstance(b, SharedOperand)
    assert (a.descriptor_bits, a.mn_major) == (4611686293305294848, False)
    assert (b.descriptor_bits, b.mn_major) == (4611686293338849280, True)


def test_layouts_wgmma_cannot_read() -> None:
    """No swizzle, an M/N-major tf32 operand, or a layout other than nvmma_shared: no plan."""
    assert shared_operand(memdesc((64, 8), f16, 0, False), (0, 0), 1, False) is None
    assert shared_operand(memdesc((32, 64), f32, 128, False), (0, 0), 0, True) is None
