"""``studbook.analytics`` (this folder is that package). DuckDB storage and statistics: the schema, the
bulk loader, stats as SQL views.

:mod:`.worker` parses and replays a file into rows (:mod:`.rows`: what happened),
:mod:`.importer` feeds the single writer of :mod:`.load`, which works out the per-seat facts of
each batch in SQL (:mod:`.facts`, ``facts.sql``), and the commands of :mod:`studbook.cli.database`
read the views of ``stats.sql`` back.
"""
