"""Whether this machine has NVIDIA's ptxas and libdevice, for the tests that need them.

Both are looked up as ttc looks them up (`ttc.targets.nvidia`: `TTC_PTXAS`/`TTC_LIBDEVICE`, the
`nvidia-cuda-nvcc` wheel that the `test` extra installs, `PATH`, `/usr/local/cuda`), so a test
skips, saying why, exactly where ttc would stop with "not found"; `needs_ptxas` and
`needs_libdevice` are the marks that do it.
"""

from __future__ import annotations

from functools import cache

import pytest

from ttc.ir.errors import TtcError
from ttc.targets.nvidia.libdevice import find_libdevice
from ttc.targets.nvidia.ptxas import find_ptxas


@cache
def have_ptxas() -> bool:
    """Whether ttc finds a ptxas to run."""
    try:
        find_ptxas()
    except TtcError:
        return False
    return True


@cache
def have_libdevice() -> bool:
    """Whether ttc finds libdevice.10.bc to link."""
    try:
        find_libdevice(None)
    except TtcError:
        return False
    return True


needs_ptxas = pytest.mark.skipif(
    not have_ptxas(), reason="no ptxas on this machine (`pip install -e '.[test]'` brings one)")
needs_libdevice = pytest.mark.skipif(
    not have_libdevice(),
    reason="no libdevice on this machine (`pip install -e '.[test]'` brings one)")
