"""Hostile XML is refused: an entity bomb and an external entity each end in one error naming the file and
line, quickly and in bounded memory, nothing expanded or fetched, and the command reads its other files."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

from helpers.paths import HISTORIES
from typer.testing import CliRunner

from studbook.cli import app
from studbook.grammar import ParseError
from studbook.grammar import parse_file
from studbook.hand import Hand

runner = CliRunner()

LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE session [\n <!ENTITY lol "lol">\n'
          + "".join(f' <!ENTITY lol{i} "{("&lol" + ("" if i == 1 else str(i - 1)) + ";") * 10}">\n'
                    for i in range(1, 10))
          + ']>\n<session>\n<game gamecode="1">&lol9;</game>\n</session>\n')
EXTERNAL = ('<?xml version="1.0"?>\n<!DOCTYPE session [<!ENTITY x SYSTEM "file:///etc/hostname">]>\n'
            '<session>\n<game gamecode="1"><general>&x;</general></game>\n</session>\n')
ATTRIBUTE_BOMB = LAUGHS.replace('<session>\n<game gamecode="1">&lol9;</game>',
                                '<session a="&lol9;">\n<game/>')


def refused(path: Path) -> tuple[ParseError, float, int]:
    """The one result of a hostile file, the seconds and the peak bytes it took."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        results = list(parse_file(path))
        took = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(results) == 1 and isinstance(results[0], ParseError), results
    return results[0], took, peak


def test_a_billion_laughs_is_refused_at_its_doctype(tmp_path: Path) -> None:
    path = tmp_path / "laughs.txt"  # named .txt: the reader knows XML by its content
    path.write_text(LAUGHS)
    error, took, peak = refused(path)
    assert "DOCTYPE is refused" in error.message and error.file == str(path)
    assert error.line >= 1 and "\n" not in str(error)
    assert "lollol" not in error.message
    assert took < 5 and peak < 5_000_000  # 10**9 "lol"s would be 3 GB


def test_an_entity_bomb_in_the_roots_own_tag_is_stopped_by_the_parser(tmp_path: Path) -> None:
    path = tmp_path / "attribute.xml"
    path.write_text(ATTRIBUTE_BOMB)
    error, took, peak = refused(path)
    assert "DOCTYPE is refused" in error.message or "amplification" in error.message
    assert took < 5 and peak < 5_000_000


def test_an_external_entity_is_never_fetched(tmp_path: Path) -> None:
    path = tmp_path / "external.xml"
    path.write_text(EXTERNAL)
    error, took, _ = refused(path)
    hostname = Path("/etc/hostname").read_text().strip() if Path("/etc/hostname").exists() else "\0"
    assert "DOCTYPE is refused" in error.message and (error.line, error.column) == (3, 1)
    assert hostname not in str(error) and took < 5


def test_the_other_files_of_the_command_are_still_read(tmp_path: Path) -> None:
    (tmp_path / "laughs.xml").write_text(LAUGHS)
    (tmp_path / "external.txt").write_text(EXTERNAL)
    sample = HISTORIES / "stud8-2024-11-21.txt"
    result = runner.invoke(app, ["parse", str(tmp_path / "laughs.xml"), str(tmp_path / "external.txt"),
                                 str(sample)])
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if "DOCTYPE is refused" in line]
    assert len(errors) == 2 and all(line.strip().startswith(str(tmp_path)) for line in errors)
    assert sum(isinstance(item, Hand) for item in parse_file(sample)) == 36
    assert "36" in result.output


def test_broken_xml_is_one_error_at_its_line_after_the_games_before_it(tmp_path: Path) -> None:
    path = tmp_path / "cut.xml"
    path.write_text('<description type="7-Stud" stakes="Limit $0.50/$1"/>\n<game id="1-1">\n<players>\n'
                    '</game>\n')
    [error] = list(parse_file(path))
    assert isinstance(error, ParseError) and error.line == 4 and "not well-formed XML" in error.message


def test_xml_of_no_supported_site_is_reported_not_dropped(tmp_path: Path) -> None:
    path = tmp_path / "other.xml"
    path.write_text('<?xml version="1.0"?>\n<hands>\n<hand number="1"/>\n</hands>\n')
    [error] = list(parse_file(path))
    assert isinstance(error, ParseError) and "without a <game> element" in error.message
