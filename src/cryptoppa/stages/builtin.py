"""The stages cryptoppa ships, registered on import, each with the settings it reads: ASIC synthesis (single
designs and flat arrays; the wire-load switch, flattening), composed arrays (the linked-netlist check), ASIC placement and routing after synthesis (the
floorplan's utilization), FPGA synthesis, and FPGA placement and routing after it (the placer's seed)."""

from __future__ import annotations

from pathlib import Path

from .. import fpga, pdk
from ..designs.arrays import array_design, perf_lines
from ..flow import FlowPoint, characterize, design_point
from ..flow.compose import ArrayPoint, compose
from ..fpga.execute import execute_pnr
from ..limits import Bound
from ..pnr import CELL_LIBRARIES, RouteInput, execute_route, make_route_plan
from ..pnr.plan import DEFAULT_UTILIZATION
from ..runs import StepPlan, run_step
from .registry import Outcome, Refusal, Stage, register
from .request import ASIC, COMPOSED, FLAT, FPGA, SINGLE, Request
from .setting import Setting


def _wire_load_rule(req: Request, used: bool) -> str | None:
    if used or pdk.get(req.pdk).wire_load_model:
        return None
    return f"a library with a wire-load model ({req.pdk}: the library has none to switch off)"


WIRE_LOAD = Setting(
    "wire_load", bool, True, "time with the library's wire-load model; off, net capacitance is pin capacitance",
    rule=_wire_load_rule, every_row=True,  # a routed or composed row's synthesis was timed with the model
    recorded=lambda req, used: pdk.get(req.pdk).wire_load_label(used))
UTILIZATION = Setting(
    "utilization", float, DEFAULT_UTILIZATION, "target cell area / die area of the floorplan",
    Bound("target cell area / die area", 0.1, 0.95, "the die is sized as cell area / utilization: below 0.1 ten "
          "times the cells, above 0.95 no room left to route"), column="target_utilization")
def _flatten_rule(req: Request, flat: bool) -> str | None:
    if flat:
        return None
    if req.activity_kind != "vectorless":
        return "vectorless activity for a hierarchical netlist (the gate-level simulation reads a flat one)"
    if req.stage == "route":
        return "stage synth for a hierarchical netlist (placement reads a flat one)"
    return None


FLATTEN = Setting(
    "flatten", bool, True, "flatten the design before mapping; off, each distinct module is mapped once and the "
    "netlist keeps the hierarchy (nothing is optimized across a module's boundary)", rule=_flatten_rule)
LINKED_STA = Setting(
    "linked_sta", bool, False, "time a composed array by OpenSTA on its linked netlists (up to 16 engines; minutes) "
    "instead of from the engine's interface model (seconds): a check of the models")
SEED = Setting(
    "seed", int, 1, "the placer's seed", Bound("a placer seed", 0, 2**31 - 1, "nextpnr's --seed is a 32-bit "
                                               "signed integer", integer=True),
    sweep_key="seeds", always_labelled=True)  # fmax differs from seed to seed: a placed row names its seed


def _design(req: Request, cache: Path):
    return array_design(req.design, req.n, cache) if req.n is not None else req.design


def flow_point(req: Request, cache: Path) -> FlowPoint:
    """The ASIC flow point of a single design or a flat array (whose generated top is a step of the cache)."""
    if req.own_rtl:
        d = req.design
        return FlowPoint(rtl=d.files, top=d.top, pdk=req.pdk, corner=req.corner, clock_mhz=req.clock_mhz,
                         params=req.params, clock_port=req.clock_port or d.clock or "clk", input_activity=req.activity,
                         activity=req.activity_mode, reset_port=d.reset, include_dirs=d.include_dirs,
                         defines=d.defines, wire_load=WIRE_LOAD.of(req), flatten=FLATTEN.of(req))
    return design_point(_design(req, cache), pdk=req.pdk, corner=req.corner, clock_mhz=req.clock_mhz,
                        params=dict(req.params), activity=req.activity, clock_port=req.clock_port,
                        activity_mode=req.activity_mode, perf_lines=perf_lines(req.n), perf_round=req.n or 1,
                        wire_load=WIRE_LOAD.of(req), flatten=FLATTEN.of(req))


def array_point(req: Request) -> ArrayPoint:
    return ArrayPoint(req.design, req.n, req.params, req.pdk, req.corner, req.clock_mhz, req.activity)


def fpga_point(req: Request, cache: Path) -> fpga.FpgaPoint:
    if req.own_rtl:
        d = req.design
        return fpga.FpgaPoint(rtl=d.files, top=d.top, target=req.target, clock_mhz=req.clock_mhz, params=req.params,
                              include_dirs=d.include_dirs, defines=d.defines, seed=SEED.of(req),
                              clock_port=req.clock_port or d.clock or "clk")
    return fpga.fpga_point(_design(req, cache), req.target, req.clock_mhz, dict(req.params), seed=SEED.of(req),
                           n=req.n)


def _synth(req: Request, cache: Path, force: bool) -> Outcome:
    step = characterize(flow_point(req, cache), cache, force)
    return Outcome(step.metrics, (step.run_dir,), step.built)


def _composed(req: Request, cache: Path, force: bool) -> Outcome:
    result = compose(array_point(req), cache, force, linked=LINKED_STA.of(req))
    return Outcome(result.metrics, result.sources, result.built, note=result.method)


def _route_plan(req: Request, synth: Outcome, cache: Path) -> StepPlan:
    point = flow_point(req, cache)
    desc = pdk.get(req.pdk)
    return make_route_plan(RouteInput(synth.run_dir, desc.routing, point.top, pdk.liberty(desc, req.corner),
                                      point.clock_port, point.period_ns, UTILIZATION.of(req),
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


SYNTH = register(Stage("synth", ASIC, (SINGLE, FLAT), _synth, settings=(WIRE_LOAD, FLATTEN),
                       doc="Yosys synthesis, the engine's simulation, simulated activity where asked, OpenSTA"))
COMPOSED_ARRAY = register(Stage("synth", ASIC, (COMPOSED,), _composed, activities=("vectorless",),
                                settings=(LINKED_STA,),
                                doc="an N-engine array from the engine's and the dispatcher's cached synthesis, "
                                    "timed from the engine's interface model"))
ROUTE = register(Stage.from_step("route", ASIC, arrays=(SINGLE, FLAT), plan=_route_plan, execute=execute_route,
                                 needs="synth", check=_routable, settings=(UTILIZATION,),
                                 doc="Coriolis placement and routing, OpenSTA with the routed wires' parasitics"))
FPGA_SYNTH = register(Stage("synth", FPGA, (SINGLE, FLAT), _fpga_synth, activities=("vectorless",),
                            doc="Yosys synthesis for the FPGA family, and the engine's simulation"))
FPGA_ROUTE = register(Stage.from_step("route", FPGA, arrays=(SINGLE, FLAT), plan=_fpga_place_plan, execute=execute_pnr,
                                      needs="synth", activities=("vectorless",), check=_placer, settings=(SEED,),
                                      doc="nextpnr placement and routing with timing, where an open placer exists"))
