"""build_report: one results folder -> report.md + report.html + figures/ (PNG and SVG).

A report reads like a paper: the answer first (what a memory bandwidth costs, on one stated basis), the basis, the
2013 study beside it, then the evidence (cryptoppa.report.evidence), then an appendix (every bandwidth preset, the
points, the provenance). What does not depend on the data (the studies' arithmetic, the presets' sources) is the
reference report (cryptoppa.report.reference). Every number is read from the results table or computed from it;
nothing time- or machine-dependent beyond the results folder's own path is written, so the same input gives the same
files.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..feasibility import owen2013
from ..feasibility.presets import resolve_bandwidth
from ..fpga.study_fit import LABELS
from ..paths import shown
from . import analysis, answer, evidence, headline, libraries, plots, tables
from .basis import (
    STUDY_CLOCK_MHZ, basis_of, configurations, engine_power, quote_key, throughput_gbps, vectorless_power
)
from .document import Block, Bullets, Heading, Paragraph, Table, write_report
from .fpga_section import asic_only, fpga_answer, fpga_section, fpga_study_fits
from .load import Results, engines_alone, load_results
from .parts import figure, source
from .quotes import quote

FIGURES = "figures"
FIGURE_STEMS = ("area_vs_n", "power_vs_n", "feasibility_vs_bandwidth", "throughput_per_area_power", "pareto")
FPGA_FIGURE = "fpga_resources_vs_n"  # only with synthesis-only FPGA rows over two or more N
REFERENCE = "reports/reference/report.md"


def build_report(results_folder: Path, out_dir: Path, bandwidth_presets: list[str] | None = None,
                 host: Path | None = None, cores: Path | None = None, title: str | None = None,
                 produced_by: tuple[str, ...] = (), compare: Path | None = None) -> Path:
    """Write ``out_dir/report.md``, ``out_dir/report.html`` and ``out_dir/figures/``; return the HTML path.

    ``bandwidth_presets``: preset names (or quantities such as ``'25.6 GB/s'``) for the other-memories section;
    default one of each kind of memory. ``host``/``cores``: baseline folders (`cryptoppa host-baseline`,
    `cryptoppa core-baseline`) for the implementation-options section. The HTML embeds its figures as SVG data
    URIs. ``produced_by``: the commands that measured the data, listed under Source. ``compare``: another results
    folder, whose per-point ratios against this one get a section (`cryptoppa compare`).
    """
    results = load_results(results_folder)
    out_dir = Path(out_dir)
    figures = out_dir / FIGURES
    out_dir.mkdir(parents=True, exist_ok=True)
    presets = list(bandwidth_presets) if bandwidth_presets else list(headline.DEFAULT_PRESETS)
    for name in presets:
        resolve_bandwidth(name)  # an unknown preset fails before anything is drawn

    written: set[str] = set()
    title = title or f"cryptoppa report: {results.folder.name}"
    blocks: list[Block] = [Heading(1, title)]
    asic = asic_only(results)  # FPGA rows have no area or power: they get their own section
    if asic.table.empty and not results.table.empty:
        # Only FPGA rows: the ASIC sections would only say what is missing, so the FPGA answer leads.
        blocks += [*fpga_answer(results), *fpga_section(results), *_fpga_figure(results, figures, written),
                   Heading(2, "Appendix"), *_points(results), *_provenance(results, produced_by)]
        return _write(blocks, title, out_dir, figures, written)
    fits = analysis.group_fits(asic)
    blocks += answer.headline_blocks(asic, fits, source)
    blocks += answer.study_blocks(asic, fits, source)
    blocks += evidence.fits(asic, fits, figures, written)
    blocks += _engines(asic)
    blocks += _bandwidths(asic, fits, presets, figures, written)
    blocks += evidence.schemes(asic, figures, written)
    blocks += evidence.comparison(asic, figures, written)
    blocks += evidence.pareto(asic, cores, figures, written)
    blocks += fpga_section(results)
    blocks += _fpga_figure(results, figures, written)
    blocks += evidence.compared_with(results, compare)
    blocks += evidence.activity(asic)
    blocks += evidence.routed_vs_synthesis(asic)
    blocks += libraries.section(asic)
    blocks += evidence.core_energy(cores, figures, written)
    blocks += [Heading(2, "Appendix")]
    blocks += evidence.options(results, host, cores)
    blocks += _every_preset(asic, fits)
    blocks += _points(results)
    blocks += _provenance(results, produced_by)
    return _write(blocks, title, out_dir, figures, written)


def _engines(results: Results) -> list[Block]:
    """Each engine on the basis: area (µm², kGE), fmax, throughput and power at both clocks, vectorless beside."""
    basis = basis_of(results)
    configs = configurations(results, basis)
    if configs.empty:
        return []
    one = engines_alone(configs)
    rows = []
    names = tables.names(one["group"])
    for (_, c), name in zip(one.iterrows(), names):
        key = quote_key(c, basis, "study")
        row = {"design": name, "area µm²": quote(key, "area_um2", c["area_um2"]), "kGE": quote(key, "kge", c["kge"]),
               "fmax MHz": quote(quote_key(c, basis, "fmax"), "fmax_mhz", c["fmax_mhz"])}
        if c["cycles_per_line"] == c["cycles_per_line"]:
            for clock, label, mhz in (("study", f"@{STUDY_CLOCK_MHZ:g} MHz", STUDY_CLOCK_MHZ),
                                      ("fmax", "@fmax", c["fmax_mhz"])):
                if mhz == mhz:
                    at = quote_key(c, basis, clock)
                    watts, gbps = engine_power(c, mhz), throughput_gbps(c, mhz)
                    row[f"Gb/s {label}"] = quote(at, "gbps", gbps)
                    row[f"mW {label}"] = quote(at, "power_mw", watts * 1e3)
                    row[f"pJ/byte {label}"] = quote(at, "engine_pj_per_byte", watts / (gbps * 1e9 / 8) * 1e12)
        row[f"vectorless mW @{STUDY_CLOCK_MHZ:g} MHz"] = f"{vectorless_power(c, STUDY_CLOCK_MHZ) * 1e3:.4g}"
        if basis.simulated:
            row["simulated / vectorless"] = f"{engine_power(c, STUDY_CLOCK_MHZ) / vectorless_power(c, STUDY_CLOCK_MHZ):.3g}"
        rows.append(row)
    frame = pd.DataFrame(rows)
    return [Heading(2, "Engines on the basis"),
            Paragraph(f"One engine of each configuration ({basis.stage}, "
                      f"{'simulated power at saturation' if basis.simulated else 'vectorless power'}): area in µm² "
                      "and kGE, fmax, and throughput, power and energy per byte at the study's clock and at its own "
                      "fmax; vectorless power beside it as the cross-check."),
            Table(frame, source(results, "N = 1 rows on the basis (cryptoppa.report.basis)"))]


def _bandwidths(results: Results, fits: pd.DataFrame, presets: list[str], figures: Path,
                written: set[str]) -> list[Block]:
    """What one of each kind of today's memory costs, and every preset as a figure."""
    if not results.has_perf:
        return []
    others = [p for p in presets if p != headline.STUDY_BANDWIDTH]
    everything = analysis.engines_for_bandwidths(results, fits, analysis.default_bandwidths())
    asic = next(o for o in owen2013.OWEN2013.options if o.key == "asic")
    wrote = (f"{evidence.STUDY_ASIC.split(' (')[0]} at 25.6 GB/s (001 §6.1.3)", 25.6,
             {"engines": asic.study_instances, "area_mm2": asic.study_area_mm2, "power_w": asic.study_power_w})
    table = [] if not others else [
        Paragraph(f"One channel, DIMM or stack of today's memories at peak, at the study's {STUDY_CLOCK_MHZ:g} MHz on "
                  "the same basis: engines · total area mm² · total power W (cryptoppa.report.totals). Every "
                  "preset is in the appendix and the figure."),
        Table(headline.presets_table(analysis.engines_for_bandwidths(results, fits, others), others),
              source(results, "cryptoppa.report.totals") + "; bandwidths from `cryptoppa presets`")]
    return [
        Heading(2, "Other memories"), *table,
        figure(plots.bandwidth_figure(everything, wrote), figures, "feasibility_vs_bandwidth",
               "engines, array area and array power vs bandwidth (log axes); star: what the 2013 study concluded "
               "for 25.6 GB/s (001 §6.1.3)", written),
    ]


def _every_preset(results: Results, fits: pd.DataFrame) -> list[Block]:
    if not results.has_perf:
        return []
    names = analysis.default_bandwidths()
    feas = analysis.engines_for_bandwidths(results, fits, names)
    return [Heading(3, "Every bandwidth preset"),
            Paragraph(f"At the study's {STUDY_CLOCK_MHZ:g} MHz on the report's basis: engines · area mm² · power W per "
                      f"design; each preset's definition and source are in `{REFERENCE}`."),
            Table(headline.presets_table(feas, names).set_index("design").T.reset_index()
                  .rename(columns={"index": "preset"}), source(results, "cryptoppa.report.totals"))]


def _write(blocks: list[Block], title: str, out_dir: Path, figures: Path, written: set[str]) -> Path:
    # a figure of a section now skipped is stale
    plots.remove_unwritten(figures, (*FIGURE_STEMS, evidence.SCHEME_FIGURE, evidence.CORE_FIGURE, FPGA_FIGURE), written)
    return write_report(blocks, title, out_dir)


def _fpga_figure(results: Results, figures: Path, written: set[str]) -> list[Block]:
    out = []
    for target, points, compared in fpga_study_fits(results)[:1]:  # one figure: xc7 is the synthesis-only target
        out.append(figure(plots.fpga_resource_figure(points, compared, LABELS, "2013 study, Kintex-7 (001 Eq. 5.4)"),
                           figures, FPGA_FIGURE, f"{target}: resources against N with least-squares lines; "
                           "dashed: the 2013 study's Kintex-7 lines (001 Eq. 5.4)", written))
    return out


def _provenance(results: Results, produced_by: tuple[str, ...]) -> list[Block]:
    t = results.table
    sweeps = ", ".join(sorted(t["sweep"].astype(str).unique())) if "sweep" in t.columns else "(no sweep column)"
    return [
        Heading(3, "Source"),
        Bullets([
            f"results folder: `{shown(results.folder)}`",
            f"table read: `{results.table_path.name}`, SHA-256 `{results.sha256}`",
            f"sweeps: {sweeps}",
            f"rows: {len(t)} in total, {len(results.points)} ok/cached, {len(results.failed)} failed",
            "units as stored: area µm², power W, time ns, clock MHz; bandwidths decimal (GB = 10^9 bytes)",
            "groups (one fitted line each): " + ", ".join(c.removeprefix("param_") for c in results.group_cols),
            *(f"measured by: `{command}`" for command in produced_by),
        ]),
    ]


def _points(results: Results) -> list[Block]:
    blocks: list[Block] = [Heading(3, "Points")]
    if results.points.empty:
        blocks.append(Paragraph("No ok or cached points."))
    else:
        blocks.append(Table(tables.points_table(results), source(results, "rows with status ok or cached")))
    blocks.append(Heading(4, "Failed points"))
    if results.failed.empty:
        blocks.append(Paragraph("None."))
    else:
        blocks.append(Table(tables.failed_table(results), source(results, "rows with status failed")))
    return blocks
