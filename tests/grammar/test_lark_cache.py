"""Lark's cache of the built parsers beside the grammars (grammar/larkcache.py).

Each test works on copies of grammar files in tmp_path, so the package's own ``__pycache__`` is never
touched. ``sys.dont_write_bytecode`` is cleared for the tests that want a cache (a developer's
environment may set PYTHONDONTWRITEBYTECODE). A parser Lark loaded from its cache file says so in its
``source_path`` (``"<deserialized>"``); one it built names its grammar file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.paths import HISTORIES
from helpers.paths import ROOT
from helpers.paths import corpus_dir
from lark import Lark
from lark.exceptions import UnexpectedInput

from studbook.grammar import larkcache
from studbook.grammar.dialect import dialects
from studbook.grammar.larkcache import SUFFIX
from studbook.grammar.larkcache import cache_file
from studbook.grammar.larkcache import open_grammar
from studbook.grammar.lines import LineDialect
from studbook.grammar.linescan import ignored_terminals
from studbook.grammar.parse import ParseResult
from studbook.grammar.parse import parse_block
from studbook.grammar.reader import read_blocks
from studbook.grammar.records import Block

LOADED = "<deserialized>"
OPTIONS = {"parser": "lalr", "propagate_positions": False, "maybe_placeholders": False}
LINE_DIALECTS = [dialect for dialect in dialects() if isinstance(dialect, LineDialect)]


@pytest.fixture
def caching(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


@pytest.fixture
def greeting(tmp_path: Path) -> Path:
    """A two-file grammar: ``greeting.lark`` imports its word from ``words.lark``."""
    (tmp_path / "words.lark").write_text('WORD: "hello"\n')
    (tmp_path / "greeting.lark").write_text('%import .words (WORD)\nstart: WORD "!"\n')
    return tmp_path / "greeting.lark"


def cache_of(grammar: Path) -> Path:
    return grammar.parent / "__pycache__" / f"{grammar.stem}.{sys.implementation.cache_tag}{SUFFIX}"


@pytest.fixture
def silent(capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Nothing printed, logged or warned while the test runs."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    assert caught == []
    assert caplog.records == []
    assert capfd.readouterr() == ("", "")


def test_the_cache_file_appears_after_a_first_build_and_serves_the_next(caching: None,
                                                                        greeting: Path) -> None:
    assert not cache_of(greeting).exists()
    built = open_grammar(greeting, **OPTIONS)
    assert built.source_path == str(greeting) and cache_of(greeting).stat().st_size > 0
    loaded = open_grammar(greeting, **OPTIONS)
    assert loaded.source_path == LOADED
    assert loaded.parse("hello!") == built.parse("hello!")


def test_each_interpreter_has_its_own_file_in_pycache(caching: None, greeting: Path) -> None:
    assert cache_file(greeting) == cache_of(greeting)
    assert cache_of(greeting).name == f"greeting.{sys.implementation.cache_tag}.lark-cache"


@pytest.mark.parametrize("edited", ["greeting.lark", "words.lark"])
def test_an_edited_grammar_or_imported_grammar_is_built_again(caching: None, greeting: Path,
                                                              edited: str) -> None:
    open_grammar(greeting, **OPTIONS)
    path = greeting.parent / edited
    path.write_text(path.read_text().replace('"hello"', '"howdy"').replace('"!"', '"?"'))
    rebuilt = open_grammar(greeting, **OPTIONS)
    assert rebuilt.source_path == str(greeting)
    text = "howdy!" if edited == "words.lark" else "hello?"
    assert rebuilt.parse(text).children[0] == text[:-1]
    with pytest.raises(UnexpectedInput):
        rebuilt.parse("hello!")
    assert open_grammar(greeting, **OPTIONS).source_path == LOADED  # and the new build is kept


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_a_damaged_cache_file_is_ignored_and_replaced(caching: None, greeting: Path, silent: None,
                                                      damage: str) -> None:
    open_grammar(greeting, **OPTIONS)
    whole = cache_of(greeting).read_bytes()
    damaged = {"garbage": b"\x80\x04not a pickle" * 50, "truncated": whole[: len(whole) // 2], "empty": b""}
    cache_of(greeting).write_bytes(damaged[damage])
    rebuilt = open_grammar(greeting, **OPTIONS)
    assert rebuilt.source_path == str(greeting) and rebuilt.parse("hello!").children == ["hello"]
    assert cache_of(greeting).read_bytes() != damaged[damage]
    assert open_grammar(greeting, **OPTIONS).source_path == LOADED


def test_a_pycache_that_cannot_be_made_means_no_cache(caching: None, greeting: Path, silent: None) -> None:
    (greeting.parent / "__pycache__").write_text("a file where the folder would go")
    assert cache_file(greeting) is None
    for _ in range(2):
        parser = open_grammar(greeting, **OPTIONS)
        assert parser.source_path == str(greeting) and parser.parse("hello!").children == ["hello"]


def test_a_lock_that_cannot_be_had_means_no_cache(caching: None, greeting: Path, silent: None) -> None:
    cache = cache_of(greeting)
    cache.with_name(cache.name + ".lock").mkdir(parents=True)  # cannot be opened as a file
    for _ in range(2):
        parser = open_grammar(greeting, **OPTIONS)
        assert parser.source_path == str(greeting) and parser.parse("hello!").children == ["hello"]
    assert not cache.exists()


def test_a_lock_file_another_user_made_still_serves_the_cache(caching: None, greeting: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the lock file cannot be written (root made it in a system-wide install: the tests run as
    root, so a refused write stands in for the file's mode), it is locked read-only and the cache read."""
    open_grammar(greeting, **OPTIONS)
    real_open = open

    def refusing(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if str(file).endswith(".lock") and mode != "rb":
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(larkcache, "open", refusing, raising=False)
    assert open_grammar(greeting, **OPTIONS).source_path == LOADED


def test_a_cache_file_that_can_be_neither_read_nor_written_costs_only_the_build(
        caching: None, greeting: Path, silent: None) -> None:
    """As in a read-only install (the tests run as root, whom file modes do not stop): Lark's read and
    its write of the cache file both fail, and it builds the parser, quietly."""
    cache_of(greeting).mkdir(parents=True)
    for _ in range(2):
        parser = open_grammar(greeting, **OPTIONS)
        assert parser.source_path == str(greeting) and parser.parse("hello!").children == ["hello"]
    assert cache_of(greeting).is_dir()


def test_nothing_is_cached_without_bytecode(monkeypatch: pytest.MonkeyPatch, greeting: Path) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert cache_file(greeting) is None
    assert open_grammar(greeting, **OPTIONS).source_path == str(greeting)
    assert not (greeting.parent / "__pycache__").exists()


def test_a_failing_cache_prints_nothing(tmp_path: Path, greeting: Path) -> None:
    """In a process of its own, as a user runs it: Lark logs what fails to its own logger, which it
    keeps at CRITICAL, so neither a traceback nor a warning reaches the terminal."""
    cache_of(greeting).mkdir(parents=True)
    script = ("import sys; from pathlib import Path; from studbook.grammar.larkcache import open_grammar;"
              "sys.dont_write_bytecode = False;"  # for the grammar only: no .pyc written in the project
              "print(open_grammar(Path(sys.argv[1]), parser='lalr').parse('hello!').children)")
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "STUDBOOK_PURE": "1"}
    done = subprocess.run([sys.executable, "-W", "always", "-c", script, str(greeting)], capture_output=True,
                          text=True, env=environment, check=True)
    assert (done.stdout, done.stderr) == ("[Token('WORD', 'hello')]\n", "")


@pytest.fixture
def grammar_copy(tmp_path: Path) -> Path:
    """The package's grammar files, copied."""
    for grammar in (ROOT / "grammar" / "sites").glob("*.lark"):
        shutil.copy(grammar, tmp_path)
    return tmp_path


def test_processes_building_at_once_leave_one_whole_file(caching: None, grammar_copy: Path) -> None:
    """Three processes start on the studbook grammar together (as ``import --jobs`` workers do after an
    install): each load or build holds the file's lock, so the file they leave loads whole."""
    grammar = grammar_copy / "studbook.lark"
    script = ("import sys; from pathlib import Path; from studbook.grammar.larkcache import open_grammar;"
              "sys.dont_write_bytecode = False;"
              "print(open_grammar(Path(sys.argv[1]), parser='lalr', start=['start']).source_path)")
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "STUDBOOK_PURE": "1"}
    workers = [subprocess.Popen([sys.executable, "-c", script, str(grammar)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=environment) for _ in range(3)]
    said = [worker.communicate() for worker in workers]
    assert all(err == "" for _, err in said) and any(out.strip() == LOADED for out, _ in said)
    loaded = open_grammar(grammar, parser="lalr", start=["start"])
    assert loaded.source_path == LOADED and ignored_terminals(loaded)


def sample_blocks(corpus: Path | None) -> list[Block]:
    """Hands of histories/ and up to 12 hands of each corpus log, of the text dialects."""
    paths = sorted(HISTORIES.glob("*.txt")) + (sorted(corpus.rglob("*.txt")) if corpus else [])
    found = []
    for path in paths:
        blocks = [block for block in read_blocks(path.read_bytes(), path.name)
                  if isinstance(block, Block) and isinstance(block.dialect, LineDialect)]
        found += blocks[:12]
    return found


def parse_with(dialect: LineDialect, block: Block) -> ParseResult:
    return parse_block(Block(block.file, block.first_line, block.lines, dialect))


def test_parsing_is_the_same_with_the_cache_and_without(caching: None, grammar_copy: Path) -> None:
    """Every text dialect's parser, built (and its cache file written) and then loaded from that file,
    reads the same hands the same way, by Lark alone and by the fast path built from the loaded parser."""
    blocks = sample_blocks(corpus_dir())
    assert {block.dialect.name for block in blocks} >= {"pokerstars", "studbook"}
    built = {d.name: type(d)(fast_path=None, grammar_dir=grammar_copy) for d in LINE_DIALECTS}
    loaded = {d.name: type(d)(fast_path=None, grammar_dir=grammar_copy) for d in LINE_DIALECTS}
    fast = {d.name: type(d)(grammar_dir=grammar_copy) for d in LINE_DIALECTS}
    for name in built:
        assert built[name].parser.source_path != LOADED, name
        assert loaded[name].parser.source_path == fast[name].parser.source_path == LOADED, name
        assert ignored_terminals(loaded[name].parser) == ignored_terminals(built[name].parser)
        assert fast[name].scanner is not None
    for block in blocks:
        assert block.dialect is not None
        name, where = block.dialect.name, f"{block.file}:{block.first_line}"
        by_lark = parse_with(built[name], block)
        assert parse_with(loaded[name], block) == by_lark, where
        assert parse_with(fast[name], block) == by_lark, where


def test_a_parser_from_the_cache_keeps_what_the_fast_path_reads(caching: None, greeting: Path) -> None:
    """Lark sets ``ignore_tokens`` only on a parser it built: the fast path reads the ignored terminals
    from the lexer's configuration, which a loaded parser has too."""
    greeting.write_text('%import .words (WORD)\nstart: WORD "!"\nSPACE: " "\n%ignore SPACE\n')
    built = open_grammar(greeting, **OPTIONS)
    loaded = open_grammar(greeting, **OPTIONS)
    assert loaded.source_path == LOADED and isinstance(loaded, Lark)
    assert ignored_terminals(loaded) == ignored_terminals(built) == {"SPACE"}
