"""A small cupy launcher for kernels built by ttc: load a cubin or PTX, launch it as Triton would.

`load(binary, metadata)` opens the cubin (or the PTX, which the driver JIT-compiles: an `sm_80` PTX
runs on Hopper that way) with `cupy.RawModule`, takes the kernel named in the metadata (`<output
stem>.<kernel>.json` from `ttc compile --dump-dir`), and returns a `Kernel`. Calling it with a grid
and the kernel's own arguments launches one block of `threads_per_block` threads per program, with
`shared` bytes of dynamic shared memory; the trailing scratch pointers Triton's lowering appends
get a buffer when the kernel asks for global scratch memory and null otherwise. Scalars are packed
by the parameter types of the metadata (`i32`, `fp32`, ...), so a Python int or float can be
passed; an `nvTmaDesc` parameter takes a `tma_descriptor.TmaDescriptor`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cupy
import numpy as np
from tma_descriptor import TmaDescriptor

SCALARS: dict[str, type[np.generic]] = {
    "i1": np.bool_,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "u32": np.uint32,
    "u64": np.uint64,
    "fp16": np.float16,
    "fp32": np.float32,
    "fp64": np.float64,
}

TMA_DESCRIPTOR = "nvTmaDesc"
"""A host-made TMA descriptor, passed by value (a `tma_descriptor.TmaDescriptor`)."""

DEFAULT_SHARED_LIMIT = 48 * 1024
"""Dynamic shared memory a kernel may use without opting in to more (CUDA's default limit)."""


def read_metadata(path: Path) -> dict[str, Any]:
    """A `<output stem>.<kernel>.json` written by `ttc compile --dump-dir`."""
    metadata: dict[str, Any] = json.loads(path.read_text())
    return metadata


@dataclass
class Kernel:
    """A loaded kernel and the metadata that says how to launch it."""

    function: cupy.RawKernel
    metadata: dict[str, Any]
    module: cupy.RawModule

    def __call__(self, grid: tuple[int, ...] | int, *args: Any) -> None:
        grid3 = (grid, 1, 1) if isinstance(grid, int) else tuple(grid) + (1,) * (3 - len(grid))
        params = self.metadata["params"]
        if len(args) > len(params):
            raise TypeError(f"{self.metadata['name']} takes {len(params)} parameters, "
                            f"got {len(args)} arguments")
        packed = [_pack(param, arg) for param, arg in zip(params, args)]
        scratch = self.metadata.get("global_scratch_size") or 0
        for param in params[len(args):]:
            if not param["type"].startswith("*"):
                raise TypeError(f"missing argument for parameter {param['name']} "
                                f"({param['type']}); only trailing pointers default to null")
            if param["name"] == "global_scratch" and scratch:
                packed.append(cupy.empty(scratch * math.prod(grid3), dtype=cupy.uint8))
            else:
                packed.append(np.uint64(0))
        self.function(grid3, (self.metadata["threads_per_block"], 1, 1), tuple(packed),
                      shared_mem=self.metadata.get("shared") or 0)


def _pack(param: dict[str, str], arg: Any) -> Any:
    kind = param["type"]
    if kind == TMA_DESCRIPTOR:
        if not isinstance(arg, TmaDescriptor):
            raise TypeError(f"parameter {param['name']} ({kind}) takes a TmaDescriptor")
        return arg.as_argument()
    if kind.startswith("*"):
        if not isinstance(arg, cupy.ndarray):
            raise TypeError(f"parameter {param['name']} ({kind}) takes a cupy array")
        return arg
    if kind not in SCALARS:
        raise TypeError(f"parameter {param['name']} has a type the launcher does not know: {kind}")
    return SCALARS[kind](arg)


def load(binary: Path, metadata: dict[str, Any] | Path) -> Kernel:
    """The kernel of a cubin or PTX file, described by its metadata (a dict or a json path)."""
    meta = read_metadata(metadata) if isinstance(metadata, Path) else metadata
    if meta.get("shared") is None or meta.get("threads_per_block") is None:
        raise ValueError(f"the metadata of {meta.get('name')} lacks shared memory or block size")
    module = cupy.RawModule(path=str(binary))
    function = module.get_function(meta["name"])
    if meta["shared"] > DEFAULT_SHARED_LIMIT:
        function.max_dynamic_shared_size_bytes = meta["shared"]
    return Kernel(function, meta, module)
