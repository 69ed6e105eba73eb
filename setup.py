"""Build studbook: always the pure-Python package, and its hot path compiled by mypyc where it can be.

The modules that pyproject.toml's ``[tool.mypy] modules`` lists are compiled from the same source, as
sqlglot compiles sqlglotc: mypy checks them, mypyc turns them into one C extension (a shim per module and
one shared library). The extensions go to ``studbook/compiled/`` (in the wheel, or beside the sources in
an editable install) with a manifest of the SHA-256 of each source, which ``studbook/native.py`` checks
before loading them. ``STUDBOOK_PURE=1``, no C compiler, or any failure to compile: pure Python, and one
line saying why (``studbook --version`` says it too).

``python setup.py typecheck`` runs mypy over the compiled modules alone (``make test`` does).
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import sys
import sysconfig
import tomllib
from contextlib import chdir
from pathlib import Path

from setuptools import Command
from setuptools import Distribution
from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
STAGE = ROOT / "build" / "native"  # the packages in their import layout, and mypyc's C output
LIBRARY = "studbook_native"  # mypyc's group: its shared library is studbook_native__mypyc
# Where the extensions and build.json go, under the build or source root: one folder per Python, as two
# virtual environments may share one editable checkout.
COMPILED = ("studbook", "compiled", sys.implementation.cache_tag)


def config() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def package_dirs() -> dict[str, str]:
    return config()["tool"]["setuptools"]["package-dir"]


def compiled_modules() -> list[str]:
    return config()["tool"]["mypy"]["modules"]


def staged_dirs() -> dict[str, str]:
    """Each package's folder in the staged tree: its import name as a path."""
    return {package: package.replace(".", os.sep) for package in package_dirs()}


def source_path(module: str, dirs: dict[str, str]) -> str:
    """The source file of ``module`` relative to the project, through the package-dir mapping."""
    package = max((name for name in dirs if module.startswith(name + ".")), key=len)
    return os.path.join(dirs[package], *module[len(package) + 1:].split(".")) + ".py"


def stage(tree: Path) -> Path:
    """The packages copied into ``tree`` in the layout their import names say (``grammar/`` as
    ``studbook/grammar/``): mypy and mypyc name a module by its folders. The type check stages a tree of
    its own, so ``make test`` can run it while it compiles."""
    shutil.rmtree(tree, ignore_errors=True)
    for package, folder in package_dirs().items():
        shutil.copytree(ROOT / folder, tree.joinpath(*package.split(".")), dirs_exist_ok=True,
                        ignore=lambda _, names: [n for n in names if n in ("__pycache__", "compiled")])
    return tree


def notice(why: str) -> None:
    print(f"studbook: installing pure Python only: {why}", file=sys.stderr)


def c_compiler() -> str | None:
    """The C compiler the extensions would be built with, when this machine has it."""
    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    return shutil.which(command[0]) if command else None


def mypyc_extensions() -> tuple[list, str]:
    """mypyc's extensions for the compiled modules, or none and why."""
    if os.environ.get("STUDBOOK_PURE", "") not in ("", "0"):
        return [], "STUDBOOK_PURE is set"
    if c_compiler() is None:
        return [], "no C compiler found"
    try:
        from mypyc.build import mypycify
    except ImportError:
        return [], "mypyc (part of mypy) is not installed"
    tree = stage(STAGE / "src")
    paths = [source_path(module, staged_dirs()) for module in compiled_modules()]
    try:
        with chdir(tree):  # so mypy finds the staged packages, not the project's folders
            # pip builds before it installs the dependencies: a module it cannot find yet is typed Any here
            # (make test type-checks with every dependency installed)
            options = ["--config-file", str(ROOT / "pyproject.toml"), "--ignore-missing-imports",
                       "--no-warn-unused-ignores"]
            return mypycify([*paths, *options], group_name=LIBRARY,
                            target_dir=str(STAGE / "c"), opt_level=os.environ.get("MYPYC_OPT", "3")), ""
    except (Exception, SystemExit) as error:  # a type error or mypyc bug: still install, pure Python
        return [], f"mypyc failed: {error}"


class CompiledBuild(build_ext):
    """mypyc's extensions, built into studbook/compiled/ with build.json; pure Python if that fails."""

    why = ""  # why there is no compiled build

    def finalize_options(self) -> None:
        self.distribution.ext_modules, self.why = mypyc_extensions()
        super().finalize_options()

    def run(self) -> None:
        for root in self.roots():  # no extension of an earlier build stays behind
            shutil.rmtree(root.joinpath(*COMPILED), ignore_errors=True)
        if self.extensions:
            try:
                super().run()
            except Exception as error:  # no headers, a compiler error: the package still works, pure
                self.extensions, self.why = [], f"the C build failed: {error}"
        for root in self.roots():
            self.write_compiled(root)
        if self.why:
            notice(self.why)

    def roots(self) -> list[Path]:
        """The build's root, and the project's for an editable install (``inplace``)."""
        return [Path(self.build_lib), *([ROOT] if self.inplace else [])]

    def get_ext_fullpath(self, ext_name: str) -> str:
        name = self.get_ext_fullname(ext_name) + sysconfig.get_config_var("EXT_SUFFIX")
        return str(Path(self.build_lib).joinpath(*COMPILED, name))

    def copy_extensions_to_source(self) -> None:
        """Not beside the sources, where they would shadow them: :meth:`write_compiled` puts them apart."""

    def write_compiled(self, root: Path) -> None:
        """The extensions and build.json into ``root``'s studbook/compiled/: every source's hash, as a path
        relative to that folder (another in an editable install than in a wheel)."""
        folder = root.joinpath(*COMPILED)
        if root != Path(self.build_lib):  # an editable install: its extensions sit apart from the sources
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                folder.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(built, folder / built.name)
        folder.mkdir(parents=True, exist_ok=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        manifest: dict = {"suffix": suffix, "library": f"{LIBRARY}__mypyc", "modules": {}, "reason": self.why}
        staged = staged_dirs()
        dirs = package_dirs() if root == ROOT else staged
        for module in compiled_modules() if self.extensions else ():
            source = root / source_path(module, dirs)
            compiled = (STAGE / "src" / source_path(module, staged)).read_bytes()
            manifest["modules"][module] = {"source": os.path.relpath(source, folder),
                                           "sha256": hashlib.sha256(compiled).hexdigest()}
        (folder / "build.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


class TypeCheck(Command):
    """mypy over the compiled modules, as mypyc sees them."""

    description = "type-check the modules mypyc compiles"
    user_options: list = []

    def initialize_options(self) -> None:
        pass

    def finalize_options(self) -> None:
        pass

    def run(self) -> None:
        from mypy import api

        with chdir(stage(STAGE / "typecheck")):
            out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
        sys.stdout.write(out)
        sys.stderr.write(err)
        if status:
            raise SystemExit(status)


class WithExtensions(Distribution):
    """A distribution that always runs build_ext: it decides itself whether there is anything to build."""

    def has_ext_modules(self) -> bool:
        return True


setup(distclass=WithExtensions, cmdclass={"build_ext": CompiledBuild, "typecheck": TypeCheck})
