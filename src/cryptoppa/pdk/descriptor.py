"""PDK descriptors (pdk/*.toml) as frozen dataclasses, validated on load."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import tomlfile
from ..errors import InputError
from ..paths import PDK_DESCRIPTORS

# How a PDK's liberty files arrive: a pinned PyPI source distribution (repaired on install), a local folder or a
# checksummed download, or files committed beside the descriptor (our own characterization).
SOURCE_KINDS = ("pypi-sdist", "local-or-download", "committed")
# What `cryptoppa run` and the baselines use unless told otherwise; docs/methods/libraries.md says why this one.
DEFAULT_PDK = "freepdk45_char"


@dataclass(frozen=True)
class Routing:
    """How cryptoppa.pnr places and routes this library, and the wire RC of its metal stack."""

    placer: str  # PLACERS
    top_layer: str
    rc_per_um: dict[str, tuple[float, float]] = field(hash=False)  # layer -> (kOhm, fF) per um of routed length
    rc_source: str = ""
    # The cell layouts the placer loads, as cryptoppa.pnr.coriolis_env exports them (CELL_LIBRARIES there); a
    # library it does not export yet is refused by the route stage with that reason.
    cells: str = "freepdk45-flexlib"

    def signal_layers(self) -> list[str]:
        """The layers the router may use for signal wires: metal2 up to the top layer (metal1 holds the cells'
        pins), in the descriptor's order."""
        names = list(self.rc_per_um)
        return names[1:names.index(self.top_layer) + 1]

    def slowest_wire_ps(self, length_um: float) -> tuple[str, float]:
        """(layer, ps): the Elmore delay of an unloaded wire of this length, driven ideally, on the signal layer
        with the largest R x C per µm² (kΩ x fF = ps; a distributed line's delay is half R x C)."""
        layer = max(self.signal_layers(), key=lambda name: self.rc_per_um[name][0] * self.rc_per_um[name][1])
        r, c = self.rc_per_um[layer]
        return layer, 0.5 * r * c * length_um ** 2


PLACERS = ("coriolis",)


@dataclass(frozen=True)
class PdkDescriptor:
    name: str
    description: str
    path: Path
    default_corner: str
    nominal_voltage: float
    wire_load_model: str
    tie_high: tuple[str, str]  # (cell, pin)
    tie_low: tuple[str, str]
    driver_cell: str
    ge_cell: str  # its area is one gate equivalent (GE): the library's two-input NAND of the smallest drive
    dont_use: tuple[str, ...]
    source: dict = field(hash=False)
    corners: dict[str, tuple[str, ...]] = field(hash=False)  # corner -> candidate liberty paths
    repairs: dict[str, str] = field(hash=False)
    routing: Routing | None = None  # None: no cell layouts a placer can use (--stage route refuses it)
    # corner -> SHA-256 of its committed liberty (source kind "committed"), checked before the file is used
    checksums: dict[str, str] = field(hash=False, default_factory=dict)

    def wire_load_label(self, used: bool) -> str:
        """How a result names the wire load it was timed with: the model's name, "none" (the library has none) or
        "off" (switched off)."""
        if not self.wire_load_model:
            return "none"
        return self.wire_load_model if used else "off"

    def not_characterized(self) -> str | None:
        """Why the library cannot be used at all, or None: our own liberty files (source kind "committed") of which
        not one has been generated yet. A single missing corner is named when that corner is asked for."""
        if self.source["kind"] != "committed":
            return None
        if any((self.path.parent / libs[0]).is_file() for libs in self.corners.values()):
            return None
        command = self.source.get("command", "").replace("CORNER", self.default_corner)
        return f"the liberty files are not characterized yet; run {command}"

    def uncharacterized_corners(self) -> list[str]:
        """The corners of our own liberty files (source kind "committed") that have none yet."""
        if self.source["kind"] != "committed":
            return []
        return [c for c, libs in self.corners.items() if not (self.path.parent / libs[0]).is_file()]

    def check_corner(self, corner: str) -> None:
        if corner not in self.corners:
            raise InputError(
                f"unknown corner {corner!r} for PDK {self.name!r}; expected one of {', '.join(self.corners)}"
            )


def _cell_pin(text: str, where: str) -> tuple[str, str]:
    cell, sep, pin = text.partition("/")
    if not sep or not cell or not pin:
        raise InputError(f"{where}: expected CELL/PIN, got {text!r}")
    return cell, pin


def _routing(data: dict, path: Path) -> Routing | None:
    if "routing" not in data:
        return None
    where = f"{path} [routing]"
    table = tomlfile.key(data, "routing", dict, str(path))
    placer = tomlfile.key(table, "placer", str, where)
    if placer not in PLACERS:
        raise InputError(f"{where} placer: expected one of {', '.join(PLACERS)}, got {placer!r}")
    rc = {}
    for layer, pair in tomlfile.key(table, "rc_per_um", dict, where).items():
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, (int, float)) and v >= 0 for v in pair)):
            raise InputError(f"{where} rc_per_um.{layer}: expected [kOhm per um, fF per um], got {pair!r}")
        rc[layer] = (float(pair[0]), float(pair[1]))
    top = tomlfile.key(table, "top_layer", str, where)
    if top not in rc:
        raise InputError(f"{where} top_layer {top!r}: expected a layer of rc_per_um ({', '.join(rc)})")
    return Routing(placer, top, rc, tomlfile.key(table, "rc_source", str, where, default=""),
                   tomlfile.key(table, "cells", str, where, default="freepdk45-flexlib"))


def load(path: Path) -> PdkDescriptor:
    data = tomlfile.read(path, "PDK descriptor")
    where = f"{path} [pdk]"
    pdk = tomlfile.key(data, "pdk", dict, str(path))
    corners, checksums = {}, {}
    for corner, table in tomlfile.key(data, "corners", dict, str(path)).items():
        lib = tomlfile.key(table, "liberty", (str, list), f"{path} [corners.{corner}]")
        corners[corner] = (lib,) if isinstance(lib, str) else tuple(lib)
        digest = tomlfile.key(table, "sha256", str, f"{path} [corners.{corner}]", default="")
        if digest and not re.fullmatch(r"[0-9a-f]{64}", digest):
            raise InputError(f"{path} [corners.{corner}] sha256: expected 64 lower-case hex digits, got {digest!r}")
        if digest:
            checksums[corner] = digest
    source = tomlfile.key(data, "source", dict, str(path))
    kind = tomlfile.key(source, "kind", str, f"{path} [source]")
    if kind not in SOURCE_KINDS:
        raise InputError(f"{path} [source] kind: expected one of {', '.join(SOURCE_KINDS)}, got {kind!r}")
    desc = PdkDescriptor(
        name=tomlfile.key(pdk, "name", str, where),
        description=tomlfile.key(pdk, "description", str, where),
        path=path,
        default_corner=tomlfile.key(pdk, "default_corner", str, where),
        nominal_voltage=float(tomlfile.key(pdk, "nominal_voltage", (int, float), where)),
        wire_load_model=tomlfile.key(pdk, "wire_load_model", str, where),
        tie_high=_cell_pin(tomlfile.key(pdk, "tie_high", str, where), where),
        tie_low=_cell_pin(tomlfile.key(pdk, "tie_low", str, where), where),
        driver_cell=tomlfile.key(pdk, "driver_cell", str, where),
        ge_cell=tomlfile.key(pdk, "ge_cell", str, where),
        dont_use=tuple(tomlfile.key(pdk, "dont_use", list, where)),
        source=source,
        corners=corners,
        checksums=checksums,
        repairs=data.get("repairs", {}),
        routing=_routing(data, path),
    )
    desc.check_corner(desc.default_corner)
    return desc


def available() -> dict[str, Path]:
    return {p.stem: p for p in sorted(PDK_DESCRIPTORS.glob("*.toml"))}


def get(name: str) -> PdkDescriptor:
    known = available()
    if name not in known:
        raise InputError(f"unknown PDK {name!r}; expected one of {', '.join(known)} (descriptors in {PDK_DESCRIPTORS})")
    return load(known[name])
