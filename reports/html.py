"""Safe HTML building for the report pages.

Everything a log contains (player names, table names, chat) was written by strangers, so text
only becomes markup through :func:`h`, which escapes every child and attribute value with
:func:`html.escape`; data for scripts goes through :func:`script_json`. Both show control and bidi
formatting characters as ``\\uXXXX`` escapes (studbook/display.py), so an RTL override cannot make
one name look like another. Only :class:`Html` values, built here or by Plotly, are inserted as they are.
"""

from __future__ import annotations

import html
import json
from collections.abc import Collection
from importlib.resources import files
from typing import Any

from studbook.display import visible
from studbook.outputs import HTML_MARK


class Html(str):
    """Markup that is already safe to insert."""

    __slots__ = ()


def render(child: Any) -> Html:
    """A child as markup: Html as is, lists joined, None empty, anything else escaped text."""
    if isinstance(child, Html):
        return child
    if child is None:
        return Html("")
    if isinstance(child, list | tuple):
        return Html("".join(render(item) for item in child))
    return Html(html.escape(visible(str(child))))


def h(tag: str, *children: Any, **attrs: Any) -> Html:
    """``<tag attrs>children</tag>``; ``class_`` stands for ``class``, ``data_x`` for ``data-x``;
    attributes that are ``None`` or ``False`` are left out, ``True`` ones are written bare."""
    parts = [tag]
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{html.escape(visible(str(value)), quote=True)}"')
    return Html(f"<{' '.join(parts)}>{render(list(children))}</{tag}>")


def _visible_strings(data: Any) -> Any:
    """``data`` with :func:`visible` applied to every string in it (keys included)."""
    if isinstance(data, str):
        return visible(data)
    if isinstance(data, dict):
        return {_visible_strings(key): _visible_strings(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_visible_strings(item) for item in data]
    return data


def script_json(data: Any) -> Html:
    """JSON to embed in a ``<script>`` element: ``<``, ``>`` and ``&`` are escaped as ``\\u003c`` ...
    so no string from a log can close the element (``</script>``) or open a comment."""
    text = json.dumps(_visible_strings(data), ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                          ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return Html(text)


def json_script(element_id: str, data: Any) -> Html:
    """Data for page scripts, read back with ``JSON.parse(element.textContent)``."""
    return Html(f'<script type="application/json" id="{html.escape(element_id, quote=True)}">'
                f"{script_json(data)}</script>")


def asset(name: str) -> str:
    """The text of a static file shipped in this package (``replayer.js``, ``report.css`` ...)."""
    return (files("studbook.reports") / name).read_text(encoding="utf-8")


def document(title: str, body: Html, *, styles: tuple[str, ...] = ("report.css",),
             scripts: tuple[str, ...] = ()) -> str:
    """A whole page: the packaged styles and scripts are inlined so the file opens offline."""
    css = "".join(f"<style>{asset(name)}</style>" for name in styles)
    js = "".join(f"<script>{asset(name)}</script>" for name in scripts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{HTML_MARK}'
            f"<title>{html.escape(visible(title))}</title>{css}</head><body>{body}{js}</body></html>\n")


def table(headers: list[str], rows: list[list[Any]], *, numeric: Collection[int] = (),
          class_: str | None = None) -> Html:
    """A table of escaped cells; the ``numeric`` columns (by index) are right-aligned."""
    def cells(tag: str, values: list[Any]) -> Html:
        return h("tr", *(h(tag, value, class_="num" if i in numeric else None)
                         for i, value in enumerate(values)))

    return h("table", h("thead", cells("th", headers)), h("tbody", *(cells("td", row) for row in rows)),
             class_=class_)
