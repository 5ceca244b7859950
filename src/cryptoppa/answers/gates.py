"""Validity gates: what a measurement must satisfy before it feeds an answer.

Each gate returns the reason a configuration (or a fit) cannot be answered, or None. What fails is listed under
"not answered, and why" in every document and never printed as a number. Gates that only qualify a number (an
unrouted segment, an array below the sum of its engines under vectorless power) return a flag the views print
beside it.

The gates, and where the rest of issue 35's list is enforced by construction:
  * the clock an engine runs at is at most its fmax on the answer's stage (routed fmax where routed) -- `clock`;
  * a simulated window covers `WINDOW_PERIODS` whole line periods of every engine -- `window`;
  * arrays never cost less than N × one engine of the same power model -- `array_sum` (and totals.py counts
    N × one engine + a non-negative overhead);
  * a fit with R² below `MIN_R2` is not quoted as a slope -- `fit`;
  * routed labels sit only over routed columns (basis.Basis picks every column), unrouted segments are flagged
    (`unrouted`); integrity schemes are ranked at verified latency and power is taken at the bandwidth's load, never
    idle alone (cryptoppa.answers.engines).
"""

from __future__ import annotations

import math

from ..activity.workload import WINDOW_PERIODS, is_engine_workload
from ..catalog import ACTIVITY_WINDOW, CYCLES
from .records import sig_text

MIN_R2 = 0.99  # a fitted line whose R² is below this is not a line to extrapolate
ARRAY_TOLERANCE = 0.02  # simulated arrays within 2 % below N × one engine are equal within the window's noise


def clock(config, clock_mhz: float, stage: str) -> str | None:
    fmax = float(config["fmax_mhz"])
    if math.isnan(fmax):
        return f"no fmax on the {stage} stage"
    if clock_mhz > fmax * (1 + 1e-9):
        return f"would run at {sig_text(clock_mhz)} MHz, above its {stage} fmax of {sig_text(fmax)} MHz"
    return None


def window(config) -> str | None:
    """A configuration's simulated power is valid when its window spans WINDOW_PERIODS line periods of every engine."""
    if not isinstance(config.get("saturated"), dict):
        return None
    return window_cycles(float(config.get("window_cycles", math.nan)), engine_cycles_per_line(config))


def window_row(row) -> str | None:
    """The same for one results row of a line workload (sim:saturated, sim:loadP)."""
    mode = str(row.get("activity_mode") or "")
    if not mode.startswith("sim:") or mode == "sim:idle" or not is_engine_workload(mode[4:]):
        return None
    cpl = float(row.get(CYCLES, math.nan)) * int(row["n"])
    return window_cycles(float(row.get(ACTIVITY_WINDOW, math.nan)), cpl)


def window_cycles(cycles: float, per_line: float) -> str | None:
    if math.isnan(cycles) or math.isnan(per_line):
        return None  # nothing to check: no window recorded or no line rate
    if cycles + 1e-9 < WINDOW_PERIODS * per_line:
        return (f"its saturated simulation spans {sig_text(cycles)} cycles, fewer than {WINDOW_PERIODS} line periods "
                f"of one engine ({WINDOW_PERIODS} × {sig_text(per_line)} cycles): re-measure")
    return None


def engine_cycles_per_line(config) -> float:
    """One engine's cycles per line: an N-engine array's rows hold the array's (one engine's / N)."""
    return float(config["cycles_per_line"]) * int(config["n"])


def array_sum(array_power_w: float, n: int, engine_power_w: float, power_model: str) -> str | None:
    """An N-engine array below N × one engine: an invalid simulated measurement, or (vectorless) a property of the
    power model to state beside it."""
    if array_power_w >= n * engine_power_w * (1 - ARRAY_TOLERANCE):
        return None
    if power_model == "vectorless":
        return ("under vectorless power, propagation through the dispatcher thins the engines' input activity, so "
                "the array's own figure understates them; answers count N × one engine")
    return ("under simulated power over whole line periods: a flat array is one synthesis run, which maps its "
            "engines with other cells than the engine alone (see its cells against N × one engine's); answers count "
            "N × one engine")


def fit(r2: float) -> str | None:
    if math.isnan(r2):
        return "no R² (two points or fewer)"
    if r2 < MIN_R2:
        return f"R² {r2:.3f} is below {MIN_R2:g}: not a line"
    return None


def unrouted(config) -> str | None:
    segments = float(config.get("unrouted", math.nan))
    if segments == segments and segments > 0:
        return f"{int(segments)} segments left unrouted: its routed figures are estimates"
    return None
