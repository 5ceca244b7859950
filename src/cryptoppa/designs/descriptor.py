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
multikey = false                  # engines: has the optional key-table ports (parameter KEYS)
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
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import limits, settings, tomlfile, userfiles
from ..errors import InputError
from ..names import check_identifier
from ..paths import DESIGNS
from .interface import GROUPS as interface_groups
from .interface import KEY_TABLE_PARAM
from .sources import Sources, parse_define

_INT = re.compile(r"-?(0x[0-9a-fA-F]+|[0-9]+)\Z")
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*\Z")  # a design's name becomes part of its run folders' names
INTERFACES = ("engine", "core", "block")
_DESIGN_KEYS = {"top", "files", "include_dirs", "defines", "clock", "reset", "interface", *interface_groups,
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
    literal = value.strip()
    if not _INT.match(literal):
        raise InputError(f"--param {text!r}: value must be a plain integer literal (e.g. 16 or 0x10)")
    number = int(literal, 16 if "x" in literal else 10)  # 010 is ten, as in Verilog
    return name, limits.PARAM_VALUE.check(number, "--param", repr(text))


def _strings(table: dict, key: str, where: str) -> list[str]:
    values = tomlfile.key(table, key, list, where, default=[])
    if not all(isinstance(v, str) for v in values):
        raise InputError(f"{where}: key {key!r} must be a list of strings, got {values!r}")
    return values


def _params(data: dict, path: Path) -> dict[str, Param]:
    params = {}
    for name, p in tomlfile.key(data, "params", dict, str(path), default={}).items():
        pw = f"{path} [params.{name}]"
        check_identifier(name, f"{pw}: parameter name")
        p = tomlfile.key({name: p}, name, dict, f"{path} [params]")
        unknown = sorted(set(p) - {"default", "allowed", "doc"})
        if unknown:
            raise InputError(f"{pw}: unknown key {unknown[0]!r}; expected default, allowed, doc")
        default = limits.PARAM_VALUE.check(tomlfile.key(p, "default", int, pw), f"{pw}: default")
        allowed = tuple(limits.PARAM_VALUE.check(v, f"{pw}: allowed value")
                        for v in tomlfile.key(p, "allowed", list, pw, default=[]))
        if allowed and default not in allowed:
            raise InputError(f"{pw}: default {default} is not in allowed {list(allowed)}")
        params[name] = Param(name, default, allowed, tomlfile.key(p, "doc", str, pw, default=""))
    return params


def _verify(data: dict, path: Path, params: dict[str, Param]) -> Verify:
    table = tomlfile.key(data, "verify", dict, str(path), default={})
    where = f"{path} [verify]"
    ref = tomlfile.key(table, "reference", str, where, default="")
    ci = []
    for entry in tomlfile.key(table, "ci", list, where, default=[]):
        if not isinstance(entry, dict) or not all(k in params and isinstance(v, int) for k, v in entry.items()):
            raise InputError(f"{where}: each ci entry must be a table of this design's integer parameters, got {entry!r}")
        ci.append(tuple(sorted(entry.items())))
    reference = userfiles.regular_file(path.parent / ref, f"{where}: reference").resolve() if ref else None
    return Verify(reference, tuple(ci))


def load(path: Path) -> Design:
    if not _NAME.match(path.parent.name):
        raise InputError(f"{path}: design folder name {path.parent.name!r}: expected letters, digits, _ . + and -")
    data = tomlfile.read(path, "design file")
    unknown_tables = sorted(set(data) - {"design", "params", "verify"})
    if unknown_tables:
        raise InputError(f"{path}: unknown table {unknown_tables[0]!r}; expected [design], [params.NAME], [verify]")
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
        raise InputError(str(err) if str(err).startswith(where) else f"{where}: {err}") from None
    interface = tomlfile.key(d, "interface", str, where, default="block")
    if interface not in INTERFACES:
        raise InputError(f"{where}: interface {interface!r}; expected one of {', '.join(INTERFACES)}")
    clock, reset = tomlfile.key(d, "clock", str, where, default=""), tomlfile.key(d, "reset", str, where, default="")
    for port, what in ((clock, "clock"), (reset, "reset")):
        if port:
            check_identifier(port, f"{where}: {what} port")
    groups = tuple(g for g in interface_groups if tomlfile.key(d, g, bool, where, default=False))
    if groups and interface != "engine":
        raise InputError(f"{where}: {'/'.join(groups)} ports are for interface = \"engine\" designs")
    params = _params(data, path)
    if "multikey" in groups and KEY_TABLE_PARAM not in params:
        raise InputError(f"{where}: multikey engines need a [params.{KEY_TABLE_PARAM}] table (key-table entries)")
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
    extra = settings.current().design_path
    for folder in extra:
        if not folder.is_dir():
            what = "is not a folder" if folder.exists() else "does not exist"
            raise InputError(f"CRYPTOPPA_DESIGN_PATH: {folder} {what}; expected folders holding <name>/design.toml, "
                             f"separated by {os.pathsep!r}")
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
        raise InputError(f"unknown design {name!r}; expected one of {', '.join(known)} (see `cryptoppa designs`)")
    return load(known[name])
