"""The Rules page: the rulebook (studbook/rulebook.toml) by section, each rule at an anchor ``rule-ID`` that
the audit's rulings link to."""

from __future__ import annotations

from studbook import rulebook
from studbook.reports.html import h
from studbook.reports.serve.layout import page
from studbook.reports.serve.params import Params


def rules_page(params: Params, source: str) -> str:
    params.done()
    body = [h("h1", "The rulebook"),
            h("p", "The rules every action is judged by; a ruling cites them by id.", class_="note")]
    for section in rulebook.sections():
        games = f" ({', '.join(section.games)})" if section.games else ""
        body += [h("h2", section.title + games, id=f"section-{section.key}"),
                 h("p", section.intro, class_="note")]
        body += [h("div", h("h3", h("span", rule.id, class_="rule-id"), " ", rule.title), h("p", rule.text),
                       h("p", rule.source, class_="muted"), id=f"rule-{rule.id}", class_="rule")
                 for rule in section.rules]
    return page("Rules", body, source, active="/rules")
