"""Integrity metadata of a memory-protection scheme: what it stores in DRAM and what it adds to the traffic.

A scheme stores, per protected data line, a MAC tag (packed `tags_per_line` to a metadata line), a version
counter (packed `counters_per_line`, the arity of its counter tree) and, with a tree, the levels above the
counters up to a root small enough to stay on die. Reading a data line then also reads its tag line, its counter
line and every tree level in DRAM, each unless an on-die metadata cache holds it:

    extra bytes per data byte = sum over those lines of P(miss) x (1 + write fraction)

for two access patterns that bound real workloads: `streaming` (consecutive lines: a metadata line is fetched
once for all the data lines it covers, P(miss) = 1 / lines covered: the best case) and `uncached` (every access
misses, P(miss) = 1: the worst case), or one metadata-cache hit rate for every metadata line between them
(`traffic_range` gives all three for one scheme). The write-fraction term charges each metadata miss one write-back
of a dirty victim (metadata changes on every write of a data line: its tag, its counter and the counters above
it); the default 1/3 is two reads per write. Capacity overhead = metadata lines per data line. Both are per data line, independent of bandwidth, but a
counter tree's depth depends on the protected footprint (`Access.protected_bytes`: 96 MiB, SGX MEE's region, unless
set), so every figure of a scheme with a tree states it. Feasibility multiplies the bandwidth the engines
must carry by (1 + extra traffic), assuming every byte that crosses the memory bus crosses an engine once (tags
are compared and tree nodes MACed by the same engines: an upper bound for the tag lines).

Schemes (SCHEMES) and where their parameters come from:
* `xts` -- AES-XTS with the physical address as tweak, no integrity and no metadata: Intel TME-MK, AMD SME/SEV,
  Arm CCA (IEEE 1619 / NIST SP 800-38E); engines `xts` (iterative rounds) and `aes_round` (one AES round per
  register stage, the industrial datapath).
* `gcm-tag` -- AES-GCM with a 128-bit tag per 64-byte line and no per-line counters or tree (no replay
  protection): tags take a quarter of memory, as one vendor's DDR controller documents for its AES-GCM mode; the
  studies' GCM engines (000, 001) produce one 128-bit tag per line.
* `ctr-mac-tree` -- counter mode with precomputed pads, a 56-bit Carter-Wegman MAC and a 56-bit version counter
  per line, eight to a line, under a counter tree of arity 8 whose root stays on die: Intel SGX's Memory
  Encryption Engine (Gueron, "A Memory Encryption Engine Suitable for General Purpose Processors", IACR ePrint
  2016/204), which protects 96 MB.
* `prince-xex` -- the low-latency cipher used for confidentiality only, like XTS: no metadata.
* `qarma64-tweak` -- QARMA-64 with each block's address as its tweak: a tweakable low-latency cipher for memory,
  confidentiality only, no metadata.
* `cbc-mac` -- SENSS-style CBC encryption with a 128-bit CBC-MAC tag per line (000), stored like gcm-tag.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from ..errors import InputError


@dataclass(frozen=True)
class Scheme:
    name: str
    label: str
    engines: tuple[str, ...]  # the design families whose datapaths implement it
    tag_bits: int = 0  # MAC per data line (0: no integrity)
    tags_per_line: int = 0  # tags packed in one metadata line
    counter_bits: int = 0  # version counter per data line (0: none stored)
    counters_per_line: int = 0  # counters per metadata line = the tree's arity
    tree: bool = False  # counters protected by a tree up to an on-die root
    source: str = ""

    @property
    def integrity(self) -> bool:
        return self.tag_bits > 0


SCHEMES = {s.name: s for s in (
    Scheme("xts", "AES-XTS, address tweak (TME-MK, SME, CCA)", ("xts", "aes_round"),
           source="IEEE 1619; Intel TME-MK, AMD SME/SEV, Arm CCA: confidentiality only"),
    Scheme("gcm-tag", "AES-GCM, 128-bit tag per line", ("gcm_iter", "gcm_pipe", "gcm_subpipe"),
           tag_bits=128, tags_per_line=4,
           source="Jannepally 2008 and Owen 2013: one 128-bit tag per line; a vendor DDR controller stores it in a quarter of "
                  "memory"),
    Scheme("ctr-mac-tree", "counter mode + 56-bit MAC + counter tree (SGX MEE)", ("ctr_mac",), tag_bits=56,
           tags_per_line=8, counter_bits=56, counters_per_line=8, tree=True,
           source="Gueron, IACR ePrint 2016/204: 56-bit counters and MACs, 8 per line, tree of arity 8, root on die"),
    Scheme("prince-xex", "PRINCE in XEX mode, address tweak (low latency)", ("prince",),
           source="Borghoff et al., ASIACRYPT 2012 (PRINCE); Rogaway 2004 (XEX): confidentiality only"),
    Scheme("qarma64-tweak", "QARMA-64, block address as tweak (low latency)", ("qarma64",),
           source="Avanzi, \"The QARMA Block Cipher Family\", IACR ToSC 2017(1): confidentiality only"),
    Scheme("cbc-mac", "AES-CBC + 128-bit CBC-MAC per line (SENSS)", ("cbc_mac",), tag_bits=128, tags_per_line=4,
           source="Jannepally 2008, §5.1: SENSS-style CBC encryption with a CBC-MAC per transfer"),
)}


PATTERNS = ("streaming", "uncached")
SGX_PROTECTED_BYTES = 96 * 2**20  # the default footprint: SGX MEE's protected region (Gueron 2016)
_SIZE = re.compile(r"^\s*(?P<number>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(?P<prefix>[KMGTP]i|[kKMGTP])?B?\s*$")
_SIZE_PREFIX = {"": 1, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15,
                "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50}


def parse_size(text: str) -> float:
    """Bytes of a footprint such as '96MiB', '16 GiB', '4GB' or '1e9' (decimal prefixes unless written Ki/Mi/...)."""
    m = _SIZE.match(str(text))
    if not m or not float(m["number"]) > 0:
        raise InputError(f"protected footprint {text!r}: expected a positive size such as 96MiB, 16GiB or 4GB")
    return float(m["number"]) * _SIZE_PREFIX[m["prefix"] or ""]


def format_size(n_bytes: float) -> str:
    """'96 MiB' for whole binary units, else decimal GB/MB."""
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20)):
        if n_bytes >= size and n_bytes % size == 0:
            return f"{n_bytes / size:g} {unit}"
    return f"{n_bytes / 1e9:.4g} GB" if n_bytes >= 1e9 else f"{n_bytes / 1e6:.4g} MB"


@dataclass(frozen=True)
class Access:
    """How data lines are accessed: a pattern (or one hit rate for every metadata line), the share of writes, and
    the region the tree covers."""

    pattern: str = "streaming"
    hit_rate: float | None = None  # overrides the pattern when given
    write_fraction: float = 1 / 3
    on_die_bytes: int = 4096  # a tree level this small stays on die (SGX keeps its top level on die)
    protected_bytes: float = SGX_PROTECTED_BYTES  # the footprint a counter tree covers

    def __post_init__(self):
        if self.pattern not in PATTERNS:
            raise InputError(f"access pattern {self.pattern!r}: expected one of {', '.join(PATTERNS)}")
        for name in ("hit_rate", "write_fraction"):
            value = getattr(self, name)
            if value is not None and not 0.0 <= value <= 1.0:
                raise InputError(f"metadata {name.replace('_', ' ')} must be between 0 and 1, got {value!r}")
        if self.protected_bytes <= 0 or self.on_die_bytes < 0:
            raise InputError("metadata: the protected region must be positive and the on-die size not negative")

    def miss(self, lines_covered: int) -> float:
        if self.hit_rate is not None:
            return 1.0 - self.hit_rate
        return 1.0 / lines_covered if self.pattern == "streaming" else 1.0

    @property
    def name(self) -> str:
        """The access in a few words: 'streaming', 'uncached' or 'hit rate 0.9'."""
        return f"hit rate {self.hit_rate:g}" if self.hit_rate is not None else self.pattern

    @property
    def footprint(self) -> str:
        """The protected footprint, saying when it is the default."""
        default = " (SGX MEE's region, the default)" if self.protected_bytes == SGX_PROTECTED_BYTES else ""
        return f"{format_size(self.protected_bytes)} protected{default}"


def get_scheme(name: str) -> Scheme:
    if name not in SCHEMES:
        raise InputError(f"unknown scheme {name!r}; expected one of {', '.join(SCHEMES)}")
    return SCHEMES[name]


def tree_levels(scheme: Scheme, access: Access, line_bytes: int = 64) -> list[int]:
    """Lines per level stored in DRAM, counters first, up to (not including) the level kept on die."""
    if not scheme.counter_bits:
        return []
    lines = math.ceil(access.protected_bytes / line_bytes / scheme.counters_per_line)
    levels = [lines]
    while scheme.tree and lines * line_bytes > access.on_die_bytes:
        lines = math.ceil(lines / scheme.counters_per_line)
        levels.append(lines)
    if scheme.tree:
        levels.pop()  # the last level fits on die
    return levels


def traffic_range(scheme: Scheme, access: Access = Access(), line_bytes: int = 64) -> dict[str, Overhead]:
    """The scheme's overhead on the same footprint and write share for the streaming best case, the uncached worst
    case and, when `access` has one, its hit rate: {access name: Overhead}."""
    cases = [replace(access, pattern=p, hit_rate=None) for p in PATTERNS]
    if access.hit_rate is not None:
        cases.append(access)
    return {a.name: overhead(scheme, a, line_bytes) for a in cases}


@dataclass(frozen=True)
class Overhead:
    scheme: str
    lines_per_access: int  # metadata lines a read touches when nothing is cached
    extra_traffic: float  # metadata bytes on the bus per data byte
    capacity: float  # metadata bytes in DRAM per data byte
    note: str


def overhead(scheme: Scheme, access: Access = Access(), line_bytes: int = 64) -> Overhead:
    if not scheme.integrity and not scheme.counter_bits:
        return Overhead(scheme.name, 0, 0.0, 0.0, "no integrity metadata")
    levels = tree_levels(scheme, access, line_bytes)
    data_lines = access.protected_bytes / line_bytes
    kinds = []  # (P(miss), metadata lines of that kind in DRAM)
    if scheme.tag_bits:
        kinds.append((access.miss(scheme.tags_per_line), math.ceil(data_lines / scheme.tags_per_line)))
    for level, lines in enumerate(levels):
        kinds.append((access.miss(scheme.counters_per_line ** (level + 1)), lines))
    extra = sum(miss for miss, _ in kinds) * (1 + access.write_fraction)
    capacity = sum(lines for _, lines in kinds) / data_lines
    parts = ["tag"] if scheme.tag_bits else []
    parts += ["counters"] if levels else []
    parts += [f"{len(levels) - 1} tree levels"] if len(levels) > 1 else []
    over = f" over {access.footprint}" if scheme.tree else ""
    note = (f"{' + '.join(parts)} per read ({len(kinds)} lines uncached){over}; {access.name}, "
            f"writes {access.write_fraction:.2g}")
    return Overhead(scheme.name, len(kinds), extra, capacity, note)
