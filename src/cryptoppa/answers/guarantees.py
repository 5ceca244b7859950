"""What an answered engine guarantees: its cipher's block and rounds, and its scheme's integrity and replay protection.

Schemes are only ranked against schemes of equal guarantees ("the least silicon" within a class): a 64-bit-block
cipher is not set against a 128-bit one, confidentiality against integrity, integrity without replay protection
against a counter tree, nor a reduced-round scrambler against any cipher used as specified.

    guarantee_of(config, scheme).klass    # "integrity, no replay protection"
    guarantee_of(config, scheme).text     # "AES-128 (10 rounds, 128-bit block); 128-bit tag; no replay protection"
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..feasibility.metadata import SPECIFIED_ROUNDS, Scheme

# AES rounds by key size (FIPS 197, Table 4); an XTS key is two AES keys (IEEE 1619).
_AES_ROUNDS = {128: 10, 192: 12, 256: 14}
_XTS = ("xts", "aes_round", "xts_mk")
# QARMA-64 as its paper recommends it: r = 7 (Avanzi, IACR ToSC 2017(1)); PRINCE's 12 rounds: SPECIFIED_ROUNDS.
_QARMA_R = 7


@dataclass(frozen=True)
class Guarantee:
    cipher: str  # "AES-128", "PRINCE"
    block_bits: int
    rounds: str  # as the cipher's paper counts them: "10 rounds", "r = 7"
    reduced: bool  # fewer rounds than the cipher is specified with: scrambling, not encryption
    tag_bits: int  # MAC per line (0: no integrity)
    replay: bool  # a counter tree to an on-die root detects replayed lines
    unauthenticated_counters: bool  # per-line counters nothing authenticates: a replayed counter reuses a pad

    @property
    def klass(self) -> str:
        """The class schemes are ranked within: equal guarantees."""
        if self.reduced:
            return "scrambling: reduced rounds, not cryptographically strong"
        if self.tag_bits and self.replay:
            return "integrity and replay protection"
        if self.tag_bits:
            return "integrity, no replay protection"
        if self.unauthenticated_counters:
            return f"confidentiality only, {self.block_bits}-bit block, unauthenticated counters"
        return f"confidentiality only, {self.block_bits}-bit block"

    @property
    def order(self) -> int:
        """Strongest class first: the order classes are listed in."""
        if self.reduced:
            return 9
        if self.tag_bits:
            return 0 if self.replay else 1
        return 2 + (self.block_bits < 128) * 2 + self.unauthenticated_counters

    @property
    def text(self) -> str:
        """'AES-128 (10 rounds, 128-bit block); 128-bit tag; no replay protection': the guarantee column."""
        cipher = f"{self.cipher} ({self.rounds}, {self.block_bits}-bit block)"
        if self.tag_bits:
            mac = f"{self.tag_bits}-bit MAC"
            return f"{cipher}; {mac}; " + ("counter tree: replay protected" if self.replay else "no replay protection")
        if self.unauthenticated_counters:
            return f"{cipher}; no MAC; counters unauthenticated"
        return f"{cipher}; no MAC"


def _param(config, name: str) -> float:
    group = str(config.get("group", ""))
    for token in group.partition("[")[2].partition("]")[0].split(","):
        key, _, value = token.partition("=")
        if key == name:
            return float(value)
    return math.nan


def guarantee_of(config, scheme: Scheme) -> Guarantee:
    """The guarantee of one engine configuration (a row of answers.basis.configurations) under its scheme."""
    design = config["design"]
    key_bits = _param(config, "KEY_BITS")
    rounds = _param(config, "ROUNDS")
    if design == "qarma64":
        cipher, block, text = "QARMA-64", 64, f"r = {int(rounds) if rounds == rounds else _QARMA_R}"
    elif design == "prince":
        specified = SPECIFIED_ROUNDS[design]
        rounds = int(rounds) if rounds == rounds else specified
        cipher, block = "PRINCE", 64
        text = f"{rounds} of {specified} rounds" if rounds < specified else f"{rounds} rounds"
    else:
        aes_key = key_bits / 2 if design in _XTS else key_bits
        aes_key = int(aes_key) if aes_key == aes_key else 128
        cipher, block, text = f"AES-{aes_key}", 128, f"{_AES_ROUNDS.get(aes_key, 10)} rounds"
    return Guarantee(cipher, block, text, scheme.reduced_rounds, scheme.tag_bits, scheme.tree,
                     bool(scheme.counter_bits) and not scheme.integrity)
