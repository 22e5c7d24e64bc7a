"""Host-made TMA descriptors for the GPU tests: Triton's `nvTmaDesc` kernel arguments.

`TmaDescriptor.tiled(array, box, swizzle_bytes)` encodes a CUtensorMap for a row-major cupy
array with the driver's `cuTensorMapEncodeTiled` (through ctypes: cupy does not wrap it): the
dimensions innermost first, the row strides in bytes, a box of `box` elements (outermost first, as
the kernel's block), zero fill outside the array. `as_argument()` is the 128-byte value the kernel
takes by value (`.param .align 64 .b8 [128]`), a numpy structured scalar cupy passes as is.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

import numpy as np

DESCRIPTOR_BYTES = 128
DESCRIPTOR_ALIGNMENT = 64

ELEMENT_TYPES = {
    np.dtype(np.uint8): 0,
    np.dtype(np.uint16): 1,
    np.dtype(np.uint32): 2,
    np.dtype(np.int32): 3,
    np.dtype(np.uint64): 4,
    np.dtype(np.int64): 5,
    np.dtype(np.float16): 6,
    np.dtype(np.float32): 7,
    np.dtype(np.float64): 8,
}
"""numpy dtype → CUtensorMapDataType."""

SWIZZLES = {0: 0, 32: 1, 64: 2, 128: 3}
"""Swizzle width in bytes → CUtensorMapSwizzle."""

INTERLEAVE_NONE = 0
L2_PROMOTION_NONE = 0
OOB_FILL_ZERO = 0

_DRIVER: Any = None


def _driver() -> Any:
    global _DRIVER
    if _DRIVER is None:
        _DRIVER = ctypes.CDLL("libcuda.so.1")
        encode = _DRIVER.cuTensorMapEncodeTiled
        encode.restype = ctypes.c_int
        encode.argtypes = [
            ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64),
            ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint32),
            ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
        ]
    return _DRIVER


@dataclass(frozen=True)
class TmaDescriptor:
    """An encoded CUtensorMap and the array it describes (kept alive while the descriptor is)."""

    raw: bytes
    array: Any

    @staticmethod
    def tiled(array: Any, box: tuple[int, ...], swizzle_bytes: int) -> TmaDescriptor:
        """The tiled-mode descriptor of a C-contiguous cupy `array`, boxes of `box` elements."""
        if not array.flags.c_contiguous:
            raise ValueError("a TMA descriptor needs a row-major, contiguous array")
        if len(box) != array.ndim:
            raise ValueError(f"a box of rank {len(box)} for an array of rank {array.ndim}")
        rank = array.ndim
        dims = (ctypes.c_uint64 * rank)(*reversed(array.shape))
        strides = (ctypes.c_uint64 * max(rank - 1, 1))(*reversed(array.strides[:-1]))
        boxes = (ctypes.c_uint32 * rank)(*reversed(box))
        element_strides = (ctypes.c_uint32 * rank)(*([1] * rank))
        storage = ctypes.create_string_buffer(DESCRIPTOR_BYTES + DESCRIPTOR_ALIGNMENT)
        address = -(-ctypes.addressof(storage) // DESCRIPTOR_ALIGNMENT) * DESCRIPTOR_ALIGNMENT
        status = _driver().cuTensorMapEncodeTiled(
            address, ELEMENT_TYPES[array.dtype], rank, array.data.ptr, dims, strides, boxes,
            element_strides, INTERLEAVE_NONE, SWIZZLES[swizzle_bytes], L2_PROMOTION_NONE,
            OOB_FILL_ZERO,
        )
        if status != 0:
            raise RuntimeError(f"cuTensorMapEncodeTiled failed with CUresult {status}")
        return TmaDescriptor(ctypes.string_at(address, DESCRIPTOR_BYTES), array)

    def as_argument(self) -> np.void:
        """The descriptor as a by-value kernel argument."""
        dtype = np.dtype([("bytes", np.uint8, (DESCRIPTOR_BYTES,))])
        return np.frombuffer(self.raw, dtype=dtype)[0]
