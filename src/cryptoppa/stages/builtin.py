"""The stages cryptoppa ships, registered on import: ASIC synthesis (single designs and flat arrays), composed
arrays, ASIC placement and routing after synthesis, FPGA synthesis, and FPGA placement and routing after it."""

from __future__ import annotations

from pathlib import Path

from .. import fpga, pdk
from ..flow import characterize
from ..flow.compose import compose
from ..fpga.execute import execute_pnr
from ..pnr import CELL_LIBRARIES, RouteInput, execute_route, make_route_plan
from ..runs import StepPlan, run_step
from .registry import Outcome, Refusal, Stage, register
from .request import ASIC, COMPOSED, FLAT, FPGA, SINGLE, Request, array_point, flow_point, fpga_point


def _synth(req: Request, cache: Path, force: bool) -> Outcome:
    step = characterize(flow_point(req, cache), cache, force)
    return Outcome(step.metrics, (step.run_dir,), step.built)


def _composed(req: Request, cache: Path, force: bool) -> Outcome:
    result = compose(array_point(req), cache, force)
    return Outcome(result.metrics, result.sources, result.built, note=result.method)


def _route_plan(req: Request, synth: Outcome, cache: Path) -> StepPlan:
    point = flow_point(req, cache)
    desc = pdk.get(req.pdk)
    return make_route_plan(RouteInput(synth.run_dir, desc.routing, point.top, pdk.liberty(desc, req.corner),
                                      point.clock_port, point.period_ns, req.utilization,
                                      label=point.design or point.top))


def _routable(req: Request) -> Refusal | None:
    routing = pdk.get(req.pdk).routing
    if routing is None or routing.cells not in CELL_LIBRARIES:
        routable = [name for name in pdk.available() if (r := pdk.get(name).routing) and r.cells in CELL_LIBRARIES]
        why = "" if routing is None else f" ({req.pdk}'s cells, {routing.cells}, have no Coriolis export yet)"
        return Refusal("target", f"a PDK with a [routing] table (cell layouts a placer can use) for stage 'route': "
                                 f"{', '.join(routable)}, not {req.pdk}{why}")
    return None


def _fpga_synth(req: Request, cache: Path, force: bool) -> Outcome:
    step = run_step(fpga.make_synth_plan(fpga_point(req, cache)), fpga.execute_synth, cache, force)
    return Outcome(step.metrics, (step.run_dir,), step.built)


def _fpga_place_plan(req: Request, synth: Outcome, cache: Path) -> StepPlan:
    return fpga.pnr_plan(fpga_point(req, cache), synth.run_dir, synth.metrics)


def _placer(req: Request) -> Refusal | None:
    if not fpga.get(req.target).routed:
        return Refusal("stage", f"a target with an open placer for stage 'route' ({req.target}: no open place and "
                                f"route exists for {fpga.get(req.target).device}; use stage 'synth')")
    return None


def _seedless(req: Request) -> Refusal | None:
    if req.seed is None:
        return None
    return Refusal("seed", f"no placer seed for {req.target} (seeds are for FPGA targets with a placer)")


SYNTH = register(Stage("synth", ASIC, (SINGLE, FLAT), _synth, check=_seedless,
                       doc="Yosys synthesis, the engine's simulation, simulated activity where asked, OpenSTA"))
COMPOSED_ARRAY = register(Stage("synth", ASIC, (COMPOSED,), _composed, activities=("vectorless",), check=_seedless,
                                doc="an N-engine array from the engine's and the dispatcher's cached synthesis"))
ROUTE = register(Stage.from_step("route", ASIC, arrays=(SINGLE, FLAT), plan=_route_plan, execute=execute_route,
                                 needs="synth", check=lambda req: _seedless(req) or _routable(req),
                                 doc="Coriolis placement and routing, OpenSTA with the routed wires' parasitics"))
FPGA_SYNTH = register(Stage("synth", FPGA, (SINGLE, FLAT), _fpga_synth, activities=("vectorless",),
                            doc="Yosys synthesis for the FPGA family, and the engine's simulation"))
FPGA_ROUTE = register(Stage.from_step("route", FPGA, arrays=(SINGLE, FLAT), plan=_fpga_place_plan, execute=execute_pnr,
                                      needs="synth", activities=("vectorless",), check=_placer,
                                      doc="nextpnr placement and routing with timing, where an open placer exists"))
