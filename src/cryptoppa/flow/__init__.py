"""The single-point flow: plan (pure data) then execute (tools) into a run directory."""

from .execute import execute, is_complete
from .metrics import Metric, read
from .plan import FlowPoint, Plan, design_point, make_plan

__all__ = ["FlowPoint", "Metric", "Plan", "design_point", "execute", "is_complete", "make_plan", "read"]
