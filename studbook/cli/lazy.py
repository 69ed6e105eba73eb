"""A module loaded on its first use rather than when the command line starts.

``studbook --help`` and ``--version`` build every command's parameters, so whatever a command module
imports at its top is paid by every start. A module that only a command's body uses (the rulebook, which
loads every site's grammar) is bound here instead: the name is there at once, the module runs when an
attribute of it is first read (:class:`importlib.util.LazyLoader`).
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    """The module ``name``, run on the first read of one of its attributes (at once if it already ran)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module
