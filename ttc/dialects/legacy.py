"""Spellings of older Triton (2.x to 3.4) mapped to today's names.

Triton renamed its GPU dialect prefix (`triton_gpu.` became `ttg.`, `triton_nvidia_gpu.` became
`ttng.`) in 3.3 and moved `!tt.memdesc` to `!ttg.memdesc`. The context consults this module so that
old IR parses into today's classes and prints in today's spelling:

- names: `modern_op_name`, `modern_attr_name` (ops, attributes and types);
- module attributes `"triton_gpu.num-warps"` etc. and `"triton_gpu.compute-capability" = 80`
  become `"ttg.num-warps"` and `ttg.target = "cuda:80"` (`modernize_module_attributes`).

The old `#triton_gpu.shared` encoding and `memdesc_subview` op, which parse into today's, are
TritonGPU classes (`ttc.dialects.ttg.legacy`).

Ops of the 2022-era shared-memory-as-tensor model have no one-to-one modern equivalent; they are
rejected with a message naming the op to use instead.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr
from xdsl.ir import Attribute

from ttc.ir.errors import TtcError
from ttc.ir.target import TARGET_ATTR, cuda_target

DIALECT_PREFIXES: dict[str, str] = {
    "triton_gpu.": "ttg.",
    "triton_nvidia_gpu.": "ttng.",
}

RENAMED_OPS: dict[str, str] = {
    "tt.view": "tt.reshape",
    "ttng.dot_async": "ttng.warp_group_dot",
    "ttng.dot_wait": "ttng.warp_group_dot_wait",
}

RENAMED_ATTRS: dict[str, str] = {
    "tt.memdesc": "ttg.memdesc",
    "ttg.mma": "ttg.nvidia_mma",
}

REMOVED_OPS: dict[str, str] = {
    "ttg.insert_slice_async": "ttg.async_copy_global_to_local (with ttg.memdesc_index)",
    "ttg.alloc_tensor": "ttg.local_alloc",
    "ttg.extract_slice": "ttg.memdesc_index or ttg.memdesc_subslice",
    "ttg.insert_slice": "ttg.local_store",
}

MODULE_ATTR_PREFIXES: dict[str, str] = {
    "triton_gpu.": "ttg.",
    "triton_nvidia_gpu.": "ttng.",
}

COMPUTE_CAPABILITY = "ttg.compute-capability"
"""The pre-3.0 module attribute that `ttg.target = "cuda:NN"` replaced (Triton PR #3741)."""


def _strip_prefix(name: str) -> str:
    for old, new in DIALECT_PREFIXES.items():
        if name.startswith(old):
            return new + name[len(old) :]
    return name


def modern_op_name(name: str) -> str:
    """Today's name of an op written under an older name (unchanged if already modern)."""
    name = _strip_prefix(name)
    return RENAMED_OPS.get(name, name)


def modern_attr_name(name: str) -> str:
    """Today's name of an attribute or type (without its `#`/`!` sigil)."""
    name = _strip_prefix(name)
    return RENAMED_ATTRS.get(name, name)


def reject_removed_op(name: str) -> None:
    """Raise a clear error for ops of the 2022-era model that no longer exist."""
    modern = _strip_prefix(name)
    if modern in REMOVED_OPS:
        raise TtcError(
            f"'{name}' is from Triton's 2022-era shared-memory model and no longer exists; "
            f"use {REMOVED_OPS[modern]} instead"
        )


def modernize_module_attributes(module: ModuleOp) -> None:
    """Rename a module's attributes from older spellings to Triton 3.6's, in place.

    `"triton_gpu.num-warps"` → `"ttg.num-warps"` (likewise every `triton_gpu.` and
    `triton_nvidia_gpu.` key) and `"triton_gpu.compute-capability" = 80 : i32` →
    `ttg.target = "cuda:80"` (unless a target is already set). Keys come out sorted, as MLIR
    prints a dictionary. Call it on every module after parsing.
    """
    renamed: dict[str, Attribute] = {}
    for key, value in module.attributes.items():
        for old, new in MODULE_ATTR_PREFIXES.items():
            if key.startswith(old):
                key = new + key[len(old) :]
                break
        renamed[key] = value
    capability = renamed.pop(COMPUTE_CAPABILITY, None)
    if capability is not None and TARGET_ATTR not in renamed:
        if not isinstance(capability, IntegerAttr):
            raise TtcError(
                f"'triton_gpu.compute-capability' must be an integer, got {capability}"
            )
        renamed[TARGET_ATTR] = StringAttr(cuda_target(capability.value.data))
    if renamed == dict(module.attributes) and list(renamed) == sorted(renamed):
        return
    module.attributes.clear()
    module.attributes.update(sorted(renamed.items()))
