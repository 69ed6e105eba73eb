"""The rulebook: every rule id a verdict cites, in plain words, with its source and its settings.

The texts live in one place, ``rulebook.toml`` beside this module; the ``--rule`` settings (choices,
defaults per site and preset) are read from :mod:`studbook.rules.house` and each game's defaults from
:mod:`studbook.rules.variants`, so neither is written twice. ``studbook rules`` prints from here,
audit and the HTML pages quote from here, and ``docs/rules.md`` is :func:`markdown` (a test keeps the
file up to date).

>>> label("C27")
'C27 show order at showdown'
>>> find("max_raises").id, find("z13").title
('C17', 'all check: best cards win')
>>> find("C99")
Traceback (most recent call last):
...
studbook.rulebook.UnknownRule: no rule or setting 'C99' (did you mean C9?)
"""

from __future__ import annotations

import difflib
import re
import textwrap
import tomllib
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields
from functools import cache
from importlib.resources import files

import studbook.grammar  # noqa: F401  (registers every site: the book lists their defaults and conventions)
from studbook.rules.house import OPTION_RULES
from studbook.rules.house import PRESETS
from studbook.rules.house import Rules
from studbook.rules.house import option_text
from studbook.rules.house import rules_for
from studbook.rules.variants import VARIANTS
from studbook.rules.variants import Variant
from studbook.sites import SITE_CONVENTIONS
from studbook.sites import SITE_DEFAULTS

WIDTH = 100  # the width texts are wrapped to, in the terminal and in docs/rules.md


class UnknownRule(LookupError):
    """A name that is neither a rule id nor a ``--rule`` key."""


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str  # a few words, printed next to the id
    text: str  # plain words, one paragraph
    source: str
    section: str  # the key of its section


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    title: str
    games: tuple[str, ...]  # the games it applies to; empty: every game
    intro: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True)
class Setting:
    """One ``--rule`` option as a hand is judged by it, and where its value comes from."""

    key: str
    value: str
    rule: str
    origin: str  # "default", "game stud5", "site pokerstars", "preset stud8-card" or "--rule"


def _paragraph(text: str) -> str:
    return " ".join(text.split())


@cache
def _data() -> dict:
    return tomllib.loads((files("studbook") / "rulebook.toml").read_text(encoding="utf-8"))


@cache
def sections() -> tuple[Section, ...]:
    """The rulebook's sections in order, read once from the packaged ``rulebook.toml``."""
    data = _data()
    return tuple(
        Section(
            section["key"],
            section["title"],
            tuple(section["games"]),
            _paragraph(section["intro"]),
            tuple(
                Rule(rule["id"], rule["title"], _paragraph(rule["text"]), rule["source"], section["key"])
                for rule in section["rule"]
            ),
        )
        for section in data["section"]
    )


@cache
def by_id() -> dict[str, Rule]:
    return {rule.id: rule for section in sections() for rule in section.rules}


def option_rules() -> dict[str, str]:
    """Every ``--rule`` key and the rule id it sets, in the order of :class:`Rules`."""
    return dict(OPTION_RULES)


def meanings() -> dict[str, str]:
    """Every ``--rule`` key and what it decides, in a few words."""
    return {key: doc for key, _, _, doc in Rules().describe()}


def preset_titles() -> dict[str, str]:
    """What each preset of :data:`~studbook.rules.house.PRESETS` stands for."""
    return _data()["presets"]


def find(name: str) -> Rule:
    """The rule of an id (any case) or of a ``--rule`` key (``-`` or ``_``)."""
    rules, keys = by_id(), option_rules()
    key = name.strip().replace("-", "_").lower()
    if key in keys:
        return rules[keys[key]]
    upper = name.strip().upper()
    if upper in rules:
        return rules[upper]
    close = difflib.get_close_matches(upper, rules, n=1) or difflib.get_close_matches(key, keys, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise UnknownRule(f"no rule or setting {name!r}{hint}")


def label(rule_id: str) -> str:
    """``C27 show order at showdown``: the id and its title, or the id alone if the book lacks it."""
    rule = by_id().get(rule_id)
    return f"{rule_id} {rule.title}" if rule else rule_id


def notes(rule_ids: Iterable[str | None]) -> dict[str, dict[str, str]]:
    """Title and text of each cited rule, by id: what an HTML page embeds for its tooltips."""
    rules = by_id()
    return {
        rule_id: {"title": rules[rule_id].title, "text": rules[rule_id].text}
        for rule_id in dict.fromkeys(rule_ids)
        if rule_id in rules
    }


def wrap(text: str, indent: str = "") -> str:
    return textwrap.fill(
        text, WIDTH, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False,
        break_long_words=False,
    )


# -- settings -------------------------------------------------------------------------------------

_SPECS = {spec.name: spec for spec in fields(Rules) if spec.name != "explicit"}


def choices(key: str) -> str:
    """The values a setting takes, in words.

    >>> choices("board_tie_break"), choices("max_raises"), choices("deck_ranks")
    ('position, suit', 'a number, 0 or more', '52 .. 28 cards (or 2-A .. 8-A)')
    """
    spec = _SPECS[key]
    listed, (low, high) = spec.metadata["choices"], spec.metadata["range"]
    if listed:
        return ", ".join(listed)
    if isinstance(spec.default, bool):
        return "true, false"
    if key == "deck_ranks":
        return "52 .. 28 cards (or 2-A .. 8-A)"
    span = f"{low} .. {high}" if high is not None else f"{low} or more"
    return ("none, or " if spec.default is None else "") + f"a number, {span}"


def defaults(key: str) -> list[tuple[str, str]]:
    """(where, value) pairs: the default, then each game, site and preset that sets ``key``."""
    found = [("default", option_text(key, _SPECS[key].default))]
    found += [(f"game {name}", option_text(key, dict(variant.defaults)[key]))
              for name, variant in VARIANTS.items() if key in dict(variant.defaults)]
    found += [(f"site {site}", option_text(key, values[key]))
              for site, values in sorted(SITE_DEFAULTS.items()) if key in values]
    found += [(f"preset {name}", option_text(key, values[key])) for name, values in PRESETS.items()
              if key in values]
    return found


def settings(variant: Variant, site: str | None, preset: str | None, options: Sequence[str]) -> list[Setting]:
    """Every setting a hand of ``variant`` on ``site`` is judged by under ``preset`` and ``--rule``
    ``options`` (which raise :class:`~studbook.rules.house.RuleError` when wrong).

    >>> [(s.value, s.origin) for s in settings(VARIANTS["stud8"], None, "stud8-card", ["max_raises=4"])
    ...  if s.key in ("max_raises", "board_tie_break", "headsup_uncapped")]
    [('4', '--rule'), ('never', 'preset stud8-card'), ('suit', 'preset stud8-card')]
    """
    given = Rules.parse(options)
    user = Rules.parse([*([f"preset={preset}"] if preset else []), *options])
    rules = rules_for(variant, site, (), user)
    game, at_site = dict(variant.defaults), SITE_DEFAULTS.get(site or "", {})
    found = []
    for key, rule in option_rules().items():
        if key in given.explicit:
            origin = "--rule"
        elif key in user.explicit:
            origin = f"preset {preset}"
        elif key in at_site:
            convention = SITE_CONVENTIONS.get(site or "", {}).get(key)
            origin = f"site {site}" + (f" ({convention})" if convention else "")
        elif key in game:
            origin = f"game {variant.name}"
        else:
            origin = "default"
        found.append(Setting(key, option_text(key, getattr(rules, key)), rule, origin))
    return found


def applies(section: Section, game: str) -> bool:
    return not section.games or game in section.games


SITES_SECTION = "sites"  # the section of the sites' conventions, which apply by site, not by game


def site_conventions(site: str | None) -> tuple[Rule, ...]:
    """The conventions of ``site`` (none without one), in the rulebook's order.

    >>> [rule.id for rule in site_conventions("pokerstars")], site_conventions(None)
    (['PS1'], ())
    """
    ids = set(SITE_CONVENTIONS.get(site or "", {}).values())
    return tuple(rule for section in sections() for rule in section.rules if rule.id in ids)


# -- docs/rules.md --------------------------------------------------------------------------------

_HEAD = """# The studbook rulebook

<!-- Generated by `studbook rules --markdown` from studbook/rulebook.toml and the settings in
studbook/rules/house.py and studbook/rules/variants.py: edit those, then regenerate this file. -->

Every verdict of `studbook audit`, of the HTML replayer and of the reports cites a rule by its id
(`[C27 show order at showdown]`). This book gives each rule the engine applies in plain words, with
the source it follows: Robert's Rules of Poker, the WSOP Live Action and Tournament rules (by rule
number), pokerkit, a site's own behaviour, or one of the two house-rule documents (the Spanish
descubierto rules and the Stud8 house card). `studbook rules ID` prints one rule, `studbook rules
--game G` the rule set a hand of that game is judged by.

Where houses differ, a rule has a setting: `--rule KEY=VALUE` on `audit`, `import`, `showdown`,
`report` and `replay`, or `rule KEY=VALUE` in a hand's header. Settings are layered: the default
below < the game's < the site's < what the log states < `--rule`; `--rule preset=NAME` applies a
named set. The tables at the end list every setting and preset."""


def _slug(title: str) -> str:
    """The anchor a Markdown renderer gives a heading."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def _setting_line(key: str) -> str:
    where = "; ".join(f"{place} `{value}`" for place, value in defaults(key))
    return f"Setting `--rule {key}`: {meanings()[key]}. Values: {choices(key)}. {where.capitalize()}."


def markdown() -> str:
    """The whole rulebook as Markdown: what ``docs/rules.md`` holds."""
    keys_of: dict[str, list[str]] = {}
    for key, rule in option_rules().items():
        keys_of.setdefault(rule, []).append(key)
    out = [_HEAD, "", "## Contents", ""]
    for section in sections():
        ids = [rule.id for rule in section.rules]
        out.append(f"- [{section.title}](#{_slug(section.title)}) ({ids[0]} .. {ids[-1]})")
    out += ["- [Settings](#settings)", "- [Presets](#presets)"]
    for section in sections():
        out += ["", f"## {section.title}", "", wrap(section.intro)]
        for rule in section.rules:
            out += ["", f"### {rule.id}: {rule.title}", "", wrap(rule.text)]
            out += ["", wrap(f"Source: {rule.source}.")]
            for key in keys_of.get(rule.id, []):
                out += ["", wrap(_setting_line(key))]
    out += ["", "## Settings", "", "| setting | rule | decides | values | default | set otherwise by |",
            "|---|---|---|---|---|---|"]
    for key, rule in option_rules().items():
        (_, default), *others = defaults(key)
        otherwise = ", ".join(f"{place} `{value}`" for place, value in others)
        out.append(f"| `{key}` | {rule} | {meanings()[key]} | {choices(key)} | `{default}` | {otherwise} |")
    out += ["", "## Presets", "", "| preset | rules of | settings |", "|---|---|---|"]
    for name, values in PRESETS.items():
        listed = ", ".join(f"`{key}={option_text(key, value)}`" for key, value in values.items())
        out.append(f"| `{name}` | {preset_titles()[name]} | {listed} |")
    return "\n".join(out) + "\n"

