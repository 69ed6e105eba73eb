"""DuckDB schema, bulk loader and stats views."""
