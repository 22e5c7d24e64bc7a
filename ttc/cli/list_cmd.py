"""`ttc list passes | pipelines | targets`: what the registry, pipelines.yaml and targets offer.

`passes` prints each pass flag with its one-line summary and its options (type and default);
`pipelines` prints each named pipeline of pipelines.yaml with its passes, templates filled in from
the file's defaults; `targets` prints the target strings `--target` accepts.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import click

from ttc.cli.common import run_command


def known_targets() -> list[tuple[str, str]]:
    """(target string, description) for every target ttc can compile for (ttc.targets.base)."""
    from ttc.targets.base import known_targets as registered_targets

    return registered_targets()


def _format_default(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(_format_default(v) for v in value)
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@click.group("list")
def list_group() -> None:
    """List passes, pipelines and targets."""


@list_group.command("passes")
def list_passes() -> None:
    """Every pass flag `ttc opt` accepts, with its options."""

    def body() -> int:
        from ttc.pipelines.grammar import option_default, option_fields, type_name
        from ttc.pipelines.registry import all_passes

        lines = []
        for name, cls in all_passes().items():
            lines.append(f"{name}" + (f"  -  {cls.summary}" if cls.summary else ""))
            for field_name, (f, tp) in option_fields(cls).items():
                default = option_default(f)
                shown = "required" if default is dataclasses.MISSING else (
                    f"default {_format_default(default)}")
                help_text = f.metadata.get("help", "")
                line = f"    {field_name.replace('_', '-')}: {type_name(tp)} ({shown})"
                lines.append(line + (f"  {help_text}" if help_text else ""))
        click.echo("\n".join(lines) if lines else "(no passes registered)")
        return 0

    run_command(body)


@list_group.command("pipelines")
@click.option("--pipelines-file", type=click.Path(dir_okay=False), default=None,
              help="Read pipelines from FILE instead of pipelines.yaml.")
def list_pipelines(pipelines_file: str | None) -> None:
    """Named pipelines and their passes (with the file's default options)."""

    def body() -> int:
        from ttc.pipelines.grammar import pass_to_string
        from ttc.pipelines.yaml_pipelines import load_pipelines

        file = load_pipelines(pipelines_file)
        variables = file.variables({})
        lines = []
        for name, pipeline in file.pipelines.items():
            lines.append(name + (f"  -  {pipeline.summary}" if pipeline.summary else ""))
            for instance in file.resolve(name, variables):
                lines.append(f"    {pass_to_string(instance)}")
        click.echo("\n".join(lines) if lines else "(no pipelines defined)")
        return 0

    run_command(body)


@list_group.command("targets")
def list_targets() -> None:
    """Target strings for --target."""

    def body() -> int:
        for target, description in known_targets():
            click.echo(f"{target:10} {description}")
        return 0

    run_command(body)
