"""OpenSTA: run a Tcl script and read the metrics our flow templates (flows/sta*.tcl) write."""

from __future__ import annotations

from pathlib import Path

from ..catalog import (
    ASYNC_PINS, ASYNC_PORTS, CLOCK_KIND, FLOPS, FMAX, FMAX_BASIS, FMAX_IN2REG, FMAX_REG2OUT, MAX_FANOUT,
    MAX_FANOUT_PORT, NONFINITE, PERIOD, POWER_PREFIX, TIMING_PREFIX, WS, WS_IN2REG, WS_REG2OUT, WS_REG2REG
)
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


_TEXT = {ASYNC_PORTS, MAX_FANOUT_PORT}
_PINS = {ASYNC_PINS, MAX_FANOUT}
_UNITS = {TIMING_PREFIX: "ns", POWER_PREFIX: "W"}
# Classes of paths with an fmax of their own beside the register-to-register one (flows/sta.tcl).
_CLASS_FMAX = {WS_IN2REG: FMAX_IN2REG, WS_REG2OUT: FMAX_REG2OUT}


def sta_metrics(run_dir: Path, tool: str, period_ns: float) -> dict[str, Metric]:
    """Timing and power of one STA run, from the `name value` lines the template wrote."""
    try:
        lines = (Path(run_dir) / METRICS_FILE).read_text().splitlines()
    except FileNotFoundError:
        raise ToolError("OpenSTA wrote no metrics", str(Path(run_dir) / "logs" / "sta.log")) from None
    raw = dict((line.split(" ", 1) + [""])[:2] for line in lines if line.strip())
    out: dict[str, Metric] = {}
    for name, text in raw.items():
        if name == "clock_kind":
            out[CLOCK_KIND] = Metric(text, "", METRICS_FILE, tool)
        elif name in _TEXT:
            out[name] = Metric(text, "", METRICS_FILE, tool)
        elif name in _PINS:
            out[name] = Metric(int(text), "pins", METRICS_FILE, tool)
        elif name in (FLOPS, NONFINITE):
            out[name] = Metric(int(text), "cells", METRICS_FILE, tool)
        else:
            value = None if text == "none" else float(text)
            if value is not None and name.startswith(TIMING_PREFIX) and abs(value) >= _NO_PATHS:
                value = None
            unit = next(u for prefix, u in _UNITS.items() if name.startswith(prefix))
            out[name] = Metric(value, unit, METRICS_FILE, tool)
    out[PERIOD] = Metric(period_ns, "ns", "sta.tcl", tool)
    for slack, fmax in _CLASS_FMAX.items():
        ws = out.get(slack)
        out[fmax] = Metric(fmax_mhz(period_ns, ws.value if ws else None), "MHz", METRICS_FILE, tool)
    out.update(register_fmax(out, period_ns, METRICS_FILE, tool))
    return out


def register_fmax(found: dict[str, Metric], period_ns: float, source: str, tool: str) -> dict[str, Metric]:
    """timing__fmax__mhz from the register-to-register slack; a design without such a path (combinational, or
    registers only at its ports) falls back to every path, and timing__fmax__basis says which."""
    r2r = found.get(WS_REG2REG)
    if r2r is not None and r2r.value is not None:
        ws, basis = r2r.value, "reg2reg"
    else:
        ws, basis = found[WS].value, "all paths (no register-to-register path)"
    return {FMAX: Metric(fmax_mhz(period_ns, ws), "MHz", source, tool),
            FMAX_BASIS: Metric(basis, "", source, tool)}


def fmax_mhz(period_ns: float, setup_ws_ns: float | None) -> float | None:
    """The clock could shrink by exactly the worst setup slack."""
    if setup_ws_ns is None or period_ns - setup_ws_ns <= 0:
        return None
    return 1000.0 / (period_ns - setup_ws_ns)
