"""FPGA targets: the device names a sweep or `cryptoppa run --target` can list beside the ASIC PDKs.

A target names a Yosys synthesis pass and, where an open placer exists, the nextpnr build and device arguments.
Cell classes map the pass's primitive names onto METRICS2.1-style resource names; capacities (from the vendors'
family data sheets) let an array that cannot fit fail fast, before minutes of placement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import InputError

# Resource class -> regular expression over the primitives synth_<family> emits.
_XC7_CELLS = {
    "lut1": r"(LUT1|INV)", "lut2": r"LUT2", "lut3": r"LUT3", "lut4": r"LUT4", "lut5": r"LUT5", "lut6": r"LUT6",
    "ff": r"FD[RSCP]E(_1)?", "carry4": r"CARRY4", "muxf": r"MUXF[78]",
    "lutram": r"RAM(32|64|128|256)[XM]\w*", "srl": r"SRL(16E|C32E)",
    "bram18": r"RAMB18E1", "bram36": r"RAMB36E1", "dsp": r"DSP48E1", "io": r"(I|O|IO)BUF\w*", "clock": r"BUFG\w*",
}
_ECP5_CELLS = {
    "lut4": r"LUT4", "ff": r"TRELLIS_FF", "carry": r"CCU2C", "muxf": r"(PFUMX|L6MUX21)",
    "lutram": r"TRELLIS_DPR16X4", "bram": r"DP16KD", "dsp": r"(MULT18X18D|ALU54B)", "io": r"TRELLIS_IO",
}
_NEXUS_CELLS = {
    "lut4": r"LUT4", "ff": r"FD1P3[BDIJ]X", "carry": r"CCU2", "muxf": r"WIDEFN9",
    "lutram": r"DPR16X4", "bram": r"(DP16K|PDP16K|PDPSC16K|SP16K)(_MODE)?", "lram": r"(LRAM|SP512K|DPSC512K)",
    "dsp": r"(MULT\w+|PREADD9|MULT9|REG18|ACC54)", "io": r"(IB|OB|BB|SEIO\w*)",
}


@dataclass(frozen=True)
class FpgaTarget:
    name: str
    family: str  # the synth_<pass> and its options
    device: str  # the part a reader would order
    synth: str  # Yosys command, without -top
    cells: dict[str, str]
    pnr: str | None = None  # registry tool of the placer; None: synthesis only
    pnr_args: tuple[str, ...] = ()
    capacity: dict[str, int] = field(default_factory=dict)  # resource class -> available on the device
    pins: tuple[str, ...] = ()  # package sites of clk, sin, sout: the placer needs every port on a pin (ring.py)
    # Resource class -> LUT4 sites one such cell takes, where that is not one LUT per LUT cell.
    lut_sites: dict[str, int] = field(default_factory=dict)
    note: str = ""

    def classify(self, cell_type: str) -> str | None:
        for resource, pattern in self.cells.items():
            if re.fullmatch(pattern, cell_type):
                return resource
        return None

    @property
    def routed(self) -> bool:
        return self.pnr is not None


_ECP5 = dict(family="ecp5", synth="synth_ecp5", cells=_ECP5_CELLS, pnr="nextpnr-ecp5",
             note="out of context: ports are not package pins; the clock uses general routing (fmax a little low)")
# Out of context: an engine's ports (over a thousand bits) are not package pins, as in a vendor's out-of-context
# run of one block; the clock then uses general routing, which makes fmax a little pessimistic.
_OOC = ("--out-of-context",)
TARGETS = {t.name: t for t in [
    FpgaTarget("xc7", "xc7", "Xilinx 7-series (generic)", "synth_xilinx -family xc7", _XC7_CELLS,
               note="synthesis only: no open place-and-route for 7-series is installable, so no fmax"),
    # LFE5UM-*F capacities: Lattice ECP5 family data sheet (FPGA-DS-02012), table 1.1.
    FpgaTarget("ecp5-25k", device="LFE5UM-25F-CABGA381", pnr_args=("--um-25k", "--package", "CABGA381", *_OOC),
               capacity={"lut4": 24288, "ff": 24288, "bram": 56, "dsp": 28}, **_ECP5),
    FpgaTarget("ecp5-45k", device="LFE5UM-45F-CABGA381", pnr_args=("--um-45k", "--package", "CABGA381", *_OOC),
               capacity={"lut4": 43848, "ff": 43848, "bram": 108, "dsp": 72}, **_ECP5),
    FpgaTarget("ecp5-85k", device="LFE5UM-85F-CABGA381", pnr_args=("--um-85k", "--package", "CABGA381", *_OOC),
               capacity={"lut4": 83640, "ff": 83640, "bram": 208, "dsp": 156}, **_ECP5),
    # LIFCL-40: block RAMs from the Lattice CrossLink-NX data sheet (FPGA-DS-02049), table 1.1; LUT4 and FF sites
    # from nextpnr-nexus's device database (32,256 OXIDE_COMB/OXIDE_FF), not the data sheet's 39K "logic cells",
    # which counts more than the placer can use (ctr_mac at 34,411 LUT4s passed a 39,168 check, then failed to
    # place at 106 %). The clock pin L20 is PCLKT1_0, a
    # primary clock input (prjoxide's LIFCL-40 IO database). router1: nextpnr-nexus 0.11's default router2 fails
    # on an engine-sized design to route the clock's arc into the global buffer it inserts ("Failed to route arc
    # 0.0 ... to JCLKI_DCC"), whether the clock comes from pin L13, L20 or the on-chip oscillator; router1 routes it.
    FpgaTarget("nexus-40", "nexus", "LIFCL-40-9BG400C", "synth_nexus", _NEXUS_CELLS, pnr="nextpnr-nexus",
               pnr_args=("--device", "LIFCL-40-9BG400C", "--pdc", "pins.pdc", "--router", "router1"),
               pins=("L20", "F13", "E17"),
               note="ports reach three pins through an IO ring (fpga/ring.py); its flip-flops are in the counts",
               capacity={"lut4": 32256, "ff": 32256, "bram": 84, "lram": 2},
               lut_sites={"lut4": 1, "muxf": 2}),  # a WIDEFN9 is two LUT4s and their mux
]}


def is_target(name: str) -> bool:
    return name in TARGETS


def get(name: str) -> FpgaTarget:
    if name not in TARGETS:
        raise InputError(f"unknown FPGA target {name!r} (known: {', '.join(TARGETS)})")
    return TARGETS[name]
