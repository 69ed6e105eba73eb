"""The Rejects and imports page: each block an import could not read and why (``studbook rejects``), and
each file imports read whole (``imported_files``), both paged in SQL."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import duckdb

from studbook.reports.html import Html
from studbook.reports.html import h
from studbook.reports.serve.layout import PAGE_SIZE
from studbook.reports.serve.layout import page
from studbook.reports.serve.layout import pager
from studbook.reports.serve.params import Params

MAX_PAGE = 1_000_000
RAW_SHOWN = 2000  # characters of a rejected block shown on the page


@dataclass(frozen=True, slots=True)
class ImportsQuery:
    rejects_page: int
    files_page: int

    @classmethod
    def read(cls, params: Params) -> ImportsQuery:
        query = cls(params.integer("page", 1, MAX_PAGE) or 1, params.integer("files_page", 1, MAX_PAGE) or 1)
        params.done()
        return query


def _rows(con: duckdb.DuckDBPyConnection, sql: str, offset: int) -> tuple[list[dict[str, Any]], int]:
    rows = con.execute(sql, {"offset": offset}).fetchall()
    names = [column[0] for column in con.description or ()]
    found = [dict(zip(names, row, strict=True)) for row in rows]
    return found, found[0]["total_rows"] if found else 0


def _rejects(con: duckdb.DuckDBPyConnection, query: ImportsQuery) -> list[Html]:
    rows, total = _rows(con, f"""
        SELECT file, line, col, site, hand_id, error, substr(raw, 1, {RAW_SHOWN}) AS raw,
               length(raw) AS raw_length, count(*) OVER () AS total_rows
        FROM rejected ORDER BY file, line LIMIT {PAGE_SIZE} OFFSET $offset""",
        (query.rejects_page - 1) * PAGE_SIZE)
    keep = {"files_page": query.files_page if query.files_page > 1 else None}
    parts: list[Html] = [h("h2", "Rejected blocks"),
                         h("p",
                           "Blocks of the logs that could not be read as a hand; the rest of each file was "
                                "imported.", class_="note"),
                         pager("/imports", keep, query.rejects_page, total, "rejected blocks")]
    if not rows:
        return [*parts, h("p", "No block was rejected.", class_="agrees")]
    body = [h("tr", h("td", h("div", row["file"], class_="file"), class_="path"),
              h("td", row["line"], class_="num"), h("td", row["col"], class_="num"),
              h("td", row["site"] or ""),
              h("td", row["hand_id"] or ""),
              h("td", h("div", row["error"]), h("details", h("summary", f"the block ({row['raw_length']:,} "
                                                                       "characters)"),
                                                h("pre", row["raw"], class_="raw"))))
            for row in rows]
    head = h("tr", *(h("th", name) for name in ("file", "line", "col", "site", "hand", "why")))
    return [*parts, h("table", h("thead", head), h("tbody", *body), class_="rejects")]


def _files(con: duckdb.DuckDBPyConnection, query: ImportsQuery) -> list[Html]:
    rows, total = _rows(con, f"""
        SELECT file, bytes, blocks, rejected, imported_utc, count(*) OVER () AS total_rows
        FROM imported_files ORDER BY imported_utc DESC, file LIMIT {PAGE_SIZE} OFFSET $offset""",
        (query.files_page - 1) * PAGE_SIZE)
    keep = {"page": query.rejects_page if query.rejects_page > 1 else None}
    pages = pager("/imports", keep, query.files_page, total, "files", param="files_page")
    body = [h("tr", h("td", h("div", row["file"], class_="file"), class_="path"),
              h("td", f"{row['bytes']:,}", class_="num"), h("td", f"{row['blocks']:,}", class_="num"),
              h("td", f"{row['rejected']:,}", class_="num"),
              h("td", f"{row['imported_utc']:%Y-%m-%d %H:%M:%S}"))
            for row in rows]
    head = h("tr", *(h("th", name) for name in ("file", "bytes", "hand blocks", "rejected", "read (UTC)")))
    return [h("h2", "Files read"),
            h("p", "Each file an import read to its end; a file read again with the same "
                                          "content is not read a third time.", class_="note"),
            pages, h("table", h("thead", head), h("tbody", *body), class_="files")]


def imports_page(con: duckdb.DuckDBPyConnection, query: ImportsQuery, source: str) -> str:
    body = [h("h1", "Rejects and imports"), *_rejects(con, query), *_files(con, query)]
    return page("Rejects and imports", body, source, active="/imports")
