"""Our FPGA resource lines against N beside the 2013 study's Kintex-7 lines (Owen 2013, Eq. 5.4).

The study's counts came from Xilinx ISE 14.3 on a Kintex-7 (Owen 2013, §5, Table 5.1), its S-boxes in block RAM;
ours from Yosys's synth_xilinx on the same 7-series primitives, S-boxes in LUTs. The two slopes (resources per added
engine) are set side by side as a comparison (cryptoppa.answers.comparison): their ratio is printed only where a
measured factor accounts for the tools (the study's own RTL through our synthesis, `control`), else it is refused
and listed. A line whose R² is below gates.MIN_R2 is not quoted as a slope; a count that is the same at every N (no
block RAM at all) is that count, not a line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from ..catalog import BRAM, FPGA_FFS, LUTS
from ..feasibility.fit import fit_linear
from ..feasibility.owen2013 import OWEN2013
from . import gates
from .comparison import Comparison, compare, factor, side
from .records import Cited, NotAnswered, On, Record

# The two sides' bases: ours (Yosys synth_xilinx, synthesis only) and the study's (ISE 14.3 on a Kintex-7).
OURS_FPGA = dict(library="Xilinx 7-series primitives", flow="Yosys synth_xilinx", stage="synthesis")
STUDY_FPGA = dict(design="OpenCores gcm-aes, as Owen 2013 modified it", library="Kintex-7 (XC7K)",
                  flow="Xilinx ISE 14.3", stage="implemented", source="Owen 2013")

# Our metric -> (what a reader calls it, the study's Eq. 5.4 line, the count's quantity, the slope's quantity)
COMPARED = {
    LUTS: ("LUTs", "luts", "luts", "per_engine_luts"),
    FPGA_FFS: ("flip-flops", "flip_flops", "flip_flops", "per_engine_ffs"),
    BRAM: ("block RAMs", "bram", "brams", "per_engine_brams"),
}


@dataclass
class ResourceLine:
    """One resource of one design against N on one synthesis-only target, beside the study's line."""

    design: str
    target: str
    metric: str
    n_min: int
    n_max: int
    points: int
    study: Cited  # the study's slope, as printed
    study_intercept: Cited
    slope: Record | None = None
    intercept: Record | None = None
    r2: Record | None = None
    comparison: Comparison | None = None  # our slope beside the study's
    constant: Record | None = None  # the count where it is the same at every N
    refused: NotAnswered | None = None

    @property
    def name(self) -> str:
        return COMPARED[self.metric][0]

    @property
    def subject(self) -> str:
        return f"{self.design} on {self.target} over N"

    @property
    def ratio(self) -> Record | None:
        """Our slope / the study's, where the comparison's gate lets it through."""
        c = self.comparison
        return c.ratio if c is not None and c.answered else None


def study_line(metric: str) -> tuple[Cited, Cited]:
    printed = OWEN2013.fpga_fits[COMPARED[metric][1]]
    where = printed.source.split(":")[0]
    return Cited(f"{printed.slope:g}", where), Cited(f"{printed.intercept:g}", where)


def resource_lines(points: pd.DataFrame, target: str, on: On, control: dict[str, Record] | None = None
                   ) -> list[ResourceLine]:
    """Each design with two or more N on `target` (finished rows), each compared resource it has. control: the
    study's own RTL through our synthesis on `target`, per metric (its count for one module), the factor that
    accounts for the tools."""
    rows = points[points["pdk"] == target]
    rows = rows[rows.groupby("design")["n"].transform("nunique") >= 2] if not rows.empty else rows
    metrics = [m for m in COMPARED if m in rows.columns and rows[m].notna().any()]
    out = []
    for design, group in rows.groupby("design", sort=True):
        for metric in metrics:
            g = group.dropna(subset=[metric])
            if g["n"].nunique() < 2:
                continue
            out.append(_line(design, target, metric, g, on, (control or {}).get(metric)))
    return out


def _line(design: str, target: str, metric: str, g: pd.DataFrame, on: On, control: Record | None) -> ResourceLine:
    _, _, count, per_engine = COMPARED[metric]
    study, study_intercept = study_line(metric)
    line = ResourceLine(design, target, metric, int(g["n"].min()), int(g["n"].max()), len(g), study, study_intercept)
    labels = tuple(g["label"])
    subject = line.subject
    if g[metric].nunique() == 1:
        line.constant = Record(subject, f"{line.name} at every N", count, float(g[metric].iloc[0]), on, labels)
        return line
    fit = fit_linear(g, x="n", y=[metric]).iloc[0]
    r2 = float(fit["r2"]) if pd.notna(fit["r2"]) else math.nan
    line.r2 = Record(subject, f"R² of the {line.name} line", "r2", r2, on, labels)
    refusal = gates.fit(r2)
    if refusal:
        line.refused = NotAnswered(subject, f"{line.name} per added engine", refusal)
        return line
    line.slope = Record(subject, f"{line.name} per added engine", per_engine, float(fit["slope"]), on, labels)
    line.intercept = Record(subject, f"{line.name} intercept", count, float(fit["intercept"]), on, labels)
    unit = dict(unit="one added engine", scope=f"{line.name}, S-boxes in LUTs" if metric == LUTS else line.name)
    ours = side("ours", line.slope, design=design, source="cryptoppa", **OURS_FPGA, **unit)
    theirs = side("Owen 2013", study, **STUDY_FPGA, **dict(unit, scope=f"{line.name}, S-boxes in block RAM"
                                                          if metric == LUTS else line.name))
    tools = () if control is None else (factor(
        "tools, device and S-box mapping: the study's RTL, one module, through our synthesis / the study's per-module "
        "slope", ("library", "flow", "stage", "scope"), control, study, subject=subject),)
    line.comparison = compare(f"{line.name} per added engine", ours, theirs, about=("design", "source"),
                              factors=tools, subject=subject)
    return line


def figure_rows(lines: list[ResourceLine]) -> pd.DataFrame:
    """The lines as the resource figure draws them (design, metric, slope, intercept, the study's)."""
    return pd.DataFrame([{"design": ln.design, "metric": ln.metric,
                          "slope": ln.slope.value if ln.slope else 0.0,
                          "intercept": ln.intercept.value if ln.intercept else (
                              ln.constant.value if ln.constant else math.nan),
                          "study_slope": ln.study.value, "study_intercept": ln.study_intercept.value}
                         for ln in lines if ln.slope or ln.constant])
