"""FPGA targets beside the ASIC PDKs: Yosys synthesis for Xilinx 7-series, ECP5 and Nexus, and nextpnr placement
and routing with timing where an open placer exists (ECP5, Nexus). No FPGA power figure: there is no open model.

    point = fpga_point(design, "ecp5-85k", clock_mhz=100, params={}, seed=1)
    plan = make_synth_plan(point)                  # then execute_synth; pnr_plan + execute_pnr (cryptoppa.stages)
"""

from .execute import execute_pnr, execute_synth, fits_device, pnr_plan
from .plan import FpgaPoint, assumptions, fpga_point, make_pnr_plan, make_synth_plan
from .targets import TARGETS, FpgaTarget, get, is_target

__all__ = ["TARGETS", "assumptions", "FpgaPoint", "FpgaTarget", "execute_pnr", "execute_synth",
           "fits_device", "fpga_point", "get", "is_target", "make_pnr_plan", "make_synth_plan", "pnr_plan"]
