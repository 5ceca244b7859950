"""Design descriptors (designs/<name>/design.toml) and parameter validation."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CryptoppaError
from .paths import DESIGNS

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_INT = re.compile(r"-?(0x[0-9a-fA-F]+|[0-9]+)\Z")


@dataclass(frozen=True)
class Param:
    name: str
    default: int
    allowed: tuple[int, ...]
    doc: str = ""


@dataclass(frozen=True)
class Design:
    name: str
    path: Path
    top: str
    files: tuple[Path, ...]
    clock: str
    reset: str
    interface: str
    description: str
    params: dict[str, Param] = field(hash=False)

    def resolve_params(self, overrides: dict[str, int]) -> dict[str, int]:
        """Defaults with overrides applied; unknown names and disallowed values are errors."""
        for key, value in overrides.items():
            if key not in self.params:
                raise CryptoppaError(
                    f"design {self.name!r} has no parameter {key!r}; expected one of {', '.join(self.params) or '(none)'}"
                )
            if self.params[key].allowed and value not in self.params[key].allowed:
                allowed = ", ".join(map(str, self.params[key].allowed))
                raise CryptoppaError(f"design {self.name!r}: {key}={value} not allowed; expected one of {allowed}")
        return {name: overrides.get(name, p.default) for name, p in self.params.items()}


def check_identifier(text: str, what: str) -> str:
    if not IDENT.match(text):
        raise CryptoppaError(f"{what} {text!r} is not a plain identifier (letters, digits, underscore)")
    return text


def parse_param(text: str) -> tuple[str, int]:
    """`NAME=VALUE` from the command line; VALUE must be a plain integer literal (decimal or 0x hex)."""
    name, sep, value = text.partition("=")
    if not sep:
        raise CryptoppaError(f"--param {text!r}: expected NAME=VALUE")
    check_identifier(name, "--param name")
    if not _INT.match(value.strip()):
        raise CryptoppaError(f"--param {text!r}: value must be a plain integer literal (e.g. 16 or 0x10)")
    return name, int(value.strip(), 0)


def _get(table: dict, key: str, kind, where: str):
    if key not in table:
        raise CryptoppaError(f"{where}: missing key {key!r}")
    if not isinstance(table[key], kind):
        raise CryptoppaError(f"{where}: key {key!r} must be {getattr(kind, '__name__', kind)}, got {table[key]!r}")
    return table[key]


def load(path: Path) -> Design:
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as err:
        raise CryptoppaError(f"{path}: not valid TOML: {err}") from None
    where = f"{path} [design]"
    d = _get(data, "design", dict, str(path))
    files = tuple((path.parent / f).resolve() for f in _get(d, "files", list, where))
    for f in files:
        if not f.is_file():
            raise CryptoppaError(f"{where}: file {f} does not exist")
    params = {}
    for name, p in data.get("params", {}).items():
        pw = f"{path} [params.{name}]"
        check_identifier(name, f"{pw}: parameter name")
        default = _get(p, "default", int, pw)
        allowed = tuple(_get(p, "allowed", list, pw)) if "allowed" in p else ()
        if allowed and default not in allowed:
            raise CryptoppaError(f"{pw}: default {default} is not in allowed {list(allowed)}")
        params[name] = Param(name, default, allowed, p.get("doc", ""))
    clock, reset = d.get("clock", ""), d.get("reset", "")
    for port, what in ((clock, "clock"), (reset, "reset")):
        if port:
            check_identifier(port, f"{where}: {what} port")
    return Design(
        name=path.parent.name,
        path=path,
        top=check_identifier(_get(d, "top", str, where), f"{where}: top"),
        files=files,
        clock=clock,
        reset=reset,
        interface=d.get("interface", "block"),
        description=d.get("description", ""),
        params=params,
    )


def search_path() -> list[Path]:
    """designs/ and designs/cores/ (RISC-V cores) of the checkout, then the folders in $CRYPTOPPA_DESIGN_PATH
    (colon-separated), for users' own."""
    extra = [Path(p) for p in os.environ.get("CRYPTOPPA_DESIGN_PATH", "").split(os.pathsep) if p]
    return [DESIGNS, DESIGNS / "cores", *extra]


def available() -> dict[str, Path]:
    found = {}
    for folder in search_path():
        for p in sorted(folder.glob("*/design.toml")):
            found.setdefault(p.parent.name, p)
    return found


def get(name: str) -> Design:
    known = available()
    if name not in known:
        raise CryptoppaError(f"unknown design {name!r}; expected one of {', '.join(known)} (see `cryptoppa designs`)")
    return load(known[name])
