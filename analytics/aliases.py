"""Aliases: one player across sites and name changes, as PokerTracker and Holdem Manager join them.

A player is (site, screen name): "Hero" of PokerStars and "Hero" of Full Tilt are two players until
``studbook alias add Me pokerstars:Hero fulltilt:Hero`` joins them. The ``aliases`` table (schema.sql)
holds each (site, player) in at most one alias; the stats views group an alias's hands under it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # polars and duckdb load where they are used: every command loads this module
    import duckdb
    import polars as pl


class AliasError(Exception):
    """An alias that cannot be made or found as asked; the message says why."""


def member(text: str) -> tuple[str, str]:
    """``SITE:PLAYER`` as (site, player); the player's name may hold colons of its own."""
    site, colon, player = text.partition(":")
    if not colon or not site or not player:
        raise AliasError(f"{text!r} is not SITE:PLAYER (e.g. pokerstars:Hero)")
    return site, player


def add(con: duckdb.DuckDBPyConnection, alias: str, members: list[str]) -> None:
    """Join the players ``members`` (SITE:PLAYER each) under ``alias``; each must have hands stored and
    belong to no other alias."""
    pairs = [member(text) for text in members]
    for site, player in pairs:
        if not con.execute("SELECT count(*) FROM seats WHERE site = ? AND player = ?", [site, player]
                           ).fetchall()[0][0]:
            raise AliasError(f"no hands of {site}:{player} in the database (players lists them)")
        taken = con.execute("SELECT alias FROM aliases WHERE site = ? AND player = ?",
                            [site, player]).fetchall()
        if taken and taken[0][0] != alias:
            raise AliasError(f"{site}:{player} is already in alias {taken[0][0]!r}: take it out of it first")
    con.executemany("INSERT OR REPLACE INTO aliases VALUES (?, ?, ?)", [(alias, s, p) for s, p in pairs])


def remove(con: duckdb.DuckDBPyConnection, alias: str, members: list[str]) -> int:
    """Take ``members`` out of ``alias``, or the whole alias when none is given; how many were taken out."""
    known = con.execute("SELECT site, player FROM aliases WHERE alias = ?", [alias]).fetchall()
    if not known:
        raise AliasError(f"no alias {alias!r}")
    pairs = [member(text) for text in members] or known
    missing = [f"{site}:{player}" for site, player in pairs if (site, player) not in known]
    if missing:
        raise AliasError(f"{', '.join(missing)} not in alias {alias!r}")
    con.executemany("DELETE FROM aliases WHERE alias = ? AND site = ? AND player = ?",
                    [(alias, site, player) for site, player in pairs])
    return len(pairs)


def listing(con: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    """Every alias with its players and their hands."""
    return con.sql("""
        SELECT a.alias, a.site, a.player, count(s.hand_id) AS hands
        FROM aliases AS a LEFT JOIN seats AS s ON s.site = a.site AND s.player = a.player AND s.dealt
        GROUP BY ALL ORDER BY a.alias, a.site, a.player""").pl()
