"""One characterization as a user asks for it: `cryptoppa run`'s options or one point of a sweep file, as data.

Both the command line and the sweep build a Request and hand it to the one dispatcher (cryptoppa.stages), which
checks it against the registered stages and runs the stage that takes it. A request is a design point (design,
parameters, target, clock, array, activity) plus the settings given of the stages that run it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import fpga, pdk
from ..designs import Design, Sources
from ..errors import InputError

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
    clock_port: str | None = None  # overrides the design's clock port
    own_rtl: bool = False  # the design is the user's RTL, not a descriptor
    settings: tuple[tuple[str, object], ...] = ()  # (name, value) of the stages' settings given (stages.setting)

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


def canonical_target(text: str) -> str:
    """An FPGA target's name, or "pdk/corner" with the PDK's default corner filled in; unknown names are refused."""
    if fpga.is_target(text):
        return text
    name, _, corner = text.partition("/")
    desc = pdk.get(name)
    if why := desc.not_characterized():
        raise InputError(f"PDK {name}: {why}")
    corner = corner or desc.default_corner
    desc.check_corner(corner)
    return f"{name}/{corner}"
