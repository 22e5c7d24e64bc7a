"""Spellings of older Triton (2.x to 3.2) mapped to today's names.

Triton renamed its GPU dialect prefix (`triton_gpu.` became `ttg.`, `triton_nvidia_gpu.` became
`ttng.`) in 3.3 and moved `!tt.memdesc` to `!ttg.memdesc`. The context consults this module so that
old IR parses into today's classes and prints in today's spelling. Ops of the 2022-era
shared-memory-as-tensor model have no one-to-one modern equivalent; they are rejected with a
message naming the op to use instead.
"""

from __future__ import annotations

from ttc.ir.errors import TtcError

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
