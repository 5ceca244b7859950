"""One cell at one corner as a cached run step (cryptoppa.runs, folder charlib-<library>-<corner>-<cell>-<key>):
the lock, the seal, `.failed` evidence and `cryptoppa cache info` like every other step. The key holds the
netlist, the corner's model file, voltage, temperature and time scale, the grid, the flip-flop's pins, the ngspice
version and RECIPE, which is bumped whenever a method changes its results."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ...catalog import runtime
from ...errors import CryptoppaError, without_log
from ...metrics import Metric
from ...runs import StepPlan, is_complete, run_step, sha256_file
from ...tools import version
from . import constraints, decks, flop
from .flop import FlopPins
from .spice import Corner

RECIPE = 3  # 3: timing of every cell by our decks at the corner's temperature, charge pin capacitance, 6 loads
ASSUMPTIONS = {
    "slews": "20-80 % of Vdd, linear input ramps; delays 50 %-50 %",
    "internal energy": "supply energy over the event, less C_load*Vdd^2 on an output rise",
    "pin capacitance": "charge drawn over a whole input edge / Vdd, mean over side-input states",
    "constraints": f"bisection to {constraints.TOLERANCE_PS} ps; setup/hold/recovery: clock-to-q at most "
                   f"{constraints.PUSHOUT:.0%} above nominal; removal: q below {constraints.GLITCH:.0%} of Vdd",
    "netlists": "schematic: no wiring parasitics, no junction areas",
}


@dataclass(frozen=True)
class Job:
    """What one cell's characterization at one corner needs, as data."""
    library: str  # the target's name (targets.py)
    cell: str
    netlist: str
    corner: Corner
    inputs: tuple[str, ...]
    functions: tuple[tuple[str, str], ...]  # (output pin, liberty function) of a combinational cell
    slews: tuple[float, ...]  # ps, 20-80 %
    loads: tuple[float, ...]  # fF
    flop: FlopPins | None = None  # a flip-flop's pins; None: a combinational cell
    constraint_slews: tuple[float, ...] = (5.0, 20.0, 80.0)  # flip-flop checks: data/clear x clock slews (3 x 3)

    @property
    def method(self) -> str:
        return "flop" if self.flop else "arcs"

    @property
    def constraint_load(self) -> float:
        return self.loads[len(self.loads) // 2 - 1]  # the shipped grid's middle load

    def plan(self) -> StepPlan:
        data = {k: v for k, v in asdict(self).items() if k not in ("library", "netlist", "corner")}
        corner = {"name": self.corner.name, "vdd": self.corner.vdd, "temp": self.corner.temp,
                  "time_scale": self.corner.time_scale}
        return StepPlan(f"charlib-{self.library}-{self.corner.name}-{self.cell}",
                        identity={"step": "cell", "library": self.library, "method": self.method, "corner": corner,
                                  "job": data, "recipe": RECIPE},
                        inputs={"models.spi": (str(self.corner.models), sha256_file(self.corner.models))},
                        scripts={"cell.sp": self.netlist}, tools={"ngspice": version("ngspice")},
                        assumptions=ASSUMPTIONS, outputs=("result.json",), config=self)


def _local(job: Job, work: Path) -> Job:
    """The job with the run folder's own copy of the models (decks include it by path)."""
    corner = Corner(job.corner.name, (work / "models.spi").resolve(), job.corner.vdd, job.corner.temp,
                    job.corner.time_scale)
    return Job(**{**{k: getattr(job, k) for k in job.__dataclass_fields__}, "corner": corner})


def _ours(job: Job, work: Path) -> dict:
    decks_dir = work / "decks"
    if job.method == "flop":
        return _flop(job, decks_dir)
    middle = len(job.slews) // 2
    out = {"capacitance": decks.pin_capacitance(job.cell, job.netlist, job.corner, list(job.inputs),
                                                job.slews[middle], job.loads[middle], decks_dir),
           "leakage_w": decks.leakage(job.cell, job.netlist, job.corner, list(job.inputs), decks_dir),
           "arcs": {}}
    for pin, function in job.functions:
        out["arcs"][pin] = {rel: decks.arc(job.cell, job.netlist, job.corner, function, list(job.inputs), rel,
                                           job.slews, job.loads, decks_dir)
                            for rel in job.inputs}
    return out


def _flop(job: Job, work: Path) -> dict:
    spec = flop.Flop(job.cell, job.netlist, job.flop)
    ckq = flop.clock_to_q(spec, job.corner, job.slews, job.loads, work)
    out = {"clock_to_q": ckq, "leakage_w": flop.leakage(spec, job.corner, work), "checks": {},
           "constraint_slews": list(job.constraint_slews), "constraint_load": job.constraint_load}
    col = job.loads.index(job.constraint_load)
    nominal = {edge: {s: ckq["q"][f"cell_{edge}"][job.slews.index(s)][col] for s in job.constraint_slews}
               for edge in ("rise", "fall")}
    if spec.has_clear:
        out["clear"] = flop.clear(spec, job.corner, job.slews, job.loads, work)
    for check in constraints.checks(spec.has_clear):
        out["checks"][f"{check.kind}_{check.edge}"] = constraints.constraint(
            spec, check, job.corner, job.constraint_slews, job.constraint_slews, job.constraint_load, nominal, work)
    return out


def _execute_ours(plan: StepPlan, work: Path) -> dict[str, Metric]:
    job = _local(plan.config, work)
    start = time.monotonic()
    data = {"method": job.method, "inputs": list(job.inputs), "slews": list(job.slews), "loads": list(job.loads),
            **_ours(job, work)}
    seconds = round(time.monotonic() - start, 1)
    (work / "result.json").write_text(json.dumps({**data, "seconds": seconds}, indent=1) + "\n")
    return {runtime("charlib"): Metric(seconds, "s", "result.json", "cryptoppa")}


def _run(plan: StepPlan, execute, cache: Path, only_cached: bool, retry_failed: bool) -> dict | None:
    """The step's result.json; None when only_cached and not built. A failure recorded by an earlier run is
    raised again without spending the time, unless retry_failed."""
    failed = cache / f"{plan.name}.failed"
    if (failed / "error.txt").exists() and not retry_failed:
        raise CryptoppaError((failed / "error.txt").read_text().strip() + " (recorded by an earlier run)")
    if only_cached and not is_complete(cache / plan.name):
        return None
    try:
        result = run_step(plan, execute, cache)
    except Exception as err:
        if failed.is_dir():
            (failed / "error.txt").write_text(without_log(str(err)) + "\n")
        raise
    return json.loads((result.run_dir / "result.json").read_text())


def characterize(job: Job, cache: Path, only_cached: bool = False, retry_failed: bool = False) -> dict | None:
    """One cell's results (see _ours, _flop); None when only_cached and it is not in the cache."""
    return _run(job.plan(), _execute_ours, cache, only_cached, retry_failed)
