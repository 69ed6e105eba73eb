"""One file in, Arrow tables out: the unit of work a worker process does during ``studbook import``.

A file is parsed and replayed whole and its rows travel as Arrow tables (cheap to pickle), so the
single writer only concatenates and inserts. Every block of the file is accounted for: a hand, a
block of a game studbook does not handle (skipped), or a rejected block with its raw text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pyarrow as pa

from studbook.analytics.db import arrow_schemas
from studbook.analytics.rows import HAND_TABLES, Row, hand_rows, rejected_row
from studbook.grammar import parse_block
from studbook.grammar.parse import ParseError, ParseResult, Skipped, read_blocks
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.variants import Rules

HAND_INDEX = "hand_idx"  # position of a hand in its file; the writer makes it unique per batch


@dataclass(slots=True)
class FileResult:
    """What one file gave: counts of its blocks and the rows to load."""

    path: str
    found: int = 0
    hands: int = 0
    skipped: int = 0
    rejected: int = 0
    tables: dict[str, pa.Table] = field(default_factory=dict)


@cache
def _rules(rule_args: tuple[str, ...]) -> Rules | None:
    return Rules.parse(rule_args) if rule_args else None


@cache
def _indexed_schemas() -> dict[str, pa.Schema]:
    schemas = arrow_schemas()
    indexed = {name: schemas[name].append(pa.field(HAND_INDEX, pa.int32())) for name in HAND_TABLES}
    return {**indexed, "rejected": schemas["rejected"]}


def _hand_or_reject(hand: Hand, raw: str, rules: Rules | None) -> dict[str, list[Row]] | ParseError:
    """Rows of a replayed hand; a hand the replay or the derivation cannot handle becomes a reject,
    because one bad hand never fails its file (design.md, pipeline step 1)."""
    stage = "cannot replay"
    try:
        replayed = replay(hand, rules)
        stage = "cannot derive its rows"
        return hand_rows(replayed)
    except Exception as error:
        return ParseError(hand.source.file, hand.source.first_line, 1, hand.hand_id, hand.site,
                          f"{stage}: {type(error).__name__}: {error}", raw)


def parsed_blocks(path: Path) -> Iterator[tuple[ParseResult, str]]:
    """Each block of the file parsed, with its raw text."""
    for block in read_blocks(path):
        if isinstance(block, ParseError):
            yield block, block.raw
        else:
            yield parse_block(block), block.text


def file_result(path: str, blocks: Iterable[tuple[ParseResult, str]],
                rules: Rules | None = None) -> FileResult:
    """Replay the hands among ``blocks`` and gather the rows of every table, counting each block once."""
    result = FileResult(path)
    rows: dict[str, list[Row]] = {name: [] for name in (*HAND_TABLES, "rejected")}
    for parsed, raw in blocks:
        result.found += 1
        if isinstance(parsed, Skipped):
            result.skipped += 1
            continue
        outcome = _hand_or_reject(parsed, raw, rules) if isinstance(parsed, Hand) else parsed
        if isinstance(outcome, ParseError):
            result.rejected += 1
            rows["rejected"].append(rejected_row(outcome))
            continue
        for name, table_rows in outcome.items():
            rows[name].extend({**row, HAND_INDEX: result.hands} for row in table_rows)
        result.hands += 1
    schemas = _indexed_schemas()
    result.tables = {name: pa.Table.from_pylist(rows[name], schema=schemas[name]) for name in schemas}
    return result


def process_file(path: str, rule_args: tuple[str, ...] = ()) -> FileResult:
    """Parse and replay every block of ``path`` (what a worker process runs)."""
    return file_result(path, parsed_blocks(Path(path)), _rules(rule_args))
