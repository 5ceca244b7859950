"""Stages: the one contract every characterization backend follows, its registry and the one dispatcher.

    req = Request(design, params, target="freepdk45/nom", clock_mhz=225.0, stage="route")
    outcome = run_request(req, cache)         # the stage that takes it, its needs run first, all cached

The command line (`cryptoppa run`) and the sweep (`cryptoppa sweep`) both build Requests and call run_request;
which request a stage takes is declared once, in the registrations of cryptoppa.stages.builtin.
"""

from . import builtin  # noqa: F401 - registers the stages cryptoppa ships
from .registry import Outcome, Refusal, Stage, default_stage, names, refusal, register, run_request, stage_for, unregister
from .request import (ASIC, COMPOSED, FLAT, FPGA, SINGLE, Request, array_point, canonical_target, flow_point,
                      fpga_point, own_rtl_design)

__all__ = ["ASIC", "COMPOSED", "FLAT", "FPGA", "SINGLE", "Outcome", "Refusal", "Request", "Stage", "array_point",
           "canonical_target", "default_stage", "flow_point", "fpga_point", "names", "own_rtl_design", "refusal",
           "register", "run_request", "stage_for", "unregister"]
