"""Energy per byte of firmware on a synthesized RV32 core, from a gate-level simulation of its netlist.

    e = core_energy(point, run_dir, elf, out_dir=Path("work/energy"))
    e.rows                # the firmware's RESULT lines, from the gate-level run (check them with check_results)
    e.power["power__total"], e.coverage, e.energy_per_byte_pj

The firmware runs on the core's netlist (activity/gatesim.py in Verilator, or activity/core_workload.py in
Icarus); the activity of its measured window is annotated in OpenSTA by a step of its own: the core point's
sta.tcl rendered with that activity sourced, on a copy of the netlist, cached by content like every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import pdk, settings
from ..activity.annotate import Annotation
from ..activity.core_workload import annotation_file, simulate
from ..activity.gatesim import build_gate_sim, run_gate_sim
from ..activity.vcd import Activity
from ..catalog import POWER, POWER_PREFIX
from ..errors import InputError
from ..metrics import Metric
from ..runs import StepPlan, run_step, sha256_file
from ..sw import parse_results
from ..tools import version
from ..tools.sta import run_sta, sta_metrics
from .plan import FlowPoint, render_sta

LINE_BYTES = 64  # the firmware's measured operation: one 64-byte GCM line with its tag
SIMULATORS = ("verilator", "icarus")


@dataclass(frozen=True)
class CoreEnergy:
    uart: str
    rows: list[dict]  # RESULT lines of the gate-level run
    activity: Activity
    annotation: Annotation
    power: dict[str, float]  # power__* (W) of OpenSTA with the simulated activity
    clock_mhz: float

    @property
    def coverage(self) -> float:
        return self.annotation.coverage

    @property
    def window_cycles(self) -> int:
        return self.activity.cycles

    @property
    def energy_per_byte_pj(self) -> float:
        # W x cycles / MHz = uJ; x 1e6 = pJ
        return self.power[POWER] * self.window_cycles / self.clock_mhz * 1e6 / LINE_BYTES


def _execute_sta(plan: StepPlan, work: Path) -> dict[str, Metric]:
    point: FlowPoint = plan.config
    run_sta(work, work / "logs" / "sta.log", 1800.0, "OpenSTA (core activity)")
    return sta_metrics(work, f"sta {plan.tools['sta']}", point.period_ns)


def sta_plan(point: FlowPoint, run_dir: Path, tcl: Path) -> StepPlan:
    """OpenSTA of the core point's netlist with the activity in `tcl` sourced."""
    desc = pdk.get(point.pdk)
    lib = pdk.liberty(desc, point.corner)
    netlist = Path(run_dir) / "netlist.v"
    return StepPlan(
        f"{point.top}-activity-sta",
        identity={"step": "activity-sta", "liberty": {"sha256": sha256_file(lib)}},
        inputs={"netlist.v": (str(netlist), sha256_file(netlist)), "activity/activity.tcl": (str(tcl), sha256_file(tcl))},
        scripts={"sta.tcl": render_sta(point, desc, lib, "activity/activity.tcl")},
        tools={"sta": version("sta")},
        assumptions={"activity": "per-net activity of the firmware's window, simulated on the netlist"},
        provenance={"core_run": str(run_dir), "liberty": {"path": str(lib)}},
        config=point)


def annotated_power(point: FlowPoint, run_dir: Path, tcl: Path, cache: Path) -> dict[str, float]:
    """power__* (W) of the core's netlist with the activity in `tcl`, through a cached STA step under cache."""
    found = run_step(sta_plan(point, run_dir, tcl), _execute_sta, cache).metrics
    return {k: m.value for k, m in found.items() if k.startswith(POWER_PREFIX)}


def core_energy(point: FlowPoint, run_dir: Path, elf: Path, out_dir: Path, *, max_cycles: int = 5_000_000,
                simulator: str = "verilator", build_cache: Path | None = None) -> CoreEnergy:
    """Gate-level run of the firmware on the core (point, synthesized in run_dir), its window activity in
    OpenSTA, and the energy per byte. build_cache: where the Verilator build of this netlist is kept (default: the
    run cache, which shares it between the firmware runs of one core, results folders and test workers)."""
    if simulator not in SIMULATORS:
        raise InputError(f"gate-level simulator {simulator!r}: expected one of {', '.join(SIMULATORS)}")
    lib = pdk.liberty(pdk.get(point.pdk), point.corner)
    out = Path(out_dir)
    netlist = Path(run_dir) / "netlist.v"
    if simulator == "icarus":
        uart, activity, ann, tcl = simulate(run_dir, elf, liberty=lib, top=point.top, period_ns=point.period_ns,
                                            out_dir=out / "sim", max_cycles=max_cycles)
    else:
        sim = build_gate_sim(netlist, liberty=lib, top=point.top,
                             cache=Path(build_cache) if build_cache else settings.current().cache)
        uart, activity = run_gate_sim(sim, elf, period_ns=point.period_ns, out_dir=out / "sim", max_cycles=max_cycles)
        ann, tcl = annotation_file(activity, netlist, elf, out / "sim")
    power = annotated_power(point, run_dir, tcl, out / "sta")
    return CoreEnergy(uart, parse_results(uart), activity, ann, power, point.clock_mhz)
