"""``studbook serve``: the database as a local web app (docs/serve.md).

Server-rendered pages on Starlette: every page is built by the report code (reports/) from the analytics
views (analytics/stats.sql), on a read-only connection opened per request, so an import can run beside it.
"""
