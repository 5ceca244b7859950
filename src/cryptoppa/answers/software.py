"""Software beside the engines: AES-GCM on our synthesized RV32 cores and on the host CPU, per instance (one core),
and how many instances the question's memory needs (each byte through one instance once).

A core is answered at the question's clock (gated by its fmax, as an engine is) with its synthesized logic's area and
power (simulated activity where `core-baseline --energy` measured it, else vectorless); its code and data SRAM is an
estimate (cryptoppa.baselines.memory), given beside the core's area and never folded in. The host is answered in ns
per byte as `host-baseline` measured it (the median of its runs, with the fastest and slowest beside it), and in
cycles at the clock it recorded for the row: measured around the runs, or the nominal one where it could not be;
nothing here measures the host's area or power.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..baselines.host import ShortGcm, short_gcm
from ..catalog import ACTIVITY_POWER, AREA, CYCLES_PER_BYTE, FMAX, POWER_LEAKAGE, SRAM_AREA
from ..errors import CryptoppaError
from ..feasibility.throughput import engines_needed, software_throughput
from ..sweep import results as results_mod
from ..sweep.results import FINISHED
from . import gates
from .basis import power_at_clock
from .question import Question
from .records import NotAnswered, On, Record

HOST_TABLE = "host_baseline.parquet"
CORE_TABLE = "core_baseline.parquet"


@dataclass
class SoftwareOption:
    name: str  # "rv32_pipe ZK=1 zk -O3", "host: openssl-aesni (Xeon …)"
    kind: str  # core | host
    figures: dict[str, Record] = field(default_factory=dict)
    refused: NotAnswered | None = None
    note: str = ""  # what a reader comparing it with the options beside it needs to know, without numbers


def core_options(folder: Path, question: Question, library: str, line_bytes: int = 64) -> list[SoftwareOption]:
    """AES-GCM of one line per message on each RV32 core and firmware of a `core-baseline` folder."""
    table = _read(folder, CORE_TABLE, "cryptoppa core-baseline --out " + str(folder))
    ok = table[(table["alg"] == "gcm") & (table["bytes"] == line_bytes) & table["status"].isin(FINISHED)]
    out = []
    for _, r in ok.sort_values("option", kind="stable").iterrows():
        option = SoftwareOption(str(r["option"]), "core")
        config = {"fmax_mhz": float(r[FMAX])}
        clock = question.clock_mhz(float(r[FMAX]))
        refusal = gates.clock(config, clock, "synthesis")
        if refusal:
            option.refused = NotAnswered(option.name, f"software on the core at {clock:.4g} MHz", refusal)
            out.append(option)
            continue
        simulated = ACTIVITY_POWER in r.index and pd.notna(r.get(ACTIVITY_POWER))
        measured = float(r["clock_mhz"])
        if simulated:  # the firmware's activity gives a total: its leakage is the netlist's, which does not scale
            leakage = float(r[POWER_LEAKAGE])
            power = leakage + (float(r[ACTIVITY_POWER]) - leakage) * clock / measured
        else:
            power = power_at_clock(r, clock, measured)
        gbps = software_throughput(clock * 1e6, float(r["cycles_per_byte"])) / 1e9
        on = On(library=library, stage="synthesis", power="simulated, firmware" if simulated else "vectorless",
                clock=f"{clock:.4g} MHz")
        out.append(_option(option, question, gbps, float(r[AREA]) / 1e6, power, on,
                           float(r.get(SRAM_AREA, math.nan)) / 1e6, float(r["cycles_per_byte"])))
    return out


def _short_gcm_note(short: ShortGcm) -> str:
    """Why every CPU feature can be slower than AES-NI only on one line (cryptoppa.baselines.host.short_gcm), as
    host:all's note, in words: its numbers are the table's."""
    if short.verdict == "avx-movbe code":
        long = " and which make it the fastest on long messages (host_baseline.csv)" if short.fastest_long else ""
        return ("slower than host:aesni and than host:no-movbe (every feature but MOVBE) on one line, beyond the spread "
                "of their runs: the cost is in OpenSSL's AVX GHASH and AES-GCM, which it selects only with AVX and "
                f"MOVBE both{long}")
    return {"within spread": "within the spread of host:aesni's runs on one line: no difference is shown",
            "unexplained": "slower than host:aesni on one line, beyond the spread of their runs; masking MOVBE alone "
                           "does not remove it"}.get(short.verdict, "")


def host_options(folder: Path, question: Question, line_bytes: int = 64) -> list[SoftwareOption]:
    """AES-128-GCM on the host CPU, one core, messages of one line (from `cryptoppa host-baseline`)."""
    table = _read(folder, HOST_TABLE, "cryptoppa host-baseline --out " + str(folder))
    gcm = table[(table["alg"] == "aes-128-gcm") & (table["bytes"] == line_bytes)]
    short = short_gcm(table, line_bytes)
    out = []
    for _, r in gcm.iterrows():
        option = SoftwareOption(f"{r['option']} ({r['cpu_model']})", "host")
        mhz = float(r["cpu_mhz"])
        basis = r.get("clock_basis", "nominal")  # a table measured before clocks were measured has the nominal one
        gbps = software_throughput(mhz * 1e6, float(r[CYCLES_PER_BYTE])) / 1e9
        on = On(clock=f"{mhz:.4g} MHz {basis}", stage="openssl speed")
        _option(option, question, gbps, math.nan, math.nan, on, math.nan, float(r[CYCLES_PER_BYTE]))
        for end, side in (("fastest", "low"), ("slowest", "high")):  # the runs' spread, where the table has it
            spread = Record(option.name, f"ns per byte, {end} run", "ns_per_byte",
                            float(r.get(f"ns_per_byte_{side}", math.nan)), on)
            if spread.known:
                option.figures[spread.name] = spread
        if short is not None and r.get("feature_set") == "all":
            option.note = _short_gcm_note(short)
        out.append(option)
    return out


def _option(option: SoftwareOption, question: Question, gbps: float, area_mm2: float, power_w: float, on: On,
            sram_mm2: float, cycles_per_byte: float) -> SoftwareOption:
    count = engines_needed(question.bits_per_second, gbps * 1e9)
    total = On(library=on.library, stage=on.stage, power=on.power, clock=on.clock, memory=question.memory_text)

    def rec(name: str, quantity: str, value: float, basis: On = on) -> Record:
        return Record(option.name, name, quantity, value, basis)

    option.figures = {r.name: r for r in (
        rec("cycles per byte", "cycles_per_byte", cycles_per_byte),
        rec("ns per byte", "ns_per_byte", 8 / gbps),  # 8 bits a byte over Gb/s: clock-free for the host
        rec("throughput", "gbps", gbps),
        rec("core area", "area_mm2", area_mm2),
        rec("code and data SRAM, estimate", "area_mm2", sram_mm2),
        rec("power", "power_mw", power_w * 1e3),
        rec("instances", "instances", count.count, total),
        rec("total core area", "area_mm2", count.count * area_mm2, total),
        rec("total power", "power_w", count.count * power_w, total),
    ) if r.known}
    return option


def _read(folder: Path, name: str, command: str) -> pd.DataFrame:
    if results_mod.table_path(folder, name) is None:
        raise CryptoppaError(f"{folder}: no {name} (make it with `{command}`)")
    return results_mod.read(folder, name)
