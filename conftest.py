"""A compiled module has no Python source for doctest to read: its doctests run in the pure-Python pass
of ``make test`` (STUDBOOK_PURE=1), not in the compiled one."""

from studbook import BUILD

collect_ignore = [str(source) for source in BUILD.sources]
