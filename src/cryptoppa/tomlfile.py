"""Reading the project's TOML files (design.toml, pdk/*.toml, sweep files) with one-line errors naming the file
and key."""

from __future__ import annotations

import tomllib
from pathlib import Path

from . import userfiles
from .errors import InputError

_REQUIRED = object()


def read(path: Path, what: str = "TOML file") -> dict:
    text = userfiles.read_text(Path(path), what)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"{path}: not valid TOML: {err}") from None


def key(table: dict, name: str, kind: type | tuple[type, ...], where: str, default=_REQUIRED):
    """table[name], checked to be of `kind` (booleans are not integers); `default` when absent, if given."""
    if name not in table:
        if default is _REQUIRED:
            raise InputError(f"{where}: missing key {name!r}")
        return default
    value = table[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise InputError(f"{where}: key {name!r} must be {names}, got {value!r}")
    return value
