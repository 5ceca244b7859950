"""The one block that states the basis of every number of ours in the studies report."""

from __future__ import annotations

from ...answers.records import show
from ...answers.seeds import Seeds
from ...answers.seeds.ours import core_clock, host_basis
from ..document import Bullets


def basis(model: Seeds) -> Bullets:
    ours = model.ours
    lines = []
    if not ours.asic.empty:
        library = ", ".join(sorted({f"{r.pdk}/{r.corner}" for r in ours.asic.itertuples()}))
        lines.append(f"ASIC engines: {library}, synthesis only (Yosys, OpenSTA; no wires): fmax register to "
                     "register, an upper bound; cell area; cycles from RTL simulation; power at 225 MHz, simulated "
                     "at saturation where measured, else vectorless")
    if not ours.fpga.empty:
        lines.append("FPGA: Xilinx 7-series, Yosys synth_xilinx, synthesis only")
    clock = core_clock(ours)
    if clock is not None:
        lines.append(f"RV32 cores: {show(clock)} MHz, {clock.on.library}; gcc firmware, cycles from RTL simulation, "
                     "results checked against `cryptography`; energy from the firmware's window on the gate-level "
                     "netlist, the core alone, no memories")
    host = host_basis(ours)
    if host:
        load = (f"; load average {show(host['load, least'])}–{show(host['load, most'])} on {show(host['cpus'])} "
                "CPUs") if "cpus" in host else ""
        clock = (f"the clock measured around each run ({show(host['clock, least'])}–{show(host['clock, most'])} "
                 "MHz)" if "clock, least" in host else f"nominal {show(host['clock'])} MHz")
        lines.append(f"host: `openssl speed`, cycles = {clock} ÷ rate{load}")
    return Bullets(lines)
