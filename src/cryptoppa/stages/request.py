"""One characterization as a user asks for it: `cryptoppa run`'s options or one point of a sweep file, as data.

Both the command line and the sweep build a Request and hand it to the one dispatcher (cryptoppa.stages), which
checks it against the registered stages and runs the stage that takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import fpga, pdk
from ..designs import Design, Sources
from ..designs.arrays import array_design, perf_lines
from ..flow import FlowPoint, design_point
from ..flow.compose import ArrayPoint
from ..pnr.plan import DEFAULT_UTILIZATION

ASIC, FPGA = "asic", "fpga"
SINGLE, FLAT, COMPOSED = "single", "flat", "composed"


def own_rtl_design(sources: Sources, top: str, clock_port: str = "clk", reset_port: str = "") -> Design:
    """The user's RTL (`cryptoppa run --rtl`) as a design without a descriptor: no parameters to check, no engine
    interface, its name the top module's."""
    return Design(name=top, path=Path(), top=top, files=sources.files, clock=clock_port, reset=reset_port,
                  interface="block", description="your RTL", params={}, include_dirs=sources.include_dirs,
                  defines=sources.defines)


@dataclass(frozen=True)
class Request:
    design: Design
    params: tuple[tuple[str, int], ...]  # resolved against the descriptor (the user's own RTL: as given)
    target: str  # "pdk/corner" or an FPGA target's name
    clock_mhz: float
    stage: str | None = None  # None: the target's default stage (default_stage)
    n: int | None = None  # an N-engine array of the design
    array_mode: str = COMPOSED  # arrays only: composed from cached parts, or the whole array synthesized flat
    activity: float = 0.1  # vectorless toggles per cycle at the inputs
    activity_mode: str = "vectorless"  # or "sim:<workload>"
    seed: int | None = None  # FPGA placer seed (None: 1)
    utilization: float = DEFAULT_UTILIZATION  # ASIC placement's target cell area / die area (route stage)
    clock_port: str | None = None  # overrides the design's clock port
    own_rtl: bool = False  # the design is the user's RTL, not a descriptor
    wire_load: bool = True  # False: time without the library's wire-load model (ASIC synthesis only)

    @property
    def kind(self) -> str:
        return FPGA if fpga.is_target(self.target) else ASIC

    @property
    def pdk(self) -> str:
        return self.target.partition("/")[0]

    @property
    def corner(self) -> str:
        return self.target.partition("/")[2]

    @property
    def array(self) -> str:
        """single, flat or composed; FPGA targets place the whole netlist, so their arrays are always flat."""
        if self.n is None:
            return SINGLE
        return FLAT if self.kind == FPGA else self.array_mode

    @property
    def activity_kind(self) -> str:
        return "vectorless" if self.activity_mode == "vectorless" else "sim"


def _design(req: Request, cache: Path) -> Design:
    return array_design(req.design, req.n, cache) if req.n is not None else req.design


def flow_point(req: Request, cache: Path) -> FlowPoint:
    """The ASIC flow point of a single design or a flat array (whose generated top is a step of the cache)."""
    if req.own_rtl:
        d = req.design
        return FlowPoint(rtl=d.files, top=d.top, pdk=req.pdk, corner=req.corner, clock_mhz=req.clock_mhz,
                         params=req.params, clock_port=req.clock_port or d.clock or "clk", input_activity=req.activity,
                         activity=req.activity_mode, reset_port=d.reset, include_dirs=d.include_dirs,
                         defines=d.defines, wire_load=req.wire_load)
    return design_point(_design(req, cache), pdk=req.pdk, corner=req.corner, clock_mhz=req.clock_mhz,
                        params=dict(req.params), activity=req.activity, clock_port=req.clock_port,
                        activity_mode=req.activity_mode, perf_lines=perf_lines(req.n), perf_round=req.n or 1,
                        wire_load=req.wire_load)


def array_point(req: Request) -> ArrayPoint:
    return ArrayPoint(req.design, req.n, req.params, req.pdk, req.corner, req.clock_mhz, req.activity)


def fpga_point(req: Request, cache: Path) -> fpga.FpgaPoint:
    if req.own_rtl:
        d = req.design
        return fpga.FpgaPoint(rtl=d.files, top=d.top, target=req.target, clock_mhz=req.clock_mhz, params=req.params,
                              include_dirs=d.include_dirs, defines=d.defines, seed=req.seed or 1,
                              clock_port=req.clock_port or d.clock or "clk")
    return fpga.fpga_point(_design(req, cache), req.target, req.clock_mhz, dict(req.params), seed=req.seed or 1,
                           n=req.n)


def canonical_target(text: str) -> str:
    """An FPGA target's name, or "pdk/corner" with the PDK's default corner filled in; unknown names are refused."""
    if fpga.is_target(text):
        return text
    name, _, corner = text.partition("/")
    desc = pdk.get(name)
    corner = corner or desc.default_corner
    desc.check_corner(corner)
    return f"{name}/{corner}"
