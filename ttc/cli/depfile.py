"""Make-style dependency files for `ttc compile -MD` / `-MF FILE`, as C compilers write them.

A compile's output depends on its input and on the pipelines file that says which passes run, so
`make_rule(output, [input, pipelines])` is the one rule `output: input pipelines.yaml` that Make
(or Ninja's `depfile`) includes to rebuild the output when either changes. Paths are escaped as
GCC escapes them: a space or `#` gets a backslash, `$` is doubled. `-MD` alone puts the rule in
`<output>.d` (the whole output name plus `.d`, so `k.ptx` and `k.cubin` of one kernel keep
separate files); `-MF FILE` names the file instead.
"""

from __future__ import annotations

from collections.abc import Iterable

DEPFILE_SUFFIX = ".d"


def escape(path: str) -> str:
    """`path` as one word of a Make rule."""
    return path.replace("$", "$$").replace("#", "\\#").replace(" ", "\\ ")


def make_rule(output: str, dependencies: Iterable[str]) -> str:
    """The rule `output: dep1 dep2 ...` (one line, ending with a newline)."""
    return " ".join([escape(output) + ":", *(escape(dep) for dep in dependencies)]) + "\n"


def default_depfile(output: str) -> str:
    """Where `-MD` writes the rule of `output`: beside it, named `<output>.d`."""
    return output + DEPFILE_SUFFIX
