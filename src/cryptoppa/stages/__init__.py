"""Stages: the one contract every characterization backend follows, its registry and the one dispatcher.

    req = Request(design, params, target="freepdk45/nom", clock_mhz=225.0, stage="route",
                  settings=((builtin.UTILIZATION.name, 0.5),))
    outcome = run_request(req, cache)         # the stage that takes it, its needs first, all cached

The command line (`cryptoppa run`) and the sweep (`cryptoppa sweep`) both build Requests and call run_request;
which request a stage takes, and the settings it reads (their options, sweep keys, bounds, labels and columns),
are declared once, in the registrations of cryptoppa.stages.builtin.
"""

from . import builtin  # noqa: F401 - registers the stages cryptoppa ships
from .builtin import array_point, flow_point, fpga_point
from .reference import limit_rows, limits_table, settings_table, where
from .registry import (Outcome, Refusal, Stage, accepted, all_settings, declaring, default_stage, names, prerequisite,
                       refusal, register, run_request, stage_for, unregister)
from .request import ASIC, COMPOSED, FLAT, FPGA, SINGLE, Request, canonical_target, own_rtl_design
from .setting import Setting

__all__ = ["ASIC", "COMPOSED", "FLAT", "FPGA", "SINGLE", "Outcome", "Refusal", "Request", "Setting", "Stage",
           "accepted", "all_settings", "array_point", "canonical_target", "declaring", "default_stage", "flow_point",
           "fpga_point", "limit_rows", "limits_table", "names", "own_rtl_design", "prerequisite", "refusal", "register",
           "run_request", "settings_table", "stage_for", "unregister", "where"]
