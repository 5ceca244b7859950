"""Named bandwidth presets (``presets.toml``) and resolution of a user's bandwidth argument.

A bandwidth argument is either a preset name (``ddr5-4800``) or a quantity (``25.6 GB/s``).
Resolution always returns the assumption in words, because an engine count is only as good
as the bandwidth it was computed for, and reports must say which one that was.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .. import limits
from ..errors import InputError
from .units import format_bandwidth, parse_bandwidth, parse_bandwidth_quantity

KINDS = ("channel", "dimm", "stack", "device", "link", "system")
TIMING = ("trcd_ns", "tcl_ns", "trp_ns")


@dataclass(frozen=True)
class BandwidthPreset:
    """One named peak bandwidth (decimal units) with where the figure comes from."""

    name: str
    bandwidth: str  # as written in presets.toml, e.g. "25.6 GB/s"
    kind: str
    source: str
    # DRAM timing of the speed bin (NaN where no standard or data sheet is at hand): row activate to read (tRCD),
    # read to first data (tCL = tAA; LPDDR: the read latency RL in ns) and precharge (tRP). A read that misses an
    # open row at the device takes access_ns = tRCD + tCL; a row conflict tRP more.
    trcd_ns: float = math.nan
    tcl_ns: float = math.nan
    trp_ns: float = math.nan
    timing_source: str = ""

    @property
    def access_ns(self) -> float:
        """A read to a closed row, from the activate to the first data: tRCD + tCL (NaN without timing)."""
        return self.trcd_ns + self.tcl_ns

    @property
    def access_source(self) -> str:
        return self.timing_source

    @property
    def bits_per_second(self) -> float:
        return parse_bandwidth(self.bandwidth)


@dataclass(frozen=True)
class ResolvedBandwidth:
    """The bandwidth an engine count is computed for, and how it was obtained."""

    bits_per_second: float  # sustained total: peak per unit x count x efficiency
    peak_per_unit_bits_per_second: float
    efficiency: float
    count: int
    preset: str | None  # preset name, or None when given as a quantity
    kind: str | None
    source: str
    assumption: str

    @property
    def bytes_per_second(self) -> float:
        return self.bits_per_second / 8.0


def _normalise(name: str) -> str:
    # Users type "DDR5_4800" or "HBM3E"; presets are stored lower-case with hyphens.
    return name.strip().lower().replace("_", "-").replace(" ", "-")


@lru_cache(maxsize=1)
def load_presets() -> dict[str, BandwidthPreset]:
    """Read ``presets.toml`` (package data) into name -> preset, validating each entry."""
    text = resources.files(__package__).joinpath("presets.toml").read_text(encoding="utf-8")
    return parse_presets(tomllib.loads(text))


def parse_presets(data: dict) -> dict[str, BandwidthPreset]:
    """The ``[[preset]]`` tables of a parsed presets.toml as name -> preset, each validated."""
    presets: dict[str, BandwidthPreset] = {}
    for entry in data.get("preset", []):
        preset = BandwidthPreset(
            name=entry["name"], bandwidth=entry["bandwidth"], kind=entry["kind"], source=entry["source"],
            **{k: float(entry[k]) for k in TIMING if k in entry}, timing_source=entry.get("timing_source", ""),
        )
        if preset.kind not in KINDS:
            raise InputError(f"preset {preset.name!r}: kind {preset.kind!r} not one of {KINDS}")
        _check_timing(preset, entry)
        parse_bandwidth(preset.bandwidth)  # fail at load time, not at first use
        key = _normalise(preset.name)
        if key in presets:
            raise InputError(f"duplicate preset {preset.name!r} in presets.toml")
        presets[key] = preset
    return presets


def _check_timing(preset: BandwidthPreset, entry: dict) -> None:
    """A preset states all of its DRAM timing with a source, or none of it."""
    given = [k for k in TIMING if k in entry]
    if given and (len(given) != len(TIMING) or not preset.timing_source.strip()):
        raise InputError(f"preset {preset.name!r} in presets.toml: give all of {', '.join(TIMING)} and "
                         "timing_source, or none")
    if any(not getattr(preset, k) > 0 for k in given):
        raise InputError(f"preset {preset.name!r} in presets.toml: DRAM timings must be positive nanoseconds")


def get_preset(name: str) -> BandwidthPreset:
    """Look up a preset by name (case-insensitive; '_' and ' ' count as '-')."""
    presets = load_presets()
    try:
        return presets[_normalise(name)]
    except KeyError:
        raise InputError(f"no bandwidth preset {name!r}; known: {', '.join(sorted(presets))}") from None


def resolve_bandwidth(text_or_preset: str, efficiency: float = 1.0, count: int = 1) -> ResolvedBandwidth:
    """Resolve a preset name or a quantity to sustained bits/s = peak x count x efficiency.

    ``efficiency`` is sustained/peak in (0, 1]; ``count`` is how many channels/DIMMs/stacks/
    devices/links of that bandwidth the system has.  Quantities use decimal prefixes unless
    written with Ki/Mi/Gi (see :mod:`cryptoppa.feasibility.units`).
    """
    limits.EFFICIENCY.check(efficiency, "efficiency")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InputError(f"count must be a positive integer (channels/stacks/devices), got {count!r}")

    presets = load_presets()
    key = _normalise(text_or_preset) if isinstance(text_or_preset, str) else None
    if key in presets:
        preset = presets[key]
        peak = preset.bits_per_second
        what = f"{preset.name} peak {preset.bandwidth} per {preset.kind}"
        source, name, kind = preset.source, preset.name, preset.kind
    else:
        try:
            quantity = parse_bandwidth_quantity(text_or_preset)
        except InputError as err:
            raise InputError(f"{err}; or a preset name: {', '.join(sorted(presets))}") from None
        peak = quantity.bits_per_second
        what = f"{quantity.text.strip()} [{quantity.label}]"
        source, name, kind = "given on the command line", None, None

    total = peak * count * efficiency
    factors = (f" x {count}" if count != 1 else "") + (f" x {efficiency:g}" if efficiency != 1 else "")
    limits.BANDWIDTH_PBS.check(total / 8e15, "bandwidth", f"{text_or_preset!r}{factors} = {format_bandwidth(total)}")
    parts = [what]
    if count != 1:
        parts.append(f"x {count}")
    if not math.isclose(efficiency, 1.0):
        parts.append(f"x efficiency {efficiency:g} (sustained/peak)")
    else:
        parts.append("at peak (efficiency 1)")
    assumption = " ".join(parts) + f" = {format_bandwidth(total)} ({total:.6g} bit/s, decimal units)"
    return ResolvedBandwidth(
        bits_per_second=total,
        peak_per_unit_bits_per_second=peak,
        efficiency=float(efficiency),
        count=count,
        preset=name,
        kind=kind,
        source=source,
        assumption=assumption,
    )
