"""What every page of the app shares: the navigation, filter forms, sortable headers and the pager.

Pages are built with :func:`~studbook.reports.html.h`, which escapes every value; links are built with
:func:`link`, which URL-encodes them. Styles and scripts are files the app serves (``/static/``), so no
page has a script of its own inline and the browser is told to run none (Content-Security-Policy).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from studbook.display import visible
from studbook.reports.html import Html
from studbook.reports.html import h

PAGES = (("/", "Players"), ("/sessions", "Sessions"), ("/hands", "Hands"),
         ("/imports", "Rejects and imports"),
         ("/live", "Live table"), ("/rules", "Rules"))
STYLES = ("report.css", "replayer.css", "serve.css")
PAGE_SIZE = 50


def link(path: str, params: Mapping[str, Any] | None = None) -> str:
    """``path?name=value...`` with the values that are given (not None, not empty), URL-encoded."""
    shown = {name: str(value) for name, value in (params or {}).items() if value is not None and value != ""}
    return f"{path}?{urlencode(shown)}" if shown else path


def page(title: str, body: Sequence[Html] | Html, source: str, active: str | None = None,
         scripts: Sequence[str] = ()) -> str:
    """A whole page: the navigation, ``body``, the styles and ``scripts`` the app serves."""
    nav = nav_bar(source, active)
    styles = "".join(f'<link rel="stylesheet" href="/static/{name}">' for name in STYLES)
    js = "".join(f'<script src="/static/{name}"></script>' for name in scripts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(visible(title))} · studbook</title>{styles}</head>"
            f"<body>{nav}<main>{h('div', body)}</main>{js}</body></html>\n")


def nav_bar(source: str, active: str | None) -> Html:
    """The navigation alone, for a page the report code builds whole (the player report)."""
    return h("nav", h("span", "studbook", class_="brand"),
             *(h("a", label, href=path, class_="active" if path == active else None)
               for path, label in PAGES),
             h("span", source, class_="source", title="the database shown"), class_="top")


def select(name: str, label: str, options: Sequence[tuple[str, str]], value: str | None) -> Html:
    """A labelled drop-down; the first option is "any" (empty)."""
    choices = [h("option", "any", value="")]
    choices += [h("option", shown, value=key, selected=key == value) for key, shown in options]
    return h("label", label, h("select", *choices, name=name))


def field(name: str, label: str, value: Any, kind: str = "text", **attrs: Any) -> Html:
    return h("label", label, h("input", type=kind, name=name, value="" if value is None else str(value),
                               **attrs))


def filter_form(action: str, fields: Sequence[Html], keep: Mapping[str, Any] | None = None) -> Html:
    """A GET form of filters; ``keep`` are hidden values it carries along (the sort order)."""
    hidden = [h("input", type="hidden", name=name, value=str(value))
              for name, value in (keep or {}).items() if value is not None and value != ""]
    return h("form", *fields, *hidden, h("button", "Filter", type="submit"), h("a", "clear", href=action),
             method="get", action=action, class_="filters")


def sort_header(label: str, column: str, current: str, descending: bool, path: str,
                params: Mapping[str, Any], numeric: bool = False, title: str | None = None) -> Html:
    """A column header that sorts by ``column``; again on the sorted column turns the order round."""
    down = not descending if column == current else numeric  # numbers: largest first
    arrow = (" ▼" if descending else " ▲") if column == current else ""
    target = link(path, {**params, "sort": column, "order": "desc" if down else "asc", "page": None})
    return h("th", h("a", label + arrow, href=target, title=title), class_="num" if numeric else None,
             aria_sort=("descending" if descending else "ascending") if column == current else None)


def pager(path: str, params: Mapping[str, Any], page_number: int, total: int, what: str,
          param: str = "page") -> Html:
    """``rows 51-100 of 1,234`` with links to the first, previous, next and last pages (the number in
    ``param``)."""
    pages = max(1, -(-total // PAGE_SIZE))
    first_row = (page_number - 1) * PAGE_SIZE + 1
    shown = f"{what} {first_row:,}-{min(total, page_number * PAGE_SIZE):,} of {total:,}" if total else \
        f"no {what}"

    def step(label: str, number: int, rel: str) -> Html:
        if number < 1 or number > pages or number == page_number:
            return h("span", label, class_="off")
        return h("a", label, href=link(path, {**params, param: number if number > 1 else None}), rel=rel,
                 class_=f"page-{rel}")

    return h("div", step("« first", 1, "first"), step("‹ previous", page_number - 1, "prev"),
             h("span", shown, class_="count"), step("next ›", page_number + 1, "next"),
             step("last »", pages, "last"), class_="pager")


def message(title: str, text: str, source: str, status_note: str | None = None) -> str:
    """A page that only says something: an error, a busy database."""
    body = [h("h1", title), h("p", text, class_="message")]
    if status_note:
        body.append(h("p", status_note, class_="note"))
    return page(title, body, source)
