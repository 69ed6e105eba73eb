"""studbook: read stud poker hand histories, audit every action, store and report on them."""

__version__ = "0.1.0"
