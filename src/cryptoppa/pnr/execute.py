"""Execute a routing plan: netlist to BLIF (Yosys), place and route (Coriolis), SPEF, OpenSTA with parasitics."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from ..catalog import routed as routed_name
from ..catalog import (
    DETAILED_OK, DIE_AREA, DIE_HEIGHT, DIE_WIDTH, FMAX, FMAX_RATIO, GLOBAL_OK, NETS, PLACED_AREA, PLACED_CELLS, POWER,
    POWER_RATIO, POWER_SWITCHING, ROUTED_STA_RUNTIME, SWITCHING_RATIO, SYNTH_PREFIX, UNROUTED, UTILIZATION, VIAS,
    WIRELENGTH, runtime, wirelength
)
from ..metrics import Metric
from ..runs import StepPlan
from ..tools import require, run
from ..tools.sta import run_sta, sta_metrics
from . import blif
from .coriolis_env import tech_dir
from .liberty_pins import pin_directions
from .plan import RC_FILE, RouteJob
from .spef import vectors, write_spef

TIMEOUT_S = {"blif": 600.0, "pnr": 3 * 3600.0, "sta": 1800.0}
_UNROUTED = re.compile(r"Unrouted (horizontals|verticals)\s*\.+\s*\S+%\s*\[(\d+)\]")
# Routed-versus-synthesis ratios, recorded with every routed run (what routing costs against synthesis-only figures).
_RATIOS = {FMAX: FMAX_RATIO, POWER: POWER_RATIO,
           POWER_SWITCHING: SWITCHING_RATIO}


def unrouted_segments(log: Path) -> int:
    """Katana's last statistics block: horizontal plus vertical segments it left unrouted."""
    found = _UNROUTED.findall(Path(log).read_text(errors="replace"))
    return sum(int(n) for _, n in found[-2:])


def _net_lengths(path: Path, written: dict[str, tuple[float, float, float]]) -> None:
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["net", "length_um", "r_kohm", "c_ff"])
        for name, (length, r, c) in sorted(written.items()):
            out.writerow([name, f"{length:.4f}", f"{r:.6g}", f"{c:.6g}"])


def _physical(routed: dict, written: dict, unrouted: int, tool: str) -> dict[str, Metric]:
    src = "routed.json"
    w, h = routed["die_um"]
    die = w * h
    cells = routed["cell_area_um2"]
    by_layer: dict[str, float] = {}
    for net in routed["nets"].values():
        for name, length in net["layers"].items():
            by_layer[name] = by_layer.get(name, 0.0) + length
    out = {
        DIE_AREA: Metric(die, "um^2", src, tool),
        DIE_WIDTH: Metric(w, "um", src, tool),
        DIE_HEIGHT: Metric(h, "um", src, tool),
        PLACED_AREA: Metric(cells, "um^2", src, tool),
        UTILIZATION: Metric(cells / die if die else None, "", src, tool),
        PLACED_CELLS: Metric(routed["instances"], "cells", src, tool),
        WIRELENGTH: Metric(sum(by_layer.values()), "um", src, tool),
        VIAS: Metric(sum(n["vias"] for n in routed["nets"].values()), "vias", src, tool),
        NETS: Metric(len(written), "nets", "reports/net_lengths.csv", tool),
        UNROUTED: Metric(unrouted, "segments", "logs/coriolis.log", tool),
        GLOBAL_OK: Metric(int(routed["global_success"]), "", src, tool),
        DETAILED_OK: Metric(int(routed["detailed_success"]), "", src, tool),
        runtime("place"): Metric(round(routed["place_s"], 3), "s", src, tool),
        runtime("route"): Metric(round(routed["route_s"], 3), "s", src, tool),
    }
    for name, length in sorted(by_layer.items()):
        out[wirelength(name)] = Metric(length, "um", src, tool)
    return out


def _ratios(routed: dict[str, Metric], synth: dict) -> dict[str, Metric]:
    out = {}
    for name, ratio in _RATIOS.items():
        before, after = synth.get(name, {}).get("value"), routed.get(routed_name(name))
        value = after.value / before if before and after is not None and after.value is not None else None
        out[ratio] = Metric(value, "", "metrics.json + synth/metrics.json", "cryptoppa")
    return out


def execute_route(plan: StepPlan[RouteJob], work: Path) -> dict[str, Metric]:
    require("coriolis")  # fail before the netlist conversion, with the command that builds the environment
    logs = work / "logs"
    settings = plan.config.driver_settings
    (work / "job.json").write_text(json.dumps({**settings, "techdir": str(tech_dir())}, indent=1) + "\n")
    run("pyosys", ["to_blif.ys"], cwd=work, log=logs / "to_blif.log", timeout=TIMEOUT_S["blif"],
        what="yosys (netlist to BLIF)")
    run("coriolis", ["coriolis_driver.py", "job.json"], cwd=work, log=logs / "coriolis.log", timeout=TIMEOUT_S["pnr"],
        what="Coriolis place and route")
    routed = json.loads((work / "routed.json").read_text())
    cells = blif.subckts(work / "netlist.blif")
    job = plan.config.job
    written = write_spef(work / "routed.spef", job.top, routed["nets"], cells, blif.ports(work / "netlist.blif"),
                         pin_directions(work / "FlexLib.lib"), vectors((work / "synth/netlist.v").read_text()),
                         rc={k: tuple(v) for k, v in json.loads((work / RC_FILE).read_text()).items()},
                         clock=job.clock_port)
    _net_lengths(work / "reports/net_lengths.csv", written)
    wall = run_sta(work, logs / "sta.log", TIMEOUT_S["sta"], what="OpenSTA (routed)", script="sta_routed.tcl")
    ctool, stool = plan.tools["coriolis"] or "coriolis", plan.tools["sta"] or "sta"
    result = _physical(routed, written, unrouted_segments(logs / "coriolis.log"), ctool)
    result.update({routed_name(k): m for k, m in sta_metrics(work, stool, job.period_ns).items()
                   if not k.startswith(SYNTH_PREFIX)})
    result[ROUTED_STA_RUNTIME] = Metric(round(wall, 3), "s", "logs/sta.log", "cryptoppa")
    synth = (Path(job.synth_run) / "metrics.json").read_text()
    (work / "synth/metrics.json").write_text(synth)  # the ratios' denominators, kept beside them
    result.update(_ratios(result, json.loads(synth)))
    return result
