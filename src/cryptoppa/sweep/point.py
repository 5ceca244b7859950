"""Characterize one sweep point into the content-addressed cache and return its results row.

A point's cache key is its plan's hash (RTL contents, parameters, liberty contents, rendered scripts, tool
versions), so a finished point is found again without running a tool, and changing one RTL file reruns exactly
the points that use it. A failure of any kind becomes a row with status "failed"; it never stops the sweep.
"""

from __future__ import annotations

import math
import traceback
from pathlib import Path

from .. import designs, pdk
from ..errors import CryptoppaError
from ..flow import FlowPoint, design_point, execute, is_complete, make_plan, read
from .spec import SweepPoint

# Type-stable columns: failed rows carry NaN metrics and "" text, never None.
STATUS_OK, STATUS_FAILED, STATUS_CACHED = "ok", "failed", "cached"


def _flow_point(point: SweepPoint, generated: Path) -> FlowPoint:
    design = designs.get(point.design)
    if point.n is not None:
        from ..arrays import array_design  # only sweeps over N need the generator

        design = array_design(point.design, point.n, generated)
    return design_point(design, pdk=point.pdk, corner=point.corner, clock_mhz=point.clock_mhz,
                        params=dict(point.params), activity=point.activity, activity_mode=point.activity_mode,
                        perf_lines=max(12, 8 * point.n) if point.n else 12)


def _values(found: dict) -> dict:
    return {name: m.value if isinstance(m.value, str) else (math.nan if m.value is None else float(m.value))
            for name, m in found.items()}


def base_row(point: SweepPoint) -> dict:
    row = {"sweep": point.sweep, "design": point.design, "n": point.n if point.n is not None else 1,
           "pdk": point.pdk, "corner": point.corner, "clock_mhz": point.clock_mhz, "activity": point.activity,
           "activity_mode": point.activity_mode,
           "label": point.label()}
    row.update({f"param_{k}": v for k, v in point.params})
    return row


def _composed(point: SweepPoint, cache: Path, force: bool) -> tuple[dict, str, Path, str]:
    """Metrics of a composed array point, its status, the run directory it rests on, and its sources."""
    from ..flow.compose import ArrayPoint, compose

    ap = ArrayPoint(designs.get(point.design), point.n, point.params, point.pdk, point.corner, point.clock_mhz,
                    point.activity)
    result = compose(ap, cache, force)
    status = STATUS_OK if result.built else STATUS_CACHED
    return result.metrics, status, result.sources[-1], f"{result.method}: " + ";".join(map(str, result.sources))


def run_point(point: SweepPoint, cache: Path, force: bool = False) -> dict:
    row = base_row(point)
    row.update(status=STATUS_FAILED, error="", log="", run_dir="", key="")
    if point.n is not None:
        row.update(array_mode=point.array_mode, composed_from="")
    try:
        if point.n is not None and point.array_mode == "composed":
            found, row["status"], run_dir, row["composed_from"] = _composed(point, cache, force)
            row["run_dir"], row["key"] = str(run_dir), run_dir.name
            row.update(_values(found))
            return row
        plan = make_plan(_flow_point(point, cache / "generated"), pdk.get(point.pdk))
        row["key"] = plan.key
        run_dir = cache / plan.name
        if not force and is_complete(run_dir):
            row["status"] = STATUS_CACHED
        else:
            run_dir = execute(plan, cache)
            row["status"] = STATUS_OK
        row["run_dir"] = str(run_dir)
        row.update(_values(read(run_dir)))
    except CryptoppaError as err:
        row["error"] = str(err)
        row["log"] = getattr(err, "log", None) or ""
    except Exception as err:  # a tool crash or a bug must not end the sweep; keep the evidence
        row["error"] = f"{type(err).__name__}: {err} | {traceback.format_exc(limit=3).splitlines()[-1]}"
    return row
