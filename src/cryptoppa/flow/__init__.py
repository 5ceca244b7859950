"""Flow steps: synthesis + throughput + activity + STA of one point (plan.py, execute.py), composed N-engine
arrays (compose.py) and the core-energy step (core_energy.py), all on the one lifecycle of cryptoppa.runs."""

from .execute import characterize, execute_point, read
from .plan import FlowPoint, design_point, make_activity_plan, make_plan

__all__ = ["FlowPoint", "characterize", "design_point", "execute_point", "make_activity_plan", "make_plan", "read"]
