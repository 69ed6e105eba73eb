"""DuckDB storage and statistics: the schema, the bulk loader, stats as SQL views, the CLI commands.

:mod:`.worker` parses and replays a file into rows (:mod:`.rows`, with the per-seat facts of
:mod:`.facts`), :mod:`.importer` feeds the single writer of :mod:`.load`, and :mod:`.commands`
reads the views of ``stats.sql`` back.
"""
