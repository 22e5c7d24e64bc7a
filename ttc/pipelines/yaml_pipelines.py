"""Named pass pipelines from `pipelines.yaml`: Triton's compilation stages and their compositions.

The file has two top-level keys:

    defaults:            # values of the template variables when the command line gives none
      target: cuda:80
      num_warps: 4
    pipelines:
      ttir:
        summary: Triton's make_ttir
        passes:
          - inline
          - canonicalize
          - "convert-triton-to-tritongpu{target={target} num-warps={num_warps}}"
          - tritongpu-pipeline: {num-stages: "{num_stages}"}
          - llvm.func(canonicalize-llvm-ir)
      gpu:
        summary: every stage
        passes: [ttir, ttgir]

A pass entry is a string in the `--pass-pipeline` grammar (one pass, or several, with options in
braces and nesting anchors), a one-key mapping from a pass name to its options, the name of
another pipeline, whose passes are inserted there, or a condition on the template variables, for
the passes Triton's back end runs on some architectures only:

      - if: cc < 90              # VARIABLE OP INTEGER, joined by `and`; OP one of == != < <= > >=
        then: [tritongpu-prefetch]
        else: [...]              # optional `{target}`, `{num_warps}`, `{num_stages}`,
`{num_ctas}`, `{cc}` (the number in the target, `90` for `cuda:90`), `{ptx_version}` and `{mma}`
(how Hopper chooses between wgmma and mma.sync: `ttc.transforms.mma_choice`) are replaced
by their values before the entry is parsed; other braces are left to the grammar.

Every problem (malformed YAML, wrong structure, unknown pass or pipeline, bad option, a pipeline
that includes itself) is a `TtcError` located at the offending place in the YAML file.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ttc.ir.errors import SourceLocation, TtcError
from ttc.ir.target import parse_target_string
from ttc.pipelines.grammar import (
    PassSpec,
    PipelineError,
    build_pass,
    close_matches,
    parse_pipeline,
)
from ttc.pipelines.location import pipelines_file_path
from ttc.pipelines.pass_base import TtcPass
from ttc.pipelines.registry import PASSES

VARIABLES: tuple[str, ...] = (
    "target", "num_warps", "num_stages", "num_ctas", "cc", "ptx_version", "mma")
"""The template variables; `cc` is derived from `target` and cannot be set on its own."""

_TEMPLATE = re.compile(r"\{(" + "|".join(VARIABLES) + r")\}")

_Located = tuple[PassSpec, Node, int]
"""A pass spec with the YAML node it came from and the column offset of its name there."""

_COMPARISON = re.compile(r"\s*([a-z_]+)\s*(==|!=|<=|>=|<|>)\s*(-?[0-9]+)\s*")

_COMPARE = {"==": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__,
            ">": int.__gt__, ">=": int.__ge__}


@dataclass(frozen=True)
class Condition:
    """`if:` of a conditional entry: comparisons of template variables with integers, all true."""

    comparisons: tuple[tuple[str, str, int], ...]
    node: Node


@dataclass(frozen=True)
class Entry:
    """One item of a pipeline's `passes` list, with its YAML node for error locations."""

    node: Node
    text: str | None = None
    options: tuple[tuple[str, str, Node], ...] | None = None
    condition: Condition | None = None
    then: tuple[Entry, ...] = ()
    otherwise: tuple[Entry, ...] = ()


@dataclass
class Pipeline:
    """A named pipeline as written: its summary and its entries."""

    name: str
    summary: str
    entries: list[Entry]
    node: Node


@dataclass
class PipelineFile:
    """The pipelines and default template values of one YAML file."""

    path: str
    text: str
    defaults: dict[str, str] = field(default_factory=dict)
    pipelines: dict[str, Pipeline] = field(default_factory=dict)

    def error(self, message: str, node: Node | None, column_offset: int = 0) -> TtcError:
        """A TtcError at `node`'s start in this file (plus `column_offset` columns)."""
        if node is None:
            return TtcError(message, SourceLocation(self.path, 1, 1), self._line(1))
        line = node.start_mark.line + 1
        column = node.start_mark.column + 1 + column_offset
        return TtcError(message, SourceLocation(self.path, line, column), self._line(line))

    def _line(self, line: int) -> str | None:
        lines = self.text.splitlines()
        return lines[line - 1] if 1 <= line <= len(lines) else None

    def variables(self, overrides: Mapping[str, str | int | None]) -> dict[str, str]:
        """Template values: the file's defaults, then the non-None `overrides`, then `cc`."""
        values = dict(self.defaults)
        for key, value in overrides.items():
            if key not in VARIABLES or key == "cc":
                raise ValueError(f"'{key}' is not a pipeline variable")
            if value is not None:
                values[key] = str(value)
        target = parse_target_string(values.get("target", ""))
        if target is not None and target.number is not None:
            values["cc"] = target.arch
        return values

    def specs(self, name: str, variables: dict[str, str]) -> list[PassSpec]:
        """The pass specs of pipeline `name`, compositions expanded, templates filled in."""
        return [spec for spec, _, _ in self._located_specs(name, variables)]

    def resolve(self, name: str, variables: dict[str, str]) -> list[TtcPass]:
        """The pass instances of pipeline `name`, in order."""
        passes = []
        for spec, node, offset in self._located_specs(name, variables):
            try:
                passes.append(build_pass(spec))
            except PipelineError as error:
                raise self.error(error.message, node, offset) from None
        return passes

    def _located_specs(self, name: str, variables: dict[str, str]) -> list[_Located]:
        if name not in self.pipelines:
            raise TtcError(_unknown_pipeline(name, self.pipelines), exit_code=2)
        return self._expand(name, variables, [name])

    def _expand(self, name: str, variables: dict[str, str], stack: list[str]) -> list[_Located]:
        return self._expand_entries(self.pipelines[name].entries, variables, stack)

    def _expand_entries(self, entries: Sequence[Entry], variables: dict[str, str],
                        stack: list[str]) -> list[_Located]:
        specs: list[_Located] = []
        for entry in entries:
            if entry.condition is not None:
                chosen = entry.then if self._holds(entry.condition, variables) else entry.otherwise
                specs.extend(self._expand_entries(chosen, variables, stack))
            elif entry.text is not None and entry.text in self.pipelines:
                if entry.text in stack:
                    cycle = " -> ".join([*stack[stack.index(entry.text):], entry.text])
                    raise self.error(f"pipeline '{entry.text}' includes itself: {cycle}",
                                     entry.node)
                specs.extend(self._expand(entry.text, variables, [*stack, entry.text]))
            else:
                specs.extend(self._entry_specs(entry, variables))
        return specs

    def _holds(self, condition: Condition, variables: dict[str, str]) -> bool:
        for name, operator, number in condition.comparisons:
            value = variables.get(name)
            if value is None:
                raise self.error(f"condition variable '{name}' has no value", condition.node)
            try:
                number_value = int(value)
            except ValueError:
                raise self.error(f"condition variable '{name}' is '{value}', not an integer",
                                 condition.node) from None
            if not _COMPARE[operator](number_value, number):
                return False
        return True

    def _fill(self, text: str, node: Node, variables: dict[str, str]) -> str:
        def substitute(match: re.Match[str]) -> str:
            key = match.group(1)
            if key not in variables:
                hint = ("; it comes from a target with a number, like cuda:90" if key == "cc"
                        else f"; set it under 'defaults' or with --{key.replace('_', '-')}")
                raise self.error(f"template variable '{{{key}}}' has no value{hint}", node)
            return variables[key]

        return _TEMPLATE.sub(substitute, text)

    def _entry_specs(self, entry: Entry, variables: dict[str, str]) -> list[_Located]:
        node = entry.node
        quote = 1 if isinstance(node, ScalarNode) and node.style in ("'", '"') else 0
        if entry.text is not None:
            text = self._fill(entry.text, node, variables)
            try:
                specs = parse_pipeline(text)
            except PipelineError as error:
                offset = quote + (error.offset or 0) if text == entry.text else 0
                raise self.error(error.message, node, offset) from None
            if not specs:
                raise self.error("empty pass entry", node)
            return [(spec, node, quote + (spec.offset or 0) if text == entry.text else 0)
                    for spec in specs]
        assert isinstance(node, MappingNode) and entry.options is not None
        key_node = node.value[0][0]
        options = tuple((key, self._fill(value, value_node, variables))
                        for key, value, value_node in entry.options)
        return [(PassSpec(str(key_node.value), options), key_node, 0)]


def _unknown_pipeline(name: str, pipelines: dict[str, Pipeline]) -> str:
    message = f"unknown pipeline '{name}'"
    matches = close_matches(name, pipelines)
    if matches:
        return message + "; did you mean " + " or ".join(f"'{m}'" for m in matches) + "?"
    return message + " (known: " + ", ".join(pipelines) + ")"


def load_pipelines(path: str | Path | None = None) -> PipelineFile:
    """Read and check the structure of a pipelines file (the default one when `path` is None)."""
    file_path = pipelines_file_path(path)
    display = str(path) if path is not None else str(file_path)
    try:
        text = file_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TtcError(f"pipelines file '{display}' does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise TtcError(f"cannot read pipelines file '{display}': {error}") from None
    return _parse_pipelines_once(text, display)


@lru_cache(maxsize=16)
def _parse_pipelines_once(text: str, path: str) -> PipelineFile:
    """`parse_pipelines`, memoised on the text: a process that compiles many kernels (a test
    suite under the Triton integration) reads the file each time, so an edit is seen, but parses
    it once. The result is shared, so nothing changes a PipelineFile after parsing."""
    return parse_pipelines(text, path)


def parse_pipelines(text: str, path: str) -> PipelineFile:
    """Build a PipelineFile from YAML text; `path` names it in diagnostics."""
    result = PipelineFile(path, text)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        message = f"malformed YAML: {error.problem or error.context}"
        if mark is None:
            raise TtcError(message, SourceLocation(path, 1, 1)) from None
        line = mark.line + 1
        raise TtcError(message, SourceLocation(path, line, mark.column + 1),
                       result._line(line)) from None
    except yaml.YAMLError as error:
        raise TtcError(f"malformed YAML: {error}", SourceLocation(path, 1, 1)) from None
    if root is None:
        raise result.error("the pipelines file is empty; expected 'pipelines:'", None)
    top = _mapping(result, root, "the top level")
    for key, (key_node, value) in top.items():
        if key == "defaults":
            for var, (var_node, value_node) in _mapping(result, value, "'defaults'").items():
                if var not in VARIABLES or var == "cc":
                    settable = ", ".join(v for v in VARIABLES if v != "cc")
                    raise result.error(f"unknown variable '{var}' in 'defaults' "
                                       f"(variables: {settable})", var_node)
                result.defaults[var] = _scalar(result, value_node, f"'defaults.{var}'")
        elif key == "pipelines":
            for name, (name_node, body) in _mapping(result, value, "'pipelines'").items():
                result.pipelines[name] = _pipeline(result, name, name_node, body)
        else:
            raise result.error(f"unknown key '{key}'; expected 'defaults' or 'pipelines'",
                               key_node)
    if "pipelines" not in top:
        raise result.error("missing key 'pipelines'", root)
    return result


def _mapping(file: PipelineFile, node: Node, what: str) -> dict[str, tuple[Node, Node]]:
    if not isinstance(node, MappingNode):
        raise file.error(f"{what} must be a mapping", node)
    items: dict[str, tuple[Node, Node]] = {}
    for key_node, value_node in node.value:
        key = _scalar(file, key_node, f"a key in {what}")
        if key in items:
            raise file.error(f"duplicate key '{key}' in {what}", key_node)
        items[key] = (key_node, value_node)
    return items


def _scalar(file: PipelineFile, node: Node, what: str) -> str:
    if not isinstance(node, ScalarNode):
        raise file.error(f"{what} must be a single value", node)
    return str(node.value)


def _pipeline(file: PipelineFile, name: str, name_node: Node, body: Node) -> Pipeline:
    if name in PASSES:
        raise file.error(f"pipeline '{name}' has the name of a pass", name_node)
    fields = _mapping(file, body, f"pipeline '{name}'")
    for key, (key_node, _) in fields.items():
        if key not in ("summary", "passes"):
            raise file.error(f"unknown key '{key}' in pipeline '{name}'; "
                             "expected 'summary' and 'passes'", key_node)
    if "passes" not in fields:
        raise file.error(f"pipeline '{name}' has no 'passes' list", body)
    summary = _scalar(file, fields["summary"][1], "'summary'") if "summary" in fields else ""
    passes_node = fields["passes"][1]
    if not isinstance(passes_node, SequenceNode):
        raise file.error(f"'passes' of pipeline '{name}' must be a list", passes_node)
    return Pipeline(name, summary, [_entry(file, item) for item in passes_node.value], body)


def _entry(file: PipelineFile, node: Node) -> Entry:
    if isinstance(node, ScalarNode):
        return Entry(node, text=str(node.value))
    if isinstance(node, MappingNode) and any(
            isinstance(key, ScalarNode) and key.value == "if" for key, _ in node.value):
        return _conditional_entry(file, node)
    if isinstance(node, MappingNode) and len(node.value) == 1:
        key_node, options_node = node.value[0]
        _scalar(file, key_node, "a pass name")
        if isinstance(options_node, ScalarNode) and options_node.value in ("", "~", "null"):
            return Entry(node, options=())
        options = _mapping(file, options_node, f"the options of '{key_node.value}'")
        return Entry(node, options=tuple(
            (key, _scalar(file, value_node, f"option '{key}'"), value_node)
            for key, (_, value_node) in options.items()
        ))
    raise file.error("a pass entry must be a pass (with options in braces), a one-key mapping "
                     "from a pass to its options, a pipeline name, or an if/then condition", node)


def _conditional_entry(file: PipelineFile, node: MappingNode) -> Entry:
    fields = _mapping(file, node, "a conditional entry")
    for key, (key_node, _) in fields.items():
        if key not in ("if", "then", "else"):
            raise file.error(f"unknown key '{key}' in a conditional entry; expected 'if', 'then' "
                             "and 'else'", key_node)
    if "then" not in fields:
        raise file.error("a conditional entry needs a 'then' list", node)
    condition_node = fields["if"][1]
    text = _scalar(file, condition_node, "'if'")
    comparisons = []
    for part in text.split(" and "):
        match = _COMPARISON.fullmatch(part)
        if match is None:
            raise file.error(f"malformed condition '{part.strip()}'; expected VARIABLE OP INTEGER "
                             "with OP one of == != < <= > >=", condition_node)
        name, operator, number = match.groups()
        if name not in VARIABLES or name == "target":
            numeric = ", ".join(v for v in VARIABLES if v != "target")
            raise file.error(f"unknown condition variable '{name}' (variables: {numeric})",
                             condition_node)
        comparisons.append((name, operator, int(number)))
    branches = []
    for key in ("then", "else"):
        branch_node = fields[key][1] if key in fields else None
        if branch_node is None:
            branches.append(())
            continue
        if not isinstance(branch_node, SequenceNode):
            raise file.error(f"'{key}' of a conditional entry must be a list", branch_node)
        branches.append(tuple(_entry(file, item) for item in branch_node.value))
    return Entry(node, condition=Condition(tuple(comparisons), condition_node),
                 then=branches[0], otherwise=branches[1])
