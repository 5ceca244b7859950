"""Report figures, written as PNG and SVG, byte-identical for the same input.

Figures are built on ``matplotlib.figure.Figure`` with the Agg canvas rather than through pyplot, so
the report neither depends on nor changes the caller's backend (a notebook keeps its inline one).
Stability: SVG ids come from ``svg.hashsalt`` instead of a random salt, and the date / software
metadata that would change between runs or machines is dropped.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker
import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..answers.fits import band
from ..answers.labels import short_labels

_RC = {"svg.hashsalt": "cryptoppa-report", "svg.fonttype": "path", "font.size": 9}
_METADATA = {"svg": {"Date": None}, "png": {"Software": None}}
FORMATS = ("png", "svg")
_DPI = 110


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=_DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _colour(i: int):
    return matplotlib.colormaps["tab10"](i % 10)


def legend_labels(groups: list[str], width: int = 60) -> dict[str, str]:
    """Legend text per group: only what tells the groups apart (the design always), wrapped to ``width``."""
    return short_labels(groups, width)


def save(fig: Figure, folder: Path, stem: str) -> dict[str, Path]:
    """Write ``stem.png`` and ``stem.svg`` into ``folder``; returns format -> path."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    with matplotlib.rc_context(_RC):
        for fmt in FORMATS:
            path = folder / f"{stem}.{fmt}"
            fig.savefig(path, format=fmt, metadata=_METADATA[fmt], dpi=_DPI)
            paths[fmt] = path
    return paths


def remove_unwritten(folder: Path, stems, written: set[str]) -> None:
    """Delete the files of each figure in `stems` this build did not write: a section now skipped leaves none."""
    for stem in stems:
        if stem not in written:
            for fmt in FORMATS:
                (folder / f"{stem}.{fmt}").unlink(missing_ok=True)


def fit_figure(points: pd.DataFrame, fits: pd.DataFrame, metric: str, ylabel: str, scale: float = 1.0,
               study: tuple[str, list[tuple[float, float]]] | None = None) -> Figure:
    """One metric against N: measured points, fitted line and 95 % band per fitted group.

    ``study``: (legend label, [(N, value in the axis unit)]) of a published study, drawn over ours."""
    with matplotlib.rc_context(_RC):
        fig = _figure(7.0, 4.2)
        ax = fig.add_subplot()
        rows = fits[fits["metric"] == metric].reset_index(drop=True)
        labels = legend_labels(list(rows["group"]))
        for i, fit in rows.iterrows():
            g = points[points["group"] == fit["group"]]
            xs = np.linspace(float(fit["n_min"]), float(fit["n_max"]), 64)
            centre, low, high = band(fit, xs)
            colour = _colour(i)
            ax.plot(g["n"], g[metric] * scale, "o", color=colour, markersize=4)
            ax.plot(xs, centre * scale, "-", color=colour, linewidth=1.2, label=labels[fit["group"]])
            if not np.isnan(low).all():
                ax.fill_between(xs, low * scale, high * scale, color=colour, alpha=0.18, linewidth=0)
        if study is not None:
            label, xy = study
            ax.plot([n for n, _ in xy], [v for _, v in xy], "k*--", markersize=7, linewidth=0.8, label=label)
        ax.set_xlabel("N (engines in the array)")
        ax.set_ylabel(ylabel)
        ax.grid(True, linewidth=0.4, alpha=0.5)
        ax.legend(fontsize=7, loc="upper left")
        ax.set_title(f"{ylabel} vs N: points, OLS line, 95 % confidence band")
    return fig


def core_energy_figure(energy: pd.DataFrame) -> Figure:
    """Energy and cycles per byte against the -O level, one row per core and firmware, one line per key size."""
    with matplotlib.rc_context(_RC):
        configs = list(energy.groupby(["core", "zk", "variant"], sort=False).groups)
        fig = _figure(7.0, 0.8 + 2.1 * len(configs))
        axes = np.atleast_2d(fig.subplots(len(configs), 2, squeeze=False))
        for row, (core, zk, variant) in enumerate(configs):
            g = energy[(energy["core"] == core) & (energy["zk"] == zk) & (energy["variant"] == variant)]
            for i, (key, k) in enumerate(g.groupby("key_bits", sort=True)):
                k = k.sort_values("opt_rank")
                panels = ((axes[row, 0], "energy_per_byte_pj", 1e-3), (axes[row, 1], "cycles_per_byte", 1))
                for ax, col, scale in panels:
                    ax.plot(k["opt"], k[col] * scale, "o-", color=_colour(i), markersize=3, linewidth=1,
                            label=f"AES-{key}")
            axes[row, 0].set_ylabel(f"{core} ZK={zk}\n{variant}: nJ/byte")
            axes[row, 1].set_ylabel("cycles/byte")
            for ax in axes[row]:
                ax.grid(True, linewidth=0.4, alpha=0.5)
                ax.set_ylim(bottom=0)
        axes[0, 0].legend(fontsize=7, loc="upper right")
        axes[-1, 0].set_xlabel("gcc optimization level")
        axes[-1, 1].set_xlabel("gcc optimization level")
        fig.suptitle("software AES-GCM, 64-byte line (key setup included), gate-level energy per byte")
    return fig


def scheme_figure(rows: pd.DataFrame, bandwidth: str) -> Figure:
    """Total engine area against added read latency at one bandwidth: one marker per configuration (a bar up to the
    area with every metadata line missed, where that takes more engines), one colour per scheme, so the area a few
    nanoseconds cost is visible."""
    fig = _figure(6.4, 4.0)
    ax = fig.add_subplot()
    for i, (scheme, group) in enumerate(rows.groupby("scheme", sort=False)):
        ax.scatter(group["latency_ns"], group["area_mm2"], color=_colour(i), label=scheme, s=28)
        # a range of engines (metadata streaming to uncached): its area at both ends
        spans = group[group["area_high_mm2"] > group["area_mm2"]]
        ax.vlines(spans["latency_ns"], spans["area_mm2"], spans["area_high_mm2"], color=_colour(i), linewidth=1.2)
    ax.set_xlabel("read latency, row hit (ns, unloaded; verified where the scheme has a MAC)")
    ax.set_ylabel(f"engines' area for {bandwidth} (mm²)")
    ax.set_yscale("log")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    return fig


def fpga_resource_figure(points: pd.DataFrame, compared: pd.DataFrame, labels: dict[str, str],
                         study_label: str) -> Figure:
    """One panel per compared resource against N: our counts and fitted line per design, the study's line dashed.

    ``compared``: `cryptoppa.answers.fpga_fits.figure_rows`; ``labels``: metric -> axis name."""
    metrics = [m for m in labels if (compared["metric"] == m).any()]
    with matplotlib.rc_context(_RC):
        fig = _figure(3.2 * max(len(metrics), 1), 3.4)
        axes = fig.subplots(1, max(len(metrics), 1), squeeze=False)[0]
        for ax, metric in zip(axes, metrics):
            for i, (_, fit) in enumerate(compared[compared["metric"] == metric].iterrows()):
                g = points[points["design"] == fit["design"]].sort_values("n")
                xs = np.array([float(g["n"].min()), float(g["n"].max())])
                ax.plot(g["n"], g[metric], "o", color=_colour(i), markersize=4)
                ax.plot(xs, fit["intercept"] + fit["slope"] * xs, "-", color=_colour(i), linewidth=1.2,
                        label=fit["design"])
                ax.plot(xs, fit["study_intercept"] + fit["study_slope"] * xs, "k--", linewidth=0.9,
                        label=study_label if i == 0 else None)
            ax.set_title(labels[metric], fontsize=9)
            ax.set_xlabel("N (engines, flat)")
            ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:,.0f}"))
        axes[0].legend(fontsize=7, loc="upper left")
    return fig


def factor_figure(decompositions: list[tuple[str, list[tuple[str, float, int]]]]) -> Figure:
    """Each decomposed ratio as a waterfall on a log scale: one bar per factor (depth 1) from the product so far,
    its splits (depth 2) as thinner bars beside it, the whole ratio last."""
    fig = _figure(7.2, 1.6 + 0.9 * max(len(steps) for _, steps in decompositions) * len(decompositions) / 2)
    axes = fig.subplots(len(decompositions), 1, squeeze=False)[:, 0]
    for ax, (quantity, steps) in zip(axes, decompositions):
        level, y, labels = 1.0, 0, []
        for name, value, depth in steps:
            start = level if depth == 1 else 1.0
            ax.barh(y, np.log10(value), left=np.log10(start), height=0.7 if depth == 1 else 0.35,
                    color=_colour(0 if depth == 1 else 1), alpha=1.0 if depth == 1 else 0.6)
            labels.append(("    " if depth == 2 else "") + name.split(":")[0].split(" (")[0])
            if depth == 1:
                level *= value
            y += 1
        ax.barh(y, np.log10(level), color="0.3", height=0.7)
        labels.append("ours / the study")
        ax.set_title(quantity, fontsize=9)
        ax.set_yticks(range(len(labels)), labels, fontsize=7)
        ax.invert_yaxis()
        ax.axvline(0, color="0.5", linewidth=0.6)
        ticks = np.array([0.25, 0.5, 1, 2, 4, 8])
        ax.set_xticks(np.log10(ticks), [f"{t:g}×" for t in ticks], fontsize=7)
        ax.grid(True, axis="x", alpha=0.3)
    return fig
