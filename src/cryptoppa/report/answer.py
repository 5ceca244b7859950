"""The report's first sections: the answer a reader comes for, then the basis it is on, then the 2013 study beside it.

The answer is per engine design: what a memory bandwidth costs in engines, mm², kGE, W, pJ per byte, added read
latency and extra DRAM traffic, at the study's 225 MHz and at each engine's own fmax, all on one basis
(cryptoppa.report.basis) and through one function (cryptoppa.report.totals).
"""

from __future__ import annotations

from typing import Callable

import pandas as pd

from ..feasibility.presets import get_preset, resolve_bandwidth
from ..feasibility.units import format_bandwidth
from ..slowdown.answer import PUBLISHED as SLOWDOWN_DATA
from ..slowdown.answer import slowdown_by_scheme
from ..slowdown.run import TABLE as SLOWDOWN_TABLE
from ..sweep import results as results_mod
from . import headline
from .basis import STUDY_CLOCK_MHZ, Basis, basis_of, configurations, quote_key, read_latency_ns
from .document import Block, Bullets, Heading, Paragraph, Table
from .labels import fixed_per_design, fixed_text, short_labels
from .load import Results, engines_alone
from .quotes import quote
from .study_side import compared_groups, side_by_side
from .totals import Totals, totals
from .traffic import scheme_traffic

Source = Callable[[Results, str], str]  # how a table cites the results file it was computed from


def dram_access_ns(bandwidth: str) -> float:
    """tRCD + tCL of the preset's DRAM (NaN for a preset without timing: no hint lead)."""
    return get_preset(bandwidth).access_ns


def dram_source(bandwidth: str) -> str:
    return get_preset(bandwidth).timing_source or "no DRAM timing"


def engines(results: Results, basis: Basis) -> pd.DataFrame:
    """The single engines answered (each group's N = 1 configuration with simulated throughput)."""
    configs = configurations(results, basis)
    if configs.empty:
        return configs
    one = engines_alone(configs)
    return one[one["cycles_per_line"].notna()].reset_index(drop=True)


def clock_of(config: pd.Series, clock: str) -> float:
    return STUDY_CLOCK_MHZ if clock == "study" else float(config["fmax_mhz"])


def answer_rows(results: Results, fits: pd.DataFrame, bits_per_second: float, clock: str,
                basis: Basis | None = None, metadata: bool = True) -> list[tuple[pd.Series, Totals, float]]:
    """(engine configuration, totals, clock MHz) per design at a clock: "study" (225 MHz) or "fmax" (its own).
    metadata: the engines also carry their scheme's metadata (streaming); False counts data alone, as 001 did."""
    basis = basis or basis_of(results)
    out = []
    for _, config in engines(results, basis).iterrows():
        mhz = clock_of(config, clock)
        if not mhz == mhz:
            continue  # no fmax on this basis
        extra = scheme_traffic(config["design"])[0] if metadata else 0.0
        out.append((config, totals(config, bits_per_second, mhz, fits, extra_traffic=extra), mhz))
    return out


def answer_table(rows, basis: Basis, clock: str, access_ns: float) -> pd.DataFrame:
    names = short_labels([c["group"] for c, _, _ in rows])
    table = []
    for config, t, mhz in rows:
        key = quote_key(config, basis, clock)
        low, high = scheme_traffic(config["design"])
        table.append({
            "design": names[config["group"]],
            **({"fmax MHz": quote(key, "fmax_mhz", mhz)} if clock == "fmax" else {}),
            "engines": quote(key, "engines", t.engines),
            "area mm²": quote(key, "area_mm2", t.area_mm2),
            "kGE": quote(key, "total_kge", t.kge),
            "power W": quote(key, "power_w", t.power_w),
            "pJ/byte": quote(key, "pj_per_byte", t.pj_per_byte),
            "read latency ns": quote(key, "latency_ns", read_latency_ns(config, mhz, access_ns)),
            "extra traffic %": "0" if high == 0 else f"{low * 100:.3g}–{high * 100:.3g}",
        })
    return pd.DataFrame(table)


def _lead(rows, basis: Basis, amount: str, access_ns: float) -> str:
    """The answer in words: the design with the least area, and the lowest-latency one, at the study's clock."""
    if not rows:
        return ""
    names = short_labels([c["group"] for c, _, _ in rows])
    least = min(rows, key=lambda r: r[1].area_mm2)
    timed = [r for r in rows if read_latency_ns(r[0], r[2], access_ns) == read_latency_ns(r[0], r[2], access_ns)]
    fastest = min(timed, key=lambda r: read_latency_ns(r[0], r[2], access_ns)) if timed else least
    c, t, mhz = least
    key = quote_key(c, basis, "study")
    kge = quote(key, "total_kge", t.kge)
    among = f"the least area of the {len(rows)} designs measured" if len(rows) > 1 else "the one design measured"
    text = (f"At the study's {mhz:g} MHz, {amount} of memory bandwidth takes {quote(key, 'engines', t.engines)} "
            f"{names[c['group']]} engines: {quote(key, 'area_mm2', t.area_mm2)} mm²"
            f"{'' if kge == '–' else f' ({kge} kGE)'} and {quote(key, 'power_w', t.power_w)} W ({basis.stage}, "
            f"{'simulated' if basis.simulated else 'vectorless'} power), {among}")
    waits = quote(key, "latency_ns", read_latency_ns(c, mhz, access_ns))
    text += f"; each read waits {waits} ns more for its plaintext." if waits != "–" else \
        " (the read latency is not in these results: they predate the hint lead's record)."
    if fastest is not least:
        f, ft, fmhz = fastest
        fkey = quote_key(f, basis, "study")
        text += (f" The least added read latency is {names[f['group']]}'s, "
                 f"{quote(fkey, 'latency_ns', read_latency_ns(f, fmhz, access_ns))} ns, with "
                 f"{quote(fkey, 'engines', ft.engines)} "
                 f"engines, {quote(fkey, 'area_mm2', ft.area_mm2)} mm² and {quote(fkey, 'power_w', ft.power_w)} W.")
    return text


def headline_blocks(results: Results, fits: pd.DataFrame, source: Source) -> list[Block]:
    """The answer at the study's bandwidth (both clocks), then the basis block."""
    study = headline.STUDY_BANDWIDTH
    resolved = resolve_bandwidth(study)
    amount = format_bandwidth(resolved.bits_per_second)
    blocks: list[Block] = [Heading(2, f"Answer: what {amount} of memory bandwidth costs")]
    basis = basis_of(results)
    at_study = answer_rows(results, fits, resolved.bits_per_second, "study", basis)
    if not at_study:
        return blocks + [Paragraph("No engine with a simulated throughput in these results, so the engines a "
                                   "bandwidth needs are unknown; the evidence below still holds."), *basis_block(basis)]
    groups = [c["group"] for c, _, _ in at_study]
    shared = fixed_text(groups)
    access_ns = dram_access_ns(study)
    blocks.append(Paragraph(_lead(at_study, basis, amount, access_ns)))
    blocks.append(Table(answer_table(at_study, basis, "study", access_ns),
                        source(results, f"N = 1 rows; cryptoppa.report.totals at {STUDY_CLOCK_MHZ:g} MHz") +
                        f"; {resolved.assumption}"))
    at_fmax = answer_rows(results, fits, resolved.bits_per_second, "fmax", basis)
    if at_fmax:
        blocks.append(Paragraph(f"The same at each engine's own fmax ({basis.stage}):"))
        blocks.append(Table(answer_table(at_fmax, basis, "fmax", access_ns),
                            source(results, "N = 1 rows; cryptoppa.report.totals at each engine's fmax")))
    by_note: dict[str, list[str]] = {}
    for config, t, _ in at_study:
        by_note.setdefault(t.overhead, []).append(str(config["design"]))
    # One note for every design reads as it is; several say which designs each covers.
    notes = sorted(by_note) if len(by_note) == 1 else [f"{', '.join(dict.fromkeys(designs))}: {note}"
                                                      for note, designs in sorted(by_note.items())]
    blocks.append(Bullets([
        f"Every design above: {shared}." if shared else "The designs differ as named.",
        *([f"Fixed within each design: {fixed_per_design(groups)}."] if fixed_per_design(groups) else []),
        "Engines carry the data and their scheme's metadata at the streaming pattern (consecutive lines); the extra "
        "traffic column gives streaming–uncached, and the schemes section the engines at the uncached bound.",
        f"Read latency: a line's arrival at an idle engine to its plaintext, in ns at the clock of the table, in front "
        f"of a DRAM access of {access_ns:g} ns ({study}: {dram_source(study)}); an engine with the prefetch port "
        "hears the read request that much earlier (ceil(access x clock) cycles; queueing in the controller not "
        "counted, so the latency is an upper bound); a counter-miss case is in the schemes section.",
        "Arrays: " + "; ".join(notes) + ". Power is never below N × one engine.",
        "pJ/byte: total power / data bandwidth.",
        *_slowdown_bullet(),
    ]))
    return blocks + basis_block(basis)


def _slowdown_bullet() -> list[str]:
    """What each scheme's added latency costs a program, from the published slowdown table (reports/slowdown)."""
    if results_mod.table_path(SLOWDOWN_DATA, SLOWDOWN_TABLE) is None:
        return []
    table = results_mod.read(SLOWDOWN_DATA, SLOWDOWN_TABLE)  # once, for both pool sizes
    pools = {n: slowdown_by_scheme("all", engines=n, table=table) for n in (1, 4)}
    pools = {n: by.set_index("scheme") for n, by in pools.items() if not by.empty}
    if not pools:
        return []
    first = next(iter(pools.values()))
    each = "; ".join(f"{scheme} " + ", ".join(f"{pools[n].loc[scheme, 'slowdown_pct']:.3g} % with {n}"
                                              for n in pools if scheme in pools[n].index)
                     for scheme in first.index)
    return [f"Program slowdown (`reports/slowdown`: each scheme's engine at its reports/designs clock, a pool of 1 or "
            f"4 engines for the whole memory, 64-byte lines, in-order cores; mean % run-time increase over "
            f"{first['workloads'].iloc[0]}): {each}."]


def basis_block(basis: Basis) -> list[Block]:
    return [Heading(2, "Basis"), Bullets(basis.lines(STUDY_CLOCK_MHZ))]


def study_blocks(results: Results, fits: pd.DataFrame, source: Source) -> list[Block]:
    """The 2013 study's printed figures beside ours (cryptoppa.report.study_side), on the report's basis."""
    basis = basis_of(results)
    resolved = resolve_bandwidth(headline.STUDY_BANDWIDTH)
    # Data alone, as the study counted: its engines carried no tag traffic (001 §6.1).
    rows = answer_rows(results, fits, resolved.bits_per_second, "study", basis, metadata=False)
    table = side_by_side(results, fits, rows, basis)
    blocks: list[Block] = [Heading(2, "Beside the 2013 study")]
    if table.empty:
        return blocks + [Paragraph("No figure the study and these results both have.")]
    blocks.append(Paragraph(
        "The study's own printed numbers (AES-GCM, 16-bit GHASH digits, FreePDK45 with a commercial synthesis tool, "
        "Synopsys Design Vision, 'typical' power of unstated activity, pre-layout) beside ours for the same quantity, "
        "at its 225 MHz and on this report's basis; '001' names the table, equation or section that prints it. Its "
        "area unit is µm² of a library it does not name beyond FreePDK45 (001 §5.2), so no gate equivalent can be "
        "given for it: the µm² ratio mixes the libraries' cell sizes with the designs' (our FlexLib cells are several "
        "times a commercial library's; the kGE column of the answer is the comparable one). Its engine is an "
        "iterative AES-GCM module with 16-bit GHASH digits, so ours of that class is compared"
        + ("" if compared_groups(results)[0].startswith("gcm") else " (none here: the first design is)")
        + "; the engines carry the data alone, as the study's did (the answer above adds the tags' traffic)."))
    blocks.append(Table(table, source(results, "N = 1 point, fits, cryptoppa.report.totals at "
                                               f"{headline.STUDY_BANDWIDTH}") +
                        "; study: `cryptoppa.feasibility.owen2013`"))
    return blocks
