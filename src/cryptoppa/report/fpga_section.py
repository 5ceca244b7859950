"""The report's FPGA section: resource lines beside the study's Kintex-7 fits, and placed-and-routed results.

No FPGA power appears here: there is no open power model for these devices, so the study's FPGA power figures
(Owen 2013, Eq. 5.1–5.2) stay in paper mode.
"""

from __future__ import annotations

import dataclasses

import pandas as pd

from .. import fpga
from ..catalog import BRAM, COPIES_FIT, FMAX, fpga_count
from ..fpga.study_fit import LABELS, compare_to_study
from ..errors import without_log
from ..feasibility.owen2013 import OWEN2013
from ..feasibility.presets import resolve_bandwidth
from ..feasibility.report_text import round_sig, sig
from ..feasibility.units import format_bandwidth
from ..fpga.devices import fpga_options
from ..fpga.resources import placed_logic
from .document import Block, Bullets, Heading, Paragraph, Table
from ..answers.question import STUDY_MEMORY as STUDY_BANDWIDTH
from ..answers.records import On, Record, show
from ..answers.results import Results


def quote(key: tuple, quantity: str, value: float) -> str:
    """A device count as a record of its (design on target) subject."""
    return show(Record(key[0], f"devices for {key[3]}", quantity, float(value), On(stage=key[1], memory=key[3])))



def _fpga_rows(df: pd.DataFrame) -> pd.DataFrame:
    return df[df["pdk"].map(fpga.is_target)] if "pdk" in df.columns else df.iloc[0:0]


def asic_only(results: Results) -> Results:
    """The results without FPGA rows: the area, power and feasibility sections are about ASIC points."""
    def keep(df: pd.DataFrame) -> pd.DataFrame:
        return df[~df["pdk"].map(fpga.is_target)] if "pdk" in df.columns and len(df) else df
    return dataclasses.replace(results, table=keep(results.table), points=keep(results.points),
                               failed=keep(results.failed))


def _placed(df: pd.DataFrame) -> pd.DataFrame:
    """Rows of targets with a placer (fmax, utilization), as opposed to synthesis-only ones."""
    return df[df["pdk"].map(lambda t: fpga.get(t).routed)] if len(df) else df


def _synthesis_only(df: pd.DataFrame) -> pd.DataFrame:
    return df[~df["pdk"].map(lambda t: fpga.get(t).routed)] if len(df) else df


def fpga_study_fits(results: Results) -> list[tuple[str, pd.DataFrame, pd.DataFrame]]:
    """(target, its ok rows, compare_to_study rows) for each synthesis-only target with fitted lines."""
    points = _fpga_rows(results.points)
    out = []
    for target in sorted(t for t in set(points["pdk"]) if not fpga.get(t).routed):
        compared = compare_to_study(points, target)
        if not compared.empty:
            out.append((target, points[points["pdk"] == target], compared))
    return out


def _study_fits(compared: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "design": compared["design"], "resource": compared["metric"].map(LABELS),
        "points": compared["n_points"], "ours per engine": round_sig(compared["slope"]),
        "ours intercept": round_sig(compared["intercept"]), "R²": compared["r2"].round(4),
        "study per engine": compared["study_slope"], "study intercept": compared["study_intercept"],
        "ours / study": compared["slope_ratio"].round(3)})


_SYNTH = fpga_count("")
# Synthesis-only resource columns, as a reader of a 7-series utilization report names them.
_SYNTH_COLUMNS = {"lut": "LUTs", **{f"lut{k}": f"LUT{k}" for k in range(6, 0, -1)}, "ff": "FFs", "carry4": "CARRY4",
                  "muxf": "MUXF7/8", "lutram": "LUT RAM", "srl": "SRL", "bram": "block RAM", "dsp": "DSP48"}


def _synthesized(points: pd.DataFrame) -> pd.DataFrame:
    """One engine of each family on each synthesis-only target: its resources by primitive (the N = 1 row)."""
    rows = []
    single = points[points["n"] == 1] if len(points) else points
    for (design, target), group in single.groupby(["design", "pdk"], sort=True):
        row = group.iloc[0]
        rows.append({"design": design, "target": target,
                     **{label: int(row[_SYNTH + key]) for key, label in _SYNTH_COLUMNS.items()
                        if pd.notna(row.get(_SYNTH + key))}})
    return pd.DataFrame(rows)


def _routed(points: pd.DataFrame, failed: pd.DataFrame) -> pd.DataFrame:
    """Per design, target and N: resources, fmax over the seeds, copies that fit; failed points with the reason."""
    rows = []
    for (design, target, n), group in points.groupby(["design", "pdk", "n"], sort=True):
        fmax = group[FMAX].dropna() if FMAX in group else pd.Series(dtype=float)
        cells = placed_logic(group.iloc[0])
        rows.append({"design": design, "target": target, "N": int(n), "status": "routed",
                     "logic cells": cells.get("logic"), "logic %": round(cells.get("logic_utilization", float("nan")), 1),
                     "FF": cells.get("ff"),
                     "block RAM": group.get(BRAM, pd.Series([None])).iloc[0],
                     "seeds": ",".join(str(int(s)) for s in group["seed"].dropna()) if "seed" in group else "",
                     "fmax min (MHz)": sig(fmax.min()) if len(fmax) else None,
                     "fmax median": sig(fmax.median()) if len(fmax) else None,
                     "fmax max": sig(fmax.max()) if len(fmax) else None,
                     "copies fit": group.get(COPIES_FIT, pd.Series([None])).min()})
    for _, row in failed.iterrows():
        rows.append({"design": row["design"], "target": row["pdk"], "N": int(row["n"]), "status": "failed",
                     "seeds": str(int(row["seed"])) if "seed" in row and pd.notna(row["seed"]) else "",
                     "note": without_log(str(row.get("error", "")))[:160]})
    return pd.DataFrame(rows)


def _largest(routed: pd.DataFrame) -> list[str]:
    """Per design and target: the N that routed and the N that failed, as measured (an N absent from the results
    was not run, which is neither)."""
    out = []
    for (design, target), group in routed.groupby(["design", "target"], sort=True):
        ok = sorted({int(n) for n in group.loc[group["status"] == "routed", "N"]})
        bad = sorted({int(n) for n in group.loc[group["status"] == "failed", "N"]})
        out.append(f"{design} on {target}: largest N routed {ok[-1] if ok else 'none'} (routed N = "
                   f"{', '.join(map(str, ok)) or 'none'}; failed N = {', '.join(map(str, bad)) or 'none'})")
    return out


def _study_fpga() -> str:
    option = next(o for o in OWEN2013.options if o.key == "fpga")
    return (f"The 2013 study: {option.study_instances_text}, at {option.clock_hz / 1e6:g} MHz on a Kintex-7 (Owen 2013, Table 5.1; "
            "its watts are a vendor estimate, which no open tool reproduces, so none is given for ours)")


def _engines(count: int) -> str:
    return f"{count} engine" + ("" if count == 1 else "s")


def device_key(row: pd.Series) -> tuple:
    """Under which key a device count is quoted (cryptoppa.report.quotes): one design on one target."""
    return (f"{row['design']} on {row['target']}", "placed and routed (nextpnr)", "no power model", STUDY_BANDWIDTH)


def _fewest_devices(options: pd.DataFrame) -> list[str]:
    """Per routed target with more than one engine family: the family that needs the fewest devices."""
    devices = f"devices for {STUDY_BANDWIDTH}"
    out = []
    for target, group in (options.groupby("target", sort=True) if len(options) else []):
        if len(group) > 1:
            ranked = group.sort_values([devices, "design"])
            best = ranked.iloc[0]
            out.append(f"Fewest {fpga.get(target).device} devices for {STUDY_BANDWIDTH}: {best['design']}, "
                       f"{quote(device_key(best), 'devices', best[devices])} devices "
                       f"({_engines(best['engines per device'])} each: {best['device basis']}); the other families "
                       "need " + ", ".join(f"{r['design']} {quote(device_key(r), 'devices', r[devices])}"
                                           for _, r in ranked.iloc[1:].iterrows()))
    return out


def _per_family(synthesis_only: pd.DataFrame) -> list[str]:
    """One line per synthesis-only target with several families: what one engine of each costs."""
    out = []
    synthesized = _synthesized(synthesis_only)
    for target, group in (synthesized.groupby("target", sort=True) if len(synthesized) else []):
        if len(group) > 1:
            ranked = group.sort_values(["LUTs", "design"])
            out.append(f"One engine on {target} (synthesis only, N = 1), fewest LUTs first: " + "; ".join(
                f"{r['design']} {r['LUTs']:,} LUTs, {r['FFs']:,} FFs" for _, r in ranked.iterrows()))
    return out


def fpga_answer(results: Results) -> list[Block]:
    """For a folder of FPGA rows only: what the device count is, per routed target, and what an engine costs on
    7-series beside the study's Eq. 5.4, before the evidence."""
    points = _fpga_rows(results.points)
    options = fpga_options(_placed(points), STUDY_BANDWIDTH)
    lines = _fewest_devices(options)
    for _, row in options.iterrows():
        group = points[(points["design"] == row["design"]) & (points["pdk"] == row["target"]) & (points["n"] == 1)]
        fmax = group[FMAX].dropna()
        spread = (f"median of {row['seeds']} placer seeds, {fmax.min():.1f}-{fmax.max():.1f}" if row["seeds"] > 1
                  else f"placer seed {int(group['seed'].iloc[0])} only")
        lines.append(
            f"{row['design']} on {row['target']} ({fpga.get(row['target']).device}): one engine routes at "
            f"{row['fmax median (MHz)']:g} MHz ({spread}), "
            f"{row['Gb/s per engine']:g} Gb/s; the device holds {_engines(row['engines per device'])} "
            f"({row['device basis']}), {row['Gb/s per device']:g} Gb/s, so {STUDY_BANDWIDTH} takes "
            f"{row[f'engines for {STUDY_BANDWIDTH}']} engines on "
            f"{quote(device_key(row), 'devices', row[f'devices for {STUDY_BANDWIDTH}'])} devices")
    for target, _, compared in fpga_study_fits(results):
        fits = compared.set_index(["design", "metric"])
        for design in sorted(set(fits.index.get_level_values("design"))):
            per = {LABELS[m]: fits.loc[(design, m)] for m in LABELS if (design, m) in fits.index}
            text = ", ".join(f"{f['slope']:,.0f} {name} (study {f['study_slope']:g}, ratio {f['slope_ratio']:.2f})"
                             for name, f in per.items() if f["slope_ratio"] > 0)
            lines.append(f"{design} on {target} (synthesis only): each added engine costs {text} over "
                         f"N = {int(per['LUTs']['n_points']) if 'LUTs' in per else 0} points"
                         + ("; no block RAM (our S-boxes are logic), where the study's module needed exactly 8 "
                            "(Owen 2013, §5.4)" if "block RAM" in per and per["block RAM"]["slope"] == 0 else ""))
    lines += _per_family(_synthesis_only(points))
    routed = _routed(_placed(points), _placed(_fpga_rows(results.failed)))
    scaling = _largest(routed[routed.groupby(["design", "target"])["N"].transform("nunique") > 1]) if len(routed) else []
    amount = format_bandwidth(resolve_bandwidth(STUDY_BANDWIDTH).bits_per_second)
    return [Heading(2, f"Answer: FPGAs for {amount} ({STUDY_BANDWIDTH})"),
            Bullets(lines + scaling + [_study_fpga()])]


def fpga_section(results: Results) -> list[Block]:
    points, failed = _fpga_rows(results.points), _fpga_rows(results.failed)
    if points.empty and failed.empty:
        return []
    blocks: list[Block] = [Heading(2, "FPGA targets"), Paragraph(
        "Synthesis with Yosys (pyosys: synth_xilinx, synth_ecp5, synth_nexus) on the flat design; placement, "
        "routing and fmax with nextpnr (ECP5 out of context, Nexus) where an open placer exists. "
        "No open place and route exists for Xilinx 7-series, so its rows have resources but no fmax. "
        "FPGA power is not reported: there is no open power estimator, and the study's FPGA power fits "
        "(Owen 2013, Eq. 5.1–5.2) appear only in paper mode.")]
    synthesized = _synthesized(_synthesis_only(points))
    if not synthesized.empty:
        blocks.append(Paragraph("One engine of each family (default parameters, N = 1) on the synthesis-only "
                                "targets, by primitive: synth_xilinx maps to the 7-series library (LUTn = n-input "
                                "LUTs; the IO buffers of its ports are not counted here)."))
        blocks.append(Table(synthesized, "N = 1 ok/cached rows of synthesis-only FPGA targets"))
    for target, _, compared in fpga_study_fits(results):
        blocks.append(Paragraph(f"Lines against N on {target} beside the study's Kintex-7 lines (Owen 2013, Eq. 5.4, "
                                "Xilinx ISE 14.3): the ratio of slopes compares resources per added engine."))
        blocks.append(Table(_study_fits(compared), "ok/cached rows; `cryptoppa.fpga.study_fit.compare_to_study` "
                                                   "(fit_linear of each count on n)"))
    routed = _routed(_placed(points), _placed(failed))
    if not routed.empty:
        blocks.append(Paragraph("Placed and routed: fmax from nextpnr's timing report per seed (spread over the "
                                "seeds listed); copies fit = how many copies of the netlist the device holds by its "
                                "scarcest resource; failed rows say why (an array too big for the device)."))
        blocks.append(Table(routed, "ok/cached and failed rows of routed FPGA targets"))
        blocks.append(Bullets(_largest(routed)))
    options = fpga_options(_placed(points), STUDY_BANDWIDTH)
    if not options.empty:
        blocks.append(Paragraph(
            f"FPGA options at {STUDY_BANDWIDTH}: engines per device = copies of the N = 1 netlist that fit its "
            "scarcest logic site (no IO: out of context or behind the IO ring); per-engine throughput = routed "
            "fmax (median over seeds) × line bytes / simulated cycles per line. No power: no open estimator."))
        blocks.append(Table(options, "N = 1 rows of routed FPGA targets; `cryptoppa.fpga.devices.fpga_options`"))
    return blocks
