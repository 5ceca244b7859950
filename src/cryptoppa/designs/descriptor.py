"""Design descriptors (designs/<name>/design.toml) and parameter validation.

```toml
[design]
top = "gcm_iter"                  # top module
files = ["gcm_iter.v", "../common/aes_sbox_lut.v"]   # relative to this folder, in compile order (.v or .sv)
include_dirs = ["include"]        # optional: searched by `include after each file's own folder
defines = ["SYNTH_FAST", "W=8"]   # optional: NAME or NAME=VALUE, passed to every tool
clock = "clk"
reset = "rst"
interface = "engine"              # "engine", "core" or "block"
prefetch = false                  # engines: has the optional prefetch-hint ports (cryptoppa.designs.interface)
early = false                     # engines: has the optional early-data ports
description = "one line shown by `cryptoppa designs`"

[params.DIGIT]
default = 16
allowed = [8, 16, 32, 64, 128]
doc = "GHASH multiplier digit width in bits"

[verify]                          # engines: what the generic verification suite (tests/engines) runs
reference = "../common/gcm_reference.py"   # reference(params) and known_answers(params)
ci = [{DIGIT = 16}, {DIGIT = 32, KEY_BITS = 256}]   # parameter sets of the default suite
```
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import settings, tomlfile
from ..errors import InputError
from ..names import check_identifier
from ..paths import DESIGNS
from .sources import Sources, parse_define

_INT = re.compile(r"-?(0x[0-9a-fA-F]+|[0-9]+)\Z")
INTERFACES = ("engine", "core", "block")
_DESIGN_KEYS = {"top", "files", "include_dirs", "defines", "clock", "reset", "interface", "prefetch", "early",
                "description"}


@dataclass(frozen=True)
class Param:
    name: str
    default: int
    allowed: tuple[int, ...]
    doc: str = ""


@dataclass(frozen=True)
class Verify:
    reference: Path | None = None
    ci: tuple[tuple[tuple[str, int], ...], ...] = ()


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
    include_dirs: tuple[Path, ...] = ()
    defines: tuple[tuple[str, str], ...] = ()
    groups: tuple[str, ...] = ()  # optional engine port groups (cryptoppa.designs.interface)
    verify: Verify = Verify()

    def with_sources(self, include_dirs=(), defines=()) -> "Design":
        """This design with more include folders and defines (from the command line or a sweep file)."""
        if not include_dirs and not defines:
            return self
        src = Sources.checked(self.files, (*self.include_dirs, *include_dirs), (*self.defines, *defines))
        return dataclasses.replace(self, include_dirs=src.include_dirs, defines=src.defines)

    def resolve_params(self, overrides: dict[str, int]) -> dict[str, int]:
        """Defaults with overrides applied; unknown names and disallowed values are errors."""
        for key, value in overrides.items():
            if key not in self.params:
                raise InputError(
                    f"design {self.name!r} has no parameter {key!r}; expected one of {', '.join(self.params) or '(none)'}"
                )
            if self.params[key].allowed and value not in self.params[key].allowed:
                allowed = ", ".join(map(str, self.params[key].allowed))
                raise InputError(f"design {self.name!r}: {key}={value} not allowed; expected one of {allowed}")
        return {name: overrides.get(name, p.default) for name, p in self.params.items()}


def parse_param(text: str) -> tuple[str, int]:
    """`NAME=VALUE` from the command line; VALUE must be a plain integer literal (decimal or 0x hex)."""
    name, sep, value = text.partition("=")
    if not sep:
        raise InputError(f"--param {text!r}: expected NAME=VALUE")
    check_identifier(name, "--param name")
    if not _INT.match(value.strip()):
        raise InputError(f"--param {text!r}: value must be a plain integer literal (e.g. 16 or 0x10)")
    return name, int(value.strip(), 0)


def _strings(table: dict, key: str, where: str) -> list[str]:
    values = tomlfile.key(table, key, list, where, default=[])
    if not all(isinstance(v, str) for v in values):
        raise InputError(f"{where}: key {key!r} must be a list of strings, got {values!r}")
    return values


def _params(data: dict, path: Path) -> dict[str, Param]:
    params = {}
    for name, p in data.get("params", {}).items():
        pw = f"{path} [params.{name}]"
        check_identifier(name, f"{pw}: parameter name")
        default = tomlfile.key(p, "default", int, pw)
        allowed = tuple(tomlfile.key(p, "allowed", list, pw)) if "allowed" in p else ()
        if allowed and default not in allowed:
            raise InputError(f"{pw}: default {default} is not in allowed {list(allowed)}")
        params[name] = Param(name, default, allowed, p.get("doc", ""))
    return params


def _verify(data: dict, path: Path, params: dict[str, Param]) -> Verify:
    table = data.get("verify", {})
    where = f"{path} [verify]"
    ref = tomlfile.key(table, "reference", str, where, default="")
    ci = []
    for entry in tomlfile.key(table, "ci", list, where, default=[]):
        if not isinstance(entry, dict) or not all(k in params and isinstance(v, int) for k, v in entry.items()):
            raise InputError(f"{where}: each ci entry must be a table of this design's integer parameters, got {entry!r}")
        ci.append(tuple(sorted(entry.items())))
    reference = (path.parent / ref).resolve() if ref else None
    if reference is not None and not reference.is_file():
        raise InputError(f"{where}: reference {reference} does not exist")
    return Verify(reference, tuple(ci))


def load(path: Path) -> Design:
    data = tomlfile.read(path)
    where = f"{path} [design]"
    d = tomlfile.key(data, "design", dict, str(path))
    unknown = sorted(set(d) - _DESIGN_KEYS)
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r}; expected one of {', '.join(sorted(_DESIGN_KEYS))}")
    try:
        tomlfile.key(d, "files", list, where)
        src = Sources.checked([path.parent / f for f in _strings(d, "files", where)],
                              [path.parent / i for i in _strings(d, "include_dirs", where)],
                              [parse_define(x, f"{where} defines") for x in _strings(d, "defines", where)])
    except InputError as err:
        raise InputError(f"{where}: {err}") from None
    interface = tomlfile.key(d, "interface", str, where, default="block")
    if interface not in INTERFACES:
        raise InputError(f"{where}: interface {interface!r}; expected one of {', '.join(INTERFACES)}")
    clock, reset = tomlfile.key(d, "clock", str, where, default=""), tomlfile.key(d, "reset", str, where, default="")
    for port, what in ((clock, "clock"), (reset, "reset")):
        if port:
            check_identifier(port, f"{where}: {what} port")
    groups = tuple(g for g in ("prefetch", "early") if tomlfile.key(d, g, bool, where, default=False))
    if groups and interface != "engine":
        raise InputError(f"{where}: {'/'.join(groups)} ports are for interface = \"engine\" designs")
    params = _params(data, path)
    return Design(
        name=path.parent.name,
        path=path,
        top=check_identifier(tomlfile.key(d, "top", str, where), f"{where}: top"),
        files=src.files,
        clock=clock,
        reset=reset,
        interface=interface,
        description=tomlfile.key(d, "description", str, where, default=""),
        params=params,
        include_dirs=src.include_dirs,
        defines=src.defines,
        groups=groups,
        verify=_verify(data, path, params),
    )


def search_path() -> list[Path]:
    """designs/ and designs/cores/ (RISC-V cores) of the checkout, then the folders in $CRYPTOPPA_DESIGN_PATH."""
    return [DESIGNS, DESIGNS / "cores", *settings.current().design_path]


def available() -> dict[str, Path]:
    found = {}
    for folder in search_path():
        for p in sorted(folder.glob("*/design.toml")):
            found.setdefault(p.parent.name, p)
    return found


def get(name: str) -> Design:
    known = available()
    if name not in known:
        raise InputError(f"unknown design {name!r}; expected one of {', '.join(known)} (see `cryptoppa designs`)")
    return load(known[name])
