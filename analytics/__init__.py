"""DuckDB storage and statistics: the schema, the bulk loader, stats as SQL views, the CLI commands.

Hands are derived into rows by :mod:`.rows` (facts from :mod:`.facts`), loaded in batches by
:mod:`.load`, and read back through the views of ``stats.sql``.
"""
