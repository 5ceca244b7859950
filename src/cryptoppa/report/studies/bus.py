"""Study 000 (GCM vs CBC + CBC-MAC bus encryption in an SMP, 2008) beside gcm_iter and cbc_mac.

000 modelled the AES unit as a latency per line (160 or 320 cycles at 1 GHz, 000 §4.3) and CBC as needing a
second AES pass for its MAC; we measure both modes as engines: cycles per line at saturation, the read latency of
an isolated line, area and power, at 64- and 128-byte lines. Its storage figures are recomputed by
:mod:`cryptoppa.feasibility.storage` (`cryptoppa storage`). Its program slowdown (000 Figure 5.1) is replayed by
`cryptoppa slowdown` on our traces of the same four kernels (reports/slowdown), read here from the same table.
"""

from __future__ import annotations

import pandas as pd

from ...baselines.memory import SRAM_UM2_PER_BIT
from ...feasibility.storage import compare_storage
from ...feasibility.studies import BUS_GCM_CBC as S000
from ...feasibility.studies import LOSS_PROCESSORS
from ..document import Block, Heading, Paragraph, Table
from ...catalog import AREA, CYCLES, READ_LATENCY
from ...slowdown.run import TABLE as SLOWDOWN_TABLE
from .ours import Ours, ratio, value
from ..slowdown_report import study_side
from .text import MISSING, frame, num, printed, row, span

LINES = (64, 128)
REPLAY = "000's setup replayed on our traces (cryptoppa slowdown): fft, lu-c, lu-nc, radix"
CLOCK_GHZ = S000["clock"].value
PROCESSES = 100
STUDY_PROCESSORS = 8


def _gcm(line: int) -> tuple[str, dict]:
    return "gcm_iter", {"DIGIT": 16, "LINE_BYTES": line}


def _cbc(line: int) -> tuple[str, dict]:
    return "cbc_mac", {"LINE_BYTES": line}


def _cycles(ours: Ours, engine: tuple[str, dict]) -> float:
    return value(ours.engine(*engine), CYCLES)


def _study_rate(key: str, line: int) -> float:
    """000's throughput formula (line size x clock / AES latency, 000 §4.3) applied to its own latency."""
    return line * CLOCK_GHZ / S000[key].value


_UNITS = (("cbc_64_slow", 64), ("cbc_64_fast", 64), ("gcm_128_slow", 128), ("gcm_128_fast", 128))


def _labels_vs_formula() -> str:
    return ", ".join(f"{S000[f'{k}_rate'].printed} → {num(_study_rate(k, line))}" for k, line in _UNITS)


def _label_factor() -> str:
    """How far 000's throughput labels are from its own formula: label / (line x clock / latency)."""
    return span([S000[f"{k}_rate"].value / _study_rate(k, line) for k, line in _UNITS])


def storage_rows() -> list[dict[str, str]]:
    at64, at128 = (compare_storage(STUDY_PROCESSORS, PROCESSES, line) for line in LINES)
    gcm_bits = at64.gcm.state_bits + at64.gcm.buffer_bytes * 8
    return [
        row("GCM unit storage without pads (8 processors, 100 processes)",
            f"{printed(S000['gcm_state_bits'])} = {printed(S000['gcm_state_bytes'])}", S000["gcm_state_bits"].source,
            f"{at64.gcm.state_bits:,} bits", "its own sum (128·9)+(100·9)+(99·14), `cryptoppa storage`",
            num(at64.gcm.state_bits / S000["gcm_state_bits"].value)),
        row("GCM pad storage, 128-byte lines", printed(S000["gcm_pads_128"]), S000["gcm_pads_128"].source,
            f"{at128.gcm.buffer_bytes:,} bytes", "5 pads × 14 peers and directions × 128 B",
            num(at128.gcm.buffer_bytes / S000["gcm_pads_128"].value)),
        row("SENSS (CBC) mask storage, 64-byte lines", printed(S000["cbc_masks_64"]), S000["cbc_masks_64"].source,
            f"{at64.cbc.buffer_bytes:,} bytes", "100 processes × 2 masks × 64 B × 2",
            num(at64.cbc.buffer_bytes / S000["cbc_masks_64"].value)),
        row("CBC / GCM storage, 64-byte lines", "not printed", "000 §3.8", num(at64.ratio),
            f"{at64.cbc.total_bytes:,.0f} / {at64.gcm.total_bytes:,.0f} bytes", MISSING),
        row("GCM storage as SRAM (64-byte lines)", "not estimated", "000 §3.8",
            f"{num(gcm_bits * SRAM_UM2_PER_BIT)} µm²",
            f"estimate at {SRAM_UM2_PER_BIT} µm² per bit (baselines.memory)", MISSING),
    ]


def comparison(ours: Ours) -> pd.DataFrame:
    cbc64, gcm64, gcm128 = _cycles(ours, _cbc(64)), _cycles(ours, _gcm(64)), _cycles(ours, _gcm(128))
    slow, fast = S000["cbc_64_slow"].value, S000["cbc_64_fast"].value
    area = ratio(value(ours.engine(*_cbc(64)), AREA), value(ours.engine(*_gcm(64)), AREA))
    (p_cbc, kind), (p_gcm, kind_gcm) = ours.power(*_cbc(64)), ours.power(*_gcm(64))
    power = ratio(p_cbc, p_gcm) if kind == kind_gcm else float("nan")
    replayed = _replayed(ours)
    rows = [
        row("AES cycles per 64-byte line, CBC", f"{S000['cbc_64_slow'].printed} or {S000['cbc_64_fast'].printed}",
            S000["cbc_64_slow"].source, num(cbc64), "cbc_mac, saturation (cipher and MAC cores)",
            span([cbc64 / slow, cbc64 / fast])),
        row("AES cycles per 128-byte line, GCM", f"{S000['gcm_128_slow'].printed} or {S000['gcm_128_fast'].printed}",
            S000["gcm_128_slow"].source, num(gcm128), "gcm_iter LINE_BYTES=128, saturation",
            span([gcm128 / S000["gcm_128_slow"].value, gcm128 / S000["gcm_128_fast"].value])),
        row("throughput label → its formula (line × 1 GHz / latency), GB/s", _labels_vs_formula(), "000 §4.3",
            f"{num(64 * CLOCK_GHZ / cbc64)} (cbc_mac), {num(128 * CLOCK_GHZ / gcm128)} (gcm_iter 128 B)",
            "line × 1 GHz / our cycles per line", MISSING),
        row("GCM cycles / CBC cycles per 64-byte line", "1 (the same AES unit for both)", "000 §4.3",
            num(ratio(gcm64, cbc64)), "gcm_iter / cbc_mac", MISSING),
        row("CBC's second AES pass (the MAC): area and power, CBC / GCM",
            "a second AES unit for authentication", "000 §3.2, §5.1",
            f"area {num(area)}×, power {num(power)}× ({kind})", "cbc_mac / gcm_iter, 64-byte lines", MISSING),
        row("read latency of a line", f"{S000['gcm_pad_latency'].printed} {S000['gcm_pad_latency'].unit} "
            "(GCM pad pre-computed)", S000["gcm_pad_latency"].source,
            f"{num(value(ours.engine(*_gcm(64)), READ_LATENCY))} (gcm_iter), "
            f"{num(value(ours.engine(*_cbc(64)), READ_LATENCY))} (cbc_mac) cycles",
            "isolated decrypt, no pad computed ahead", MISSING),
        *storage_rows(),
        *(row(f"performance loss, {mode.upper()}",
              span([S000[f"loss_{p}_{mode}_{r}"].value for p in LOSS_PROCESSORS for r in ("fast", "slow")], unit=" %"),
              "000 Figure 5.1", span(list(replayed[f"ours {mode.upper()} %"]), unit=" %"), REPLAY, MISSING)
          for mode in ("gcm", "cbc")),
    ]
    return frame(rows)


def _replayed(ours: Ours) -> pd.DataFrame:
    """Our replay of 000 Figure 5.1's points (64-byte lines, its processor counts and AES units), from the
    slowdown table; empty columns when it is not in the data."""
    side = study_side(ours.slowdown) if not ours.slowdown.empty else pd.DataFrame()
    if side.empty:
        return pd.DataFrame(columns=["processors", "AES unit GB/s", "ours GCM %", "ours CBC %"])
    return side[(side["line B"] == 64) & side["study GCM %"].notna()]


def losses(ours: Ours) -> pd.DataFrame:
    """000 Figure 5.1 (64-byte lines) as printed, with CBC / GCM at equal AES throughput, beside our replay."""
    replayed = _replayed(ours).set_index(["processors", "AES unit GB/s"])
    rows = []
    for p in LOSS_PROCESSORS:
        for rate in ("fast", "slow"):
            label = S000[f"cbc_64_{rate}_rate"]
            gcm, cbc = S000[f"loss_{p}_gcm_{rate}"], S000[f"loss_{p}_cbc_{rate}"]
            mine = replayed.loc[(p, label.value)] if (p, label.value) in replayed.index else None
            ours_gcm, ours_cbc = (float(mine["ours GCM %"]), float(mine["ours CBC %"])) if mine is not None else \
                (float("nan"), float("nan"))
            rows.append({"processors": p, "AES unit (its label)": f"{label.printed} GB/s", "GCM loss %": gcm.printed,
                         "CBC loss %": cbc.printed, "CBC / GCM": num(cbc.value / gcm.value),
                         "ours: GCM loss %": num(ours_gcm), "ours: CBC loss %": num(ours_cbc),
                         "ours: CBC / GCM": num(ratio(ours_cbc, ours_gcm))})
    return pd.DataFrame(rows)


def answer(ours: Ours) -> str:
    cbc64, gcm64 = _cycles(ours, _cbc(64)), _cycles(ours, _gcm(64))
    area = ratio(value(ours.engine(*_cbc(64)), AREA), value(ours.engine(*_gcm(64)), AREA))
    gcm_loss = [S000[f"loss_{p}_gcm_{r}"].value for p in LOSS_PROCESSORS for r in ("fast", "slow")]
    cbc_loss = [S000[f"loss_{p}_cbc_{r}"].value for p in LOSS_PROCESSORS for r in ("fast", "slow")]
    at64 = compare_storage(STUDY_PROCESSORS, PROCESSES, 64)
    return (f"Study 000 (GCM vs CBC + CBC-MAC bus encryption): with an AES unit of {S000['cbc_64_fast'].printed}–"
            f"{S000['cbc_64_slow'].printed} cycles per line (000 §4.3) GCM lost {span(gcm_loss)} % of performance "
            f"and CBC {span(cbc_loss)} % (000 Figure 5.1), because CBC chains its masks and needs a second AES pass "
            f"for the MAC. Our engines take {num(cbc64)} (cbc_mac) and {num(gcm64)} (gcm_iter) cycles per 64-byte "
            f"line, {span([S000['cbc_64_fast'].value / cbc64, S000['cbc_64_slow'].value / cbc64])}× fewer than its "
            f"CBC unit; the MAC's second pass costs us {num(area)}× the area rather than time (its two AES cores run "
            f"together) — the study's 'another AES unit for authentication' (000 §5.1), measured. Its throughput "
            f"labels are {_label_factor()}× what its own formula gives from its latencies ({_labels_vs_formula()} "
            "GB/s). Its storage "
            f"follows from its formulas except the printed {S000['gcm_state_bits'].printed} bits (its own sum is "
            f"{at64.gcm.state_bits:,}); CBC needs {num(at64.ratio)}× GCM's storage at 64-byte lines. "
            + _slowdown_answer(ours))


def _slowdown_answer(ours: Ours) -> str:
    mine = _replayed(ours)
    if mine.empty:
        return "Our replay of its program slowdown is not in the data (`cryptoppa slowdown`)."
    gcm, cbc = list(mine["ours GCM %"]), list(mine["ours CBC %"])
    return (f"Its setup replayed on our traces of the same four kernels (reports/slowdown) loses {span(gcm)} % with "
            f"GCM and {span(cbc)} % with CBC: CBC {span([ratio(c, g) for c, g in zip(cbc, gcm)])}× GCM's loss at "
            "each point, the study's qualitative result; the absolute losses differ because our kernels, caches "
            "and cores are not its Simics/GEMS system.")


def section(ours: Ours) -> list[Block]:
    source = ours.source()
    return [
        Heading(2, "000: GCM vs CBC + CBC-MAC bus encryption"),
        Paragraph(f"000 ({S000.citation}) puts a GCM or a SENSS-style CBC + CBC-MAC unit on each processor of an SMP "
                  "and simulates SPLASH-2 programs (000 Chapter IV). Its AES unit is a latency per line, the same for "
                  "both modes; ours are two measured engines at the basis clock, cycles counted in simulation."),
        Table(comparison(ours), f"`{S000.path}` (study); {source} (ours); storage: `cryptoppa storage` "
                                f"(cryptoppa.feasibility.storage); performance loss: {ours.source(SLOWDOWN_TABLE)}"),
        Heading(3, "Program slowdown (000 Figure 5.1)"),
        Paragraph("000 Figure 5.1 (64-byte lines; Figure 5.2's 128-byte values are not in the extracted text) as "
                  "printed, beside the same points replayed by `cryptoppa slowdown`: cache-to-cache transfers "
                  "protected by one AES unit per processor of the stated latency, GCM with precomputed pads against "
                  "CBC, total loss over the four kernels (reports/slowdown has the setup and the 128-byte lines)."),
        Table(losses(ours), f"`{S000.path}`, Figure 5.1 (study); {ours.source(SLOWDOWN_TABLE)} via "
                            "`cryptoppa.report.slowdown_report.study_side` (ours)"),
    ]
