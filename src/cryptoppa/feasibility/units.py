"""Parse bandwidth quantities such as ``25.6 GB/s`` into bits per second.

Conventions (chosen to match how DRAM vendors and the 2013 study quote peaks):

* Decimal SI prefixes by default: ``1 GB/s = 10**9 bytes/s``.  ``k``/``K`` both mean 10**3.
* Binary (IEC) prefixes only when spelled with an ``i``: ``1 GiB/s = 2**30 bytes/s``; the parsed
  quantity says which base was used, so a report can show it.
* Upper-case ``B`` is bytes, lower-case ``b`` is bits; ``bps`` is accepted as bits per second.

Everything downstream works in bits per second (float) so that bytes vs bits is settled once, here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError

ACCEPTED_FORMS = (
    "<number>[ ]<prefix><B|b>/s, e.g. '25.6GB/s', '25.6 GB/s', '204.8Gb/s', '1.2TB/s', '800MB/s', "
    "'12.8GiB/s', '100 Gbps'; prefixes k K M G T P (decimal, powers of 1000) or "
    "Ki Mi Gi Ti Pi (binary, powers of 1024); B = bytes, b = bits"
)

_DECIMAL = {"": 1.0, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}
_BINARY = {"Ki": 2.0**10, "Mi": 2.0**20, "Gi": 2.0**30, "Ti": 2.0**40, "Pi": 2.0**50}

# Prefix case matters (M vs m, B vs b), so the pattern is deliberately case-sensitive:
# "mb/s" would be millibits and is rejected rather than guessed.
_PATTERN = re.compile(
    r"""^\s*
    (?P<number>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)
    \s*
    (?P<prefix>[KMGTP]i|[kKMGTP])?
    (?:(?P<unit>[Bb])\s*/\s*s|(?P<bps>bps))
    \s*$""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class BandwidthQuantity:
    """A parsed bandwidth: the value in bits/s plus how it was written."""

    text: str
    value: float  # the number as written, in the written unit
    prefix: str  # "", "k", "G", "Gi", ...
    binary: bool  # True for IEC prefixes (Gi = 2**30)
    bytes_unit: bool  # True when the unit was bytes (B), False for bits (b)
    bits_per_second: float

    @property
    def label(self) -> str:
        """Human-readable unit with its base, e.g. 'GiB/s (binary, 2^30)'."""
        unit = f"{self.prefix}{'B' if self.bytes_unit else 'b'}/s"
        if not self.prefix:
            return unit
        if self.binary:
            power = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50}[self.prefix]
            return f"{unit} (binary, 2^{power})"
        power = {"k": 3, "K": 3, "M": 6, "G": 9, "T": 12, "P": 15}[self.prefix]
        return f"{unit} (decimal, 10^{power})"


def parse_bandwidth_quantity(text: str) -> BandwidthQuantity:
    """Parse ``text`` (e.g. ``'25.6 GB/s'``) and keep how it was written.

    Decimal prefixes by default (GB = 10**9 bytes); binary only for Ki/Mi/Gi/Ti/Pi.
    Raises ``InputError`` naming the text and the accepted forms.
    """
    if not isinstance(text, str):
        raise InputError(f"bandwidth must be text such as '25.6 GB/s', got {text!r}; accepted: {ACCEPTED_FORMS}")
    match = _PATTERN.match(text)
    if match is None:
        raise InputError(f"cannot parse bandwidth {text!r}; accepted forms: {ACCEPTED_FORMS}")
    number = float(match["number"])
    prefix = match["prefix"] or ""
    binary = prefix.endswith("i")
    scale = _BINARY[prefix] if binary else _DECIMAL[prefix]
    bytes_unit = match["unit"] == "B"
    bits = number * scale * (8.0 if bytes_unit else 1.0)
    return BandwidthQuantity(
        text=text,
        value=number,
        prefix=prefix,
        binary=binary,
        bytes_unit=bytes_unit,
        bits_per_second=bits,
    )


def parse_bandwidth(text: str) -> float:
    """Return the bandwidth written in ``text`` in bits per second.

    ``'25.6 GB/s'`` -> 204.8e9 (decimal GB: 10**9 bytes).  ``'12.8GiB/s'`` uses 2**30 bytes.
    Raises ``InputError`` naming the text and the accepted forms.
    """
    return parse_bandwidth_quantity(text).bits_per_second


def format_bandwidth(bits_per_second: float, *, bytes_unit: bool = True, digits: int = 4) -> str:
    """Format bits/s with a decimal prefix, e.g. 204.8e9 -> '25.6 GB/s' (decimal GB)."""
    value = bits_per_second / 8.0 if bytes_unit else bits_per_second
    unit = "B/s" if bytes_unit else "b/s"
    for prefix, scale in (("P", 1e15), ("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(value) >= scale:
            return f"{value / scale:.{digits}g} {prefix}{unit}"
    return f"{value:.{digits}g} {unit}"
