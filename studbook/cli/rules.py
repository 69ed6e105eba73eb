"""``studbook rules``: the rulebook at the command line, so a player or host can read the rule a
verdict cites and see the rule set a hand is judged by."""

from __future__ import annotations

from typing import Annotated

import typer

from studbook.cli.lazy import lazy_module
from studbook.cli.options import RulebookGame
from studbook.cli.options import RuleOptions
from studbook.rules.house import PRESETS
from studbook.rules.house import RuleError
from studbook.rules.variants import VARIANTS

rulebook = lazy_module("studbook.rulebook")  # it loads every site's grammar: only when a command reads it


def _game(game: str | None) -> None:
    if game is not None and game not in VARIANTS:
        raise typer.BadParameter(
            f"unknown game {game!r}; choose from {', '.join(VARIANTS)}", param_hint="--game"
        )


def _site(site: str | None) -> None:
    from studbook.grammar import SITES

    if site is not None and site not in SITES:
        raise typer.BadParameter(
            f"unknown site {site!r}; choose from {', '.join(SITES)}", param_hint="--site"
        )


def _preset(preset: str | None) -> None:
    if preset is not None and preset not in PRESETS:
        raise typer.BadParameter(
            f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}", param_hint="--preset"
        )


def _settings(game: str, site: str | None, preset: str | None, options: list[str]) -> list[rulebook.Setting]:
    try:
        return rulebook.settings(VARIANTS[game], site, preset, options)
    except RuleError as error:
        raise typer.BadParameter(str(error), param_hint="--rule") from None


def _context(site: str | None, preset: str | None, options: list[str]) -> list[str]:
    parts = [f"site {site}"] if site else []
    parts += [f"preset {preset}"] if preset else []
    return parts + [f"--rule {option}" for option in options]


def _print_rules(rules: tuple[rulebook.Rule, ...]) -> None:
    """One line a rule: id, title and the ``--rule`` keys that set it."""
    keys: dict[str, list[str]] = {}
    for key, rule_id in rulebook.option_rules().items():
        keys.setdefault(rule_id, []).append(key)
    for rule in rules:
        setting = f"  (--rule {', '.join(keys[rule.id])})" if rule.id in keys else ""
        typer.echo(f"  {rule.id:<6} {rule.title}{setting}")


def _print_list() -> None:
    for section in rulebook.sections():
        typer.echo(section.title)
        _print_rules(section.rules)
    typer.echo("studbook rules ID (or a --rule key) prints a rule; --game G the rule set of a game; "
               "docs/rules.md holds the whole book.")


def _print_rule(rule: rulebook.Rule, game: str | None, site: str | None, preset: str | None,
                options: list[str]) -> None:
    section = next(s for s in rulebook.sections() if s.key == rule.section)
    typer.echo(f"{rule.id}: {rule.title}  ({section.title})")
    typer.echo("")
    typer.echo(rulebook.wrap(rule.text, "  "))
    typer.echo(rulebook.wrap(f"Source: {rule.source}.", "  "))
    keys = [key for key, rule_id in rulebook.option_rules().items() if rule_id == rule.id]
    games = [game] if game else list(VARIANTS)
    now = {name: {s.key: s for s in _settings(name, site, preset, options)} for name in games}
    for key in keys:
        typer.echo("")
        typer.echo(f"  --rule {key}: {rulebook.meanings()[key]}")
        typer.echo(f"    values: {rulebook.choices(key)}")
        typer.echo(rulebook.wrap("; ".join(f"{where} {value}" for where, value in rulebook.defaults(key)),
                                 "    "))
        current = ", ".join(f"{name} {now[name][key].value} ({now[name][key].origin})" for name in games)
        context = _context(site, preset, options)
        under = f"now (with {', '.join(context)})" if context else "now (the defaults)"
        typer.echo(rulebook.wrap(f"{under}: {current}", "    "))


def _print_game(game: str, site: str | None, preset: str | None, options: list[str]) -> None:
    typer.echo(", ".join([f"{VARIANTS[game].label} ({game})", *_context(site, preset, options)]))
    typer.echo("Settings:")
    rules = rulebook.by_id()
    applying = [s.key for s in rulebook.sections() if rulebook.applies(s, game)]
    for setting in _settings(game, site, preset, options):
        if rules[setting.rule].section not in applying:
            continue
        typer.echo(f"  {setting.key:<34} {setting.value:<24} {rulebook.label(setting.rule):<46} "
                   f"{setting.origin}".rstrip())
    for section in rulebook.sections():
        if section.key == rulebook.SITES_SECTION:
            conventions = rulebook.site_conventions(site)
            if conventions:
                typer.echo(f"{site}'s conventions (information where its logs follow them):")
                _print_rules(conventions)
        elif rulebook.applies(section, game):
            typer.echo(f"{section.title}:")
            _print_rules(section.rules)


Name = Annotated[str | None, typer.Argument(help="A rule id (C27, Z13) or a --rule key (max_raises).")]
Site = Annotated[str | None, typer.Option("--site", help="The site whose defaults apply (pokerstars ...).")]
Preset = Annotated[str | None, typer.Option("--preset", help=f"One of {', '.join(PRESETS)}.")]
Markdown = Annotated[bool, typer.Option("--markdown", help="Print the whole rulebook as Markdown.")]


def rules_command(
    name: Name = None,
    game: RulebookGame = None,
    site: Site = None,
    preset: Preset = None,
    rule: RuleOptions = None,
    markdown: Markdown = False,
) -> None:
    """The rulebook: list the rules, print one (by id or --rule key), or the rule set of a game.

    With --game (and --site, --preset, --rule), prints every setting a hand of that game is judged
    by, with where its value comes from, and the rules that apply to it.
    """
    options = rule or []
    _game(game)
    _site(site)
    _preset(preset)
    if markdown:
        typer.echo(rulebook.markdown(), nl=False)
    elif name is not None:
        try:
            found = rulebook.find(name)
        except rulebook.UnknownRule as error:
            raise typer.BadParameter(str(error), param_hint="NAME") from None
        _print_rule(found, game, site, preset, options)
    elif game or site or preset or options:
        _print_game(game or "stud", site, preset, options)
    else:
        _print_list()
