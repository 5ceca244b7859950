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
                        params=dict(point.params), activity=point.activity,
                        perf_lines=max(12, 8 * point.n) if point.n else 12)


def base_row(point: SweepPoint) -> dict:
    row = {"sweep": point.sweep, "design": point.design, "n": point.n if point.n is not None else 1,
           "pdk": point.pdk, "corner": point.corner, "clock_mhz": point.clock_mhz, "activity": point.activity,
           "label": point.label()}
    row.update({f"param_{k}": v for k, v in point.params})
    return row


def run_point(point: SweepPoint, cache: Path, force: bool = False) -> dict:
    row = base_row(point)
    row.update(status=STATUS_FAILED, error="", log="", run_dir="", key="")
    try:
        plan = make_plan(_flow_point(point, cache / "generated"), pdk.get(point.pdk))
        row["key"] = plan.key
        run_dir = cache / plan.name
        if not force and is_complete(run_dir):
            row["status"] = STATUS_CACHED
        else:
            run_dir = execute(plan, cache)
            row["status"] = STATUS_OK
        row["run_dir"] = str(run_dir)
        for name, metric in read(run_dir).items():
            value = metric.value
            row[name] = value if isinstance(value, str) else (math.nan if value is None else float(value))
    except CryptoppaError as err:
        row["error"] = str(err)
        row["log"] = getattr(err, "log", None) or ""
    except Exception as err:  # a tool crash or a bug must not end the sweep; keep the evidence
        row["error"] = f"{type(err).__name__}: {err} | {traceback.format_exc(limit=3).splitlines()[-1]}"
    return row
