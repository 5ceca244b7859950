"""Arrays of N engines: the lines fitted against N, one per configuration and power model, and the arrays checked
against N × one engine; with the 2013 study's points on the figures when it is beside them."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from ...answers.fits import frame
from ...answers.gates import MIN_R2
from ...answers.labels import short_labels
from ...answers.model import Model
from ...answers.records import show
from ... import catalog
from ...catalog import AREA, DIE_AREA, FMAX, POWER, routed
from ...feasibility import owen2013
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import Page, generated_from, markdown_table, source
from ..plots import fit_figure
from . import EVIDENCE, Section

STUDY_POINTS = "2013 study (Owen 2013, Table 5.3)"


def fits_table(model: Model) -> pd.DataFrame:
    rows = []
    for f in model.fits:
        if f.metric not in (AREA, DIE_AREA, POWER, routed(POWER)):
            continue
        ci = f"{show(f.interval[0])}–{show(f.interval[1])}" if f.interval else ""
        rows.append({"configuration": f.group, "power model": f.power_model if "power" in f.name else "",
                     "line": f.name, "N": f"{f.n_min}–{f.n_max}",
                     "per added engine": show(f.slope) if f.slope else "not a line",
                     "95 % interval": ci, "intercept": show(f.intercept) if f.intercept else "",
                     "R²": show(f.r2)})
    return pd.DataFrame(rows)


def arrays(model: Model, page: Page, study: bool = False) -> list[Block]:
    table = fits_table(model)
    if table.empty:
        return []
    blocks: list[Block] = [
        Heading(2, "Arrays against N"),
        Paragraph("Ordinary least squares, one line per configuration and power model (vectorless, idle and "
                  f"saturated rows are never pooled); a line with R² below {MIN_R2:g} is not quoted as a slope. "
                  "Simulated points whose activity window covers too few line periods are left out (listed under "
                  "'Not answered')."),
        Table(_short(table), source(model.results, "fit_linear of each metric on N")),
    ]
    if model.arrays:
        blocks.append(Bullets([f"N = {int(a.config['n'])}, {a.power_model}: {show(a.share)} × N × one engine's power "
                               f"(cells {show(a.cells)} × N × one engine's), {a.flag}" for a in model.arrays]))
    points = model.results.points
    fits = frame(model.fits)
    area_metric = DIE_AREA if model.basis.routed else AREA
    power_metric = routed(POWER) if model.basis.routed else POWER
    table_rows = owen2013.OWEN2013.asic_table
    for stem, metric, label, scale, printed in (
            ("area_vs_n", area_metric, "area [µm²]", 1.0, [(r.n, r.area_um2) for r in table_rows]),
            ("power_vs_n", power_metric, "power [mW]", 1e3, [(r.n, r.power_mw) for r in table_rows])):
        if not fits.empty and (fits["metric"] == metric).any():
            blocks.append(page.figure(
                fit_figure(points, fits, metric, label, scale, (STUDY_POINTS, printed) if study else None), stem,
                f"{label} against N, one line per configuration and power model, 95 % bands"
                + ("; stars: Owen 2013, Table 5.3" if study else "")))
    return blocks



def _short(table: pd.DataFrame) -> pd.DataFrame:
    names = short_labels(list(table["configuration"].drop_duplicates()))
    return table.assign(configuration=table["configuration"].map(names))


def thesis_table(models: Callable[[str], Model]) -> str:
    """The study's experiment as we repeat it: its engine alone, then flat arrays of N behind the dispatcher (an
    array of one is not one engine: it has the dispatcher too)."""
    model = models("thesis")
    pts = model.results.points.sort_values("n", kind="stable")
    form = pts["array_mode"].fillna("").astype(str) if "array_mode" in pts.columns else pd.Series("", index=pts.index)
    rows = []
    for (kind, n), g in pts.groupby([form.map(lambda f: f or "alone"), "n"], sort=True):
        modes = dict(zip(g["activity_mode"].fillna("vectorless"), g["label"]))
        base = model.points[modes["vectorless"]]
        sat = model.points.get(modes.get("sim:saturated", ""), {})
        rows.append({"engines": "one, alone" if kind == "alone" else f"{int(n)}, a {kind} array",
                     "area µm²": show(base.get(catalog.AREA)), "fmax MHz": show(base.get(FMAX)),
                     "mW saturated": show(sat.get(catalog.POWER)), "mW vectorless": show(base.get(catalog.POWER)),
                     "cycles per line": show(base.get(catalog.CYCLES))})
    return (markdown_table(pd.DataFrame(rows)) + f"\n\nThe gcm_iter engine alone, then flat arrays of N engines "
            f"behind the dispatcher, {', '.join(model.basis.libraries)}, {model.basis.stage}, at 225 MHz. "
            f"{generated_from(model)}\n")


SECTIONS = (Section("arrays", EVIDENCE + 10, lambda c: arrays(c.model, c.page, study="study" in c.evidence),
                    always=True, blocks=(("thesis-table", thesis_table),)),)
