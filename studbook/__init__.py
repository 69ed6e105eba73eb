"""studbook: read stud poker hand histories, audit every action, store and report on them."""

from studbook import native

__version__ = "0.1.0"
BUILD = native.install()  # before any other module is imported: the compiled hot path, when it is fresh
