"""Writers: render a Hand back to text formats."""

from studbook.writers.studbook_text import write_studbook

__all__ = ["write_studbook"]
