"""Synthesis, then placement and routing (cryptoppa.pnr) of the same point: two cached steps, both kept.

    synth, routed = route_point(point, cache)    # routed.metrics holds the routed figures and the ratios
"""

from __future__ import annotations

from pathlib import Path

from .. import pdk
from ..errors import InputError
from ..pnr import RouteInput, execute_route, make_route_plan
from ..runs import StepResult, run_step
from .execute import characterize
from .plan import FlowPoint

# The libraries with layouts Coriolis can place: FlexLib's cells (shipped or re-characterized tables) come from PDKMaster.
ROUTABLE_PDKS = ("freepdk45", "freepdk45_char")


def route_point(point: FlowPoint, cache: Path, force: bool = False,
                utilization: float = 0.7) -> tuple[StepResult, StepResult]:
    """The synthesis run (reused when finished) and the routed run of the point; force reruns only the route."""
    if point.pdk not in ROUTABLE_PDKS:
        raise InputError(f"--stage route: only {', '.join(ROUTABLE_PDKS)} has cell layouts for Coriolis "
                         f"(a Nangate45 LEF path is not implemented), not {point.pdk}")
    synth = characterize(point, cache)
    job = RouteInput(synth.run_dir, point.top, pdk.liberty(pdk.get(point.pdk), point.corner), point.clock_port,
                     point.period_ns, utilization, label=point.design or point.top)
    return synth, run_step(make_route_plan(job), execute_route, cache, force)
