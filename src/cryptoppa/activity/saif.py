"""Per-bit high time and toggle count of one instance's nets, read from a SAIF 2.0 file (IEEE 1801 annex).

PyPI has no maintained SAIF reader, and the format is a plain S-expression:

    (SAIFILE (TIMESCALE 1ps) (DURATION 590610000)
      (INSTANCE TOP (NET (clk (T0 ..) (T1 ..) (TZ 0) (TX 0) (TB 0) (TC 118122)))
        (INSTANCE core_tb ... (INSTANCE u (NET (a\\[0\\] (T0 ..) (T1 ..) .. (TC 5718)) ...)))))

Names are unescaped (`a\\[0\\]` is bit 0 of vector `a`, or a netlist net literally named `a[0]`: both read as
`a[0]`, the name OpenSTA uses). Only T1 (time high) and TC (transitions 0<->1) are read; TX/TZ must be 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import CryptoppaError

_TOKEN = re.compile(r'//[^\n]*|\(|\)|"[^"]*"|(?:\\.|[^\s()\\"])+')
_UNESCAPE = re.compile(r"\\(.)")
_PS = {"s": 1e12, "ms": 1e9, "us": 1e6, "ns": 1e3, "ps": 1.0, "fs": 1e-3}


@dataclass(frozen=True)
class SaifNet:
    high: int  # time units of TIMESCALE at 1
    toggles: int


@dataclass(frozen=True)
class Saif:
    timescale_ps: float
    duration: int  # time units
    nets: dict[str, SaifNet]  # of the requested instance


def _tree(text: str, path: Path) -> list:
    stack: list[list] = [[]]
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok.startswith("//"):  # a comment line (Verilator's writer starts with one)
            continue
        if tok == "(":
            stack.append([])
        elif tok == ")":
            if len(stack) == 1:
                raise CryptoppaError(f"SAIF file {path}: unbalanced ')'")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(tok)
    if len(stack) != 1 or len(stack[0]) != 1 or not stack[0][0] or stack[0][0][0] != "SAIFILE":
        raise CryptoppaError(f"SAIF file {path}: expected one balanced (SAIFILE ...) expression")
    return stack[0][0]


def _field(group: list, key: str):
    return next((g for g in group if isinstance(g, list) and g and g[0] == key), None)


def _timescale(group: list | None, path: Path) -> float:
    text = "".join(group[1:]) if group else ""
    m = re.fullmatch(r"(1|10|100)(s|ms|us|ns|ps|fs)", text)
    if m is None:
        raise CryptoppaError(f"SAIF file {path}: TIMESCALE {text!r}, expected e.g. 1ps")
    return int(m.group(1)) * _PS[m.group(2)]


def _net(entry: list, path: Path) -> tuple[str, SaifNet]:
    values = {g[0]: g[1] for g in entry[1:] if isinstance(g, list) and len(g) == 2}
    name = _UNESCAPE.sub(r"\1", entry[0])
    try:
        if int(values.get("TX", 0)) or int(values.get("TZ", 0)):
            raise CryptoppaError(f"SAIF file {path}: net {name} spends time at X/Z; expected two-valued activity")
        return name, SaifNet(int(values["T1"]), int(values["TC"]))
    except (KeyError, ValueError):
        raise CryptoppaError(f"SAIF file {path}: net {name} lacks integer T1/TC") from None


def read_saif(path: Path, instance: tuple[str, ...]) -> Saif:
    """The nets of the instance at hierarchy path `instance` (e.g. ("TOP", "core_tb", "dut", "u"))."""
    path = Path(path)
    try:
        root = _tree(path.read_text(), path)
    except OSError as err:
        raise CryptoppaError(f"cannot read SAIF file {path}: {err.strerror}") from None
    duration = _field(root, "DURATION")
    if duration is None or len(duration) != 2 or not duration[1].isdigit():
        raise CryptoppaError(f"SAIF file {path}: no integer DURATION")
    scope: list = root
    for name in instance:
        scope = next((g for g in scope if isinstance(g, list) and len(g) > 1 and g[0] == "INSTANCE"
                      and _UNESCAPE.sub(r"\1", g[1]) == name), None)
        if scope is None:
            raise CryptoppaError(f"SAIF file {path}: no instance {'/'.join(instance)}")
    nets = dict(_net(e, path) for group in scope if isinstance(group, list) and group[:1] == ["NET"]
                for e in group[1:])
    return Saif(_timescale(_field(root, "TIMESCALE"), path), int(duration[1]), nets)
