"""Execute an FPGA plan: Yosys synthesis for the target, then nextpnr placement and routing where one exists
(two stages of cryptoppa.stages, each a cached step). An array too big for the device raises DoesNotFit, which a
sweep records as a failed row.
"""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path

from ..catalog import CYCLES, FMAX, RING_FLOPS, SEED, THROUGHPUT_FMAX, runtime
from ..errors import DoesNotFit, ToolError
from ..metrics import Metric
from ..runs import StepPlan
from ..sim.perf_step import perf_metrics, throughput
from ..tools import run, run_status
from . import ring
from .nexus_fix import detach_constant_carry_ins
from .plan import NETLIST, SYNTH_SCRIPT, FpgaPoint, make_pnr_plan, pnr_args
from .resources import over_capacity, pnr_metrics, synth_counts, synth_metrics
from .targets import get

STEP_TIMEOUT_S = {"synth": 3600.0, "pnr": 3600.0}
# The placement step carries its point and the synthesis metrics its throughput needs.
PnrJob = tuple[FpgaPoint, dict[str, Metric]]
# nextpnr's words when the packed design needs more of something than the device has.
_NO_FIT = re.compile(r"(no BELs remaining|more \w+ than available|Unable to place cell|Unable to find legal placement"
                     r"|exceeds? (the )?(device|available))",
                     re.IGNORECASE)


def _pnr(plan: StepPlan, work: Path, point: FpgaPoint, timeout: float) -> tuple[dict[str, Metric], float]:
    target = get(point.target)
    log = work / "logs" / "nextpnr.log"
    code, seconds = run_status(target.pnr, pnr_args(point, target), cwd=work, log=log, timeout=timeout,
                               what=target.pnr)
    if code != 0:
        text = log.read_text(errors="replace")
        found = _NO_FIT.search(text)
        if found:
            raise DoesNotFit(f"{point.top} does not fit {target.device}: nextpnr: {found.group(0)}", str(log))
        _raise_failed(target.pnr, code, log)
    found = pnr_metrics(work, f"{target.pnr} {plan.tools.get(target.pnr)}")
    found[SEED] = Metric(point.seed, "seed", "pnr.args", "cryptoppa")
    return found, seconds


def _raise_failed(what: str, code: int, log: Path) -> None:
    lines = [ln for ln in log.read_text(errors="replace").splitlines() if "ERROR" in ln][-3:]
    raise ToolError(f"{what} failed (exit {code}): {' | '.join(lines) or 'see log'}", str(log))


def execute_synth(plan: StepPlan[FpgaPoint], work: Path, timeouts: dict[str, float] | None = None
                  ) -> dict[str, Metric]:
    point: FpgaPoint = plan.config
    target = get(point.target)
    timeouts = {**STEP_TIMEOUT_S, **(timeouts or {})}
    wall = {}
    if target.pins:
        wall["ports"] = run("pyosys", [ring.PORTS_SCRIPT], cwd=work, log=work / "logs" / "yosys_ports.log",
                            timeout=timeouts["synth"], what="yosys (ports)")
        ports = ring.top_ports(work, point.top)
        (work / ring.RING_FILE).write_text(ring.render_ring(point.top, point.params, ports, point.clock_port))
    wall["synth"] = run("pyosys", [SYNTH_SCRIPT], cwd=work, log=work / "logs" / "yosys_fpga.log",
                        timeout=timeouts["synth"], what=f"yosys ({target.synth})")
    result = synth_metrics(work, target, f"yosys {plan.tools['pyosys']}")
    if target.pins:
        bits = sum(w for name, _, w in ports if name != point.clock_port)
        result[RING_FLOPS] = Metric(bits + 1, "cells", ring.RING_FILE, "cryptoppa")
    if target.family == "nexus":
        detach_constant_carry_ins(work / NETLIST)
    if point.perf:
        start = time.monotonic()
        result.update(perf_metrics(plan, work, point, latency=False))
        wall["perf"] = time.monotonic() - start
    return {**result, **_runtimes(wall)}


def execute_pnr(plan: StepPlan[PnrJob], work: Path, timeouts: dict[str, float] | None = None) -> dict[str, Metric]:
    point, synth = plan.config
    found, seconds = _pnr(plan, work, point, {**STEP_TIMEOUT_S, **(timeouts or {})}["pnr"])
    fmax = found.get(FMAX)
    if fmax and CYCLES in synth:
        found.update(throughput(fmax.value, synth, THROUGHPUT_FMAX))
    return {**found, **_runtimes({"pnr": seconds})}


def _runtimes(wall: dict[str, float]) -> dict[str, Metric]:
    return {runtime(step): Metric(round(s, 3), "s", f"logs/{step}", "cryptoppa") for step, s in wall.items()}


def fits_device(point: FpgaPoint, synth_dir: Path) -> None:
    """DoesNotFit when the synthesized netlist already needs more of a resource than the device has: before
    minutes of placement, and as a recorded failed row of a sweep."""
    target = get(point.target)
    over = over_capacity(synth_counts(synth_dir, target), target)
    if over:
        text = ", ".join(f"{name} {need} > {have}" for name, (need, have) in over.items())
        raise DoesNotFit(f"{point.top} does not fit {target.device}: synthesis needs {text}",
                         str(synth_dir / "reports" / "synth_stat.json"))


def pnr_plan(point: FpgaPoint, synth_dir: Path, synth_metrics: dict[str, Metric]) -> StepPlan[PnrJob]:
    """The placement step of a finished synthesis run, carrying the synthesis metrics its throughput needs."""
    fits_device(point, synth_dir)
    return dataclasses.replace(make_pnr_plan(point, synth_dir), config=(point, synth_metrics))
