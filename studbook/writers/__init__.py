"""Writers: render a Hand back to text formats, and convert hand-history files from one format to another.

``WRITERS`` maps a format name to its function (Hand -> text ending in a newline); ``SEPARATORS`` is
what goes between two hands of one file in that format.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import TextIO

from studbook.hand import Hand
from studbook.outputs import OutputError
from studbook.writers.json_lines import write_json
from studbook.writers.phh import Unsupported
from studbook.writers.phh import write_phh
from studbook.writers.phh import write_phh_table
from studbook.writers.pokerstars_export import Check
from studbook.writers.pokerstars_export import check as pokerstars_check
from studbook.writers.pokerstars_text import WriterError
from studbook.writers.pokerstars_text import show_description
from studbook.writers.pokerstars_text import write_pokerstars
from studbook.writers.studbook_text import write_studbook

WRITERS: dict[str, Callable[[Hand], str]] = {
    "pokerstars": write_pokerstars,
    "json": write_json,
    "studbook": write_studbook,
    "phh": write_phh,  # one hand, a .phh file
}
SEPARATORS = {"pokerstars": "\n\n\n", "json": "", "studbook": "\n", "phh": "\n"}
# Formats whose files number their hands: the export writes hand n with these (a .phhs table [n]).
NUMBERED: dict[str, Callable[[Hand, int], str]] = {"phh": write_phh_table}
# Formats that cannot say all a hand holds: the export checks each hand first (why not, what is unsaid).
CHECKS: dict[str, Callable[[Hand], Check]] = {"pokerstars": pokerstars_check}


@dataclass(slots=True)
class Converted:
    """What :func:`convert_files` did: hands written, and the blocks or hands it could not write."""

    hands: int = 0
    skipped: int = 0  # blocks of games studbook does not read
    problems: list[str] | None = None
    unsupported: Counter[str] = field(default_factory=Counter)  # hands the format cannot hold, by reason
    unstated: Counter[str] = field(default_factory=Counter)  # house rules written without, by hands


def convert_files(paths: Iterable[str | Path], fmt: str, out: TextIO) -> Converted:
    """Parse every hand of ``paths`` and write it to ``out`` as ``fmt``; a block that does not parse
    or a hand the format cannot hold is listed in ``problems`` and the rest go on."""
    from studbook.grammar import ParseError
    from studbook.grammar import Skipped
    from studbook.grammar import expand_paths
    from studbook.grammar import parse_file

    write, separator, numbered, check = WRITERS[fmt], SEPARATORS[fmt], NUMBERED.get(fmt), CHECKS.get(fmt)
    done = Converted(problems=[])
    for path in expand_paths(paths):
        for result in parse_file(path):
            if isinstance(result, Skipped):
                done.skipped += 1
            elif isinstance(result, ParseError):
                done.problems.append(str(result))
            else:
                verdict = check(result) if check else Check()
                if verdict.refused:
                    done.problems.append(f"{path}:{result.source.first_line}: hand {result.hand_id}: "
                                         f"not written: {verdict.refused}")
                    continue
                try:
                    text = numbered(result, done.hands + 1) if numbered else write(result)
                except Unsupported as error:
                    done.unsupported[error.reason] += 1
                    continue
                except (WriterError, ValueError) as error:
                    done.problems.append(f"{path}:{result.source.first_line}: hand {result.hand_id}: {error}")
                    continue
                out.write(separator + text if done.hands else text)
                done.hands += 1
                done.unstated.update(verdict.unstated)
    return done


def export_hands(fmt: str, paths: list[str], out: Path | None, force: bool = False) -> int:
    """``studbook export --format FMT FILE...``: write to ``out`` (stdout when None), report each
    problem on stderr; the exit status is 1 when any block could not be written, else 0. ``out`` is
    replaced only as :mod:`studbook.writers.targets` allows (``force``: any file but a log)."""
    from studbook.grammar import expand_paths
    from studbook.writers.targets import HAND_FORMAT_KINDS
    from studbook.writers.targets import output_file

    if not paths:
        print("error: name the hand-history files to convert", file=sys.stderr)
        return 2
    try:
        target = output_file(out, HAND_FORMAT_KINDS[fmt], expand_paths(paths), force) if out else None
        with target or nullcontext(sys.stdout) as stream:
            done = convert_files(paths, fmt, stream)
    except OutputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for problem in done.problems or ():
        print(f"  {problem}", file=sys.stderr)
    skipped = f", {done.skipped} skipped (not stud)" if done.skipped else ""
    unsupported = "".join(f", {count} skipped ({reason})" for reason, count in done.unsupported.items())
    print(f"{done.hands} hands written as {fmt}{skipped}{unsupported}, "
          f"{len(done.problems or ())} not written", file=sys.stderr)
    if done.unstated:
        rules = ", ".join(rule if count == done.hands else f"{rule} ({count} hands)"
                          for rule, count in sorted(done.unstated.items()))
        print(f"written without their house rules {rules}: a {fmt} log cannot state them; they decide "
              "nothing in the hands written", file=sys.stderr)
    return 1 if done.problems else 0


__all__ = ["WRITERS", "SEPARATORS", "NUMBERED", "Converted", "Unsupported", "WriterError", "convert_files",
           "export_hands", "show_description", "write_json", "write_phh", "write_phh_table",
           "write_pokerstars", "write_studbook"]
