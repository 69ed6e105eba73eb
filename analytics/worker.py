"""One chunk of a file in, Arrow tables out: the unit of work of a worker process in ``studbook import``.

A chunk is at most a few thousand hand blocks of one file (analytics/reading.py); its hands are
parsed and replayed one at a time and their rows travel back as Arrow tables (cheap to pickle), with
their per-seat facts worked out here (:func:`add_facts`, analytics/facts.py) when the worker is one of
several, so the single writer only concatenates and inserts. Every block of the chunk is accounted for: a
hand, a block of a game studbook does not handle (skipped), or a rejected block with its raw text.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from functools import cache

import duckdb
import pyarrow as pa

from studbook.analytics import facts
from studbook.analytics.isolate import STEP_ERRORS
from studbook.analytics.isolate import hand_range
from studbook.analytics.isolate import in_halves
from studbook.analytics.isolate import kept_raw
from studbook.analytics.isolate import rejects
from studbook.analytics.isolate import without_hands
from studbook.analytics.reading import Chunk
from studbook.analytics.rows import HAND_INDEX
from studbook.analytics.rows import Columns
from studbook.analytics.rows import HandRows
from studbook.analytics.rows import hand_rows
from studbook.grammar import ParseError
from studbook.grammar import ParseResult
from studbook.grammar import Skipped
from studbook.grammar import parse_block
from studbook.grammar.records import FileStamp
from studbook.hand import Hand
from studbook.replay import replay
from studbook.rules.house import Rules
from studbook.rules.house import rules_text


@dataclass(slots=True)
class ChunkResult:
    """What one chunk gave: counts of its blocks and the rows to load."""

    path: str
    last: bool = True  # the last chunk of its file
    found: int = 0
    hands: int = 0
    skipped: int = 0
    rejected: int = 0
    rejected_chars: int = 0  # of the rejected blocks' raw text, which the loader stores
    tables: dict[str, pa.Table] = field(default_factory=dict)
    stamp: FileStamp | None = None  # the file's, on its last chunk when it was read to its end
    chars: int = 0  # of the chunk's text, for the progress of an import
    with_facts: bool = False  # its hands and seats tables hold the per-seat facts (:func:`add_facts`)


@cache
def _rules(rule_args: tuple[str, ...]) -> Rules | None:
    return Rules.parse(rule_args) if rule_args else None


def _hand_or_reject(hand: Hand, raw: str, rules: Rules | None, text: str | None) -> HandRows | ParseError:
    """Rows of a replayed hand, stored with ``text``, its rules as :func:`rules_text` writes them; a hand
    the replay or the derivation cannot handle becomes a reject, because one bad hand never fails its
    file (docs/design.md, the pipeline's first rule)."""
    stage = "cannot replay"
    try:
        replayed = replay(hand, rules)
        stage = "cannot derive its rows"
        return hand_rows(replayed, text)
    except Exception as error:
        return ParseError(hand.source.file, hand.source.first_line, 1, hand.hand_id, hand.site,
                          f"{stage}: {type(error).__name__}: {error}", raw)


def parsed_blocks(chunk: Chunk, strict: bool = False) -> Iterator[tuple[ParseResult, str]]:
    """Each block of the chunk parsed, with its raw text."""
    for block in chunk.blocks:
        if isinstance(block, ParseError):
            yield block, block.raw
        else:
            yield parse_block(block, strict), block.text


def chunk_result(path: str, blocks: Iterable[tuple[ParseResult, str]], rules: Rules | None = None,
                 last: bool = True) -> ChunkResult:
    """Replay the hands among ``blocks`` and gather the rows of every table, counting each block once;
    each hand's row records ``rules`` so later replays from the database use them too."""
    result = ChunkResult(path, last)
    columns = Columns()
    text = rules_text(rules)
    logs: list[str] = []  # each stored hand's raw text, in the order of its rows (hand_logs)
    for parsed, raw in blocks:
        result.found += 1
        if isinstance(parsed, Skipped):
            result.skipped += 1
            continue
        outcome = _hand_or_reject(parsed, raw, rules, text) if isinstance(parsed, Hand) else parsed
        if isinstance(outcome, ParseError):
            outcome = replace(outcome, raw=kept_raw(outcome.raw))
            result.rejected += 1
            result.rejected_chars += len(outcome.raw)
            columns.add_rejected(outcome)
        else:
            columns.add_hand(outcome)
            logs.append(raw)
            result.hands += 1
    result.tables = {**columns.tables(), "hand_logs": _hand_logs(logs)}
    return result


def _hand_logs(texts: list[str]) -> pa.Table:
    return pa.table({"text": pa.array(texts, pa.string()),
                     HAND_INDEX: pa.array(range(len(texts)), pa.int32())})


def add_facts(result: ChunkResult, con: duckdb.DuckDBPyConnection) -> None:
    """Work out the per-seat facts of the chunk's hands (analytics/facts.py) on ``con``, a facts connection,
    into its tables; a hand the facts SQL fails on becomes a rejected block (analytics/isolate.py)."""
    tables = result.tables
    try:
        result.tables = facts.with_facts(con, tables)
    except STEP_ERRORS as error:
        def part(start: int, stop: int) -> dict[str, pa.Table]:
            return facts.with_facts(con, hand_range(tables, start, stop))

        done, failed = in_halves(0, result.hands, part, error)
        done = done or [part(0, 0)]
        kept = without_hands({name: pa.concat_tables([piece[name] for piece in done]) for name in done[0]},
                             result.hands, failed)
        failed_blocks = rejects(tables, failed, "cannot work out its facts")
        result.tables = {**kept, "rejected": pa.concat_tables([tables["rejected"], failed_blocks])}
        result.hands -= len(failed)
        result.rejected += len(failed)
        result.rejected_chars += sum(len(raw) for raw in failed_blocks.column("raw").to_pylist())
    result.with_facts = True


def process_chunk(chunk: Chunk, rule_args: tuple[str, ...] = (), with_facts: bool = False,
                  strict: bool = False) -> ChunkResult:
    """Parse and replay every block of ``chunk`` (what a worker process runs), and work out the facts of
    its hands too ``with_facts`` (with ``--jobs N``, the writer only inserts); ``strict``: a line the
    site's format does not know rejects its hand."""
    result = chunk_result(chunk.file, parsed_blocks(chunk, strict), _rules(rule_args), chunk.last)
    result.stamp, result.chars = chunk.stamp, chunk.chars
    if with_facts:
        add_facts(result, facts.shared_connection())
    return result
