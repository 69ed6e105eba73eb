"""What the rest of studbook knows of each site, by its name: its display name, whether its logs hide the
boards, its house-rule defaults, its currency when it has only one.

Each site's dialect declares these (grammar/sites/), and registering the dialect installs them here
(grammar/dialect.py): the core may not import the grammars, and importing any part of
``studbook.grammar`` registers every site.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SiteFacts:
    """One site's facts, as its dialect declares them."""

    name: str
    display_name: str  # as the site calls itself (a PHH file's ``venue``)
    hides_boards: bool  # its logs do not write every player's up cards as they are dealt
    house_defaults: dict[str, Any]  # house-rule options the site's logs show (studbook.rules.house)
    currency: str | None  # the one currency of its cash games; None: it writes several, or says
    conventions: dict[str, str]  # a house default that is the site's convention -> its rulebook rule


FACTS: dict[str, SiteFacts] = {}
# By site name, for the hot path: the sites whose logs hide boards, and each site's house-rule defaults.
SITES_HIDING_BOARDS: set[str] = set()
SITE_DEFAULTS: dict[str, dict[str, Any]] = {}
# The rulebook's rule of each site convention a default states: an audit of that site's logs cites it, as
# information, where the log follows the convention and not the rules.
SITE_CONVENTIONS: dict[str, dict[str, str]] = {}


def install(facts: SiteFacts) -> None:
    """Record a site's facts (once per name: a dialect registers once)."""
    FACTS[facts.name] = facts
    if facts.hides_boards:
        SITES_HIDING_BOARDS.add(facts.name)
    if facts.house_defaults:
        SITE_DEFAULTS[facts.name] = facts.house_defaults
    if facts.conventions:
        SITE_CONVENTIONS[facts.name] = facts.conventions


def display_name(site: str) -> str:
    """The name the site calls itself by; a site studbook has no facts of, by its own name."""
    facts = FACTS.get(site)
    return facts.display_name if facts is not None else site
