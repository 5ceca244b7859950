"""Flow steps: synthesis once per RTL configuration, then timing and power per corner, clock and activity
(plan.py, execute.py), composed N-engine arrays (compose.py, interface.py) and the core-energy step
(core_energy.py), all on the one lifecycle of cryptoppa.runs."""

from .execute import characterize, execute_sta, execute_synth, read
from .plan import FlowPoint, design_point, make_sta_plan, make_synth_plan

__all__ = ["FlowPoint", "characterize", "design_point", "execute_sta", "execute_synth", "make_sta_plan",
           "make_synth_plan", "read"]
