"""Helpers shared by the test modules: plain functions and data, imported as ``helpers.<module>``.

``tests/`` is on ``sys.path`` because ``tests/conftest.py`` lives there (pytest's default "prepend"
import mode); fixtures shared by one directory's tests are in that directory's ``conftest.py``.
"""
