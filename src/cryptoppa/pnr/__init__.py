"""Placement and routing of a synthesized netlist with Coriolis, and wire-aware timing and power from it.

    plan = make_route_plan(RouteInput(...))       # pure data: the synthesis run's netlist, STA script, settings
    result = run_step(plan, execute_route, cache) # routed.json, routed.spef, net lengths, routed STA metrics

cryptoppa.stages runs this step after synthesis (the route stage); Coriolis itself runs in its own virtualenv
(coriolis_env.py) through the tool registry.
"""

from .coriolis_env import CELL_LIBRARIES
from .execute import execute_route
from .plan import RouteInput, make_route_plan

__all__ = ["CELL_LIBRARIES", "RouteInput", "execute_route", "make_route_plan"]
