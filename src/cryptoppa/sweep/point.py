"""Characterize one sweep point into the content-addressed cache and return its results row.

A point's cache key is its plan's hash (RTL contents, parameters, liberty contents, rendered scripts, tool
versions), so a finished point is found again without running a tool, and changing one RTL file reruns exactly
the points that use it. A failure of any kind becomes a row with status "failed"; it never stops the sweep.
"""

from __future__ import annotations

import math
import traceback
from pathlib import Path

from .. import fpga
from ..designs.arrays import array_design
from ..errors import CryptoppaError
from ..flow import FlowPoint, characterize, design_point
from ..flow.compose import ArrayPoint, compose
from ..flow.route import route_point
from ..metrics import Metric
from .spec import SweepPoint

# Type-stable columns: failed rows carry NaN metrics and "" text, never None.
STATUS_OK, STATUS_FAILED, STATUS_CACHED = "ok", "failed", "cached"


def flow_point(point: SweepPoint, generated: Path) -> FlowPoint:
    """The flow point of a sweep point characterized on its own (a design, or a flat array of one)."""
    design = point.resolved_design()
    if point.n is not None:
        design = array_design(design, point.n, generated)
    return design_point(design, pdk=point.pdk, corner=point.corner, clock_mhz=point.clock_mhz,
                        params=dict(point.params), activity=point.activity, activity_mode=point.activity_mode,
                        perf_lines=max(12, 8 * point.n) if point.n else 12, perf_round=point.n or 1)


def fpga_point(point: SweepPoint, generated: Path) -> fpga.FpgaPoint:
    """The FPGA point of a sweep point: arrays are always flat (placement needs the whole netlist)."""
    design = point.resolved_design()
    if point.n is not None:
        design = array_design(design, point.n, generated)
    return fpga.fpga_point(design, point.pdk, point.clock_mhz, dict(point.params), seed=point.seed or 1, n=point.n)


def _values(found: dict[str, Metric]) -> dict:
    return {name: m.value if isinstance(m.value, str) else (math.nan if m.value is None else float(m.value))
            for name, m in found.items()}


def base_row(point: SweepPoint) -> dict:
    row = {"sweep": point.sweep, "design": point.design, "n": point.n if point.n is not None else 1,
           "pdk": point.pdk, "corner": point.corner, "clock_mhz": point.clock_mhz, "activity": point.activity,
           "activity_mode": point.activity_mode, "stage": point.stage, "target": point.target,
           "label": point.label()}
    if point.seed is not None:
        row["seed"] = point.seed
    row.update({f"param_{k}": v for k, v in point.params})
    return row


def run_point(point: SweepPoint, cache: Path, force: bool = False) -> dict:
    row = base_row(point)
    row.update(status=STATUS_FAILED, error="", log="", run_dir="", key="")
    if point.n is not None:
        row.update(array_mode=point.array_mode, composed_from="")
    try:
        if point.fpga:
            step = fpga.characterize_fpga(fpga_point(point, cache / "generated"), cache, force)
            run_dir, built, found = step.run_dir, step.built, step.metrics
        elif point.n is not None and point.array_mode == "composed":
            ap = ArrayPoint(point.resolved_design(), point.n, point.params, point.pdk, point.corner, point.clock_mhz,
                            point.activity)
            result = compose(ap, cache, force)
            run_dir, built, found = result.sources[-1], result.built, result.metrics
            row["composed_from"] = f"{result.method}: " + ";".join(map(str, result.sources))
        elif point.stage == "route":
            synth, step = route_point(flow_point(point, cache / "generated"), cache, force)
            # One row holds both: the synthesis figures and, beside them, the routed ones and their ratios.
            run_dir, built, found = step.run_dir, step.built, {**synth.metrics, **step.metrics}
            row["synth_run_dir"] = str(synth.run_dir)
        else:
            step = characterize(flow_point(point, cache / "generated"), cache, force)
            run_dir, built, found = step.run_dir, step.built, step.metrics
        row.update(status=STATUS_OK if built else STATUS_CACHED, run_dir=str(run_dir), key=run_dir.name)
        row.update(_values(found))
    except CryptoppaError as err:
        row["error"] = str(err)
        row["log"] = getattr(err, "log", None) or ""
    except Exception as err:  # a tool crash or a bug must not end the sweep; keep the evidence
        row["error"] = f"{type(err).__name__}: {err} | {traceback.format_exc(limit=3).splitlines()[-1]}"
    return row
