"""Published engines beside ours, in the same units: other works' figures as printed with their citations
(published.toml), and ours as records: kGE, fmax in GHz, one engine's Gb/s at it, energy per bit and the verified
read latency in cycles (without a prefetch hint) and in FO4 delays of the library it was timed on."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from .engines import IN_FO4
from .model import Model
from .records import Cited, Record

COLUMNS = ("node", "flow", "kge", "ghz", "gbps", "pj_per_bit", "latency", "power")


@dataclass(frozen=True)
class Published:
    name: str
    citation: str
    figures: dict[str, Cited]  # column -> the figure as printed


def published() -> list[Published]:
    data = tomllib.loads(resources.files(__package__).joinpath("published.toml").read_text(encoding="utf-8"))
    out = []
    for entry in data["engine"]:
        citation = entry["citation"]
        out.append(Published(entry["name"], citation,
                             {c: Cited(entry[c], citation) for c in COLUMNS if entry.get(c)}))
    return out


def ours(model: Model) -> list[tuple[str, dict[str, Record]]]:
    """Each scheme's answering engine in the published table's units (at its own fmax)."""
    out = []
    for s in model.schemes:
        e = s.chosen
        figures = {"kge": e.get("kGE"), "ghz": in_ghz(e), "gbps": e.get("throughput"), "pj_per_bit": per_bit(e),
                   "latency": _cycles(e)}
        if e.get(IN_FO4) is not None:
            figures["latency_fo4"] = e.get(IN_FO4)
        out.append((f"{s.scheme.name}: {e.name}", {k: v for k, v in figures.items() if v is not None}))
    return out


def in_ghz(e) -> Record:
    fmax = e.get("fmax")
    return Record(e.identity, "fmax in GHz", "ghz", fmax.value / 1e3, fmax.on, fmax.rows)


def per_bit(e) -> Record:
    per_byte = e.get("energy per byte")
    return Record(e.identity, "energy per bit", "pj_per_bit", per_byte.value / 8, per_byte.on, per_byte.rows)


def _cycles(e) -> Record | None:
    """The verified read latency without a hint, in engine cycles (the unit vendors quote)."""
    cycles = e.config["read_latency_cycles"]
    if cycles != cycles:
        cycles = e.config["read_latency_data_cycles"]
    if cycles != cycles:
        return None
    return Record(e.identity, "verified read latency without a hint", "cycles", float(cycles),
                  e.get("fmax").on, e.get("fmax").rows)
