"""Typed metric records in OpenROAD METRICS2.1 style (`stage__category__name`), read from the tools' reports."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import ToolError

# OpenSTA reports an unconstrained design's worst slack as a huge sentinel.
_NO_PATHS = 1e20


@dataclass(frozen=True)
class Metric:
    value: float | int | str | None
    unit: str
    source: str  # run-local file the value was read or derived from
    tool: str


def synth_metrics(run: Path, tool: str) -> dict[str, Metric]:
    path = "reports/synth_stat.json"
    stat = json.loads((run / path).read_text())["design"]
    return {
        "synth__design__instance__count": Metric(int(stat["num_cells"]), "cells", path, tool),
        "synth__design__instance__area__stdcell": Metric(float(stat["area"]), "um^2", path, tool),
        "synth__design__instance__area__sequential": Metric(float(stat.get("sequential_area", 0.0)), "um^2", path, tool),
    }


def sta_metrics(run: Path, tool: str, period_ns: float) -> dict[str, Metric]:
    path = "reports/sta_metrics.txt"
    try:
        lines = (run / path).read_text().splitlines()
    except FileNotFoundError:
        raise ToolError("OpenSTA wrote no metrics", str(run / "logs" / "sta.log")) from None
    raw = dict(line.split(" ", 1) for line in lines if " " in line)
    units = {"timing": "ns", "power": "W"}
    out: dict[str, Metric] = {}
    for name, text in raw.items():
        if name == "clock_kind":
            out["timing__clock__kind"] = Metric(text, "", path, tool)
            continue
        if name.endswith("__sequential") or name == "power__nonfinite__instances":
            out[name] = Metric(int(text), "cells", path, tool)
            continue
        value = float(text)
        if name.startswith("timing") and abs(value) >= _NO_PATHS:
            value = None
        out[name] = Metric(value, units[name.split("__")[0]], path, tool)
    out["timing__clock__period"] = Metric(period_ns, "ns", "sta.tcl", tool)
    ws = out["timing__setup__ws"].value
    # fmax from the worst setup slack: the clock could shrink by exactly that slack.
    fmax = 1000.0 / (period_ns - ws) if ws is not None and period_ns - ws > 0 else None
    out["timing__fmax__mhz"] = Metric(fmax, "MHz", path, tool)
    return out


def write(run: Path, metrics: dict[str, Metric]) -> None:
    (run / "metrics.json").write_text(json.dumps({k: asdict(v) for k, v in sorted(metrics.items())}, indent=2) + "\n")


def read(run: Path) -> dict[str, Metric]:
    return {k: Metric(**v) for k, v in json.loads((run / "metrics.json").read_text()).items()}
