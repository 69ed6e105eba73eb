"""``--help`` as a user reads it: ``PATH...`` and ``--jobs JOBS``, not typer's ``{paths}...``,
``<list[str]>`` and ``<int range>``; the command list shows each command's whole first sentence.

:class:`HelpTyper` makes every command it registers a :class:`PlainHelpCommand` (commands registered
by any module included), and its group a :class:`PlainHelpGroup`. The help column (text, default,
range) is typer's own; only the names column and the usage line are written here.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument
from typer.core import TyperCommand
from typer.core import TyperGroup
from typer.core import TyperOption

WHOLE_SENTENCE = 1_000  # characters: the command list never cuts a summary short


def argument_name(argument: TyperArgument) -> str:
    """``PATH...`` for a list of paths, ``[HAND]`` when optional."""
    name = argument.metavar or (argument.name or "").upper()
    name += "..." if argument.nargs != 1 else ""
    return name if argument.required else f"[{name}]"


def option_names(option: TyperOption) -> str:
    """``-j, --jobs JOBS``, ``--since DATE``; a flag alone (``--reread``); a switch's two forms."""
    names = ", ".join(option.opts)
    if option.secondary_opts:
        return f"{names} / {', '.join(option.secondary_opts)}"
    if option.is_flag or option.count:
        return names
    if option.metavar:
        return f"{names} {option.metavar}"
    return f"{names} {'DATE' if option.type_descriptor.is_datetime else (option.name or '').upper()}"


class PlainHelpCommand(TyperCommand):
    """A command whose usage line and parameter names are written plainly."""

    def collect_usage_pieces(self, ctx: typer.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        return pieces + [argument_name(p) for p in self.get_params(ctx) if isinstance(p, TyperArgument)]

    def format_options(self, ctx: typer.Context, formatter: Any) -> None:
        sections: dict[str, list[tuple[str, str]]] = {"Arguments": [], "Options": []}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if isinstance(param, TyperArgument):
                sections["Arguments"].append((argument_name(param), record[1]))
            elif isinstance(param, TyperOption):
                sections["Options"].append((option_names(param), record[1]))
        for title, rows in sections.items():
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


class PlainHelpGroup(TyperGroup):
    """The top-level command: its list of commands shows every summary whole, wrapped."""

    def format_commands(self, ctx: typer.Context, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(WHOLE_SENTENCE)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class HelpTyper(typer.Typer):
    """A typer app whose commands and group write their help plainly."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(cls=PlainHelpGroup, **settings)

    def command(self, *args: Any, cls: type[TyperCommand] | None = None, **kwargs: Any) -> Any:
        return super().command(*args, cls=cls or PlainHelpCommand, **kwargs)
