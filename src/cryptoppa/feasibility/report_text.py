"""Tables for the CLI: DataFrames for each feasibility view, and a Markdown/plain-text renderer.

Rendering is done here rather than with ``DataFrame.to_markdown`` so that no optional
dependency (tabulate) is needed.  Numbers are rounded for reading; the unrounded values stay
available from :mod:`paper`, :mod:`storage` and :mod:`fit`.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Iterable

import pandas as pd

from ..errors import InputError
from .fit import fit_linear
from .paper import consistency_checks, fit_comparison, get_study, paper_frame
from .presets import resolve_bandwidth
from .storage import compare_storage


def paper_table(name: str = "owen2013") -> pd.DataFrame:
    """The study's conclusions recomputed from its own figures, beside what it wrote."""
    return _conclusions(paper_frame(name))


def paper_fit_table(name: str = "owen2013") -> pd.DataFrame:
    """Printed ASIC fits vs its table and our refit (area in um^2, power in mW)."""
    df = fit_comparison(name)
    out = pd.DataFrame({
        "metric": df["metric"] + " [" + df["unit"] + "]",
        "printed fit": [f"{s:.6g} N + {i:.6g}" for s, i in zip(df["printed_slope"], df["printed_intercept"])],
        "refit (95 % CI)": [
            f"{s:.6g} [{sl:.4g}, {sh:.4g}] N + {i:.5g} [{il:.4g}, {ih:.4g}]"
            for s, (sl, sh), i, (il, ih) in zip(
                df["refit_slope"], df["refit_slope_ci"], df["refit_intercept"], df["refit_intercept_ci"])
        ],
        "R2": df["refit_r2"].round(5),
        "non-linear": df["nonlinear"].map({True: "yes", False: "no"}),
        "table N=1": df["table_at_1"],
        "printed fit N=1": df["printed_fit_at_1"].round(2),
        "refit N=1": df["refit_at_1"].round(2),
        "N needed": df["n_needed"],
        "printed fit at N": df["printed_fit_at_n"].round(2),
        "refit at N": df["refit_at_n"].round(2),
        "flag": df["discrepancy"].map({True: "FLAG", False: ""}),
        "note": df["note"],
    })
    return out


def paper_checks_table(name: str = "owen2013") -> pd.DataFrame:
    """Internal consistency checks of the study's printed inputs."""
    df = consistency_checks(name).copy()
    df["recomputed"] = df["recomputed"].round(3)
    df["discrepancy"] = df["discrepancy"].map({True: "FLAG", False: ""})
    return df.rename(columns={"discrepancy": "flag"})


def feasibility_table(
    bandwidth: str, efficiency: float = 1.0, count: int = 1, paper: str = "owen2013"
) -> pd.DataFrame:
    """Engines the study's options need for a bandwidth (preset name or quantity).

    The resolved assumption (peak x count x efficiency) is in ``.attrs['assumption']``.
    """
    resolved = resolve_bandwidth(bandwidth, efficiency=efficiency, count=count)
    table = _conclusions(paper_frame(paper, resolved.bits_per_second))
    table.attrs["assumption"] = resolved.assumption
    table.attrs["source"] = resolved.source
    return table


def sig(value: float, digits: int = 4) -> float:
    """One value rounded to `digits` significant digits, NaN kept."""
    return float(f"{value:.{digits}g}") if pd.notna(value) else value


def round_sig(series: pd.Series, digits: int = 4) -> pd.Series:
    """Round to `digits` significant digits, NaN kept: the options span six orders of magnitude."""
    return series.astype(float).map(lambda v: sig(v, digits))


def storage_table(
    processors: int = 8,
    processes: int = 100,
    line_bytes: int = 64,
    pads_per_pair: int = 5,
    key_bits: int = 128,
    counter_bits: int = 99,
    mask_kinds: int = 2,
    copies: int = 2,
) -> pd.DataFrame:
    """Every storage term of the GCM and CBC (SENSS) units, then totals; notes in ``.attrs``."""
    cmp = compare_storage(processors, processes, line_bytes, pads_per_pair, key_bits, counter_bits,
                          mask_kinds, copies)
    rows = []
    for result in (cmp.gcm, cmp.cbc):
        for term in result.terms:
            rows.append({"unit": result.scheme, "term": term.name, "formula": term.formula,
                         "count": term.count, "bits each": term.bits_each, "bits": term.bits,
                         "bytes": term.bits / 8, "stores": term.stores})
        printed = f"study printed: {result.study_printed}" if result.study_printed else ""
        applies = result.study_printed_applies_to
        rows.append({"unit": result.scheme, "term": "state (excl. pads/masks)", "formula": "",
                     "count": None, "bits each": None, "bits": result.state_bits,
                     "bytes": result.state_bytes, "stores": printed if applies == "state" else ""})
        rows.append({"unit": result.scheme, "term": "total", "formula": "", "count": None, "bits each": None,
                     "bits": int(result.total_bytes * 8), "bytes": result.total_bytes,
                     "stores": printed if applies == "total" else ""})
    table = pd.DataFrame(rows)
    table.attrs["ratio_cbc_over_gcm"] = cmp.ratio
    table.attrs["notes"] = [
        f"gcm: {'FLAG: ' if cmp.gcm.discrepancy else ''}{cmp.gcm.note}",
        f"cbc-senss: {'FLAG: ' if cmp.cbc.discrepancy else ''}{cmp.cbc.note}",
        f"CBC / GCM storage = {cmp.ratio:.2f}",
    ]
    return table


def fit_table(
    results: pd.DataFrame | str | Path,
    x: str = "n",
    y: Iterable[str] | None = None,
    by: Iterable[str] | None = None,
) -> pd.DataFrame:
    """:func:`fit.fit_linear` on a results table or file (.parquet, .csv or .json records)."""
    df = results if isinstance(results, pd.DataFrame) else read_results(results)
    return fit_linear(df, x=x, y=None if y is None else list(y), by=None if by is None else list(by))


def read_results(path: str | Path) -> pd.DataFrame:
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        return pd.read_parquet(path)
    if suffix == ".csv":
        return pd.read_csv(path)
    if suffix == ".json":
        return pd.read_json(path, orient="records")
    raise InputError(f"cannot read results {str(path)!r}: expected .parquet, .csv or .json")


def paper_report(name: str = "owen2013") -> str:
    """The whole paper-mode report as Markdown: conclusions, fit comparison, input checks."""
    study = get_study(name)
    parts = [
        f"## {study.title} ({study.name})",
        f"Recomputed for {study.bandwidth} (decimal GB) from the study's own per-instance throughputs.",
        to_markdown(paper_table(name)),
        "### Printed ASIC fits vs its table",
        to_markdown(paper_fit_table(name)),
        "### Consistency of printed inputs",
        to_markdown(paper_checks_table(name)),
    ]
    return "\n\n".join(parts) + "\n"


def to_markdown(df: pd.DataFrame) -> str:
    """A GitHub-style Markdown table; numbers right-aligned, '|' in cells escaped."""
    header = [str(c) for c in df.columns]
    body = [[_cell(v) for v in row] for row in df.itertuples(index=False)]
    numeric = [numeric_column(df[c]) for c in df.columns]
    widths = [max([len(h)] + [len(r[i]) for r in body]) for i, h in enumerate(header)]

    def line(cells: list[str]) -> str:
        padded = [c.rjust(w) if num else c.ljust(w) for c, w, num in zip(cells, widths, numeric)]
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if num else ("-" * (w + 2)) for w, num in zip(widths, numeric)) + "|"
    return "\n".join([line(header), rule, *(line(r) for r in body)])


_NUMBER = re.compile(r"^(–|-|[<>≈~]?-?[\d,]+(\.\d+)?( ?[–/-] ?[\d,]+(\.\d+)?)?( ?[%×†*])?)$")


def numeric_column(column: pd.Series) -> bool:
    """Right-aligned: a numeric column, or text that is numbers (a record's text, a range, '–')."""
    if pd.api.types.is_bool_dtype(column):
        return False
    if pd.api.types.is_numeric_dtype(column):
        return True
    cells = [str(v) for v in column if v is not None and v is not pd.NA and str(v) != ""]
    return bool(cells) and all(_NUMBER.match(c) for c in cells) and any(c not in ("–", "-") for c in cells)


def to_text(df: pd.DataFrame) -> str:
    """Plain fixed-width text (pandas' own renderer, all columns, no truncation)."""
    with pd.option_context("display.max_columns", None, "display.width", 10_000,
                           "display.max_colwidth", None):
        return df.to_string(index=False)


def _conclusions(df: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "option": df["option"],
        "per-instance Mb/s": df["per_instance_mbps"],
        "instances (exact)": df["instances_exact"].round(1),
        "instances": df["instances"],
        "utilization": df["utilization"].round(3),
        "power W": df["power_w"].round(2),
        "area mm2": df["area_mm2"].astype(float).round(2),
        "study wrote": df["study_wrote"],
        "flag": df["discrepancy"].map({True: "FLAG", False: ""}),
        "note": df["note"],
    })


def _cell(value: object) -> str:
    if value is None or value is pd.NA:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return f"{value:.10g}"
    return str(value).replace("|", "\\|").replace("\n", " ")
