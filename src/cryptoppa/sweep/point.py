"""Characterize one sweep point into the content-addressed cache and return its results row.

The point becomes a Request for the one dispatcher (cryptoppa.stages), which runs the stage that takes it. A
point's cache key is its plan's hash (RTL contents, parameters, liberty contents, rendered scripts, tool
versions), so a finished point is found again without running a tool, and changing one RTL file reruns exactly
the points that use it. A failure of any kind becomes a row with status "failed"; it never stops the sweep.
"""

from __future__ import annotations

import math
import traceback
from pathlib import Path

from .. import pdk, stages
from ..errors import CryptoppaError
from ..metrics import Metric
from .spec import SweepPoint

# Type-stable columns: failed rows carry NaN metrics and "" text, never None.
STATUS_OK, STATUS_FAILED, STATUS_CACHED = "ok", "failed", "cached"


def _values(found: dict[str, Metric]) -> dict:
    return {name: m.value if isinstance(m.value, str) else (math.nan if m.value is None else float(m.value))
            for name, m in found.items()}


def base_row(point: SweepPoint) -> dict:
    row = {"sweep": point.sweep, "design": point.design, "n": point.n if point.n is not None else 1,
           "pdk": point.pdk, "corner": point.corner, "clock_mhz": point.clock_mhz, "activity": point.activity,
           "activity_mode": point.activity_mode, "stage": point.resolved_stage, "target": point.target,
           "label": point.label()}
    if point.seed is not None:
        row["seed"] = point.seed
    if not point.fpga:
        row["wire_load"] = pdk.get(point.pdk).wire_load_label(point.wire_load)
    if point.resolved_stage == "route":
        row["target_utilization"] = point.utilization
    row.update({f"param_{k}": v for k, v in point.params})
    return row


def run_point(point: SweepPoint, cache: Path, force: bool = False) -> dict:
    row = base_row(point)
    row.update(status=STATUS_FAILED, error="", log="", run_dir="", key="")
    if point.n is not None:
        row.update(array_mode=point.array_mode, composed_from="")
    try:
        request = point.request()
        outcome = stages.run_request(request, cache, force)
        if request.array == stages.COMPOSED:
            row["composed_from"] = f"{outcome.note}: " + ";".join(map(str, outcome.sources))
        elif len(outcome.sources) > 1:
            row["synth_run_dir"] = str(outcome.sources[0])  # a stage after synthesis: both runs are kept
        row.update(status=STATUS_OK if outcome.built else STATUS_CACHED, run_dir=str(outcome.run_dir),
                   key=outcome.run_dir.name)
        row.update(_values(outcome.metrics))
    except CryptoppaError as err:
        row["error"] = str(err)
        row["log"] = getattr(err, "log", None) or ""
    except Exception as err:  # a tool crash or a bug must not end the sweep; keep the evidence
        row["error"] = f"{type(err).__name__}: {err} | {traceback.format_exc(limit=3).splitlines()[-1]}"
    return row
