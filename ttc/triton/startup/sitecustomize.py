"""Start-up hook of `ttc run`: installs ttc into Triton in every Python process of a command.

`ttc run` puts this directory first on PYTHONPATH and sets `TTC_TRITON=1` with the options (see
`ttc.triton.options`). Python imports `sitecustomize` at start-up; this one waits for the program
to import `triton` (importing it here would slow every process, Triton or not), installs ttc right
after Triton's package has loaded, then hands over to any other `sitecustomize` on the path.
"""

import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))


def _chain_to_next_sitecustomize() -> None:
    """Import the `sitecustomize` this one shadows, if the path has another."""
    import importlib.util

    del sys.modules["sitecustomize"]
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
    try:
        if importlib.util.find_spec("sitecustomize") is not None:
            importlib.import_module("sitecustomize")
    finally:
        sys.path[:] = saved


if os.environ.get("TTC_TRITON", "") not in ("", "0"):
    from ttc.triton.startup.on_import import install_after_triton_import

    install_after_triton_import()
_chain_to_next_sitecustomize()
