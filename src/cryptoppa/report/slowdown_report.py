"""The slowdown report (reports/slowdown/): % run-time increase per workload and scheme, and the 2008 study's
Figure 5.1 beside our replay of its setup. Built from the committed slowdown table only."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure as MplFigure

from ..errors import InputError
from ..feasibility.report_text import sig
from ..feasibility.studies import figure_5_1
from ..memsys.system import dram_timing, study_system
from ..paths import ROOT, shown
from ..slowdown import protection as prot
from ..slowdown.answer import slowdown_by_scheme
from ..slowdown.run import TABLE
from ..sweep import results as results_mod
from ..trace.workloads import STUDY_KERNELS, WORKLOADS
from . import plots
from .document import Block, Bullets, Figure, Heading, Paragraph, Table, write_report

FIGURE = "slowdown_by_scheme"
ENGINE_RESULTS = "reports/designs/data/results.csv"
COMMAND = "cryptoppa slowdown --workloads fft,lu-c,lu-nc,radix,gzip,xz,sqlite3 --engines 1,4"
# 000 Figure 5.1 (64-byte lines): total % performance loss printed beside each point, (processors, scheme, GB/s),
# as cryptoppa.feasibility.studies reads it from the seed.
STUDY_FIGURE_5_1 = {(p, f"study-{mode}", gbps): loss for (p, mode, gbps), loss in figure_5_1().items()}


def _ok(table: pd.DataFrame) -> pd.DataFrame:
    return table[table["status"] == "ok"]


def _total_loss(rows: pd.DataFrame) -> float:
    """The study's "total performance loss": summed execution time of the kernels with protection over without."""
    return 100.0 * (rows["cycles"].sum() / rows["base_cycles"].sum() - 1) if len(rows) else float("nan")


def study_side(table: pd.DataFrame) -> pd.DataFrame:
    ok = _ok(table)
    ok = ok[ok["workload"].isin(STUDY_KERNELS) & (ok["link"] == "c2c")]
    rows = []
    for (procs, line, gbps), group in ok.groupby(["processors", "line_bytes", "gbps"]):
        gcm = _total_loss(group[group["scheme"] == "study-gcm"])
        cbc = _total_loss(group[group["scheme"] == "study-cbc"])
        paper = (STUDY_FIGURE_5_1.get((procs, "study-gcm", gbps)), STUDY_FIGURE_5_1.get((procs, "study-cbc", gbps)))
        if line != 64 or paper[0] is None:
            paper = (np.nan, np.nan)
        rows.append({"processors": int(procs), "line B": int(line), "AES unit GB/s": gbps,
                     "AES latency cycles": prot.study_aes_cycles(int(line), gbps),
                     "study GCM %": paper[0], "ours GCM %": sig(gcm), "study CBC %": paper[1],
                     "ours CBC %": sig(cbc),
                     "study CBC / GCM": round(paper[1] / paper[0], 1) if paper[0] == paper[0] else np.nan,
                     "ours CBC / GCM": round(cbc / gcm, 1) if gcm > 0 else np.nan})
    return pd.DataFrame(rows)


def _memory_rows(table: pd.DataFrame, line: int = 64, engines: int = 1) -> pd.DataFrame:
    ok = _ok(table)
    ok = ok[(ok["link"] == "memory") & (ok["scheme"] != "none") & (ok["line_bytes"] == line) & (ok["engines"] == engines)]
    largest = ok.groupby("workload")["processors"].transform("max")
    return ok[ok["processors"] == largest]


def workload_scheme(table: pd.DataFrame) -> pd.DataFrame:
    rows = _memory_rows(table)
    if rows.empty:
        return rows
    view = rows.pivot_table(index=["workload", "processors"], columns="scheme", values="slowdown_pct").map(sig)
    order = [s for s in prot.MEASURED if s in view.columns]
    return view[order].reset_index().rename(columns={"processors": "processors"})


def pool_table(table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for engines in sorted(set(_ok(table).query("link == 'memory' and engines > 0")["engines"])):
        chosen = _memory_rows(table, engines=engines)
        for scheme, group in chosen.groupby("scheme"):
            rows.append({"scheme": scheme, "engines": int(engines), "mean slowdown %": sig(group["slowdown_pct"].mean()),
                         "max slowdown %": sig(group["slowdown_pct"].max()),
                         "mean engine utilization": round(group["engine_utilization"].mean(), 3),
                         "mean queueing cycles per read": round(group["wait_cycles_per_protected"].mean(), 1),
                         "metadata traffic %": round(group["metadata_traffic_pct"].mean(), 1)})
    return pd.DataFrame(rows)


def workload_table(table: pd.DataFrame) -> pd.DataFrame:
    base = _ok(table)
    base = base[(base["scheme"] == "none") & (base["line_bytes"] == 64)]
    base = base[base["processors"] == base.groupby("workload")["processors"].transform("max")]
    return pd.DataFrame({
        "workload": base["workload"], "processors": base["processors"], "accesses": base["accesses"],
        "instructions": base["instructions"].round(0), "footprint KiB": (base["footprint_bytes"] / 1024).round(0),
        "L1 miss rate": base["miss_rate_l1"].round(4), "L2 miss rate": base["miss_rate_l2"].round(4),
        "memory reads": base["memory_reads"], "cache-to-cache": base["c2c_transfers"],
        "write-backs": base["writebacks"],
    }).sort_values("workload").reset_index(drop=True)


def _figure(view: pd.DataFrame, folder: Path) -> Figure:
    fig = MplFigure(figsize=(7.2, 3.8), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    schemes = [c for c in view.columns if c not in ("workload", "processors")]
    width = 0.8 / max(len(schemes), 1)
    x = np.arange(len(view))
    for i, scheme in enumerate(schemes):
        ax.bar(x + i * width, view[scheme], width, label=scheme, color=matplotlib.colormaps["tab10"](i))
    ax.set_xticks(x + width * (len(schemes) - 1) / 2, [f"{w} ({p} P)" for w, p in zip(view["workload"], view["processors"])],
                  rotation=20, fontsize=8)
    ax.set_ylabel("run-time increase over no protection (%)")
    ax.set_yscale("symlog", linthresh=1)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8, ncol=3)
    caption = "Slowdown per workload and scheme: memory link, one engine, 64-byte lines, log scale above 1 %"
    return Figure(caption, plots.save(fig, folder, FIGURE))


def _one(rows: pd.DataFrame, column: str):
    """The grid-wide value of a column: one basis per report."""
    values = rows[column].dropna().unique()
    if len(values) != 1:
        raise InputError(f"slowdown table: column {column!r} holds {', '.join(map(str, values)) or 'nothing'}; "
                         "expected one value (publish the rows of one grid)")
    return values[0]


def _memory_preset(table: pd.DataFrame) -> str:
    return str(_one(_ok(table), "memory"))


def engine_clock_mhz(table: pd.DataFrame) -> float:
    ok = _ok(table)
    return float(_one(ok[ok["link"] == "memory"], "engine_clock_mhz"))


def basis(table: pd.DataFrame) -> list[str]:
    """The basis of every number in the report, from the table itself: one line per choice a reader must know."""
    clock, core_ghz = engine_clock_mhz(table), float(_one(_ok(table), "core_ghz"))
    preset = _memory_preset(table)
    dram = dram_timing(preset)
    return [
        f"engines: the N = 1 row of each family in `{ENGINE_RESULTS}` (the command's default `--results`): read "
        f"latency and cycles per line simulated from the RTL at its {clock:g} MHz basis clock, converted to ns at "
        f"that clock (not at each engine's fmax); the cores run at {core_ghz:g} GHz, so one engine cycle is "
        f"{core_ghz * 1e3 / clock:.2g} core cycles",
        f"core: in-order, CPI {_one(_ok(table), 'cpi'):g} for non-memory instructions, memory-level parallelism "
        f"{_one(_ok(table), 'mlp'):g} (one miss in flight: every ns a read gains stalls the core); with more misses "
        "in flight the same latency costs less",
        f"DRAM: tRCD {dram.trcd_ns:g} ns, tCL {dram.tcl_ns:g} ns, tRP {dram.trp_ns:g} ns per bank, open page, no "
        f"bandwidth contention (memory preset {dram.source})",
        "access pattern: each workload's own recorded loads and stores through the study's caches; engines see its "
        "L2 misses and write-backs, and metadata traffic is that trace's (neither a streaming best case nor an "
        "uncached worst case)",
    ]


def _assumptions(table: pd.DataFrame) -> list[str]:
    system = study_system(2, 64, _memory_preset(table))
    out = [f"{k}: {v}" for k, v in system.assumptions.items()]
    return out + [
        "traces: the kernels' accesses in their parallel phase, per thread, by ThreadSanitizer instrumentation "
        "(accesses gcc proves thread-private, e.g. most of the stack, are not recorded and count as L1 hits); "
        "the programs' every access by valgrind lackey",
        "non-memory instructions: callgrind's count of the kernel's parallel phase, spread evenly over its traced "
        "accesses; lackey's own instruction lines for the programs",
        f"memory-link engines: timing from `{ENGINE_RESULTS}` (simulated cycles at its {engine_clock_mhz(table):g} "
        "MHz clock), converted by `cryptoppa.feasibility.latency.cycles_to_ns`; a pool of N engines is one FCFS "
        "server with N x one engine's throughput; metadata (tags, counters, tree) through a 32 KiB 8-way LRU "
        "metadata cache; integrity schemes wait for the verdict; engines with the prefetch port (ctr_mac, xts, "
        "prince) hear the read request tRCD + tCL before its data and wait their latency at that lead "
        "(`cryptoppa.feasibility.latency.latency_at_lead`, as every report's answer)",
        "the 2008 study's units: one per processor; AES latency 4 x line bytes / (GB/s) cycles at 1 GHz as its "
        "text prints it (320 cycles for 64 B at 0.8 GB/s); GCM: 5 pads per ordered processor pair and a 4-cycle "
        "tag; CBC: 2 masks per pair and a CBC-MAC of one AES latency on every transfer",
    ]


def build(data: Path, out: Path, produced_by: tuple[str, ...] = ()) -> Path:
    """reports/slowdown/report.md, report.html and figures/ from data/slowdown.csv."""
    table = results_mod.read(data, TABLE)
    source = f"`{shown(results_mod.table_path(data, TABLE))}`"
    figures = out / "figures"
    view = workload_scheme(table)
    blocks: list[Block] = [Heading(1, "Program slowdown under memory protection"),
                           Heading(2, "Answer: what each scheme's added latency costs a program")]
    answer = slowdown_by_scheme("all", table=table)
    if not answer.empty:
        best, worst = answer.loc[answer["slowdown_pct"].idxmin()], answer.loc[answer["slowdown_pct"].idxmax()]
        blocks.append(Paragraph(
            f"Averaged over {len(view)} traced workloads (the SPLASH-2 kernels on their largest processor count, the "
            f"Debian programs on one), with one characterized engine between the memory controller and the caches, "
            f"{worst['scheme']} costs {worst['slowdown_pct']:.1f} % of run time and {best['scheme']} "
            f"{best['slowdown_pct']:.1f} % (64-byte lines), on this basis:"))
        blocks.append(Bullets(basis(table)))
        shown_answer = answer.map(lambda v: sig(v) if isinstance(v, float) else v).rename(columns={"slowdown_pct": "mean % slowdown", "min_pct": "min %",
                                                       "max_pct": "max %"})
        blocks.append(Table(shown_answer, source + " via `cryptoppa.slowdown.slowdown_by_scheme('all')`"))
    blocks += [Heading(2, "Slowdown per workload and scheme"), Table(view, source + " (slowdown_pct)")]
    if not view.empty:
        blocks.append(_figure(view, figures))
    side = study_side(table)
    blocks += [Heading(2, "Beside the 2008 study (000 Figures 5.1 and 5.2)"), Paragraph(
        "The study's setup replayed: cache-to-cache transfers protected by one AES unit per processor, GCM with 5 "
        "precomputed pads per processor pair against SENSS's CBC, 2/4/8 processors, 64- and 128-byte lines, AES "
        "units of 0.8/1.6/3.2 GB/s. 'Total' loss is the four kernels' summed run time with protection over "
        "without, as the study computes its loss from execution time in cycles. The study prints values for "
        "Figure 5.1 only (64-byte lines: GCM 0.96-5.22 %, CBC 14.14-32.72 %); Figure 5.2's values are not in its "
        "text, so 128-byte rows have ours alone.")]
    if not side.empty:
        blocks.append(Table(side, source + "; study: 000 Figure 5.1 as printed"))
    blocks.append(Bullets([
        "The first check is qualitative: CBC costs several times GCM, in the study and here (the CBC / GCM "
        "columns).",
        "Their system: Simics full-system simulation of UltraSPARC SMPs running Linux 2.6.15 with GEMS Ruby "
        "(MOSI snooping broadcast), SPLASH-2's own programs and inputs, operating-system activity included. Ours: "
        "our kernels written from the SPLASH-2 paper on inputs that trace in minutes, user-level accesses of the "
        "parallel phase only, an MSI model with pycachesim caches, and in-order cores replaying a fixed "
        "interleaving. Cache-to-cache transfers per instruction (ours: the workload table below) set every loss, "
        "so absolute numbers are expected to differ, in either direction.",
        "The study's AES latency does not follow its own formula (line x clock / latency gives a quarter of the "
        "GB/s it labels); we use the cycles it prints, which are what its simulator ran.",
        "The study gives no bus or memory latency, associativity or pad-refill policy: ours are stated below.",
    ]))
    pool = pool_table(table)
    if not pool.empty:
        blocks += [Heading(2, "Engines in the pool"), Paragraph(
            "More engines shorten the queue, never the latency of one line: the difference between the rows is "
            "queueing only."), Table(pool, source)]
    blocks += [Heading(2, "The workloads"), Table(workload_table(table), source + " (rows of scheme none)"),
               Paragraph("Workloads: " + "; ".join(f"`{w.name}` {w.description}" for w in WORKLOADS.values()) + ".")]
    blocks += [Heading(2, "How the numbers are made"), Bullets(_assumptions(table)),
               Paragraph(f"Measured by `{' && '.join(produced_by) or COMMAND}`, then `cryptoppa publish slowdown`.")]
    return write_report(blocks, "cryptoppa report: slowdown", Path(out))


def readme_block() -> str:
    """README's "Program slowdown" table: per scheme over every workload, and the study's ranges beside ours."""
    data = ROOT / "reports" / "slowdown" / "data"
    table = results_mod.read(data, TABLE)
    if table.empty:
        return f"No slowdown table in `{shown(data)}` yet: run the two commands below.\n"
    source = shown(results_mod.table_path(data, TABLE))
    answer = slowdown_by_scheme("all", table=table)
    rows = ["| scheme (memory link, 1 engine, 64 B lines) | mean % slowdown | min | max |", "|---|---:|---:|---:|"]
    rows += [f"| {r.scheme} | {r.slowdown_pct:.2f} | {r.min_pct:.2f} | {r.max_pct:.2f} |" for r in answer.itertuples()]
    side = study_side(table)
    side = side[side["line B"] == 64].dropna(subset=["study GCM %"])
    text = "\n".join(rows) + "\n\n"
    if not side.empty:
        text += (f"The 2008 study's setup (cache-to-cache transfers, 2/4/8 processors, 64-byte lines, 0.8 and 1.6 GB/s "
                 f"AES units): GCM with precomputed pads loses {side['ours GCM %'].min():.2f}-"
                 f"{side['ours GCM %'].max():.2f} % here against the study's {side['study GCM %'].min():g}-"
                 f"{side['study GCM %'].max():g} %, CBC {side['ours CBC %'].min():.2f}-{side['ours CBC %'].max():.2f} % "
                 f"against {side['study CBC %'].min():g}-{side['study CBC %'].max():g} %; CBC / GCM is "
                 f"{side['ours CBC / GCM'].min():.1f}-{side['ours CBC / GCM'].max():.1f} here, "
                 f"{side['study CBC / GCM'].min():.1f}-{side['study CBC / GCM'].max():.1f} in the study. ")
    return text + f"{compute_time(table)} *Generated by `cryptoppa publish` from `{source}`.*\n"


def compute_time(table: pd.DataFrame) -> str:
    """What the grid cost: traced runs once per trace, classification once per point (the table's seconds)."""
    base = _ok(table)
    base = base[base["scheme"] == "none"]
    traced = base.drop_duplicates(["workload", "processors"])["trace_seconds"].sum()
    points = base.drop_duplicates(["workload", "processors", "line_bytes"])
    classified = points["classify_seconds"].sum()
    return (f"Its {len(points)} points took {traced / 60:.0f} min of traced program runs and {classified / 60:.0f} min "
            f"of classification ({points['accesses'].sum() / classified / 1e3:.0f} k accesses/s) on one core of this "
            "machine (the table's `trace_seconds` and `classify_seconds`; builds, callgrind and the timing pass come on "
            "top).")
