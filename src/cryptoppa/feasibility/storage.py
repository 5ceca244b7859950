"""On-chip storage of a bus-encryption unit: GCM (2008 study) vs CBC as in SENSS.

The 2008 GCM-vs-CBC study sized the storage each processor's security unit needs in an
8-processor SMP with 100 processes.  It printed, for GCM, the sum ``(128*9) + (100*9) + (99*14)``
bits excluding pads, plus 5 pre-computed pads per processor pair and direction, one line each;
and for SENSS-style CBC, ``100 processes x 2 x 64 B x 2`` bytes of masks.

It gave only the P = 8 figures, so the general formulas below are OUR READING of them:

* ``9 = P + 1``: one 128-bit key per processor plus one more, and a process-table entry of
  P + 1 bits (e.g. one bit per processor plus a valid bit).  Both are guesses that fit P = 8.
* ``14 = 2 (P - 1)``: a send and a receive counter for each of the other P - 1 processors.
  This is the reading the pads support -- "5 per processor pair and direction", 5 x 14 lines --
  though ``P (P - 1) / 4`` also equals 14 at P = 8 and cannot be ruled out from the figures.
* ``99``: the counter width in bits as printed; nothing in P = 8 or Q = 100 derives it
  (Q - 1 = 99 is a coincidence we do not rely on), so it is a parameter.
* CBC masks: per process, an encryption mask and an authentication mask (the first 2), one line
  each (64 B), times a second factor of 2 the figures do not explain (plausibly one set per
  direction); kept as ``copies`` so it can be changed.

Each term is returned with what it stores and its formula, so a reader can disagree precisely.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import InputError

STUDY_PRINTED_GCM_BITS = 3672
STUDY_PRINTED_GCM_BYTES = 430


@dataclass(frozen=True)
class StorageTerm:
    name: str
    stores: str
    formula: str  # in P, Q, L (line bytes)
    count: int
    bits_each: int

    @property
    def bits(self) -> int:
        return self.count * self.bits_each


@dataclass(frozen=True)
class StorageResult:
    """Storage of one unit: state terms (bits) plus line-sized buffers (pads or masks)."""

    scheme: str  # "gcm" or "cbc-senss"
    processors: int
    processes: int
    line_bytes: int
    terms: tuple[StorageTerm, ...]  # every term, buffers included, in bits
    state_bits: int  # keys, tables, counters: everything but the line-sized buffers
    buffer_bytes: int  # pre-computed pads (GCM) or masks (CBC)
    study_printed: str
    study_printed_applies_to: str  # "state" or "total": which of our figures the printed one is
    discrepancy: bool
    note: str

    @property
    def state_bytes(self) -> float:
        return self.state_bits / 8.0

    @property
    def total_bytes(self) -> float:
        return self.state_bytes + self.buffer_bytes


def _check_positive(**values: int) -> None:
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"{name} must be a positive integer, got {value!r}")
    line = values.get("line_bytes")
    if line is not None and line % 16:
        raise InputError(f"line_bytes must be a multiple of the 16-byte AES block, got {line}")


def gcm_storage(
    processors: int = 8,
    processes: int = 100,
    line_bytes: int = 64,
    pads_per_pair: int = 5,
    key_bits: int = 128,
    counter_bits: int = 99,
) -> StorageResult:
    """Storage of one processor's GCM bus-encryption unit (see module docstring for the reading).

    For the study's P = 8, Q = 100: 128*9 + 100*9 + 99*14 = 3438 bits (~430 bytes) of state,
    and 5 * 14 pads of one line: 4480 bytes at 64-byte lines, 8960 at 128.
    """
    _check_positive(processors=processors, processes=processes, line_bytes=line_bytes,
                    pads_per_pair=pads_per_pair, key_bits=key_bits, counter_bits=counter_bits)
    p, q = processors, processes
    peers_directions = 2 * (p - 1)
    terms = (
        StorageTerm("keys", "one AES key per processor plus one (guess: group/memory key)",
                    "(P+1) x key_bits", p + 1, key_bits),
        StorageTerm("process table", "per process, P+1 bits (guess: a bit per processor + valid)",
                    "Q x (P+1)", q, p + 1),
        StorageTerm("counters", "a send and a receive counter per other processor",
                    "2(P-1) x counter_bits", peers_directions, counter_bits),
        StorageTerm("pads", f"{pads_per_pair} pre-computed pads per other processor and direction, one line each",
                    "pads x 2(P-1) x L x 8", pads_per_pair * peers_directions, line_bytes * 8),
    )
    state_bits = sum(t.bits for t in terms if t.name != "pads")
    buffer_bytes = pads_per_pair * peers_directions * line_bytes

    study_config = (p, q, key_bits, counter_bits) == (8, 100, 128, 99)
    printed, discrepancy, note = "", False, "general formula is our reading of the P = 8 figures"
    if study_config:
        printed = f"{STUDY_PRINTED_GCM_BITS} bits, or {STUDY_PRINTED_GCM_BYTES} bytes (excluding pads)"
        discrepancy = state_bits != STUDY_PRINTED_GCM_BITS
        note = (
            f"its own sum (128*9)+(100*9)+(99*14) = {state_bits} bits = {state_bits / 8:.2f} bytes; "
            f"the printed {STUDY_PRINTED_GCM_BITS} bits would be {STUDY_PRINTED_GCM_BITS / 8:g} bytes, so its "
            f"{STUDY_PRINTED_GCM_BYTES} bytes matches the sum and the bit count looks like the error"
        )
    return StorageResult("gcm", p, q, line_bytes, terms, state_bits, buffer_bytes, printed, "state",
                         discrepancy, note)


def cbc_storage(
    processes: int = 100,
    line_bytes: int = 64,
    mask_kinds: int = 2,
    copies: int = 2,
    processors: int = 8,
) -> StorageResult:
    """Mask storage of a SENSS-style CBC unit: Q x mask kinds x line bytes x copies.

    ``mask_kinds`` = 2 (encryption and authentication); ``copies`` = 2 is the study's unexplained
    second factor.  The study: 100 x 2 x 64 B x 2 = 25,600 bytes (it printed only 64-byte lines).
    ``processors`` does not enter the formula; it is recorded for the comparison.
    """
    _check_positive(processes=processes, line_bytes=line_bytes, mask_kinds=mask_kinds, copies=copies,
                    processors=processors)
    masks = processes * mask_kinds * copies
    terms = (
        StorageTerm("masks", f"per process: {mask_kinds} masks (encryption, authentication) x {copies} copies, "
                    "one line each", "Q x kinds x copies x L x 8", masks, line_bytes * 8),
    )
    buffer_bytes = masks * line_bytes
    printed = "25,600 bytes" if (processes, line_bytes, mask_kinds, copies) == (100, 64, 2, 2) else ""
    note = "second factor of 2 ('copies') is not explained by the figures; formula is our reading"
    return StorageResult("cbc-senss", processors, processes, line_bytes, terms, 0, buffer_bytes, printed, "total",
                         bool(printed) and buffer_bytes != 25_600, note)


@dataclass(frozen=True)
class StorageComparison:
    gcm: StorageResult
    cbc: StorageResult

    @property
    def ratio(self) -> float:
        """CBC bytes / GCM bytes (> 1 means GCM needs less storage)."""
        return self.cbc.total_bytes / self.gcm.total_bytes if self.gcm.total_bytes else math.inf


def compare_storage(
    processors: int = 8,
    processes: int = 100,
    line_bytes: int = 64,
    pads_per_pair: int = 5,
    key_bits: int = 128,
    counter_bits: int = 99,
    mask_kinds: int = 2,
    copies: int = 2,
) -> StorageComparison:
    """GCM and CBC storage for the same system, side by side."""
    return StorageComparison(
        gcm_storage(processors, processes, line_bytes, pads_per_pair, key_bits, counter_bits),
        cbc_storage(processes, line_bytes, mask_kinds, copies, processors),
    )
