"""Where the pipelines file is: `--pipelines-file`, else `$TTC_PIPELINES_FILE`, else the
`pipelines.yaml` shipped with ttc.

Kept apart from `yaml_pipelines` (which loads the passes, and with them xDSL) so that the compile
cache can hash the file a compile would read without loading the compiler.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_PIPELINES_FILE = Path(__file__).resolve().parent / "pipelines.yaml"
"""Shipped inside the package so that any install finds it; the checkout's root links to it."""


def default_pipelines_file() -> Path:
    """`$TTC_PIPELINES_FILE` if set, otherwise the `pipelines.yaml` shipped with ttc."""
    override = os.environ.get("TTC_PIPELINES_FILE")
    return Path(override) if override else DEFAULT_PIPELINES_FILE


def pipelines_file_path(explicit: str | Path | None) -> Path:
    """The file a compile given `explicit` (`--pipelines-file`, or None) reads its stages from."""
    return Path(explicit) if explicit else default_pipelines_file()
