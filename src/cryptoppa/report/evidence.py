"""The evidence behind a report's answer: the fits against N, the engines on the basis, what other memories cost,
the memory-protection schemes, the designs compared, Pareto fronts, simulated activity, routed against synthesis,
software energy on the RV32 cores and the implementation options. Each function returns the blocks of one section
(nothing when the results have nothing for it)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..catalog import (
    ACTIVITY_COVERAGE, AREA, DIE_AREA, DIE_HEIGHT, DIE_WIDTH, ENERGY_BYTE, FMAX, POWER, WIRELENGTH, routed
)
from ..errors import InputError
from ..feasibility import owen2013
from ..paths import shown
from ..sweep import results as results_mod
from . import analysis, plots, tables
from .compare import compare as compare_folders
from .compare import summary
from .document import Block, Bullets, Heading, Paragraph, Table
from .headline import STUDY_BANDWIDTH
from .load import Results, load_results
from .options import options_table
from .pareto import pareto_points
from .parts import figure, source
from .schemes import scheme_rows, scheme_table

SCHEME_FIGURE = "schemes"  # only when the results hold engines of two or more schemes
CORE_FIGURE = "core_energy"  # only with a --cores folder that has gate-level energy rows
SCHEMES_BANDWIDTH = "ddr5-6400"  # one channel of today's DRAM, with a stated access latency
STUDY_ASIC = "2013 study, ASIC (001 Table 5.3)"


def fits(results: Results, fits: pd.DataFrame, figures: Path, written: set[str]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Fits against N")]
    if fits.empty:
        blocks.append(Paragraph("No group has two or more distinct N, so no line is fitted "
                                "(a sweep over `n` gives one group per configuration)."))
        return blocks
    blocks.append(Paragraph("Ordinary least squares `y = intercept + slope × N` per group "
                            "(`cryptoppa.feasibility.fit.fit_linear`); intervals are 95 %; the linearity "
                            "check F-tests an added N² term."))
    blocks.append(Table(tables.fits_table(fits), source(results, "ok/cached rows; fit_linear of each metric on n")))
    table = owen2013.OWEN2013.asic_table
    study = {AREA: [(r.n, r.area_um2) for r in table], POWER: [(r.n, r.power_mw) for r in table]}
    for stem, metric, label, scale in (("area_vs_n", AREA, "area [µm²]", 1.0), ("power_vs_n", POWER, "power [mW]", 1e3)):
        if (fits["metric"] == metric).any():
            fig = plots.fit_figure(results.points, fits, metric, label, scale, (STUDY_ASIC, study[metric]))
            blocks.append(figure(fig, figures, stem, f"{label} vs N with OLS lines and 95 % bands; stars: the "
                                  "2013 study's ASIC modules (001 Table 5.3)", written))
    return blocks


def schemes(results: Results, figures: Path, written: set[str]) -> list[Block]:
    rows = scheme_rows(results.table, SCHEMES_BANDWIDTH)
    if rows.empty or rows["scheme"].nunique() < 2:
        return []  # one scheme has nothing to be compared with
    table = scheme_table(results.table, SCHEMES_BANDWIDTH)
    best = rows.loc[rows["area_mm2"].idxmin()]
    timed = rows.dropna(subset=["latency_data_ns"])
    fastest = (f"least added read latency: {timed.loc[timed['latency_data_ns'].idxmin(), 'scheme']} "
               f"({timed.loc[timed['latency_data_ns'].idxmin(), 'configuration']}), "
               f"{timed['latency_data_ns'].min():.1f} ns" if not timed.empty else
               "read latency not in this data (see the note below the table)")
    return [
        Heading(2, f"Memory-protection schemes at {SCHEMES_BANDWIDTH}"),
        Paragraph(f"Least area: {best['scheme']} ({best['configuration']}), {best['engines']} engines, "
                  f"{best['area_mm2']:.2f} mm² for streaming metadata traffic; {fastest}. Each scheme is run by its "
                  f"engine family; the engines carry the data plus the scheme's metadata traffic (tags, counters, "
                  f"tree levels): {table.attrs['traffic']}. {table.attrs['clock'].capitalize()}. "
                  + table.attrs["access"] + "."),
        Table(table, source(results, "N = 1 rows of each scheme's engine family") + "; " + table.attrs["assumption"]),
        Bullets([f"{name}: {source}" for name, source in table.attrs["sources"].items()
                 if name in set(rows["scheme"])] + [f"note: {note}" for note in table.attrs["notes"]]),
    ] + ([] if timed.empty else [
        figure(plots.scheme_figure(timed, SCHEMES_BANDWIDTH), figures, SCHEME_FIGURE,
               f"engines' total area for {SCHEMES_BANDWIDTH} (streaming metadata traffic) against added read "
               "latency, one marker per configuration", written),
    ])


def comparison(results: Results, figures: Path, written: set[str]) -> list[Block]:
    compare = analysis.compare_designs(results)
    if compare.empty:
        return []
    return [figure(plots.efficiency_figure(compare), figures, "throughput_per_area_power",
                   "throughput per mm² and per mW by design, each at its smallest swept N and the target clock "
                   "(the engines table above has the numbers)", written)]


def pareto(results: Results, cores: Path | None, figures: Path, written: set[str]) -> list[Block]:
    points = pareto_points(results, cores)
    if points.empty:
        return []  # no throughput measured: nothing per mm² or per mW
    on_front = ", ".join(points.loc[points["front"], "name"])
    return [
        Heading(2, "Pareto: throughput per area vs per power"),
        Paragraph("Every engine configuration at its smallest swept N" + (", every RV32 core firmware at the target "
                  "clock (core logic only)" if cores is not None else "") + " and the 2013 study's ASIC module "
                  f"(its N = 1 area and power, 001 Table 5.3; throughput, 001 Table 6.1). On the front: {on_front}."),
        figure(plots.pareto_figure(points), figures, "pareto",
                "Gb/s per mm² vs Mb/s per mW; outlined markers are on the Pareto front", written),
    ]


def compared_with(results: Results, other: Path | None) -> list[Block]:
    if other is None:
        return []
    b = load_results(other)
    result = compare_folders(results, b)
    blocks: list[Block] = [
        Heading(2, f"Compared with {b.folder.name}"),
        Paragraph(f"A is this report's folder, B is `{shown(b.folder)}` (table SHA-256 `{b.sha256[:16]}…`). "
                  + summary(result)),
    ]
    if result.table.empty:
        blocks.append(Paragraph("No point is on both sides."))
    else:
        blocks.append(Table(result.table, source(results, "A") + f"; `{shown(b.table_path)}` (B)"))
    for side, points in (("A", result.only_a), ("B", result.only_b)):
        if points:
            blocks.append(Paragraph(f"Only in {side}: " + "; ".join(points) + "."))
    return blocks


def activity(results: Results) -> list[Block]:
    comparison = analysis.activity_comparison(results)
    if comparison.empty:
        return []  # a sweep without activity_modes has nothing to say here
    return [
        Heading(2, "Power from simulated activity"),
        Paragraph("Power of each netlist from OpenSTA's vectorless model (0.1 toggles per cycle at the inputs, "
                  "propagated) next to power from per-net toggle rates of a zero-delay gate-level simulation of a "
                  "workload (`cryptoppa.activity`): idle (key loaded, no lines), loadP (lines offered at P % of "
                  "saturation), saturated (back-to-back lines). A flat array (N=…) is driven through its own port "
                  "pair, its loadP relative to the array's simulated saturation rate. Coverage = annotated pins / "
                  "all pins. Energy per byte = power × cycles per line / clock / line bytes, for line workloads."),
        Table(tables.activity_table(comparison),
              source(results, f"power__*, {ACTIVITY_COVERAGE}, {ENERGY_BYTE} of each row")),
    ]


def routed_vs_synthesis(results: Results) -> list[Block]:
    table = tables.routed_table(results)
    if table.empty:
        return []  # a sweep without stage = "route" has nothing to say here
    return [
        Heading(2, "Synthesis against placement and routing"),
        Paragraph("Each routed point's synthesis-only figures (no wire model: net capacitance is pin capacitance) "
                  "next to the same netlist placed and routed with Coriolis at its target utilization and timed "
                  "again in OpenSTA with per-net wire RC from the routed lengths (`cryptoppa.pnr`; ideal clock, "
                  "no I/O pins). Ratios are routed / synthesis; cell area is the same netlist's on both sides."),
        Table(table, source(results, f"{DIE_AREA}, {WIRELENGTH}, {routed(FMAX)}, "
                                      f"{routed(POWER)}, ratios")),
        *_ideal_clock(results),
    ]


def _ideal_clock(results: Results) -> list[Block]:
    """The routed fmax's error from its ideal clock, stated as a scale: no clock tree is built to measure it."""
    table = tables.ideal_clock_table(results)
    period = 1e6 / results.points[routed(FMAX)].dropna()
    per_10ps = 100 * 10 / (period + 10)
    return [
        Heading(3, "What the ideal clock leaves out"),
        Paragraph("The routed netlists are timed with an ideal clock: every flip-flop sees the edge at the same "
                  "time. A real clock tree adds insertion delay and skew. Insertion delay cancels on "
                  "register-to-register paths; skew does not, and s ps of skew can lengthen the critical cycle by "
                  "s ps. No clock tree is built here, so the skew is not measured and the routed fmax is an upper "
                  f"bound. Each 10 ps of skew would cost {per_10ps.min():.2g}–{per_10ps.max():.2g} % of these "
                  "points' routed fmax. For the size of the error, the table gives one clock wire from the centre "
                  "of the die to its farthest corner: its RC delay (Elmore, ideal driver, flip-flop pins not "
                  "counted, on the signal layer whose wire is slowest in the descriptor's [routing] table), and the "
                  "routed fmax if all of that delay were skew. A balanced tree is built to equalize the paths from "
                  "its root; how far below this delay its skew stays has not been measured."),
        Table(table, source(results, f"{DIE_WIDTH}, {DIE_HEIGHT}, {routed(FMAX)}; wire R and C per µm from "
                                     "pdk/<library>.toml [routing]")),
    ]


def _key_size_summary(scaling: pd.DataFrame) -> str:
    """What the key-size ratios say, in the terms of the 2013 ARM study (10/12/14 rounds)."""
    if scaling.empty:
        return "Only one key size was measured, so there is no key-size trend to compare."
    top = scaling[scaling["key_bits"] == scaling["key_bits"].max()]
    key = int(top["key_bits"].iloc[0])
    configs = scaling.groupby(["core", "zk", "variant", "opt"], sort=False)["energy_ratio"]
    growing = int(configs.apply(lambda r: bool((r.diff().dropna() > 0).all() and (r > 1).all())).sum())
    return (f"Energy per byte grows with the key size in {growing} of {configs.ngroups} (core, firmware, -O) "
            f"configurations, as the 2013 ARM study found for 10/12/14 rounds; AES-{key} costs "
            f"{top['energy_ratio'].min():.3g}-{top['energy_ratio'].max():.3g}x the energy of AES-128 (rounds alone: "
            f"{top['rounds_ratio'].iloc[0]:.3g}x): the line's GHASH and mode work do not depend on the key size, "
            "while its key expansion (inside the window) grows with it as the rounds do.")


def _power_summary(energy: pd.DataFrame) -> str:
    spans = [f"{core} ZK={zk} {variant} {g['power_w'].min() * 1e3:.3g}-{g['power_w'].max() * 1e3:.3g} mW"
             for (core, zk, variant), g in energy.groupby(["core", "zk", "variant"], sort=False)]
    return "Annotated power over the -O levels and key sizes: " + "; ".join(spans) + "."


def _inversions(energy: pd.DataFrame) -> str:
    """Pairs of -O levels of one configuration where the one with fewer cycles costs more energy."""
    found = []
    for (core, zk, variant, key), g in energy.groupby(["core", "zk", "variant", "key_bits"], sort=False):
        for _, a in g.iterrows():
            for _, b in g.iterrows():
                if a["cycles_per_byte"] < b["cycles_per_byte"] and a["energy_per_byte_pj"] > b["energy_per_byte_pj"]:
                    found.append(f"{core} ZK={zk} {variant} AES-{key} {a['opt']} vs {b['opt']}")
    if not found:
        return "; fewer cycles per byte always meant less energy per byte."
    return (f"; but in {len(found)} pair(s) of -O levels fewer cycles cost more energy, because the faster code "
            f"draws more power ({', '.join(found[:6])}{', …' if len(found) > 6 else ''}).")


def core_energy(cores: Path | None, figures: Path, written: set[str]) -> list[Block]:
    energy = analysis.core_energy(cores)
    if energy.empty:
        return []  # no --cores folder, or one measured without --energy
    source = f"`{shown(results_mod.table_path(cores, analysis.CORE_TABLE))}`"
    by_config = energy.groupby(["core", "zk", "variant", "key_bits"], sort=False)
    least_energy = energy.loc[by_config["energy_per_byte_pj"].idxmin(), "opt"].to_numpy()
    fewest_cycles = energy.loc[by_config["cycles_per_byte"].idxmin(), "opt"].to_numpy()
    scaling = analysis.key_size_scaling(energy)
    blocks: list[Block] = [
        Heading(2, "Software AES energy on the RV32 cores"),
        Paragraph("The 2013 ARM energy study (software AES vs key size and compiler level) redone on a synthesized "
                  "core: each firmware's 64-byte AES-GCM line (key expansion, encryption, tag: the firmware's "
                  "t0..t2 counter reads) runs on the core's gate-level netlist in Verilator with zero-delay cell "
                  "models from the liberty; per-net toggle counts and time high over exactly that window (SAIF) "
                  "are annotated into OpenSTA (`cryptoppa.activity`). Energy per byte = annotated power × window "
                  "cycles / clock / 64. The core only: code and data memories are simulation models, not in the "
                  "netlist, so their energy is not included; no glitches (zero delay)."),
        Table(tables.core_energy_table(energy), source + " (64-byte GCM rows with energy_per_byte_pj)"),
        figure(plots.core_energy_figure(energy), figures, CORE_FIGURE,
                "energy and cycles per byte vs gcc -O level, one line per AES key size", written),
        Paragraph(_power_summary(energy) + f" The -O level with the least energy per byte is the one with the fewest "
                  f"cycles per byte in {int((least_energy == fewest_cycles).sum())} of {len(least_energy)} "
                  "(core, firmware, key) configurations"
                  + _inversions(energy) + " " + _key_size_summary(scaling)),
    ]
    if not scaling.empty:
        blocks.append(Table(tables.key_scaling_table(scaling), source + "; ratios of the rows above"))
    return blocks


def options(results: Results, host: Path | None, cores: Path | None) -> list[Block]:
    blocks: list[Block] = [Heading(3, f"Implementation options at {STUDY_BANDWIDTH}")]
    try:
        table = options_table(STUDY_BANDWIDTH, results=results.folder, host=host, cores=cores)
    except InputError as err:
        blocks.append(Paragraph(f"Skipped: {err}."))
        return blocks
    blocks.append(Paragraph(
        "One instance of each option (an N = 1 engine of every swept configuration, software AES-GCM on the RV32 "
        "cores, the host CPU with OpenSSL), at the target clock and at its own fmax: the sensitivity of the "
        "answer to design, clock and corner, and the study's 'Summary of Different Implementation Methods' "
        "measured in one flow. " + " ".join(n[0].upper() + n[1:] + "." for n in table.attrs["notes"])))
    blocks.append(Table(table, table.attrs["source"] + f"; {table.attrs['assumption']}"))
    return blocks
