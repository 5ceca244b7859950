"""OpenSTA: run a Tcl script and read the metrics our flow templates (flows/sta*.tcl) write."""

from __future__ import annotations

from pathlib import Path

from ..errors import ToolError
from ..metrics import Metric
from .runner import run

# OpenSTA reports an unconstrained design's worst slack as a huge sentinel.
_NO_PATHS = 1e20
METRICS_FILE = "reports/sta_metrics.txt"


def run_sta(work: Path, log: Path, timeout: float, what: str = "OpenSTA", script: str = "sta.tcl") -> float:
    """OpenSTA on work/script; its Tcl errors do not change the exit status, so the log is read for them."""
    seconds = run("sta", ["-no_splash", "-exit", script], cwd=work, log=log, timeout=timeout, what=what)
    text = Path(log).read_text(errors="replace")
    if "Error" in text:
        line = next(ln for ln in text.splitlines() if "Error" in ln)
        raise ToolError(f"{what}: {line.strip()}", str(log))
    return seconds


def sta_metrics(run_dir: Path, tool: str, period_ns: float) -> dict[str, Metric]:
    """Timing and power of one STA run, from the `name value` lines the template wrote."""
    try:
        lines = (Path(run_dir) / METRICS_FILE).read_text().splitlines()
    except FileNotFoundError:
        raise ToolError("OpenSTA wrote no metrics", str(Path(run_dir) / "logs" / "sta.log")) from None
    raw = dict(line.split(" ", 1) for line in lines if " " in line)
    units = {"timing": "ns", "power": "W"}
    out: dict[str, Metric] = {}
    for name, text in raw.items():
        if name == "clock_kind":
            out["timing__clock__kind"] = Metric(text, "", METRICS_FILE, tool)
            continue
        if name.endswith("__sequential") or name == "power__nonfinite__instances":
            out[name] = Metric(int(text), "cells", METRICS_FILE, tool)
            continue
        value = float(text)
        if name.startswith("timing") and abs(value) >= _NO_PATHS:
            value = None
        out[name] = Metric(value, units[name.split("__")[0]], METRICS_FILE, tool)
    out["timing__clock__period"] = Metric(period_ns, "ns", "sta.tcl", tool)
    out["timing__fmax__mhz"] = Metric(fmax_mhz(period_ns, out["timing__setup__ws"].value), "MHz", METRICS_FILE, tool)
    return out


def fmax_mhz(period_ns: float, setup_ws_ns: float | None) -> float | None:
    """The clock could shrink by exactly the worst setup slack."""
    if setup_ws_ns is None or period_ns - setup_ws_ns <= 0:
        return None
    return 1000.0 / (period_ns - setup_ws_ns)
