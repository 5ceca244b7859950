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

from .. import stages
from ..errors import CryptoppaError
from ..metrics import Metric
from .spec import SweepPoint

# Type-stable columns: failed rows carry NaN metrics and "" text, never None.
STATUS_OK, STATUS_FAILED, STATUS_CACHED = "ok", "failed", "cached"


def _values(found: dict[str, Metric]) -> dict:
    return {name: m.value if isinstance(m.value, str) else (math.nan if m.value is None else float(m.value))
            for name, m in found.items()}


def _setting_columns(req: stages.Request) -> dict:
    """The settings the point's stages read, each in its column; one recorded on every row of its target kind
    (the wire-load model) also where the row's stage does not read it, at its default."""
    takes = {s.name for s in stages.accepted(req)}
    return {s.column_name: s.recorded(req, s.of(req)) for s in stages.all_settings()
            if s.name in takes or (s.every_row and req.kind in {d.kind for d in stages.declaring(s)})}


def base_row(point: SweepPoint) -> dict:
    row = {"sweep": point.sweep, "design": point.design, "n": point.n if point.n is not None else 1,
           "pdk": point.pdk, "corner": point.corner, "clock_mhz": point.clock_mhz, "activity": point.activity,
           "activity_mode": point.activity_mode, "stage": point.resolved_stage, "target": point.target,
           "label": point.label()}
    row.update(_setting_columns(point.request()))
    row.update({f"param_{k}": v for k, v in point.params})
    return row


def _pending(point: SweepPoint) -> dict:
    row = base_row(point)
    row.update(status=STATUS_FAILED, error="", log="", run_dir="", key="")
    if point.n is not None:
        row.update(array_mode=point.array_mode, composed_from="")
    return row


def failed_row(point: SweepPoint, err: BaseException) -> dict:
    """The point's row when it failed: the error's one line, and the tool's log where there is one."""
    row = _pending(point)
    if isinstance(err, CryptoppaError):
        row.update(error=str(err), log=getattr(err, "log", None) or "")
    else:  # a tool crash, a killed worker or a bug must not end the sweep; keep the evidence
        last = traceback.format_exception(err, limit=3)[-1].strip()
        row["error"] = f"{type(err).__name__}: {err} | {last}"
    return row


def run_point(point: SweepPoint, cache: Path, force: bool = False) -> dict:
    row = _pending(point)
    try:
        request = point.request()
        outcome = stages.run_request(request, cache, force)
    except Exception as err:
        return failed_row(point, err)
    if request.array == stages.COMPOSED:
        row["composed_from"] = f"{outcome.note}: " + ";".join(map(str, outcome.sources))
    elif len(outcome.sources) > 1:
        row["synth_run_dir"] = str(outcome.sources[0])  # a stage after synthesis: both runs are kept
    row.update(status=STATUS_OK if outcome.built else STATUS_CACHED, run_dir=str(outcome.run_dir),
               key=outcome.run_dir.name)
    row.update(_values(outcome.metrics))
    return row
