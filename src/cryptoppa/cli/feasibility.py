"""`cryptoppa feasibility`, `storage` and `fit`: the arithmetic of the studies, on their figures or ours."""

from __future__ import annotations

import json
import math
from pathlib import Path

import click
import pandas as pd

from .. import limits
from ..catalog import AREA, FLOPS, POWER, POWER_INTERNAL, POWER_LEAKAGE, POWER_SWITCHING
from ..errors import InputError
from ..feasibility import report_text
from ..feasibility.fit import fits_to_dict
from ..feasibility.metadata import PATTERNS, SGX_PROTECTED_BYTES, Access, parse_size
from ..report.load import group_label, load_results
from ..report.options import options_table
from ..report.schemes import scheme_table
from ..sweep import results as results_mod
from .options import bounded

FIT_METRICS = (AREA, FLOPS, POWER, POWER_INTERNAL, POWER_SWITCHING, POWER_LEAKAGE)
# How `fit` labels them in its text table, and the factor from the metric's unit (--json keeps names and units).
FIT_LABELS = dict(zip(FIT_METRICS, (("area µm²", 1), ("flip-flops", 1), ("power mW", 1e3), ("internal power mW", 1e3),
                                    ("switching power mW", 1e3), ("leakage power mW", 1e3))))


def _echo_table(df) -> None:
    click.echo(report_text.to_text(df))
    click.echo(f"assumption: {df.attrs['assumption']}\nsource: {df.attrs['source']}")
    for note in df.attrs.get("notes", []):
        click.echo(f"note: {note}")


def _echo_schemes(df) -> None:
    if df.empty:
        click.echo("schemes: " + "; ".join(df.attrs["notes"]))
        return
    click.echo("\nschemes (each scheme's engine family, N = 1 rows):")
    click.echo(report_text.to_text(df))
    click.echo(f"assumption: {df.attrs['assumption']}\ntraffic: {df.attrs['traffic']}\n{df.attrs['access']}")
    for name, source in df.attrs["sources"].items():
        if name in set(df["scheme"]):
            click.echo(f"scheme {name}: {source}")
    for note in df.attrs["notes"]:
        click.echo(f"note: {note}")


def _clock(text: str) -> float | str:
    """--clock: a frequency in MHz, or a column of clocks (fmax = each engine's timing__fmax__mhz)."""
    try:
        return float(text)
    except ValueError:
        return text


@click.command()
@click.option("--paper", help="recompute a published study's conclusions (owen2013)")
@click.option("--bandwidth", help="e.g. 25.6GB/s, 204.8Gb/s, 1.2TB/s, or a preset name (`cryptoppa presets`)")
@click.option("--efficiency", type=float, default=1.0, show_default=True, callback=bounded(limits.EFFICIENCY),
              help="sustained / peak bandwidth")
@click.option("--count", type=int, default=1, show_default=True, callback=bounded(limits.COUNT),
              help="channels / stacks / devices")
@click.option("--results", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="with --bandwidth: measured engines from this results folder (N=1 rows)")
@click.option("--host", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="with --bandwidth: host-CPU option from a `cryptoppa host-baseline` folder")
@click.option("--cores", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="with --bandwidth: RV32 software options from a `cryptoppa core-baseline` folder")
@click.option("--access", type=click.Choice(PATTERNS), default="streaming", show_default=True,
              help="with --results: how data lines are read, for the metadata traffic of each scheme")
@click.option("--hit-rate", type=float,
              help="with --results: a metadata/counter-cache hit rate (0..1); the schemes' engines, area and power "
                   "are for it, beside the streaming and uncached bounds")
@click.option("--protected", default=f"{SGX_PROTECTED_BYTES // 2**20}MiB", show_default=True,
              help="with --results: the memory a counter tree protects (its depth), e.g. 16GiB; default SGX MEE's")
@click.option("--clock", "clock", default="clock_mhz", show_default=True,
              help="with --results: the schemes' clock, MHz or 'fmax' (each engine's own); default each engine's "
                   "characterization clock")
def feasibility(paper, bandwidth, efficiency, count, results, host, cores, access, hit_rate, protected, clock):
    """How many engines (or cores) a memory system's bandwidth needs, and at what area and power.

    With --results/--host/--cores the options are this project's measurements; without them, the 2013
    study's own figures.
    """
    # bad metadata options fail before any table is read
    access = Access(access, hit_rate, protected_bytes=parse_size(protected))
    if paper:
        click.echo(report_text.paper_report(paper))
    elif bandwidth and (results or host or cores):
        schemes = scheme_table(results_mod.read(results), bandwidth, access, efficiency, count, _clock(clock)) \
            if results else None  # a bad --clock fails before anything is printed
        _echo_table(options_table(bandwidth, results=results, host=host, cores=cores, efficiency=efficiency,
                                  count=count))
        if schemes is not None:
            _echo_schemes(schemes)
    elif bandwidth:
        _echo_table(report_text.feasibility_table(bandwidth, efficiency=efficiency, count=count))
    else:
        raise InputError("give --paper NAME or --bandwidth QUANTITY (presets: `cryptoppa presets`)")


@click.command()
@click.option("--processors", type=int, default=8, show_default=True)
@click.option("--processes", type=int, default=100, show_default=True)
@click.option("--line-bytes", type=int, default=64, show_default=True, help="a multiple of the 16-byte AES block")
@click.option("--pads-per-pair", type=int, default=5, show_default=True)
def storage(processors, processes, line_bytes, pads_per_pair):
    """On-chip storage of GCM vs CBC (SENSS) bus encryption, after the 2008 study."""
    df = report_text.storage_table(processors=processors, processes=processes, line_bytes=line_bytes,
                                   pads_per_pair=pads_per_pair)
    click.echo(report_text.to_text(df))
    for note in df.attrs.get("notes", []):
        click.echo(f"note: {note}")


@click.command()
@click.argument("results", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--x", default="n", show_default=True, help="the column to fit against")
@click.option("--json", "as_json", is_flag=True)
def fit(results, x, as_json):
    """Least-squares lines of each metric against N, per design/parameters/PDK/corner/clock/activity.

    RESULTS is a results folder (as written by `cryptoppa sweep`)."""
    loaded = load_results(results)
    frame = loaded.points
    try:
        table = report_text.fit_table(frame, x=x, y=[m for m in FIT_METRICS if m in frame.columns],
                                      by=loaded.group_cols)
    except InputError as err:
        raise InputError(f"{results}: {err}") from None
    click.echo(json.dumps(fits_to_dict(table), indent=2) if as_json else _fit_text(table, loaded.group_cols, x))


def _sig(value) -> str:
    """Five significant digits, without an exponent where the value reads well without one."""
    if value is None or pd.isna(value):
        return "-"
    if value == 0 or not 1e-4 <= abs(value) < 1e9:
        return f"{value:.5g}"
    decimals = max(0, 4 - math.floor(math.log10(abs(value))))
    return f"{round(value, decimals):,.{decimals}f}"


def _linearity(row) -> str:
    if pd.isna(row["linearity_p"]):
        return row["linearity_check"]
    return f"p = {row['linearity_p']:.2g}" + (" (curved)" if row["nonlinear"] is True else "")


def _fit_row(row, x: str) -> dict[str, str]:
    label, scale = FIT_LABELS.get(row["metric"], (row["metric"], 1))
    return {"metric": label, "points": str(row["n_points"]), f"slope per {x}": _sig(row["slope"] * scale),
            "95 % interval": f"{_sig(row['slope_ci_low'] * scale)} .. {_sig(row['slope_ci_high'] * scale)}",
            "intercept": _sig(row["intercept"] * scale),
            "95 % interval ": f"{_sig(row['intercept_ci_low'] * scale)} .. {_sig(row['intercept_ci_high'] * scale)}",
            "R²": "-" if pd.isna(row["r2"]) else f"{row['r2']:.5f}", "linearity": _linearity(row)}


def _fit_text(table: pd.DataFrame, group_cols: list[str], x: str) -> str:
    """One block per group under its label: each metric's line with 95 % intervals, in under 120 columns."""
    blocks = []
    for _, rows in table.groupby(group_cols, dropna=False, sort=True):
        lines = [group_label(rows.iloc[0], group_cols)]
        cells = [_fit_row(row, x) for _, row in rows[rows["slope"].notna()].iterrows()]
        if cells:
            widths = {k: max(len(k), *(len(c[k]) for c in cells)) for k in cells[0]}
            left = ("metric", "linearity")
            for line in [{k: k for k in widths}, *cells]:
                lines.append("  " + "  ".join(v.ljust(widths[k]) if k in left else v.rjust(widths[k])
                                              for k, v in line.items()).rstrip())
        lines += [f"  note: {note}" for note in dict.fromkeys(rows["note"]) if note]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
